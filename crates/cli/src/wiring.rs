//! The composition root: one place that builds the use cases from the adapters, so the
//! server and the back-office commands run the same code paths.

use std::sync::Arc;

use anyhow::Context;
use tutorhub_adapters::security::jwt::load_or_create_secret;
use tutorhub_adapters::{
    Argon2Hasher, BoardCache, Database, HashingLimits, JwtAccessTokens, LocalFileStore, RandomSecretTokens, SqlApplicationRepository,
    SqlBookingRepository, SqlCaseRepository, SqlRefreshTokenRepository, SqlTutorRepository, SqlUserRepository,
    SqlAccountStores, InMemoryRateLimiter, SqlUserDirectory,
};
use tutorhub_domain::accounts::current_user::Accounts;
use tutorhub_domain::bookings::requests::Bookings;
use tutorhub_domain::cases::board::CaseBoard;
use tutorhub_domain::cases::moderation::CaseModeration;
use tutorhub_domain::cases::posting::CasePosting;
use tutorhub_domain::organizations::document_export::DocumentExport;
use tutorhub_domain::organizations::verification::OrgVerifications;
use tutorhub_domain::accounts::directory::UserDirectory;
use tutorhub_domain::matching::applications::Matching;
use tutorhub_domain::notices::notifier::Notifier;
use tutorhub_domain::accounts::ports::{AccessTokens, OrgDocumentRepository, PasswordHasher, RefreshTokenRepository, SecretTokens, UserRepository};
use tutorhub_domain::matching::ports::ApplicationRepository;
use tutorhub_domain::bookings::ports::BookingRepository;
use tutorhub_domain::cases::ports::CaseRepository;
use tutorhub_domain::shared::files::FileStore;
use tutorhub_domain::shared::messaging::{Mailer, SmsSender};
use tutorhub_domain::accounts::passwords::Passwords;
use tutorhub_domain::accounts::phone_verification::PhoneVerification;
use tutorhub_domain::shared::rate_limits::Throttle;
use tutorhub_domain::organizations::resubmission::OrgResubmission;
use tutorhub_domain::accounts::registration::Registration;
use tutorhub_domain::accounts::sessions::Sessions;
use tutorhub_domain::tutors::ports::TutorRepository;
use tutorhub_domain::profiles::editing::ProfileEditing;
use tutorhub_domain::tutors::applications::TutorApplications;
use tutorhub_domain::tutors::directory::TutorDirectory;
use tutorhub_http::Services;

use crate::config::{MatchingOpts, SecurityOpts, StoreOpts};

pub struct App {
    pub cases: Arc<dyn CaseRepository>,
    pub users: Arc<dyn UserRepository>,
    pub tutors: Arc<dyn TutorRepository>,
    pub files: Arc<dyn FileStore>,
    pub org_documents: Arc<dyn OrgDocumentRepository>,
    pub moderation: CaseModeration,
    /// Back office: accounts, organization verification, document export.
    pub user_directory: UserDirectory,
    pub org_verifications: OrgVerifications,
    pub document_export: DocumentExport,
    pub hasher: Arc<dyn PasswordHasher>,
    pub services: Services,
}

/// The app with the default moderation and matching settings (commands that do not serve).
pub fn build(database: &Database, store: &StoreOpts, security: &SecurityOpts) -> anyhow::Result<App> {
    build_with(database, store, security, &MatchingOpts::default())
}

