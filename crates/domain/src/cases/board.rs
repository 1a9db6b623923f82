//! The public case board: what anyone may browse.

use std::sync::Arc;

use thiserror::Error;

use crate::cases::model::Case;
use crate::cases::ports::{CaseIndex, CaseRepository};
use crate::cases::search::CaseFilter;
use crate::shared::paging::{Page, PageRequest};
use crate::shared::storage::RepositoryError;
use crate::shared::validation::ValidationErrors;

#[derive(Debug, Error)]
pub enum BrowseCasesError {
    #[error("invalid: {0}")]
    Invalid(ValidationErrors),
    #[error("not_found")]
    NotFound,
    #[error(transparent)]
    Repository(#[from] RepositoryError),
}

/// Read access to approved cases: the search index finds them and reads them from the store.
#[derive(Clone)]
pub struct CaseBoard {
    cases: Arc<dyn CaseRepository>,
    index: Arc<dyn CaseIndex>,
}

impl CaseBoard {
    pub fn new(cases: Arc<dyn CaseRepository>, index: Arc<dyn CaseIndex>) -> Self {
        Self { cases, index }
    }

    /// Approved cases matching a search of the board (built by [`CaseFilter::board_search`],
    /// which the caller runs first so that nothing it refuses reaches a cache or the index), by
    /// relevance when there are words and newest first otherwise.
    ///
    /// # Errors
    /// `Invalid` for a page past [`PageRequest::MAX_SEARCH_DEPTH`]; `Repository` when storage fails.
    pub async fn search(&self, filter: &CaseFilter, page: PageRequest) -> Result<Page<Case>, BrowseCasesError> {
        self.find(filter, page).await
    }

    /// The newest approved cases, for the home page.
    ///
    /// # Errors
    /// `Invalid` for a page past [`PageRequest::MAX_SEARCH_DEPTH`]; `Repository` when storage fails.
    pub async fn latest(&self, page: PageRequest) -> Result<Page<Case>, BrowseCasesError> {
        self.find(&CaseFilter::public(), page).await
    }

    async fn find(&self, filter: &CaseFilter, page: PageRequest) -> Result<Page<Case>, BrowseCasesError> {
        let page = page.within_search_depth().map_err(BrowseCasesError::Invalid)?;
        let found = self.index.find(filter, page).await?;
        // In the index's order. A case that changed after the index found it and no longer
        // fits (taken off the board a moment ago) is left out rather than shown against the filters.
        let items = found.items.into_iter().filter(|case| filter.matches(case)).collect();
        Ok(Page { items, total: found.total, request: found.request })
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
    use crate::cases::model::tests::case_with_status;
    use crate::cases::ports::{MockCaseIndex, MockCaseRepository};

    #[tokio::test]
    async fn searches_only_approved_cases() {
        let mut index = MockCaseIndex::new();
        index
            .expect_find()
            .withf(|filter, _| filter.own.status == Some(CaseStatus::Approved) && filter.words.words() == ["代數"])
            .times(1)
            .returning(|_, page| Ok(Page { items: vec![], total: 0, request: page }));
        let board = CaseBoard::new(Arc::new(MockCaseRepository::new()), Arc::new(index));
        let filter = CaseFilter::board_search(&crate::cases::search::CaseQuery::default(), Some("代數"), None).unwrap();
        board.search(&filter, PageRequest::default()).await.unwrap();
    }

    #[tokio::test]
    async fn keeps_the_index_order_and_leaves_out_a_case_taken_off_the_board_meanwhile() {
        let mut index = MockCaseIndex::new();
        index.expect_find().returning(|_, page| {
            let found = [(3, CaseStatus::Approved), (1, CaseStatus::Approved), (2, CaseStatus::Matched)];
            Ok(Page { items: found.map(|(number, status)| case_with_status(number, status)).to_vec(), total: 3, request: page })
        });
        let board = CaseBoard::new(Arc::new(MockCaseRepository::new()), Arc::new(index));
        let page = board.latest(PageRequest::default()).await.unwrap();
        assert_eq!(page.items.iter().map(|c| c.number).collect::<Vec<_>>(), [3, 1]);
        assert_eq!(page.total, 3);
    }
}
