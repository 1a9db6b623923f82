//! `serve`'s metrics: the listener of their own (`METRICS_BIND`), the probes a scrape runs, and
//! the waits for database connections, taken from sqlx's trace events.
//!
//! What happens in the app is counted where it happens (requests in `tutorhub_http`, messages,
//! limits and hashing in the adapters); what the site's state holds (the pool, the index, the
//! jobs ledger, overdue invoices) is read when Prometheus asks.

use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::Context;
use async_trait::async_trait;
use metrics::{counter, gauge, histogram};
use tokio::net::TcpListener;
use tokio::sync::Mutex;
use tracing::field::{Field, Visit};
use tracing_subscriber::Layer;
use tutorhub_adapters::{Database, TantivySearch};
use tutorhub_domain::billing::invoices::{Billing, Listed};
use tutorhub_domain::jobs::model::Job;
use tutorhub_domain::jobs::ports::JobLedger;
use tutorhub_http::ServerLimits;
use tutorhub_http::observability::exporter::CONNECTION_WAIT_TIME;
use tutorhub_http::observability::{Metrics, Probe, metrics_app};

pub const JOB_LAST_SUCCESS: &str = "tutorhub_job_last_success_timestamp_seconds";
pub const JOB_PERIOD: &str = "tutorhub_job_period_seconds";
pub const JOB_FAILURES: &str = "tutorhub_job_failures_total";
// The periodic job is labelled `job_name`: Prometheus gives every series the `job` of its
// scrape configuration, and would rename ours out of the way.

/// Serves `/metrics` on `listener` until the process ends, and folds histogram observations
/// every five seconds whether or not anyone scrapes.
pub async fn serve_metrics(listener: TcpListener, metrics: Metrics, probes: Vec<Arc<dyn Probe>>) -> anyhow::Result<()> {
    let upkeep = metrics.clone();
    tokio::spawn(async move {
        let mut ticks = tokio::time::interval(Duration::from_secs(5));
        loop {
            ticks.tick().await;
            upkeep.run_upkeep();
        }
    });
    for job in Job::ALL {
        // At zero from the start: `increase()` of a counter that appears at its first failure
        // misses that failure.
        counter!(JOB_FAILURES, "job_name" => job.key()).increment(0);
    }
    tutorhub_adapters::messaging::counted::register_message_counters();
    tutorhub_adapters::security::limits_hit::register_limit_counters();
    tutorhub_adapters::security::password::register_hashing_metrics();
    let addr = listener.local_addr().context("the metrics listener has no address")?;
    tracing::info!(metrics = %addr, "metrics are served at /metrics");
    // The public server's loop, with its limits against slow clients; it runs until `serve`
    // stops and drops it.
    let app = metrics_app(metrics, probes);
    tutorhub_http::server::serve(listener, app, ServerLimits::default(), std::future::pending(), Duration::ZERO)
        .await
        .context("the metrics listener failed")
}

/// A job run that failed, for `tutorhub_job_failures_total`.
pub fn count_failure(job: Job) {
    counter!(JOB_FAILURES, "job_name" => job.key()).increment(1);
}

/// `db_client_connection_count` (used, idle) and `db_client_connection_max`.
pub struct PoolProbe(pub Database);

#[async_trait]
impl Probe for PoolProbe {
    async fn observe(&self) {
        let usage = self.0.connections();
        gauge!("db_client_connection_count", "db_client_connection_state" => "used").set(f64::from(usage.used));
        gauge!("db_client_connection_count", "db_client_connection_state" => "idle").set(f64::from(usage.idle));
        gauge!("db_client_connection_max").set(f64::from(usage.max));
    }
}

/// `tutorhub_search_index_lag_changes`: changes of the feed this server's index has not applied.
pub struct SearchLagProbe(pub Arc<TantivySearch>);

#[async_trait]
impl Probe for SearchLagProbe {
    async fn observe(&self) {
        match self.0.lag().await {
            #[allow(clippy::cast_precision_loss)] // a lag past 2^53 changes is past caring
            Ok(lag) => gauge!("tutorhub_search_index_lag_changes").set(lag as f64),
            Err(error) => tracing::warn!(%error, "the search index's lag could not be read for the metrics"),
        }
    }
}

/// Runs of a job read back to find its last success, when its latest run failed: a job failing
/// for longer than this many runs shows no success at all (0), which alerts as it should.
const RUNS_LOOKED_AT: u32 = 500;

/// `tutorhub_job_last_success_timestamp_seconds` and `tutorhub_job_period_seconds` of every job,
/// site-wide from the jobs ledger: any server's scrape says when each job last succeeded on any
/// server, and a restart loses nothing.
pub struct JobsProbe(pub Arc<dyn JobLedger>);

