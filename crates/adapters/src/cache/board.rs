//! Board answers read from SQL (recommended cases' searches, the fee guidance's quartiles)
//! kept while the board is unchanged: a decorator of the case repository. The public board
//! itself is answered by the search index.
//!
//! These reads are repeated far more than the board is written, and they are dear: at a
//! million cases one fee guide (quartiles over every case alike) takes about half a second,
//! kept it takes a lookup (ADR 0074 has the measurement). Answers are keyed by the store's
//! board version, which every write to cases moves (a database trigger), so a write by any
//! process (another server, the back-office CLI) retires them at once: no answer is ever
//! served stale.
//!
//! Each page is computed once per version: the callers that miss the same page together wait
//! for one search instead of each running it (after every write, a busy board would
//! otherwise run the same expensive count once per waiting visitor).

use std::future::Future;
use std::hash::Hash;
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use tutorhub_domain::cases::fees::{FeeSample, Quartiles};
use tutorhub_domain::cases::model::{Case, CaseDetails, CaseStatus, NewCase};
use tutorhub_domain::cases::ports::CaseRepository;
use tutorhub_domain::cases::search::CaseFilter;
use tutorhub_domain::shared::paging::{Page, PageRequest};
use tutorhub_domain::shared::storage::RepositoryError;
use uuid::Uuid;

use super::bounded::{BoundedAsync, bounded_async};
use super::weight::Weight;

/// Answers of one kind, filed under the board version they were computed at (moka's, bounded
/// in bytes: `super::bounded`).
struct Versioned<K, V> {
    answers: BoundedAsync<(i64, K), V>,
    /// The newest version an answer was asked for at: when it moves, the store is let go.
    newest: AtomicI64,
}

impl Weight for (CaseFilter, PageRequest) {
    fn weight(&self) -> usize {
        // The debug form is a little longer than the strings it shows: it errs on the large side.
        size_of::<Self>() + format!("{:?}", self.0).len()
    }
}

impl Weight for Page<Case> {
    fn weight(&self) -> usize {
        size_of::<Self>() + self.items.iter().map(Weight::weight).sum::<usize>()
    }
}

impl Weight for FeeSample {
    fn weight(&self) -> usize {
        size_of::<Self>() + self.grade.as_ref().map_or(0, String::len) + self.subject.as_ref().map_or(0, String::len)
    }
}

impl Weight for Option<Quartiles> {
    fn weight(&self) -> usize {
        size_of::<Self>()
    }
}

impl<K, V> Versioned<K, V>
where
    K: Hash + Eq + Weight + Send + Sync + 'static,
    V: Clone + Weight + Send + Sync + 'static,
{
    /// Room for every page and fee guide people open between two writes; pages are
    /// recommendations' (up to 100 cases each, tens of kilobytes to hundreds).
    const MAX_BYTES: usize = 32 * 1024 * 1024;

    fn new() -> Self {
        let answers = bounded_async(Self::MAX_BYTES, |(_, key): &(i64, K), answer: &V| key.weight() + answer.weight());
        Self { answers, newest: AtomicI64::new(i64::MIN) }
    }

    /// The answer for `key` under board `version`, computed once by whoever asks first while
    /// the others wait for it. A failed read is not kept: the next caller tries again.
    async fn read(&self, version: i64, key: K, compute: impl Future<Output = Result<V, RepositoryError>>) -> Result<V, RepositoryError> {
        if self.newest.fetch_max(version, Ordering::SeqCst) < version {
            // Answers of older versions are never asked for again; a slow caller still on one
            // files its answer under it, and that goes the same way.
            self.answers.invalidate_all();
        }
        self.answers.try_get_with((version, key), compute).await.map_err(|shared| {
            // The callers who waited share the error of the read they waited for.
            Arc::try_unwrap(shared).unwrap_or_else(|shared| RepositoryError::Unavailable(Box::new(shared)))
        })
    }
}

/// A case repository whose board reads (searches, fee quartiles) are answered from memory
/// while the board version stands.
///
/// Meant for the reads every visitor repeats (recommended cases, the fee guidance). Every other
/// call goes straight to the inner repository.
pub struct BoardCache {
    inner: Arc<dyn CaseRepository>,
    pages: Versioned<(CaseFilter, PageRequest), Page<Case>>,
    fees: Versioned<FeeSample, Option<Quartiles>>,
}

