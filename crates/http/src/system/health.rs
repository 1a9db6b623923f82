//! `GET /health`: is the server up and its database reachable?

use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};
use tutorhub_domain::cases::board::CaseBoard;

use crate::Tag;
use crate::error::documented::{Answer, SERVER_FAULT_ONLY};

#[derive(Debug, Clone, Object)]
pub struct Health {
    /// `ok` when the server answers and its database does too.
    pub status: String,
}

pub struct HealthApi {
    pub board: CaseBoard,
}

#[OpenApi(tag = "Tag::System")]
impl HealthApi {
    /// Liveness and database reachability
    #[oai(path = "/health", method = "get", operation_id = "getHealth")]
    async fn health(&self) -> Answer<Json<Health>, SERVER_FAULT_ONLY> {
        // Reading the board version is the cheapest query that proves the database answers.
        self.board.version().await?;
        Ok(Json(Health { status: "ok".into() }))
    }
}
