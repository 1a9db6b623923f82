//! The work of each periodic job (`tutorhub_domain::jobs`), as `serve` schedules it.

use std::sync::Arc;

use async_trait::async_trait;
use chrono::{DateTime, TimeDelta, Utc};
use tutorhub_adapters::sql::search_changes::CHANGES_KEPT;
use tutorhub_adapters::{SqlChangeFeed, SqlRateLimiter};
use tutorhub_domain::alerts::delivery::{AlertDelivery, Round};
use tutorhub_domain::jobs::ports::JobLedger;
use tutorhub_domain::jobs::scheduler::Work;

/// A round of case-alert delivery.
pub struct AlertRound(pub AlertDelivery);

#[async_trait]
impl Work for AlertRound {
    async fn run(&self, now: DateTime<Utc>) -> Result<String, String> {
        let round = self.0.run_round(now).await.map_err(|e| e.to_string())?;
        if round != Round::default() {
            tracing::info!(?round, "alert delivery round");
        }
        Ok(format!("{} cases matched, {} messages sent, {} failed", round.cases_matched, round.messages_sent, round.messages_failed))
    }
}

/// Job runs are kept this long for `tutorhub jobs runs`.
const RUNS_KEPT: TimeDelta = TimeDelta::days(7);

/// Clears what has expired: ended rate-limit windows, old job runs, and the search change
/// feed's oldest changes.
pub struct Sweep {
    pub rate_limits: SqlRateLimiter,
    pub ledger: Arc<dyn JobLedger>,
    pub feed: Arc<SqlChangeFeed>,
}

#[async_trait]
impl Work for Sweep {
    async fn run(&self, now: DateTime<Utc>) -> Result<String, String> {
        let windows = self.rate_limits.sweep(now).await.map_err(|e| e.to_string())?;
        let runs = self.ledger.forget_runs(now - RUNS_KEPT).await.map_err(|e| e.to_string())?;
        let changes = self.feed.prune(CHANGES_KEPT).await.map_err(|e| e.to_string())?;
        Ok(format!("{windows} rate-limit windows, {runs} job runs and {changes} search changes removed"))
    }
}
