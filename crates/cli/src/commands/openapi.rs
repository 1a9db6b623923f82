//! `tutorhub openapi`: prints the API's OpenAPI document (the committed `openapi.yaml`).

use tutorhub_adapters::Database;

use crate::config::{SecurityOpts, StoreOpts};
use crate::wiring;

pub async fn run() -> anyhow::Result<()> {
    // The document describes the API, not any data: an empty in-memory database and a
    // throwaway folder and secret back it.
    let dir = std::env::temp_dir().join(format!("tutorhub-openapi-{}", std::process::id()));
    let store = StoreOpts { data_dir: dir.clone(), database_url: Some("sqlite::memory:".into()), messaging: Default::default() };
    let security = SecurityOpts {
        jwt_secret: Some("only-used-to-describe-the-api-never-to-sign".into()),
        hashing_memory_mib: 19,
        login_attempts_per_address: 30,
        access_token_ttl_seconds: 900,
        public_base_url: "http://127.0.0.1:8080".into(),
    };
    let database = Database::connect("sqlite::memory:").await?;
    let app = wiring::build(&database, &store, &security)?;
    print!("{}", tutorhub_http::openapi_yaml(&app.services));
    let _ = std::fs::remove_dir_all(dir);
    Ok(())
}
