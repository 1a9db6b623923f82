//! Adapters: the technology behind the domain's ports, grouped by technology.
//!
//! - `sql`: the repositories on SQLite and PostgreSQL (sqlx), one module per business area.
//! - `cache`: reads kept in memory in front of the database.
//! - `messaging`: SMS and e-mail, real providers and the development outboxes, and the words
//!   of every message in each language.
//! - `security`: password hashing, access tokens, opaque secrets, rate limits.
//! - `files`: uploaded files on the local disk or in an S3-compatible bucket.
//! - `search`: the search index (tantivy) of the case board and the tutor directory.
//! - `tls`: the one TLS crypto provider the HTTP and mail clients share.

pub mod cache;
pub mod files;
pub mod messaging;
pub mod search;
pub mod security;
pub mod sql;
pub mod tls;

pub use cache::board::BoardCache;
pub use files::local::LocalFileStore;
pub use files::s3::{S3FileStore, S3Settings};
pub use messaging::outbox::Outbox;
pub use messaging::sms_gateway::HttpSmsGateway;
pub use messaging::smtp_mailer::{SmtpMailer, SmtpSettings, SmtpTls};
pub use messaging::words::Wording;
pub use search::tantivy_search::{BuildReport, TantivySearch};
pub use security::jwt::JwtAccessTokens;
pub use security::link_signer::HmacLinkSigner;
pub use security::password::{Argon2Hasher, HashingLimits};
pub use security::rate_limiter::InMemoryRateLimiter;
pub use security::secret_tokens::RandomSecretTokens;
pub use sql::account_stores::SqlAccountStores;
pub use sql::alerts::SqlAlertRepository;
pub use sql::applications::SqlApplicationRepository;
pub use sql::audit::SqlAuditTrail;
pub use sql::bookings::SqlBookingRepository;
pub use sql::cases::SqlCaseRepository;
pub use sql::database::{Database, DatabaseError, Engine, PoolUsage};
pub use sql::invitations::SqlInvitationRepository;
pub use sql::invoices::SqlInvoiceRepository;
pub use sql::jobs::SqlJobLedger;
pub use sql::lessons::SqlLessonRepository;
pub use sql::rate_limits::SqlRateLimiter;
pub use sql::refresh_tokens::SqlRefreshTokenRepository;
pub use sql::reports::SqlMarketFacts;
pub use sql::reviews::SqlReviewRepository;
pub use sql::search_changes::SqlChangeFeed;
pub use sql::search_source::SqlSearchSource;
pub use sql::tutors::SqlTutorRepository;
pub use sql::user_directory::SqlUserDirectory;
pub use sql::users::SqlUserRepository;
