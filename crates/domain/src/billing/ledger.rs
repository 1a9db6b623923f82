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

    pub fn label(self) -> &'static str {
        match self {
            Self::Fee => "服務費",
            Self::Adjustment => "調整",
            Self::Credit => "退還額",
            Self::Interest => "逾期利息",
            Self::Penalty => "逾期罰款",
            Self::Payment => "付款",
            Self::Refund => "退款",
            Self::Waiver => "豁免",
        }
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

impl PaymentMethod {
    pub fn label(self) -> &'static str {
        match self {
            Self::Fps => "轉數快",
            Self::Bank => "銀行轉賬",
            Self::Cash => "現金",
        }
    }
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
    /// Why, in words a tutor reads on the statement.
    pub reason: String,
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
    pub reason: String,
    pub method: Option<PaymentMethod>,
    pub reference: Option<String>,
    pub key: Option<String>,
    pub recorded_at: DateTime<Utc>,
}
