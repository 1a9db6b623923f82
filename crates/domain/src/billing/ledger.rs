//! An invoice's ledger: append-only lines of money, each saying who and why. The balance is
//! their sum; nothing is edited in place. Late charges accrue by the day, so the statement
//! (`statement.rs`) shows them as they stand on a date, and they are written as lines of their
//! own when the invoice is settled.

use chrono::{DateTime, NaiveDate, Utc};

use crate::keyed_enum;

keyed_enum! {
    /// What a line is. Positive amounts are owed by the tutor, negative ones are owed to them.
    pub enum LineKind {
        /// The service fee, when the invoice is issued.
        Fee => "fee",
        /// A correction by the back office, either way.
        Adjustment => "adjustment",
        /// What a short match gives back (negative).
        Credit => "credit",
        /// Late interest on the overdue principal.
        Interest => "interest",
        /// The late penalty, added once.
        Penalty => "penalty",
        /// Money received (negative).
        Payment => "payment",
        /// Money paid back to the tutor (positive: it uses up a credit).
        Refund => "refund",
        /// What the back office forgives (negative).
        Waiver => "waiver",
    }
}

impl LineKind {
    /// Interest and the penalty: charged on the principal, never on themselves.
    pub fn is_charge(self) -> bool {
        matches!(self, Self::Interest | Self::Penalty)
    }
}

keyed_enum! {
    /// How money reached us (or went back).
    pub enum PaymentMethod {
        Fps => "fps",
        Bank => "bank",
        Cash => "cash",
    }
}

/// Why a line is there. The site writes its own lines from their figures, and the edge words
/// them in the reader's language; what the back office types (a waiver's or an adjustment's
/// reason) is kept as typed. A line stored before reasons were typed reads back as [`Self::Text`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LineReason {
    /// The service fee as issued: its fee per lesson × lessons a week × weeks, halved.
    Fee(FeeBasis),
    /// The credit of a match that ended soon after its first lesson.
    ShortMatch(ShortMatchBasis),
    /// Money received, and how it came.
    Payment { method: PaymentMethod },
    /// Money paid back to the tutor: what they paid over.
    Overpayment,
    /// Late interest over a stretch of days.
    Interest(InterestBasis),
    /// The late penalty, added once.
    Penalty(PenaltyBasis),
    /// As the back office typed it, or as an older line stored it: shown as it is.
    Text(String),
}

impl From<String> for LineReason {
    fn from(text: String) -> Self {
        Self::Text(text)
    }
}

impl From<&str> for LineReason {
    fn from(text: &str) -> Self {
        Self::Text(text.to_string())
    }
}

/// How the service fee was computed: `rate_cents` a lesson × `per_week` lessons × `weeks`, halved.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FeeBasis {
    pub rate_cents: i64,
    pub per_week: u32,
    pub weeks: u32,
}

/// A match that ended on `ended_on`, within `within_days` of its first lesson, after `taught`
/// confirmed lessons at `rate_cents`: its fee is now `fee_cents` (half their tuition, at most the
/// full fee), it was `was_cents`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShortMatchBasis {
    pub ended_on: NaiveDate,
    pub within_days: u32,
    pub taught: u32,
    pub rate_cents: i64,
    pub fee_cents: i64,
    pub was_cents: i64,
}

impl ShortMatchBasis {
    /// The fee came down (otherwise the lessons taught reached the full fee, which stays).
    pub fn lowered(&self) -> bool {
        self.fee_cents < self.was_cents
    }
}

/// Interest from `from` to `until` (`days` days, both counted) on `principal_cents` overdue, at
/// `bp_per_month` basis points a month, counted per day as × 12 ÷ 365.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct InterestBasis {
    pub from: NaiveDate,
    pub until: NaiveDate,
    pub days: i64,
    pub principal_cents: i64,
    pub bp_per_month: u32,
}

/// The penalty added on overdue day `day`: `percent`% of `principal_cents` still overdue then.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PenaltyBasis {
    pub day: u32,
    pub principal_cents: i64,
    pub percent: u32,
}

/// A stored line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    /// 1, 2, 3… within the invoice: the order lines were written in.
    pub seq: u32,
    pub kind: LineKind,
    /// Whole HK cents.
    pub amount: i64,
    /// The Hong Kong date it takes effect (a payment's is the day the money arrived).
    pub on: NaiveDate,
    /// Who wrote it: `system`, `back-office`, or the import's file.
    pub by: String,
    /// Why: worded for the tutor's statement at the edge.
    pub reason: LineReason,
    pub method: Option<PaymentMethod>,
    /// A payment's or a refund's reference (the FPS or bank reference).
    pub reference: Option<String>,
    /// What it records, when that must be recorded once (see [`NewLine::key`]).
    pub key: Option<String>,
    pub recorded_at: DateTime<Utc>,
}

/// A line to append. `key`, when set, is unique across all ledgers: the same bank payment
/// or the same statement line recorded twice (or at once) makes one line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewLine {
    pub kind: LineKind,
    pub amount: i64,
    pub on: NaiveDate,
    pub by: String,
    pub reason: LineReason,
    pub method: Option<PaymentMethod>,
    pub reference: Option<String>,
    pub key: Option<String>,
    pub recorded_at: DateTime<Utc>,
}
