//! A real app on a fresh SQLite database, driven through poem's TestClient.
#![allow(dead_code)]

use std::sync::Arc;

use poem::EndpointExt;
use poem::endpoint::BoxEndpoint;
use poem::test::TestClient;
use tutorhub_adapters::{
    Argon2Hasher, BoardCache, Database, JwtAccessTokens, LocalFileStore, Outbox, RandomSecretTokens, SqlApplicationRepository,
    SqlBookingRepository, SqlCaseRepository, SqlRefreshTokenRepository, SqlTutorRepository, SqlUserRepository,
};
use tutorhub_domain::bookings::requests::Bookings;
use tutorhub_domain::cases::posting::CasePosting;
use tutorhub_domain::matching::applications::Matching;
use tutorhub_domain::notices::notifier::Notifier;
use tutorhub_domain::accounts::current_user::Accounts;
use tutorhub_domain::cases::board::CaseBoard;
use tutorhub_domain::accounts::ports::{AccessTokens, PasswordHasher, UserRepository};
use tutorhub_domain::cases::ports::CaseRepository;
use tutorhub_domain::shared::messaging::{Mailer, SmsSender};
use tutorhub_domain::tutors::ports::TutorRepository;
use tutorhub_domain::accounts::sessions::Sessions;
use tutorhub_domain::profiles::editing::ProfileEditing;
use tutorhub_domain::tutors::applications::TutorApplications;
use tutorhub_domain::tutors::directory::TutorDirectory;
use tutorhub_http::{AppFiles, Services};

/// Applicants a case takes in tests (small, so that "full" is easy to reach).
pub const APPLICANT_CAP: u32 = 3;

pub struct TestApp {
    pub client: TestClient<BoxEndpoint<'static>>,
    pub cases: Arc<dyn CaseRepository>,
    pub users: Arc<dyn UserRepository>,
    pub tutors: Arc<dyn TutorRepository>,
    pub tutor_applications: TutorApplications,
    pub access_tokens: Arc<dyn AccessTokens>,
    pub hasher: Arc<dyn PasswordHasher>,
    pub database: Database,
    pub dir: tempfile::TempDir,
}

pub async fn spawn() -> TestApp {
    spawn_with_files(None).await
}

pub async fn spawn_with_files(files: Option<AppFiles>) -> TestApp {
    spawn_app(files, None).await
}

/// The app with these SMS and mail providers instead of the test folder's outboxes.
pub async fn spawn_with_messaging(sms: Arc<dyn SmsSender>, mail: Arc<dyn Mailer>) -> TestApp {
    spawn_app(None, Some((sms, mail))).await
}

async fn spawn_app(files: Option<AppFiles>, messaging: Option<(Arc<dyn SmsSender>, Arc<dyn Mailer>)>) -> TestApp {
    let dir = tempfile::tempdir().unwrap();
    let (sms, mail): (Arc<dyn SmsSender>, Arc<dyn Mailer>) =
        messaging.unwrap_or_else(|| (Arc::new(Outbox::sms(dir.path())), Arc::new(Outbox::mail(dir.path()))));
    let database = Database::open(&Database::sqlite_url(dir.path())).await.unwrap();
    let cases: Arc<dyn CaseRepository> = Arc::new(SqlCaseRepository::new(database.pool().clone()));
    let users: Arc<dyn UserRepository> = Arc::new(SqlUserRepository::new(database.pool().clone()));
    let tutors: Arc<dyn TutorRepository> = Arc::new(SqlTutorRepository::new(database.pool().clone()));
    let access_tokens: Arc<dyn AccessTokens> = Arc::new(JwtAccessTokens::new(b"test secret, long enough for HS256", 900));
    let hasher: Arc<dyn PasswordHasher> = Arc::new(Argon2Hasher::default());
    let refresh_tokens = Arc::new(SqlRefreshTokenRepository::new(database.pool().clone()));
    let accounts = account_services(&database, dir.path(), &users, &hasher, &access_tokens, refresh_tokens, (&sms, &mail));
    let notifier = Notifier::new(users.clone(), sms.clone(), accounts.throttle.clone(), "https://tutorhub.example.hk");
    let store = LocalFileStore::new(dir.path());
    let media_dir = store.media_dir().to_path_buf();
    let store: Arc<LocalFileStore> = Arc::new(store);
    let tutor_applications =
        TutorApplications::new(users.clone(), tutors.clone(), store.clone(), sms);
    let applications = Arc::new(SqlApplicationRepository::new(database.pool().clone()));
    let bookings = Arc::new(SqlBookingRepository::new(database.pool().clone()));
    let services = Services {
        case_board: CaseBoard::new(Arc::new(BoardCache::new(cases.clone()))),
        accounts: Accounts::new(users.clone()),
        case_posting: CasePosting::new(cases.clone(), users.clone(), false),
        matching: Matching::new(cases.clone(), applications, users.clone(), notifier.clone(), APPLICANT_CAP),
        bookings: Bookings::new(bookings, users.clone(), notifier),
        tutor_applications: tutor_applications.clone(),
        tutor_directory: TutorDirectory::new(tutors.clone()),
        profile_editing: ProfileEditing::new(users.clone(), tutors.clone(), store, accounts.phone_verification.clone(), accounts.throttle.clone()),
        media_dir,
        sessions: accounts.sessions,
        registration: accounts.registration,
        org_resubmission: accounts.org_resubmission,
        phone_verification: accounts.phone_verification,
        passwords: accounts.passwords,
        throttle: accounts.throttle,
        access_tokens: access_tokens.clone(),
        body_limits: tutorhub_http::BodyLimits::default(),
    };
    let files = files.unwrap_or_else(|| AppFiles::Directory(dir.path().join("no-app")));
    let endpoint = tutorhub_http::app(&services, files).map_to_response().boxed();
    TestApp { client: TestClient::new(endpoint), cases, users, tutors, tutor_applications, access_tokens, hasher, database, dir }
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
        created_at: chrono::Utc::now(),
    };
    app.users.insert(user).await.unwrap().id
}

