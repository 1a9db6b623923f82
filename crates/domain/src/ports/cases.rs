//! Where cases live.

use async_trait::async_trait;

use crate::case::{Case, NewCase};
use crate::case_search::CaseFilter;
use crate::paging::{Page, PageRequest};
use crate::ports::RepositoryError;

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

    /// A number that changes whenever any case is written, by any process sharing the store.
    /// Readers cache search answers under it.
    ///
    /// # Errors
    /// `Unavailable` when the store fails.
    async fn board_version(&self) -> Result<i64, RepositoryError>;
}
