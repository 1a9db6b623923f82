//! The rules of matching that need more than the common problems of [`super::super::validation::Problem`].

use crate::shared::money::Rate;

/// A rule of matching a field broke, with the figures its message needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MatchingProblem {
    /// An offer's fee when the case's and the tutor's asking fee are one: it must be that fee.
    FeeMustBe { fee: Rate },
    /// An offer's fee outside the case's and the tutor's asking fee.
    FeeBetween { low: Rate, high: Rate },
    /// A first lesson not on a quarter hour between 07:00 and 22:00 Hong Kong time.
    FirstLessonOffHours,
    /// A first lesson not after now.
    FirstLessonPast,
    /// A first lesson more than `days` days away.
    FirstLessonTooFar { days: i64 },
}
