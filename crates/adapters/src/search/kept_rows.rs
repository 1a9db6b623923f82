//! The rows a search shows, kept under the index document each was found by.
//!
//! A page of the board or the directory ends with its 20 rows read from the database by key.
//! At a million cases those reads were about a third of a search's cost, while the same cases
//! and tutors turn up on many different pages (the newest, the best for common words). So the
//! rows read are kept, keyed by the address of the index document that found them.
//!
//! Why that key is exact. An index document never changes: every write to a case, a tutor's
//! profile or their reviews reaches the index through the change feed, which deletes the
//! document and adds a new one at a new address, and a search catches up with the feed before
//! it searches. So a search that still finds a document knows that no write up to the version
//! it read has touched the row since the document was added; and a row kept under that
//! document was read after the document was added, so it is at least that new. A kept row is
//! never older than the version a search read, which is the same promise a fresh read gives.
//! Merges and reloads give documents new addresses, which costs reads, never exactness. (A
//! database restored from a backup is noticed by the feed going back, and the index loaded
//! again: see `tantivy_search`.)
//!
//! Bounded by bytes in moka's cache (`crate::cache::bounded`): rows asked for often stay, and a
//! row read once is kept only while it is asked for as often as what it would push out.

use std::collections::HashMap;
use std::future::Future;
use std::sync::Arc;

use tantivy::DocId;
use tantivy::index::SegmentId;
use tutorhub_domain::cases::model::Case;
use tutorhub_domain::shared::paging::Page;
use tutorhub_domain::shared::storage::RepositoryError;
use tutorhub_domain::tutors::model::TutorProfile;

use crate::cache::bounded::{Bounded, bounded};
use crate::cache::layers::{self, Layer};
use crate::cache::weight::Weight;

/// Where an index document is: its segment (never reused) and its place in it.
pub type Address = (SegmentId, DocId);

/// One document a search found: the key of its row (a case number, a tutor's user number) and
/// the document's address.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Hit {
    pub key: i64,
    pub address: Address,
}

/// A row a search shows, weighing what it holds (`crate::cache::weight`).
pub trait Row: Clone + Weight {
    /// The key the index holds it by.
    fn key(&self) -> i64;
}

impl Row for Case {
    fn key(&self) -> i64 {
        self.number
    }
}

impl Row for TutorProfile {
    fn key(&self) -> i64 {
        self.user_number
    }
}

/// Per entry, beyond the row: moka's own bookkeeping (its map slot, its order queues, its
/// counters: about 150 bytes), the address and the shared count.
const ENTRY_BYTES: usize = 192;

pub struct KeptRows<T> {
    rows: Bounded<Address, Arc<T>>,
}

