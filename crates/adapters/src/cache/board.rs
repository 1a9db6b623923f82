//! Board answers (searches, fee quartiles) kept while the board is unchanged: a decorator of
//! the case repository.
//!
//! The board is read far more than it is written, and an exact `total` costs a count over
//! every match. Answers are keyed by the store's board version, which every write to cases
//! moves (a database trigger), so a write by any process (another server, the back-office
//! CLI) retires them at once: no answer is ever served stale.
//!
//! Each page is computed once per version: the callers that miss the same page together wait
//! for one search instead of each running it (after every write, a busy board would
//! otherwise run the same expensive count once per waiting visitor).

use std::collections::HashMap;
use std::future::Future;
use std::hash::Hash;
use std::sync::{Arc, Mutex};

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use tokio::sync::OnceCell;
use tutorhub_domain::cases::fees::{FeeSample, Quartiles};
use tutorhub_domain::cases::model::{Case, CaseDetails, CaseStatus, NewCase};
use tutorhub_domain::cases::ports::CaseRepository;
use tutorhub_domain::cases::search::CaseFilter;
use tutorhub_domain::shared::paging::{Page, PageRequest};
use tutorhub_domain::shared::storage::RepositoryError;
use uuid::Uuid;

use crate::search::kept_rows::Row;

type Slot<V> = Arc<OnceCell<V>>;

/// Answers of one kind under the board version they were computed at.
struct Versioned<K, V> {
    version: i64,
    slots: HashMap<K, Slot<V>>,
    /// About the memory of the keys and of the answers computed, under `version`.
    bytes: usize,
}

impl<K, V> Default for Versioned<K, V> {
    fn default() -> Self {
        Self { version: 0, slots: HashMap::new(), bytes: 0 }
    }
}

/// About how much memory a key or an answer holds, its text included.
trait Weight {
    fn weight(&self) -> usize;
}

impl Weight for (CaseFilter, PageRequest) {
    fn weight(&self) -> usize {
        // The debug form is a little longer than the strings it shows: it errs on the large side.
        size_of::<Self>() + format!("{:?}", self.0).len()
    }
}

impl Weight for Page<Case> {
    fn weight(&self) -> usize {
        size_of::<Self>() + self.items.iter().map(Row::bytes).sum::<usize>()
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

impl<K: Hash + Eq + Clone + Weight, V> Versioned<K, V> {
    /// Enough for every page people actually open; past either bound the cache starts over.
    /// Pages are recommendations' (up to 100 cases each, tens of kilobytes to hundreds).
    const MAX_SLOTS: usize = 2_000;
    const MAX_BYTES: usize = 32 * 1024 * 1024;

    /// The answer's slot under `version`, or None when `version` is older than the cache's
    /// (a slow caller: it computes on its own rather than turn the cache back). What the cache
    /// lets go of to make room goes to `retired`, for the caller to free outside the lock.
    fn slot(&mut self, version: i64, key: &K, retired: &mut Option<HashMap<K, Slot<V>>>) -> Option<Slot<V>>
    where
        K: Clone,
    {
        if version < self.version {
            return None;
        }
        if let Some(slot) = self.slots.get(key).filter(|_| version == self.version) {
            return Some(slot.clone());
        }
        let key_bytes = key.weight();
        if version > self.version || self.slots.len() >= Self::MAX_SLOTS || self.bytes + key_bytes > Self::MAX_BYTES {
            self.version = version;
            *retired = Some(std::mem::take(&mut self.slots));
            self.bytes = 0;
        }
        self.bytes += key_bytes;
        Some(self.slots.entry(key.clone()).or_default().clone())
    }

    /// Counts an answer computed for `key` under `version`, unless the cache started over
    /// meanwhile.
    fn count(&mut self, version: i64, key: &K, bytes: usize) {
        if version == self.version && self.slots.contains_key(key) {
            self.bytes += bytes;
        }
    }
}

/// A case repository whose board reads (searches, fee quartiles) are answered from memory
/// while the board version stands.
///
/// Meant for the public board only: its reads are the ones every visitor repeats. Every other
/// call goes straight to the inner repository.
pub struct BoardCache {
    inner: Arc<dyn CaseRepository>,
    pages: Mutex<Versioned<(CaseFilter, PageRequest), Page<Case>>>,
    fees: Mutex<Versioned<FeeSample, Option<Quartiles>>>,
}

impl BoardCache {
    pub fn new(inner: Arc<dyn CaseRepository>) -> Self {
        Self { inner, pages: Mutex::default(), fees: Mutex::default() }
    }

    /// The answer for `key` under the current board version, computed once per version by
    /// whoever asks first while the others wait for it.
    async fn read<K, V, F>(&self, cache: &Mutex<Versioned<K, V>>, key: K, compute: impl Fn() -> F) -> Result<V, RepositoryError>
    where
        K: Hash + Eq + Clone + Weight + Send + 'static,
        V: Clone + Weight + Send + Sync + 'static,
        F: Future<Output = Result<V, RepositoryError>>,
    {
        // Read the version first: whatever the read then sees is at least that new, so an
        // answer is never filed under a version older than its data.
        let version = self.inner.board_version().await?;
        let mut retired = None;
        let slot = cache.lock().expect("the board cache lock is never poisoned").slot(version, &key, &mut retired);
        if let Some(retired) = retired {
            // Up to 32 MB of pages: freed on a blocking thread, not one serving requests.
            tokio::task::spawn_blocking(move || drop(retired));
        }
        let Some(slot) = slot else {
            return compute().await;
        };
        let mut computed = false;
        // A failed read leaves the slot empty: the next caller tries again.
        let answer = slot
            .get_or_try_init(|| {
                computed = true;
                compute()
            })
            .await?
            .clone();
        if computed {
            cache.lock().expect("the board cache lock is never poisoned").count(version, &key, answer.weight());
        }
        Ok(answer)
    }
}

#[async_trait]
impl CaseRepository for BoardCache {
    async fn search(&self, filter: &CaseFilter, page: PageRequest) -> Result<Page<Case>, RepositoryError> {
        self.read(&self.pages, (filter.clone(), page), || self.inner.search(filter, page)).await
    }

    async fn hourly_fee_quartiles(&self, sample: &FeeSample) -> Result<Option<Quartiles>, RepositoryError> {
        self.read(&self.fees, sample.clone(), || self.inner.hourly_fee_quartiles(sample)).await
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

    /// Keys and answers are counted in bytes: the cache starts over before it would pass its
    /// bytes, whatever the number of slots.
    #[test]
    fn the_cache_starts_over_before_it_passes_its_bytes() {
        let mut fees: Versioned<FeeSample, Option<Quartiles>> = Versioned::default();
        let megabyte = 1024 * 1024;
        let mut most = 0;
        for n in 0..100 {
            let sample = FeeSample { level: "secondary", grade: None, subject: Some(format!("{n}{}", "x".repeat(megabyte))), region: None };
            let mut retired = None;
            assert!(fees.slot(1, &sample, &mut retired).is_some());
            fees.count(1, &sample, 1_000);
            most = most.max(fees.bytes);
        }
        let limit = Versioned::<FeeSample, Option<Quartiles>>::MAX_BYTES;
        assert!(most <= limit && most > limit - 2 * megabyte, "{most} bytes kept");
        assert!(fees.slots.len() <= limit / megabyte, "{} slots of a megabyte", fees.slots.len());
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
