//! SMS and e-mail: the real providers, the development outboxes, and the messages' words.

pub mod counted;
pub mod outbox;
pub mod sms_gateway;
pub mod smtp_mailer;
pub mod words;
