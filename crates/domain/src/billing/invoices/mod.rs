//! The service fee, the use cases: an invoice is issued once a confirmed match's first lesson is
//! confirmed; a short match is credited back to what was taught; the tutor reads their invoices,
//! pays by FPS and uploads proof; the back office records money (by hand or from a bank
//! statement), waives, adjusts, refunds and moves due dates; reminders go out on their days.
//! An invoice is seen by its tutor and the back office only: to anyone else it does not exist.
//!
//! Here: the refusals, what an invoice reads like, and how a change is written (once, settling
//! the invoice when nothing is owed any more). The use cases are split by what they do:
//! `issuing` (invoices and short-match credits, the invoicing job), `reading` (the tutor's and
//! the back office's pages), `payments` (money in, by hand or from a bank statement),
//! `corrections` (waivers, adjustments, refunds, due dates), `proofs` (proofs of payment) and
//! `reminders` (the reminders job).

mod corrections;
mod issuing;
mod payments;
mod proofs;
mod reading;
mod reminders;

pub use issuing::Invoicing;
pub use payments::{MoneyIn, Recorded, RowOutcome, StatementRow, Unmatched};
pub use reading::Listed;
pub use reminders::InvoiceReminders;

use std::sync::Arc;

use chrono::{DateTime, NaiveDate, Utc};
use thiserror::Error;
use uuid::Uuid;

use crate::accounts::ports::UserRepository;
use crate::alerts::quiet_hours::QuietHours;
use crate::billing::fps::{BillField, Payee, payload};
use crate::billing::ledger::{Line, LineKind, LineReason, NewLine};
use crate::billing::model::{DueChange, Invoice, InvoiceStatus, Proof, SettledBy, Settlement, parse_number};
use crate::billing::ports::{Appended, InvoiceRepository};
use crate::billing::statement::Statement;
use crate::billing::terms::FeeTerms;
use crate::lessons::ports::LessonRepository;
use crate::notices::notifier::{Notice, Notifier};
use crate::shared::clock::Clock;
use crate::shared::files::{FileStore, FileStoreError};
use crate::shared::hong_kong;
use crate::shared::storage::RepositoryError;
use crate::shared::upload::UploadError;
use crate::shared::validation::{BillingProblem, Label, Problem, ValidationErrors};

/// Invoices a job round issues or reviews at most; the next round takes the rest.
const ROUND: u32 = 500;
/// Invoices the back office's list shows at once.
const LISTED: u32 = 1000;
/// Proofs of payment an invoice keeps at most.
pub const PROOFS_PER_INVOICE: u32 = 5;
/// A reason or a reference, in characters.
pub const TEXT_MAX_CHARS: usize = 200;
/// Tries of a write that keeps meeting another write to the same ledger.
const ATTEMPTS: usize = 5;
/// Who wrote a line the site computed.
const SYSTEM: &str = "system";

