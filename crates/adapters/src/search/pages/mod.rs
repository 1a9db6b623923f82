//! One page of a search: the documents meeting every clause (their rows' keys and their
//! addresses), by relevance when words were typed (then newest first) and newest first
//! otherwise, with the exact total.
//!
//! Each segment's documents meeting every clause are the AND of the sets its clauses match,
//! kept between searches (`segment_cache`): counting them is counting bits. Ranking uses
//! tantivy's BM25 over the typed words (the words' query alone: filters never changed the
//! order, their fields keep no field norms), with the whole index's statistics, as tantivy's
//! own collector would. A segment where many documents were found is read down its kept order
//! (`ranked`) until the page is held; where few were, each one found is ranked.

use std::cell::OnceCell;
use std::cmp::{Ordering, Reverse};
use std::collections::BinaryHeap;
use std::ops::Range;
use std::sync::Arc;

use tantivy::query::{EnableScoring, Scorer, Weight};
use tantivy::{DocAddress, DocId, Score, Searcher, SegmentReader};
use tutorhub_domain::shared::keywords::Keywords;
use tutorhub_domain::shared::paging::{Page, PageRequest};

use super::bits::Bits;
use super::kept_rows::Hit;
use super::newness::Order;
use super::queries::{ClauseKey, Ranking, Search, Sorting};
use super::ranked::{Ranked, Shape};
use super::segment_cache::{Columns, SegmentCache};
use super::value_order::{Bounds, ValueOrder};

/// One page of the documents `search` finds, with the exact total.
pub fn page_of_hits(
    searcher: &Searcher,
    cache: &SegmentCache,
    search: &Search,
    keywords: &Keywords,
    page: PageRequest,
) -> tantivy::Result<Page<Hit>> {
    shaped_page_of_hits(searcher, cache, search, keywords, page, Shape::SERVING)
}

fn shaped_page_of_hits(
    searcher: &Searcher,
    cache: &SegmentCache,
    search: &Search,
    keywords: &Keywords,
    page: PageRequest,
    shape: Shape,
) -> tantivy::Result<Page<Hit>> {
    if keywords.finds_nothing() {
        return Ok(Page { items: Vec::new(), total: 0, request: page });
    }
    let offset = usize::try_from(page.offset()).unwrap_or(usize::MAX);
    let (total, best) = best_found(searcher, cache, search, offset.saturating_add(page.page_size() as usize), shape)?;
    page_from(searcher, cache, &best, total, page)
}

/// Where `page` lies in the first `len` documents a search found (empty past them).
fn cut(page: PageRequest, len: usize) -> Range<usize> {
    let offset = usize::try_from(page.offset()).unwrap_or(usize::MAX).min(len);
    offset..offset.saturating_add(page.page_size() as usize).min(len)
}

/// `page` of a search's `best` documents (its first ones, best first), with its `total`.
fn page_from(searcher: &Searcher, cache: &SegmentCache, best: &[DocAddress], total: u64, page: PageRequest) -> tantivy::Result<Page<Hit>> {
    let items = hits(searcher, &best[cut(page, best.len())], |segment| cache.columns(segment))?;
    Ok(Page { items, total, request: page })
}

/// The `limit` best documents `search` finds, best first, and how many it finds.
fn best_found(
    searcher: &Searcher,
    cache: &SegmentCache,
    search: &Search,
    limit: usize,
    shape: Shape,
) -> tantivy::Result<(u64, Vec<DocAddress>)> {
    if let Sorting::Column { name, descending } = search.key.sorting {
        return best_by_column(searcher, cache, search, limit, Column { name, descending }, shape);
    }
    let mut best = Best::new(limit);
    let ranker = search.ranking.as_ref().map(|ranking| Ranker { ranking, searcher, cache, weight: OnceCell::new() });
    let mut total = 0;
    for (ord, segment) in searcher.segment_readers().iter().enumerate() {
        let in_all = found_in(searcher, cache, segment, search)?;
        let found = in_all.count();
        total += found;
        if found == 0 || best.limit == 0 {
            continue;
        }
        let columns = cache.columns(segment)?;
        let order = &columns.order;
        let segment_ord = ord as u32;
        // Many found: read down the segment's kept order; few (or the kept part ran out): rank
        // every one found.
        let kept = match found >= shape.direct_below {
            true => kept_order(searcher, cache, segment, ranker.as_ref(), order, shape)?,
            false => None,
        };
        let read = kept.as_ref().filter(|kept| shape.worth_reading(kept, found, best.limit));
        match read.and_then(|kept| read_down(kept, &in_all, &best, order)) {
            Some(taken) => taken.into_iter().for_each(|(doc, score)| best.offer(score, order, segment_ord, doc)),
            None => rank_every_one(&mut best, &in_all, ranker.as_ref(), kept.as_deref(), (segment, segment_ord), order)?,
        }
    }
    Ok((total, best.into_sorted().iter().map(Found::address).collect()))
}

