//! Telling people what happened to their cases, applications and bookings, by SMS.

use std::sync::Arc;

use uuid::Uuid;

use crate::ports::{SmsSender, UserRepository};
use crate::user::User;

/// Best-effort notices: the change they report is already stored, so a message that cannot
/// be delivered must not undo it or fail the request (the SMS adapter logs its failures).
#[derive(Clone)]
pub struct Notifier {
    users: Arc<dyn UserRepository>,
    sms: Arc<dyn SmsSender>,
}

impl Notifier {
    pub fn new(users: Arc<dyn UserRepository>, sms: Arc<dyn SmsSender>) -> Self {
        Self { users, sms }
    }

    /// Returns whether the message went out, for callers that report it.
    pub async fn tell(&self, user: &User, text: &str) -> bool {
        self.sms.send_sms(&user.phone, &format!("【tutorhub】{text}")).await.is_ok()
    }

    pub async fn tell_id(&self, user_id: Uuid, text: &str) {
        if let Ok(Some(user)) = self.users.find_by_id(user_id).await {
            let _ = self.tell(&user, text).await;
        }
    }
}
