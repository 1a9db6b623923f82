//! `tutorhub serve`: the web server.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use clap::Args;
use tokio::net::TcpListener;
use tokio::sync::Mutex;
use tutorhub_adapters::Engine;
use tutorhub_adapters::cache::layers::{self, Layer};
use tutorhub_domain::alerts::quiet_hours::QuietHours;
use tutorhub_domain::jobs::model::Outcome;
use tutorhub_domain::jobs::scheduler::{Ran, Scheduler};
use tutorhub_http::observability::{Metrics, Probe};
use tutorhub_http::{AppFiles, BodyLimits, ServerLimits};

use crate::monitoring;
use crate::wiring::Settings;

use crate::config::{GlobalOpts, MatchingOpts, Sending};

#[derive(Debug, Args)]
pub struct ServeOpts {
    /// Seconds a client has to send a request's headers (and an idle connection stays open).
    #[arg(long, env = "HEADER_READ_TIMEOUT_SECONDS", default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..=600))]
    pub header_read_timeout_seconds: u64,
    /// Seconds from a request's headers to its answer, body included.
    #[arg(long, env = "REQUEST_TIMEOUT_SECONDS", default_value_t = 60, value_parser = clap::value_parser!(u64).range(1..=3600))]
    pub request_timeout_seconds: u64,
    /// Connections open at once; further clients wait to be accepted.
    #[arg(long, env = "MAX_CONNECTIONS", default_value_t = 2048, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub max_connections: u64,
    /// Largest request body that is not an upload (JSON), in bytes; uploads get 5 MB a file.
    #[arg(long, env = "MAX_JSON_BODY_BYTES", default_value_t = 1024 * 1024, value_parser = clap::value_parser!(u64).range(1024..))]
    pub max_json_body_bytes: u64,
    /// Addresses of the load balancers in front of this server, comma-separated: from them, and
    /// only from them, `X-Forwarded-For` names the caller whom per-address limits count.
    #[arg(long, env = "TRUSTED_PROXIES", value_delimiter = ',')]
    pub trusted_proxies: Vec<std::net::IpAddr>,
    /// Serve the web app from this folder instead of the copy built into the binary.
    #[arg(long, env = "TUTORHUB_STATIC_DIR")]
    pub static_dir: Option<PathBuf>,
    #[command(flatten)]
    pub matching: MatchingOpts,
    /// Hong Kong hours without case alerts, `22-8` (held and sent at 08:00), or `off`.
    #[arg(long, env = "ALERT_QUIET_HOURS", default_value = "22-8", value_parser = quiet_hours)]
    pub alert_quiet_hours: QuietHours,
    /// Where Prometheus scrapes `/metrics` (`host:port`), a listener of its own beside the
    /// public one; `off` serves no metrics. Keep it on loopback or a private network.
    #[arg(long, env = "METRICS_BIND", default_value = "127.0.0.1:9464")]
    pub metrics_bind: String,
    /// Seconds between two rounds of alert delivery (one server of the site runs each round).
    #[arg(long, env = "ALERT_ROUND_SECONDS", default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..=3600))]
    pub alert_round_seconds: u64,
    /// Cache layers to run without, comma-separated (answers, sets, orders, rows, board,
    /// coalesce): for measuring what each is worth (`make bench` with `BENCH_WITHOUT`),
    /// never for serving people.
    #[arg(long, env = "SEARCH_CACHES_OFF", value_delimiter = ',', hide = true)]
    pub caches_off: Vec<Layer>,
}

fn quiet_hours(setting: &str) -> Result<QuietHours, String> {
    QuietHours::parse(setting).ok_or_else(|| format!("expected hours like 22-8, or off; got {setting:?}"))
}

