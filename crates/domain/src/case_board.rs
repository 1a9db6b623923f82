//! The public case board: what anyone may browse.

use std::sync::Arc;

use thiserror::Error;

use crate::case::Case;
use crate::case_search::{CaseFilter, CaseQuery};
use crate::paging::{Page, PageRequest};
use crate::ports::{CaseRepository, RepositoryError};
use crate::validation::ValidationErrors;

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

    /// An approved case by its number. Others' unapproved cases are indistinguishable from missing ones.
    ///
    /// # Errors
    /// `NotFound` when there is no such public case; `Repository` when storage fails.
    pub async fn public_case(&self, number: i64) -> Result<Case, BrowseCasesError> {
        match self.cases.find_by_number(number).await? {
            Some(case) if case.is_public() => Ok(case),
            _ => Err(BrowseCasesError::NotFound),
        }
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
    use crate::case::tests::valid_form;
    use crate::case::{CaseDetails, CaseStatus};
    use crate::ports::MockCaseRepository;
    use chrono::Utc;
    use uuid::Uuid;

    fn case_with(status: CaseStatus) -> Case {
        Case {
            id: Uuid::new_v4(),
            number: 10001,
            owner_id: None,
            details: CaseDetails::parse(&valid_form()).unwrap(),
            status,
            created_at: Utc::now(),
            updated_at: Utc::now(),
        }
    }

    #[tokio::test]
    async fn hides_cases_that_are_not_approved() {
        let mut repo = MockCaseRepository::new();
        repo.expect_find_by_number().returning(|_| Ok(Some(case_with(CaseStatus::Pending))));
        let board = CaseBoard::new(Arc::new(repo));
        assert!(matches!(board.public_case(10001).await, Err(BrowseCasesError::NotFound)));
    }

    #[tokio::test]
    async fn shows_an_approved_case() {
        let mut repo = MockCaseRepository::new();
        repo.expect_find_by_number().returning(|_| Ok(Some(case_with(CaseStatus::Approved))));
        let board = CaseBoard::new(Arc::new(repo));
        assert_eq!(board.public_case(10001).await.unwrap().number, 10001);
    }

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
