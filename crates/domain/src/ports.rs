//! Capabilities the domain needs from the outside world. Adapters implement them.

use async_trait::async_trait;
use thiserror::Error;

use crate::case::{Case, NewCase};
use crate::case_search::CaseFilter;
use crate::paging::{Page, PageRequest};

/// A storage failure, translated by the adapter from its driver's error.
#[derive(Debug, Error)]
pub enum RepositoryError {
    /// A uniqueness rule would be broken (the constraint's name says which).
    #[error("conflict on {0}")]
    Conflict(String),
    /// The store could not answer; the request may succeed later.
    #[error("storage unavailable: {0}")]
    Unavailable(#[source] Box<dyn std::error::Error + Send + Sync>),
}

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
