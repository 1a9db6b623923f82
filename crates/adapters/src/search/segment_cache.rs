//! What the searches of one index keep between them, per segment: the documents each filter
//! and each typed word matches, which documents are not deleted, every document's order and
//! its key.
//!
//! A segment never changes once written (only its deletions do, and those are keyed by the
//! delete operation they reflect), so nothing kept is ever stale: a write adds a new segment
//! or new deletions, and what it replaced is forgotten at the next reload. The same few
//! filters (a district, a level, a minimum fee) and common words come back in most searches;
//! with them kept, a search ANDs a few arrays of bits instead of walking posting lists of
//! hundreds of thousands of documents (as Lucene's filter cache does).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use tantivy::columnar::Column;
use tantivy::index::SegmentId;
use tantivy::{Opstamp, SegmentReader};

use super::bits::Bits;
use super::queries::{ClauseKey, NUMBER, SORT};

/// At a million documents one set is 125 kB: about 130 sets, twice what the board's filters
/// and a few dozen common words need, within the server's memory target.
const BUDGET_BYTES: usize = 16 << 20;

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum Kept {
    /// The documents not deleted as of this delete operation.
    Alive(Option<Opstamp>),
    Matching(ClauseKey),
}

#[derive(Default)]
pub struct SegmentCache {
    inner: Mutex<Inner>,
}

#[derive(Default)]
struct Inner {
    sets: HashMap<(SegmentId, Kept), Entry>,
    bytes: usize,
    /// Increases with every use: the entry used longest ago goes first.
    clock: u64,
    order: HashMap<SegmentId, Arc<Order>>,
    /// The [`NUMBER`] column, opened (opening reads the whole column's block index).
    numbers: HashMap<SegmentId, Column<i64>>,
}

/// A segment's documents by newness: each one's [`SORT`] value (newer is higher), and for each
/// run of 64 documents the highest value up to its end, so a newest-first search walking down
/// from the last document knows when no earlier one can be newer than those it holds.
pub struct Order {
    pub of: Box<[i64]>,
    pub newest_up_to: Box<[i64]>,
}

impl Order {
    pub fn new(of: Box<[i64]>) -> Self {
        let newest_up_to = of
            .chunks(64)
            .scan(i64::MIN, |newest, run| {
                *newest = run.iter().copied().fold(*newest, i64::max);
                Some(*newest)
            })
            .collect();
        Self { of, newest_up_to }
    }
}

struct Entry {
    bits: Arc<Bits>,
    used: u64,
}

impl SegmentCache {
    /// The documents of `segment` that `clause` matches, computed by `compute` when not kept.
    pub fn matching(
        &self,
        segment: &SegmentReader,
        clause: &ClauseKey,
        compute: impl FnOnce() -> tantivy::Result<Bits>,
    ) -> tantivy::Result<Arc<Bits>> {
        self.kept(segment.segment_id(), Kept::Matching(clause.clone()), compute)
    }

    /// The documents of `segment` that are not deleted.
    pub fn alive(&self, segment: &SegmentReader) -> tantivy::Result<Arc<Bits>> {
        self.kept(segment.segment_id(), Kept::Alive(segment.delete_opstamp()), || {
            Ok(match segment.alive_bitset() {
                None => Bits::all(segment.max_doc()),
                Some(alive) => Bits::of(segment.max_doc(), alive.iter_alive()),
            })
        })
    }

    pub fn order(&self, segment: &SegmentReader) -> tantivy::Result<Arc<Order>> {
        let id = segment.segment_id();
        if let Some(order) = self.lock().order.get(&id) {
            return Ok(order.clone());
        }
        let column = segment.fast_fields().i64(SORT)?;
        let order = Arc::new(Order::new((0..segment.max_doc()).map(|doc| column.first(doc).unwrap_or(i64::MIN)).collect()));
        self.lock().order.insert(id, order.clone());
        Ok(order)
    }

    /// Each document's [`NUMBER`]: the key a search answers with.
    pub fn numbers(&self, segment: &SegmentReader) -> tantivy::Result<Column<i64>> {
        let id = segment.segment_id();
        if let Some(numbers) = self.lock().numbers.get(&id) {
            return Ok(numbers.clone());
        }
        let numbers = segment.fast_fields().i64(NUMBER)?;
        self.lock().numbers.insert(id, numbers.clone());
        Ok(numbers)
    }

    /// Forgets whatever belongs to segments other than `live` (merged away or deleted).
    pub fn keep_only(&self, live: &[SegmentId]) {
        let mut inner = self.lock();
        inner.sets.retain(|(segment, _), _| live.contains(segment));
        inner.bytes = inner.sets.values().map(|entry| entry.bits.bytes()).sum();
        inner.order.retain(|segment, _| live.contains(segment));
        inner.numbers.retain(|segment, _| live.contains(segment));
    }

    fn kept(&self, segment: SegmentId, what: Kept, compute: impl FnOnce() -> tantivy::Result<Bits>) -> tantivy::Result<Arc<Bits>> {
        let key = (segment, what);
        {
            let mut inner = self.lock();
            inner.clock += 1;
            let now = inner.clock;
            if let Some(entry) = inner.sets.get_mut(&key) {
                entry.used = now;
                return Ok(entry.bits.clone());
            }
        }
        // Computed without the lock: two searches may compute the same set at once, and the
        // second simply replaces the first.
        let bits = Arc::new(compute()?);
        let mut inner = self.lock();
        let now = inner.clock;
        inner.bytes += bits.bytes();
        if let Some(replaced) = inner.sets.insert(key, Entry { bits: bits.clone(), used: now }) {
            inner.bytes -= replaced.bits.bytes();
        }
        while inner.bytes > BUDGET_BYTES {
            let Some(oldest) = inner.sets.iter().min_by_key(|(_, entry)| entry.used).map(|(key, _)| key.clone()) else { break };
            if let Some(gone) = inner.sets.remove(&oldest) {
                inner.bytes -= gone.bits.bytes();
            }
        }
        Ok(bits)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        self.inner.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_newest_up_to_each_run_of_64_documents() {
        let of: Vec<i64> = (0..200).map(|doc| if doc == 70 { 1_000 } else { doc }).collect();
        assert_eq!(&*Order::new(of.into()).newest_up_to, [63, 1_000, 1_000, 1_000]);
    }
}
