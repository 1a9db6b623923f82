//! SMS and e-mail: the real providers and the development outboxes.

pub mod outbox;
pub mod sms_gateway;
pub mod smtp_mailer;
