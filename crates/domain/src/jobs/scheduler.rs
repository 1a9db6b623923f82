//! Runs each job when it is due, on whichever server takes its lease first. Every server runs
//! a scheduler; the ledger makes sure one run happens per period.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use async_trait::async_trait;
use chrono::{DateTime, Utc};

use crate::jobs::model::{Job, Outcome};
use crate::jobs::ports::JobLedger;
use crate::shared::storage::RepositoryError;

/// What a job does when it runs.
#[async_trait]
pub trait Work: Send + Sync {
    /// One run; `Ok` says what it did, `Err` why it failed.
    async fn run(&self, now: DateTime<Utc>) -> Result<String, String>;
}

/// A job, how often it runs, and what it does.
pub struct Scheduled {
    pub job: Job,
    pub every: Duration,
    pub work: Arc<dyn Work>,
}

/// A lease lasts this long beyond a job's period before another server may take the job over:
/// long enough for a slow run to finish, short enough that a dead server's job soon runs again.
const LEASE_MARGIN: Duration = Duration::from_secs(300);

pub struct Scheduler {
    ledger: Arc<dyn JobLedger>,
    owner: String,
    jobs: Vec<Scheduled>,
    registered: AtomicBool,
}

/// A run this server did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ran {
    pub job: Job,
    pub outcome: Outcome,
    /// Why the ledger could not record the run. The job is not lost: this server holds the
    /// lease still and takes it again when the job is next due.
    pub unrecorded: Option<String>,
}

impl Scheduler {
    /// `owner` names this server in the ledger (`jobs list` shows it).
    pub fn new(ledger: Arc<dyn JobLedger>, owner: impl Into<String>, jobs: Vec<Scheduled>) -> Self {
        Self { ledger, owner: owner.into(), jobs, registered: AtomicBool::new(false) }
    }

    /// Runs, one after the other, the jobs that are due and whose lease this server takes.
    /// Answers what ran here.
    ///
    /// # Errors
    /// The ledger cannot be reached: nothing more is tried until the next tick.
    pub async fn tick(&self, now: DateTime<Utc>) -> Result<Vec<Ran>, RepositoryError> {
        if !self.registered.load(Ordering::Relaxed) {
            for scheduled in &self.jobs {
                self.ledger.register(scheduled.job, scheduled.every).await?;
            }
            self.registered.store(true, Ordering::Relaxed);
        }
        let mut ran = Vec::new();
        for scheduled in &self.jobs {
            let lease = scheduled.every + LEASE_MARGIN;
            let Some(lease) = self.ledger.claim(scheduled.job, scheduled.every, lease, &self.owner, now).await? else {
                continue;
            };
            let outcome = match scheduled.work.run(lease.started_at).await {
                Ok(done) => Outcome::Done(done),
                Err(why) => Outcome::Failed(why),
            };
            let unrecorded = self.ledger.finish(&lease, &outcome, Utc::now()).await.err().map(|e| e.to_string());
            ran.push(Ran { job: scheduled.job, outcome, unrecorded });
        }
        Ok(ran)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::jobs::model::Lease;
    use crate::jobs::ports::MockJobLedger;

    struct Says(Result<&'static str, &'static str>);

    #[async_trait]
    impl Work for Says {
        async fn run(&self, _now: DateTime<Utc>) -> Result<String, String> {
            self.0.map(str::to_string).map_err(str::to_string)
        }
    }

    fn scheduled(job: Job, says: Result<&'static str, &'static str>) -> Scheduled {
        Scheduled { job, every: Duration::from_secs(10), work: Arc::new(Says(says)) }
    }

    #[tokio::test]
    async fn runs_only_the_jobs_whose_lease_it_takes_and_records_each_outcome() {
        let mut ledger = MockJobLedger::new();
        ledger.expect_register().times(2).returning(|_, _| Ok(()));
        ledger.expect_claim().returning(|job, every, lease, owner, now| {
            assert_eq!(lease, every + LEASE_MARGIN);
            // Another server holds the sweep.
            Ok((job == Job::AlertDelivery).then(|| Lease { job, owner: owner.to_string(), started_at: now }))
        });
        ledger
            .expect_finish()
            .times(2)
            .withf(|lease, outcome, _| lease.job == Job::AlertDelivery && lease.owner == "a" && *outcome == Outcome::Failed("down".into()))
            .returning(|_, _, _| Ok(()));
        let scheduler = Scheduler::new(
            Arc::new(ledger),
            "a",
            vec![scheduled(Job::AlertDelivery, Err("down")), scheduled(Job::Sweep, Ok("never runs here"))],
        );
        let ran = scheduler.tick(Utc::now()).await.unwrap();
        assert_eq!(ran, vec![Ran { job: Job::AlertDelivery, outcome: Outcome::Failed("down".into()), unrecorded: None }]);
        // Registered once: the second tick only claims.
        scheduler.tick(Utc::now()).await.unwrap();
    }

    #[tokio::test]
    async fn a_run_the_ledger_could_not_record_does_not_stop_the_next_job() {
        let mut ledger = MockJobLedger::new();
        ledger.expect_register().returning(|_, _| Ok(()));
        ledger.expect_claim().returning(|job, _, _, owner, now| Ok(Some(Lease { job, owner: owner.to_string(), started_at: now })));
        ledger.expect_finish().returning(|lease, _, _| match lease.job {
            Job::AlertDelivery => Err(RepositoryError::Unavailable("connection reset".into())),
            _ => Ok(()),
        });
        let scheduler =
            Scheduler::new(Arc::new(ledger), "a", vec![scheduled(Job::AlertDelivery, Ok("sent")), scheduled(Job::Sweep, Ok("swept"))]);
        let ran = scheduler.tick(Utc::now()).await.unwrap();
        assert_eq!(ran.len(), 2);
        assert!(ran[0].unrecorded.as_deref().is_some_and(|why| why.contains("connection reset")), "{ran:?}");
        assert_eq!((ran[1].job, ran[1].unrecorded.as_ref()), (Job::Sweep, None));
    }

    #[test]
    fn job_names_are_stable_and_read_back() {
        for job in Job::ALL {
            assert_eq!(Job::parse(job.key()), Some(*job));
        }
        assert_eq!(Job::parse("nothing"), None);
    }
}
