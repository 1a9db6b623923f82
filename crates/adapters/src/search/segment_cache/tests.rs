use std::cell::Cell;

use tantivy::schema::{FAST, INDEXED, Schema};
use tantivy::{Index, IndexWriter, Term, doc};

use super::*;

/// An index of `count` documents numbered 0.., one segment, and its writer.
fn index(count: i64) -> (Index, IndexWriter) {
    let mut schema = Schema::builder();
    let number = schema.add_i64_field(NUMBER, INDEXED | FAST);
    let index = Index::create_in_ram(schema.build());
    let mut writer = index.writer_with_num_threads(1, 15_000_000).unwrap();
    for n in 0..count {
        writer.add_document(doc!(number => n)).unwrap();
    }
    writer.commit().unwrap();
    (index, writer)
}

fn word() -> ClauseKey {
    ClauseKey::Word(tantivy::schema::Field::from_field_id(0), "數學".into())
}

#[test]
fn a_set_is_kept_from_its_second_use_and_only_for_the_live_segments() {
    let (index, _writer) = index(10);
    let searcher = index.reader().unwrap().searcher();
    let segment = &searcher.segment_readers()[0];
    let cache = SegmentCache::default();
    let computed = Cell::new(0);
    let ask = || {
        cache
            .matching(segment, &word(), || {
                computed.set(computed.get() + 1);
                Ok(Bits::all(10))
            })
            .unwrap()
    };
    ask();
    ask();
    assert_eq!(computed.get(), 2, "a segment no reload has named is not kept for");
    cache.keep_only(&searcher);
    for _ in 0..4 {
        assert_eq!(*ask(), Bits::all(10));
    }
    assert_eq!(computed.get(), 4, "computed on its first and second use, then kept");
}

#[test]
fn a_reload_forgets_the_deletions_it_superseded() {
    let (index, mut writer) = index(10);
    let reader = index.reader_builder().reload_policy(tantivy::ReloadPolicy::Manual).try_into().unwrap();
    let cache = SegmentCache::default();
    let alive_twice = |searcher: &tantivy::Searcher| {
        let segment = &searcher.segment_readers()[0];
        cache.keep_only(searcher);
        cache.alive(segment).unwrap();
        cache.alive(segment).unwrap()
    };
    assert_eq!(*alive_twice(&reader.searcher()), Bits::all(10));
    writer.delete_term(Term::from_field_i64(tantivy::schema::Field::from_field_id(0), 3));
    writer.commit().unwrap();
    reader.reload().unwrap();
    assert_eq!(*alive_twice(&reader.searcher()), Bits::of(10, (0..10).filter(|&doc| doc != 3)));
    cache.kept.run_pending_tasks();
    assert_eq!(cache.kept.iter().count(), 1, "only the current deletions are kept");
}

/// An order by score belongs to one generation; after a write it is built again only once
/// the pause has passed, and until then none is offered (the documents found are scored).
#[test]
fn an_order_by_score_is_built_again_after_a_write_only_after_the_pause() {
    for (pause, built_again) in [(Duration::from_secs(3_600), false), (Duration::ZERO, true)] {
        let (index, mut writer) = index(10);
        let reader = index.reader_builder().reload_policy(tantivy::ReloadPolicy::Manual).try_into().unwrap();
        let cache = SegmentCache::rebuilding_after(pause);
        let built = Cell::new(0);
        let ask = |searcher: &tantivy::Searcher| {
            let segment = searcher.segment_readers().iter().find(|segment| segment.max_doc() == 10).unwrap();
            let generation = searcher.generation().generation_id();
            let order = Order::new((0..10).collect());
            cache
                .ranked(segment, &[word()], generation, || {
                    built.set(built.get() + 1);
                    Ok(Ranked::by_score(vec![(1.0, 2)], &order, super::super::ranked::Shape::SERVING))
                })
                .unwrap()
        };
        cache.keep_only(&reader.searcher());
        assert!(ask(&reader.searcher()).is_none(), "not built on its first use");
        assert!(ask(&reader.searcher()).is_some() && ask(&reader.searcher()).is_some());
        assert_eq!(built.get(), 1);
        // A write elsewhere: a new generation, the same segment.
        writer.add_document(doc!(tantivy::schema::Field::from_field_id(0) => 10_i64)).unwrap();
        writer.commit().unwrap();
        reader.reload().unwrap();
        cache.keep_only(&reader.searcher());
        let asked: Vec<bool> = (0..3).map(|_| ask(&reader.searcher()).is_some()).collect();
        assert_eq!(asked, [false, built_again, built_again], "pause {pause:?}");
        assert_eq!(built.get(), if built_again { 2 } else { 1 });
    }
}

#[test]
fn a_words_weight_is_kept_for_its_generation_only() {
    let (index, mut writer) = index(10);
    let reader = index.reader_builder().reload_policy(tantivy::ReloadPolicy::Manual).try_into().unwrap();
    let cache = SegmentCache::default();
    let built = Cell::new(0);
    let weigh = |searcher: &tantivy::Searcher| {
        cache
            .weight(&[word()], searcher.generation().generation_id(), || {
                built.set(built.get() + 1);
                tantivy::query::Query::weight(&tantivy::query::AllQuery, tantivy::query::EnableScoring::enabled_from_searcher(searcher))
            })
            .unwrap()
    };
    let first = reader.searcher();
    cache.keep_only(&first);
    weigh(&first);
    weigh(&first);
    assert_eq!(built.get(), 1);
    writer.add_document(doc!(tantivy::schema::Field::from_field_id(0) => 10_i64)).unwrap();
    writer.commit().unwrap();
    reader.reload().unwrap();
    cache.keep_only(&reader.searcher());
    weigh(&first);
    weigh(&reader.searcher());
    weigh(&reader.searcher());
    assert_eq!(built.get(), 3, "built for the older searcher, and once for the new generation");
}
