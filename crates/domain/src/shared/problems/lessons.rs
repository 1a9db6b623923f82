//! The rules of lessons that need more than the common problems of [`super::super::validation::Problem`].

/// A rule of lessons a field broke, with the figures its message needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LessonsProblem {
    /// A lesson recorded as held that has not started yet.
    HeldInFuture,
    /// A lesson recorded more than `days` after it started.
    HeldTooLongAgo { days: i64 },
    /// A lesson recorded before the match (or the booking) was confirmed.
    HeldBeforeMatch,
    /// A lesson recorded over the time of another one on the record.
    Overlaps,
    /// A cancellation of a lesson that has started already.
    CancelStarted,
    /// A cancellation of a lesson more than `days` ahead.
    CancelTooFarAhead { days: i64 },
    /// An arrangement ended for "other" reasons without saying which.
    EndNoteMissing,
}
