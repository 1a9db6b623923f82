//! The pieces every search is built of: filters as index queries, typed words, and one page
//! of keys with the exact total.

use std::ops::Bound;

use chrono::{DateTime, Utc};
use tantivy::collector::sort_key::{SortBySimilarityScore, SortByStaticFastValue};
use tantivy::collector::{Count, TopDocs};
use tantivy::query::{AllQuery, BooleanQuery, BoostQuery, Occur, Query, RegexQuery, TermQuery, TermSetQuery};
use tantivy::schema::{Field, IndexRecordOption};
use tantivy::{DocAddress, Order, Searcher, Term};
use tutorhub_domain::shared::keywords::Keywords;
use tutorhub_domain::shared::paging::{Page, PageRequest};
use tutorhub_domain::shared::text_terms::{lone_cjk, terms};

/// The fast field every document is ordered by when no words are typed: newest first, then the
/// higher number (the stores' own order), in one value.
pub const SORT: &str = "sort";
/// The fast field holding the key a search answers with (case number, tutor user number).
pub const NUMBER: &str = "number";

/// Seconds since 1970 above, the number below: newer sorts higher, and within one second the
/// higher number does (numbers stay below 2^31 for centuries of cases).
pub fn sort_key(at: DateTime<Utc>, number: i64) -> i64 {
    (at.timestamp() << 31) | (number & 0x7FFF_FFFF)
}

/// Separates a level key from a subject name in one term ("secondary\u{1f}數學").
pub const PAIR: char = '\u{1f}';

/// Clauses a document must satisfy, built one filter at a time.
#[derive(Default)]
pub struct Clauses(Vec<(Occur, Box<dyn Query>)>);

impl Clauses {
    /// The document holds exactly `value` in `field`.
    pub fn term(&mut self, field: Field, value: &str) {
        self.0.push((Occur::Must, Box::new(TermQuery::new(Term::from_field_text(field, value), IndexRecordOption::Basic))));
    }

    /// The document holds at least one of `values` in `field` (nothing when the list is empty).
    pub fn any_of<'a>(&mut self, field: Field, values: impl IntoIterator<Item = &'a str>) {
        let mut terms: Vec<Term> = values.into_iter().map(|v| Term::from_field_text(field, v)).collect();
        match terms.len() {
            0 => {}
            // One value, the usual case: its posting list is walked alongside the other
            // clauses, where a term set first marks its documents in a bit set of the index.
            1 => self.0.push((Occur::Must, Box::new(TermQuery::new(terms.remove(0), IndexRecordOption::Basic)))),
            _ => self.0.push((Occur::Must, Box::new(TermSetQuery::new(terms)))),
        }
    }

    /// The document's `field` is at least `min`.
    pub fn at_least(&mut self, field: Field, min: i64) {
        self.0.push((
            Occur::Must,
            Box::new(tantivy::query::RangeQuery::new(Bound::Included(Term::from_field_i64(field, min)), Bound::Unbounded)),
        ));
    }

    /// Some term of `field` starts with `prefix` and contains `text` after it (lower-cased
    /// substring search over the field's terms, like the stores' `LIKE '%text%'`).
    pub fn containing(&mut self, field: Field, prefix: &str, text: &str) {
        let pattern = format!("{}.*{}.*", escape(prefix), escape(&text.to_lowercase()));
        match RegexQuery::from_pattern(&pattern, field) {
            Ok(query) => self.0.push((Occur::Must, Box::new(query))),
            // Escaped text parses; a text too long for the automaton is refused by the domain
            // (`free_text_subject`) before it gets here. Were it not, it would match nothing.
            Err(_) => self.0.push((Occur::MustNot, Box::new(AllQuery))),
        }
    }

    /// Every typed word must be found in `text`; words found in `title` rank higher.
    pub fn words(&mut self, text: Field, title: Field, keywords: &Keywords) {
        for word in keywords.words() {
            let clause = BooleanQuery::new(vec![
                (Occur::Must, word_query(text, word)),
                (Occur::Should, Box::new(BoostQuery::new(word_query(title, word), 2.0))),
            ]);
            self.0.push((Occur::Must, Box::new(clause)));
        }
    }

    pub fn into_query(self) -> Box<dyn Query> {
        if self.0.is_empty() { Box::new(AllQuery) } else { Box::new(BooleanQuery::new(self.0)) }
    }
}

/// One typed word: all its terms ("數學補習" → 數學, 學補, 補習). A single Chinese character
/// among them (a one-character word, or "小" of "小6") is looked for inside the pairs too, so
/// "數" finds "數學".
fn word_query(field: Field, word: &str) -> Box<dyn Query> {
    let clauses: Vec<(Occur, Box<dyn Query>)> = terms(word).iter().map(|term| (Occur::Must, term_query(field, term))).collect();
    Box::new(BooleanQuery::new(clauses))
}

fn term_query(field: Field, term: &str) -> Box<dyn Query> {
    if lone_cjk(term).is_some() {
        let c = escape(term);
        if let Ok(query) = RegexQuery::from_pattern(&format!("{c}.?|.{c}"), field) {
            return Box::new(query);
        }
    }
    Box::new(TermQuery::new(Term::from_field_text(field, term), IndexRecordOption::WithFreqs))
}

/// `text` with the regular expression syntax's special characters escaped.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if "\\.+*?()|[]{}^$#&-~".contains(c) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// One page of the keys `query` finds, by relevance when `keywords` has words (then by [`SORT`])
/// and by [`SORT`] otherwise, with the exact total.
pub fn page_of_keys(searcher: &Searcher, query: &dyn Query, keywords: &Keywords, page: PageRequest) -> tantivy::Result<Page<i64>> {
    if keywords.finds_nothing() {
        return Ok(Page { items: Vec::new(), total: 0, request: page });
    }
    let offset = usize::try_from(page.offset()).unwrap_or(usize::MAX);
    let top = TopDocs::with_limit(page.page_size() as usize).and_offset(offset);
    let (total, found): (usize, Vec<DocAddress>) = if keywords.words().is_empty() {
        let (total, docs) = searcher.search(query, &(Count, top.order_by_fast_field::<i64>(SORT, Order::Desc)))?;
        (total, docs.into_iter().map(|(_, address)| address).collect())
    } else {
        // Equal scores (the same words in the same text) fall back to newest first.
        let by_score = (SortBySimilarityScore, Order::Desc);
        let then_newest = (SortByStaticFastValue::<i64>::for_field(SORT), Order::Desc);
        let (total, docs) = searcher.search(query, &(Count, top.order_by((by_score, then_newest))))?;
        (total, docs.into_iter().map(|(_, address)| address).collect())
    };
    let mut items = Vec::with_capacity(found.len());
    for address in found {
        let numbers = searcher.segment_reader(address.segment_ord).fast_fields().i64(NUMBER)?;
        if let Some(number) = numbers.first(address.doc_id) {
            items.push(number);
        }
    }
    Ok(Page { items, total: total as u64, request: page })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn newer_sorts_higher_and_the_number_breaks_ties() {
        let at = |s: i64| DateTime::from_timestamp(s, 0).unwrap();
        assert!(sort_key(at(1_800_000_001), 1) > sort_key(at(1_800_000_000), 99_999_999));
        assert!(sort_key(at(1_800_000_000), 11) > sort_key(at(1_800_000_000), 10));
    }

    #[test]
    fn escapes_the_special_characters() {
        assert_eq!(escape("c++ (1.5)"), "c\\+\\+ \\(1\\.5\\)");
        assert_eq!(escape("數學"), "數學");
    }
}
