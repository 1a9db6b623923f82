//! `tutorhub openapi`: prints the API's OpenAPI document (the committed `openapi.yaml`).

use tutorhub_adapters::Database;

use crate::wiring::{Reach, Settings, Wiring};

pub async fn run() -> anyhow::Result<()> {
    // The document describes the API, not any data: an empty database and search index in a
    // temporary folder, removed afterwards, and a secret that signs nothing back it.
    let dir = std::env::temp_dir().join(format!("tutorhub-openapi-{}", std::process::id()));
    let settings = Settings {
        jwt_secret: Some("only-used-to-describe-the-api-never-to-sign".into()),
        ..Settings::new(dir.clone(), "http://127.0.0.1:8080")
    };
    std::fs::create_dir_all(&dir)?;
    let database = Database::open(&Database::sqlite_url(&dir)).await?;
    let wiring = Wiring::new(database, settings, Reach::ReadOnly)?;
    let document = tutorhub_http::openapi_yaml(&wiring.services(wiring.search_index().await?)?);
    drop(wiring);
    let _ = std::fs::remove_dir_all(&dir);
    print!("{document}");
    Ok(())
}
