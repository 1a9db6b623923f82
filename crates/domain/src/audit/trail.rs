//! The use cases of the trail: the back office writes each decision down once it has taken
//! effect, and reads the trail back (`tutorhub audit list`).

use std::sync::Arc;

use chrono::{DateTime, Utc};
use thiserror::Error;

use crate::audit::model::{AuditEntry, Decision, EntryError, NewAuditEntry};
use crate::audit::ports::AuditTrail;
use crate::shared::clock::Clock;
use crate::shared::storage::RepositoryError;

/// Entries one read returns at most, whatever is asked.
pub const LIST_MAX: u32 = 1000;

#[derive(Debug, Error)]
pub enum AuditError {
    #[error("invalid_entry: {0}")]
    Invalid(#[from] EntryError),
    #[error(transparent)]
    Repository(#[from] RepositoryError),
}

#[derive(Clone)]
pub struct AuditLog {
    trail: Arc<dyn AuditTrail>,
    clock: Arc<dyn Clock>,
}

impl AuditLog {
    pub fn new(trail: Arc<dyn AuditTrail>, clock: Arc<dyn Clock>) -> Self {
        Self { trail, clock }
    }

    /// Writes down that `actor` made `decision` about `subject` (why: `reason`; the facts:
    /// `details`), now.
    ///
    /// # Errors
    /// `Invalid` when the actor or the reason breaks the rules of [`NewAuditEntry::new`]
    /// (nothing is written); `Repository` when the store fails.
    pub async fn record(
        &self,
        actor: &str,
        decision: Decision,
        subject: &str,
        reason: Option<&str>,
        details: &str,
    ) -> Result<AuditEntry, AuditError> {
        let entry = NewAuditEntry::new(actor, decision, subject, reason, details)?;
        Ok(self.trail.append(&entry, self.clock.now()).await?)
    }

    /// The latest entries, newest first, since `since` when given; `limit` is held to 1 to
    /// [`LIST_MAX`].
    ///
    /// # Errors
    /// When the store fails.
    pub async fn list(&self, since: Option<DateTime<Utc>>, limit: u32) -> Result<Vec<AuditEntry>, RepositoryError> {
        self.trail.list(since, limit.clamp(1, LIST_MAX)).await
    }
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;

    use super::*;
    use crate::audit::ports::MockAuditTrail;
    use crate::shared::clock::ManualClock;

    fn noon() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 27, 4, 0, 0).unwrap()
    }

    fn log(trail: MockAuditTrail) -> AuditLog {
        AuditLog::new(Arc::new(trail), Arc::new(ManualClock::at(noon())))
    }

    #[tokio::test]
    async fn a_decision_is_written_down_at_the_clocks_time_with_its_actor_and_reason_trimmed() {
        let mut trail = MockAuditTrail::new();
        trail
            .expect_append()
            .times(1)
            .withf(|entry, at| {
                *at == noon()
                    && *entry
                        == NewAuditEntry {
                            actor: "amy".into(),
                            decision: Decision::InvoiceAdjusted,
                            subject: "invoice INV-2026-000001".into(),
                            reason: Some("half a lesson".into()),
                            details: "amount_cents=-5000".into(),
                        }
            })
            .returning(|entry, at| {
                Ok(AuditEntry {
                    number: 7,
                    at,
                    actor: entry.actor.clone(),
                    decision: entry.decision,
                    subject: entry.subject.clone(),
                    reason: entry.reason.clone(),
                    details: entry.details.clone(),
                })
            });
        let kept = log(trail)
            .record(" amy ", Decision::InvoiceAdjusted, "invoice INV-2026-000001", Some(" half a lesson "), "amount_cents=-5000")
            .await
            .unwrap();
        assert_eq!((kept.number, kept.at, kept.actor.as_str()), (7, noon(), "amy"));
    }

    #[tokio::test]
    async fn a_decision_without_a_reason_keeps_none() {
        let mut trail = MockAuditTrail::new();
        trail.expect_append().times(1).withf(|entry, _| entry.reason.is_none() && entry.details.is_empty()).returning(|entry, at| {
            Ok(AuditEntry {
                number: 1,
                at,
                actor: entry.actor.clone(),
                decision: entry.decision,
                subject: entry.subject.clone(),
                reason: None,
                details: String::new(),
            })
        });
        let kept = log(trail).record("amy", Decision::CaseApproved, "case 10001", Some("  "), "").await.unwrap();
        assert_eq!((kept.decision, kept.reason), (Decision::CaseApproved, None));
    }

    #[tokio::test]
    async fn an_entry_breaking_the_rules_is_never_appended() {
        let mut trail = MockAuditTrail::new();
        trail.expect_append().never();
        let log = log(trail);
        let no_actor = log.record(" ", Decision::CaseClosed, "case 1", None, "").await;
        assert!(matches!(no_actor, Err(AuditError::Invalid(EntryError::ActorMissing))), "{no_actor:?}");
        let long = "x".repeat(crate::audit::model::REASON_MAX_CHARS + 1);
        let too_long = log.record("amy", Decision::CaseRejected, "case 1", Some(long.as_str()), "").await;
        assert!(matches!(too_long, Err(AuditError::Invalid(EntryError::ReasonTooLong))), "{too_long:?}");
    }

    #[tokio::test]
    async fn a_failing_store_is_reported_not_swallowed() {
        let mut trail = MockAuditTrail::new();
        trail.expect_append().returning(|_, _| Err(RepositoryError::Unavailable("disk full".into())));
        let failed = log(trail).record("amy", Decision::CaseClosed, "case 1", None, "").await;
        assert!(matches!(failed, Err(AuditError::Repository(_))), "{failed:?}");
    }

    #[tokio::test]
    async fn a_read_is_held_to_between_one_and_the_maximum() {
        let mut trail = MockAuditTrail::new();
        trail.expect_list().times(1).withf(|since, limit| *since == Some(noon()) && *limit == LIST_MAX).returning(|_, _| Ok(Vec::new()));
        trail.expect_list().times(1).withf(|since, limit| since.is_none() && *limit == 1).returning(|_, _| Ok(Vec::new()));
        let log = log(trail);
        assert!(log.list(Some(noon()), 1_000_000).await.unwrap().is_empty());
        assert!(log.list(None, 0).await.unwrap().is_empty());
    }
}
