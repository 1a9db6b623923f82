//! A real app on a fresh SQLite database, driven through poem's TestClient.
#![allow(dead_code)]

use std::sync::Arc;

use poem::EndpointExt;
use poem::endpoint::BoxEndpoint;
use poem::test::TestClient;
use tutorhub_adapters::{Database, JwtAccessTokens, SqlCaseRepository, SqlUserRepository};
use tutorhub_domain::accounts::Accounts;
use tutorhub_domain::case_board::CaseBoard;
use tutorhub_domain::ports::{AccessTokens, CaseRepository, UserRepository};
use tutorhub_http::{AppFiles, Services};

pub struct TestApp {
    pub client: TestClient<BoxEndpoint<'static>>,
    pub cases: Arc<dyn CaseRepository>,
    pub users: Arc<dyn UserRepository>,
    pub access_tokens: Arc<dyn AccessTokens>,
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
    let users: Arc<dyn UserRepository> = Arc::new(SqlUserRepository::new(database.pool().clone()));
    let access_tokens: Arc<dyn AccessTokens> = Arc::new(JwtAccessTokens::new(b"test secret, long enough for HS256", 900));
    let services = Services {
        case_board: CaseBoard::new(cases.clone()),
        accounts: Accounts::new(users.clone()),
        access_tokens: access_tokens.clone(),
    };
    let files = files.unwrap_or_else(|| AppFiles::Directory(dir.path().join("no-app")));
    let endpoint = tutorhub_http::app(&services, files).map_to_response().boxed();
    TestApp { client: TestClient::new(endpoint), cases, users, access_tokens, database, dir }
}
