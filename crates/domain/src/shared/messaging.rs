//! Telling people things: SMS and e-mail. In development and tests both go to outboxes
//! (`DATA_DIR/outbox/*.jsonl`); in production to an SMS gateway and SMTP.

use async_trait::async_trait;
use thiserror::Error;

use crate::shared::identity::{Email, Phone};

#[derive(Debug, Error)]
#[error("message_not_delivered: {0}")]
pub struct DeliveryError(pub String);

#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait SmsSender: Send + Sync {
    /// Sends one text message.
    ///
    /// # Errors
    /// When the provider refused or could not be reached; nothing was sent.
    async fn send_sms(&self, to: &Phone, body: &str) -> Result<(), DeliveryError>;

    /// Sends one text message that may be retried: `key` is the same for every try, so a
    /// provider (or the outbox) that already took it does not send it again.
    ///
    /// # Errors
    /// When the provider refused or could not be reached.
    async fn send_sms_once(&self, to: &Phone, body: &str, key: &str) -> Result<(), DeliveryError> {
        let _ = key;
        self.send_sms(to, body).await
    }
}

#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait Mailer: Send + Sync {
    /// Sends one plain-text e-mail.
    ///
    /// # Errors
    /// When the server refused or could not be reached; nothing was sent.
    async fn send_mail(&self, to: &Email, subject: &str, body: &str) -> Result<(), DeliveryError>;

    /// Sends one e-mail that may be retried, `key` identifying it across tries (see
    /// [`SmsSender::send_sms_once`]).
    ///
    /// # Errors
    /// When the server refused or could not be reached.
    async fn send_mail_once(&self, to: &Email, subject: &str, body: &str, key: &str) -> Result<(), DeliveryError> {
        let _ = key;
        self.send_mail(to, subject, body).await
    }
}
