//! What the searches of one index keep between them, per segment: the documents each filter
//! and each typed word matches, which documents are not deleted, the best documents of each
//! order a search ranks by (`ranked`), every document's newness and its key; and the typed
//! words' scoring weights.
//!
//! The same few filters (a district, a level, a minimum fee) and common words come back in
//! most searches; with them kept, a search ANDs a few arrays of bits instead of walking posting
//! lists of hundreds of thousands of documents (as Lucene's filter cache does).
//!
//! What is kept is never used stale. A segment never changes once written (only its deletions
//! do, and those are keyed by the delete operation they reflect): a write adds a new segment or
//! new deletions, and each reload forgets what belongs to segments and deletions it replaced.
//! Scores follow the whole index's statistics, which every write changes, so orders by score
//! and weights are kept for one searcher generation only. Building a common word's order takes
//! tens of milliseconds, so each is built again at most every [`REBUILD_AFTER`]: a stream of
//! writes (anyone may post or apply) cannot keep the server rebuilding. Until then the
//! documents found are scored one by one, as before orders were kept.

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasher, RandomState};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tantivy::columnar::Column;
use tantivy::index::SegmentId;
use tantivy::query::Weight;
use tantivy::{Opstamp, Searcher, SegmentReader};

use super::bits::Bits;
use super::newness::Order;
use super::queries::{ClauseKey, NUMBER, SORT};
use super::ranked::Ranked;
use super::value_order::ValueOrder;
use crate::cache::bounded::{self, Bounded};
use crate::cache::layers::{self, Layer};

/// At a million documents one set is 125 kB, and a common word's order about 5 MB (its every
/// document's score, and its best eighth): room for the board's filters, a few dozen words and
/// a dozen common words' orders, within the server's memory target. Each entry is also
/// charged its key and bookkeeping, so many small segments or long words cost what they hold.
const BUDGET_BYTES: usize = 64 << 20;
/// First uses of sets and orders remembered (8 bytes each), and orders' last builds.
const MAX_ENTRIES: usize = 4_096;
pub const REBUILD_AFTER: Duration = Duration::from_secs(10);
/// Typed words whose weights are kept: a weight is small, but a lone character's automaton is
/// not, and made-up words must not pile up.
const MAX_WEIGHTS: usize = 256;
const ENTRY_BYTES: usize = 96;

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum Kept {
    /// The documents not deleted as of this delete operation.
    Alive(Option<Opstamp>),
    Matching(ClauseKey),
    /// The best documents the typed words (these clauses) match, by score as of this searcher
    /// generation.
    Ranked(Vec<ClauseKey>, u64),
    /// The newest documents.
    Newest,
}

/// What is kept for one key.
#[derive(Clone)]
enum Held {
    Bits(Arc<Bits>),
    Ranked(Arc<Ranked>),
}

impl Held {
    fn bytes(&self) -> usize {
        match self {
            Held::Bits(bits) => bits.bytes(),
            Held::Ranked(ranked) => ranked.bytes(),
        }
    }
}

type Key = (SegmentId, Kept);

pub struct SegmentCache {
    inner: Mutex<Inner>,
    /// The sets and orders kept (moka's, bounded in bytes: `crate::cache::bounded`).
    kept: Bounded<Key, Held>,
    rebuild_after: Duration,
}

impl Default for SegmentCache {
    fn default() -> Self {
        Self::rebuilding_after(REBUILD_AFTER)
    }
}

#[derive(Default)]
struct Inner {
    /// The current searcher's segments and their delete operations: only what belongs to them
    /// is kept (a search still running on an older searcher computes the rest for itself).
    live: HashMap<SegmentId, Option<Opstamp>>,
    /// The current searcher's generation: only its orders by score are kept.
    generation: u64,
    /// Sets and orders asked for once and not kept, as seeded digests (8 bytes, whatever the
    /// clause). One-off words (or a flood of made-up ones) never cost a set's memory, and an
    /// order, which takes tens of milliseconds to build, is built only when asked for again.
    asked_once: HashSet<u64>,
    digests: RandomState,
    columns: HashMap<SegmentId, Arc<Columns>>,
    /// Each live segment's orders by a column (`Self::by_value`).
    by_value: HashMap<(SegmentId, &'static str), Arc<ValueOrder>>,
    /// When each segment's order by these words' scores was last built, in any generation.
    built: HashMap<(SegmentId, Vec<ClauseKey>), Instant>,
    /// The typed words' scoring weights of the current generation (BM25 over the whole index's
    /// statistics; a lone Chinese character's compiles an automaton).
    weights: HashMap<Vec<ClauseKey>, Arc<dyn Weight>>,
}

/// What ranking and answering read per document of a segment.
pub struct Columns {
    pub order: Order,
    /// The [`NUMBER`] column, opened (opening reads the whole column's block index).
    pub numbers: Column<i64>,
}

impl SegmentCache {
    /// A cache building each order by score again at most every `rebuild_after`.
    pub fn rebuilding_after(rebuild_after: Duration) -> Self {
        let kept = bounded::builder(BUDGET_BYTES, |(_, kept): &Key, held: &Held| held.bytes() + key_bytes(kept) + ENTRY_BYTES)
            .support_invalidation_closures()
            .build();
        Self { inner: Mutex::default(), kept, rebuild_after }
    }

