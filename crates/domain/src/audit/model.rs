//! An entry of the trail, and the rules for who and why.

use chrono::{DateTime, Utc};
use thiserror::Error;

crate::keyed_enum! {
    /// Every decision of the back office the trail records: a closed set, so that each stored
    /// entry reads back as one of them, under a key that never changes.
    pub enum Decision {
        /// A pending case made public.
        CaseApproved => "case-approved",
        /// A pending case refused, with a reason the owner is told.
        CaseRejected => "case-rejected",
        /// A case taken off the board.
        CaseClosed => "case-closed",
        /// A tutor application approved: the applicant becomes a listed tutor.
        TutorApplicationApproved => "tutor-application-approved",
        /// A tutor application refused, with a reason.
        TutorApplicationRejected => "tutor-application-rejected",
        /// A tutor listed in search again.
        TutorActivated => "tutor-activated",
        /// A tutor hidden from search and their profile page.
        TutorDeactivated => "tutor-deactivated",
        /// An organization verified from its documents.
        OrganizationVerified => "organization-verified",
        /// An organization refused verification, with a reason.
        OrganizationRejected => "organization-rejected",
        /// A review taken off a tutor's profile.
        ReviewHidden => "review-hidden",
        /// A hidden review shown again.
        ReviewRestored => "review-restored",
        /// A disputed lesson settled as held or not held.
        LessonDisputeResolved => "lesson-dispute-resolved",
        /// What an invoice owed forgiven.
        InvoiceWaived => "invoice-waived",
        /// What an invoice owes corrected up or down.
        InvoiceAdjusted => "invoice-adjusted",
        /// Money paid back to a tutor out of a credit.
        InvoiceRefunded => "invoice-refunded",
        /// An invoice's due date moved.
        InvoiceDueDateMoved => "invoice-due-date-moved",
        /// A payment received, recorded by hand.
        PaymentRecorded => "payment-recorded",
        /// A bank statement export read and its payments recorded.
        BankStatementImported => "bank-statement-imported",
        /// An organization's private registration documents copied out of private storage:
        /// reading them is accountable too.
        DocumentsExported => "documents-exported",
        /// A tutor's proofs of payment copied out of private storage, to check against the bank.
        PaymentProofsExported => "payment-proofs-exported",
    }
}

/// Who made a decision is at most this many characters (a login name or a person's name).
pub const ACTOR_MAX_CHARS: usize = 100;
/// Why, at most this many characters: longer than any reason a decision itself takes.
pub const REASON_MAX_CHARS: usize = 1000;

/// A decision to write down, before the trail numbers and dates it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewAuditEntry {
    /// The back-office member (`--by`, or the operating-system user).
    pub actor: String,
    pub decision: Decision,
    /// What it was about, as the back office names it: `case 123`, `invoice INV-2026-000123`.
    pub subject: String,
    /// The reason the decision was given with, when it takes one.
    pub reason: Option<String>,
    /// Short machine-readable facts, `key=value` separated by spaces (`amount_cents=-5000`).
    pub details: String,
}

/// A decision as the trail keeps it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AuditEntry {
    /// The order entries were appended in, from 1; never reused.
    pub number: i64,
    pub at: DateTime<Utc>,
    pub actor: String,
    pub decision: Decision,
    pub subject: String,
    pub reason: Option<String>,
    pub details: String,
}

/// Why an entry cannot be written as given.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum EntryError {
    #[error("actor_missing")]
    ActorMissing,
    /// Longer than [`ACTOR_MAX_CHARS`].
    #[error("actor_too_long")]
    ActorTooLong,
    /// A tab, a line break or another control character: the trail is read line by line.
    #[error("actor_control_characters")]
    ActorControlCharacters,
    /// Longer than [`REASON_MAX_CHARS`].
    #[error("reason_too_long")]
    ReasonTooLong,
}

/// Who made a decision, trimmed: 1 to [`ACTOR_MAX_CHARS`] characters without control
/// characters.
///
/// # Errors
/// `ActorMissing`, `ActorTooLong`, `ActorControlCharacters`.
pub fn actor(raw: &str) -> Result<String, EntryError> {
    let actor = raw.trim();
    if actor.is_empty() {
        return Err(EntryError::ActorMissing);
    }
    if actor.chars().any(char::is_control) {
        return Err(EntryError::ActorControlCharacters);
    }
    if actor.chars().count() > ACTOR_MAX_CHARS {
        return Err(EntryError::ActorTooLong);
    }
    Ok(actor.to_string())
}

/// The reason, trimmed; a blank one is none.
///
/// # Errors
/// `ReasonTooLong`.
pub fn reason(raw: Option<&str>) -> Result<Option<String>, EntryError> {
    let Some(reason) = raw.map(str::trim).filter(|r| !r.is_empty()) else {
        return Ok(None);
    };
    if reason.chars().count() > REASON_MAX_CHARS {
        return Err(EntryError::ReasonTooLong);
    }
    Ok(Some(reason.to_string()))
}

impl NewAuditEntry {
    /// An entry whose actor and reason follow the rules ([`actor`], [`reason`]).
    ///
    /// # Errors
    /// As [`actor`] and [`reason`].
    pub fn new(actor: &str, decision: Decision, subject: &str, reason: Option<&str>, details: &str) -> Result<Self, EntryError> {
        Ok(Self {
            actor: self::actor(actor)?,
            decision,
            subject: subject.trim().to_string(),
            reason: self::reason(reason)?,
            details: details.trim().to_string(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_actor_is_one_to_a_hundred_characters_on_one_line() {
        assert_eq!(actor("  amy  "), Ok("amy".to_string()));
        assert_eq!(actor(" "), Err(EntryError::ActorMissing));
        assert_eq!(actor("amy\nbob"), Err(EntryError::ActorControlCharacters));
        assert_eq!(actor("a\tb"), Err(EntryError::ActorControlCharacters));
        assert_eq!(actor(&"é".repeat(ACTOR_MAX_CHARS)).map(|a| a.chars().count()), Ok(ACTOR_MAX_CHARS), "characters, not bytes");
        assert_eq!(actor(&"a".repeat(ACTOR_MAX_CHARS + 1)), Err(EntryError::ActorTooLong));
    }

    #[test]
    fn a_blank_reason_is_none_and_a_long_one_is_refused() {
        assert_eq!(reason(None), Ok(None));
        assert_eq!(reason(Some("  ")), Ok(None));
        assert_eq!(reason(Some(" late bank transfer ")), Ok(Some("late bank transfer".to_string())));
        assert_eq!(reason(Some("x".repeat(REASON_MAX_CHARS).as_str())).map(|r| r.map(|r| r.len())), Ok(Some(REASON_MAX_CHARS)));
        assert_eq!(reason(Some("x".repeat(REASON_MAX_CHARS + 1).as_str())), Err(EntryError::ReasonTooLong));
    }

    #[test]
    fn decision_keys_are_stable_and_read_back() {
        assert_eq!(Decision::ALL.len(), 20);
        for decision in Decision::ALL {
            assert_eq!(Decision::parse(decision.key()), Some(*decision));
        }
        assert_eq!(Decision::InvoiceDueDateMoved.key(), "invoice-due-date-moved");
        assert_eq!(Decision::parse("case-deleted"), None);
    }
}