/// An order by an i64 fast field: its `name`, and highest first when `descending`.
#[derive(Debug, Clone, Copy)]
struct Column {
    name: &'static str,
    descending: bool,
}

/// The `limit` best documents `search` finds by `column`, then newest, and how many it finds.
/// A segment where many documents were found is read down its order by the column
/// (`ValueOrder`, kept from its first use), from the end the sort starts at and only within
/// the search's bounds on the column (fees from HK$500, lowest first, start at HK$500), until
/// the page is held; where few were, each one found is ranked by its value. Without the
/// order, fees from the lowest on a broad board read a million values per search (issue 38's
/// slow combinations).
fn best_by_column(
    searcher: &Searcher,
    cache: &SegmentCache,
    search: &Search,
    limit: usize,
    column: Column,
    shape: Shape,
) -> tantivy::Result<(u64, Vec<DocAddress>)> {
    let mut best = Best::new(limit);
    let mut total = 0;
    let bounds = bounds_on(searcher, search, column.name);
    for (ord, segment) in searcher.segment_readers().iter().enumerate() {
        let in_all = found_in(searcher, cache, segment, search)?;
        let found = in_all.count();
        total += found;
        if found == 0 || best.limit == 0 {
            continue;
        }
        let columns = cache.columns(segment)?;
        let (order, segment_ord) = (&columns.order, ord as u32);
        let values = segment.fast_fields().i64(column.name)?;
        let value_of = |doc: DocId| values.first(doc).unwrap_or(0);
        let ordered = match found >= shape.direct_below {
            true => cache
                .by_value(segment, column.name, || Ok(ValueOrder::new((0..segment.max_doc()).map(|doc| (doc, value_of(doc))), order)))?,
            false => None,
        };
        match ordered.filter(|ordered| shape.worth_reading_whole(found, best.limit, ordered.count_within(bounds))) {
            Some(ordered) => {
                for (doc, score) in read_down_values(&ordered, bounds, column, &in_all, &best, order) {
                    best.offer(score, order, segment_ord, doc);
                }
            }
            None => in_all.each(|doc| best.offer(column.score(value_of(doc)), order, segment_ord, doc)),
        }
    }
    Ok((total, best.into_sorted().iter().map(Found::address).collect()))
}

impl Column {
    /// A value as a score, higher for what the sort puts first. Fees in cents and ratings
    /// ×1000 are well inside the 2^24 a score holds exactly; lowest first is highest first of
    /// the values negated.
    fn score(self, value: i64) -> Score {
        if self.descending { value as Score } else { -(value as Score) }
    }
}

/// The bounds `search`'s clauses set on the column `name` (a fee from, a fee up to).
fn bounds_on(searcher: &Searcher, search: &Search, name: &str) -> Bounds {
    let Ok(field) = searcher.schema().get_field(name) else { return Bounds::default() };
    let mut bounds = Bounds::default();
    for clause in &search.key.clauses {
        match *clause {
            ClauseKey::AtLeast(on, low) if on == field => bounds.low = Some(bounds.low.map_or(low, |other| other.max(low))),
            ClauseKey::AtMost(on, high) if on == field => bounds.high = Some(bounds.high.map_or(high, |other| other.min(high))),
            _ => {}
        }
    }
    bounds
}

/// Reads `ordered` within `bounds` from the end `column` sorts first: the documents in
/// `in_all` while they could still be kept, at most as many as `best` holds. The order holds
/// every document, so those after them rank lower.
fn read_down_values(
    ordered: &ValueOrder,
    bounds: Bounds,
    column: Column,
    in_all: &Bits,
    best: &Best,
    order: &Order,
) -> Vec<(DocId, Score)> {
    let mut taken = Vec::new();
    for (doc, value) in ordered.within(bounds, column.descending) {
        if !in_all.contains(doc) {
            continue;
        }
        let score = column.score(value);
        if !best.may_take(score, order.of[doc as usize]) || taken.len() >= best.limit {
            break;
        }
        taken.push((doc, score));
    }
    taken
}

