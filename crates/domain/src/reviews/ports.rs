//! Where reviews live.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use uuid::Uuid;

use crate::reviews::model::{NewReview, Review, ReviewStatus, ReviewText};
use crate::shared::paging::{Page, PageRequest};
use crate::shared::storage::RepositoryError;

/// What became of a reply or a moderation: done, or the review is not in the state it needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReviewChange {
    Done,
    /// Replied already, or already hidden (or visible) when asked to hide (or restore).
    Unchanged,
    NotFound,
}

/// Reviews, reports of them, and the lessons that allow one.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait ReviewRepository: Send + Sync {
    /// The lessons confirmed on the record of every match and booking between the author (the
    /// family) and the tutor.
    ///
    /// # Errors
    /// `Unavailable` when the store fails.
    async fn confirmed_lessons(&self, author_id: Uuid, tutor_id: Uuid) -> Result<u32, RepositoryError>;

    /// Stores a review, visible.
    ///
    /// # Errors
    /// `Conflict(ReviewPerAuthorAndTutor)` when the author reviewed the tutor already (the
    /// store's unique index decides, also under concurrency); `Unavailable` otherwise.
    async fn insert(&self, review: NewReview) -> Result<Review, RepositoryError>;

    /// # Errors
    /// `Unavailable` when the store fails.
    async fn find(&self, number: i64) -> Result<Option<Review>, RepositoryError>;

    /// The author's review of the tutor, whatever its status.
    ///
    /// # Errors
    /// `Unavailable` when the store fails.
    async fn by_author(&self, author_id: Uuid, tutor_id: Uuid) -> Result<Option<Review>, RepositoryError>;

    /// A tutor's reviews in `status`, newest first, with the exact total.
    ///
    /// # Errors
    /// `Unavailable` when the store fails.
    async fn for_tutor(&self, tutor_id: Uuid, status: ReviewStatus, page: PageRequest) -> Result<Page<Review>, RepositoryError>;

    /// Back office: reviews newest first, optionally only in `status` and only reported ones.
    ///
    /// # Errors
    /// `Unavailable` when the store fails.
    async fn list(&self, status: Option<ReviewStatus>, reported_only: bool, page: PageRequest) -> Result<Page<Review>, RepositoryError>;

    /// Adds the tutor's reply, only if the review is the tutor's and has none (conditionally,
    /// so of two racing replies one wins).
    ///
    /// # Errors
    /// `Unavailable` when the store fails.
    async fn reply(&self, number: i64, tutor_id: Uuid, text: &ReviewText, at: DateTime<Utc>) -> Result<ReviewChange, RepositoryError>;

    /// Records one member's report with its reason; false when they reported it already.
    ///
    /// # Errors
    /// `Unavailable` when the store fails.
    async fn report(&self, number: i64, reporter_id: Uuid, reason: &str, at: DateTime<Utc>) -> Result<bool, RepositoryError>;

    /// Moves a review to `to` from the other status, with the back office's reason.
    ///
    /// # Errors
    /// `Unavailable` when the store fails.
    async fn moderate(
        &self,
        number: i64,
        to: ReviewStatus,
        reason: &str,
        by: &str,
        at: DateTime<Utc>,
    ) -> Result<ReviewChange, RepositoryError>;
}
