//! The composition root: the one place that builds use cases from adapters. `serve`, every
//! back-office command and the API tests (`crates/http/tests/support`) build through it, so
//! they all run the same code paths.
//!
//! Parts are built when a command asks for them: a command that only reads gets no message
//! senders (`Reach::ReadOnly`) and never loads or creates the signing secret, which only the
//! API needs (`Wiring::services`).

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;
use tutorhub_adapters::messaging::counted::{Counted, MessageKind};
use tutorhub_adapters::security::limits_hit::CountedLimiter;

use anyhow::Context;
use async_trait::async_trait;
use tutorhub_adapters::security::jwt::load_or_create_secret;
use tutorhub_adapters::security::rate_limiter::DEFAULT_MAX_KEYS;
use tutorhub_adapters::{
    Argon2Hasher, BoardCache, Database, Engine, HashingLimits, HmacLinkSigner, InMemoryRateLimiter, JwtAccessTokens, LocalFileStore,
    RandomSecretTokens, S3FileStore, S3Settings, SqlAccountStores, SqlAlertRepository, SqlApplicationRepository, SqlBookingRepository,
    SqlCaseRepository, SqlChangeFeed, SqlInvitationRepository, SqlInvoiceRepository, SqlJobLedger, SqlLessonRepository, SqlRateLimiter,
    SqlRefreshTokenRepository, SqlReviewRepository, SqlSearchSource, SqlTutorRepository, SqlUserDirectory, SqlUserRepository,
    TantivySearch, Wording,
};
use tutorhub_domain::accounts::current_user::Accounts;
use tutorhub_domain::accounts::directory::UserDirectory;
use tutorhub_domain::accounts::passwords::Passwords;
use tutorhub_domain::accounts::phone_verification::PhoneVerification;
use tutorhub_domain::accounts::ports::{AccessTokens, OrgDocumentRepository, PasswordHasher, SecretTokens, UserRepository};
use tutorhub_domain::accounts::registration::Registration;
use tutorhub_domain::accounts::sessions::Sessions;
use tutorhub_domain::alerts::delivery::{AlertDelivery, AlertPorts};
use tutorhub_domain::alerts::quiet_hours::QuietHours;
use tutorhub_domain::alerts::saved_searches::SavedSearches;
use tutorhub_domain::billing::fps::{FpsProxy, Payee};
use tutorhub_domain::billing::invoices::{Billing, BillingPorts, InvoiceReminders, Invoicing};
use tutorhub_domain::billing::ports::InvoiceRepository;
use tutorhub_domain::billing::standing::Standing;
use tutorhub_domain::billing::terms::FeeTerms;
use tutorhub_domain::bookings::requests::Bookings;
use tutorhub_domain::cases::board::CaseBoard;
use tutorhub_domain::cases::fee_guidance::FeeGuidance;
use tutorhub_domain::cases::moderation::CaseModeration;
use tutorhub_domain::cases::ports::CaseRepository;
use tutorhub_domain::cases::posting::CasePosting;
use tutorhub_domain::jobs::model::Job;
use tutorhub_domain::jobs::ports::JobLedger;
use tutorhub_domain::jobs::scheduler::{Scheduled, Scheduler};
use tutorhub_domain::lessons::record::{LessonAutoConfirm, LessonRecord};
use tutorhub_domain::matching::applications::Matching;
use tutorhub_domain::matching::invitations::Invitations;
use tutorhub_domain::matching::offers::{FirstLessonReminders, OfferLapse, OfferPorts, Offers};
use tutorhub_domain::matching::ports::ApplicationRepository;
use tutorhub_domain::matching::recommendations::Recommendations;
use tutorhub_domain::notices::notifier::Notifier;
use tutorhub_domain::organizations::document_export::DocumentExport;
use tutorhub_domain::organizations::resubmission::OrgResubmission;
use tutorhub_domain::organizations::verification::OrgVerifications;
use tutorhub_domain::profiles::editing::ProfileEditing;
use tutorhub_domain::reviews::moderation::ReviewModeration;
use tutorhub_domain::reviews::writing::Reviews;
use tutorhub_domain::search::version::SearchVersion;
use tutorhub_domain::shared::clock::{Clock, SystemClock};
use tutorhub_domain::shared::files::FileStore;
use tutorhub_domain::shared::identity::{Email, Phone};
use tutorhub_domain::shared::messages::MessageWords;
use tutorhub_domain::shared::messaging::{DeliveryError, Mailer, SmsSender};
use tutorhub_domain::shared::rate_limiter::RateLimiter;
use tutorhub_domain::shared::rate_limits::{LOGIN_ATTEMPTS_PER_SOURCE, Throttle};
use tutorhub_domain::sharing::heads::PageHeads;
use tutorhub_domain::sharing::sitemap::Sitemaps;
use tutorhub_domain::tutors::applications::TutorApplications;
use tutorhub_domain::tutors::directory::{TutorDirectory, TutorListing};
use tutorhub_domain::tutors::ports::TutorRepository;
use tutorhub_http::{BodyLimits, Services};

