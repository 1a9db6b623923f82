//! The signed-in user's own account, behind the bearer guard.

mod support;

use chrono::{NaiveDate, Utc};
use poem::http::StatusCode;
use serde_json::Value;
use tutorhub_domain::identity::{DisplayName, Email, Phone};
use tutorhub_domain::user::{NewUser, UserType};
use uuid::Uuid;

async fn registered(app: &support::TestApp) -> Uuid {
    let user = NewUser {
        id: Uuid::new_v4(),
        phone: Phone::parse("91234567").unwrap(),
        email: Email::parse("chan@example.com").unwrap(),
        name: DisplayName::parse("陳大文").unwrap(),
        birthdate: NaiveDate::from_ymd_opt(2000, 1, 31).unwrap(),
        user_type: UserType::Individual,
        password_hash: "$argon2id$x".into(),
        created_at: Utc::now(),
    };
    app.users.insert(user).await.unwrap().id
}

#[tokio::test]
async fn answers_the_callers_own_account_with_the_spec_defaults() {
    let app = support::spawn().await;
    let id = registered(&app).await;
    let token = app.access_tokens.issue(id);
    let response = app.client.get("/self-users/me").header("Authorization", format!("Bearer {token}")).send().await;
    response.assert_status_is_ok();
    let body: Value = response.json().await.value().deserialize();
    assert_eq!(body["role"], "user");
    assert_eq!(body["accountType"], "student");
    assert_eq!(body["isTutor"], false);
    assert_eq!(body["phone"], "+85291234567");
    assert!(body.get("passwordHash").is_none());
}

#[tokio::test]
async fn refuses_missing_forged_and_orphaned_tokens_with_401() {
    let app = support::spawn().await;
    app.client.get("/self-users/me").send().await.assert_status(StatusCode::UNAUTHORIZED);
    let forged = app.client.get("/users/me").header("Authorization", "Bearer not.a.token").send().await;
    forged.assert_status(StatusCode::UNAUTHORIZED);
    let body: Value = forged.json().await.value().deserialize();
    assert_eq!(body["code"], "UNAUTHORIZED");
    let orphan = app.access_tokens.issue(Uuid::new_v4());
    let response = app.client.get("/users/me").header("Authorization", format!("Bearer {orphan}")).send().await;
    response.assert_status(StatusCode::UNAUTHORIZED);
}
