//! Where a report's facts come from.

use async_trait::async_trait;
use chrono::{DateTime, Utc};

use crate::reports::facts::ReportFacts;
use crate::reports::model::Period;
use crate::shared::storage::RepositoryError;

#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait MarketFacts: Send + Sync {
    /// The facts of `period`: the cases families posted in it (student seeking tutor) with
    /// their applications, offers, held lessons and endings; what tutors did in it; the
    /// invoices issued before its end with their ledger lines dated up to its last day.
    /// Nothing that happened at `until` or later is returned (a report passes its period's end).
    ///
    /// # Errors
    /// `Unavailable` when the store fails or holds a row it cannot read.
    async fn facts(&self, period: Period, until: DateTime<Utc>) -> Result<ReportFacts, RepositoryError>;
}
