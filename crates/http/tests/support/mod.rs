//! A real app on a fresh SQLite database, driven through poem's TestClient.
#![allow(dead_code)]

use std::sync::Arc;

use poem::EndpointExt;
use poem::endpoint::BoxEndpoint;
use poem::test::TestClient;
use tutorhub_adapters::{Database, SqlCaseRepository};
use tutorhub_domain::case_board::CaseBoard;
use tutorhub_domain::ports::CaseRepository;
use tutorhub_http::{AppFiles, Services};

pub struct TestApp {
    pub client: TestClient<BoxEndpoint<'static>>,
    pub cases: Arc<dyn CaseRepository>,
    pub database: Database,
    pub dir: tempfile::TempDir,
}

pub async fn spawn() -> TestApp {
    spawn_with_files(None).await
}

pub async fn spawn_with_files(files: Option<AppFiles>) -> TestApp {
    let dir = tempfile::tempdir().unwrap();
    let database = Database::open(&Database::sqlite_url(dir.path())).await.unwrap();
    let cases: Arc<dyn CaseRepository> = Arc::new(SqlCaseRepository::new(database.pool().clone()));
    let services = Services { case_board: CaseBoard::new(cases.clone()) };
    let files = files.unwrap_or_else(|| AppFiles::Directory(dir.path().join("no-app")));
    let endpoint = tutorhub_http::app(&services, files).map_to_response().boxed();
    TestApp { client: TestClient::new(endpoint), cases, database, dir }
}
