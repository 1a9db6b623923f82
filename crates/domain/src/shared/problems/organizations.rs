//! The rules of organizations that need more than the common problems of [`super::super::validation::Problem`].

/// A rule of organizations a field broke, with the figures its message needs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OrganizationsProblem {
    /// A resubmission without a single new document.
    NoNewDocument,
}
