//! Where cases live.

use async_trait::async_trait;
use uuid::Uuid;

use chrono::{DateTime, Utc};

use crate::cases::fees::{FeeSample, Quartiles};
use crate::cases::model::{Case, CaseDetails, CaseStatus, NewCase};
use crate::cases::search::CaseFilter;
use crate::shared::paging::{Page, PageRequest};
use crate::shared::storage::RepositoryError;

/// Where cases live.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait CaseRepository: Send + Sync {
    /// Stores new cases in one transaction and returns them with their numbers, in order.
    ///
    /// # Errors
    /// `Conflict` if an id is taken; `Unavailable` when the store fails (then nothing is stored).
    async fn insert(&self, cases: Vec<NewCase>) -> Result<Vec<Case>, RepositoryError>;

    /// The page of cases matching `filter`, newest first, with the exact total.
    ///
    /// # Errors
    /// `Unavailable` when the store fails.
    async fn search(&self, filter: &CaseFilter, page: PageRequest) -> Result<Page<Case>, RepositoryError>;

    /// The case with this number, whatever its status.
    ///
    /// # Errors
    /// `Unavailable` when the store fails.
    async fn find_by_number(&self, number: i64) -> Result<Option<Case>, RepositoryError>;

    /// The cases among `numbers` that exist, whatever their status, in no particular order:
    /// one query for a whole list.
    ///
    /// # Errors
    /// `Unavailable` when the store fails.
    async fn find_by_numbers(&self, numbers: &[i64]) -> Result<Vec<Case>, RepositoryError>;

    /// The tutor who confirmed the case's offer (the match), if any: besides the owner, the
    /// one member who keeps reading a matched case.
    ///
    /// # Errors
    /// `Unavailable` when the store fails.
    async fn matched_tutor(&self, number: i64) -> Result<Option<Uuid>, RepositoryError>;

    /// A number that changes whenever any case is written, by any process sharing the store.
    /// Readers cache search answers under it.
    ///
    /// # Errors
    /// `Unavailable` when the store fails.
    async fn board_version(&self) -> Result<i64, RepositoryError>;

    /// Replaces a case's content and sets its status, only if its status is still `from`;
    /// answers whether it changed.
    ///
    /// # Errors
    /// `Unavailable` when the store fails (then nothing changed).
    async fn update_details(
        &self,
        number: i64,
        details: CaseDetails,
        from: CaseStatus,
        to: CaseStatus,
        at: DateTime<Utc>,
    ) -> Result<bool, RepositoryError>;

    /// Moves a case from `from` to `to` only if its status is still `from`; answers whether it moved.
    ///
    /// # Errors
    /// `Unavailable` when the store fails.
    async fn transition(&self, number: i64, from: CaseStatus, to: CaseStatus, at: DateTime<Utc>) -> Result<bool, RepositoryError>;

    /// Fees per hour of the moderated (approved, matched or closed) cases parents posted in
    /// `sample`: count and quartiles by nearest rank ([`crate::cases::fees::rank`]), or None
    /// when there are none.
    ///
    /// # Errors
    /// `Unavailable` when the store fails.
    async fn hourly_fee_quartiles(&self, sample: &FeeSample) -> Result<Option<Quartiles>, RepositoryError>;
}

/// The public board's search index: approved cases found by filters and typed words, fast at
/// the size of the whole market. A read model derived from the [`CaseRepository`].
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait CaseIndex: Send + Sync {
    /// The approved cases `filter` finds on `page`, by relevance when it has words and newest
    /// first otherwise, with the exact total; each as the store held it at a read no older than
    /// the call (read now, or kept since). The answer includes every write committed before the
    /// call, by any process. A case removed from the store since the index found it is left
    /// out; one changed meanwhile may be as changed, and may no longer fit `filter`.
    ///
    /// # Errors
    /// `Unavailable` when the index or the store behind it fails.
    async fn find(&self, filter: &CaseFilter, page: PageRequest) -> Result<Page<Case>, RepositoryError>;
}
