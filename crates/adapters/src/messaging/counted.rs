//! `tutorhub_messages_sent_total` and `tutorhub_messages_failed_total`: every SMS and e-mail a
//! provider took or refused, by channel and by the part of the site that sent it.

use std::sync::Arc;

use async_trait::async_trait;
use metrics::counter;
use tutorhub_domain::shared::identity::{Email, Phone};
use tutorhub_domain::shared::messaging::{DeliveryError, Mailer, SmsSender};

pub const MESSAGES_SENT: &str = "tutorhub_messages_sent_total";
pub const MESSAGES_FAILED: &str = "tutorhub_messages_failed_total";

tutorhub_domain::keyed_enum! {
    /// Which part of the site a message comes from: the `kind` label, a closed set.
    pub enum MessageKind {
        /// Phone verification codes.
        VerificationCode => "verification-code",
        /// Password reset links.
        PasswordReset => "password-reset",
        /// Notices of other members' actions (applications, offers, bookings, lessons, fees).
        Notice => "notice",
        /// Case alerts of saved searches.
        Alert => "alert",
        /// Decisions on tutor applications.
        TutorApplication => "tutor-application",
    }
}

/// A sender that counts what it sends under one kind.
pub struct Counted<S: ?Sized> {
    inner: Arc<S>,
    kind: MessageKind,
}

impl<S: ?Sized> Counted<S> {
    pub fn new(inner: Arc<S>, kind: MessageKind) -> Self {
        Self { inner, kind }
    }

    fn count(&self, channel: &'static str, result: &Result<(), DeliveryError>) {
        let name = if result.is_ok() { MESSAGES_SENT } else { MESSAGES_FAILED };
        counter!(name, "channel" => channel, "kind" => self.kind.key()).increment(1);
    }
}

/// Every channel and kind at zero, so that a rate or an alert sees a series before the first
/// message (an absent series is not a zero in PromQL).
pub fn register_message_counters() {
    for kind in MessageKind::ALL {
        for channel in ["sms", "mail"] {
            for name in [MESSAGES_SENT, MESSAGES_FAILED] {
                counter!(name, "channel" => channel, "kind" => kind.key()).increment(0);
            }
        }
    }
}

#[async_trait]
impl<S: SmsSender + ?Sized> SmsSender for Counted<S> {
    async fn send_sms(&self, to: &Phone, body: &str) -> Result<(), DeliveryError> {
        let result = self.inner.send_sms(to, body).await;
        self.count("sms", &result);
        result
    }

    async fn send_sms_once(&self, to: &Phone, body: &str, key: &str) -> Result<(), DeliveryError> {
        let result = self.inner.send_sms_once(to, body, key).await;
        self.count("sms", &result);
        result
    }
}

#[async_trait]
impl<M: Mailer + ?Sized> Mailer for Counted<M> {
    async fn send_mail(&self, to: &Email, subject: &str, body: &str) -> Result<(), DeliveryError> {
        let result = self.inner.send_mail(to, subject, body).await;
        self.count("mail", &result);
        result
    }

    async fn send_mail_once(&self, to: &Email, subject: &str, body: &str, key: &str) -> Result<(), DeliveryError> {
        let result = self.inner.send_mail_once(to, subject, body, key).await;
        self.count("mail", &result);
        result
    }
}
