//! Issuing invoices once a match's first lesson is confirmed, and crediting the matches that
//! ended short; the invoicing job that runs both.

use async_trait::async_trait;
use chrono::{DateTime, Duration, NaiveDate, Utc};
use uuid::Uuid;

use super::{Billing, BillingError, ROUND, system_line};
use crate::billing::ledger::{FeeBasis, LineKind, LineReason, NewLine, ShortMatchBasis};
use crate::billing::model::Billable;
use crate::billing::terms::{SHARE_WEEKS, SHORT_MATCH_DAYS};
use crate::jobs::scheduler::Work;
use crate::lessons::model::LessonStatus;
use crate::notices::notifier::Notice;
use crate::shared::hong_kong;
use crate::shared::storage::RepositoryError;

impl Billing {
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
}

pub(super) fn fee_line(billable: &Billable, today: NaiveDate, now: DateTime<Utc>) -> NewLine {
    let fee = billable.fee;
    let reason = LineReason::Fee(FeeBasis { rate_cents: fee.fee_per_lesson.cents(), per_week: fee.lessons_per_week, weeks: SHARE_WEEKS });
    system_line(LineKind::Fee, fee.amount, today, reason, Some(format!("fee:{}", billable.arrangement_id)), now)
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