impl BoardCache {
    pub fn new(inner: Arc<dyn CaseRepository>) -> Self {
        Self { inner, pages: Versioned::new(), fees: Versioned::new() }
    }
}

#[async_trait]
impl CaseRepository for BoardCache {
    async fn search(&self, filter: &CaseFilter, page: PageRequest) -> Result<Page<Case>, RepositoryError> {
        // The version first: whatever the read then sees is at least that new, so an answer is
        // never filed under a version older than its data.
        let version = self.inner.board_version().await?;
        self.pages.read(version, (filter.clone(), page), self.inner.search(filter, page)).await
    }

    async fn hourly_fee_quartiles(&self, sample: &FeeSample) -> Result<Option<Quartiles>, RepositoryError> {
        let version = self.inner.board_version().await?;
        self.fees.read(version, sample.clone(), self.inner.hourly_fee_quartiles(sample)).await
    }

    async fn insert(&self, cases: Vec<NewCase>) -> Result<Vec<Case>, RepositoryError> {
        self.inner.insert(cases).await
    }

    async fn find_by_number(&self, number: i64) -> Result<Option<Case>, RepositoryError> {
        self.inner.find_by_number(number).await
    }

    async fn find_by_numbers(&self, numbers: &[i64]) -> Result<Vec<Case>, RepositoryError> {
        self.inner.find_by_numbers(numbers).await
    }

    async fn matched_tutor(&self, number: i64) -> Result<Option<Uuid>, RepositoryError> {
        self.inner.matched_tutor(number).await
    }

    async fn board_version(&self) -> Result<i64, RepositoryError> {
        self.inner.board_version().await
    }

    async fn update_details(
        &self,
        number: i64,
        details: CaseDetails,
        from: CaseStatus,
        to: CaseStatus,
        at: DateTime<Utc>,
    ) -> Result<bool, RepositoryError> {
        self.inner.update_details(number, details, from, to, at).await
    }

    async fn transition(&self, number: i64, from: CaseStatus, to: CaseStatus, at: DateTime<Utc>) -> Result<bool, RepositoryError> {
        self.inner.transition(number, from, to, at).await
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicI64, AtomicUsize, Ordering};

    use super::*;

    /// A repository that counts its searches and answers `total` = the current version.
    #[derive(Default)]
    struct Counting {
        version: AtomicI64,
        searches: AtomicUsize,
        fail_next: std::sync::atomic::AtomicBool,
        delay_ms: u64,
    }

    #[async_trait]
    impl CaseRepository for Counting {
        async fn search(&self, _: &CaseFilter, page: PageRequest) -> Result<Page<Case>, RepositoryError> {
            self.searches.fetch_add(1, Ordering::SeqCst);
            tokio::time::sleep(std::time::Duration::from_millis(self.delay_ms)).await;
            if self.fail_next.swap(false, Ordering::SeqCst) {
                return Err(RepositoryError::Unavailable("down".into()));
            }
            let total = u64::try_from(self.version.load(Ordering::SeqCst)).unwrap();
            Ok(Page { items: vec![], total, request: page })
        }
        async fn insert(&self, _: Vec<NewCase>) -> Result<Vec<Case>, RepositoryError> {
            unreachable!()
        }
        async fn find_by_number(&self, _: i64) -> Result<Option<Case>, RepositoryError> {
            unreachable!()
        }
        async fn find_by_numbers(&self, _: &[i64]) -> Result<Vec<Case>, RepositoryError> {
            unreachable!()
        }
        async fn matched_tutor(&self, _: i64) -> Result<Option<Uuid>, RepositoryError> {
            unreachable!()
        }
        async fn board_version(&self) -> Result<i64, RepositoryError> {
            Ok(self.version.load(Ordering::SeqCst))
        }
        async fn update_details(
            &self,
            _: i64,
            _: CaseDetails,
            _: CaseStatus,
            _: CaseStatus,
            _: DateTime<Utc>,
        ) -> Result<bool, RepositoryError> {
            unreachable!()
        }
        async fn transition(&self, _: i64, _: CaseStatus, _: CaseStatus, _: DateTime<Utc>) -> Result<bool, RepositoryError> {
            unreachable!()
        }
        /// Counts as a search; `count` is the current version.
        async fn hourly_fee_quartiles(&self, _: &FeeSample) -> Result<Option<Quartiles>, RepositoryError> {
            self.searches.fetch_add(1, Ordering::SeqCst);
            let count = u64::try_from(self.version.load(Ordering::SeqCst)).unwrap();
            let fee = tutorhub_domain::shared::money::Rate::from_cents(30_000);
            Ok(Some(Quartiles { count, lower: fee, median: fee, upper: fee }))
        }
    }

