//! Configuration shared by every command: where the data lives, how sessions are signed,
//! where the site is, how to log; and how a command turns it into its wiring.

use std::io::IsTerminal;
use std::num::NonZeroU32;
use std::path::PathBuf;

use anyhow::Context;
use clap::{Args, ValueEnum};
use tracing_appender::non_blocking::{NonBlockingBuilder, WorkerGuard};
use tracing_subscriber::Layer;
use tracing_subscriber::fmt::writer::BoxMakeWriter;
use tracing_subscriber::layer::SubscriberExt;
use tracing_subscriber::util::SubscriberInitExt;
use tutorhub_adapters::{Database, S3Settings};

use tutorhub_domain::billing::fps::{FpsProxy, Payee};
use tutorhub_domain::billing::terms::{FeeTerms, LateTerms};

use crate::wiring::{Reach, Senders, Settings, Storage, Wiring};

/// The options every command takes.
#[derive(Debug, Clone, Args)]
pub struct GlobalOpts {
    #[command(flatten)]
    pub store: StoreOpts,
    #[command(flatten)]
    pub security: SecurityOpts,
    #[command(flatten)]
    pub site: SiteOpts,
    #[command(flatten)]
    pub billing: BillingOpts,
    /// Who makes the back office's decisions, as the audit trail records them; when unset,
    /// the operating-system user (USER, then LOGNAME).
    #[arg(long, env = "TUTORHUB_OPERATOR", global = true, value_parser = parse_operator)]
    pub by: Option<String>,
}

/// Whether a command tells people things (and so needs its SMS and mail settings).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sending {
    No,
    Yes,
}

impl GlobalOpts {
    /// The settings of the wiring, from the command line and the environment.
    pub fn settings(&self) -> Settings {
        let security = &self.security;
        Settings {
            jwt_secret: security.jwt_secret.clone(),
            access_token_ttl_seconds: security.access_token_ttl_seconds,
            hashing_memory_mib: security.hashing_memory_mib,
            login_attempts_per_address: security.login_attempts_per_address,
            storage: self.store.files.storage(),
            fee_terms: self.billing.terms(),
            payee: self.billing.payee(),
            ..Settings::new(self.store.data_dir.clone(), &self.site.public_base_url())
        }
    }

    /// Opens (and migrates) the database and wires the app over it.
    ///
    /// # Errors
    /// The data folder or the database cannot be opened, or a sending command's provider
    /// lacks a setting.
    pub async fn wiring(&self, sending: Sending) -> anyhow::Result<Wiring> {
        self.wiring_with(self.settings(), sending).await
    }

    /// As `wiring`, with settings the command adjusted (`serve`'s matching and body limits).
    pub async fn wiring_with(&self, settings: Settings, sending: Sending) -> anyhow::Result<Wiring> {
        // Senders first: a missing provider setting stops the command before it touches data.
        let reach = match sending {
            Sending::No => Reach::ReadOnly,
            Sending::Yes => Reach::Sends(self.senders()?),
        };
        let database = self.store.open().await?;
        Wiring::new(database, settings, reach)
    }

    /// Who the audit trail records as making this command's decisions: `--by`
    /// (`TUTORHUB_OPERATOR`), else the operating-system user, else `unknown`.
    pub fn operator(&self) -> String {
        operator_from(self.by.as_deref(), |name| std::env::var(name).ok())
    }

    fn senders(&self) -> anyhow::Result<Senders> {
        let (messaging, dir) = (&self.store.messaging, &self.store.data_dir);
        Ok(Senders { sms: messaging.sms(dir)?, mail: messaging.mail(dir)? })
    }
}

/// Where tutorhub keeps its data.
#[derive(Debug, Clone, Args)]
pub struct StoreOpts {
    /// Folder for the SQLite database, outboxes and uploaded files.
    #[arg(long, env = "DATA_DIR", default_value = "./data", global = true)]
    pub data_dir: PathBuf,
    /// `postgres://…` to use PostgreSQL; when unset, SQLite at DATA_DIR/tutorhub.db.
    #[arg(long, env = "DATABASE_URL", global = true, hide_env_values = true)]
    pub database_url: Option<String>,
    /// Connections in the database pool; when unset, one per core (at least two) for a database
    /// on this machine (SQLite, or PostgreSQL on a loopback address or a socket), else two per
    /// core (at least four).
    #[arg(long, env = "DATABASE_CONNECTIONS", global = true, value_parser = clap::value_parser!(u32).range(1..=1000))]
    pub database_connections: Option<u32>,
    /// Where messages go: the outboxes in DATA_DIR, or the real SMS gateway and SMTP server.
    #[command(flatten)]
    pub messaging: crate::messaging::MessagingOpts,
    /// Where uploads are kept.
    #[command(flatten)]
    pub files: FileOpts,
}

