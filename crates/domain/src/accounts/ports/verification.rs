//! Phone verification codes and grants, password reset tokens, organization documents.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use uuid::Uuid;

use crate::shared::files::StoredFile;
use crate::shared::identity::Phone;
use crate::shared::storage::RepositoryError;

/// The live SMS code of a phone (only its digest).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PhoneCode {
    pub code_hash: String,
    pub sent_at: DateTime<Utc>,
    pub expires_at: DateTime<Utc>,
    pub attempts: i64,
}

/// Where codes and grants live; every method is one atomic statement, so concurrent
/// requests cannot exceed the cooldown or the attempt limit.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait PhoneVerificationStore: Send + Sync {
    /// Stores `code` as the phone's live code (attempts 0), unless the current one was sent
    /// after `cooldown_since`. Returns whether it was stored.
    ///
    /// # Errors
    /// `Unavailable` when the store fails.
    async fn replace_code(&self, phone: &Phone, code: PhoneCode, cooldown_since: DateTime<Utc>) -> Result<bool, RepositoryError>;

    /// # Errors
    /// `Unavailable` when the store fails.
    async fn find_code(&self, phone: &Phone) -> Result<Option<PhoneCode>, RepositoryError>;

    /// Counts one attempt on a live code that has attempts left (`< max_attempts`) and has not
    /// expired at `now`, and returns its digest; `None` when there is no such code.
    ///
    /// # Errors
    /// `Unavailable` when the store fails.
    async fn spend_attempt(&self, phone: &Phone, max_attempts: i64, now: DateTime<Utc>) -> Result<Option<String>, RepositoryError>;

    /// # Errors
    /// `Unavailable` when the store fails.
    async fn delete_code(&self, phone: &Phone) -> Result<(), RepositoryError>;

    /// Records (or renews) the phone's verification grant, bound to the client that holds the
    /// secret behind `grant_hash` (its [`crate::accounts::ports::SecretTokens::digest`]); a phone has one
    /// grant, so a newer one replaces the older and its secret.
    ///
    /// # Errors
    /// `Unavailable` when the store fails.
    async fn grant(
        &self,
        phone: &Phone,
        grant_hash: &str,
        granted_at: DateTime<Utc>,
        expires_at: DateTime<Utc>,
    ) -> Result<(), RepositoryError>;

    /// Removes the phone's grant if its digest is `grant_hash` and it has not expired at `now`,
    /// in one statement; returns whether there was one. Of two concurrent calls at most one
    /// MUST return true.
    ///
    /// # Errors
    /// `Unavailable` when the store fails.
    async fn consume_grant(&self, phone: &Phone, grant_hash: &str, now: DateTime<Utc>) -> Result<bool, RepositoryError>;
}

/// Password reset links (only their digests).
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait PasswordResetStore: Send + Sync {
    /// Stores a new link of `user_id` and voids the user's other outstanding links, in one
    /// transaction: only the newest link works.
    ///
    /// # Errors
    /// `Unavailable` when the store fails.
    async fn insert(
        &self,
        token_hash: &str,
        user_id: Uuid,
        created_at: DateTime<Utc>,
        expires_at: DateTime<Utc>,
    ) -> Result<(), RepositoryError>;

    /// Marks the token used if it is unused and unexpired at `now`, returning its user, and
    /// voids every other outstanding link of that user in the same statement (a completed
    /// reset leaves no link that works). Of two concurrent calls with links of one user at
    /// most one MUST get the user.
    ///
    /// # Errors
    /// `Unavailable` when the store fails.
    async fn redeem(&self, token_hash: &str, now: DateTime<Utc>) -> Result<Option<Uuid>, RepositoryError>;
}

/// The two documents an organization uploads at registration.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OrgDocumentKind {
    BusinessRegistration,
    AddressProof,
}

impl OrgDocumentKind {
    pub fn key(self) -> &'static str {
        match self {
            Self::BusinessRegistration => "business-registration",
            Self::AddressProof => "address-proof",
        }
    }

    pub fn parse(key: &str) -> Option<Self> {
        match key {
            "business-registration" => Some(Self::BusinessRegistration),
            "address-proof" => Some(Self::AddressProof),
            _ => None,
        }
    }
}

/// A stored organization document.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrgDocument {
    pub kind: OrgDocumentKind,
    pub file: StoredFile,
    /// `application/pdf`, `image/jpeg` or `image/png`.
    pub content_type: String,
}

#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait OrgDocumentRepository: Send + Sync {
    /// # Errors
    /// `Unavailable` when the store fails.
    async fn insert(&self, user_id: Uuid, document: OrgDocument, at: DateTime<Utc>) -> Result<(), RepositoryError>;

    /// # Errors
    /// `Unavailable` when the store fails.
    async fn list(&self, user_id: Uuid) -> Result<Vec<OrgDocument>, RepositoryError>;

    /// A rejected organization's new documents: replaces those of the same kinds and moves the
    /// account back to `pending` (clearing the rejection reason), in one transaction. Returns
    /// false, changing nothing, when `user_id` is not a rejected organization (any more).
    ///
    /// # Errors
    /// `Unavailable` when the store fails.
    async fn resubmit(&self, user_id: Uuid, documents: &[OrgDocument], at: DateTime<Utc>) -> Result<bool, RepositoryError>;
}
