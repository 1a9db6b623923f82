//! An invoice: issued once per confirmed match, after its first confirmed lesson; numbered
//! `INV-2026-000123` (the year it was issued, then its serial); settled once, when paid in full
//! (a receipt `RCT-…` with the same serial) or waived.

use chrono::{DateTime, NaiveDate, Utc};
use uuid::Uuid;

use crate::billing::terms::{LateTerms, ServiceFee};
use crate::keyed_enum;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Invoice {
    /// The serial behind the number.
    pub id: i64,
    /// The Hong Kong year it was issued in.
    pub year: i32,
    /// The match (the offer's id), as the lesson record knows it.
    pub arrangement_id: Uuid,
    pub case_number: i64,
    pub tutor_id: Uuid,
    pub fee: ServiceFee,
    /// When the first confirmed lesson started: a short match counts from it.
    pub first_lesson_at: DateTime<Utc>,
    pub issued_at: DateTime<Utc>,
    /// Now (the back office may move it; each move is kept).
    pub due_on: NaiveDate,
    /// The late terms in force when it was issued.
    pub late: LateTerms,
    pub settled: Option<Settlement>,
}

impl Invoice {
    /// What it owes on `on`, with these lines of its ledger.
    pub fn statement(&self, lines: &[crate::billing::ledger::Line], on: NaiveDate) -> crate::billing::statement::Statement {
        crate::billing::statement::statement(&self.late, self.due_on, lines, on)
    }

    pub fn number(&self) -> String {
        format!("INV-{}-{:06}", self.year, self.id)
    }

    /// The receipt's number, once paid in full: the same serial, the year of payment.
    pub fn receipt_number(&self) -> Option<String> {
        match &self.settled {
            Some(Settlement { how: SettledBy::Paid, on, .. }) => Some(format!("RCT-{}-{:06}", chrono::Datelike::year(on), self.id)),
            _ => None,
        }
    }
}

/// The serial an invoice number names, when it is well formed (`INV-2026-000123`, any case).
pub fn parse_number(number: &str) -> Option<(i32, i64)> {
    let rest = number.trim().to_ascii_uppercase();
    let rest = rest.strip_prefix("INV-")?;
    let (year, serial) = rest.split_once('-')?;
    if year.len() != 4 || serial.len() < 6 || !serial.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some((year.parse().ok()?, serial.parse().ok()?))
}

/// Every invoice number in a text (a bank statement's description), in order.
pub fn numbers_in(text: &str) -> Vec<(i32, i64)> {
    let upper = text.to_ascii_uppercase();
    let mut found = Vec::new();
    let mut rest = upper.as_str();
    while let Some(at) = rest.find("INV-") {
        rest = &rest[at + 4..];
        let serial: String = rest.get(5..).unwrap_or("").chars().take_while(char::is_ascii_digit).collect();
        if let Some(number) = rest.get(..5).and_then(|year| parse_number(&format!("INV-{year}{serial}"))) {
            found.push(number);
        }
    }
    found
}

keyed_enum! {
    pub enum SettledBy {
        Paid => "paid",
        Waived => "waived",
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Settlement {
    pub how: SettledBy,
    /// The Hong Kong date of the payment (or waiver) that settled it.
    pub on: NaiveDate,
    /// How the last payment came (a receipt says it).
    pub method: Option<crate::billing::ledger::PaymentMethod>,
}

keyed_enum! {
    /// Where an invoice stands for its tutor.
    pub enum InvoiceStatus {
        /// Owed, not yet due.
        Open => "open",
        /// Past its due date and still owed.
        Overdue => "overdue",
        Paid => "paid",
        Waived => "waived",
    }
}

/// The invoice a confirmed match is due, as the store finds it: a confirmed lesson and no
/// invoice yet.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Billable {
    pub arrangement_id: Uuid,
    pub case_number: i64,
    pub tutor_id: Uuid,
    pub fee: ServiceFee,
    pub first_lesson_at: DateTime<Utc>,
}

/// A move of the due date by the back office, kept for good.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DueChange {
    pub from: NaiveDate,
    pub to: NaiveDate,
    pub reason: String,
    /// The back office member who moved it.
    pub by: String,
    pub at: DateTime<Utc>,
}

/// A tutor's proof of payment: a private image and the FPS reference they typed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Proof {
    pub id: Uuid,
    pub file_key: String,
    pub reference: String,
    pub uploaded_at: DateTime<Utc>,
}

keyed_enum! {
    /// The reminders of an invoice, each sent once per due date.
    pub enum Reminder {
        /// Two days before the due date.
        Soon => "soon",
        /// On the due date.
        Due => "due",
        /// Day 3 overdue.
        Overdue => "overdue",
        /// Day 11 overdue: the penalty is added and the account restricted.
        Penalty => "penalty",
    }
}

impl Reminder {
    /// Days from the due date (negative: before it).
    pub fn day(self, late: &LateTerms) -> i64 {
        match self {
            Self::Soon => -i64::from(crate::billing::terms::REMIND_DAYS_BEFORE),
            Self::Due => 0,
            Self::Overdue => i64::from(crate::billing::terms::REMIND_OVERDUE_DAY),
            Self::Penalty => i64::from(late.penalty_day),
        }
    }

    /// The reminder to send on `today`, for an invoice due on `due_on`: the one of that day.
    pub fn of_day(due_on: NaiveDate, late: &LateTerms, today: NaiveDate) -> Option<Self> {
        let day = (today - due_on).num_days();
        Self::ALL.iter().copied().find(|r| r.day(late) == day)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_read_back_and_are_found_in_bank_descriptions() {
        assert_eq!(parse_number("INV-2026-000123"), Some((2026, 123)));
        assert_eq!(parse_number("inv-2026-000123"), Some((2026, 123)));
        assert_eq!(parse_number("INV-26-1"), None);
        assert_eq!(numbers_in("FPS CR CHAN T M INV-2026-000123 REF 8812"), [(2026, 123)]);
        assert_eq!(numbers_in("TRF inv-2027-001234/INV-2027-001235"), [(2027, 1234), (2027, 1235)]);
        assert!(numbers_in("SALARY NOV").is_empty());
    }
}
