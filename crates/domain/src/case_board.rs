//! The public case board: what anyone may browse.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use tokio::sync::OnceCell;

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

/// Board answers kept while the board is unchanged.
///
/// The board is read far more than it is written, and an exact `total` costs a count over
/// every match. Answers are keyed by the store's board version, which every write to cases
/// moves (a database trigger), so a write by any process — another server, the back-office
/// CLI — retires them at once: no answer is ever served stale.
///
/// Each page is computed once per version: the callers that miss the same page together wait
/// for one search instead of each running it (after every write, a busy board would
/// otherwise run the same expensive count once per waiting visitor).
#[derive(Default)]
struct BoardCache {
    version: i64,
    pages: HashMap<(CaseFilter, PageRequest), Arc<OnceCell<Page<Case>>>>,
}

impl BoardCache {
    /// Enough for every page people actually open; past it the cache starts over.
    const MAX_PAGES: usize = 2_000;

    /// The page's slot under `version`, or None when `version` is older than the cache's
    /// (a slow caller: it searches on its own rather than turn the cache back).
    fn slot(&mut self, version: i64, key: (CaseFilter, PageRequest)) -> Option<Arc<OnceCell<Page<Case>>>> {
        if version < self.version {
            return None;
        }
        if version > self.version || self.pages.len() >= Self::MAX_PAGES {
            self.version = version;
            self.pages.clear();
        }
        Some(self.pages.entry(key).or_default().clone())
    }
}

/// Read access to approved cases.
#[derive(Clone)]
pub struct CaseBoard {
    cases: Arc<dyn CaseRepository>,
    cache: Arc<Mutex<BoardCache>>,
}

impl CaseBoard {
    pub fn new(cases: Arc<dyn CaseRepository>) -> Self {
        Self { cases, cache: Arc::default() }
    }

    /// Approved cases matching the visitor's filters, newest first.
    ///
    /// # Errors
    /// `Invalid` for an unknown level, region or post type; `Repository` when storage fails.
    pub async fn search(&self, query: &CaseQuery, page: PageRequest) -> Result<Page<Case>, BrowseCasesError> {
        let filter = CaseFilter::public_search(query).map_err(BrowseCasesError::Invalid)?;
        self.cached_search(filter, page).await
    }

    /// The newest approved cases, for the home page.
    ///
    /// # Errors
    /// `Repository` when storage fails.
    pub async fn latest(&self, page: PageRequest) -> Result<Page<Case>, BrowseCasesError> {
        self.cached_search(CaseFilter::public(), page).await
    }

    async fn cached_search(&self, filter: CaseFilter, page: PageRequest) -> Result<Page<Case>, BrowseCasesError> {
        // Read the version first: whatever the search then sees is at least that new, so an
        // answer is never filed under a version older than its data.
        let version = self.cases.board_version().await?;
        let slot = self.cache.lock().expect("the board cache lock is never poisoned").slot(version, (filter.clone(), page));
        let Some(slot) = slot else {
            return Ok(self.cases.search(&filter, page).await?);
        };
        // A failed search leaves the slot empty: the next caller tries again.
        let answer = slot.get_or_try_init(|| self.cases.search(&filter, page)).await?;
        Ok(answer.clone())
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
            applicant_count: 0,
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
        repo.expect_board_version().returning(|| Ok(1));
        repo.expect_search()
            .withf(|filter, _| filter.status == Some(CaseStatus::Approved))
            .times(1)
            .returning(|_, page| Ok(Page { items: vec![], total: 0, request: page }));
        let board = CaseBoard::new(Arc::new(repo));
        board.search(&CaseQuery::default(), PageRequest::default()).await.unwrap();
        let bad = CaseQuery { level: Some("nope".into()), ..Default::default() };
        assert!(matches!(board.search(&bad, PageRequest::default()).await, Err(BrowseCasesError::Invalid(_))));
    }

    #[tokio::test]
    async fn answers_repeated_searches_from_memory_until_the_board_changes() {
        let version = Arc::new(std::sync::atomic::AtomicI64::new(1));
        let mut repo = MockCaseRepository::new();
        let seen = version.clone();
        repo.expect_board_version().returning(move || Ok(seen.load(std::sync::atomic::Ordering::SeqCst)));
        repo.expect_search()
            .times(2)
            .returning(|_, page| Ok(Page { items: vec![case_with(CaseStatus::Approved)], total: 1, request: page }));
        let board = CaseBoard::new(Arc::new(repo));
        let query = CaseQuery { districts: vec!["觀塘區".into()], ..Default::default() };
        board.search(&query, PageRequest::default()).await.unwrap();
        board.search(&query, PageRequest::default()).await.unwrap();
        version.store(2, std::sync::atomic::Ordering::SeqCst);
        assert_eq!(board.search(&query, PageRequest::default()).await.unwrap().total, 1);
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
    async fn visitors_missing_the_same_page_together_share_one_search() {
        let mut repo = MockCaseRepository::new();
        repo.expect_board_version().returning(|| Ok(1));
        repo.expect_search().times(1).returning(|_, page| {
            // Slow enough that every visitor arrives while it runs.
            std::thread::sleep(std::time::Duration::from_millis(50));
            Ok(Page { items: vec![], total: 0, request: page })
        });
        let board = CaseBoard::new(Arc::new(repo));
        let visitors: Vec<_> = (0..32)
            .map(|_| {
                let board = board.clone();
                tokio::spawn(async move { board.search(&CaseQuery::default(), PageRequest::default()).await })
            })
            .collect();
        for visitor in visitors {
            assert_eq!(visitor.await.unwrap().unwrap().total, 0);
        }
    }

    #[tokio::test]
    async fn a_failed_search_is_not_kept() {
        let mut repo = MockCaseRepository::new();
        repo.expect_board_version().returning(|| Ok(1));
        let mut calls = 0;
        repo.expect_search().times(2).returning(move |_, page| {
            calls += 1;
            if calls == 1 { Err(RepositoryError::Unavailable("down".into())) } else { Ok(Page { items: vec![], total: 3, request: page }) }
        });
        let board = CaseBoard::new(Arc::new(repo));
        assert!(board.search(&CaseQuery::default(), PageRequest::default()).await.is_err());
        assert_eq!(board.search(&CaseQuery::default(), PageRequest::default()).await.unwrap().total, 3);
    }
}
