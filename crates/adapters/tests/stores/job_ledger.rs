//! The job ledger on both engines: one lease per period whoever asks, leases that expire,
//! and the record `tutorhub jobs` shows.

use std::sync::Arc;
use std::time::Duration;

use chrono::{DateTime, TimeDelta, Utc};
use tutorhub_adapters::{Database, SqlJobLedger};
use tutorhub_domain::jobs::model::{Job, Outcome};
use tutorhub_domain::jobs::ports::JobLedger;

const EVERY: Duration = Duration::from_secs(10);
const LEASE: Duration = Duration::from_secs(60);

fn at(start: DateTime<Utc>, seconds: i64) -> DateTime<Utc> {
    start + TimeDelta::seconds(seconds)
}

async fn registered(db: &Database) -> SqlJobLedger {
    let ledger = SqlJobLedger::new(db.pool().clone());
    for job in Job::ALL {
        ledger.register(*job, EVERY).await.unwrap();
        ledger.register(*job, EVERY).await.expect("registering again changes nothing");
    }
    ledger
}

async fn a_job_runs_once_per_period_whoever_asks(db: Database) {
    let ledger = registered(&db).await;
    let t0 = Utc::now();
    let lease = ledger.claim(Job::Sweep, EVERY, LEASE, "a", t0).await.unwrap().expect("the first claim takes the lease");
    assert_eq!(ledger.claim(Job::Sweep, EVERY, LEASE, "b", t0).await.unwrap(), None, "held by a");
    assert!(ledger.claim(Job::AlertDelivery, EVERY, LEASE, "b", t0).await.unwrap().is_some(), "jobs are apart");
    ledger.finish(&lease, &Outcome::Done("3 removed".into()), at(t0, 1)).await.unwrap();
    assert_eq!(ledger.claim(Job::Sweep, EVERY, LEASE, "b", at(t0, 5)).await.unwrap(), None, "not due yet");
    let next = ledger.claim(Job::Sweep, EVERY, LEASE, "b", at(t0, 10)).await.unwrap().expect("due again");
    assert_eq!(next.owner, "b");

    let state = ledger.list().await.unwrap().into_iter().find(|s| s.name == "sweep").unwrap();
    assert_eq!(state.runs, 2);
    assert_eq!(state.every_seconds, 10);
    assert_eq!(state.running_on.as_deref(), Some("b"));
    assert_eq!(state.last_outcome, Some(("ok".into(), "3 removed".into())));
}

async fn of_servers_asking_at_once_exactly_one_gets_the_lease(db: Database) {
    let ledger = Arc::new(registered(&db).await);
    let now = Utc::now();
    let claims: Vec<_> = (0..12)
        .map(|server| {
            let ledger = ledger.clone();
            tokio::spawn(async move { ledger.claim(Job::AlertDelivery, EVERY, LEASE, &format!("server-{server}"), now).await.unwrap() })
        })
        .collect();
    let mut winners = 0;
    for claim in claims {
        winners += usize::from(claim.await.unwrap().is_some());
    }
    assert_eq!(winners, 1);
}

async fn a_dead_servers_lease_expires_and_another_takes_over(db: Database) {
    let ledger = registered(&db).await;
    let t0 = Utc::now();
    let stale = ledger.claim(Job::Sweep, EVERY, LEASE, "dead", t0).await.unwrap().unwrap();
    assert_eq!(ledger.claim(Job::Sweep, EVERY, LEASE, "alive", at(t0, 59)).await.unwrap(), None, "the lease still runs");
    let taken = ledger.claim(Job::Sweep, EVERY, LEASE, "alive", at(t0, 60)).await.unwrap().expect("expired: taken over");
    // The slow server finishing late neither frees nor overwrites the new holder's lease.
    ledger.finish(&stale, &Outcome::Failed("too slow".into()), at(t0, 61)).await.unwrap();
    let state = ledger.list().await.unwrap().into_iter().find(|s| s.name == "sweep").unwrap();
    assert_eq!(state.running_on.as_deref(), Some("alive"));
    assert_eq!(state.last_outcome, None);
    ledger.finish(&taken, &Outcome::Done("ok".into()), at(t0, 62)).await.unwrap();

    let runs = ledger.runs(Some(Job::Sweep), 10).await.unwrap();
    let owners: Vec<_> = runs.iter().map(|r| (r.owner.as_str(), r.outcome.as_str())).collect();
    assert_eq!(owners, [("alive", "ok"), ("dead", "failed")], "newest first, both recorded");
    assert!(ledger.runs(Some(Job::AlertDelivery), 10).await.unwrap().is_empty());
    assert_eq!(ledger.runs(None, 1).await.unwrap().len(), 1);
    assert_eq!(ledger.forget_runs(at(t0, 30)).await.unwrap(), 1, "the run that started before is forgotten");
    assert_eq!(ledger.runs(None, 10).await.unwrap().len(), 1);
}

/// A server whose run's end was not recorded (a lost connection) takes its own lease again
/// once the job is due, instead of waiting for the lease to expire.
async fn a_server_takes_its_own_unfinished_lease_again_when_due(db: Database) {
    let ledger = registered(&db).await;
    let t0 = Utc::now();
    ledger.claim(Job::AlertDelivery, EVERY, LEASE, "a", t0).await.unwrap().unwrap();
    assert_eq!(ledger.claim(Job::AlertDelivery, EVERY, LEASE, "a", at(t0, 5)).await.unwrap(), None, "not due yet");
    assert_eq!(ledger.claim(Job::AlertDelivery, EVERY, LEASE, "b", at(t0, 10)).await.unwrap(), None, "a holds it");
    assert!(ledger.claim(Job::AlertDelivery, EVERY, LEASE, "a", at(t0, 10)).await.unwrap().is_some());
}

on_both_engines!(
    a_server_takes_its_own_unfinished_lease_again_when_due,
    a_job_runs_once_per_period_whoever_asks,
    of_servers_asking_at_once_exactly_one_gets_the_lease,
    a_dead_servers_lease_expires_and_another_takes_over
);
