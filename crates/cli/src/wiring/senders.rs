//! Where SMS and mail go, and whether a command may send at all.

use std::sync::Arc;
use tutorhub_adapters::messaging::counted::{Counted, MessageKind};

use async_trait::async_trait;
use tutorhub_domain::shared::identity::{Email, Phone};
use tutorhub_domain::shared::messaging::{DeliveryError, Mailer, SmsSender};

/// Where SMS and mail go.
#[derive(Clone)]
pub struct Senders {
    pub sms: Arc<dyn SmsSender>,
    pub mail: Arc<dyn Mailer>,
}

impl Senders {
    /// The SMS sender of one part of the site, counted under its kind for the metrics.
    pub(super) fn sms_counted(&self, kind: MessageKind) -> Arc<dyn SmsSender> {
        Arc::new(Counted::new(self.sms.clone(), kind))
    }

    /// The mailer of one part of the site, counted under its kind for the metrics.
    pub(super) fn mail_counted(&self, kind: MessageKind) -> Arc<dyn Mailer> {
        Arc::new(Counted::new(self.mail.clone(), kind))
    }
}

/// Whether a command may tell people things.
pub enum Reach {
    /// Lists and look-ups: wired without senders, so none of their settings is needed.
    ReadOnly,
    /// Decisions and the server: SMS and mail go through these senders.
    Sends(Senders),
}

/// The senders of a command wired `Reach::ReadOnly`. Such a command has no use case that
/// sends, so reaching one is a wiring mistake: it fails loudly rather than dropping a message.
pub(super) struct ReadOnly;

const READ_ONLY: &str = "this command was wired read-only and sends no messages";

#[async_trait]
impl SmsSender for ReadOnly {
    async fn send_sms(&self, _to: &Phone, _body: &str) -> Result<(), DeliveryError> {
        Err(DeliveryError(READ_ONLY.into()))
    }
}

#[async_trait]
impl Mailer for ReadOnly {
    async fn send_mail(&self, _to: &Email, _subject: &str, _body: &str) -> Result<(), DeliveryError> {
        Err(DeliveryError(READ_ONLY.into()))
    }
}
