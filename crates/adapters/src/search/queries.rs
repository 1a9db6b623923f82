//! The pieces every search is built of: filters and typed words as index queries, each named
//! so the documents it matches can be kept, and the order of documents.

use std::ops::Bound;

use chrono::{DateTime, Utc};
use tantivy::Term;
use tantivy::query::{BooleanQuery, BoostQuery, EmptyQuery, Occur, Query, RegexQuery, TermQuery, TermSetQuery};
use tantivy::schema::{Field, IndexRecordOption};
use tutorhub_domain::shared::keywords::Keywords;
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

/// The fast field of the fee per lesson in cents, which fee bounds and fee orders read.
pub const RATE: &str = "rate";

/// Separates a level key from a subject name in one term ("secondary\u{1f}數學").
pub const PAIR: char = '\u{1f}';

/// One condition every document found must meet, named by field and value, so the documents
/// it matches can be kept between searches (`segment_cache`). Values are kept whole, never
/// joined into one string, so no crafted value can name another clause's documents. Its index
/// query is built only when the documents it matches are not kept: building one for a
/// single Chinese character compiles an automaton.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ClauseKey {
    Term(Field, String),
    /// Sorted and without repeats: the same set of values in any order is the same clause.
    AnyOf(Field, Vec<String>),
    AtLeast(Field, i64),
    AtMost(Field, i64),
    Containing {
        field: Field,
        prefix: String,
        text: String,
    },
    Word(Field, String),
}

impl ClauseKey {
    /// The index query matching what the clause names.
    pub fn query(&self) -> Box<dyn Query> {
        match self {
            ClauseKey::Term(field, value) => Box::new(TermQuery::new(Term::from_field_text(*field, value), IndexRecordOption::Basic)),
            ClauseKey::AnyOf(field, values) => Box::new(TermSetQuery::new(values.iter().map(|v| Term::from_field_text(*field, v)))),
            ClauseKey::AtLeast(field, min) => {
                Box::new(tantivy::query::RangeQuery::new(Bound::Included(Term::from_field_i64(*field, *min)), Bound::Unbounded))
            }
            ClauseKey::AtMost(field, max) => {
                Box::new(tantivy::query::RangeQuery::new(Bound::Unbounded, Bound::Included(Term::from_field_i64(*field, *max))))
            }
            ClauseKey::Containing { field, prefix, text } => {
                let pattern = format!("{}.*{}.*", escape(prefix), escape(&text.to_lowercase()));
                match RegexQuery::from_pattern(&pattern, *field) {
                    Ok(query) => Box::new(query),
                    // Escaped text parses; a text too long for the automaton is refused by the
                    // domain (`free_text_subject`) before it gets here. Were it not, it would
                    // match nothing.
                    Err(_) => Box::new(EmptyQuery),
                }
            }
            ClauseKey::Word(field, word) => word_query(*field, word),
        }
    }

    /// The memory its text holds besides itself, for the caches' budgets.
    pub fn text_bytes(&self) -> usize {
        match self {
            ClauseKey::AtLeast(..) | ClauseKey::AtMost(..) => 0,
            ClauseKey::Term(_, value) | ClauseKey::Word(_, value) => value.len(),
            ClauseKey::AnyOf(_, values) => values.iter().map(|value| value.len() + 24).sum(),
            ClauseKey::Containing { prefix, text, .. } => prefix.len() + text.len(),
        }
    }

    /// The memory a list of clauses holds, text included.
    pub fn list_bytes(clauses: &[ClauseKey]) -> usize {
        clauses.iter().map(|clause| size_of::<ClauseKey>() + clause.text_bytes()).sum()
    }
}

/// How a search orders the documents its clauses find, besides them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Sorting {
    /// By the typed words' score, then newest; newest first without words.
    Best,
    /// Newest first, words typed or not.
    Newest,
    /// By an i64 fast field (fee, rating), then newest.
    Column { name: &'static str, descending: bool },
}