impl<T: Row + Send + Sync + 'static> KeptRows<T> {
    /// Rows kept up to about `budget` bytes.
    pub fn new(budget: usize) -> Self {
        Self { rows: bounded(budget, |_, row: &Arc<T>| row.weight() + ENTRY_BYTES) }
    }

    /// The rows of the documents `found`, in its order: the kept ones, and the others read by
    /// `read` (given their keys) and kept. A row `read` does not return (removed meanwhile)
    /// is left out of the page; its total stays the search's.
    ///
    /// # Errors
    /// `read`'s; nothing is kept then.
    pub async fn rows_of<F, Fut>(&self, found: Page<Hit>, read: F) -> Result<Page<T>, RepositoryError>
    where
        F: FnOnce(Vec<i64>) -> Fut,
        Fut: Future<Output = Result<Vec<T>, RepositoryError>>,
    {
        if !layers::is_on(Layer::Rows) {
            let mut read: HashMap<i64, T> =
                read(found.items.iter().map(|hit| hit.key).collect()).await?.into_iter().map(|row| (row.key(), row)).collect();
            let items = found.items.iter().filter_map(|hit| read.remove(&hit.key)).collect();
            return Ok(Page { items, total: found.total, request: found.request });
        }
        let mut rows: Vec<Option<Arc<T>>> = found.items.iter().map(|hit| self.rows.get(&hit.address)).collect();
        let missing: Vec<i64> = found.items.iter().zip(&rows).filter(|(_, row)| row.is_none()).map(|(hit, _)| hit.key).collect();
        if !missing.is_empty() {
            let mut read: HashMap<i64, Arc<T>> = read(missing).await?.into_iter().map(|row| (row.key(), Arc::new(row))).collect();
            for (hit, row) in found.items.iter().zip(rows.iter_mut()).filter(|(_, row)| row.is_none()) {
                *row = read.remove(&hit.key);
                if let Some(row) = row {
                    self.rows.insert(hit.address, row.clone());
                }
            }
        }
        let items = rows.into_iter().flatten().map(|row| T::clone(&row)).collect();
        Ok(Page { items, total: found.total, request: found.request })
    }

    #[cfg(test)]
    fn bytes(&self) -> u64 {
        self.rows.run_pending_tasks();
        self.rows.weighted_size()
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};

    use tutorhub_domain::shared::paging::PageRequest;

    use super::*;

    #[derive(Debug, Clone, PartialEq)]
    struct Text(i64, &'static str);

    impl Row for Text {
        fn key(&self) -> i64 {
            self.0
        }
    }

    impl Weight for Text {
        fn weight(&self) -> usize {
            1_000 - ENTRY_BYTES
        }
    }

    fn hit(segment: SegmentId, doc: DocId, key: i64) -> Hit {
        Hit { key, address: (segment, doc) }
    }

    fn page(hits: Vec<Hit>) -> Page<Hit> {
        Page { total: 99, items: hits, request: PageRequest::default() }
    }

    /// Reads "the database": `rows` by key, counting the keys asked for.
    async fn read(rows: &[Text], asked: &AtomicUsize, keys: Vec<i64>) -> Result<Vec<Text>, RepositoryError> {
        asked.fetch_add(keys.len(), Ordering::SeqCst);
        Ok(rows.iter().filter(|row| keys.contains(&row.0)).cloned().collect())
    }

    #[tokio::test]
    async fn reads_only_what_it_does_not_keep_under_the_same_document() {
        let kept = KeptRows::new(1_000_000);
        let asked = AtomicUsize::new(0);
        let (old, new) = (SegmentId::generate_random(), SegmentId::generate_random());
        let before = [Text(1, "一"), Text(2, "二")];
        let first = kept.rows_of(page(vec![hit(old, 0, 1), hit(old, 1, 2)]), |keys| read(&before, &asked, keys)).await.unwrap();
        assert_eq!((first.items, first.total, asked.load(Ordering::SeqCst)), (before.to_vec(), 99, 2));

        // Case 2 changed: the index found it again under a new document, so it is read again,
        // while case 1's document is the same and its row is not.
        let after = [Text(1, "一"), Text(2, "貳")];
        let found = page(vec![hit(new, 0, 2), hit(old, 0, 1)]);
        let second = kept.rows_of(found, |keys| read(&after, &asked, keys)).await.unwrap();
        assert_eq!((second.items, asked.load(Ordering::SeqCst)), (vec![Text(2, "貳"), Text(1, "一")], 3));
    }

    #[tokio::test]
    async fn leaves_out_a_row_gone_meanwhile_and_keeps_nothing_when_the_read_fails() {
        let kept = KeptRows::new(1_000_000);
        let asked = AtomicUsize::new(0);
        let segment = SegmentId::generate_random();
        let found = || page(vec![hit(segment, 0, 1), hit(segment, 1, 2)]);
        let failed = kept.rows_of(found(), |_| async { Err(RepositoryError::Unavailable("down".into())) }).await;
        assert!(failed.is_err());
        let left = kept.rows_of(found(), |keys| read(&[Text(2, "二")], &asked, keys)).await.unwrap();
        assert_eq!((left.items, left.total, asked.load(Ordering::SeqCst)), (vec![Text(2, "二")], 99, 2));
    }

    #[tokio::test]
    async fn holds_its_budget_and_keeps_the_rows_asked_for_again() {
        // Room for 10 rows of 1,000 bytes.
        let kept = KeptRows::new(10_000);
        let asked = AtomicUsize::new(0);
        let segment = SegmentId::generate_random();
        let rows: Vec<Text> = (0..30).map(|n| Text(n, "字")).collect();
        let ask = |n: i64| kept.rows_of(page(vec![hit(segment, n as DocId, n)]), |keys| read(&rows, &asked, keys));
        for n in 0..30 {
            ask(n).await.unwrap();
            if n % 3 == 0 {
                ask(0).await.unwrap(); // asked for again and again
            }
            assert!(kept.bytes() <= 10_000, "{}", kept.bytes());
        }
        assert_eq!(asked.load(Ordering::SeqCst), 30, "row 0 was never read again");
        for n in 1..30 {
            ask(n).await.unwrap();
        }
        assert!(asked.load(Ordering::SeqCst) >= 30 + 20, "at most 10 rows are kept: {}", asked.load(Ordering::SeqCst));
    }
}
