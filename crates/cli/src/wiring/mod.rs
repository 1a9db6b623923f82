//! The composition root: the one place that builds use cases from adapters. `serve`, every
//! back-office command and the API tests (`crates/http/tests/api/support`) build through it, so
//! they all run the same code paths.
//!
//! Parts are built when a command asks for them: a command that only reads gets no message
//! senders (`Reach::ReadOnly`) and never loads or creates the signing secret, which only the
//! API needs (`Wiring::services`).
//!
//! The parts: `settings` (what the wiring is told), `senders` (where messages go, and whether a
//! command may send), `services` (the API's use cases) and `scheduled` (the use cases the
//! site's periodic jobs run, and this server's scheduler of them).

mod scheduled;
mod senders;
mod services;
mod settings;

pub use senders::{Reach, Senders};
pub use settings::{Settings, Storage};

use std::sync::Arc;
use tutorhub_adapters::messaging::counted::MessageKind;
use tutorhub_adapters::security::limits_hit::CountedLimiter;

use anyhow::Context;
use tutorhub_adapters::security::jwt::load_or_create_secret;
use tutorhub_adapters::security::rate_limiter::DEFAULT_MAX_KEYS;
use tutorhub_adapters::{
    Argon2Hasher, Database, Engine, HashingLimits, InMemoryRateLimiter, LocalFileStore, S3FileStore, SqlAccountStores, SqlCaseRepository,
    SqlChangeFeed, SqlJobLedger, SqlRateLimiter, SqlReviewRepository, SqlSearchSource, SqlTutorRepository, SqlUserDirectory,
    SqlUserRepository, TantivySearch, Wording,
};
use tutorhub_domain::accounts::directory::UserDirectory;
use tutorhub_domain::accounts::ports::{OrgDocumentRepository, PasswordHasher, UserRepository};
use tutorhub_domain::cases::moderation::CaseModeration;
use tutorhub_domain::cases::ports::CaseRepository;
use tutorhub_domain::jobs::ports::JobLedger;
use tutorhub_domain::notices::notifier::Notifier;
use tutorhub_domain::organizations::document_export::DocumentExport;
use tutorhub_domain::organizations::verification::OrgVerifications;
use tutorhub_domain::reviews::moderation::ReviewModeration;
use tutorhub_domain::shared::clock::Clock;
use tutorhub_domain::shared::files::FileStore;
use tutorhub_domain::shared::messages::MessageWords;
use tutorhub_domain::shared::rate_limits::{RateLimiter, Throttle};
use tutorhub_domain::tutors::applications::TutorApplications;
use tutorhub_domain::tutors::directory::TutorListing;
use tutorhub_domain::tutors::ports::{TutorApplicationRepository, TutorProfileRepository};

use senders::ReadOnly;

/// The adapters of one process over one database, and the use cases built from them.
pub struct Wiring {
    pub database: Database,
    pub settings: Settings,
    pub cases: Arc<dyn CaseRepository>,
    pub users: Arc<dyn UserRepository>,
    /// Tutors' public profiles.
    pub tutors: Arc<dyn TutorProfileRepository>,
    /// Applications to become a tutor (the same tables as the profiles: approving one writes its
    /// profile).
    pub tutor_application_records: Arc<dyn TutorApplicationRepository>,
    pub files: Arc<dyn FileStore>,
    pub org_documents: Arc<dyn OrgDocumentRepository>,
    pub hasher: Arc<dyn PasswordHasher>,
    /// One per process: every public search's version check goes through it (see `SqlChangeFeed`).
    feed: Arc<SqlChangeFeed>,
    account_stores: Arc<SqlAccountStores>,
    senders: Senders,
    /// The words of every SMS and e-mail, in each recipient's language.
    words: Arc<dyn MessageWords>,
    /// In the database on PostgreSQL, where several servers may count together; in this
    /// process's memory on SQLite, which one server serves.
    throttle: Throttle,
}

impl Wiring {
    /// # Errors
    /// The bucket's settings are not usable (`STORAGE=s3`).
    pub fn new(database: Database, settings: Settings, reach: Reach) -> anyhow::Result<Self> {
        let pool = database.pool().clone();
        let files: Arc<dyn FileStore> = match &settings.storage {
            Storage::Local => Arc::new(LocalFileStore::new(&settings.data_dir)),
            Storage::S3(bucket) => Arc::new(S3FileStore::new(bucket).context("cannot use the S3 bucket")?),
        };
        let account_stores = Arc::new(SqlAccountStores::new(pool.clone()));
        let hasher = Arc::new(Argon2Hasher::new(HashingLimits { memory_mib: settings.hashing_memory_mib, ..HashingLimits::default() }));
        let senders = match reach {
            Reach::Sends(senders) => senders,
            Reach::ReadOnly => Senders { sms: Arc::new(ReadOnly), mail: Arc::new(ReadOnly) },
        };
        let tutors = Arc::new(SqlTutorRepository::new(pool.clone()));
        Ok(Self {
            cases: Arc::new(SqlCaseRepository::new(pool.clone())),
            users: Arc::new(SqlUserRepository::new(pool.clone())),
            feed: Arc::new(SqlChangeFeed::new(pool.clone())),
            tutors: tutors.clone(),
            tutor_application_records: tutors,
            files,
            org_documents: account_stores.clone(),
            hasher,
            account_stores,
            senders,
            words: Arc::new(Wording),
            throttle: Throttle::new(Arc::new(CountedLimiter::new(rate_limiter(&database, &settings.clock)))),
            database,
            settings,
        })
    }

