//! The public case board: what anyone may browse.

use std::sync::Arc;

use thiserror::Error;

use crate::cases::model::Case;
use crate::cases::ports::CaseRepository;
use crate::cases::search::{CaseFilter, CaseQuery};
use crate::shared::paging::{Page, PageRequest};
use crate::shared::storage::RepositoryError;
use crate::shared::validation::ValidationErrors;

#[derive(Debug, Error)]
pub enum BrowseCasesError {
    #[error("{0}")]
    Invalid(ValidationErrors),
    #[error("找不到這個補習個案")]
    NotFound,
    #[error(transparent)]
    Repository(#[from] RepositoryError),
}

/// Read access to approved cases.
///
/// The board is read far more than it is written: give it a repository that keeps answers
/// while the board is unchanged (the adapters' `BoardCache`).
#[derive(Clone)]
pub struct CaseBoard {
    cases: Arc<dyn CaseRepository>,
}

impl CaseBoard {
    pub fn new(cases: Arc<dyn CaseRepository>) -> Self {
        Self { cases }
    }

    /// Approved cases matching the visitor's filters, newest first.
    ///
    /// # Errors
    /// `Invalid` for an unknown level, region or post type; `Repository` when storage fails.
    pub async fn search(&self, query: &CaseQuery, page: PageRequest) -> Result<Page<Case>, BrowseCasesError> {
        let filter = CaseFilter::public_search(query).map_err(BrowseCasesError::Invalid)?;
        Ok(self.cases.search(&filter, page).await?)
    }

    /// The newest approved cases, for the home page.
    ///
    /// # Errors
    /// `Repository` when storage fails.
    pub async fn latest(&self, page: PageRequest) -> Result<Page<Case>, BrowseCasesError> {
        Ok(self.cases.search(&CaseFilter::public(), page).await?)
    }

    /// Changes whenever any case changes; see [`CaseRepository::board_version`].
    ///
    /// # Errors
    /// `Repository` when storage fails.
    pub async fn version(&self) -> Result<i64, BrowseCasesError> {
        Ok(self.cases.board_version().await?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cases::model::CaseStatus;
    use crate::cases::ports::MockCaseRepository;

    #[tokio::test]
    async fn searches_only_approved_cases_and_refuses_bad_filters_before_storage() {
        let mut repo = MockCaseRepository::new();
        repo.expect_search()
            .withf(|filter, _| filter.status == Some(CaseStatus::Approved))
            .times(1)
            .returning(|_, page| Ok(Page { items: vec![], total: 0, request: page }));
        let board = CaseBoard::new(Arc::new(repo));
        board.search(&CaseQuery::default(), PageRequest::default()).await.unwrap();
        let bad = CaseQuery { level: Some("nope".into()), ..Default::default() };
        assert!(matches!(board.search(&bad, PageRequest::default()).await, Err(BrowseCasesError::Invalid(_))));
    }
}
