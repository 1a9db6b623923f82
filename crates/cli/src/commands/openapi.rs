//! `tutorhub openapi`: prints the API's OpenAPI document (the committed `openapi.yaml`).

use tutorhub_adapters::Database;

use crate::wiring;

pub async fn run() -> anyhow::Result<()> {
    // The document describes the API, not any data: an empty in-memory database backs it.
    let database = Database::connect("sqlite::memory:").await?;
    print!("{}", tutorhub_http::openapi_yaml(&wiring::build(&database).services));
    Ok(())
}