/// What names a search's documents and their order: its clauses and its sorting.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SearchKey {
    pub clauses: Vec<ClauseKey>,
    pub sorting: Sorting,
}

/// A search: the documents meeting every clause, in the order of `key.sorting` (by `ranking`
/// when words were typed and the order is the best).
pub struct Search {
    pub key: SearchKey,
    pub ranking: Option<Ranking>,
}

/// The order of the documents the typed words match: by their score for [`Self::query`].
pub struct Ranking {
    /// The typed words' clauses (in the text field), naming the order so it can be kept.
    pub words: Vec<ClauseKey>,
    /// Where a word found ranks higher.
    title: Field,
}

impl Ranking {
    /// Every typed word must be found in the text; words found in the title rank higher.
    pub fn query(&self) -> Box<dyn Query> {
        let words = self.words.iter().filter_map(|clause| match clause {
            ClauseKey::Word(text, word) => Some((*text, word)),
            _ => None,
        });
        let ranked = words.map(|(text, word)| -> (Occur, Box<dyn Query>) {
            let one = BooleanQuery::new(vec![
                (Occur::Must, word_query(text, word)),
                (Occur::Should, Box::new(BoostQuery::new(word_query(self.title, word), 2.0))),
            ]);
            (Occur::Must, Box::new(one))
        });
        Box::new(BooleanQuery::new(ranked.collect()))
    }
}

/// A search built one filter at a time.
pub struct Clauses {
    clauses: Vec<ClauseKey>,
    ranking: Option<Ranking>,
    sorting: Sorting,
}

impl Default for Clauses {
    fn default() -> Self {
        Self { clauses: Vec::new(), ranking: None, sorting: Sorting::Best }
    }
}

impl Clauses {
    /// The document holds exactly `value` in `field`.
    pub fn term(&mut self, field: Field, value: &str) {
        self.clauses.push(ClauseKey::Term(field, value.to_string()));
    }

    /// The document holds at least one of `values` in `field` (nothing when the list is empty).
    pub fn any_of<'a>(&mut self, field: Field, values: impl IntoIterator<Item = &'a str>) {
        let mut values: Vec<String> = values.into_iter().map(str::to_string).collect();
        values.sort();
        values.dedup();
        match values.len() {
            0 => {}
            1 => self.term(field, &values[0]),
            _ => self.clauses.push(ClauseKey::AnyOf(field, values)),
        }
    }

    /// The document's `field` is at least `min`.
    pub fn at_least(&mut self, field: Field, min: i64) {
        self.clauses.push(ClauseKey::AtLeast(field, min));
    }

    /// The document's `field` is at most `max`.
    pub fn at_most(&mut self, field: Field, max: i64) {
        self.clauses.push(ClauseKey::AtMost(field, max));
    }

    /// Orders the documents found so; the typed words then only filter.
    pub fn sorted(&mut self, sorting: Sorting) {
        self.sorting = sorting;
    }

    /// Some term of `field` starts with `prefix` and contains `text` after it (lower-cased
    /// substring search over the field's terms, like the stores' `LIKE '%text%'`).
    pub fn containing(&mut self, field: Field, prefix: &str, text: &str) {
        self.clauses.push(ClauseKey::Containing { field, prefix: prefix.to_string(), text: text.to_string() });
    }

    /// Every typed word must be found in `text`; words found in `title` rank higher.
    /// The words are sorted: the same words in any order are the same search, ranked (and
    /// their order kept) once.
    pub fn words(&mut self, text: Field, title: Field, keywords: &Keywords) {
        let mut words: Vec<ClauseKey> = keywords.words().iter().map(|word| ClauseKey::Word(text, word.clone())).collect();
        words.sort();
        words.dedup();
        if !words.is_empty() {
            self.clauses.extend(words.iter().cloned());
            self.ranking = Some(Ranking { words, title });
        }
    }

    pub fn into_search(self) -> Search {
        let ranking = self.ranking.filter(|_| self.sorting == Sorting::Best);
        Search { key: SearchKey { clauses: self.clauses, sorting: self.sorting }, ranking }
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