    fn notifier(&self) -> Notifier {
        let (sms, words) = (self.senders.sms_counted(MessageKind::Notice), self.words.clone());
        Notifier::new(self.users.clone(), sms, words, self.throttle.clone(), &self.settings.public_base_url)
    }

    pub fn moderation(&self) -> CaseModeration {
        CaseModeration::new(self.cases.clone(), self.notifier())
    }

    pub fn review_moderation(&self) -> ReviewModeration {
        ReviewModeration::new(Arc::new(SqlReviewRepository::new(self.database.pool().clone())))
    }

    pub fn user_directory(&self) -> UserDirectory {
        UserDirectory::new(self.directory_store(), self.users.clone(), self.account_stores.clone())
    }

    pub fn org_verifications(&self) -> OrgVerifications {
        OrgVerifications::new(self.user_directory(), self.directory_store(), self.notifier())
    }

    pub fn document_export(&self) -> DocumentExport {
        DocumentExport::new(self.user_directory(), self.org_documents.clone(), self.files.clone())
    }

    pub fn tutor_applications(&self) -> TutorApplications {
        TutorApplications::new(
            self.users.clone(),
            self.tutor_application_records.clone(),
            self.files.clone(),
            self.senders.sms_counted(MessageKind::TutorApplication),
            self.words.clone(),
        )
    }

    pub fn tutor_listing(&self) -> TutorListing {
        TutorListing::new(self.tutors.clone())
    }

    /// The search index of the board and the directory, built from the database: `serve`
    /// builds it once at start. Logs how long the build took.
    ///
    /// # Errors
    /// The database or the index folder (`DATA_DIR/search`) fails.
    pub async fn search_index(&self) -> anyhow::Result<Arc<TantivySearch>> {
        let pool = self.database.pool().clone();
        let (search, report) =
            TantivySearch::build(&self.settings.data_dir.join("search"), self.feed.clone(), Arc::new(SqlSearchSource::new(pool)))
                .await
                .context("cannot build the search index")?;
        tracing::info!(cases = report.cases, tutors = report.tutors, millis = report.millis as u64, "search index built");
        Ok(Arc::new(search))
    }

    /// Where the back office finds a public upload (an avatar at `/media/…`): its file under
    /// `DATA_DIR/media`, or its address on the site when uploads are in a bucket.
    pub fn public_file_location(&self, public_path: &str) -> String {
        match &self.settings.storage {
            Storage::Local => LocalFileStore::new(&self.settings.data_dir)
                .media_dir()
                .join(public_path.trim_start_matches("/media/"))
                .display()
                .to_string(),
            Storage::S3(_) => format!("{}{public_path}", self.settings.public_base_url.trim_end_matches('/')),
        }
    }

    fn directory_store(&self) -> Arc<SqlUserDirectory> {
        Arc::new(SqlUserDirectory::new(self.database.pool().clone()))
    }
}

/// Where rate limits are counted (the `throttle` of [`Wiring`]).
fn rate_limiter(database: &Database, clock: &Arc<dyn Clock>) -> Arc<dyn RateLimiter> {
    match database.engine() {
        Engine::Postgres => Arc::new(SqlRateLimiter::new(database.pool().clone(), clock.clone())),
        Engine::Sqlite => Arc::new(InMemoryRateLimiter::new(clock.clone(), DEFAULT_MAX_KEYS)),
    }
}

impl Wiring {
    /// The signing secret: `JWT_SECRET`, or the one kept in the data folder (created on first
    /// start). Every server of a site must share it.
    ///
    /// # Errors
    /// The secret cannot be read or created.
    fn secret(&self) -> anyhow::Result<Vec<u8>> {
        load_or_create_secret(self.settings.jwt_secret.as_deref(), &self.settings.data_dir)
            .context("cannot read or create the JWT secret in the data folder")
    }

    /// The marketplace in figures for a period (`tutorhub report`): reads only.
    pub fn market_reports(&self) -> tutorhub_domain::reports::report::MarketReports {
        let facts = Arc::new(tutorhub_adapters::SqlMarketFacts::new(self.database.pool().clone()));
        tutorhub_domain::reports::report::MarketReports::new(facts)
    }

    /// The record of periodic jobs every server of the site shares.
    pub fn job_ledger(&self) -> Arc<dyn JobLedger> {
        Arc::new(SqlJobLedger::new(self.database.pool().clone()))
    }

    /// The back office's audit trail: each decision a command makes is written down here, and
    /// `audit list` reads it back.
    pub fn audit_log(&self) -> tutorhub_domain::audit::trail::AuditLog {
        let trail = Arc::new(tutorhub_adapters::SqlAuditTrail::new(self.database.pool().clone()));
        tutorhub_domain::audit::trail::AuditLog::new(trail, self.settings.clock.clone())
    }
}
