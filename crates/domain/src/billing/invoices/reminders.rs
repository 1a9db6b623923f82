//! The reminders of an unsettled invoice, on their days, and the job that sends them.

use async_trait::async_trait;
use chrono::{DateTime, Utc};

use super::Billing;
use crate::billing::model::Reminder;
use crate::billing::terms::PENALTY_DAYS;
use crate::jobs::scheduler::Work;
use crate::notices::notifier::Notice;
use crate::shared::hong_kong;
use crate::shared::storage::RepositoryError;

impl Billing {
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
}

/// The reminders job: every ten minutes; each reminder goes once, on its day.
pub struct InvoiceReminders(pub Billing);

#[async_trait]
impl Work for InvoiceReminders {
    async fn run(&self, _now: DateTime<Utc>) -> Result<String, String> {
        self.0.remind().await.map(|n| format!("{n} reminders sent")).map_err(|e| e.to_string())
    }
}
