//! A real app on a fresh SQLite database, driven through poem's TestClient.
#![allow(dead_code)]

use std::sync::Arc;

use poem::EndpointExt;
use poem::endpoint::BoxEndpoint;
use poem::test::TestClient;
use tutorhub_adapters::{Database, Outbox};
use tutorhub_cli::wiring::{Reach, Senders, Settings, Wiring};
use tutorhub_domain::accounts::ports::{AccessTokens, PasswordHasher, UserRepository};
use tutorhub_domain::cases::ports::CaseRepository;
use tutorhub_domain::shared::messaging::{Mailer, SmsSender};
use tutorhub_domain::tutors::applications::TutorApplications;
use tutorhub_domain::tutors::ports::TutorProfileRepository;
use tutorhub_http::AppFiles;

pub mod api;

/// Applicants a case takes in tests (small, so that "full" is easy to reach).
pub const APPLICANT_CAP: u32 = 3;

/// The site's address in links the tests read from the outboxes.
pub const PUBLIC_BASE_URL: &str = "https://tutorhub.example.hk";

/// The app as `tutorhub serve` wires it (`tutorhub_cli::wiring`), on a fresh SQLite database
/// in its own folder, driven in-process through the same endpoint the server runs.
pub struct TestApp {
    pub client: TestClient<BoxEndpoint<'static>>,
    pub cases: Arc<dyn CaseRepository>,
    pub users: Arc<dyn UserRepository>,
    pub tutors: Arc<dyn TutorProfileRepository>,
    pub tutor_application_records: Arc<dyn tutorhub_domain::tutors::ports::TutorApplicationRepository>,
    pub tutor_applications: TutorApplications,
    pub access_tokens: Arc<dyn AccessTokens>,
    pub hasher: Arc<dyn PasswordHasher>,
    pub database: Database,
    /// The case alerts' delivery, as `serve` runs it (quiet hours off).
    pub alerts: tutorhub_domain::alerts::delivery::AlertDelivery,
    /// Offers, as the lapse job runs them.
    pub offers: tutorhub_domain::matching::offers::Offers,
    /// The lesson record, as the auto-confirm job runs it.
    pub lesson_record: tutorhub_domain::lessons::record::LessonRecord,
    /// The service fee, as the back office and the invoicing jobs run it.
    pub billing: tutorhub_domain::billing::invoices::Billing,
    pub dir: tempfile::TempDir,
}

pub async fn spawn() -> TestApp {
    spawn_with_files(None).await
}

pub async fn spawn_with_files(files: Option<AppFiles>) -> TestApp {
    spawn_app(files, None, None).await
}

/// The app with these SMS and mail providers instead of the test folder's outboxes.
pub async fn spawn_with_messaging(sms: Arc<dyn SmsSender>, mail: Arc<dyn Mailer>) -> TestApp {
    spawn_app(None, Some(Senders { sms, mail }), None).await
}

/// The app on a clock the test moves (rate limits' windows).
pub async fn spawn_with_clock(clock: Arc<dyn tutorhub_domain::shared::clock::Clock>) -> TestApp {
    spawn_app(None, None, Some(clock)).await
}

async fn spawn_app(
    files: Option<AppFiles>,
    senders: Option<Senders>,
    clock: Option<Arc<dyn tutorhub_domain::shared::clock::Clock>>,
) -> TestApp {
    // A failure an operation's OpenAPI entry does not list fails the test that caused it.
    tutorhub_http::error::documented::panic_on_undocumented_statuses();
    let dir = tempfile::tempdir().unwrap();
    let senders = senders.unwrap_or_else(|| Senders { sms: Arc::new(Outbox::sms(dir.path())), mail: Arc::new(Outbox::mail(dir.path())) });
    let database = Database::open(&Database::sqlite_url(dir.path())).await.unwrap();
    let settings = test_settings(dir.path(), clock.unwrap_or_else(|| Arc::new(tutorhub_domain::shared::clock::SystemClock)));
    let wiring = Wiring::new(database.clone(), settings, Reach::Sends(senders)).unwrap();
    let services = wiring.services(wiring.search_index().await.unwrap()).unwrap();
    let files = files.unwrap_or_else(|| AppFiles::Directory(dir.path().join("no-app")));
    let endpoint = tutorhub_http::app(&services, files).map_to_response().boxed();
    TestApp {
        client: TestClient::new(endpoint),
        cases: wiring.cases.clone(),
        users: wiring.users.clone(),
        tutors: wiring.tutors.clone(),
        tutor_application_records: wiring.tutor_application_records.clone(),
        tutor_applications: services.tutor_applications.clone(),
        access_tokens: services.access_tokens.clone(),
        hasher: wiring.hasher.clone(),
        alerts: wiring.alert_delivery().unwrap(),
        offers: services.offers.clone(),
        lesson_record: services.lesson_record.clone(),
        billing: services.billing.clone(),
        database,
        dir,
    }
}