/// Logs in through the API and returns `(token, refreshToken)`.
pub async fn login(app: &TestApp, phone: &str, password: &str) -> (String, String) {
    let response = app
        .client
        .post("/users/login")
        .body_json(&serde_json::json!({ "identifier": phone, "password": password }))
        .send()
        .await;
    response.assert_status_is_ok();
    let body: serde_json::Value = response.json().await.value().deserialize();
    (body["token"].as_str().unwrap().to_string(), body["refreshToken"].as_str().unwrap().to_string())
}

/// A registered member with a bearer token; `phone` is 8 local digits.
pub async fn member(app: &TestApp, name: &str, phone: &str) -> (uuid::Uuid, String) {
    let id = insert_account(app, phone, name, tutorhub_domain::accounts::user::UserType::Individual).await;
    (id, app.access_tokens.issue(id))
}

/// Makes a member an approved tutor with an active profile, as the tutors' back office would.
pub async fn make_active_tutor(app: &TestApp, id: uuid::Uuid) {
    sqlx::query("UPDATE users SET role = 'tutor', is_tutor = 1, is_tutor_profile_active = 1 WHERE id = $1")
        .bind(id.to_string())
        .execute(app.database.pool())
        .await
        .unwrap();
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

/// The account use cases (sessions, verification, registration, passwords), as wired in
/// production but over the test database and the test folder's outboxes.
pub struct AccountServices {
    pub sessions: Sessions,
    pub registration: tutorhub_domain::accounts::registration::Registration,
    pub org_resubmission: tutorhub_domain::organizations::resubmission::OrgResubmission,
    pub phone_verification: tutorhub_domain::accounts::phone_verification::PhoneVerification,
    pub passwords: tutorhub_domain::accounts::passwords::Passwords,
    pub throttle: tutorhub_domain::shared::rate_limits::Throttle,
}

fn account_services(
    database: &Database,
    dir: &std::path::Path,
    users: &Arc<dyn UserRepository>,
    hasher: &Arc<dyn PasswordHasher>,
    access_tokens: &Arc<dyn AccessTokens>,
    refresh_tokens: Arc<SqlRefreshTokenRepository>,
    (sms, mail): (&Arc<dyn SmsSender>, &Arc<dyn Mailer>),
) -> AccountServices {
    use tutorhub_domain::shared::rate_limits::Throttle;
    let stores = Arc::new(tutorhub_adapters::SqlAccountStores::new(database.pool().clone()));
    let throttle = Throttle::new(Arc::new(tutorhub_adapters::InMemoryRateLimiter::default()));
    let secrets = Arc::new(RandomSecretTokens);
    let sessions = Sessions::new(users.clone(), hasher.clone(), access_tokens.clone(), refresh_tokens, secrets.clone())
        .with_throttle(throttle.clone());
    let phone_verification = tutorhub_domain::accounts::phone_verification::PhoneVerification::new(
        stores.clone(),
        users.clone(),
        sms.clone(),
        secrets.clone(),
        throttle.clone(),
    );
    let files = Arc::new(LocalFileStore::new(dir));
    let registration = tutorhub_domain::accounts::registration::Registration::new(
        users.clone(),
        hasher.clone(),
        phone_verification.clone(),
        files.clone(),
        stores.clone(),
    );
    let org_resubmission = tutorhub_domain::organizations::resubmission::OrgResubmission::new(users.clone(), files, stores.clone());
    let passwords = tutorhub_domain::accounts::passwords::Passwords::new(
        users.clone(),
        hasher.clone(),
        stores,
        secrets,
        mail.clone(),
        sessions.clone(),
        throttle.clone(),
        "https://tutorhub.example.hk",
    );
    AccountServices { sessions, registration, org_resubmission, phone_verification, passwords, throttle }
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
