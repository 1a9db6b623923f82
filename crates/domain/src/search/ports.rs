//! The change feed a search index follows.

use async_trait::async_trait;
use uuid::Uuid;

use crate::cases::model::Case;
use crate::shared::storage::RepositoryError;
use crate::tutors::model::TutorProfile;

/// What a change touched: the index updates that one document.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Changed {
    /// A case, by number (inserted, edited, moved in its lifecycle, deleted).
    Case(i64),
    /// A tutor, by user id (profile, listing, reviews).
    Tutor(Uuid),
}

/// One change, under the version the store gave it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Change {
    pub version: i64,
    pub changed: Changed,
}

/// Every write to cases, tutors' profiles and reviews, by any process (every server on one
/// PostgreSQL, the back-office CLI), in the order of a version that only grows.
///
/// Versions become visible in the order they were given: a reader that has seen version N
/// never later finds a change below N, so "all changes after N" is all it needs to ask.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait ChangeFeed: Send + Sync {
    /// The newest version given (0 before any change).
    ///
    /// # Errors
    /// `Unavailable` when the store fails.
    async fn version(&self) -> Result<i64, RepositoryError>;

    /// The changes after `version`, oldest first, at most `limit`.
    ///
    /// # Errors
    /// `Unavailable` when the store fails.
    async fn changes_since(&self, version: i64, limit: u32) -> Result<Vec<Change>, RepositoryError>;
}

/// What a search index reads from the store: everything public in batches when it is built,
/// then the documents the change feed names.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait SearchSource: Send + Sync {
    /// Cases in any state numbered above `after`, by number, at most `limit` (the index keeps
    /// the public ones). By key alone, so every batch costs the same however deep it is.
    ///
    /// # Errors
    /// `Unavailable` when the store fails.
    async fn cases_after(&self, after: i64, limit: u32) -> Result<Vec<Case>, RepositoryError>;

    /// Tutors' profiles, listed or not, whose user number is above `after`, by number, at most
    /// `limit` (the index keeps the listed ones).
    ///
    /// # Errors
    /// `Unavailable` when the store fails.
    async fn tutors_after(&self, after: i64, limit: u32) -> Result<Vec<TutorProfile>, RepositoryError>;

    /// These cases, in any state; the missing ones are left out.
    ///
    /// # Errors
    /// `Unavailable` when the store fails.
    async fn cases(&self, numbers: &[i64]) -> Result<Vec<Case>, RepositoryError>;

    /// These tutors' profiles, active or not; the missing ones are left out.
    ///
    /// # Errors
    /// `Unavailable` when the store fails.
    async fn tutors(&self, ids: &[Uuid]) -> Result<Vec<TutorProfile>, RepositoryError>;

    /// These tutors' profiles by user number, active or not; the missing ones are left out.
    ///
    /// # Errors
    /// `Unavailable` when the store fails.
    async fn tutors_numbered(&self, numbers: &[i64]) -> Result<Vec<TutorProfile>, RepositoryError>;
}
