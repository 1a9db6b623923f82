//! Password hashing and access tokens.

use async_trait::async_trait;
use thiserror::Error;
use uuid::Uuid;

use crate::shared::identity::Password;

/// The hasher is at its concurrency limit and this request waited as long as it may.
///
/// Hashing is deliberately expensive in memory and CPU, so it is bounded rather than left to
/// any burst of requests; the caller answers "busy, try again" (HTTP 503).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
#[error("hashing_busy")]
pub struct HashingBusy;

/// One-way password hashing (argon2id in production).
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait PasswordHasher: Send + Sync {
    /// A salted hash in PHC string format.
    ///
    /// # Errors
    /// `HashingBusy` when no hashing slot became free in time.
    async fn hash(&self, password: &Password) -> Result<String, HashingBusy>;

    /// Whether `candidate` is the password behind `hash`. MUST take the same time for
    /// wrong passwords as for right ones, and MUST return false for a malformed hash.
    ///
    /// # Errors
    /// `HashingBusy` when no hashing slot became free in time.
    async fn verify(&self, candidate: &str, hash: &str) -> Result<bool, HashingBusy>;
}

#[derive(Debug, Error, PartialEq, Eq)]
pub enum AccessTokenError {
    #[error("access_token_expired")]
    Expired,
    #[error("access_token_invalid")]
    Invalid,
}

/// Short-lived bearer tokens that name the user (JWT, HS256; payload carries `id`).
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
pub trait AccessTokens: Send + Sync {
    /// A signed token for this user, valid for the configured lifetime.
    fn issue(&self, user_id: Uuid) -> String;

    /// The user a token names, if it is genuine and unexpired.
    ///
    /// # Errors
    /// `Expired` or `Invalid`.
    fn verify(&self, token: &str) -> Result<Uuid, AccessTokenError>;
}