    /// The documents of `segment` that `clause` matches, computed by `compute` when not kept.
    pub fn matching(
        &self,
        segment: &SegmentReader,
        clause: &ClauseKey,
        compute: impl FnOnce() -> tantivy::Result<Bits>,
    ) -> tantivy::Result<Arc<Bits>> {
        self.bits(segment, Kept::Matching(clause.clone()), compute)
    }

    /// The documents of `segment` that are not deleted.
    pub fn alive(&self, segment: &SegmentReader) -> tantivy::Result<Arc<Bits>> {
        self.bits(segment, Kept::Alive(segment.delete_opstamp()), || {
            Ok(match segment.alive_bitset() {
                None => Bits::all(segment.max_doc()),
                Some(alive) => Bits::of(segment.max_doc(), alive.iter_alive()),
            })
        })
    }

    /// The best documents of `segment` that the typed words `words` match, by score as of
    /// searcher `generation`, built by `build`; or the newest documents when no words are
    /// given. None the first time one is asked for (only an order asked for again is built),
    /// and while one by the same words was built for this segment lately.
    pub fn ranked(
        &self,
        segment: &SegmentReader,
        words: &[ClauseKey],
        generation: u64,
        build: impl FnOnce() -> tantivy::Result<Ranked>,
    ) -> tantivy::Result<Option<Arc<Ranked>>> {
        if !layers::is_on(Layer::Orders) {
            return Ok(None);
        }
        let what = if words.is_empty() { Kept::Newest } else { Kept::Ranked(words.to_vec(), generation) };
        let key = (segment.segment_id(), what);
        if let Some(Held::Ranked(ranked)) = self.kept.get(&key) {
            return Ok(Some(ranked));
        }
        let built_of = (segment.segment_id(), words.to_vec());
        if (!words.is_empty() && self.built_lately(&built_of)) || !self.asked_before(&key) {
            return Ok(None);
        }
        let ranked = Arc::new(build()?);
        if !words.is_empty() {
            self.note_built(built_of);
        }
        self.keep(key, Held::Ranked(ranked.clone()));
        Ok(Some(ranked))
    }

    /// Every document of `segment` by the i64 column `name`, then newest (`ValueOrder`),
    /// built by `build` at its first use. Kept with the segment's columns, outside the budget
    /// of sets and orders, while the segment lives: a segment's values never change, there are
    /// a few such orders (fees, ratings), and an order of a million documents costs 4 MB but a
    /// tenth of a second to build, which a store that may turn it away (moka admits by
    /// frequency) would pay again and again.
    pub fn by_value(
        &self,
        segment: &SegmentReader,
        name: &'static str,
        build: impl FnOnce() -> tantivy::Result<ValueOrder>,
    ) -> tantivy::Result<Option<Arc<ValueOrder>>> {
        if !layers::is_on(Layer::Orders) {
            return Ok(None);
        }
        let key = (segment.segment_id(), name);
        if let Some(ordered) = self.lock().by_value.get(&key) {
            return Ok(Some(ordered.clone()));
        }
        let ordered = Arc::new(build()?);
        let mut inner = self.lock();
        if inner.live.contains_key(&key.0) {
            inner.by_value.insert(key, ordered.clone());
        }
        Ok(Some(ordered))
    }

    /// Every document's newness and key.
    pub fn columns(&self, segment: &SegmentReader) -> tantivy::Result<Arc<Columns>> {
        if let Some(columns) = self.kept_columns(segment) {
            return Ok(columns);
        }
        let id = segment.segment_id();
        let sort = segment.fast_fields().i64(SORT)?;
        let order = Order::new((0..segment.max_doc()).map(|doc| sort.first(doc).unwrap_or(i64::MIN)).collect());
        let columns = Arc::new(Columns { order, numbers: segment.fast_fields().i64(NUMBER)? });
        let mut inner = self.lock();
        if inner.live.contains_key(&id) {
            inner.columns.insert(id, columns.clone());
        }
        Ok(columns)
    }

    /// Every document's newness and key, when kept (reading them takes milliseconds).
    pub fn kept_columns(&self, segment: &SegmentReader) -> Option<Arc<Columns>> {
        self.lock().columns.get(&segment.segment_id()).cloned()
    }