#[async_trait]
impl Probe for JobsProbe {
    async fn observe(&self) {
        let jobs = match self.0.list().await {
            Ok(jobs) => jobs,
            Err(error) => return tracing::warn!(%error, "the jobs ledger could not be read for the metrics"),
        };
        for state in jobs {
            let Some(job) = Job::parse(&state.name) else { continue };
            let last_success = if state.last_outcome.as_ref().is_some_and(|(outcome, _)| outcome == "ok") {
                state.last_finished_at
            } else {
                match self.0.runs(Some(job), RUNS_LOOKED_AT).await {
                    Ok(runs) => runs.into_iter().find(|run| run.outcome == "ok").map(|run| run.finished_at),
                    // A ledger that cannot be read says nothing about the job: the gauge keeps
                    // its last value rather than alerting as if the job never ran.
                    Err(error) => {
                        tracing::warn!(%error, job = job.key(), "the job's runs could not be read for the metrics");
                        continue;
                    }
                }
            };
            #[allow(clippy::cast_precision_loss)] // seconds since 1970 fit a double exactly
            let seconds = last_success.map_or(0.0, |at| at.timestamp() as f64);
            gauge!(JOB_LAST_SUCCESS, "job_name" => job.key()).set(seconds);
            #[allow(clippy::cast_precision_loss)]
            gauge!(JOB_PERIOD, "job_name" => job.key()).set(state.every_seconds as f64);
        }
    }
}

/// How long overdue invoices are counted before a scrape counts them again: each is a statement
/// worked out from its ledger, too much to redo every fifteen seconds for a figure that moves
/// by the day.
const OVERDUE_REFRESH: Duration = Duration::from_secs(60);

/// `tutorhub_invoices_overdue` and `tutorhub_invoices_overdue_amount_hkd_cents`.
pub struct OverdueInvoicesProbe {
    pub billing: Billing,
    pub counted_at: Mutex<Option<Instant>>,
}

#[async_trait]
impl Probe for OverdueInvoicesProbe {
    async fn observe(&self) {
        let mut counted_at = self.counted_at.lock().await;
        if counted_at.is_some_and(|at| at.elapsed() < OVERDUE_REFRESH) {
            return;
        }
        match self.billing.list(Listed::Overdue).await {
            Ok(overdue) => {
                let owed: i64 = overdue.iter().map(|view| view.statement.balance.max(0)).sum();
                #[allow(clippy::cast_precision_loss)]
                {
                    gauge!("tutorhub_invoices_overdue").set(overdue.len() as f64);
                    gauge!("tutorhub_invoices_overdue_amount_hkd_cents").set(owed as f64);
                }
                *counted_at = Some(Instant::now());
            }
            Err(error) => tracing::warn!(%error, "overdue invoices could not be counted for the metrics"),
        }
    }
}

/// Turns sqlx's `acquired connection` trace events (`sqlx::pool::acquire`, with the wait in
/// `aquired_after_secs`, sqlx's spelling) into `db_client_connection_wait_time_seconds`.
pub struct ConnectionWaits;

/// The events this layer reads.
pub const CONNECTION_WAIT_TARGET: &str = "sqlx::pool::acquire";

impl<S: tracing::Subscriber> Layer<S> for ConnectionWaits {
    fn on_event(&self, event: &tracing::Event<'_>, _ctx: tracing_subscriber::layer::Context<'_, S>) {
        struct Wait(Option<f64>);
        impl Visit for Wait {
            fn record_f64(&mut self, field: &Field, value: f64) {
                if field.name() == "aquired_after_secs" {
                    self.0 = Some(value);
                }
            }
            fn record_debug(&mut self, _field: &Field, _value: &dyn std::fmt::Debug) {}
        }
        let mut wait = Wait(None);
        event.record(&mut wait);
        if let Some(seconds) = wait.0 {
            histogram!(CONNECTION_WAIT_TIME).record(seconds);
        }
    }
}

/// Where `METRICS_BIND` says to serve the metrics, or nowhere (`off`).
///
/// # Errors
/// The address is taken or not this machine's.
pub async fn metrics_listener(bind: &str) -> anyhow::Result<Option<TcpListener>> {
    if bind.eq_ignore_ascii_case("off") {
        return Ok(None);
    }
    let listener = TcpListener::bind(bind).await.with_context(|| format!("cannot serve the metrics on {bind} (METRICS_BIND)"))?;
    Ok(Some(listener))
}
