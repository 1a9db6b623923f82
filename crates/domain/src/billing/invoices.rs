//! The service fee, the use cases: an invoice is issued once a confirmed match's first lesson is
//! confirmed; a short match is credited back to what was taught; the tutor reads their invoices,
//! pays by FPS and uploads proof; the back office records money (by hand or from a bank
//! statement), waives, adjusts, refunds and moves due dates; reminders go out on their days.
//! An invoice is seen by its tutor and the back office only: to anyone else it does not exist.

use std::collections::HashMap;
use std::sync::Arc;

use async_trait::async_trait;
use chrono::{DateTime, Duration, NaiveDate, Utc};
use thiserror::Error;
use uuid::Uuid;

use crate::accounts::ports::UserRepository;
use crate::alerts::quiet_hours::QuietHours;
use crate::billing::fps::{BillField, Payee, payload};
use crate::billing::ledger::{FeeBasis, Line, LineKind, LineReason, NewLine, PaymentMethod, ShortMatchBasis};
use crate::billing::model::{
    Billable, DueChange, Invoice, InvoiceStatus, Proof, Reminder, SettledBy, Settlement, numbers_in, parse_number,
};
use crate::billing::ports::{Appended, InvoiceRepository};
use crate::billing::statement::Statement;
use crate::billing::terms::{FeeTerms, PENALTY_DAYS, SHARE_WEEKS, SHORT_MATCH_DAYS};
use crate::jobs::scheduler::Work;
use crate::lessons::model::LessonStatus;
use crate::lessons::ports::LessonRepository;
use crate::notices::notifier::{Notice, Notifier};
use crate::shared::clock::Clock;
use crate::shared::files::{FileStore, FileStoreError, StoredFile, Visibility};
use crate::shared::hong_kong;
use crate::shared::storage::RepositoryError;
use crate::shared::upload::{Upload, UploadError, UploadPurpose};
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

/// Which invoices the back office lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Listed {
    All,
    /// Past their due date and still owed.
    Overdue,
    /// Owing the tutor money (a short match, or paid twice): to refund.
    Credit,
}

/// Money received, as the back office records it.
#[derive(Debug, Clone)]
pub struct MoneyIn<'a> {
    pub cents: i64,
    pub method: PaymentMethod,
    /// The FPS or bank reference (a statement line's description when imported).
    pub reference: &'a str,
    /// The Hong Kong date it arrived (today when `None`).
    pub on: Option<NaiveDate>,
    /// Who records it: the back office member, or the import's file.
    pub by: &'a str,
}

/// What became of a payment the back office recorded.
#[derive(Debug, Clone)]
pub enum Recorded {
    /// Recorded now; the invoice as it stands.
    New(Box<InvoiceView>),
    /// This payment (its reference, or the statement line) was recorded before, on this invoice.
    Already(String),
}

/// A line of a bank statement: money in, with the description the payer's bank gave it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StatementRow {
    /// Its line in the file, for the report.
    pub line: usize,
    pub on: NaiveDate,
    pub amount: i64,
    pub description: String,
}

/// What the import did with a row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RowOutcome {
    Recorded(String),
    AlreadyRecorded(String),
    /// Not matched to an invoice, and why.
    Unmatched(Unmatched),
}