/// A refusal of the service fee's use cases; the words are at the edge (its `Display` is a key
/// for logs).
#[derive(Debug, Error)]
pub enum BillingError {
    /// Missing, or not the reader's (indistinguishable on purpose).
    #[error("not_found")]
    NotFound,
    #[error("invalid: {0}")]
    Invalid(ValidationErrors),
    /// Paid in full or waived: it changes no more.
    #[error("settled")]
    Settled,
    /// Not paid in full (yet): no receipt.
    #[error("no_receipt")]
    NoReceipt,
    /// Nothing owed today: nothing to waive.
    #[error("nothing_owed")]
    NothingOwed,
    /// A refund above what may be refunded: that most, in cents.
    #[error("refund_too_large: {0}")]
    RefundTooLarge(i64),
    /// [`PROOFS_PER_INVOICE`] proofs of payment already.
    #[error("too_many_proofs")]
    TooManyProofs,
    #[error("upload: {0}")]
    Upload(UploadError),
    /// Other writes kept getting in between.
    #[error("busy")]
    Busy,
    #[error(transparent)]
    Files(#[from] FileStoreError),
    #[error(transparent)]
    Repository(#[from] RepositoryError),
}

/// An invoice as its tutor (or the back office) reads it on a date.
#[derive(Debug, Clone)]
pub struct InvoiceView {
    pub invoice: Invoice,
    pub number: String,
    pub status: InvoiceStatus,
    pub statement: Statement,
    pub due_changes: Vec<DueChange>,
    pub proofs: Vec<Proof>,
    /// The FPS QR code's payload for the amount owed on the statement's date, while owed.
    pub fps: Option<String>,
    pub tutor_name: String,
}

/// The parts the use cases need, named, so the composition root reads clearly.
pub struct BillingPorts {
    pub invoices: Arc<dyn InvoiceRepository>,
    pub lessons: Arc<dyn LessonRepository>,
    pub users: Arc<dyn UserRepository>,
    pub files: Arc<dyn FileStore>,
    pub notifier: Notifier,
    pub clock: Arc<dyn Clock>,
}

#[derive(Clone)]
pub struct Billing {
    invoices: Arc<dyn InvoiceRepository>,
    lessons: Arc<dyn LessonRepository>,
    users: Arc<dyn UserRepository>,
    files: Arc<dyn FileStore>,
    notifier: Notifier,
    clock: Arc<dyn Clock>,
    terms: FeeTerms,
    payee: Payee,
    quiet: QuietHours,
}

impl Billing {
    /// `terms` from settings; `payee` the operator's FPS proxy and name; reminders wait out
    /// `quiet` hours.
    pub fn new(ports: BillingPorts, terms: FeeTerms, payee: Payee, quiet: QuietHours) -> Self {
        let BillingPorts { invoices, lessons, users, files, notifier, clock } = ports;
        Self { invoices, lessons, users, files, notifier, clock, terms, payee, quiet }
    }

    /// The terms new invoices are issued under (the terms page, the case page and the offer
    /// state them).
    pub fn terms(&self) -> FeeTerms {
        self.terms
    }

    /// Whom the FPS codes pay: shown beside them for a payer who types the transfer in.
    pub fn payee(&self) -> &Payee {
        &self.payee
    }

    fn today(&self) -> NaiveDate {
        hong_kong::date(self.clock.now())
    }

    /// Texts outside quiet hours only: what it says is on the site, and a reminder follows.
    async fn tell_by_day(&self, tutor: Uuid, notice: &Notice) {
        if !self.quiet.is_quiet(self.clock.now()) {
            self.notifier.tell_id(tutor, notice).await;
        }
    }

    async fn find(&self, number: &str) -> Result<Invoice, BillingError> {
        let (year, id) = parse_number(number).ok_or(BillingError::NotFound)?;
        self.invoices.find(id).await?.filter(|i| i.year == year).ok_or(BillingError::NotFound)
    }

    async fn view(&self, invoice: Invoice, on: NaiveDate) -> Result<InvoiceView, BillingError> {
        let lines = self.invoices.lines(invoice.id).await?;
        let statement = invoice.statement(&lines, on);
        let status = match &invoice.settled {
            Some(Settlement { how: SettledBy::Paid, .. }) => InvoiceStatus::Paid,
            Some(Settlement { how: SettledBy::Waived, .. }) => InvoiceStatus::Waived,
            None if statement.days_overdue > 0 => InvoiceStatus::Overdue,
            None => InvoiceStatus::Open,
        };
        let number = invoice.number();
        let fps = (statement.balance > 0).then(|| payload(&self.payee, statement.balance, &number, BillField::BillNumber));
        let tutor_name = self.users.find_by_id(invoice.tutor_id).await?.map(|u| u.name.as_str().to_string()).unwrap_or_default();
        Ok(InvoiceView {
            due_changes: self.invoices.due_changes(invoice.id).await?,
            proofs: self.invoices.proofs(invoice.id).await?,
            number,
            status,
            statement,
            fps,
            tutor_name,
            invoice,
        })
    }

    /// Appends what `make` computes from the invoice as it stands today, settling the invoice
    /// when that leaves nothing owed (its late charges written then, as accrued). Retries when
    /// another write got in between, so two payments at once both land, each once.
    async fn write<F>(&self, invoice: &Invoice, allow_settled: bool, make: F) -> Result<Appended, BillingError>
    where
        F: Fn(&Statement, NaiveDate) -> Result<Vec<NewLine>, BillingError>,
    {
        let mut invoice = invoice.clone();
        for _ in 0..ATTEMPTS {
            if invoice.settled.is_some() && !allow_settled {
                return Err(BillingError::Settled);
            }
            let stored = self.invoices.lines(invoice.id).await?;
            let (now, today) = (self.clock.now(), self.today());
            let mut new = make(&invoice.statement(&stored, today), today)?;
            let settle = if invoice.settled.is_none() { settlement(&invoice, &stored, &mut new, today, now) } else { None };
            let written = u32::try_from(stored.len()).unwrap_or(u32::MAX);
            match self.invoices.append(invoice.id, written, invoice.due_on, &new, settle.clone()).await? {
                Appended::Stale => invoice = self.invoices.find(invoice.id).await?.ok_or(BillingError::NotFound)?,
                outcome => {
                    if let (Appended::Done, Some(Settlement { how: SettledBy::Paid, .. })) = (&outcome, &settle) {
                        self.tell_by_day(invoice.tutor_id, &Notice::InvoicePaid { invoice: invoice.number() }).await;
                    }
                    return Ok(outcome);
                }
            }
        }
        Err(BillingError::Busy)
    }

    fn back_office_line(
        &self,
        kind: LineKind,
        amount: i64,
        on: NaiveDate,
        reason: LineReason,
        reference: Option<String>,
        by: &str,
    ) -> NewLine {
        NewLine { kind, amount, on, by: by.to_string(), reason, method: None, reference, key: None, recorded_at: self.clock.now() }
    }

    fn day_not_after_today(&self, on: Option<NaiveDate>, field: &'static str) -> Result<NaiveDate, BillingError> {
        let today = self.today();
        match on {
            Some(day) if day > today => Err(invalid(field, BillingProblem::PaidInFuture)),
            Some(day) => Ok(day),
            None => Ok(today),
        }
    }
}

/// When `new` leaves nothing owed today: the settlement, with the late charges accrued by then
/// put in front of `new` to be written with it. With nothing new, whether the invoice owes
/// nothing any more (its due date moved, say) and is settled as it stands.
fn settlement(invoice: &Invoice, stored: &[Line], new: &mut Vec<NewLine>, today: NaiveDate, now: DateTime<Utc>) -> Option<Settlement> {
    let mut after: Vec<Line> = stored.to_vec();
    after.extend(new.iter().map(|l| Line {
        seq: 0,
        kind: l.kind,
        amount: l.amount,
        on: l.on,
        by: l.by.clone(),
        reason: l.reason.clone(),
        method: l.method,
        reference: l.reference.clone(),
        key: l.key.clone(),
        recorded_at: l.recorded_at,
    }));
    // Only what lowers the balance (or a new due date: nothing new) can settle it.
    let closes = new.is_empty() || new.iter().any(|l| l.amount < 0);
    let then = invoice.statement(&after, today);
    if !closes || then.balance > 0 {
        return None;
    }
    let payment = after.iter().filter(|l| l.kind == LineKind::Payment).max_by_key(|l| l.on);
    let how = if new.iter().any(|l| l.kind == LineKind::Waiver) || payment.is_none() { SettledBy::Waived } else { SettledBy::Paid };
    let on = new.iter().map(|l| l.on).max().unwrap_or(today);
    let method = payment.and_then(|l| l.method);
    let charges: Vec<NewLine> = then
        .lines
        .iter()
        .filter(|l| l.accrued)
        .map(|l| NewLine {
            kind: l.kind,
            amount: l.amount,
            on: l.on,
            by: SYSTEM.into(),
            reason: l.reason.clone(),
            method: None,
            reference: None,
            key: None,
            recorded_at: now,
        })
        .collect();
    new.splice(0..0, charges);
    Some(Settlement { how, on, method })
}

fn system_line(kind: LineKind, amount: i64, on: NaiveDate, reason: LineReason, key: Option<String>, now: DateTime<Utc>) -> NewLine {
    NewLine { kind, amount, on, by: SYSTEM.into(), reason, method: None, reference: None, key, recorded_at: now }
}

/// A required reason or reference, trimmed, at most [`TEXT_MAX_CHARS`] characters; `label`
/// names it when missing.
fn text(raw: &str, field: &'static str, label: Label) -> Result<String, BillingError> {
    let trimmed = raw.trim();
    if trimmed.is_empty() {
        return Err(invalid(field, Problem::Missing(label)));
    }
    if trimmed.chars().count() > TEXT_MAX_CHARS || trimmed.chars().any(char::is_control) {
        return Err(invalid(field, BillingProblem::NotPlainText { max: TEXT_MAX_CHARS }));
    }
    Ok(trimmed.to_string())
}

fn invalid(field: &'static str, problem: impl Into<Problem>) -> BillingError {
    BillingError::Invalid(ValidationErrors::single(field, problem))
}

#[cfg(test)]
mod tests;
