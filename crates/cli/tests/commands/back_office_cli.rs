//! `tutorhub users|orgs|documents …` on the real binary, over accounts registered through the
//! same use cases the server is wired with (`Wiring`), documents included.

use std::path::Path;
use std::process::Output;
use std::sync::Arc;

use chrono::NaiveDate;
use serde_json::Value;
use tutorhub_adapters::{Database, Outbox};
use tutorhub_cli::wiring::{Reach, Senders, Settings, Wiring};
use tutorhub_domain::accounts::registration::RegistrationForm;
use tutorhub_domain::shared::language::Language;

use crate::support::{ok, tutorhub};

const PDF: &[u8] = b"%PDF-1.7\nbusiness registration of test org\n%%EOF\n";
const PNG: &[u8] = &[0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3, 4];
const JPEG: &[u8] = &[0xFF, 0xD8, 0xFF, 0xE0, 9, 8, 7];

fn json(output: Output) -> Value {
    serde_json::from_str(&ok(output)).unwrap()
}

/// Fails, saying `message` on stderr.
fn refused(output: Output, message: &str) {
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success(), "expected a failure, stdout: {}", String::from_utf8_lossy(&output.stdout));
    assert!(stderr.contains(message), "expected {message:?} in: {stderr}");
}

fn names(page: &Value) -> Vec<&str> {
    page["items"].as_array().unwrap().iter().map(|u| u["name"].as_str().unwrap()).collect()
}

/// Registers accounts as the web does, through the use cases the server is wired with: a phone
/// verified with the code its SMS carried, then the form, oldest first. The codes go to an
/// outbox of their own, so the data folder's holds only what the back office sends.
async fn register(data_dir: &Path) {
    ok(tutorhub(data_dir, &["migrate"], ""));
    let codes = tempfile::tempdir().unwrap();
    let database = Database::open(&Database::sqlite_url(data_dir)).await.unwrap();
    let senders = Senders { sms: Arc::new(Outbox::sms(codes.path())), mail: Arc::new(Outbox::mail(codes.path())) };
    let settings = Settings {
        jwt_secret: Some("test secret, long enough for HS256".into()),
        ..Settings::new(data_dir.to_path_buf(), "http://127.0.0.1")
    };
    let wiring = Wiring::new(database.clone(), settings, Reach::Sends(senders)).unwrap();
    let services = wiring.services(wiring.search_index().await.unwrap()).unwrap();
    let accounts = [
        ("陳大文", "61234567", "chan@example.com", "individual", None),
        ("明德教育", "63456789", "info@mingtak.example.com", "organization", Some((PDF, PNG))),
        ("啟思學苑", "64567890", "hello@kaisi.example.com", "organization", Some((PDF, JPEG))),
    ];
    for (name, phone, email, user_type, documents) in accounts {
        services.phone_verification.send_code(phone, Language::ZhHk).await.unwrap();
        let code: String = last_sms_to(codes.path(), &format!("+852{phone}")).chars().filter(char::is_ascii_digit).take(6).collect();
        let verification_token = services.phone_verification.verify_code(phone, &code).await.unwrap();
        let form = RegistrationForm {
            name: name.into(),
            email: email.into(),
            phone: phone.into(),
            password: "abcd1234".into(),
            birthdate: "1990-05-01".into(),
            role: "user".into(),
            user_type: user_type.into(),
            business_registration: documents.map(|(b, _)| b.to_vec()),
            address_proof: documents.map(|(_, a)| a.to_vec()),
            verification_token,
            language: Language::ZhHk,
        };
        services.registration.register(form, NaiveDate::from_ymd_opt(2026, 11, 22).unwrap()).await.unwrap();
        // Distinct creation times, so "newest first" is a real order.
        tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    }
    database.close().await;
}

/// The last SMS in `dir`'s outbox to `phone` (E.164).
fn last_sms_to(dir: &Path, phone: &str) -> String {
    sms_to(dir, phone).pop().expect("an SMS was sent")
}

