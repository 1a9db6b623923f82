//! What the back office changes on an invoice: forgives it, corrects it, refunds a credit, or
//! moves its due date.

use chrono::NaiveDate;

use super::{Billing, BillingError, InvoiceView, invalid, text};
use crate::billing::ledger::{LineKind, LineReason};
use crate::billing::model::DueChange;
use crate::shared::validation::{BillingProblem, Label};

impl Billing {
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
}
