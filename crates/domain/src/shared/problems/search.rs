//! The rules of search that need more than the common problems of [`super::super::validation::Problem`].

/// A rule of search a field broke, with the figures its message needs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SearchProblem {
    /// A page past the first `max` results.
    TooDeep { max: u64 },
    /// Typed words longer than `max` characters in all.
    WordsTooLong { max: usize },
}