fn sms_to(data_dir: &Path, phone: &str) -> Vec<String> {
    let outbox = std::fs::read_to_string(data_dir.join("outbox/sms.jsonl")).unwrap_or_default();
    outbox
        .lines()
        .map(|line| serde_json::from_str::<Value>(line).unwrap())
        .filter(|m| m["to"] == phone)
        .map(|m| m["body"].as_str().unwrap().to_string())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn staff_find_accounts_and_see_their_private_fields() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path();
    register(data).await;

    let all = json(tutorhub(data, &["users", "list", "--json"], ""));
    assert_eq!(names(&all), ["啟思學苑", "明德教育", "陳大文"], "newest first");
    assert_eq!((all["total"].as_u64(), all["page"].as_u64(), all["pageSize"].as_u64()), (Some(3), Some(1), Some(20)));
    let orgs = json(tutorhub(data, &["users", "list", "--type", "organization", "--json"], ""));
    assert_eq!(names(&orgs), ["啟思學苑", "明德教育"]);
    assert_eq!(names(&json(tutorhub(data, &["users", "list", "--search", "MINGTAK", "--json"], ""))), ["明德教育"]);
    assert_eq!(names(&json(tutorhub(data, &["users", "list", "--search", "6123 4567", "--json"], ""))), ["陳大文"]);
    let second = json(tutorhub(data, &["users", "list", "--page", "2", "--per-page", "2", "--json"], ""));
    assert_eq!((names(&second), second["total"].as_u64()), (vec!["陳大文"], Some(3)));
    assert!(names(&json(tutorhub(data, &["users", "list", "--role", "tutor", "--json"], ""))).is_empty());
    let table = ok(tutorhub(data, &["users", "list"], ""));
    assert!(table.starts_with("NO"), "{table}");
    assert!(table.lines().any(|l| l.contains("明德教育") && l.contains("機構") && l.contains("審批中")), "{table}");
    refused(tutorhub(data, &["users", "list", "--type", "robot"], ""), "invalid value");
    refused(tutorhub(data, &["users", "list", "--per-page", "101"], ""), "每頁數量須介乎 1 至 100");

    let org = &orgs["items"][1];
    let shown_raw = ok(tutorhub(data, &["users", "show", "63456789", "--json"], ""));
    assert!(!shown_raw.contains("argon2") && !shown_raw.contains("password"), "never the password hash: {shown_raw}");
    let shown: Value = serde_json::from_str(&shown_raw).unwrap();
    assert_eq!(shown["id"], org["id"]);
    assert_eq!(
        (&shown["phone"], &shown["email"], &shown["birthdate"], &shown["userType"], &shown["orgVerification"]),
        (
            &Value::from("+85263456789"),
            &Value::from("info@mingtak.example.com"),
            &Value::from("1990-05-01"),
            &Value::from("organization"),
            &Value::from("pending")
        )
    );
    let kinds: Vec<_> = shown["documents"].as_array().unwrap().iter().map(|d| d["kind"].as_str().unwrap()).collect();
    assert_eq!(kinds, ["address-proof", "business-registration"]);
    let by_number = ok(tutorhub(data, &["users", "show", &org["userId"].to_string()], ""));
    assert!(by_number.contains("電郵：info@mingtak.example.com") && by_number.contains("機構認證：審批中"), "{by_number}");
    refused(tutorhub(data, &["users", "show", "999999"], ""), "找不到用戶 999999");
    refused(tutorhub(data, &["users", "show", "nobody"], ""), "USER must be");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn staff_verify_and_reject_organizations_only_when_confirmed() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path();
    register(data).await;
    let status =
        |phone: &str| json(tutorhub(data, &["users", "show", phone, "--json"], ""))["orgVerification"].as_str().unwrap().to_string();

    let pending = json(tutorhub(data, &["orgs", "list", "--status", "pending", "--json"], ""));
    assert_eq!(names(&pending), ["啟思學苑", "明德教育"]);
    assert!(ok(tutorhub(data, &["orgs", "list"], "")).starts_with("NO"));

    // Without --yes it asks; "n" or no answer at all (no TTY) changes nothing and sends nothing.
    refused(tutorhub(data, &["orgs", "verify", "63456789"], "n\n"), "nothing changed");
    refused(tutorhub(data, &["orgs", "verify", "63456789"], ""), "nothing changed");
    assert_eq!(status("63456789"), "pending");
    assert!(sms_to(data, "+85263456789").is_empty());

    let confirmed = tutorhub(data, &["orgs", "verify", "63456789"], "y\n");
    assert!(ok(confirmed).contains("is now verified"));
    assert_eq!(sms_to(data, "+85263456789"), ["【tutorhub】你的機構帳戶已通過認證。"]);
    refused(tutorhub(data, &["orgs", "verify", "63456789", "--yes"], ""), "已經是「已認證」");

    refused(tutorhub(data, &["orgs", "reject", "64567890", "--reason", " ", "--yes"], ""), "請填寫拒絕原因");
    refused(tutorhub(data, &["orgs", "reject", "64567890", "--yes"], ""), "--reason");
    ok(tutorhub(data, &["orgs", "reject", "64567890", "--reason", "地址證明不清晰", "--yes", "--reviewer", "amy"], ""));
    let rejected = json(tutorhub(data, &["orgs", "list", "--status", "rejected", "--json"], ""));
    assert_eq!(names(&rejected), ["啟思學苑"]);
    assert_eq!(rejected["items"][0]["orgRejectionReason"], "地址證明不清晰");
    assert!(sms_to(data, "+85264567890")[0].contains("原因：地址證明不清晰"));

    // A decision stands unless it is explicitly re-decided; every decision is on record.
    refused(tutorhub(data, &["orgs", "verify", "64567890", "--yes"], ""), "--redecide");
    ok(tutorhub(data, &["orgs", "verify", "64567890", "--yes", "--redecide"], ""));
    let shown = json(tutorhub(data, &["users", "show", "64567890", "--json"], ""));
    assert_eq!((&shown["orgVerification"], &shown["orgRejectionReason"]), (&Value::from("verified"), &Value::Null));
    let record: Vec<_> =
        shown["orgReviews"].as_array().unwrap().iter().map(|r| (r["outcome"].as_str().unwrap(), r["reviewer"].as_str().unwrap())).collect();
    assert_eq!(record, [("rejected", "amy"), ("verified", "back-office")]);
    assert_eq!(json(tutorhub(data, &["orgs", "list", "--status", "verified", "--json"], ""))["total"], 2);

    refused(tutorhub(data, &["orgs", "verify", "61234567", "--yes"], ""), "不是機構帳戶");
    refused(tutorhub(data, &["orgs", "verify", "69999999", "--yes"], ""), "找不到用戶 69999999");
    refused(tutorhub(data, &["orgs", "list", "--status", "approved"], ""), "invalid value");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn staff_export_the_registered_documents_byte_for_byte() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path();
    register(data).await;
    let out = data.join("export/mingtak");

    let written = ok(tutorhub(data, &["documents", "export", "63456789", "--out", out.to_str().unwrap()], ""));
    assert_eq!(written.lines().count(), 2, "{written}");
    assert_eq!(std::fs::read(out.join("business-registration.pdf")).unwrap(), PDF);
    assert_eq!(std::fs::read(out.join("address-proof.png")).unwrap(), PNG);
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(out.join("address-proof.png")).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o600, "private documents stay private");
    }

    // Existing files are overwritten only when confirmed.
    std::fs::write(out.join("address-proof.png"), b"edited").unwrap();
    refused(tutorhub(data, &["documents", "export", "63456789", "--out", out.to_str().unwrap()], "n\n"), "nothing written");
    assert_eq!(std::fs::read(out.join("address-proof.png")).unwrap(), b"edited");
    ok(tutorhub(data, &["documents", "export", "63456789", "--out", out.to_str().unwrap(), "--yes"], ""));
    assert_eq!(std::fs::read(out.join("address-proof.png")).unwrap(), PNG);

    let other = data.join("export/kaisi");
    let orgs = json(tutorhub(data, &["orgs", "list", "--json"], ""));
    let kaisi = orgs["items"][0]["id"].as_str().unwrap();
    ok(tutorhub(data, &["documents", "export", kaisi, "--out", other.to_str().unwrap()], ""));
    assert_eq!(std::fs::read(other.join("address-proof.jpg")).unwrap(), JPEG);

    let none = data.join("export/none");
    refused(tutorhub(data, &["documents", "export", "61234567", "--out", none.to_str().unwrap()], ""), "沒有任何已上載的文件");
    assert!(!none.exists(), "nothing is created for an account without documents");
    refused(tutorhub(data, &["documents", "export", "1234567", "--out", none.to_str().unwrap()], ""), "找不到用戶");
}
