//! `POST /self-users/me/org-documents`: only a rejected organization resubmits, with valid
//! files; the new documents replace the old ones on disk and the account is pending again.

use chrono::Utc;
use poem::http::StatusCode;
use poem::test::{TestForm, TestFormField};
use serde_json::Value;
use tutorhub_adapters::{SqlAccountStores, SqlUserDirectory};
use tutorhub_domain::accounts::ports::{OrgDocument, OrgDocumentKind, OrgDocumentRepository, OrgReview, UserDirectoryRepository};
use tutorhub_domain::accounts::user::{OrgVerification, UserType};
use tutorhub_domain::shared::files::{FileStore, Visibility};
use tutorhub_domain::shared::upload::{FileKind, MAX_UPLOAD_BYTES};
use uuid::Uuid;

const PDF: &[u8] = b"%PDF-1.7\n";
const PNG: &[u8] = &[0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0];

async fn account(app: &crate::support::TestApp, phone: &str, user_type: UserType) -> Uuid {
    crate::support::insert_account(app, phone, "明德教育", user_type).await
}

/// An organization as registration leaves it (both documents on disk), then rejected.
async fn rejected_org(app: &crate::support::TestApp, phone: &str) -> (Uuid, Vec<OrgDocument>) {
    let id = account(app, phone, UserType::Organization).await;
    let files = tutorhub_adapters::LocalFileStore::new(app.dir.path());
    let store = SqlAccountStores::new(app.database.pool().clone());
    for kind in [OrgDocumentKind::BusinessRegistration, OrgDocumentKind::AddressProof] {
        let file = files.save(&format!("org-documents/{id}"), FileKind::Pdf, Visibility::Private, PDF.to_vec()).await.unwrap();
        let document = OrgDocument { kind, file, content_type: "application/pdf".into() };
        OrgDocumentRepository::insert(&store, id, document, Utc::now()).await.unwrap();
    }
    decide(app, id, OrgVerification::Pending, OrgVerification::Rejected).await;
    (id, store.list(id).await.unwrap())
}

async fn decide(app: &crate::support::TestApp, id: Uuid, from: OrgVerification, outcome: OrgVerification) {
    let reason = (outcome == OrgVerification::Rejected).then(|| "地址證明不清晰".to_string());
    let review = OrgReview { outcome, reason, reviewer: "staff".into(), decided_at: Utc::now() };
    assert!(SqlUserDirectory::new(app.database.pool().clone()).decide_org(id, from, &review).await.unwrap());
}

fn file(field: &str, bytes: &[u8], name: &str, content_type: &str) -> TestFormField {
    TestFormField::bytes(bytes.to_vec()).name(field.to_string()).filename(name.to_string()).content_type(content_type)
}

async fn resubmit(app: &crate::support::TestApp, id: Uuid, form: TestForm) -> (StatusCode, Value) {
    let token = app.access_tokens.issue(id);
    let response =
        app.client.post("/self-users/me/org-documents").header("Authorization", format!("Bearer {token}")).multipart(form).send().await;
    let status = response.0.status();
    let text = response.0.into_body().into_string().await.unwrap();
    (status, serde_json::from_str(&text).unwrap_or(Value::Null))
}

fn private_path(app: &crate::support::TestApp, document: &OrgDocument) -> std::path::PathBuf {
    app.dir.path().join("private").join(&document.file.key)
}

#[tokio::test]
async fn a_rejected_organization_replaces_its_address_proof_and_is_pending_again() {
    let app = crate::support::spawn().await;
    let (id, before) = rejected_org(&app, "63456789").await;
    let (status, body) = resubmit(&app, id, TestForm::new().field(file("addressProof", PNG, "proof.png", "image/png"))).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["orgVerification"], "pending");
    assert!(body.get("orgRejectionReason").is_none(), "{body}");

    let after = SqlAccountStores::new(app.database.pool().clone()).list(id).await.unwrap();
    let old_proof = before.iter().find(|d| d.kind == OrgDocumentKind::AddressProof).unwrap();
    let new_proof = after.iter().find(|d| d.kind == OrgDocumentKind::AddressProof).unwrap();
    assert_eq!(new_proof.content_type, "image/png");
    assert_eq!(std::fs::read(private_path(&app, new_proof)).unwrap(), PNG);
    assert!(!private_path(&app, old_proof).exists(), "the refused document is deleted");
    let registration = before.iter().find(|d| d.kind == OrgDocumentKind::BusinessRegistration).unwrap();
    assert!(after.contains(registration) && private_path(&app, registration).exists(), "the other document stays");

    // Pending again: another resubmission waits for the back office.
    let (status, body) = resubmit(&app, id, TestForm::new().field(file("addressProof", PNG, "again.png", "image/png"))).await;
    assert_eq!((status, body["code"].as_str()), (StatusCode::CONFLICT, Some("NOT_REJECTED")));
    assert_eq!(body["error"], "你的文件正在審批中，毋須重新提交");
}

#[tokio::test]
async fn bad_files_are_refused_by_field_and_change_nothing() {
    let app = crate::support::spawn().await;
    let (id, before) = rejected_org(&app, "63456789").await;
    let (status, body) = resubmit(&app, id, TestForm::new()).await;
    assert_eq!((status, body["errors"][0]["field"].as_str()), (StatusCode::BAD_REQUEST, Some("businessRegistration")));
    assert_eq!(body["errors"][0]["message"], "請上載最少一份新文件");

    let mut big = PDF.to_vec();
    big.resize(MAX_UPLOAD_BYTES + 1, b' ');
    let form = TestForm::new().field(file("businessRegistration", &big, "br.pdf", "application/pdf")).field(file(
        "addressProof",
        b"<html></html>",
        "proof.pdf",
        "application/pdf",
    ));
    let (status, body) = resubmit(&app, id, form).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    let messages: Vec<_> = body["errors"].as_array().unwrap().iter().map(|e| e["message"].as_str().unwrap().to_string()).collect();
    assert_eq!(messages, ["商業登記證檔案超過大小上限，最大 5MB", "地址證明：文件只接受 PDF、JPEG 或 PNG 格式"]);

    let store = SqlAccountStores::new(app.database.pool().clone());
    assert_eq!(store.list(id).await.unwrap(), before);
    let stored = app.users.find_by_id(id).await.unwrap().unwrap();
    assert_eq!(stored.org_verification, Some(OrgVerification::Rejected));
    let folder = app.dir.path().join("private").join(format!("org-documents/{id}"));
    assert_eq!(std::fs::read_dir(folder).unwrap().count(), 2, "no refused file is kept");
}

#[tokio::test]
async fn only_a_signed_in_rejected_organization_may_resubmit() {
    let app = crate::support::spawn().await;
    let form = || TestForm::new().field(file("businessRegistration", PDF, "br.pdf", "application/pdf"));

    let anonymous = app.client.post("/self-users/me/org-documents").multipart(form()).send().await;
    anonymous.assert_status(StatusCode::UNAUTHORIZED);

    let person = account(&app, "91234567", UserType::Individual).await;
    let (status, body) = resubmit(&app, person, form()).await;
    assert_eq!((status, body["code"].as_str()), (StatusCode::FORBIDDEN, Some("NOT_ORGANIZATION")));

    let (verified, _) = rejected_org(&app, "63456789").await;
    decide(&app, verified, OrgVerification::Rejected, OrgVerification::Verified).await;
    let (status, body) = resubmit(&app, verified, form()).await;
    assert_eq!((status, body["error"].as_str()), (StatusCode::CONFLICT, Some("你的機構帳戶已通過認證，毋須重新提交文件")));
}
