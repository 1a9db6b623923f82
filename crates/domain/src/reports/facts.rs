//! What a report is computed from: the few stored facts each figure needs, as plain rows. The
//! store only reads them; which of them count, and how, is decided in `figures`.
//!
//! Times are instants (UTC) as stored; money is whole HK cents; dates people read (a due
//! date, a ledger line's) are Hong Kong dates.

use chrono::{DateTime, NaiveDate, Utc};
use uuid::Uuid;

use crate::billing::ledger::LineKind;
use crate::cases::model::CaseStatus;
use crate::keyed_enum;

/// Everything one report reads.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ReportFacts {
    /// The cases families posted in the period (the cohort), with what happened to them.
    pub cases: Vec<CaseFacts>,
    /// What tutors did in the period.
    pub tutor_events: Vec<TutorEvent>,
    /// The service fee's invoices issued before the period's end, with their ledger lines
    /// dated up to its last day.
    pub invoices: Vec<InvoiceFacts>,
}

/// One case of the cohort.
#[derive(Debug, Clone, PartialEq)]
pub struct CaseFacts {
    pub number: i64,
    /// The level's key in the catalogue (`secondary`).
    pub level: String,
    /// The catalogue's stored names, as the case keeps them.
    pub region: String,
    pub district: String,
    pub subjects: Vec<String>,
    /// Its status now: whether a case approved before approval times were kept (migration
    /// 0021) was approved is read from where it stands (and from tutors having applied to it).
    pub status: CaseStatus,
    pub posted_at: DateTime<Utc>,
    /// When moderation first let it onto the board (at posting when approved at once).
    pub approved_at: Option<DateTime<Utc>>,
    /// When the first tutor applied. Any application counts, a withdrawn one too: a tutor
    /// answered the case.
    pub first_applied_at: Option<DateTime<Utc>>,
    /// Every offer made on it (the owner chose a tutor), in the order they were made.
    pub offers: Vec<OfferFacts>,
}

/// An offer of a case to the tutor its owner chose, and the match it became.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OfferFacts {
    pub made_at: DateTime<Utc>,
    /// When the tutor confirmed it (the match); `None` while open, or declined, or lapsed.
    pub confirmed_at: Option<DateTime<Utc>>,
    /// The start of the match's first confirmed lesson (by the family, its silence or the back
    /// office), among those recorded before the period's end.
    pub first_lesson_at: Option<DateTime<Utc>>,
    /// When either side ended the match.
    pub ended_at: Option<DateTime<Utc>>,
}

keyed_enum! {
    /// Something a tutor did that the tutors' figures count.
    pub enum TutorActivity {
        /// Applied to a case.
        Applied => "applied",
        /// Their tutor application was approved.
        Approved => "approved",
        /// Confirmed an offer: a match.
        Confirmed => "confirmed",
        /// Recorded a lesson held, in a match or a booking (not a cancellation).
        RecordedLesson => "recorded-lesson",
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TutorEvent {
    /// The tutor's user id.
    pub tutor: Uuid,
    pub activity: TutorActivity,
    pub at: DateTime<Utc>,
}

/// An invoice of the service fee.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InvoiceFacts {
    pub issued_at: DateTime<Utc>,
    /// The fee as issued.
    pub fee_cents: i64,
    /// The due date as it stands now (the back office may have moved it).
    pub due_on: NaiveDate,
    pub lines: Vec<LedgerEntry>,
}

/// A line of an invoice's ledger: positive owed by the tutor, negative owed to them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LedgerEntry {
    pub kind: LineKind,
    pub amount: i64,
    /// The Hong Kong date it takes effect (a payment's: the day the money arrived).
    pub on: NaiveDate,
}