/// The documents `found`, each with its row's key, read from each segment's `columns`.
fn hits<E>(searcher: &Searcher, found: &[DocAddress], columns: impl Fn(&SegmentReader) -> Result<Arc<Columns>, E>) -> Result<Vec<Hit>, E> {
    let mut items = Vec::with_capacity(found.len());
    for address in found {
        let segment = searcher.segment_reader(address.segment_ord);
        if let Some(key) = columns(segment)?.numbers.first(address.doc_id) {
            items.push(Hit { key, address: (segment.segment_id(), address.doc_id) });
        }
    }
    Ok(items)
}

/// The kept best of `segment`'s order (by the typed words' scores, or newest first), built
/// from every document the words match, or every document; none before its second use.
fn kept_order(
    searcher: &Searcher,
    cache: &SegmentCache,
    segment: &SegmentReader,
    ranker: Option<&Ranker>,
    order: &Order,
    shape: Shape,
) -> tantivy::Result<Option<Arc<Ranked>>> {
    let words = ranker.map_or(&[][..], |ranker| ranker.ranking.words.as_slice());
    cache.ranked(segment, words, searcher.generation().generation_id(), || match ranker {
        Some(ranker) => {
            let mut scored = Vec::new();
            ranker.weight()?.for_each(segment, &mut |doc, score| scored.push((score, doc)))?;
            Ok(Ranked::by_score(scored, order, shape))
        }
        None => Ok(Ranked::newest_first(order, shape)),
    })
}

/// Reads `kept` down from its best: the documents in `in_all` while they could still be kept,
/// at most as many as `best` holds (any after them rank lower). None when the kept part ran out
/// first: the segment's other documents found must then be ranked.
fn read_down(kept: &Ranked, in_all: &Bits, best: &Best, order: &Order) -> Option<Vec<(DocId, Score)>> {
    let mut taken = Vec::new();
    for (doc, score) in kept.iter() {
        if !in_all.contains(doc) {
            continue;
        }
        if !best.may_take(score, order.of[doc as usize]) {
            return Some(taken);
        }
        taken.push((doc, score));
        if taken.len() >= best.limit {
            return Some(taken);
        }
    }
    kept.is_whole().then_some(taken)
}

/// Offers every document of `in_all` to `best`. Newest first: walked down from the newest
/// end, stopping once no earlier document is newer than the worst of those kept. By relevance:
/// each is scored (read from a common word's kept scores, or by the scorer in ascending order:
/// it only moves forward), then offered from the newest end: once the best hold the newest of
/// the top score, an equal score from an older run is turned away unread.
fn rank_every_one(
    best: &mut Best,
    in_all: &Bits,
    ranker: Option<&Ranker>,
    kept: Option<&Ranked>,
    (segment, segment_ord): (&SegmentReader, u32),
    order: &Order,
) -> tantivy::Result<()> {
    let Some(ranker) = ranker else {
        for (run, docs) in in_all.runs_from_last() {
            if !best.may_take(0.0, order.newest_up_to[run]) {
                break;
            }
            docs.for_each(|doc| best.offer(0.0, order, segment_ord, doc));
        }
        return Ok(());
    };
    let mut scored = Vec::new();
    match kept.and_then(Ranked::score_of) {
        Some(score_of) => in_all.each(|doc| scored.push((doc, score_of[doc as usize]))),
        None => {
            let mut scorer = ranker.weight()?.scorer(segment, 1.0)?;
            in_all.each(|doc| scored.push((doc, score_at(scorer.as_mut(), doc))));
        }
    }
    for &(doc, score) in scored.iter().rev() {
        best.offer(score, order, segment_ord, doc);
    }
    Ok(())
}

/// The typed words' ranking, and its weight (BM25 over the whole index's statistics), looked
/// up only when a document must be scored: most searches read kept orders and scores instead.
struct Ranker<'a> {
    ranking: &'a Ranking,
    searcher: &'a Searcher,
    cache: &'a SegmentCache,
    weight: OnceCell<Arc<dyn Weight>>,
}

impl Ranker<'_> {
    fn weight(&self) -> tantivy::Result<&dyn Weight> {
        if let Some(weight) = self.weight.get() {
            return Ok(weight.as_ref());
        }
        let generation = self.searcher.generation().generation_id();
        let weight = self
            .cache
            .weight(&self.ranking.words, generation, || self.ranking.query().weight(EnableScoring::enabled_from_searcher(self.searcher)))?;
        Ok(self.weight.get_or_init(|| weight).as_ref())
    }
}

