//! One page of a search: the documents meeting every clause (their rows' keys and their
//! addresses), by relevance when words were typed (then newest first) and newest first
//! otherwise, with the exact total.
//!
//! Each segment's documents meeting every clause are the AND of the sets its clauses match,
//! kept between searches (`segment_cache`): counting them is counting bits. Ranking uses
//! tantivy's BM25 over the typed words (the words' query alone: filters never changed the
//! order, their fields keep no field norms), with the whole index's statistics, as tantivy's
//! own collector would. A segment where many documents were found is read down its kept order
//! (`ranked`) until the page is held; where few were, each one found is ranked. A search's
//! first pages are found together and kept as its window (`result_windows`), so the next ones
//! are cut from it.

use std::cell::OnceCell;
use std::cmp::{Ordering, Reverse};
use std::collections::BinaryHeap;
use std::sync::Arc;

use tantivy::query::{EnableScoring, Scorer, Weight};
use tantivy::{DocAddress, DocId, Score, Searcher, SegmentReader};
use tutorhub_domain::shared::keywords::Keywords;
use tutorhub_domain::shared::paging::{Page, PageRequest};

use super::bits::Bits;
use super::kept_rows::Hit;
use super::newness::Order;
use super::queries::{Ranking, Search, Sorting};
use super::ranked::{Ranked, Shape};
use super::result_windows::{ResultWindows, WINDOW, cut};
use super::segment_cache::{Columns, SegmentCache};

/// One page of the documents `search` finds, with the exact total. A page within a search's
/// first [`WINDOW`] documents is cut from its window when kept; a later page than the first
/// finds the window (and keeps it) when not.
pub fn page_of_hits(
    searcher: &Searcher,
    cache: &SegmentCache,
    windows: &ResultWindows,
    search: &Search,
    keywords: &Keywords,
    page: PageRequest,
) -> tantivy::Result<Page<Hit>> {
    if let Some(kept) = kept_page_of_hits(searcher, cache, windows, search, keywords, page) {
        return Ok(kept);
    }
    if !ResultWindows::found_for(page) {
        return shaped_page_of_hits(searcher, cache, search, keywords, page, Shape::SERVING);
    }
    let (total, window) = best_found(searcher, cache, search, WINDOW, Shape::SERVING)?;
    let found = page_from(searcher, cache, &window, total, page)?;
    windows.keep(searcher, search.key.clone(), total, window.into_iter());
    Ok(found)
}

