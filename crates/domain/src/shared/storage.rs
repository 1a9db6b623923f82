//! Storage failures as the domain sees them; adapters translate their drivers' errors into these.

use thiserror::Error;

/// The uniqueness rules the store enforces, by what they mean to the business.
///
/// Two requests can race past any check a use case makes; the store's unique indexes decide
/// the winner, and the loser learns which rule it broke.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Constraint {
    /// Another account has this phone.
    UserPhone,
    /// Another account has this e-mail address.
    UserEmail,
    /// A user has at most one tutor application pending review.
    PendingTutorApplication,
    /// A tutor applies to a case once.
    ApplicationPerTutorAndCase,
    /// A member has at most one pending booking of one tutor.
    PendingBooking,
    /// A member reviews a tutor once.
    ReviewPerAuthorAndTutor,
    /// One lesson per arrangement and start time.
    LessonPerStart,
    /// A ledger's next line number is taken: another write reached the invoice first.
    LedgerLineNumber,
    /// A keyed ledger line (one bank payment, one statement line) is recorded once.
    LedgerLineKey,
}

/// A storage failure, translated by the adapter from its driver's error.
#[derive(Debug, Error)]
pub enum RepositoryError {
    /// A uniqueness rule would be broken.
    #[error("conflict: {0:?}")]
    Conflict(Constraint),
    /// The store could not answer; the request may succeed later.
    #[error("storage_unavailable: {0}")]
    Unavailable(#[source] Box<dyn std::error::Error + Send + Sync>),
}