/// Where uploaded files go: the data folder, or a bucket every server shares.
#[derive(Debug, Clone, Args)]
pub struct FileOpts {
    /// `local`: DATA_DIR/media and DATA_DIR/private; `s3`: the bucket below (for several servers).
    #[arg(long, env = "STORAGE", default_value = "local", global = true)]
    pub storage: StorageKind,
    /// The S3-compatible server, e.g. `https://s3.ap-east-1.amazonaws.com` or a MinIO address;
    /// unset for AWS. Credentials come from AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY.
    #[arg(long, env = "S3_ENDPOINT", global = true)]
    pub s3_endpoint: Option<String>,
    /// The bucket (required with STORAGE=s3).
    #[arg(long, env = "S3_BUCKET", global = true, required_if_eq("storage", "s3"))]
    pub s3_bucket: Option<String>,
    #[arg(long, env = "S3_REGION", default_value = "ap-east-1", global = true)]
    pub s3_region: String,
    /// Address the bucket as ENDPOINT/BUCKET/KEY (MinIO and most self-hosted servers).
    #[arg(long, env = "S3_PATH_STYLE", default_value_t = false, action = clap::ArgAction::Set, global = true)]
    pub s3_path_style: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum StorageKind {
    Local,
    S3,
}

impl FileOpts {
    pub fn storage(&self) -> Storage {
        match (self.storage, &self.s3_bucket) {
            (StorageKind::S3, Some(bucket)) => Storage::S3(self.s3_settings(bucket)),
            (StorageKind::S3, None) => unreachable!("clap requires S3_BUCKET with STORAGE=s3"),
            (StorageKind::Local, _) => Storage::Local,
        }
    }

    /// The bucket's settings, whatever `STORAGE` says (`storage migrate --to s3` reads them).
    pub fn s3_settings(&self, bucket: &str) -> S3Settings {
        S3Settings {
            endpoint: self.s3_endpoint.clone(),
            bucket: bucket.to_string(),
            region: self.s3_region.clone(),
            path_style: self.s3_path_style,
        }
    }
}

impl StoreOpts {
    pub fn database_url(&self) -> String {
        self.database_url.clone().unwrap_or_else(|| Database::sqlite_url(&self.data_dir))
    }

    /// Creates the data folder, connects and migrates.
    pub async fn open(&self) -> anyhow::Result<Database> {
        tutorhub_adapters::files::local::secure_data_dir(&self.data_dir)
            .with_context(|| format!("cannot create the data folder {}", self.data_dir.display()))?;
        let connections = self.database_connections.map(|n| NonZeroU32::new(n).expect("clap takes 1 to 1000"));
        Ok(Database::open_sized(&self.database_url(), connections).await?)
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
}

/// Where the site is: the address `serve` listens on and the one users see.
#[derive(Debug, Clone, Args)]
pub struct SiteOpts {
    /// Address and port `serve` listens on.
    #[arg(long, env = "BIND", default_value = "127.0.0.1:8080", global = true)]
    pub bind: String,
    /// The site's address as users see it, for links in SMS and mail (password reset, notices);
    /// when unset, http:// and BIND.
    #[arg(long, env = "PUBLIC_BASE_URL", global = true)]
    pub public_base_url: Option<String>,
}

impl SiteOpts {
    pub fn public_base_url(&self) -> String {
        self.public_base_url.clone().unwrap_or_else(|| format!("http://{}", self.bind))
    }
}

/// HS256 keys shorter than the hash are guessable offline from any token: refuse them at start.
fn parse_jwt_secret(value: &str) -> Result<String, String> {
    if value.len() < 32 {
        return Err(format!("JWT_SECRET must be at least 32 bytes (it has {}); generate one with `openssl rand -hex 32`", value.len()));
    }
    Ok(value.to_string())
}

/// The service fee's terms and where it is paid: every command reads them (the server states
/// them on the terms page; the back office's invoices follow them).
#[derive(Debug, Clone, Args)]
pub struct BillingOpts {
    /// Days from an invoice's issue (after a match's first confirmed lesson) to its due date.
    #[arg(long, env = "FEE_DUE_DAYS", default_value_t = 7, global = true, value_parser = clap::value_parser!(u32).range(1..=90))]
    pub fee_due_days: u32,
    /// Late interest a month in basis points (200 = 2%), counted per day as × 12 ÷ 365.
    #[arg(long, env = "LATE_INTEREST_BP_PER_MONTH", default_value_t = 200, global = true,
          value_parser = clap::value_parser!(u32).range(0..=1000))]
    pub late_interest_bp_per_month: u32,
    /// The late penalty, percent of the overdue principal, added once.
    #[arg(long, env = "LATE_PENALTY_PERCENT", default_value_t = 10, global = true, value_parser = clap::value_parser!(u32).range(0..=50))]
    pub late_penalty_percent: u32,
    /// The overdue day the penalty is added on (11: "after 10 days"); from it, the tutor cannot
    /// apply to cases or confirm offers.
    #[arg(long, env = "LATE_PENALTY_DAY", default_value_t = 11, global = true, value_parser = clap::value_parser!(u32).range(4..=90))]
    pub late_penalty_day: u32,
    /// The operator's FPS proxy the QR codes pay: an FPS identifier, a +852 mobile or an e-mail.
    #[arg(long, env = "FPS_PROXY", default_value = "billing@tutorhub.hk", global = true, value_parser = parse_fps_proxy)]
    pub fps_proxy: FpsProxy,
    /// The payee's name the payer's banking app shows (ASCII, at most 25 characters).
    #[arg(long, env = "FPS_NAME", default_value = "tutorhub", global = true, value_parser = parse_fps_name)]
    pub fps_name: String,
}