pub async fn run(global: &GlobalOpts, opts: &ServeOpts) -> anyhow::Result<()> {
    if !opts.caches_off.is_empty() {
        tracing::warn!(layers = ?opts.caches_off, "running without some cache layers (SEARCH_CACHES_OFF): for measuring only");
        layers::switch_off(opts.caches_off.clone()).map_err(anyhow::Error::msg)?;
    }
    let settings = Settings {
        cases_auto_approve: opts.matching.cases_auto_approve,
        case_applicant_cap: opts.matching.case_applicant_cap,
        offer_hours: opts.matching.offer_hours,
        body_limits: BodyLimits { json_bytes: opts.max_json_body_bytes },
        alert_quiet_hours: opts.alert_quiet_hours,
        trusted_proxies: opts.trusted_proxies.clone(),
        ..global.settings()
    };
    let wiring = global.wiring_with(settings, Sending::Yes).await?;
    if wiring.database.engine() == Engine::Postgres && wiring.settings.jwt_secret.is_none() {
        // Each server would sign with the secret of its own data folder: a session started on
        // one would be refused by the others.
        tracing::warn!("JWT_SECRET is not set: with several servers on this database, give them all the same JWT_SECRET");
    }
    // Taken before the index is built: a metrics address already in use stops the start at once.
    let metrics_listener = monitoring::metrics_listener(&opts.metrics_bind).await?;
    // No listener, no recorder: the counting then costs nothing and keeps nothing.
    let metrics = metrics_listener.as_ref().map(|_| Metrics::install());
    let search = wiring.search_index().await?;
    let services = wiring.services(search.clone())?;
    let metrics_server = metrics_listener.zip(metrics).map(|(listener, metrics)| {
        let probes: Vec<Arc<dyn Probe>> = vec![
            Arc::new(monitoring::PoolProbe(wiring.database.clone())),
            Arc::new(monitoring::SearchLagProbe(search.clone())),
            Arc::new(monitoring::JobsProbe(wiring.job_ledger())),
            Arc::new(monitoring::OverdueInvoicesProbe { billing: services.billing.clone(), counted_at: Mutex::default() }),
        ];
        tokio::spawn(monitoring::serve_metrics(listener, metrics, probes))
    });
    let follower = tokio::spawn(follow_changes(search));
    // One name per process, even where containers share a host name and all run as pid 1.
    let owner =
        format!("{} pid {} ({}) {}", host_name(), std::process::id(), global.site.bind, &uuid::Uuid::new_v4().simple().to_string()[..6]);
    let (stop_jobs, jobs_stopped) = tokio::sync::watch::channel(false);
    let jobs = tokio::spawn(run_jobs(wiring.scheduler(&owner, Duration::from_secs(opts.alert_round_seconds))?, jobs_stopped));
    let limits = ServerLimits {
        header_read_timeout: Duration::from_secs(opts.header_read_timeout_seconds),
        request_timeout: Duration::from_secs(opts.request_timeout_seconds),
        max_connections: usize::try_from(opts.max_connections).unwrap_or(usize::MAX),
    };
    let files = match &opts.static_dir {
        Some(dir) => AppFiles::Directory(dir.clone()),
        None => AppFiles::Embedded,
    };
    if !files.has_index() {
        tracing::warn!("the web app is not built (run `make build`): only the API is served");
    }
    let bind = &global.site.bind;
    tracing::info!(bind = %bind, engine = ?wiring.database.engine(), "tutorhub is listening");
    let listener = TcpListener::bind(bind.as_str()).await.with_context(|| format!("cannot listen on {bind}"))?;
    tutorhub_http::server::serve(listener, tutorhub_http::app(&services, files), limits, shutdown_signal(), Duration::from_secs(10))
        .await?;
    // A run in progress finishes and is recorded: cut short, its lease would hold the job
    // back on every server for minutes.
    let mut jobs = jobs;
    let _ = stop_jobs.send(true);
    if tokio::time::timeout(Duration::from_secs(20), &mut jobs).await.is_err() {
        jobs.abort();
        tracing::warn!("a background job was still running after 20 s and was stopped; its lease expires on its own");
    }
    follower.abort();
    if let Some(metrics_server) = metrics_server {
        metrics_server.abort();
    }
    wiring.database.close().await;
    tracing::info!("tutorhub stopped");
    Ok(())
}

/// Every second, runs the site's periodic jobs that are due and whose lease this server
/// takes (the others run on another server), until `stop` says so; a run in progress is
/// finished first. A failed run is logged and recorded; its next period tries again (alert
/// delivery stores every step as it is done).
async fn run_jobs(scheduler: Scheduler, mut stop: tokio::sync::watch::Receiver<bool>) {
    let mut ticks = tokio::time::interval(Duration::from_secs(1));
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            _ = ticks.tick() => {}
            _ = stop.changed() => return,
        }
        match scheduler.tick(chrono::Utc::now()).await {
            Ok(ran) => ran.iter().for_each(log_run),
            Err(e) => tracing::warn!(error = %e, "the job ledger could not be reached; the next tick tries again"),
        }
    }
}

fn log_run(ran: &Ran) {
    let job = ran.job.key();
    match &ran.outcome {
        Outcome::Done(done) => tracing::debug!(job, done, "job ran"),
        Outcome::Failed(why) => {
            monitoring::count_failure(ran.job);
            tracing::warn!(job, why, "job failed; its next period tries again");
        }
    }
    if let Some(why) = &ran.unrecorded {
        tracing::warn!(job, why, "a job run could not be recorded; this server takes the job again when it is due");
    }
}

/// This machine's name, to tell servers apart in `tutorhub jobs list`.
fn host_name() -> String {
    std::fs::read_to_string("/proc/sys/kernel/hostname").map(|name| name.trim().to_string()).unwrap_or_else(|_| "host".into())
}

/// Applies the change feed to the search index every second, until the server stops: searches
/// catch up before answering anyway, this keeps that step short. A failure is logged; the next
/// tick (or search) tries again.
async fn follow_changes(search: std::sync::Arc<tutorhub_adapters::TantivySearch>) {
    let mut ticks = tokio::time::interval(Duration::from_secs(1));
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        ticks.tick().await;
        if let Err(e) = search.catch_up().await {
            tracing::warn!(error = %e, "the search index could not follow the change feed; it tries again");
        }
    }
}

/// Ctrl-C or SIGTERM (what `kill` and service managers send).
async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = terminate => {},
    }
    tracing::info!("shutting down: finishing requests in flight");
}
