//! `tutorhub serve`: the web server.

use std::path::PathBuf;
use std::time::Duration;

use clap::Args;
use poem::Server;
use poem::listener::TcpListener;
use tutorhub_http::AppFiles;

use crate::config::{MatchingOpts, SecurityOpts, StoreOpts};
use crate::wiring;

#[derive(Debug, Args)]
pub struct ServeOpts {
    /// Address and port to listen on.
    #[arg(long, env = "BIND", default_value = "127.0.0.1:8080")]
    pub bind: String,
    /// Serve the web app from this folder instead of the copy built into the binary.
    #[arg(long, env = "TUTORHUB_STATIC_DIR")]
    pub static_dir: Option<PathBuf>,
    #[command(flatten)]
    pub matching: MatchingOpts,
}

pub async fn run(store: &StoreOpts, security: &SecurityOpts, opts: &ServeOpts) -> anyhow::Result<()> {
    let database = store.open().await?;
    let app = wiring::build_with(&database, store, security, &opts.matching)?;
    let files = match &opts.static_dir {
        Some(dir) => AppFiles::Directory(dir.clone()),
        None => AppFiles::Embedded,
    };
    if !files.has_index() {
        tracing::warn!("the web app is not built (run `make build`): only the API is served");
    }
    tracing::info!(bind = %opts.bind, engine = ?database.engine(), "tutorhub is listening");
    Server::new(TcpListener::bind(opts.bind.as_str()))
        .run_with_graceful_shutdown(
            tutorhub_http::app(&app.services, files),
            shutdown_signal(),
            Some(Duration::from_secs(10)),
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
