//! The back office through the real binary: list, show, approve, reject, hide and list again.

use std::path::Path;
use std::process::Output;

use tutorhub_adapters::{Database, SqlUserRepository};
use tutorhub_domain::accounts::ports::UserRepository;
use tutorhub_domain::accounts::user::Role;
use uuid::Uuid;

use crate::support::ok;

/// Runs the binary without an answer on stdin.
fn tutorhub(data_dir: &Path, args: &[&str]) -> Output {
    crate::support::tutorhub(data_dir, args, "")
}

/// Two users, each with a pending application, filed through the same use case the web uses.
async fn two_applicants(data_dir: &Path) -> (Uuid, Uuid) {
    ok(tutorhub(data_dir, &["migrate"]));
    let ids = crate::support::applicants::pending_tutor_applicants(data_dir, &[("91234567", "中學 數學"), ("92345678", "小學 英文")]).await;
    (ids[0], ids[1])
}

async fn user_role(data_dir: &Path, id: Uuid) -> (Role, bool, bool) {
    let database = Database::open(&Database::sqlite_url(data_dir)).await.unwrap();
    let user = SqlUserRepository::new(database.pool().clone()).find_by_id(id).await.unwrap().unwrap();
    database.close().await;
    (user.role, user.is_tutor, user.is_tutor_profile_active)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn staff_list_approve_and_reject_applications_and_hide_a_tutor() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path();
    let (approved_id, rejected_id) = two_applicants(data).await;

    let pending: serde_json::Value =
        serde_json::from_str(&ok(tutorhub(data, &["applications", "list", "--status", "pending", "--json"]))).unwrap();
    let pending = pending.as_array().unwrap();
    assert_eq!(pending.len(), 2);
    assert_eq!(pending[0]["subjects"], serde_json::json!(["中學 數學"]));
    let first = pending[0]["id"].as_i64().unwrap().to_string();
    let second = pending[1]["id"].as_i64().unwrap().to_string();
    let avatar_file = pending[0]["avatarFile"].as_str().unwrap();
    assert!(Path::new(avatar_file).exists(), "{avatar_file}");
    assert!(ok(tutorhub(data, &["applications", "show", &first])).contains("avatarFile"));

    // Without --yes and without an answer on stdin nothing changes.
    let unconfirmed = tutorhub(data, &["applications", "approve", &first]);
    assert!(!unconfirmed.status.success());
    assert_eq!(user_role(data, approved_id).await, (Role::User, false, false));

    ok(tutorhub(data, &["applications", "approve", &first, "--yes"]));
    assert_eq!(user_role(data, approved_id).await, (Role::Tutor, true, true));
    let again = tutorhub(data, &["applications", "approve", &first, "--yes"]);
    assert!(!again.status.success());
    assert!(String::from_utf8_lossy(&again.stderr).contains("已批核"));

    let no_reason = tutorhub(data, &["applications", "reject", &second, "--yes", "--reason", " "]);
    assert!(!no_reason.status.success());
    ok(tutorhub(data, &["applications", "reject", &second, "--yes", "--reason", "資料不足"]));
    assert_eq!(user_role(data, rejected_id).await, (Role::User, false, false));

    let all: serde_json::Value = serde_json::from_str(&ok(tutorhub(data, &["applications", "list", "--json"]))).unwrap();
    let statuses: Vec<_> = all.as_array().unwrap().iter().map(|a| a["status"].as_str().unwrap().to_string()).collect();
    assert_eq!(statuses, ["approved", "rejected"]);
    assert_eq!(all[1]["rejectionReason"], "資料不足");
    let sms = std::fs::read_to_string(data.join("outbox/sms.jsonl")).unwrap();
    assert_eq!(sms.lines().count(), 2);
    assert!(sms.contains("已獲批核") && sms.contains("原因：資料不足"));

    let user = approved_id.to_string();
    ok(tutorhub(data, &["tutors", "deactivate", &user, "--yes"]));
    assert_eq!(user_role(data, approved_id).await, (Role::Tutor, true, false));
    ok(tutorhub(data, &["tutors", "activate", &user]));
    assert_eq!(user_role(data, approved_id).await, (Role::Tutor, true, true));
    assert!(!tutorhub(data, &["tutors", "deactivate", &rejected_id.to_string(), "--yes"]).status.success());
}

#[test]
fn the_demo_seed_adds_at_least_fifty_approved_tutors_with_avatars() {
    let dir = tempfile::tempdir().unwrap();
    let first = tutorhub(dir.path(), &["seed", "--demo"]);
    assert!(String::from_utf8_lossy(&first.stderr).contains("added 60 demo tutors"));
    let approved: serde_json::Value =
        serde_json::from_str(&ok(tutorhub(dir.path(), &["applications", "list", "--status", "approved", "--json"]))).unwrap();
    assert_eq!(approved.as_array().unwrap().len(), 60);
    assert_eq!(std::fs::read_dir(dir.path().join("media/avatars")).unwrap().count(), 60);
    let again = tutorhub(dir.path(), &["seed", "--demo"]);
    assert!(String::from_utf8_lossy(&again.stderr).contains("demo tutors are already present"));
}
