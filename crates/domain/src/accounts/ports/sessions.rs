//! Refresh tokens and the opaque secrets behind them.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use uuid::Uuid;

use crate::shared::storage::RepositoryError;

/// One stored refresh token. The token itself is never stored, only its digest.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RefreshTokenRecord {
    pub id: Uuid,
    /// Every token descended from one login; reuse of a rotated token revokes them all.
    pub family_id: Uuid,
    pub user_id: Uuid,
    /// [`SecretTokens::digest`] of the token.
    pub token_hash: String,
    pub created_at: DateTime<Utc>,
    pub expires_at: DateTime<Utc>,
    /// Set when it was exchanged for a new one: presenting it again is reuse.
    pub rotated_at: Option<DateTime<Utc>>,
    /// Set by logout or by reuse detection.
    pub revoked_at: Option<DateTime<Utc>>,
}

/// Where refresh tokens live.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait RefreshTokenRepository: Send + Sync {
    /// # Errors
    /// `Unavailable` when the store fails.
    async fn insert(&self, record: RefreshTokenRecord) -> Result<(), RepositoryError>;

    /// # Errors
    /// `Unavailable` when the store fails.
    async fn find_by_hash(&self, token_hash: &str) -> Result<Option<RefreshTokenRecord>, RepositoryError>;

    /// Exchanges token `old_id` for `new`, as ONE atomic step: marks `old_id` rotated only if it
    /// is still neither rotated nor revoked and, only then, stores `new`. Returns whether this
    /// call did it: of several requests racing with one token exactly one MUST win, and the new
    /// token MUST be stored (visible to other statements) before any loser learns it lost, so
    /// that the loser's [`RefreshTokenRepository::revoke_family`] finds it.
    ///
    /// # Errors
    /// `Unavailable` when the store fails.
    async fn rotate(&self, old_id: Uuid, new: RefreshTokenRecord, at: DateTime<Utc>) -> Result<bool, RepositoryError>;

    /// Revokes every token of a family (reuse detected, or logout). When it returns, no token
    /// of the family is live, even one stored by a [`RefreshTokenRepository::rotate`] that ran
    /// at the same time.
    ///
    /// # Errors
    /// `Unavailable` when the store fails.
    async fn revoke_family(&self, family_id: Uuid, at: DateTime<Utc>) -> Result<(), RepositoryError>;

    /// Revokes every token of a user (password reset: every device is logged out), with the
    /// same guarantee against concurrent rotations as `revoke_family`.
    ///
    /// # Errors
    /// `Unavailable` when the store fails.
    async fn revoke_user(&self, user_id: Uuid, at: DateTime<Utc>) -> Result<(), RepositoryError>;

    /// Revokes every token of a user except those of `keep_family` (password change: the
    /// device that changed it stays logged in, every other one is logged out), with the same
    /// guarantee against concurrent rotations as `revoke_family`.
    ///
    /// # Errors
    /// `Unavailable` when the store fails.
    async fn revoke_user_except(&self, user_id: Uuid, keep_family: Uuid, at: DateTime<Utc>) -> Result<(), RepositoryError>;
}

/// Unguessable one-time secrets (refresh tokens, reset links) and the digest kept of them.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
pub trait SecretTokens: Send + Sync {
    /// A fresh random secret of 256 bits, URL-safe.
    fn generate(&self) -> String;

    /// A one-way digest (SHA-256, hex) to store and look the secret up by.
    fn digest(&self, secret: &str) -> String;

    /// A random 6-digit SMS code, `000000`–`999999`.
    fn sms_code(&self) -> String;
}
