//! What the wiring is told: the command line's settings, parsed (`config`), or a test's.

use std::path::PathBuf;
use std::sync::Arc;

use tutorhub_adapters::S3Settings;
use tutorhub_domain::alerts::quiet_hours::QuietHours;
use tutorhub_domain::billing::fps::{FpsProxy, Payee};
use tutorhub_domain::billing::terms::FeeTerms;
use tutorhub_domain::shared::clock::{Clock, SystemClock};
use tutorhub_domain::shared::rate_limits::LOGIN_ATTEMPTS_PER_SOURCE;
use tutorhub_http::BodyLimits;

/// Everything the wiring needs to know, already parsed: the command line (`config`) and the
/// API tests both fill it in.
#[derive(Debug, Clone)]
pub struct Settings {
    /// Folder of the SQLite database, the outboxes, uploads and the generated secret.
    pub data_dir: PathBuf,
    /// Secret for signing access tokens; when unset, the one kept in the data folder.
    pub jwt_secret: Option<String>,
    pub access_token_ttl_seconds: i64,
    pub hashing_memory_mib: u32,
    pub login_attempts_per_address: u32,
    /// The site as users reach it, for links in SMS and mail (no trailing slash needed).
    pub public_base_url: String,
    pub cases_auto_approve: bool,
    pub case_applicant_cap: u32,
    /// Hours a chosen tutor has to answer an offer (`OFFER_HOURS`).
    pub offer_hours: u32,
    pub body_limits: BodyLimits,
    /// When alerts wait for the morning (`ALERT_QUIET_HOURS`).
    pub alert_quiet_hours: QuietHours,
    /// Where uploads are kept (`STORAGE`).
    pub storage: Storage,
    /// The load balancers in front of `serve` (`TRUSTED_PROXIES`).
    pub trusted_proxies: Vec<std::net::IpAddr>,
    /// Where rules about time take "now" from: the system's, or a test's.
    pub clock: Arc<dyn Clock>,
    /// The service fee's due days and late charges (`FEE_DUE_DAYS`, `LATE_…`).
    pub fee_terms: FeeTerms,
    /// Where FPS payments go (`FPS_PROXY`, `FPS_NAME`).
    pub payee: Payee,
}

/// Where uploads are kept.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Storage {
    /// `DATA_DIR/media` and `DATA_DIR/private`: one server.
    Local,
    /// A bucket every server of the site shares.
    S3(S3Settings),
}

impl Settings {
    /// The defaults of `tutorhub serve` for this data folder and public address.
    pub fn new(data_dir: PathBuf, public_base_url: &str) -> Self {
        Self {
            data_dir,
            jwt_secret: None,
            access_token_ttl_seconds: 900,
            hashing_memory_mib: 64,
            login_attempts_per_address: LOGIN_ATTEMPTS_PER_SOURCE.max,
            public_base_url: public_base_url.to_string(),
            cases_auto_approve: false,
            case_applicant_cap: tutorhub_domain::matching::applications::DEFAULT_APPLICANT_CAP,
            offer_hours: tutorhub_domain::matching::offer::DEFAULT_OFFER_HOURS,
            body_limits: BodyLimits::default(),
            alert_quiet_hours: QuietHours::NIGHT,
            storage: Storage::Local,
            trusted_proxies: Vec::new(),
            clock: Arc::new(SystemClock),
            fee_terms: FeeTerms::default(),
            payee: Payee { proxy: FpsProxy::Email("billing@tutorhub.hk".into()), name: "tutorhub".into() },
        }
    }
}
