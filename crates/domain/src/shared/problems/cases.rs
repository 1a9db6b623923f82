//! The rules of cases that need more than the common problems of [`super::super::validation::Problem`].

/// A rule of cases a field broke, with the figures its message needs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CasesProblem {
    /// A new case starting before today (Hong Kong date).
    StartDatePast,
    /// No subject chosen from a level's list.
    NoSubject,
    /// More subjects chosen than a case takes.
    TooManySubjects { max: usize },
    /// More than the one free-text subject of `level` (a level key, e.g. `tertiary`).
    OneFreeTextSubject { level: &'static str },
    /// A subject that is not one of `level`'s (a level key); `subject` as sent.
    SubjectNotOfLevel { subject: String, level: &'static str },
    /// A search's highest fee below its lowest.
    MaxRateBelowMinRate,
}