use crate::background::{AlertRound, Sweep};

/// Everything the wiring needs to know, already parsed: the command line (`config`) and the
/// API tests both fill it in.
#[derive(Debug, Clone)]
pub struct Settings {
    /// Folder of the SQLite database, the outboxes, uploads and the generated secret.
    pub data_dir: PathBuf,
    /// Secret for signing access tokens; when unset, the one kept in the data folder.
    pub jwt_secret: Option<String>,
    pub access_token_ttl_seconds: i64,
    pub hashing_memory_mib: u32,
    pub login_attempts_per_address: u32,
    /// The site as users reach it, for links in SMS and mail (no trailing slash needed).
    pub public_base_url: String,
    pub cases_auto_approve: bool,
    pub case_applicant_cap: u32,
    /// Hours a chosen tutor has to answer an offer (`OFFER_HOURS`).
    pub offer_hours: u32,
    pub body_limits: BodyLimits,
    /// When alerts wait for the morning (`ALERT_QUIET_HOURS`).
    pub alert_quiet_hours: QuietHours,
    /// Where uploads are kept (`STORAGE`).
    pub storage: Storage,
    /// The load balancers in front of `serve` (`TRUSTED_PROXIES`).
    pub trusted_proxies: Vec<std::net::IpAddr>,
    /// Where rules about time take "now" from: the system's, or a test's.
    pub clock: Arc<dyn Clock>,
    /// The service fee's due days and late charges (`FEE_DUE_DAYS`, `LATE_…`).
    pub fee_terms: FeeTerms,
    /// Where FPS payments go (`FPS_PROXY`, `FPS_NAME`).
    pub payee: Payee,
}

/// Where uploads are kept.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Storage {
    /// `DATA_DIR/media` and `DATA_DIR/private`: one server.
    Local,
    /// A bucket every server of the site shares.
    S3(S3Settings),
}

impl Settings {
    /// The defaults of `tutorhub serve` for this data folder and public address.
    pub fn new(data_dir: PathBuf, public_base_url: &str) -> Self {
        Self {
            data_dir,
            jwt_secret: None,
            access_token_ttl_seconds: 900,
            hashing_memory_mib: 64,
            login_attempts_per_address: LOGIN_ATTEMPTS_PER_SOURCE.max,
            public_base_url: public_base_url.to_string(),
            cases_auto_approve: false,
            case_applicant_cap: tutorhub_domain::matching::applications::DEFAULT_APPLICANT_CAP,
            offer_hours: tutorhub_domain::matching::offer::DEFAULT_OFFER_HOURS,
            body_limits: BodyLimits::default(),
            alert_quiet_hours: QuietHours::NIGHT,
            storage: Storage::Local,
            trusted_proxies: Vec::new(),
            clock: Arc::new(SystemClock),
            fee_terms: FeeTerms::default(),
            payee: Payee { proxy: FpsProxy::Email("billing@tutorhub.hk".into()), name: "tutorhub".into() },
        }
    }
}

/// Where SMS and mail go.
#[derive(Clone)]
pub struct Senders {
    pub sms: Arc<dyn SmsSender>,
    pub mail: Arc<dyn Mailer>,
}