    /// Forgets whatever belongs to segments or deletions other than `searcher`'s (merged away,
    /// deleted, or superseded by newer deletions), and orders by score of older generations.
    pub fn keep_only(&self, searcher: &Searcher) {
        let mut inner = self.lock();
        inner.live = searcher.segment_readers().iter().map(|segment| (segment.segment_id(), segment.delete_opstamp())).collect();
        let generation = searcher.generation().generation_id();
        if generation != inner.generation {
            inner.weights.clear();
        }
        inner.generation = generation;
        // First asks stay: a digest names its segment and deletions or generation, so one of a
        // retired segment never matches again, and they are a few kilobytes at most.
        let Inner { live, generation, columns, by_value, built, .. } = &mut *inner;
        columns.retain(|segment, _| live.contains_key(segment));
        by_value.retain(|(segment, ..), _| live.contains_key(segment));
        built.retain(|(segment, _), _| live.contains_key(segment));
        let (live, generation) = (Arc::new(live.clone()), *generation);
        drop(inner);
        // Forgotten as the cache goes (moka checks the rule on every read meanwhile).
        if let Err(error) = self.kept.invalidate_entries_if(move |key, _| !is_live(&live, generation, key)) {
            tracing::warn!(%error, "the search's kept sets were not told what to forget");
        }
    }

    fn bits(&self, segment: &SegmentReader, what: Kept, compute: impl FnOnce() -> tantivy::Result<Bits>) -> tantivy::Result<Arc<Bits>> {
        if !layers::is_on(Layer::Sets) {
            return compute().map(Arc::new);
        }
        let key = (segment.segment_id(), what);
        if let Some(Held::Bits(bits)) = self.kept.get(&key) {
            return Ok(bits);
        }
        // Computed without the lock: two searches may compute the same set at once, and the
        // second simply replaces the first. Kept from its second use: a cold mix of one-off
        // words would otherwise fill the whole budget with sets nobody asks for again (moka
        // would keep out the newest, but the memory would be spent: ADR 0074).
        let bits = Arc::new(compute()?);
        if self.asked_before(&key) {
            self.keep(key, Held::Bits(bits.clone()));
        }
        Ok(bits)
    }

    /// Whether the set or order `key` was asked for before and is worth keeping (an order:
    /// building) now: it belongs to the current searcher, and this is not its first use.
    /// Notes a first use.
    fn asked_before(&self, key: &Key) -> bool {
        let mut inner = self.lock();
        let Inner { live, generation, asked_once, digests, .. } = &mut *inner;
        if !is_live(live, *generation, key) {
            return false;
        }
        let digest = digests.hash_one(key);
        if asked_once.remove(&digest) {
            return true;
        }
        if asked_once.len() >= MAX_ENTRIES {
            asked_once.clear();
        }
        asked_once.insert(digest);
        false
    }

    /// The scoring weight of `words` for searcher `generation`, built by `build` when not kept.
    pub fn weight(
        &self,
        words: &[ClauseKey],
        generation: u64,
        build: impl FnOnce() -> tantivy::Result<Box<dyn Weight>>,
    ) -> tantivy::Result<Arc<dyn Weight>> {
        {
            let inner = self.lock();
            if inner.generation == generation
                && let Some(weight) = inner.weights.get(words)
            {
                return Ok(weight.clone());
            }
        }
        let weight: Arc<dyn Weight> = Arc::from(build()?);
        let mut inner = self.lock();
        if inner.generation == generation {
            if inner.weights.len() >= MAX_WEIGHTS {
                inner.weights.clear();
            }
            inner.weights.insert(words.to_vec(), weight.clone());
        }
        Ok(weight)
    }

    /// Whether this segment's order by these words' scores was built, in any generation, in
    /// the last [`Self::rebuild_after`].
    fn built_lately(&self, built_of: &(SegmentId, Vec<ClauseKey>)) -> bool {
        self.lock().built.get(built_of).is_some_and(|at| at.elapsed() < self.rebuild_after)
    }

    /// Notes that this segment's order by these words' scores was built just now.
    fn note_built(&self, built_of: (SegmentId, Vec<ClauseKey>)) {
        let mut inner = self.lock();
        if inner.built.len() >= MAX_ENTRIES {
            inner.built.clear();
        }
        inner.built.insert(built_of, Instant::now());
    }

    /// Keeps `held` for `key` when it belongs to the current searcher (moka decides whether it
    /// is worth more than what it would push out).
    fn keep(&self, key: Key, held: Held) {
        // A reload between this check and the insert only leaves an entry nobody asks for
        // again (its segment, deletions or generation are gone), until moka lets it go.
        let live = {
            let inner = self.lock();
            is_live(&inner.live, inner.generation, &key)
        };
        if live {
            self.kept.insert(key, held);
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        self.inner.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

/// Whether `key` belongs to a live segment, for deletions to its current ones, and for orders
/// by score to the current generation.
fn is_live(live: &HashMap<SegmentId, Option<Opstamp>>, generation: u64, (segment, kept): &Key) -> bool {
    match (live.get(segment), kept) {
        (None, _) => false,
        (Some(current), Kept::Alive(opstamp)) => current == opstamp,
        (Some(_), Kept::Ranked(_, of)) => *of == generation,
        (Some(_), Kept::Matching(_) | Kept::Newest) => true,
    }
}

/// The memory a key holds besides itself.
fn key_bytes(kept: &Kept) -> usize {
    match kept {
        Kept::Alive(_) | Kept::Newest => 0,
        Kept::Matching(clause) => clause.text_bytes(),
        Kept::Ranked(words, _) => ClauseKey::list_bytes(words),
    }
}

#[cfg(test)]
mod tests;