/// The settings every test app runs with, on `clock`.
fn test_settings(dir: &std::path::Path, clock: Arc<dyn tutorhub_domain::shared::clock::Clock>) -> Settings {
    Settings {
        clock,
        jwt_secret: Some("test secret, long enough for HS256".into()),
        case_applicant_cap: APPLICANT_CAP,
        alert_quiet_hours: tutorhub_domain::alerts::quiet_hours::QuietHours::NONE,
        ..Settings::new(dir.to_path_buf(), PUBLIC_BASE_URL)
    }
}

/// A second server of the same site: its own wiring over the app's database and outboxes, on
/// `clock`, for the jobs that must run once however many servers run them.
pub fn second_server(app: &TestApp, clock: Arc<dyn tutorhub_domain::shared::clock::Clock>) -> Wiring {
    let senders = Senders { sms: Arc::new(Outbox::sms(app.dir.path())), mail: Arc::new(Outbox::mail(app.dir.path())) };
    Wiring::new(app.database.clone(), test_settings(app.dir.path(), clock), Reach::Sends(senders)).unwrap()
}

/// Stores an account of `user_type` with this phone (e-mail derived from it, no usable
/// password) and returns its id: for tests that sign in with an issued token.
pub async fn insert_account(app: &TestApp, phone: &str, name: &str, user_type: tutorhub_domain::accounts::user::UserType) -> uuid::Uuid {
    use tutorhub_domain::shared::identity::{DisplayName, Email, Phone};
    let user = tutorhub_domain::accounts::user::NewUser {
        id: uuid::Uuid::new_v4(),
        phone: Phone::parse(phone).unwrap(),
        email: Email::parse(&format!("{phone}@example.com")).unwrap(),
        name: DisplayName::parse(name).unwrap(),
        birthdate: chrono::NaiveDate::from_ymd_opt(1990, 1, 1).unwrap(),
        user_type,
        password_hash: "$argon2id$x".into(),
        language: tutorhub_domain::shared::language::Language::ZhHk,
        created_at: chrono::Utc::now(),
    };
    app.users.insert(user).await.unwrap().id
}

/// Stores an individual account with this phone and password (e-mail derived from the phone)
/// and returns its id: the quickest way for a test to have someone to log in as.
pub async fn register_user(app: &TestApp, phone: &str, password: &str) -> uuid::Uuid {
    use tutorhub_domain::shared::identity::{DisplayName, Email, Password, Phone};
    let phone = Phone::parse(phone).unwrap();
    let user = tutorhub_domain::accounts::user::NewUser {
        id: uuid::Uuid::new_v4(),
        email: Email::parse(&format!("{}@example.com", phone.local())).unwrap(),
        phone,
        name: DisplayName::parse("陳太").unwrap(),
        birthdate: chrono::NaiveDate::from_ymd_opt(1985, 3, 1).unwrap(),
        user_type: tutorhub_domain::accounts::user::UserType::Individual,
        password_hash: app.hasher.hash(&Password::parse(password).unwrap()).await.unwrap(),
        language: tutorhub_domain::shared::language::Language::ZhHk,
        created_at: chrono::Utc::now(),
    };
    app.users.insert(user).await.unwrap().id
}

/// Logs in through the API and returns `(token, refreshToken)`.
pub async fn login(app: &TestApp, phone: &str, password: &str) -> (String, String) {
    let response =
        app.client.post("/users/login").body_json(&serde_json::json!({ "identifier": phone, "password": password })).send().await;
    response.assert_status_is_ok();
    let body: serde_json::Value = response.json().await.value().deserialize();
    (body["token"].as_str().unwrap().to_string(), body["refreshToken"].as_str().unwrap().to_string())
}

/// A registered member with a bearer token; `phone` is 8 local digits.
pub async fn member(app: &TestApp, name: &str, phone: &str) -> (uuid::Uuid, String) {
    let id = insert_account(app, phone, name, tutorhub_domain::accounts::user::UserType::Individual).await;
    (id, app.access_tokens.issue(id))
}

