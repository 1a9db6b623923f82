//! The first documents each recent search found, best first, with its exact total: the next
//! pages of a search (people page on, and open shared links again) are cut from them instead of
//! being searched again, as Solr's query result cache does with its result window. A window
//! is found when a search's second page is asked for, or any later one.
//!
//! Exact: a window holds the searcher generation it was found in, and answers only a search on
//! that same generation, which would find the very same documents in the very same order (the
//! order is total: score, then newness, then place). Every write the index follows reloads its
//! searcher, so the first search after a write finds afresh. Generation numbers count the
//! reloads of one reader: each index has its own windows, beside its only reader.
//!
//! A window is kept under the search's key: its clauses name the documents found, and the
//! order depends on nothing else than its sorting (fee, rating, newest, or the best for its
//! typed words, which are clauses too) and the index's fixed title field. One window per
//! search: that of the newest generation it was found in.
//!
//! A document is held as its place in the searcher (its segment's first place plus its own),
//! four bytes: a window of 200 costs about a kilobyte, so thousands fit a few megabytes.

use std::ops::Range;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use tantivy::{DocAddress, Searcher};
use tutorhub_domain::shared::paging::PageRequest;

use super::queries::{ClauseKey, SearchKey};
use super::two_generations::TwoGenerations;

/// Documents a window holds: ten pages of twenty. Deeper pages are searched every time.
pub const WINDOW: usize = 200;

/// Per window, beyond its places and clauses: the map's slot, the counts and the vectors.
const ENTRY_BYTES: usize = 128;

pub struct ResultWindows {
    windows: Mutex<TwoGenerations<SearchKey, Arc<Window>>>,
}

struct Window {
    generation: u64,
    total: u64,
    /// The best documents found, best first, each as its place in the searcher.
    places: Box<[u32]>,
}

/// One page cut from a window: the search's total, and the page's documents.
pub struct WindowPage {
    pub total: u64,
    pub found: Vec<DocAddress>,
}

impl ResultWindows {
    /// Windows kept up to about `budget` bytes.
    pub fn new(budget: usize) -> Self {
        Self { windows: Mutex::new(TwoGenerations::new(budget)) }
    }

    /// Whether a window reaches `page`.
    pub fn reach(page: PageRequest) -> bool {
        page.offset().saturating_add(u64::from(page.page_size())) <= WINDOW as u64
    }

    /// Whether a search for `page` finds its window, when none is kept: a later page within
    /// it shows people paging on. Page 1 alone (most searches go no further) is found by
    /// itself: ranking 200 costs a first page about a third more.
    pub fn found_for(page: PageRequest) -> bool {
        page.page() > 1 && Self::reach(page)
    }

    /// `page` of the search `key`, when a window of `searcher`'s generation is kept and
    /// reaches it.
    pub fn page(&self, searcher: &Searcher, key: &SearchKey, page: PageRequest) -> Option<WindowPage> {
        if !Self::reach(page) {
            return None;
        }
        let window = self.lock().get(key)?;
        if window.generation != searcher.generation().generation_id() {
            return None;
        }
        let starts = starts(searcher)?;
        let found = window.places[cut(page, window.places.len())].iter().map(|&place| address(&starts, place)).collect();
        Some(WindowPage { total: window.total, found })
    }

    /// Keeps the window of the search `key` on `searcher`: its `total`, and its best
    /// documents `found`, best first (at most [`WINDOW`]). Nothing is kept for an index too
    /// large to number its documents in four bytes.
    pub fn keep(&self, searcher: &Searcher, key: SearchKey, total: u64, found: impl Iterator<Item = DocAddress>) {
        let Some(starts) = starts(searcher) else { return };
        let Some(places) = found.map(|address| place(&starts, address)).collect::<Option<Box<[u32]>>>() else { return };
        let bytes = places.len() * 4 + ClauseKey::list_bytes(&key.clauses) + ENTRY_BYTES;
        let generation = searcher.generation().generation_id();
        let mut windows = self.lock();
        // A slow search on an older searcher does not replace what a newer one found.
        if windows.get(&key).is_some_and(|kept| kept.generation > generation) {
            return;
        }
        let retired = windows.keep(key, Arc::new(Window { generation, total, places }), bytes);
        drop(windows);
        // A retired generation is freed here, on the blocking thread that searched.
        drop(retired);
    }

    fn lock(&self) -> MutexGuard<'_, TwoGenerations<SearchKey, Arc<Window>>> {
        self.windows.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// Where `page` lies in the first `len` documents a search found (empty past them).
pub fn cut(page: PageRequest, len: usize) -> Range<usize> {
    let offset = usize::try_from(page.offset()).unwrap_or(usize::MAX).min(len);
    offset..offset.saturating_add(page.page_size() as usize).min(len)
}

/// Each segment's first place, in the searcher's order; none when the places pass four bytes.
fn starts(searcher: &Searcher) -> Option<Vec<u32>> {
    let mut next = 0u32;
    let mut starts = Vec::with_capacity(searcher.segment_readers().len());
    for segment in searcher.segment_readers() {
        starts.push(next);
        next = next.checked_add(segment.max_doc())?;
    }
    Some(starts)
}

fn place(starts: &[u32], address: DocAddress) -> Option<u32> {
    starts.get(address.segment_ord as usize)?.checked_add(address.doc_id)
}

fn address(starts: &[u32], place: u32) -> DocAddress {
    let segment_ord = starts.partition_point(|&start| start <= place) - 1;
    DocAddress::new(segment_ord as u32, place - starts[segment_ord])
}
