//! The signed-in user's own account, behind the bearer guard.

use chrono::Utc;
use poem::http::StatusCode;
use serde_json::Value;
use tutorhub_adapters::SqlUserDirectory;
use tutorhub_domain::accounts::ports::{OrgReview, UserDirectoryRepository};
use tutorhub_domain::accounts::user::{OrgVerification, UserType};
use uuid::Uuid;

async fn registered(app: &crate::support::TestApp) -> Uuid {
    registered_as(app, "91234567", UserType::Individual).await
}

async fn registered_as(app: &crate::support::TestApp, phone: &str, user_type: UserType) -> Uuid {
    crate::support::insert_account(app, phone, "陳大文", user_type).await
}

#[tokio::test]
async fn answers_the_callers_own_account_with_the_spec_defaults() {
    let app = crate::support::spawn().await;
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

async fn self_user(app: &crate::support::TestApp, id: Uuid) -> Value {
    let token = app.access_tokens.issue(id);
    let response = app.client.get("/self-users/me").header("Authorization", format!("Bearer {token}")).send().await;
    response.assert_status_is_ok();
    response.json().await.value().deserialize()
}

#[tokio::test]
async fn an_organization_sees_its_verification_and_the_reason_of_a_rejection() {
    let app = crate::support::spawn().await;
    let person = registered(&app).await;
    let org = registered_as(&app, "63456789", UserType::Organization).await;
    let other_org = registered_as(&app, "64567890", UserType::Organization).await;
    let body = self_user(&app, person).await;
    assert!(body.get("orgVerification").is_none() && body.get("orgRejectionReason").is_none(), "{body}");
    assert_eq!(self_user(&app, org).await["orgVerification"], "pending");

    let review = OrgReview {
        outcome: OrgVerification::Rejected,
        reason: Some("地址證明不清晰".into()),
        reviewer: "staff".into(),
        decided_at: Utc::now(),
    };
    assert!(SqlUserDirectory::new(app.database.pool().clone()).decide_org(org, OrgVerification::Pending, &review).await.unwrap());
    let body = self_user(&app, org).await;
    assert_eq!((&body["orgVerification"], &body["orgRejectionReason"]), (&Value::from("rejected"), &Value::from("地址證明不清晰")));
    // Nobody else is told the reason.
    let other = self_user(&app, other_org).await;
    assert!(other.get("orgRejectionReason").is_none() && other["orgVerification"] == "pending", "{other}");
}

#[tokio::test]
async fn refuses_missing_forged_and_orphaned_tokens_with_401() {
    let app = crate::support::spawn().await;
    app.client.get("/self-users/me").send().await.assert_status(StatusCode::UNAUTHORIZED);
    let forged = app.client.get("/users/me").header("Authorization", "Bearer not.a.token").send().await;
    forged.assert_status(StatusCode::UNAUTHORIZED);
    let body: Value = forged.json().await.value().deserialize();
    assert_eq!(body["code"], "UNAUTHORIZED");
    let orphan = app.access_tokens.issue(Uuid::new_v4());
    let response = app.client.get("/users/me").header("Authorization", format!("Bearer {orphan}")).send().await;
    response.assert_status(StatusCode::UNAUTHORIZED);
}
