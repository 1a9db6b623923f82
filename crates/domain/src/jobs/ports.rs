//! What the jobs need from storage: leases taken atomically, and a record of runs.

use std::time::Duration;

use async_trait::async_trait;
use chrono::{DateTime, Utc};

use crate::jobs::model::{Job, JobRun, JobState, Lease, Outcome};
use crate::shared::storage::RepositoryError;

#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait JobLedger: Send + Sync {
    /// Makes sure the ledger knows `job` (once, when a server starts), so that taking its
    /// lease is one statement.
    ///
    /// # Errors
    /// The database fails.
    async fn register(&self, job: Job, every: Duration) -> Result<(), RepositoryError>;

    /// Takes `job`'s lease for `owner` until `now + lease`, if no other server holds it and its
    /// last run started at least `every` ago; in one atomic step, so of servers asking at once
    /// exactly one gets it. `None`: not due, or another server has it. `owner` must name one
    /// process: a lease it still holds (a run whose end was not recorded) it may take again.
    ///
    /// # Errors
    /// The database fails.
    async fn claim(
        &self,
        job: Job,
        every: Duration,
        lease: Duration,
        owner: &str,
        now: DateTime<Utc>,
    ) -> Result<Option<Lease>, RepositoryError>;

    /// Records how the run went and gives the lease back (unless it expired and another
    /// server took the job over meanwhile: then only the run is recorded).
    ///
    /// # Errors
    /// The database fails.
    async fn finish(&self, lease: &Lease, outcome: &Outcome, now: DateTime<Utc>) -> Result<(), RepositoryError>;

    /// Every job the ledger knows, by name.
    ///
    /// # Errors
    /// The database fails.
    async fn list(&self) -> Result<Vec<JobState>, RepositoryError>;

    /// The latest runs, newest first, of one job or of all.
    ///
    /// # Errors
    /// The database fails.
    async fn runs(&self, job: Option<Job>, limit: u32) -> Result<Vec<JobRun>, RepositoryError>;

    /// Forgets runs that started before `before`.
    ///
    /// # Errors
    /// The database fails.
    async fn forget_runs(&self, before: DateTime<Utc>) -> Result<u64, RepositoryError>;
}
