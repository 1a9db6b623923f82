//! One page of a search: the keys of the documents meeting every clause, by relevance when
//! words were typed (then newest first) and newest first otherwise, with the exact total.
//!
//! Each segment's documents meeting every clause are the AND of the sets its clauses match,
//! kept between searches (`segment_cache`): counting them is counting bits, and only the
//! documents found are ranked. Ranking scores each found document with tantivy's BM25 over the
//! typed words (the words' query alone: filters never changed the order, their fields keep no
//! field norms), with the whole index's statistics, as tantivy's own collector would.

use std::cmp::{Ordering, Reverse};
use std::collections::BinaryHeap;
use std::sync::Arc;

use tantivy::query::{EnableScoring, Scorer, Weight};
use tantivy::{DocId, Score, Searcher, SegmentReader};
use tutorhub_domain::shared::keywords::Keywords;
use tutorhub_domain::shared::paging::{Page, PageRequest};

use super::bits::Bits;
use super::queries::Search;
use super::segment_cache::{Order, SegmentCache};

/// One page of the keys `search` finds, with the exact total.
pub fn page_of_keys(
    searcher: &Searcher,
    cache: &SegmentCache,
    search: &Search,
    keywords: &Keywords,
    page: PageRequest,
) -> tantivy::Result<Page<i64>> {
    if keywords.finds_nothing() {
        return Ok(Page { items: Vec::new(), total: 0, request: page });
    }
    let offset = usize::try_from(page.offset()).unwrap_or(usize::MAX);
    let mut best = Best::new(offset.saturating_add(page.page_size() as usize));
    let ranking = match &search.ranking {
        Some(query) => Some(query.weight(EnableScoring::enabled_from_searcher(searcher))?),
        None => None,
    };
    let mut total = 0;
    for (ord, segment) in searcher.segment_readers().iter().enumerate() {
        let sets = sets_of(searcher, cache, segment, search)?;
        let sets: Vec<&Bits> = sets.iter().map(Arc::as_ref).collect();
        let columns = cache.columns(segment)?;
        let order = &columns.order;
        let segment_ord = ord as u32;
        match &ranking {
            // Newest first: counted apart, then walked down from the newest end, stopping once
            // no earlier document is newer than the worst of those kept.
            None => {
                total += Bits::count_in_all(&sets);
                for (run, docs) in Bits::runs_in_all_from_last(&sets) {
                    if !best.may_take(0.0, order.newest_up_to[run]) {
                        break;
                    }
                    docs.for_each(|doc| best.offer(0.0, order, segment_ord, doc));
                }
            }
            // By relevance: every document found is scored, in ascending order (the scorer only
            // moves forward), then offered from the newest end: once the best hold the newest
            // of the top score, an equal score from an older run is turned away unread.
            Some(weight) => {
                let mut scorer = weight.scorer(segment, 1.0)?;
                let mut scored = Vec::new();
                total += Bits::each_in_all(&sets, |doc| scored.push((doc, score_of(scorer.as_mut(), doc))));
                for &(doc, score) in scored.iter().rev() {
                    best.offer(score, order, segment_ord, doc);
                }
            }
        }
    }
    let mut items = Vec::new();
    for found in best.into_sorted().into_iter().skip(offset) {
        if let Some(number) = cache.columns(searcher.segment_reader(found.segment_ord))?.numbers.first(found.doc) {
            items.push(number);
        }
    }
    Ok(Page { items, total, request: page })
}

