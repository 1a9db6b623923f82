//! A search read and checked: what the index, the stores and the caches are given.

use crate::shared::keywords::Keywords;
use crate::shared::money::Rate;
use crate::shared::narrowing::narrow;
use crate::shared::sort_order::SortOrder;

/// How subjects are matched, on the case board and in the tutor directory alike: catalogue
/// names exactly, or free text (tertiary) by substring.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum SubjectMatch {
    AnyOf(Vec<String>),
    Containing(String),
}

/// A validated search: the filters every search has, the words left to look for, the order,
/// and `own`, what only this search filters on. Empty lists and `None` mean "no limit".
///
/// It derives `Hash` and `Eq`: the search's answers are kept under it (`PreparedAnswers`,
/// `BoardCache`), so every field is part of their keys by itself.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct SearchFilter<Own> {
    /// Level key: a case at this level, a tutor teaching some subject at it.
    pub level: Option<&'static str>,
    /// Subject names (within `level` when given), or a free-text level's typed subject.
    pub subjects: Option<SubjectMatch>,
    pub region: Option<&'static str>,
    pub districts: Vec<String>,
    pub areas: Vec<String>,
    /// Below this fee per lesson, left out.
    pub min_rate: Option<Rate>,
    /// Above this fee per lesson, left out.
    pub max_rate: Option<Rate>,
    /// Subjects the typed words named (`shared::narrowing`): a result must have every one (a
    /// tutor teach it at `level`, when there is one).
    pub required_subjects: Vec<String>,
    /// Typed words, each found in the result's text (the search index's business: the rules
    /// that check one case against a search leave them to it).
    pub words: Keywords,
    pub sort: SortOrder,
    /// What only this search filters on.
    pub own: Own,
}

impl<Own> SearchFilter<Own> {
    /// This search narrowed to the level and subjects `words` name (`shared::narrowing`), and
    /// the words left to look for in the text. Both searches and saved searches read words so.
    pub fn narrowed_by(self, words: &Keywords) -> (Self, Keywords) {
        let narrowed = narrow(words, self.level);
        let required_subjects = narrowed.subjects.iter().map(|s| s.to_string()).collect();
        (Self { level: self.level.or(narrowed.level), required_subjects, ..self }, narrowed.words)
    }
}