/// Makes a member an approved tutor with an active profile, as the tutors' back office would:
/// teaching 中學 數學 from 藍田 for HK$300 a lesson, so that [`api::case_form`] fits them.
pub async fn make_active_tutor(app: &TestApp, id: uuid::Uuid) {
    make_tutor_teaching(app, id, &["中學 數學"], "藍田", 300.0).await;
}

/// Makes a member an approved tutor whose active profile teaches `subjects` ("中學 數學") from
/// `area` (teaching in its district only) for `fee` a lesson: the application stored and
/// approved as the back office's approval stores it, without its SMS.
pub async fn make_tutor_teaching(app: &TestApp, id: uuid::Uuid, subjects: &[&str], area: &str, fee: f64) {
    use tutorhub_domain::tutors::model::{ApplicationDetails, NewTutorApplication, TutorApplicationForm, TutorProfile};
    let user = app.users.find_by_id(id).await.unwrap().expect("a stored account");
    let form = TutorApplicationForm {
        name: user.name.as_str().into(),
        contact_number: user.phone.local().into(),
        education: "香港大學 教育學系".into(),
        age: Some(30),
        teaching_experience: Some(5),
        subjects: subjects.iter().map(|s| (*s).to_string()).collect(),
        exam_results: "DSE 5**".into(),
        course_features: "循序漸進".into(),
        teaching_area: area.into(),
        teaching_schedule: "星期六".into(),
        teaching_mode: "one-to-one".into(),
        gender: String::new(),
        teaching_modes: vec![],
        teaching_districts: vec![],
        required_fee: Some(fee),
        bio: "有耐性".into(),
    };
    let new = NewTutorApplication {
        id: uuid::Uuid::new_v4(),
        user_id: id,
        details: ApplicationDetails::parse(&form).expect("a valid tutor application"),
        avatar: String::new(),
        submitted_at: chrono::Utc::now(),
    };
    let application = app.tutor_application_records.insert_application(new).await.unwrap();
    // No avatar: the account's stays as it was.
    let profile = TutorProfile { avatar: None, ..TutorProfile::from_application(&application, user.number, chrono::Utc::now()) };
    assert!(app.tutor_application_records.approve_application(application.number, "staff", chrono::Utc::now(), &profile).await.unwrap());
}

/// The SMS outbox's messages so far, as (to, body).
pub fn sms_outbox(app: &TestApp) -> Vec<(String, String)> {
    let text = std::fs::read_to_string(app.dir.path().join("outbox/sms.jsonl")).unwrap_or_default();
    text.lines()
        .map(|line| {
            let v: serde_json::Value = serde_json::from_str(line).unwrap();
            (v["to"].as_str().unwrap_or_default().to_string(), v["body"].as_str().unwrap_or_default().to_string())
        })
        .collect()
}

/// The 6 digits of the last SMS sent to `phone` (E.164).
pub fn last_code(app: &TestApp, phone: &str) -> String {
    let (_, body) = sms_outbox(app).into_iter().rev().find(|(to, _)| to == phone).expect("an SMS was sent");
    body.chars().filter(char::is_ascii_digit).take(6).collect()
}

/// Verifies `phone` (8 local digits) through `POST /sms/send-code` and `/sms/verify-code`,
/// with the code from the SMS outbox, as a user would: the phone then holds a grant, and the
/// answer is the verification token that uses it.
pub async fn verify_phone(app: &TestApp, phone: &str) -> String {
    let response = app.client.post("/sms/send-code").body_json(&serde_json::json!({ "phoneNumber": phone })).send().await;
    response.assert_status_is_ok();
    let code = last_code(app, &format!("+852{phone}"));
    let response = app.client.post("/sms/verify-code").body_json(&serde_json::json!({ "phone": phone, "code": code })).send().await;
    response.assert_status_is_ok();
    let body: serde_json::Value = response.json().await.value().deserialize();
    body["verificationToken"].as_str().expect("verify-code answers a verification token").to_string()
}

/// The mail outbox's messages so far, as (to, subject, body).
pub fn mail_outbox(app: &TestApp) -> Vec<(String, String, String)> {
    let text = std::fs::read_to_string(app.dir.path().join("outbox/mail.jsonl")).unwrap_or_default();
    text.lines()
        .map(|line| {
            let v: serde_json::Value = serde_json::from_str(line).unwrap();
            let field = |k: &str| v[k].as_str().unwrap_or_default().to_string();
            (field("to"), field("subject"), field("body"))
        })
        .collect()
}
