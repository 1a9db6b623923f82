//! The rules of reviews that need more than the common problems of [`super::super::validation::Problem`].

/// A rule of reviews a field broke, with the figures its message needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReviewsProblem {
    /// A rating outside `min..=max` stars.
    Stars { min: u8, max: u8 },
    /// A report without a reason.
    NoReportReason,
}
