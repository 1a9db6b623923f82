//! Telling people things: SMS and e-mail. In development and tests both go to outboxes
//! (`DATA_DIR/outbox/*.jsonl`); in production to an SMS gateway and SMTP.

use async_trait::async_trait;
use thiserror::Error;

use crate::shared::identity::{Email, Phone};

#[derive(Debug, Error)]
#[error("message not delivered: {0}")]
pub struct DeliveryError(pub String);

#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait SmsSender: Send + Sync {
    /// Sends one text message.
    ///
    /// # Errors
    /// When the provider refused or could not be reached; nothing was sent.
    async fn send_sms(&self, to: &Phone, body: &str) -> Result<(), DeliveryError>;
}

#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait Mailer: Send + Sync {
    /// Sends one plain-text e-mail.
    ///
    /// # Errors
    /// When the server refused or could not be reached; nothing was sent.
    async fn send_mail(&self, to: &Email, subject: &str, body: &str) -> Result<(), DeliveryError>;
}
