//! Configuration shared by every command: where the data lives, how to log.

use std::path::PathBuf;

use anyhow::Context;
use clap::{Args, ValueEnum};
use tutorhub_adapters::Database;

/// Where tutorhub keeps its data.
#[derive(Debug, Clone, Args)]
pub struct StoreOpts {
    /// Folder for the SQLite database, outboxes and uploaded files.
    #[arg(long, env = "DATA_DIR", default_value = "./data", global = true)]
    pub data_dir: PathBuf,
    /// `postgres://…` to use PostgreSQL; when unset, SQLite at DATA_DIR/tutorhub.db.
    #[arg(long, env = "DATABASE_URL", global = true, hide_env_values = true)]
    pub database_url: Option<String>,
    /// Where messages go: the outboxes in DATA_DIR, or the real SMS gateway and SMTP server.
    #[command(flatten)]
    pub messaging: crate::messaging::MessagingOpts,
}

impl StoreOpts {
    pub fn database_url(&self) -> String {
        self.database_url.clone().unwrap_or_else(|| Database::sqlite_url(&self.data_dir))
    }

    /// Creates the data folder, connects and migrates.
    pub async fn open(&self) -> anyhow::Result<Database> {
        tutorhub_adapters::files::local::secure_data_dir(&self.data_dir)
            .with_context(|| format!("cannot create the data folder {}", self.data_dir.display()))?;
        Ok(Database::open(&self.database_url()).await?)
    }
}

/// How sessions are signed and passwords hashed.
#[derive(Debug, Clone, Args)]
pub struct SecurityOpts {
    /// Secret for signing access tokens, at least 32 bytes; when unset, one is generated and
    /// kept in DATA_DIR/jwt-secret.
    #[arg(long, env = "JWT_SECRET", global = true, hide_env_values = true, value_parser = parse_jwt_secret)]
    pub jwt_secret: Option<String>,
    /// Memory that password hashes in flight may use together, in MiB (19 MiB each; at least one).
    #[arg(long, env = "HASHING_MEMORY_MIB", default_value_t = 64, global = true,
          value_parser = clap::value_parser!(u32).range(1..=4096))]
    pub hashing_memory_mib: u32,
    /// Login attempts one address may make in 5 minutes, whatever the phone.
    #[arg(long, env = "LOGIN_ATTEMPTS_PER_ADDRESS", default_value_t = tutorhub_domain::shared::rate_limits::LOGIN_ATTEMPTS_PER_SOURCE.max,
          global = true, value_parser = clap::value_parser!(u32).range(1..))]
    pub login_attempts_per_address: u32,
    /// Lifetime of an access token, in seconds.
    #[arg(long, env = "ACCESS_TOKEN_TTL_SECONDS", default_value_t = 900, global = true)]
    pub access_token_ttl_seconds: i64,
    /// The site's address as users see it, for links sent by mail (password reset).
    #[arg(long, env = "PUBLIC_BASE_URL", default_value = "http://127.0.0.1:8080", global = true)]
    pub public_base_url: String,
}

/// HS256 keys shorter than the hash are guessable offline from any token: refuse them at start.
fn parse_jwt_secret(value: &str) -> Result<String, String> {
    if value.len() < 32 {
        return Err(format!(
            "JWT_SECRET must be at least 32 bytes (it has {}); generate one with `openssl rand -hex 32`",
            value.len()
        ));
    }
    Ok(value.to_string())
}

/// How cases are moderated and matched.
#[derive(Debug, Clone, Args)]
pub struct MatchingOpts {
    /// New and edited cases are public at once, skipping the back office's approval.
    #[arg(long, env = "CASES_AUTO_APPROVE", default_value_t = false, action = clap::ArgAction::Set)]
    pub cases_auto_approve: bool,
    /// Tutors a case takes before it shows as full.
    #[arg(long, env = "CASE_APPLICANT_CAP", default_value_t = tutorhub_domain::matching::applications::DEFAULT_APPLICANT_CAP,
          value_parser = clap::value_parser!(u32).range(1..=1000))]
    pub case_applicant_cap: u32,
}

impl Default for MatchingOpts {
    fn default() -> Self {
        Self { cases_auto_approve: false, case_applicant_cap: tutorhub_domain::matching::applications::DEFAULT_APPLICANT_CAP }
    }
}

#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum LogFormat {
    /// One JSON object per line, for log collectors.
    Json,
    /// Human-readable lines, for a terminal.
    Text,
}

/// Logs go to stderr; stdout stays for command output (`openapi`, `--json` lists).
pub fn init_logging(format: LogFormat) {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info,sqlx=warn"));
    let builder = tracing_subscriber::fmt().with_env_filter(filter).with_writer(std::io::stderr);
    match format {
        LogFormat::Json => builder.json().flatten_event(true).with_current_span(false).init(),
        LogFormat::Text => builder.compact().init(),
    }
}
