//! `tutorhub serve`: the web server.

use std::path::PathBuf;
use std::time::Duration;

use anyhow::Context;
use clap::Args;
use tokio::net::TcpListener;
use tutorhub_http::{AppFiles, BodyLimits, ServerLimits};

use crate::config::{MatchingOpts, SecurityOpts, StoreOpts};
use crate::wiring;

#[derive(Debug, Args)]
pub struct ServeOpts {
    /// Address and port to listen on.
    #[arg(long, env = "BIND", default_value = "127.0.0.1:8080")]
    pub bind: String,
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
    /// Serve the web app from this folder instead of the copy built into the binary.
    #[arg(long, env = "TUTORHUB_STATIC_DIR")]
    pub static_dir: Option<PathBuf>,
    #[command(flatten)]
    pub matching: MatchingOpts,
}

pub async fn run(store: &StoreOpts, security: &SecurityOpts, opts: &ServeOpts) -> anyhow::Result<()> {
    let database = store.open().await?;
    let mut app = wiring::build_with(&database, store, security, &opts.matching)?;
    app.services.body_limits = BodyLimits { json_bytes: opts.max_json_body_bytes };
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
    tracing::info!(bind = %opts.bind, engine = ?database.engine(), "tutorhub is listening");
    let listener = TcpListener::bind(opts.bind.as_str()).await.with_context(|| format!("cannot listen on {}", opts.bind))?;
    tutorhub_http::server::serve(
        listener,
        tutorhub_http::app(&app.services, files),
        limits,
        shutdown_signal(),
        Duration::from_secs(10),
    )
    .await?;
    database.close().await;
    tracing::info!("tutorhub stopped");
    Ok(())
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
