//! Where lessons and the arrangements they hang on live.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use uuid::Uuid;

use crate::lessons::model::{Arrangement, Ending, Lesson, LessonStatus, NewLesson};
use crate::shared::storage::RepositoryError;

#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait LessonRepository: Send + Sync {
    /// The confirmed match (by its offer's id) or the accepted booking (by its id) `id` names.
    ///
    /// # Errors
    /// `Unavailable` when the store fails.
    async fn arrangement(&self, id: Uuid) -> Result<Option<Arrangement>, RepositoryError>;

    /// Numbers and stores a lesson, unless the arrangement was ended (then `None`, also when
    /// the ending races this insert).
    ///
    /// # Errors
    /// `Conflict(LessonPerStart)` when the arrangement has a lesson (not a cancellation) at that
    /// start already (the store's unique index decides, also under concurrency); `Unavailable`
    /// when it fails.
    async fn insert(&self, lesson: NewLesson) -> Result<Option<Lesson>, RepositoryError>;

    /// # Errors
    /// `Unavailable` when the store fails.
    async fn find(&self, number: i64) -> Result<Option<Lesson>, RepositoryError>;

    /// An arrangement's lessons, latest start first.
    ///
    /// # Errors
    /// `Unavailable` when the store fails.
    async fn for_arrangement(&self, arrangement: Uuid) -> Result<Vec<Lesson>, RepositoryError>;

    /// The family's answer: a recorded lesson, recorded after `recorded_after`, -> `to`
    /// (confirmed by the family, or disputed with `reason`). Answers whether it moved.
    ///
    /// # Errors
    /// `Unavailable` when the store fails.
    async fn answer(
        &self,
        number: i64,
        to: LessonStatus,
        reason: Option<String>,
        recorded_after: DateTime<Utc>,
    ) -> Result<bool, RepositoryError>;

    /// Confirms (by timeout) every lesson still recorded at `recorded_before` and answers them:
    /// one conditional update, so of several servers each lesson goes to one.
    ///
    /// # Errors
    /// `Unavailable` when the store fails.
    async fn confirm_unanswered(&self, recorded_before: DateTime<Utc>) -> Result<Vec<Lesson>, RepositoryError>;

    /// Disputed lessons, oldest first (at most `limit`).
    ///
    /// # Errors
    /// `Unavailable` when the store fails.
    async fn disputed(&self, limit: u32) -> Result<Vec<Lesson>, RepositoryError>;

    /// The back office settles a disputed lesson: -> confirmed (by it) or not-held, with its
    /// reason. Answers whether it moved.
    ///
    /// # Errors
    /// `Unavailable` when the store fails.
    async fn resolve(&self, number: i64, held: bool, reason: &str) -> Result<bool, RepositoryError>;

    /// Ends the arrangement, once: answers false when it was ended already (also when two
    /// requests race).
    ///
    /// # Errors
    /// `Unavailable` when the store fails.
    async fn end(&self, id: Uuid, ending: &Ending) -> Result<bool, RepositoryError>;

    /// In one transaction, when the ended match was not reopened yet: marks it reopened, the
    /// case matched -> approved (back on the board, no second moderation), the case's declined
    /// applications -> applied and the ended tutor's -> ended. Answers whether this call did it.
    ///
    /// # Errors
    /// `Unavailable` when the store fails (then nothing changed).
    async fn reopen_case(&self, id: Uuid, case_number: i64, tutor: Uuid, at: DateTime<Utc>) -> Result<bool, RepositoryError>;
}