pub fn build_with(database: &Database, store: &StoreOpts, security: &SecurityOpts, matching: &MatchingOpts) -> anyhow::Result<App> {
    let secret = load_or_create_secret(security.jwt_secret.as_deref(), &store.data_dir)
        .context("cannot read or create the JWT secret in the data folder")?;
    let access_tokens: Arc<dyn AccessTokens> = Arc::new(JwtAccessTokens::new(&secret, security.access_token_ttl_seconds));
    let cases: Arc<dyn CaseRepository> = Arc::new(SqlCaseRepository::new(database.pool().clone()));
    let users: Arc<dyn UserRepository> = Arc::new(SqlUserRepository::new(database.pool().clone()));
    let sms: Arc<dyn SmsSender> = store.messaging.sms(&store.data_dir)?;
    let mail: Arc<dyn Mailer> = store.messaging.mail(&store.data_dir)?;
    let tutors: Arc<dyn TutorRepository> = Arc::new(SqlTutorRepository::new(database.pool().clone()));
    let local_files = LocalFileStore::new(&store.data_dir);
    let media_dir = local_files.media_dir().to_path_buf();
    let files: Arc<dyn FileStore> = Arc::new(local_files);
    let hasher: Arc<dyn PasswordHasher> = Arc::new(Argon2Hasher::new(HashingLimits {
        memory_mib: security.hashing_memory_mib,
        ..HashingLimits::default()
    }));
    let refresh_tokens: Arc<dyn RefreshTokenRepository> = Arc::new(SqlRefreshTokenRepository::new(database.pool().clone()));
    let secrets: Arc<dyn SecretTokens> = Arc::new(RandomSecretTokens);
    let account_stores = Arc::new(SqlAccountStores::new(database.pool().clone()));
    // One process's memory: see docs/decisions.md for running several instances.
    let throttle = Throttle::new(Arc::new(InMemoryRateLimiter::default()));
    let sessions = Sessions::new(users.clone(), hasher.clone(), access_tokens.clone(), refresh_tokens, secrets.clone())
        .with_throttle(throttle.clone())
        .with_attempts_per_source(security.login_attempts_per_address);
    let phone_verification =
        PhoneVerification::new(account_stores.clone(), users.clone(), sms.clone(), secrets.clone(), throttle.clone());
    let registration =
        Registration::new(users.clone(), hasher.clone(), phone_verification.clone(), files.clone(), account_stores.clone());
    let org_resubmission = OrgResubmission::new(users.clone(), files.clone(), account_stores.clone());
    let passwords = Passwords::new(
        users.clone(),
        hasher.clone(),
        account_stores.clone(),
        secrets,
        mail.clone(),
        sessions.clone(),
        throttle.clone(),
        &security.public_base_url,
    );
    let notifier = Notifier::new(users.clone(), sms.clone(), throttle.clone(), &security.public_base_url);
    let applications: Arc<dyn ApplicationRepository> = Arc::new(SqlApplicationRepository::new(database.pool().clone()));
    let bookings: Arc<dyn BookingRepository> = Arc::new(SqlBookingRepository::new(database.pool().clone()));
    let services = Services {
        case_board: CaseBoard::new(Arc::new(BoardCache::new(cases.clone()))),
        accounts: Accounts::new(users.clone()),
        case_posting: CasePosting::new(cases.clone(), users.clone(), matching.cases_auto_approve),
        matching: Matching::new(cases.clone(), applications, users.clone(), notifier.clone(), matching.case_applicant_cap),
        bookings: Bookings::new(bookings, users.clone(), notifier.clone()),
        tutor_applications: TutorApplications::new(users.clone(), tutors.clone(), files.clone(), sms.clone()),
        tutor_directory: TutorDirectory::new(tutors.clone()),
        profile_editing: ProfileEditing::new(users.clone(), tutors.clone(), files.clone(), phone_verification.clone(), throttle.clone()),
        media_dir,
        sessions,
        registration,
        org_resubmission,
        phone_verification,
        passwords,
        throttle,
        access_tokens,
        body_limits: tutorhub_http::BodyLimits::default(),
    };
    let directory_store = Arc::new(SqlUserDirectory::new(database.pool().clone()));
    let user_directory = UserDirectory::new(directory_store.clone(), users.clone(), account_stores.clone());
    let org_verifications = OrgVerifications::new(user_directory.clone(), directory_store, notifier.clone());
    let org_documents: Arc<dyn OrgDocumentRepository> = account_stores;
    let document_export = DocumentExport::new(user_directory.clone(), org_documents.clone(), files.clone());
    let moderation = CaseModeration::new(cases.clone(), notifier);
    Ok(App { cases, users, tutors, files, org_documents, moderation, user_directory, org_verifications, document_export, hasher, services })
}
