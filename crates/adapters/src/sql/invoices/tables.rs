//! The rows of the invoice tables as read, and the invoices, lines, billable matches, due date
//! moves and proofs they hold.

use sqlx::FromRow;
use tutorhub_domain::billing::ledger::{Line, LineKind, PaymentMethod};
use tutorhub_domain::billing::model::{Billable, DueChange, Invoice, Proof, SettledBy, Settlement};
use tutorhub_domain::billing::terms::{LateTerms, ServiceFee};
use tutorhub_domain::shared::money::Rate;
use tutorhub_domain::shared::storage::RepositoryError;

use crate::sql::cases::parse_uuid;
use crate::sql::invoices::stored::{count, parse_day, read_reason};
use crate::sql::rows::{corrupt, from_millis};

pub(super) const COLUMNS: &str = "id, year, arrangement_id, case_number, tutor_id, fee_per_lesson_cents, lessons_per_week, \
                                  fee_cents, first_lesson_at, issued_at, due_on, interest_bp_per_month, penalty_percent, \
                                  penalty_day, settled_how, settled_on, settled_method";

pub(super) const LINE_COLUMNS: &str = "seq, kind, amount_cents, on_date, written_by, reason, method, reference, line_key, recorded_at";

#[derive(FromRow)]
pub(super) struct InvoiceRow {
    id: i64,
    year: i64,
    arrangement_id: String,
    case_number: i64,
    tutor_id: String,
    fee_per_lesson_cents: i64,
    lessons_per_week: i64,
    fee_cents: i64,
    first_lesson_at: i64,
    issued_at: i64,
    due_on: String,
    interest_bp_per_month: i64,
    penalty_percent: i64,
    penalty_day: i64,
    settled_how: Option<String>,
    settled_on: Option<String>,
    settled_method: Option<String>,
}

impl InvoiceRow {
    pub(super) fn into_invoice(self) -> Result<Invoice, RepositoryError> {
        let what = format!("invoice {}", self.id);
        let bad = |field: &str| corrupt(format!("{what}: bad {field}"));
        let settled = match self.settled_how.as_deref() {
            None => None,
            Some(how) => Some(Settlement {
                how: SettledBy::parse(how).ok_or_else(|| bad("settlement"))?,
                on: parse_day(self.settled_on.as_deref().ok_or_else(|| bad("settlement date"))?, &what)?,
                method: self.settled_method.as_deref().map(|m| PaymentMethod::parse(m).ok_or_else(|| bad("method"))).transpose()?,
            }),
        };
        Ok(Invoice {
            id: self.id,
            year: i32::try_from(self.year).map_err(|_| bad("year"))?,
            arrangement_id: parse_uuid(&self.arrangement_id)?,
            case_number: self.case_number,
            tutor_id: parse_uuid(&self.tutor_id)?,
            fee: ServiceFee {
                fee_per_lesson: Rate::from_cents(self.fee_per_lesson_cents),
                lessons_per_week: count(self.lessons_per_week, &what)?,
                amount: self.fee_cents,
            },
            first_lesson_at: from_millis(self.first_lesson_at)?,
            issued_at: from_millis(self.issued_at)?,
            due_on: parse_day(&self.due_on, &what)?,
            late: LateTerms {
                interest_bp_per_month: count(self.interest_bp_per_month, &what)?,
                penalty_percent: count(self.penalty_percent, &what)?,
                penalty_day: count(self.penalty_day, &what)?,
            },
            settled,
        })
    }
}

#[derive(FromRow)]
pub(super) struct LineRow {
    seq: i64,
    kind: String,
    amount_cents: i64,
    on_date: String,
    written_by: String,
    reason: String,
    method: Option<String>,
    reference: Option<String>,
    line_key: Option<String>,
    recorded_at: i64,
}

impl LineRow {
    pub(super) fn into_line(self, invoice: i64) -> Result<Line, RepositoryError> {
        let what = format!("invoice {invoice}, line {}", self.seq);
        let bad = |field: &str| corrupt(format!("{what}: bad {field}"));
        Ok(Line {
            seq: count(self.seq, &what)?,
            kind: LineKind::parse(&self.kind).ok_or_else(|| bad("kind"))?,
            amount: self.amount_cents,
            on: parse_day(&self.on_date, &what)?,
            by: self.written_by,
            reason: read_reason(self.reason),
            method: self.method.as_deref().map(|m| PaymentMethod::parse(m).ok_or_else(|| bad("method"))).transpose()?,
            reference: self.reference,
            key: self.line_key,
            recorded_at: from_millis(self.recorded_at)?,
        })
    }
}

#[derive(FromRow)]
pub(super) struct BillableRow {
    arrangement_id: String,
    case_number: i64,
    tutor_id: String,
    fee_cents: i64,
    sessions_per_week: i64,
    first_lesson_at: i64,
}

impl BillableRow {
    pub(super) fn into_billable(self) -> Result<Billable, RepositoryError> {
        let lessons_per_week = count(self.sessions_per_week, &format!("case {}", self.case_number))?;
        Ok(Billable {
            arrangement_id: parse_uuid(&self.arrangement_id)?,
            case_number: self.case_number,
            tutor_id: parse_uuid(&self.tutor_id)?,
            fee: ServiceFee::of(Rate::from_cents(self.fee_cents), lessons_per_week),
            first_lesson_at: from_millis(self.first_lesson_at)?,
        })
    }
}

#[derive(FromRow)]
pub(super) struct DueChangeRow {
    from_on: String,
    to_on: String,
    reason: String,
    changed_by: String,
    changed_at: i64,
}

impl DueChangeRow {
    /// `what` names the invoice in the error when the row is corrupt.
    pub(super) fn into_due_change(self, what: &str) -> Result<DueChange, RepositoryError> {
        Ok(DueChange {
            from: parse_day(&self.from_on, what)?,
            to: parse_day(&self.to_on, what)?,
            reason: self.reason,
            by: self.changed_by,
            at: from_millis(self.changed_at)?,
        })
    }
}

#[derive(FromRow)]
pub(super) struct ProofRow {
    id: String,
    file_key: String,
    reference: String,
    uploaded_at: i64,
}

impl ProofRow {
    pub(super) fn into_proof(self) -> Result<Proof, RepositoryError> {
        Ok(Proof {
            id: parse_uuid(&self.id)?,
            file_key: self.file_key,
            reference: self.reference,
            uploaded_at: from_millis(self.uploaded_at)?,
        })
    }
}