impl BillingOpts {
    pub fn terms(&self) -> FeeTerms {
        FeeTerms {
            due_days: self.fee_due_days,
            late: LateTerms {
                interest_bp_per_month: self.late_interest_bp_per_month,
                penalty_percent: self.late_penalty_percent,
                penalty_day: self.late_penalty_day,
            },
        }
    }

    pub fn payee(&self) -> Payee {
        Payee { proxy: self.fps_proxy.clone(), name: self.fps_name.clone() }
    }
}

/// A `--by` the audit trail can record, checked before any decision is made (a name it
/// refused afterwards would leave the decision unrecorded).
fn parse_operator(value: &str) -> Result<String, String> {
    tutorhub_domain::audit::model::actor(value)
        .map_err(|_| format!("must be 1 to {} characters on one line", tutorhub_domain::audit::model::ACTOR_MAX_CHARS))
}

/// [`GlobalOpts::operator`], reading the environment through `env`: the first of `--by`, USER
/// and LOGNAME that the trail accepts.
fn operator_from(by: Option<&str>, env: impl Fn(&str) -> Option<String>) -> String {
    let accepted = |name: &str| env(name).and_then(|user| tutorhub_domain::audit::model::actor(&user).ok());
    by.map(str::to_string).or_else(|| accepted("USER")).or_else(|| accepted("LOGNAME")).unwrap_or_else(|| "unknown".into())
}

fn parse_fps_proxy(value: &str) -> Result<FpsProxy, String> {
    FpsProxy::parse(value)
}

fn parse_fps_name(value: &str) -> Result<String, String> {
    if value.is_empty() || value.len() > 25 || !value.chars().all(|c| c.is_ascii_graphic() || c == ' ') {
        return Err("FPS_NAME must be 1 to 25 printable ASCII characters".into());
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
    /// Hours a chosen tutor has to confirm or decline an offer before it lapses.
    #[arg(long, env = "OFFER_HOURS", default_value_t = tutorhub_domain::matching::offer::DEFAULT_OFFER_HOURS,
          value_parser = clap::value_parser!(u32).range(1..=168))]
    pub offer_hours: u32,
}

