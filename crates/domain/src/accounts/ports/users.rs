//! Where accounts live.

use async_trait::async_trait;
use uuid::Uuid;

use crate::accounts::user::{NewUser, User};
use crate::shared::identity::{Email, Phone};
use crate::shared::language::Language;
use crate::shared::storage::RepositoryError;

#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait UserRepository: Send + Sync {
    /// Stores a new account and returns it with its number.
    ///
    /// # Errors
    /// `Conflict` naming `phone` or `email` when either is taken (also under concurrency:
    /// the store's unique indexes decide); `Unavailable` when the store fails.
    async fn insert(&self, user: NewUser) -> Result<User, RepositoryError>;

    /// # Errors
    /// `Unavailable` when the store fails.
    async fn find_by_id(&self, id: Uuid) -> Result<Option<User>, RepositoryError>;

    /// The users among `ids` that exist, in no particular order: one query for a whole list
    /// (applicants, bookings) instead of one per row.
    ///
    /// # Errors
    /// `Unavailable` when the store fails.
    async fn find_by_ids(&self, ids: &[Uuid]) -> Result<Vec<User>, RepositoryError>;

    /// # Errors
    /// `Unavailable` when the store fails.
    async fn find_by_phone(&self, phone: &Phone) -> Result<Option<User>, RepositoryError>;

    /// # Errors
    /// `Unavailable` when the store fails.
    async fn find_by_email(&self, email: &Email) -> Result<Option<User>, RepositoryError>;

    /// The stored password hash (never the password).
    ///
    /// # Errors
    /// `Unavailable` when the store fails.
    async fn password_hash(&self, id: Uuid) -> Result<Option<String>, RepositoryError>;

    /// # Errors
    /// `Unavailable` when the store fails.
    async fn set_password_hash(&self, id: Uuid, hash: String) -> Result<(), RepositoryError>;

    /// The language the member reads from now on.
    ///
    /// # Errors
    /// `Unavailable` when the store fails.
    async fn set_language(&self, id: Uuid, language: Language) -> Result<(), RepositoryError>;
}
