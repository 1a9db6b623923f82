//! Real mail over SMTP (`MAIL_PROVIDER=smtp`), with lettre.
//!
//! One connection per message (password-reset mails are rare; no pool to keep alive). The
//! body is plain text in UTF-8, base64-encoded so that every relay, 7-bit or 8BITMIME, carries
//! Chinese text intact; a non-ASCII subject becomes RFC 2047 encoded words.
//!
//! TLS modes ([`SmtpTls`]): `starttls` (port 587: plain connection, then STARTTLS, which is
//! required: a server that does not offer it is refused), `tls` (port 465: TLS from the first
//! byte), `none` (a relay on the same host or network, e.g. a local Postfix, port 25). Server
//! certificates are checked against the system's roots. The password is only handed to lettre
//! for AUTH; it appears in no error, log line or `Debug` output.

use std::time::Duration;

use async_trait::async_trait;
use lettre::message::header::{ContentTransferEncoding, ContentType};
use lettre::message::{Body, Mailbox};
use lettre::transport::smtp::authentication::Credentials;
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use tutorhub_domain::shared::identity::Email;
use tutorhub_domain::shared::messaging::{DeliveryError, Mailer};

/// How long one message may take (connect, greet, send) before it counts as not delivered.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(10);

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SmtpTls {
    /// Plain connection upgraded with STARTTLS (required). Default port 587.
    StartTls,
    /// Implicit TLS ("SMTPS"). Default port 465.
    Tls,
    /// No encryption, for a trusted local relay. Default port 25.
    None,
}

impl SmtpTls {
    pub fn default_port(self) -> u16 {
        match self {
            Self::StartTls => 587,
            Self::Tls => 465,
            Self::None => 25,
        }
    }
}

/// What the SMTP server needs; `from` is a mailbox such as `tutorhub <no-reply@example.hk>`.
#[derive(Clone)]
pub struct SmtpSettings {
    pub host: String,
    /// `None`: the TLS mode's usual port.
    pub port: Option<u16>,
    pub username: Option<String>,
    pub password: Option<String>,
    pub from: String,
    pub tls: SmtpTls,
    pub timeout: Duration,
}

impl std::fmt::Debug for SmtpSettings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SmtpSettings")
            .field("host", &self.host)
            .field("port", &self.port)
            .field("username", &self.username)
            .field("password", &self.password.as_ref().map(|_| "<redacted>"))
            .field("from", &self.from)
            .field("tls", &self.tls)
            .finish_non_exhaustive()
    }
}

#[derive(Debug, thiserror::Error)]
pub enum SmtpConfigError {
    #[error("the SMTP host is empty")]
    EmptyHost,
    #[error("the sender {0:?} is not a mail address (e.g. `tutorhub <no-reply@example.hk>`)")]
    BadFrom(String),
    #[error("an SMTP username needs a password, and a password a username")]
    HalfCredentials,
    #[error("cannot set up TLS for {host}: {reason}")]
    Tls { host: String, reason: String },
}

pub struct SmtpMailer {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    from: Mailbox,
    host: String,
}

impl SmtpMailer {
    /// # Errors
    /// An empty host, an unparsable sender, a username without a password (or the reverse),
    /// or a TLS set-up failure.
    pub fn new(settings: &SmtpSettings) -> Result<Self, SmtpConfigError> {
        let host = settings.host.trim();
        if host.is_empty() {
            return Err(SmtpConfigError::EmptyHost);
        }
        let from: Mailbox = settings.from.trim().parse().map_err(|_| SmtpConfigError::BadFrom(settings.from.clone()))?;
        crate::tls::install_crypto_provider();
        let tls_error = |e: lettre::transport::smtp::Error| SmtpConfigError::Tls { host: host.into(), reason: e.to_string() };
        let builder = match settings.tls {
            SmtpTls::StartTls => AsyncSmtpTransport::<Tokio1Executor>::starttls_relay(host).map_err(tls_error)?,
            SmtpTls::Tls => AsyncSmtpTransport::<Tokio1Executor>::relay(host).map_err(tls_error)?,
            SmtpTls::None => AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(host),
        };
        let mut builder = builder.port(settings.port.unwrap_or(settings.tls.default_port())).timeout(Some(settings.timeout));
        let username = settings.username.as_deref().filter(|u| !u.is_empty());
        let password = settings.password.as_deref().filter(|p| !p.is_empty());
        match (username, password) {
            (Some(user), Some(password)) => builder = builder.credentials(Credentials::new(user.into(), password.into())),
            (None, None) => {}
            _ => return Err(SmtpConfigError::HalfCredentials),
        }
        Ok(Self { transport: builder.build(), from, host: host.into() })
    }

    fn message(&self, to: &Email, subject: &str, body: &str) -> Result<Message, String> {
        let to: Mailbox = to.as_str().parse().map_err(|e| format!("recipient address refused: {e}"))?;
        let body = Body::new_with_encoding(body.to_string(), ContentTransferEncoding::Base64)
            .map_err(|_| "the body cannot be encoded".to_string())?;
        Message::builder()
            .from(self.from.clone())
            .to(to)
            .subject(subject)
            .header(ContentType::TEXT_PLAIN)
            .body(body)
            .map_err(|e| format!("the message cannot be built: {e}"))
    }
}

#[async_trait]
impl Mailer for SmtpMailer {
    async fn send_mail(&self, to: &Email, subject: &str, body: &str) -> Result<(), DeliveryError> {
        let sent = match self.message(to, subject, body) {
            Ok(message) => self.transport.send(message).await.map_err(|e| {
                // lettre's errors carry the server's reply ("550 …") or the network cause,
                // never the credentials.
                let kind = if e.is_timeout() {
                    "timed out"
                } else if e.is_permanent() {
                    "refused"
                } else if e.is_transient() {
                    "temporarily refused"
                } else {
                    "failed"
                };
                format!("SMTP {kind} at {}: {e}", self.host)
            }),
            Err(reason) => Err(reason),
        };
        match sent {
            Ok(response) => {
                tracing::info!(to = to.as_str(), subject, code = %response.code(), "mail handed to the SMTP server");
                Ok(())
            }
            Err(reason) => {
                tracing::warn!(to = to.as_str(), subject, reason = %reason, "mail not delivered");
                Err(DeliveryError(reason))
            }
        }
    }
}