/// One page of the documents `search` finds, cut from its window kept for this searcher, when
/// there is one: nothing is ranked, read or built, so a request's own thread may call it.
pub fn kept_page_of_hits(
    searcher: &Searcher,
    cache: &SegmentCache,
    windows: &ResultWindows,
    search: &Search,
    keywords: &Keywords,
    page: PageRequest,
) -> Option<Page<Hit>> {
    if keywords.finds_nothing() {
        return Some(Page { items: Vec::new(), total: 0, request: page });
    }
    let kept = windows.page(searcher, &search.key, page)?;
    let items = hits(searcher, &kept.found, |segment| cache.kept_columns(segment).ok_or(())).ok()?;
    Some(Page { items, total: kept.total, request: page })
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
        return best_by_column(searcher, cache, search, limit, name, descending);
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

/// The `limit` best documents `search` finds by the i64 fast field `name` (highest first when
/// `descending`), then newest, and how many it finds. Every document found is read: an order
/// by a value no kept order holds (fee, rating) is asked for far less than the board's own.
fn best_by_column(
    searcher: &Searcher,
    cache: &SegmentCache,
    search: &Search,
    limit: usize,
    name: &str,
    descending: bool,
) -> tantivy::Result<(u64, Vec<DocAddress>)> {
    let mut best = Best::new(limit);
    let mut total = 0;
    for (ord, segment) in searcher.segment_readers().iter().enumerate() {
        let in_all = found_in(searcher, cache, segment, search)?;
        let found = in_all.count();
        total += found;
        if found == 0 || best.limit == 0 {
            continue;
        }
        let columns = cache.columns(segment)?;
        let values = segment.fast_fields().i64(name)?;
        // Fees in cents and ratings ×1000 are well inside the 2^24 a score holds exactly.
        in_all.each(|doc| {
            let value = values.first(doc).unwrap_or(0) as Score;
            best.offer(if descending { value } else { -value }, &columns.order, ord as u32, doc);
        });
    }
    Ok((total, best.into_sorted().iter().map(Found::address).collect()))
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
mod tests {
    use tantivy::collector::TopDocs;
    use tantivy::collector::sort_key::{SortBySimilarityScore, SortByStaticFastValue};
    use tantivy::schema::{FAST, Field, INDEXED, Schema};
    use tantivy::{Index, IndexReader, IndexWriter, Order as Direction, ReloadPolicy, doc};

    use super::super::queries::{Clauses, NUMBER, SORT};
    use super::super::text_fields::text_field;
    use super::super::words::{TOKENIZER, WordTokenizer};
    use super::*;

    /// Whether ranking the documents found or reading down a kept order, the order must be
    /// the one tantivy's own collector gives the words' query over the whole index (by score,
    /// then newest; newest first without words), across segments and deletions, with a filter
    /// or without, and paging must cut it where tantivy would.
    #[test]
    fn ranks_as_tantivy_ranks_the_typed_words() {
        let mut schema = Schema::builder();
        let (number, sort) = (schema.add_i64_field(NUMBER, INDEXED | FAST), schema.add_i64_field(SORT, FAST));
        let (text, title) = (schema.add_text_field("text", text_field()), schema.add_text_field("title", text_field()));
        let tag = schema.add_text_field("tag", tantivy::schema::STRING);
        let index = Index::create_in_ram(schema.build());
        index.tokenizers().register(TOKENIZER, WordTokenizer);
        let mut writer = index.writer_with_num_threads(1, 15_000_000).unwrap();
        let titles = ["數學補習", "英文", "數學 數學", "DSE 數學", "補習社"];
        let texts = ["數學 補習 中三", "補習 英文 數學", "數學", "補習 數學 數學 DSE 每週兩堂", "補習 數學 英文 物理 化學"];
        for n in 0..90_i64 {
            let (t, x) = (titles[(n % 5) as usize], texts[(n * 7 % 5) as usize]);
            // Newness out of step with the numbers, and two segments.
            let document = doc!(number => n, sort => (n * 37) % 91, title => t, text => format!("{x} {t}"), tag => (n % 3).to_string());
            writer.add_document(document).unwrap();
            if n == 44 {
                writer.commit().unwrap();
            }
        }
        for gone in [3, 10, 50, 61] {
            writer.delete_term(tantivy::Term::from_field_i64(number, gone));
        }
        writer.commit().unwrap();
        let searcher = index.reader().unwrap().searcher();
        assert_eq!(searcher.segment_readers().len(), 2);
        let key_of = |address: tantivy::DocAddress| {
            searcher.segment_reader(address.segment_ord).fast_fields().i64(NUMBER).unwrap().first(address.doc_id).unwrap()
        };
        let newest = TopDocs::with_limit(90).order_by_fast_field::<i64>(SORT, Direction::Desc);
        let newest: Vec<i64> = searcher.search(&tantivy::query::AllQuery, &newest).unwrap().into_iter().map(|(_, a)| key_of(a)).collect();
        let shapes = [
            Shape::SERVING,
            Shape { direct_below: 0, share: usize::MAX, min_kept: 0, common_share: 0 },
            Shape { direct_below: 0, share: usize::MAX, min_kept: 0, common_share: usize::MAX },
            Shape { direct_below: 0, share: usize::MAX, min_kept: 4, common_share: 0 },
            Shape { direct_below: 0, share: 2, min_kept: 0, common_share: 0 },
            Shape { direct_below: 0, share: 1, min_kept: 0, common_share: 0 },
        ];
        for typed in ["", "數學", "補習 數學", "dse", "英文"] {
            let keywords = Keywords::parse(Some(typed)).unwrap();
            let expected: Vec<i64> = match typed {
                "" => newest.clone(),
                _ => {
                    let mut clauses = Clauses::default();
                    clauses.words(text, title, &keywords);
                    let by_tantivy = TopDocs::with_limit(90).order_by((
                        (SortBySimilarityScore, Direction::Desc),
                        (SortByStaticFastValue::<i64>::for_field(SORT), Direction::Desc),
                    ));
                    let ranking = clauses.into_search().ranking.unwrap();
                    searcher.search(ranking.query().as_ref(), &by_tantivy).unwrap().into_iter().map(|(_, a)| key_of(a)).collect()
                }
            };
            assert!(expected.len() >= 12, "{typed} finds documents");
            for filter in [None, Some(1)] {
                let expected: Vec<i64> = expected.iter().copied().filter(|n| filter.is_none_or(|tagged| n % 3 == tagged)).collect();
                for shape in shapes {
                    let (cache, windows) = (SegmentCache::default(), ResultWindows::new(1 << 20));
                    cache.keep_only(&searcher);
                    for round in 0..3 {
                        let mut clauses = Clauses::default();
                        clauses.words(text, title, &keywords);
                        if let Some(tagged) = filter {
                            clauses.term(tag, &tagged.to_string());
                        }
                        let search = clauses.into_search();
                        let mut ranked = Vec::new();
                        for page in 1..=10 {
                            let request = PageRequest::new(Some(page), Some(9)).unwrap();
                            let found = shaped_page_of_hits(&searcher, &cache, &search, &keywords, request, shape).unwrap();
                            assert_eq!(found.total, expected.len() as u64, "{typed} {filter:?} {shape:?}");
                            ranked.extend(found.items.iter().map(|hit| hit.key));
                            // Found with its first pages and kept on page 2 of the first
                            // round; every later page is cut from them.
                            let kept = kept_page_of_hits(&searcher, &cache, &windows, &search, &keywords, request);
                            assert_eq!(kept.is_some(), round > 0 || page > 2, "'{typed}' page {page} round {round}");
                            let cut = page_of_hits(&searcher, &cache, &windows, &search, &keywords, request).unwrap();
                            assert_eq!((cut.items, cut.total), (found.items, found.total), "'{typed}' {filter:?} page {page}");
                        }
                        assert_eq!(ranked, expected, "'{typed}' filter {filter:?} {shape:?} round {round}");
                    }
                }
            }
        }
    }

    /// An index of documents numbered `0..count`, each newer than the one before, committed;
    /// its reader (reloaded only when told), its writer and its two fields.
    fn numbered(count: i64) -> (IndexReader, IndexWriter, (Field, Field)) {
        let mut schema = Schema::builder();
        let (number, sort) = (schema.add_i64_field(NUMBER, INDEXED | FAST), schema.add_i64_field(SORT, FAST));
        let index = Index::create_in_ram(schema.build());
        let mut writer = index.writer_with_num_threads(1, 15_000_000).unwrap();
        for n in 0..count {
            writer.add_document(doc!(number => n, sort => n)).unwrap();
        }
        writer.commit().unwrap();
        let reader = index.reader_builder().reload_policy(ReloadPolicy::Manual).try_into().unwrap();
        (reader, writer, (number, sort))
    }

    /// A window is found by a search's second page, and answers only searches on the searcher
    /// it was found on: a document added after it was kept pushes page 1's last document onto
    /// page 2.
    #[test]
    fn a_window_answers_only_the_searcher_it_was_found_on() {
        let (reader, mut writer, (number, sort)) = numbered(30);
        let (cache, windows, nothing) = (SegmentCache::default(), ResultWindows::new(1 << 20), Keywords::parse(None).unwrap());
        let (everything, page) = (Clauses::default().into_search(), |n| PageRequest::new(Some(n), Some(10)).unwrap());
        let keys = |found: Page<Hit>| (found.total, found.items.iter().map(|hit| hit.key).collect::<Vec<_>>());
        let before = reader.searcher();
        cache.keep_only(&before);
        let first = page_of_hits(&before, &cache, &windows, &everything, &nothing, page(1)).unwrap();
        assert_eq!(keys(first), (30, (20..30).rev().collect()));
        assert!(kept_page_of_hits(&before, &cache, &windows, &everything, &nothing, page(2)).is_none(), "page 1 alone finds none");
        let second = page_of_hits(&before, &cache, &windows, &everything, &nothing, page(2)).unwrap();
        assert_eq!(keys(second), (30, (10..20).rev().collect()));
        let kept = kept_page_of_hits(&before, &cache, &windows, &everything, &nothing, page(1)).expect("cut from the window");
        assert_eq!(keys(kept), (30, (20..30).rev().collect()));

        writer.add_document(doc!(number => 30_i64, sort => 30_i64)).unwrap();
        writer.commit().unwrap();
        reader.reload().unwrap();
        let after = reader.searcher();
        cache.keep_only(&after);
        assert!(kept_page_of_hits(&after, &cache, &windows, &everything, &nothing, page(2)).is_none(), "found before the write");
        let second = page_of_hits(&after, &cache, &windows, &everything, &nothing, page(2)).unwrap();
        assert_eq!(keys(second), (31, (11..21).rev().collect()));
    }

    /// A page reaching past the window's 200 documents is searched, not cut short; the total
    /// stays the search's, however many the window holds.
    #[test]
    fn a_page_past_the_window_is_searched_whole() {
        let searcher = numbered(250).0.searcher();
        let (cache, windows, nothing) = (SegmentCache::default(), ResultWindows::new(1 << 20), Keywords::parse(None).unwrap());
        cache.keep_only(&searcher);
        let everything = Clauses::default().into_search();
        let page = |n| PageRequest::new(Some(n), Some(30)).unwrap();
        let second = page_of_hits(&searcher, &cache, &windows, &everything, &nothing, page(2)).unwrap();
        assert_eq!(second.total, 250);
        let within = kept_page_of_hits(&searcher, &cache, &windows, &everything, &nothing, page(6)).expect("documents 150..180");
        assert_eq!((within.total, within.items.len()), (250, 30));
        assert!(kept_page_of_hits(&searcher, &cache, &windows, &everything, &nothing, page(7)).is_none(), "180..210 passes 200");
        let past = page_of_hits(&searcher, &cache, &windows, &everything, &nothing, page(7)).unwrap();
        assert_eq!(past.total, 250);
        assert_eq!(past.items.iter().map(|hit| hit.key).collect::<Vec<_>>(), (40..70).rev().collect::<Vec<_>>());
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