impl Senders {
    /// The SMS sender of one part of the site, counted under its kind for the metrics.
    fn sms_counted(&self, kind: MessageKind) -> Arc<dyn SmsSender> {
        Arc::new(Counted::new(self.sms.clone(), kind))
    }

    /// The mailer of one part of the site, counted under its kind for the metrics.
    fn mail_counted(&self, kind: MessageKind) -> Arc<dyn Mailer> {
        Arc::new(Counted::new(self.mail.clone(), kind))
    }
}

/// Whether a command may tell people things.
pub enum Reach {
    /// Lists and look-ups: wired without senders, so none of their settings is needed.
    ReadOnly,
    /// Decisions and the server: SMS and mail go through these senders.
    Sends(Senders),
}

/// The adapters of one process over one database, and the use cases built from them.
pub struct Wiring {
    pub database: Database,
    pub settings: Settings,
    pub cases: Arc<dyn CaseRepository>,
    pub users: Arc<dyn UserRepository>,
    pub tutors: Arc<dyn TutorRepository>,
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
        Ok(Self {
            cases: Arc::new(SqlCaseRepository::new(pool.clone())),
            users: Arc::new(SqlUserRepository::new(pool.clone())),
            feed: Arc::new(SqlChangeFeed::new(pool.clone())),
            tutors: Arc::new(SqlTutorRepository::new(pool)),
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
            self.tutors.clone(),
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

    /// The API's use cases over this search index. Loads the signing secret, creating it in
    /// the data folder on first start when `JWT_SECRET` is unset.
    ///
    /// # Errors
    /// The secret cannot be read or created.
    pub fn services(&self, search: Arc<TantivySearch>) -> anyhow::Result<Services> {
        let settings = &self.settings;
        let secret = self.secret()?;
        let access_tokens: Arc<dyn AccessTokens> = Arc::new(JwtAccessTokens::new(&secret, settings.access_token_ttl_seconds));
        let pool = self.database.pool();
        let secrets: Arc<dyn SecretTokens> = Arc::new(RandomSecretTokens);
        let (users, throttle) = (&self.users, &self.throttle);
        let sms = self.senders.sms_counted(MessageKind::VerificationCode);
        let mail = self.senders.mail_counted(MessageKind::PasswordReset);
        let refresh_tokens = Arc::new(SqlRefreshTokenRepository::new(pool.clone()));
        let sessions = Sessions::new(users.clone(), self.hasher.clone(), access_tokens.clone(), refresh_tokens, secrets.clone())
            .with_throttle(throttle.clone())
            .with_attempts_per_source(settings.login_attempts_per_address);
        let stores = self.account_stores.clone();
        let words = &self.words;
        let phone_verification =
            PhoneVerification::new(stores.clone(), users.clone(), sms.clone(), words.clone(), secrets.clone(), throttle.clone());
        let passwords = Passwords::new(
            users.clone(),
            self.hasher.clone(),
            stores.clone(),
            secrets,
            mail.clone(),
            words.clone(),
            sessions.clone(),
            throttle.clone(),
            &settings.public_base_url,
        );
        let notifier = self.notifier();
        // One cache of board reads, for the board and the fee guidance alike.
        let board: Arc<dyn CaseRepository> = Arc::new(BoardCache::new(self.cases.clone()));
        let case_board = CaseBoard::new(board.clone(), search.clone());
        let tutor_directory = TutorDirectory::new(self.tutors.clone(), search);
        Ok(Services {
            case_board: case_board.clone(),
            fee_guidance: FeeGuidance::new(board.clone()),
            recommendations: Recommendations::new(board, self.tutors.clone(), self.applications(), settings.case_applicant_cap),
            invitations: Invitations::new(
                self.cases.clone(),
                users.clone(),
                self.tutors.clone(),
                self.applications(),
                Arc::new(SqlInvitationRepository::new(&self.database)),
                notifier.clone(),
                settings.case_applicant_cap,
            ),
            saved_searches: SavedSearches::new(
                Arc::new(SqlAlertRepository::new(&self.database)),
                self.tutors.clone(),
                self.cases.clone(),
                Arc::new(HmacLinkSigner::new(&secret)),
            ),
            page_heads: PageHeads::new(
                tutor_directory.clone(),
                CasePosting::new(self.cases.clone(), users.clone(), settings.clock.clone(), settings.cases_auto_approve),
            ),
            sitemaps: Sitemaps::new(tutor_directory.clone(), case_board.clone()),
            search_version: SearchVersion::new(self.feed.clone()),
            public_base_url: settings.public_base_url.clone(),
            reviews: Reviews::new(Arc::new(SqlReviewRepository::new(pool.clone())), self.tutors.clone(), notifier.clone()),
            accounts: Accounts::new(users.clone()),
            case_posting: CasePosting::new(self.cases.clone(), users.clone(), settings.clock.clone(), settings.cases_auto_approve),
            matching: Matching::new(
                self.cases.clone(),
                self.applications(),
                users.clone(),
                self.tutors.clone(),
                notifier.clone(),
                settings.clock.clone(),
                settings.case_applicant_cap,
                self.standing(),
            ),
            offers: self.offers(),
            lesson_record: self.lesson_record(),
            billing: self.billing(),
            bookings: Bookings::new(Arc::new(SqlBookingRepository::new(pool.clone())), users.clone(), self.tutors.clone(), notifier),
            tutor_applications: self.tutor_applications(),
            tutor_directory: tutor_directory.clone(),
            profile_editing: ProfileEditing::new(
                users.clone(),
                self.tutors.clone(),
                self.files.clone(),
                phone_verification.clone(),
                throttle.clone(),
            ),
            files: self.files.clone(),
            registration: Registration::new(
                users.clone(),
                self.hasher.clone(),
                phone_verification.clone(),
                self.files.clone(),
                stores.clone(),
            ),
            org_resubmission: OrgResubmission::new(users.clone(), self.files.clone(), stores),
            sessions,
            phone_verification,
            passwords,
            throttle: throttle.clone(),
            access_tokens,
            body_limits: settings.body_limits,
            trusted_proxies: tutorhub_http::common::client::TrustedProxies(Arc::new(settings.trusted_proxies.clone())),
        })
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

    /// Case alerts' delivery, as `serve` runs it in rounds.
    ///
    /// # Errors
    /// The secret that signs unsubscribe links cannot be read or created.
    pub fn alert_delivery(&self) -> anyhow::Result<AlertDelivery> {
        let ports = AlertPorts {
            alerts: Arc::new(SqlAlertRepository::new(&self.database)),
            cases: self.cases.clone(),
            tutors: self.tutors.clone(),
            users: self.users.clone(),
            sms: self.senders.sms_counted(MessageKind::Alert),
            mail: self.senders.mail_counted(MessageKind::Alert),
            words: self.words.clone(),
            signer: Arc::new(HmacLinkSigner::new(&self.secret()?)),
        };
        Ok(AlertDelivery::new(ports, self.settings.alert_quiet_hours, &self.settings.public_base_url))
    }

    fn applications(&self) -> Arc<dyn ApplicationRepository> {
        Arc::new(SqlApplicationRepository::new(self.database.pool().clone()))
    }

    /// Offers to chosen tutors: made and answered through the API, lapsed by the job.
    pub fn offers(&self) -> Offers {
        let ports = OfferPorts {
            cases: self.cases.clone(),
            applications: self.applications(),
            users: self.users.clone(),
            tutors: self.tutors.clone(),
            notifier: self.notifier(),
            clock: self.settings.clock.clone(),
            standing: self.standing(),
        };
        Offers::new(ports, self.settings.offer_hours)
    }

    fn invoices(&self) -> Arc<dyn InvoiceRepository> {
        Arc::new(SqlInvoiceRepository::new(self.database.pool().clone()))
    }

    /// Whether an overdue invoice keeps a tutor from applying and confirming.
    fn standing(&self) -> Standing {
        Standing::new(self.invoices(), self.settings.clock.clone())
    }

    /// The service fee: the API's invoices, the back office's money, the invoicing and
    /// reminder jobs.
    pub fn billing(&self) -> Billing {
        self.billing_at(self.settings.clock.clone())
    }

    /// The service fee on another clock: the demo data's history is billed as it happened.
    pub fn billing_at(&self, clock: Arc<dyn Clock>) -> Billing {
        let ports = BillingPorts {
            invoices: self.invoices(),
            lessons: Arc::new(SqlLessonRepository::new(self.database.pool().clone())),
            users: self.users.clone(),
            files: self.files.clone(),
            notifier: self.notifier(),
            clock,
        };
        Billing::new(ports, self.settings.fee_terms, self.settings.payee.clone(), self.settings.alert_quiet_hours)
    }

    /// The lesson record of matches and bookings: the API's, the back office's and the
    /// auto-confirm job's.
    pub fn lesson_record(&self) -> LessonRecord {
        LessonRecord::new(
            Arc::new(SqlLessonRepository::new(self.database.pool().clone())),
            self.users.clone(),
            self.notifier(),
            self.settings.clock.clone(),
        )
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

    /// This server's scheduler of the site's periodic jobs: alert delivery every
    /// `alert_round`; the sweep, first-lesson reminders, lesson auto-confirmation and invoice
    /// reminders every ten minutes; lapsing offers and invoicing every minute. `owner` names
    /// the server in `jobs list`.
    ///
    /// # Errors
    /// As [`Wiring::alert_delivery`].
    pub fn scheduler(&self, owner: &str, alert_round: Duration) -> anyhow::Result<Scheduler> {
        let ledger = self.job_ledger();
        let sweep = Sweep {
            rate_limits: SqlRateLimiter::new(self.database.pool().clone(), self.settings.clock.clone()),
            ledger: ledger.clone(),
            feed: self.feed.clone(),
        };
        let jobs = vec![
            Scheduled { job: Job::AlertDelivery, every: alert_round, work: Arc::new(AlertRound(self.alert_delivery()?)) },
            Scheduled { job: Job::Sweep, every: SWEEP_EVERY, work: Arc::new(sweep) },
            Scheduled { job: Job::OfferLapse, every: OFFER_LAPSE_EVERY, work: Arc::new(OfferLapse(self.offers())) },
            Scheduled { job: Job::FirstLessonReminders, every: REMINDERS_EVERY, work: Arc::new(FirstLessonReminders(self.offers())) },
            Scheduled { job: Job::LessonAutoConfirm, every: REMINDERS_EVERY, work: Arc::new(LessonAutoConfirm(self.lesson_record())) },
            Scheduled { job: Job::Invoicing, every: OFFER_LAPSE_EVERY, work: Arc::new(Invoicing(self.billing())) },
            Scheduled { job: Job::InvoiceReminders, every: REMINDERS_EVERY, work: Arc::new(InvoiceReminders(self.billing())) },
        ];
        Ok(Scheduler::new(ledger, owner, jobs))
    }
}

const SWEEP_EVERY: Duration = Duration::from_secs(600);
/// An offer lapses within a minute of its deadline; an invoice is issued within a minute of the
/// first confirmed lesson (at once when the family confirms it on the site).
const OFFER_LAPSE_EVERY: Duration = Duration::from_secs(60);
/// Reminders go out within ten minutes of six in the evening; unanswered lessons are confirmed
/// within ten minutes of their 72 hours.
const REMINDERS_EVERY: Duration = Duration::from_secs(600);

/// The senders of a command wired `Reach::ReadOnly`. Such a command has no use case that
/// sends, so reaching one is a wiring mistake: it fails loudly rather than dropping a message.
struct ReadOnly;

const READ_ONLY: &str = "this command was wired read-only and sends no messages";

#[async_trait]
impl SmsSender for ReadOnly {
    async fn send_sms(&self, _to: &Phone, _body: &str) -> Result<(), DeliveryError> {
        Err(DeliveryError(READ_ONLY.into()))
    }
}

#[async_trait]
impl Mailer for ReadOnly {
    async fn send_mail(&self, _to: &Email, _subject: &str, _body: &str) -> Result<(), DeliveryError> {
        Err(DeliveryError(READ_ONLY.into()))
    }
}
