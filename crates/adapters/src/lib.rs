//! Adapters: the technology behind the domain's ports.

pub mod application_repository;
pub mod booking_repository;
pub mod account_stores;
pub mod case_repository;
pub mod coalesced_read;
pub mod database;
pub mod file_store;
pub mod jwt;
pub mod outbox;
pub mod password;
pub mod rate_limiter;
pub mod refresh_token_repository;
pub mod secret_tokens;
pub mod sql;
pub mod tutor_repository;
pub mod user_directory_repository;
pub mod user_repository;

pub use application_repository::SqlApplicationRepository;
pub use booking_repository::SqlBookingRepository;
pub use account_stores::SqlAccountStores;
pub use case_repository::SqlCaseRepository;
pub use database::{Database, DatabaseError, Engine};
pub use file_store::LocalFileStore;
pub use jwt::JwtAccessTokens;
pub use outbox::Outbox;
pub use password::Argon2Hasher;
pub use tutor_repository::SqlTutorRepository;
pub use rate_limiter::InMemoryRateLimiter;
pub use refresh_token_repository::SqlRefreshTokenRepository;
pub use secret_tokens::RandomSecretTokens;
pub use user_directory_repository::SqlUserDirectory;
pub use user_repository::SqlUserRepository;