impl Default for MatchingOpts {
    fn default() -> Self {
        Self {
            cases_auto_approve: false,
            case_applicant_cap: tutorhub_domain::matching::applications::DEFAULT_APPLICANT_CAP,
            offer_hours: tutorhub_domain::matching::offer::DEFAULT_OFFER_HOURS,
        }
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
///
/// A server (`batched`) queues its lines for a thread of its own, which writes as many at once
/// as have queued: it logs a line per request, and writing each from the request's own thread
/// (stderr is unbuffered, so one system call a line) cost the hot page about a sixth of its
/// requests a second. When the queue is full, requests wait for it rather than lose lines.
/// Keep the guard until the server stops: dropping it writes out what is queued (waiting up
/// to about a second). The other commands write each line at once, so their log lines and the
/// messages they print themselves come out in the order they happened.
///
/// A server with metrics (`connection_waits`) also listens to sqlx's trace events of waits for
/// a connection, and to nothing else at that level.
#[must_use = "dropping the guard stops a batched log"]
pub fn init_logging(format: LogFormat, batched: bool, connection_waits: bool) -> Option<WorkerGuard> {
    let (writer, guard) = if batched {
        let (queued, guard) =
            NonBlockingBuilder::default().lossy(false).thread_name("tutorhub-log").finish(std::io::BufWriter::new(std::io::stderr()));
        (BoxMakeWriter::new(queued), Some(guard))
    } else {
        (BoxMakeWriter::new(std::io::stderr), None)
    };
    let filter =
        tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info,sqlx=warn"));
    let logged = filter.max_level_hint();
    let lines = tracing_subscriber::fmt::layer().with_writer(writer).with_ansi(colours());
    let lines = match format {
        LogFormat::Json => lines.json().flatten_event(true).with_current_span(false).with_filter(filter).boxed(),
        LogFormat::Text => lines.compact().with_filter(filter).boxed(),
    };
    // The waits for database connections, whatever the log level: metrics, not log lines. A
    // filter by target, so that every other call site is ruled out once, when first met.
    let waits = connection_waits.then(|| {
        let only = tracing_subscriber::filter::Targets::new().with_target(crate::monitoring::CONNECTION_WAIT_TARGET, tracing::Level::TRACE);
        crate::monitoring::ConnectionWaits.with_filter(only)
    });
    tracing_subscriber::registry().with(lines).with(waits).init();
    // The `log` crate's records (from dependencies) up to the log's own level only: the trace
    // level the waits need is for sqlx's tracing events, not for every dependency's `log` lines.
    log::set_max_level(log_level(logged));
    guard
}

/// Colours for a person at a terminal who has not asked for none (`NO_COLOR`), not escape
/// codes in a file.
fn colours() -> bool {
    colours_for(std::io::stderr().is_terminal(), std::env::var_os("NO_COLOR"))
}

/// As [`colours`], given whether stderr is a terminal and `NO_COLOR`'s value (set and not
/// empty: no colours, as no-color.org asks).
fn colours_for(terminal: bool, no_color: Option<std::ffi::OsString>) -> bool {
    terminal && no_color.is_none_or(|value| value.is_empty())
}

/// The `log` crate's level for a tracing filter's most verbose level (`None`: everything).
fn log_level(most: Option<tracing::level_filters::LevelFilter>) -> log::LevelFilter {
    use tracing::level_filters::LevelFilter;
    match most {
        Some(LevelFilter::OFF) => log::LevelFilter::Off,
        Some(LevelFilter::ERROR) => log::LevelFilter::Error,
        Some(LevelFilter::WARN) => log::LevelFilter::Warn,
        Some(LevelFilter::INFO) => log::LevelFilter::Info,
        Some(LevelFilter::DEBUG) => log::LevelFilter::Debug,
        _ => log::LevelFilter::Trace,
    }
}

#[cfg(test)]
mod tests {
    use super::{colours_for, operator_from, parse_operator};

    #[test]
    fn logs_are_coloured_only_at_a_terminal_without_no_color() {
        assert!(colours_for(true, None));
        assert!(colours_for(true, Some("".into())), "an empty NO_COLOR asks nothing");
        assert!(!colours_for(true, Some("1".into())));
        assert!(!colours_for(false, None), "a file or a pipe gets no escape codes");
    }

    #[test]
    fn the_operator_is_by_else_the_os_user_else_unknown() {
        let env = |user: Option<&'static str>, logname: Option<&'static str>| {
            move |name: &str| match name {
                "USER" => user.map(str::to_string),
                "LOGNAME" => logname.map(str::to_string),
                _ => None,
            }
        };
        assert_eq!(operator_from(Some("amy"), env(Some("root"), None)), "amy");
        assert_eq!(operator_from(None, env(Some("root"), Some("ops"))), "root");
        assert_eq!(operator_from(None, env(None, Some("ops"))), "ops");
        assert_eq!(operator_from(None, env(Some(" "), Some("ops"))), "ops", "a USER the trail refuses is passed over");
        assert_eq!(operator_from(None, env(None, None)), "unknown");
        assert_eq!(parse_operator("  amy "), Ok("amy".to_string()));
        assert!(parse_operator("amy\nbob").is_err() && parse_operator(" ").is_err() && parse_operator(&"a".repeat(101)).is_err());
    }
}