    /// Keys and answers are weighed in bytes: the cache stays within its bytes, whatever the
    /// number of answers.
    #[tokio::test]
    async fn the_cache_stays_within_its_bytes() {
        let inner = Arc::new(Counting { version: AtomicI64::new(1), ..Counting::default() });
        let board = cached(&inner);
        let megabyte = 1024 * 1024;
        for n in 0..100 {
            let subject = Some(format!("{n}{}", "x".repeat(megabyte)));
            let sample = FeeSample { level: "secondary", grade: None, subject, region: None };
            board.hourly_fee_quartiles(&sample).await.unwrap();
            board.fees.answers.run_pending_tasks().await;
            let kept = board.fees.answers.weighted_size();
            assert!(kept <= 32 * megabyte as u64, "{kept} bytes kept");
        }
        assert!(board.fees.answers.weighted_size() > 16 * megabyte as u64, "the budget is used");
    }

    fn cached(inner: &Arc<Counting>) -> BoardCache {
        BoardCache::new(inner.clone())
    }

    #[tokio::test]
    async fn answers_repeated_searches_from_memory_until_the_board_changes() {
        let inner = Arc::new(Counting { version: AtomicI64::new(1), ..Counting::default() });
        let board = cached(&inner);
        let filter = CaseFilter { districts: vec!["觀塘區".into()], ..CaseFilter::public() };
        board.search(&filter, PageRequest::default()).await.unwrap();
        board.search(&filter, PageRequest::default()).await.unwrap();
        assert_eq!(inner.searches.load(Ordering::SeqCst), 1);
        inner.version.store(2, Ordering::SeqCst);
        assert_eq!(board.search(&filter, PageRequest::default()).await.unwrap().total, 2);
        assert_eq!(inner.searches.load(Ordering::SeqCst), 2);
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
    async fn visitors_missing_the_same_page_together_share_one_search() {
        // Slow enough that every visitor arrives while it runs.
        let inner = Arc::new(Counting { version: AtomicI64::new(1), delay_ms: 50, ..Counting::default() });
        let board = Arc::new(cached(&inner));
        let visitors: Vec<_> = (0..32)
            .map(|_| {
                let board = board.clone();
                tokio::spawn(async move { board.search(&CaseFilter::public(), PageRequest::default()).await })
            })
            .collect();
        for visitor in visitors {
            assert_eq!(visitor.await.unwrap().unwrap().total, 1);
        }
        assert_eq!(inner.searches.load(Ordering::SeqCst), 1);
    }

    #[tokio::test]
    async fn a_failed_search_is_not_kept() {
        let inner = Arc::new(Counting { version: AtomicI64::new(3), ..Counting::default() });
        inner.fail_next.store(true, Ordering::SeqCst);
        let board = cached(&inner);
        assert!(board.search(&CaseFilter::public(), PageRequest::default()).await.is_err());
        assert_eq!(board.search(&CaseFilter::public(), PageRequest::default()).await.unwrap().total, 3);
    }

    #[tokio::test]
    async fn fee_quartiles_are_kept_per_sample_until_the_board_changes() {
        let inner = Arc::new(Counting { version: AtomicI64::new(1), ..Counting::default() });
        let board = cached(&inner);
        let maths = FeeSample { level: "secondary", grade: None, subject: Some("數學".into()), region: None };
        let level = FeeSample { subject: None, ..maths.clone() };
        for _ in 0..3 {
            board.hourly_fee_quartiles(&maths).await.unwrap();
            board.hourly_fee_quartiles(&level).await.unwrap();
        }
        assert_eq!(inner.searches.load(Ordering::SeqCst), 2, "one read per sample");
        inner.version.store(2, Ordering::SeqCst);
        assert_eq!(board.hourly_fee_quartiles(&maths).await.unwrap().unwrap().count, 2);
        assert_eq!(inner.searches.load(Ordering::SeqCst), 3);
    }
}
