//! Real SMS: a generic JSON gateway over HTTPS (`SMS_PROVIDER=http`).
//!
//! Wire format, one request per message:
//!
//! ```text
//! POST <SMS_GATEWAY_URL>
//! Authorization: Bearer <SMS_GATEWAY_TOKEN>
//! Content-Type: application/json
//!
//! {"to": "+85291234567", "from": "<SMS_SENDER>", "text": "【tutorhub】你的驗證碼是 …"}
//! ```
//!
//! `to` is E.164; `from` is left out when no sender id is configured (the gateway's default
//! applies). Any 2xx answer means sent (its body is ignored); anything else, a network failure
//! or no answer within the timeout is a [`DeliveryError`] saying which, so the caller can tell
//! the user to try again. Most commercial gateways accept this shape directly or through a
//! small relay; the format is documented in docs/operations.md.
//!
//! The token is a secret: it is only ever written into the `Authorization` header, never into
//! an error, a log line or `Debug` output. Message texts carry verification codes, so they are
//! not logged either.

use std::time::Duration;

use async_trait::async_trait;
use reqwest::Url;
use serde::Serialize;
use tutorhub_domain::shared::identity::Phone;
use tutorhub_domain::shared::messaging::{DeliveryError, SmsSender};

/// How long one message may take before it counts as not delivered: a verification request
/// waits for it, so it stays well below a browser's patience.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(10);

/// Longest part of a gateway's refusal kept in the error (enough for its reason).
const REASON_CHARS: usize = 200;

#[derive(Debug, thiserror::Error)]
pub enum SmsGatewayConfigError {
    #[error("SMS gateway URL {0:?} is not an http:// or https:// address")]
    BadUrl(String),
    #[error("the SMS gateway token is empty")]
    EmptyToken,
    #[error("cannot build the HTTP client: {0}")]
    Client(String),
}

#[derive(Serialize)]
struct Outgoing<'a> {
    to: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    from: Option<&'a str>,
    text: &'a str,
}

pub struct HttpSmsGateway {
    client: reqwest::Client,
    url: Url,
    token: String,
    sender: Option<String>,
    timeout: Duration,
}

impl std::fmt::Debug for HttpSmsGateway {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("HttpSmsGateway")
            .field("url", &self.url.as_str())
            .field("token", &"<redacted>")
            .field("sender", &self.sender)
            .field("timeout", &self.timeout)
            .finish()
    }
}

impl HttpSmsGateway {
    /// A gateway client; `sender` is the sender id shown on phones, if the gateway takes one.
    ///
    /// # Errors
    /// A URL that is not http(s), an empty token, or a TLS set-up failure.
    pub fn new(url: &str, token: &str, sender: Option<&str>, timeout: Duration) -> Result<Self, SmsGatewayConfigError> {
        let parsed = Url::parse(url.trim()).map_err(|_| SmsGatewayConfigError::BadUrl(url.into()))?;
        if !matches!(parsed.scheme(), "http" | "https") || parsed.host_str().is_none() {
            return Err(SmsGatewayConfigError::BadUrl(url.into()));
        }
        if token.trim().is_empty() {
            return Err(SmsGatewayConfigError::EmptyToken);
        }
        crate::tls::install_crypto_provider();
        let client = reqwest::Client::builder()
            .timeout(timeout)
            .connect_timeout(timeout.min(Duration::from_secs(5)))
            .user_agent(concat!("tutorhub/", env!("CARGO_PKG_VERSION")))
            .build()
            .map_err(|e| SmsGatewayConfigError::Client(e.to_string()))?;
        let sender = sender.map(str::trim).filter(|s| !s.is_empty()).map(String::from);
        Ok(Self { client, url: parsed, token: token.trim().to_string(), sender, timeout })
    }

    /// Why a request got no answer, without the URL's query or anything secret.
    fn network_reason(&self, error: &reqwest::Error) -> String {
        let host = self.url.host_str().unwrap_or_default();
        if error.is_timeout() {
            format!("the SMS gateway {host} did not answer within {} s", self.timeout.as_secs_f32())
        } else if error.is_connect() {
            format!("cannot connect to the SMS gateway {host}")
        } else {
            // `without_url` keeps a URL's query (it could hold a key) out of the message.
            let mut error_text = String::new();
            let mut source: Option<&dyn std::error::Error> = Some(error);
            while let Some(e) = source {
                if !error_text.is_empty() {
                    error_text.push_str(": ");
                }
                error_text.push_str(&e.to_string());
                source = e.source();
            }
            format!("request to the SMS gateway {host} failed: {}", error_text.replace(self.url.as_str(), host))
        }
    }
}

#[async_trait]
impl SmsSender for HttpSmsGateway {
    async fn send_sms(&self, to: &Phone, body: &str) -> Result<(), DeliveryError> {
        self.post(to, body, None).await
    }

    /// The key goes in an `Idempotency-Key` header, which gateways that deduplicate honour.
    async fn send_sms_once(&self, to: &Phone, body: &str, key: &str) -> Result<(), DeliveryError> {
        self.post(to, body, Some(key)).await
    }
}

impl HttpSmsGateway {
    async fn post(&self, to: &Phone, body: &str, key: Option<&str>) -> Result<(), DeliveryError> {
        let message = Outgoing { to: to.as_str(), from: self.sender.as_deref(), text: body };
        let mut request = self.client.post(self.url.clone()).bearer_auth(&self.token).json(&message);
        if let Some(key) = key {
            request = request.header("Idempotency-Key", key);
        }
        let result = request.send().await;
        let outcome = match result {
            Ok(response) if response.status().is_success() => Ok(response.status()),
            Ok(response) => {
                let status = response.status();
                let answer = response.text().await.unwrap_or_default();
                let answer: String = answer.trim().chars().take(REASON_CHARS).collect();
                Err(if answer.is_empty() {
                    format!("the SMS gateway answered {status}")
                } else {
                    format!("the SMS gateway answered {status}: {answer}")
                })
            }
            Err(error) => Err(self.network_reason(&error)),
        };
        match outcome {
            Ok(status) => {
                tracing::info!(to = to.as_str(), status = status.as_u16(), "SMS handed to the gateway");
                Ok(())
            }
            Err(reason) => {
                tracing::warn!(to = to.as_str(), reason = %reason, "SMS not delivered");
                Err(DeliveryError(reason))
            }
        }
    }
}