/// Why the import left a statement line for the back office to check.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Unmatched {
    /// Money out, or nothing.
    NotMoneyIn,
    NoInvoiceNumber,
    SeveralInvoiceNumbers,
    /// The number it names is no invoice of ours.
    NoSuchInvoice {
        number: String,
    },
    /// The invoice is settled already: paid twice?
    Settled {
        number: String,
    },
    /// The invoice has a payment of that amount that day already (recorded by hand, say).
    SameDaySameAmount {
        number: String,
    },
    /// The payment broke a rule (a date after today).
    Refused(Problem),
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

    /// Issues the invoices now due: one per match confirmed with the fee stated, once a lesson
    /// of it is confirmed; once, also with several servers at once. Each tutor is texted,
    /// outside quiet hours (the reminders follow in any case).
    ///
    /// # Errors
    /// `Repository` when storage fails.
    pub async fn issue_due(&self) -> Result<usize, RepositoryError> {
        self.issue(None).await
    }

    /// Issues the invoice of one match if it is due now: when its family confirms a lesson on
    /// the site, without waiting for the job.
    ///
    /// # Errors
    /// `Repository` when storage fails.
    pub async fn issue_for(&self, arrangement: Uuid) -> Result<usize, RepositoryError> {
        self.issue(Some(arrangement)).await
    }

    async fn issue(&self, arrangement: Option<Uuid>) -> Result<usize, RepositoryError> {
        let now = self.clock.now();
        let today = hong_kong::date(now);
        let mut issued = 0;
        for billable in self.invoices.billable(ROUND, arrangement).await? {
            let line = fee_line(&billable, today, now);
            if let Some(invoice) = self.invoices.issue(&billable, self.terms.late, now, self.terms.due_on(today), line).await? {
                issued += 1;
                self.tell_by_day(invoice.tutor_id, &Notice::InvoiceIssued { invoice: invoice.number() }).await;
            }
        }
        Ok(issued)
    }

    /// Texts outside quiet hours only: what it says is on the site, and a reminder follows.
    async fn tell_by_day(&self, tutor: Uuid, notice: &Notice) {
        if !self.quiet.is_quiet(self.clock.now()) {
            self.notifier.tell_id(tutor, notice).await;
        }
    }

    /// Credits the matches that ended within 28 days of their first lesson: the fee becomes
    /// half the tuition of the lessons confirmed in that time, never more than the full fee.
    /// A match waits while a lesson of that time is still unanswered or disputed.
    ///
    /// # Errors
    /// `Repository` when storage fails.
    pub async fn credit_short_matches(&self) -> Result<usize, BillingError> {
        let mut credited = 0;
        let window = Duration::days(i64::from(SHORT_MATCH_DAYS));
        for invoice in self.invoices.ended_unreviewed(ROUND, window).await? {
            let Some(ending) = self.lessons.arrangement(invoice.arrangement_id).await?.and_then(|a| a.ended) else { continue };
            let key = Some(format!("short-match:{}", invoice.id));
            // The fee is lower from the day the match ended: no interest, penalty or restriction
            // on what the rule says was never owed.
            let ended_on = hong_kong::date(ending.at);
            let lessons = self.lessons.for_arrangement(invoice.arrangement_id).await?;
            let window: Vec<_> = lessons.iter().filter(|l| l.starts_at >= invoice.first_lesson_at && l.starts_at <= ending.at).collect();
            if window.iter().any(|l| matches!(l.status, LessonStatus::Recorded | LessonStatus::Disputed)) {
                continue;
            }
            let taught = u32::try_from(window.iter().filter(|l| l.status == LessonStatus::Confirmed).count()).unwrap_or(u32::MAX);
            let fee = invoice.fee.short_match(taught);
            let reason = LineReason::ShortMatch(ShortMatchBasis {
                ended_on,
                within_days: SHORT_MATCH_DAYS,
                taught,
                rate_cents: invoice.fee.fee_per_lesson.cents(),
                fee_cents: fee,
                was_cents: invoice.fee.amount,
            });
            let credit = fee - invoice.fee.amount;
            self.write(&invoice, true, |_, _| {
                Ok(vec![system_line(LineKind::Credit, credit, ended_on, reason.clone(), key.clone(), self.clock.now())])
            })
            .await?;
            credited += 1;
        }
        Ok(credited)
    }

    /// A tutor's invoices as they stand today, latest first.
    ///
    /// # Errors
    /// `Repository` when storage fails.
    pub async fn mine(&self, tutor: Uuid) -> Result<Vec<InvoiceView>, BillingError> {
        let mut views = Vec::new();
        for invoice in self.invoices.for_tutor(tutor).await? {
            views.push(self.view(invoice, self.today()).await?);
        }
        Ok(views)
    }

    /// One invoice as its tutor reads it today.
    ///
    /// # Errors
    /// `NotFound` for anyone but its tutor.
    pub async fn page(&self, reader: Uuid, number: &str) -> Result<InvoiceView, BillingError> {
        let invoice = self.find(number).await?;
        if invoice.tutor_id != reader {
            return Err(BillingError::NotFound);
        }
        self.view(invoice, self.today()).await
    }

    /// The receipt of an invoice paid in full, for its tutor: the invoice as it stood the day
    /// it was settled.
    ///
    /// # Errors
    /// `NotFound` for anyone but its tutor, `NoReceipt` until paid in full.
    pub async fn receipt(&self, reader: Uuid, number: &str) -> Result<InvoiceView, BillingError> {
        let invoice = self.find(number).await?;
        if invoice.tutor_id != reader {
            return Err(BillingError::NotFound);
        }
        let Some(Settlement { how: SettledBy::Paid, on, .. }) = invoice.settled else { return Err(BillingError::NoReceipt) };
        self.view(invoice, on).await
    }

    /// The back office's look at an invoice on any date (today by default).
    ///
    /// # Errors
    /// `NotFound`.
    pub async fn show(&self, number: &str, on: Option<NaiveDate>) -> Result<InvoiceView, BillingError> {
        let invoice = self.find(number).await?;
        self.view(invoice, on.unwrap_or_else(|| self.today())).await
    }

    /// The back office's list, latest first: all invoices, those overdue today, or those with a
    /// credit to refund.
    ///
    /// # Errors
    /// `Repository` when storage fails.
    pub async fn list(&self, only: Listed) -> Result<Vec<InvoiceView>, BillingError> {
        let mut views = Vec::new();
        for invoice in self.invoices.list(only == Listed::Overdue, LISTED).await? {
            let view = self.view(invoice, self.today()).await?;
            let wanted = match only {
                Listed::All => true,
                Listed::Overdue => view.status == InvoiceStatus::Overdue,
                Listed::Credit => view.statement.balance < 0,
            };
            if wanted {
                views.push(view);
            }
        }
        Ok(views)
    }

    /// The back office records money received: once per reference, however often (or however
    /// concurrently) it is recorded, and by whatever method it is said to have come.
    ///
    /// # Errors
    /// `NotFound`, `Invalid` (amount, reference or a date in the future).
    pub async fn record_payment(&self, number: &str, money: MoneyIn<'_>) -> Result<Recorded, BillingError> {
        let reference = text(money.reference, "reference", Label::PaymentReference)?;
        let key = format!("payment:{}", reference.to_uppercase());
        let invoice = self.find(number).await?;
        self.pay(&invoice, MoneyIn { reference: &reference, ..money }, key).await
    }

    /// Records the money lines of a bank statement, matched by the invoice number in their
    /// description: each line once however often the file is imported. A line for an invoice
    /// already settled, or that already has a payment of that amount that day (recorded by
    /// hand, say), is left for the back office to check rather than recorded twice.
    ///
    /// # Errors
    /// `Repository` when storage fails (the lines before it stay recorded; importing again
    /// records the rest).
    pub async fn import(&self, rows: &[StatementRow], method: PaymentMethod, source: &str) -> Result<Vec<RowOutcome>, BillingError> {
        let mut outcomes = Vec::with_capacity(rows.len());
        let mut seen: HashMap<(NaiveDate, i64, &str), usize> = HashMap::new();
        for row in rows {
            // The same line twice in one file is two payments: the occurrence is in the key.
            let occurrence = seen.entry((row.on, row.amount, row.description.as_str())).or_default();
            let description: String = row.description.chars().take(TEXT_MAX_CHARS).collect();
            let key = format!("statement:{}:{}:{}#{occurrence}", row.on, row.amount, description.to_uppercase());
            *occurrence += 1;
            let money = MoneyIn { cents: row.amount, method, reference: &description, on: Some(row.on), by: source };
            outcomes.push(self.import_row(money, key).await?);
        }
        Ok(outcomes)
    }

    async fn import_row(&self, money: MoneyIn<'_>, key: String) -> Result<RowOutcome, BillingError> {
        if money.cents <= 0 {
            return Ok(RowOutcome::Unmatched(Unmatched::NotMoneyIn));
        }
        let mut numbers = numbers_in(money.reference);
        numbers.dedup();
        let [(year, serial)] = numbers[..] else {
            let why = if numbers.is_empty() { Unmatched::NoInvoiceNumber } else { Unmatched::SeveralInvoiceNumbers };
            return Ok(RowOutcome::Unmatched(why));
        };
        let number = format!("INV-{year}-{serial:06}");
        let Ok(invoice) = self.find(&number).await else { return Ok(RowOutcome::Unmatched(Unmatched::NoSuchInvoice { number })) };
        let lines = self.invoices.lines(invoice.id).await?;
        if lines.iter().any(|l| l.key.as_deref() == Some(key.as_str())) {
            return Ok(RowOutcome::AlreadyRecorded(number));
        }
        if invoice.settled.is_some() {
            return Ok(RowOutcome::Unmatched(Unmatched::Settled { number }));
        }
        if lines.iter().any(|l| l.kind == LineKind::Payment && l.on == money.on.unwrap_or_default() && l.amount == -money.cents) {
            return Ok(RowOutcome::Unmatched(Unmatched::SameDaySameAmount { number }));
        }
        match self.pay(&invoice, money, key).await {
            Ok(Recorded::New(view)) => Ok(RowOutcome::Recorded(view.number)),
            Ok(Recorded::Already(number)) => Ok(RowOutcome::AlreadyRecorded(number)),
            Err(BillingError::Invalid(errors)) => {
                let problem = errors.fields().first().map_or(Problem::Incorrect(Label::Amount), |e| e.problem.clone());
                Ok(RowOutcome::Unmatched(Unmatched::Refused(problem)))
            }
            Err(e) => Err(e),
        }
    }

    async fn pay(&self, invoice: &Invoice, money: MoneyIn<'_>, key: String) -> Result<Recorded, BillingError> {
        let on = self.day_not_after_today(money.on, "on")?;
        if money.cents <= 0 {
            return Err(invalid("amount", BillingProblem::PaymentNotPositive));
        }
        let line = NewLine {
            kind: LineKind::Payment,
            amount: -money.cents,
            on,
            by: money.by.to_string(),
            reason: LineReason::Payment { method: money.method },
            method: Some(money.method),
            reference: Some(money.reference.to_string()),
            key: Some(key),
            recorded_at: self.clock.now(),
        };
        let number = invoice.number();
        match self.write(invoice, true, |_, _| Ok(vec![line.clone()])).await? {
            Appended::Duplicate(id) => Ok(Recorded::Already(self.invoices.find(id).await?.map_or(number, |i| i.number()))),
            _ => Ok(Recorded::New(Box::new(self.show(&number, None).await?))),
        }
    }

    /// Forgives what an invoice owes today (its late charges included), with a reason.
    ///
    /// # Errors
    /// `NotFound`, `Invalid` (the reason), `Settled`, `NothingOwed`.
    pub async fn waive(&self, number: &str, reason: &str, by: &str) -> Result<InvoiceView, BillingError> {
        let reason = text(reason, "reason", Label::WaiverReason)?;
        let invoice = self.find(number).await?;
        self.write(&invoice, false, |now, today| {
            if now.balance <= 0 {
                return Err(BillingError::NothingOwed);
            }
            Ok(vec![self.back_office_line(LineKind::Waiver, -now.balance, today, LineReason::Text(reason.clone()), None, by)])
        })
        .await?;
        self.show(number, None).await
    }

    /// Corrects what an invoice owes, either way, with a reason.
    ///
    /// # Errors
    /// `NotFound`, `Invalid` (amount zero or the reason), `Settled`.
    pub async fn adjust(&self, number: &str, cents: i64, reason: &str, by: &str) -> Result<InvoiceView, BillingError> {
        let reason = text(reason, "reason", Label::AdjustmentReason)?;
        if cents == 0 {
            return Err(invalid("amount", BillingProblem::AdjustmentZero));
        }
        let invoice = self.find(number).await?;
        self.write(&invoice, false, |_, today| {
            Ok(vec![self.back_office_line(LineKind::Adjustment, cents, today, LineReason::Text(reason.clone()), None, by)])
        })
        .await?;
        self.show(number, None).await
    }

    /// Records money paid back to the tutor out of a credit (a short match, or paying twice):
    /// never more than the credit, nor than the money received and not yet refunded.
    ///
    /// # Errors
    /// `NotFound`, `Invalid` (amount or reference), `RefundTooLarge`.
    pub async fn refund(&self, number: &str, cents: i64, reference: &str, by: &str) -> Result<InvoiceView, BillingError> {
        let reference = text(reference, "reference", Label::RefundReference)?;
        if cents <= 0 {
            return Err(invalid("amount", BillingProblem::RefundNotPositive));
        }
        let invoice = self.find(number).await?;
        self.write(&invoice, true, |now, today| {
            let sum = |kind: LineKind| now.lines.iter().filter(|l| l.kind == kind).map(|l| l.amount).sum::<i64>();
            let refundable = (-now.balance).min(-sum(LineKind::Payment) - sum(LineKind::Refund)).max(0);
            if cents > refundable {
                return Err(BillingError::RefundTooLarge(refundable));
            }
            Ok(vec![self.back_office_line(LineKind::Refund, cents, today, LineReason::Overpayment, Some(reference.clone()), by)])
        })
        .await?;
        self.show(number, None).await
    }

    /// Moves the due date of an unsettled invoice (an extension, or a correction), to any date:
    /// the late charges, reminders and the restriction follow from it at once; when the move
    /// leaves nothing owed, the invoice is settled.
    ///
    /// # Errors
    /// `NotFound`, `Invalid` (the reason), `Settled`.
    pub async fn move_due(&self, number: &str, to: NaiveDate, reason: &str, by: &str) -> Result<InvoiceView, BillingError> {
        let reason = text(reason, "reason", Label::DueChangeReason)?;
        let invoice = self.find(number).await?;
        let change = DueChange { from: invoice.due_on, to, reason, by: by.to_string(), at: self.clock.now() };
        if invoice.settled.is_some() || !self.invoices.move_due(invoice.id, &change).await? {
            return Err(BillingError::Settled);
        }
        let moved = self.find(number).await?;
        self.write(&moved, false, |_, _| Ok(Vec::new())).await?;
        self.show(number, None).await
    }

    /// The tutor uploads proof of a payment (an image) with its FPS reference; the back office
    /// reads it with the invoice.
    ///
    /// # Errors
    /// `NotFound` (not theirs), `Invalid` (the reference), `Upload`, `TooManyProofs`.
    pub async fn add_proof(&self, tutor: Uuid, number: &str, bytes: Vec<u8>, reference: &str) -> Result<InvoiceView, BillingError> {
        let invoice = self.find(number).await?;
        if invoice.tutor_id != tutor {
            return Err(BillingError::NotFound);
        }
        let reference = text(reference, "reference", Label::FpsReference)?;
        let upload = Upload::check(bytes, UploadPurpose::PaymentProof).map_err(BillingError::Upload)?;
        if self.invoices.proofs(invoice.id).await?.len() >= PROOFS_PER_INVOICE as usize {
            return Err(BillingError::TooManyProofs);
        }
        let file = self.files.save("payment-proofs", upload.kind, Visibility::Private, upload.bytes).await?;
        let proof = Proof { id: Uuid::new_v4(), file_key: file.key.clone(), reference, uploaded_at: self.clock.now() };
        if !self.invoices.add_proof(invoice.id, &proof, PROOFS_PER_INVOICE).await? {
            let _ = self.files.delete(&file).await;
            return Err(BillingError::TooManyProofs);
        }
        self.page(tutor, number).await
    }

    /// The proofs of payment of an invoice with their images, for the back office.
    ///
    /// # Errors
    /// `NotFound`, `Files` when an image cannot be read.
    pub async fn proof_images(&self, number: &str) -> Result<Vec<(Proof, Vec<u8>)>, BillingError> {
        let invoice = self.find(number).await?;
        let mut images = Vec::new();
        for proof in self.invoices.proofs(invoice.id).await? {
            let bytes = self.files.read(&StoredFile { key: proof.file_key.clone(), visibility: Visibility::Private }).await?;
            images.push((proof, bytes));
        }
        Ok(images)
    }

    /// Sends the reminders of today (two days before the due date, on it, on days 3 and 11
    /// overdue), each once per due date, outside quiet hours.
    ///
    /// # Errors
    /// `Repository` when storage fails.
    pub async fn remind(&self) -> Result<usize, RepositoryError> {
        let now = self.clock.now();
        if self.quiet.is_quiet(now) {
            return Ok(0);
        }
        let today = hong_kong::date(now);
        let mut sent = 0;
        // Reminders fall from two days before the due date to the penalty day after it.
        let from = today - chrono::Days::new(u64::from(*PENALTY_DAYS.end()));
        let to = today + chrono::Days::new(u64::from(crate::billing::terms::REMIND_DAYS_BEFORE));
        for invoice in self.invoices.unsettled_due_between(from, to).await? {
            let Some(reminder) = Reminder::of_day(invoice.due_on, &invoice.late, today) else { continue };
            let lines = self.invoices.lines(invoice.id).await?;
            if invoice.statement(&lines, today).balance <= 0
                || !self.invoices.claim_reminder(invoice.id, reminder, invoice.due_on, now).await?
            {
                continue;
            }
            let number = invoice.number();
            let notice = match reminder {
                Reminder::Soon => Notice::InvoiceDueSoon { invoice: number },
                Reminder::Due => Notice::InvoiceDueToday { invoice: number },
                Reminder::Overdue => Notice::InvoiceOverdue { invoice: number },
                Reminder::Penalty => Notice::InvoicePenalty { invoice: number },
            };
            self.notifier.tell_id(invoice.tutor_id, &notice).await;
            sent += 1;
        }
        Ok(sent)
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

fn fee_line(billable: &Billable, today: NaiveDate, now: DateTime<Utc>) -> NewLine {
    let fee = billable.fee;
    let reason = LineReason::Fee(FeeBasis { rate_cents: fee.fee_per_lesson.cents(), per_week: fee.lessons_per_week, weeks: SHARE_WEEKS });
    system_line(LineKind::Fee, fee.amount, today, reason, Some(format!("fee:{}", billable.arrangement_id)), now)
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

/// The invoicing job: issues due invoices and credits short matches, every minute.
pub struct Invoicing(pub Billing);

#[async_trait]
impl Work for Invoicing {
    async fn run(&self, _now: DateTime<Utc>) -> Result<String, String> {
        let issued = self.0.issue_due().await.map_err(|e| e.to_string())?;
        let credited = self.0.credit_short_matches().await.map_err(|e| e.to_string())?;
        Ok(format!("{issued} invoices issued, {credited} short matches credited"))
    }
}

/// The reminders job: every ten minutes; each reminder goes once, on its day.
pub struct InvoiceReminders(pub Billing);

#[async_trait]
impl Work for InvoiceReminders {
    async fn run(&self, _now: DateTime<Utc>) -> Result<String, String> {
        self.0.remind().await.map(|n| format!("{n} reminders sent")).map_err(|e| e.to_string())
    }
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;

    use super::*;
    use crate::billing::statement::tests::{day, line};
    use crate::billing::terms::ServiceFee;
    use crate::shared::money::Rate;

    fn invoice() -> Invoice {
        Invoice {
            id: 123,
            year: 2026,
            arrangement_id: Uuid::new_v4(),
            case_number: 10234,
            tutor_id: Uuid::new_v4(),
            fee: ServiceFee::of(Rate::from_cents(20_000), 2),
            first_lesson_at: Utc.with_ymd_and_hms(2026, 11, 30, 11, 0, 0).unwrap(),
            issued_at: Utc.with_ymd_and_hms(2026, 12, 1, 2, 0, 0).unwrap(),
            due_on: day("2026-12-08"),
            late: FeeTerms::default().late,
            settled: None,
        }
    }

    fn paying(cents: i64, on: &str) -> NewLine {
        NewLine {
            kind: LineKind::Payment,
            amount: -cents,
            on: day(on),
            by: "back-office".into(),
            reason: "paid".into(),
            method: Some(PaymentMethod::Fps),
            reference: Some("FRN1".into()),
            key: Some("payment:fps:FRN1".into()),
            recorded_at: Utc::now(),
        }
    }

    #[test]
    fn paying_in_full_settles_and_writes_the_charges_as_accrued() {
        let stored = [line(1, LineKind::Fee, 80_000, day("2026-12-01"))];
        // Day 12 overdue: 12 days' interest (HK$6.31) and the HK$80 penalty.
        let mut new = vec![paying(80_000 + 631 + 8_000, "2026-12-20")];
        let settled = settlement(&invoice(), &stored, &mut new, day("2026-12-20"), Utc::now()).unwrap();
        assert_eq!((settled.how, settled.on, settled.method), (SettledBy::Paid, day("2026-12-20"), Some(PaymentMethod::Fps)));
        let kinds: Vec<_> = new.iter().map(|l| (l.kind, l.amount)).collect();
        assert_eq!(kinds, [(LineKind::Penalty, 8_000), (LineKind::Interest, 631), (LineKind::Payment, -88_631)], "in date order");
        assert_eq!(stored.iter().map(|l| l.amount).sum::<i64>() + new.iter().map(|l| l.amount).sum::<i64>(), 0);
    }

    #[test]
    fn a_part_payment_does_not_settle_and_a_waiver_settles_as_waived() {
        let stored = [line(1, LineKind::Fee, 80_000, day("2026-12-01"))];
        let mut part = vec![paying(50_000, "2026-12-05")];
        assert_eq!(settlement(&invoice(), &stored, &mut part, day("2026-12-05"), Utc::now()), None);
        assert_eq!(part.len(), 1, "nothing written besides the payment");
        let mut waiver =
            vec![NewLine { kind: LineKind::Waiver, amount: -80_000, key: None, method: None, reference: None, ..paying(0, "2026-12-05") }];
        assert_eq!(settlement(&invoice(), &stored, &mut waiver, day("2026-12-05"), Utc::now()).map(|s| s.how), Some(SettledBy::Waived));
    }

    #[test]
    fn with_nothing_new_an_invoice_owing_nothing_is_settled_as_it_stands() {
        // Paid two days late: HK$1.05 of interest is still owed.
        let stored = [line(1, LineKind::Fee, 80_000, day("2026-12-01")), line(2, LineKind::Payment, -80_000, day("2026-12-10"))];
        assert_eq!(settlement(&invoice(), &stored, &mut Vec::new(), day("2026-12-12"), Utc::now()), None);
        // The back office moves the due date to the day of payment: nothing is owed, it settles.
        let moved = Invoice { due_on: day("2026-12-10"), ..invoice() };
        let mut nothing = Vec::new();
        let settled = settlement(&moved, &stored, &mut nothing, day("2026-12-12"), Utc::now()).unwrap();
        assert_eq!((settled.how, settled.on, nothing.len()), (SettledBy::Paid, day("2026-12-12"), 0));
    }

    fn problem(result: Result<String, BillingError>) -> Option<Problem> {
        match result {
            Err(BillingError::Invalid(errors)) => errors.get("reason").cloned(),
            _ => None,
        }
    }

    #[test]
    fn reasons_and_references_are_required_short_and_plain() {
        let plain = Problem::from(BillingProblem::NotPlainText { max: TEXT_MAX_CHARS });
        assert_eq!(problem(text(" ", "reason", Label::WaiverReason)), Some(Problem::Missing(Label::WaiverReason)));
        assert_eq!(problem(text(&"長".repeat(TEXT_MAX_CHARS + 1), "reason", Label::WaiverReason)), Some(plain.clone()));
        assert_eq!(problem(text("a\u{0}b", "reason", Label::WaiverReason)), Some(plain));
        assert_eq!(text("  導師住院  ", "reason", Label::WaiverReason).unwrap(), "導師住院");
    }

    #[test]
    fn the_fee_line_keeps_its_figures() {
        let billable = Billable {
            arrangement_id: Uuid::nil(),
            case_number: 10234,
            tutor_id: Uuid::nil(),
            fee: ServiceFee::of(Rate::from_cents(30_000), 2),
            first_lesson_at: Utc::now(),
        };
        let line = fee_line(&billable, day("2026-12-01"), Utc::now());
        assert_eq!((line.kind, line.amount), (LineKind::Fee, 120_000));
        assert_eq!(line.reason, LineReason::Fee(FeeBasis { rate_cents: 30_000, per_week: 2, weeks: 4 }));
    }
}
