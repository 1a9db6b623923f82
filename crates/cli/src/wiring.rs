//! The composition root: one place that builds the use cases from the adapters, so the
//! server and the back-office commands run the same code paths.

use std::sync::Arc;

use tutorhub_adapters::{Database, SqlCaseRepository};
use tutorhub_domain::case_board::CaseBoard;
use tutorhub_domain::ports::CaseRepository;
use tutorhub_http::Services;

pub struct App {
    pub cases: Arc<dyn CaseRepository>,
    pub services: Services,
}

pub fn build(database: &Database) -> App {
    let cases: Arc<dyn CaseRepository> = Arc::new(SqlCaseRepository::new(database.pool().clone()));
    let services = Services { case_board: CaseBoard::new(cases.clone()) };
    App { cases, services }
}