/// The documents of `segment` that `search` finds: the AND of [`sets_of`].
fn found_in(searcher: &Searcher, cache: &SegmentCache, segment: &SegmentReader, search: &Search) -> tantivy::Result<Bits> {
    let sets = sets_of(searcher, cache, segment, search)?;
    Ok(Bits::all_of(&sets.iter().map(Arc::as_ref).collect::<Vec<_>>()))
}

/// The sets a document of `segment` must be in: not deleted, and matching every clause.
fn sets_of(searcher: &Searcher, cache: &SegmentCache, segment: &SegmentReader, search: &Search) -> tantivy::Result<Vec<Arc<Bits>>> {
    let mut sets = vec![cache.alive(segment)?];
    for clause in &search.key.clauses {
        sets.push(cache.matching(segment, clause, || {
            let weight = clause.query().weight(EnableScoring::disabled_from_searcher(searcher))?;
            matched(weight.as_ref(), segment)
        })?);
    }
    Ok(sets)
}

/// Every document of `segment` that `weight` matches, deleted or not (deletions are a set of
/// their own).
fn matched(weight: &dyn Weight, segment: &SegmentReader) -> tantivy::Result<Bits> {
    let mut bits = Bits::none(segment.max_doc());
    weight.for_each_no_score(segment, &mut |docs| {
        for &doc in docs {
            bits.insert(doc);
        }
    })?;
    Ok(bits)
}

/// The score of `doc`, which the typed words match: documents are offered in ascending order,
/// so the scorer only moves forward.
fn score_at(scorer: &mut dyn Scorer, doc: DocId) -> Score {
    if scorer.doc() < doc {
        scorer.seek(doc);
    }
    if scorer.doc() == doc { scorer.score() } else { 0.0 }
}

/// A document found; of two, the better compares greater: higher score, then newer, then the
/// lower segment and document.
#[derive(Debug, Clone, Copy)]
struct Found {
    score: Score,
    order: i64,
    segment_ord: u32,
    doc: DocId,
}

impl Found {
    fn address(&self) -> DocAddress {
        DocAddress::new(self.segment_ord, self.doc)
    }
}

impl Ord for Found {
    fn cmp(&self, other: &Self) -> Ordering {
        self.score
            .total_cmp(&other.score)
            .then(self.order.cmp(&other.order))
            .then_with(|| (other.segment_ord, other.doc).cmp(&(self.segment_ord, self.doc)))
    }
}

impl PartialOrd for Found {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl PartialEq for Found {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for Found {}

/// The `limit` best documents offered: a heap whose top is the worst of them, so a document
/// no better than that is turned away at once.
struct Best {
    limit: usize,
    heap: BinaryHeap<Reverse<Found>>,
}

impl Best {
    fn new(limit: usize) -> Self {
        Self { limit, heap: BinaryHeap::new() }
    }

    /// Whether a document of `score` and newness `order` could be kept (on a tie with the worst
    /// kept, `offer` settles it by document). With `order` the newest of a run, whether any
    /// document of the run could be.
    fn may_take(&self, score: Score, order: i64) -> bool {
        match self.heap.peek() {
            Some(Reverse(worst)) if self.heap.len() >= self.limit => score.total_cmp(&worst.score).then(order.cmp(&worst.order)).is_ge(),
            _ => self.limit > 0,
        }
    }

    /// Keeps document `doc` of the segment in `order` if it is among the best so far. Its own
    /// newness is read only when neither its score nor the newest up to its run's end settles
    /// it: a random read in a large array, which most documents never need.
    fn offer(&mut self, score: Score, order: &Order, segment_ord: u32, doc: DocId) {
        let newness = || order.of[doc as usize];
        if self.heap.len() < self.limit {
            self.heap.push(Reverse(Found { score, order: newness(), segment_ord, doc }));
            return;
        }
        if !self.may_take(score, order.newest_up_to[doc as usize / 64]) {
            return;
        }
        let found = Found { score, order: newness(), segment_ord, doc };
        if let Some(mut worst) = self.heap.peek_mut()
            && found > worst.0
        {
            *worst = Reverse(found);
        }
    }

    /// Best first.
    fn into_sorted(self) -> Vec<Found> {
        self.heap.into_sorted_vec().into_iter().map(|Reverse(found)| found).collect()
    }
}

#[cfg(test)]
mod tests;
