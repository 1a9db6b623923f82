//! The rules of alerts that need more than the common problems of [`super::super::validation::Problem`].

/// A rule of alerts a field broke, with the figures its message needs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AlertsProblem {
    /// A saved search with no filter and no keyword: it would send every new case.
    NothingNarrows,
    /// Keywords typed, but no letter or digit among them.
    KeywordsWithoutWords,
    /// One keyword longer than `max` characters.
    KeywordTooLong { max: usize },
}
