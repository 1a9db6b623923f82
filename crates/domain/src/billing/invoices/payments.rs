//! Money in: a payment the back office records by hand, or the lines of a bank statement,
//! each recorded once however often it comes.

use std::collections::HashMap;

use chrono::NaiveDate;

use super::{Billing, BillingError, InvoiceView, TEXT_MAX_CHARS, invalid, text};
use crate::billing::ledger::{LineKind, LineReason, NewLine, PaymentMethod};
use crate::billing::model::{Invoice, numbers_in};
use crate::billing::ports::Appended;
use crate::shared::validation::{BillingProblem, Label, Problem};

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

impl Billing {
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
}