/// The sets a document of `segment` must be in: not deleted, and matching every clause.
fn sets_of(searcher: &Searcher, cache: &SegmentCache, segment: &SegmentReader, search: &Search) -> tantivy::Result<Vec<Arc<Bits>>> {
    let mut sets = vec![cache.alive(segment)?];
    for clause in &search.clauses {
        sets.push(cache.matching(segment, &clause.key, || {
            let weight = clause.query.weight(EnableScoring::disabled_from_searcher(searcher))?;
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
fn score_of(scorer: &mut dyn Scorer, doc: DocId) -> Score {
    if scorer.doc() < doc {
        scorer.seek(doc);
    }
    if scorer.doc() == doc { scorer.score() } else { 0.0 }
}

/// A document found, ordered best first: higher score, then newer.
#[derive(Debug, Clone, Copy)]
struct Found {
    score: Score,
    order: i64,
    segment_ord: u32,
    doc: DocId,
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

    /// Whether a document of `score` and newness at most `order` could be kept.
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
mod tests {
    use tantivy::collector::TopDocs;
    use tantivy::collector::sort_key::{SortBySimilarityScore, SortByStaticFastValue};
    use tantivy::schema::{FAST, INDEXED, Schema};
    use tantivy::{Index, Order as Direction, doc};

    use super::super::queries::{Clauses, NUMBER, SORT};
    use super::super::text_fields::text_field;
    use super::super::words::{TOKENIZER, WordTokenizer};
    use super::*;

    /// Ranking scores only the documents found, with the words' query: the order must be the
    /// one tantivy's own collector gives that query over the whole index (by score, then
    /// newest), across segments, and paging must cut it where tantivy would.
    #[test]
    fn ranks_as_tantivy_ranks_the_typed_words() {
        let mut schema = Schema::builder();
        let (number, sort) = (schema.add_i64_field(NUMBER, INDEXED | FAST), schema.add_i64_field(SORT, FAST));
        let (text, title) = (schema.add_text_field("text", text_field()), schema.add_text_field("title", text_field()));
        let index = Index::create_in_ram(schema.build());
        index.tokenizers().register(TOKENIZER, WordTokenizer);
        let mut writer = index.writer_with_num_threads(1, 15_000_000).unwrap();
        let titles = ["數學補習", "英文", "數學 數學", "DSE 數學", "補習社"];
        let texts = ["數學 補習 中三", "補習 英文 數學", "數學", "補習 數學 數學 DSE 每週兩堂", "補習 數學 英文 物理 化學"];
        for n in 0..60_i64 {
            let (t, x) = (titles[(n % 5) as usize], texts[(n * 7 % 5) as usize]);
            // Newness out of step with the numbers, and two segments.
            writer.add_document(doc!(number => n, sort => (n * 37) % 61, title => t, text => format!("{x} {t}"))).unwrap();
            if n == 29 {
                writer.commit().unwrap();
            }
        }
        writer.commit().unwrap();
        let searcher = index.reader().unwrap().searcher();
        assert_eq!(searcher.segment_readers().len(), 2);
        for typed in ["數學", "補習 數學", "dse", "英文"] {
            let keywords = Keywords::parse(Some(typed)).unwrap();
            let mut clauses = Clauses::default();
            clauses.words(text, title, &keywords);
            let search = clauses.into_search();
            let by_tantivy = TopDocs::with_limit(60)
                .order_by(((SortBySimilarityScore, Direction::Desc), (SortByStaticFastValue::<i64>::for_field(SORT), Direction::Desc)));
            let expected: Vec<i64> = searcher
                .search(search.ranking.as_deref().unwrap(), &by_tantivy)
                .unwrap()
                .into_iter()
                .map(|(_, address)| {
                    searcher.segment_reader(address.segment_ord).fast_fields().i64(NUMBER).unwrap().first(address.doc_id).unwrap()
                })
                .collect();
            assert!(expected.len() >= 12, "{typed} finds documents");
            let cache = SegmentCache::default();
            let mut ranked = Vec::new();
            for page in 1..=7 {
                let found = page_of_keys(&searcher, &cache, &search, &keywords, PageRequest::new(Some(page), Some(9)).unwrap()).unwrap();
                assert_eq!(found.total, expected.len() as u64, "{typed}");
                ranked.extend(found.items);
            }
            assert_eq!(ranked, expected, "{typed}");
        }
    }

    /// Documents 0..200 of one segment, each newer than the one before (its number is its
    /// newness) but document 70, the newest of all.
    fn order() -> Order {
        Order::new((0..200).map(|doc| if doc == 70 { 1_000 } else { doc }).collect())
    }

    fn offer(best: &mut Best, score: Score, doc: DocId) {
        best.offer(score, &order(), 0, doc);
    }

    #[test]
    fn keeps_the_best_in_order_higher_score_then_newer() {
        let mut best = Best::new(3);
        for (score, doc) in [(1.0, 5), (2.0, 1), (1.0, 9), (0.5, 99), (2.0, 3), (1.0, 70), (1.0, 7)] {
            offer(&mut best, score, doc);
        }
        assert!(best.may_take(1.0, 1_001) && !best.may_take(1.0, 999) && !best.may_take(0.9, 2_000));
        let kept: Vec<(Score, i64)> = best.into_sorted().iter().map(|f| (f.score, f.order)).collect();
        assert_eq!(kept, [(2.0, 3), (2.0, 1), (1.0, 1_000)]);
    }

    #[test]
    fn an_equal_score_from_an_older_run_is_turned_away_without_its_newness() {
        let mut best = Best::new(1);
        offer(&mut best, 1.0, 150);
        let mut order = order();
        order.of = vec![i64::MAX; 200].into(); // read as newer than everything, were it read
        best.offer(1.0, &order, 0, 10);
        assert_eq!(best.into_sorted()[0].doc, 150, "the first run's newest (63) is older than 150");
    }

    #[test]
    fn keeps_nothing_when_asked_for_nothing() {
        let mut best = Best::new(0);
        assert!(!best.may_take(1.0, 1));
        offer(&mut best, 1.0, 1);
        assert!(best.into_sorted().is_empty());
    }
}
