//! Pages ranked as tantivy ranks them, pages after a write, deep pages, and the best kept in order.

use tantivy::collector::TopDocs;
use tantivy::collector::sort_key::{SortBySimilarityScore, SortByStaticFastValue};
use tantivy::schema::{FAST, Field, INDEXED, Schema};
use tantivy::{Index, IndexReader, IndexWriter, Order as Direction, ReloadPolicy, doc};

use super::super::queries::{Clauses, NUMBER, RATE, SORT};
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
                let by_tantivy = TopDocs::with_limit(90)
                    .order_by(((SortBySimilarityScore, Direction::Desc), (SortByStaticFastValue::<i64>::for_field(SORT), Direction::Desc)));
                let ranking = clauses.into_search().ranking.unwrap();
                searcher.search(ranking.query().as_ref(), &by_tantivy).unwrap().into_iter().map(|(_, a)| key_of(a)).collect()
            }
        };
        assert!(expected.len() >= 12, "{typed} finds documents");
        for filter in [None, Some(1)] {
            let expected: Vec<i64> = expected.iter().copied().filter(|n| filter.is_none_or(|tagged| n % 3 == tagged)).collect();
            for shape in shapes {
                let cache = SegmentCache::default();
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
                        let served = page_of_hits(&searcher, &cache, &search, &keywords, request).unwrap();
                        assert_eq!((served.items, served.total), (found.items, found.total), "'{typed}' {filter:?} page {page}");
                    }
                    assert_eq!(ranked, expected, "'{typed}' filter {filter:?} {shape:?} round {round}");
                }
            }
        }
    }
}

/// By a column (fees from the lowest or the highest): the order of every document found by
/// its value, then newest, then the lower segment and document, whether each is ranked or the
/// order by value is read down (built at its first use, read at the next), with many equal
/// values, across segments and deletions, with a filter or without, within fee bounds.
#[test]
fn sorts_by_a_column_as_every_value_read_would() {
    let mut schema = Schema::builder();
    let (number, sort) = (schema.add_i64_field(NUMBER, INDEXED | FAST), schema.add_i64_field(SORT, FAST));
    let rate = schema.add_i64_field(RATE, INDEXED | FAST);
    let tag = schema.add_text_field("tag", tantivy::schema::STRING);
    let index = Index::create_in_ram(schema.build());
    let mut writer = index.writer_with_num_threads(1, 15_000_000).unwrap();
    let (rate_of, newness_of) = (|n: i64| (n * 13 % 7) * 10_000, |n: i64| (n * 37) % 151);
    for n in 0..150_i64 {
        writer.add_document(doc!(number => n, sort => newness_of(n), rate => rate_of(n), tag => (n % 3).to_string())).unwrap();
        if n == 89 {
            writer.commit().unwrap();
        }
    }
    let gone = [4, 11, 90, 120];
    for n in gone {
        writer.delete_term(tantivy::Term::from_field_i64(number, n));
    }
    writer.commit().unwrap();
    let searcher = index.reader().unwrap().searcher();
    assert_eq!(searcher.segment_readers().len(), 2);
    let nothing = Keywords::parse(None).unwrap();
    // Each one found ranked by its value, and the order read down when it pays.
    let shapes = [Shape::SERVING, Shape { direct_below: 0, ..Shape::SERVING }];
    // No bound, a lowest fee that leaves out the order's low end, a highest fee that leaves out
    // its high end, and both.
    let bounds = [(None, None), (Some(40_000), None), (None, Some(20_000)), (Some(10_000), Some(50_000))];
    let cases = [false, true].into_iter().flat_map(|descending| [None, Some(2)].map(|filter| (descending, filter)));
    for ((descending, filter), (low, high)) in cases.flat_map(|case| bounds.map(|bound| (case, bound))) {
        // Numbers ascend with the documents in both segments, so "the lower document" is the
        // lower number here.
        let allowed = |n: &i64| low.is_none_or(|low| rate_of(*n) >= low) && high.is_none_or(|high| rate_of(*n) <= high);
        let mut expected: Vec<i64> =
            (0..150).filter(|n| !gone.contains(n) && filter.is_none_or(|tagged| n % 3 == tagged) && allowed(n)).collect();
        expected.sort_by(|a, b| {
            let by_value = if descending { rate_of(*b).cmp(&rate_of(*a)) } else { rate_of(*a).cmp(&rate_of(*b)) };
            by_value.then(newness_of(*b).cmp(&newness_of(*a))).then(a.cmp(b))
        });
        for shape in shapes {
            let cache = SegmentCache::default();
            cache.keep_only(&searcher);
            for round in 0..2 {
                let mut clauses = Clauses::default();
                if let Some(tagged) = filter {
                    clauses.term(tag, &tagged.to_string());
                }
                if let Some(low) = low {
                    clauses.at_least(rate, low);
                }
                if let Some(high) = high {
                    clauses.at_most(rate, high);
                }
                clauses.sorted(Sorting::Column { name: RATE, descending });
                let search = clauses.into_search();
                let mut sorted = Vec::new();
                for page in 1..=17 {
                    let request = PageRequest::new(Some(page), Some(9)).unwrap();
                    let found = shaped_page_of_hits(&searcher, &cache, &search, &nothing, request, shape).unwrap();
                    assert_eq!(found.total, expected.len() as u64);
                    sorted.extend(found.items.iter().map(|hit| hit.key));
                }
                let case = format!("descending {descending} filter {filter:?} from {low:?} to {high:?} {shape:?} round {round}");
                assert_eq!(sorted, expected, "{case}");
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

/// A page after a write is searched on the new searcher: a document added pushes page 1's
/// last document onto page 2.
#[test]
fn a_page_after_a_write_shows_it() {
    let (reader, mut writer, (number, sort)) = numbered(30);
    let (cache, nothing) = (SegmentCache::default(), Keywords::parse(None).unwrap());
    let (everything, page) = (Clauses::default().into_search(), |n| PageRequest::new(Some(n), Some(10)).unwrap());
    let keys = |found: Page<Hit>| (found.total, found.items.iter().map(|hit| hit.key).collect::<Vec<_>>());
    let before = reader.searcher();
    cache.keep_only(&before);
    let first = page_of_hits(&before, &cache, &everything, &nothing, page(1)).unwrap();
    assert_eq!(keys(first), (30, (20..30).rev().collect()));
    let second = page_of_hits(&before, &cache, &everything, &nothing, page(2)).unwrap();
    assert_eq!(keys(second), (30, (10..20).rev().collect()));

    writer.add_document(doc!(number => 30_i64, sort => 30_i64)).unwrap();
    writer.commit().unwrap();
    reader.reload().unwrap();
    let after = reader.searcher();
    cache.keep_only(&after);
    let second = page_of_hits(&after, &cache, &everything, &nothing, page(2)).unwrap();
    assert_eq!(keys(second), (31, (11..21).rev().collect()));
}

/// A deep page is searched whole, with the search's total.
#[test]
fn a_deep_page_is_searched_whole() {
    let searcher = numbered(250).0.searcher();
    let (cache, nothing) = (SegmentCache::default(), Keywords::parse(None).unwrap());
    cache.keep_only(&searcher);
    let everything = Clauses::default().into_search();
    let page = |n| PageRequest::new(Some(n), Some(30)).unwrap();
    let within = page_of_hits(&searcher, &cache, &everything, &nothing, page(6)).unwrap();
    assert_eq!((within.total, within.items.len()), (250, 30));
    let past = page_of_hits(&searcher, &cache, &everything, &nothing, page(7)).unwrap();
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
