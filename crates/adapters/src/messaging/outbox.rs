//! The development and test stand-in for SMS and e-mail delivery: every message is appended
//! as one JSON line to `DATA_DIR/outbox/sms.jsonl` or `mail.jsonl` and logged.

use std::path::PathBuf;

use async_trait::async_trait;
use serde::Serialize;
use tokio::io::AsyncWriteExt;
use tokio::sync::Mutex;
use tutorhub_domain::shared::identity::{Email, Phone};
use tutorhub_domain::shared::messaging::{DeliveryError, Mailer, SmsSender};

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Line<'a> {
    to: &'a str,
    subject: &'a str,
    body: &'a str,
    sent_at: String,
    /// For a message that may be retried: the same on every try.
    #[serde(skip_serializing_if = "Option::is_none")]
    key: Option<&'a str>,
}

/// One outbox file. Appends are serialized so lines never interleave.
pub struct Outbox {
    path: PathBuf,
    lock: Mutex<()>,
}

impl Outbox {
    pub fn sms(data_dir: &std::path::Path) -> Self {
        Self { path: data_dir.join("outbox").join("sms.jsonl"), lock: Mutex::new(()) }
    }

    pub fn mail(data_dir: &std::path::Path) -> Self {
        Self { path: data_dir.join("outbox").join("mail.jsonl"), lock: Mutex::new(()) }
    }

    async fn append(&self, to: &str, subject: &str, body: &str, key: Option<&str>) -> Result<(), DeliveryError> {
        let line = Line { to, subject, body, sent_at: chrono::Utc::now().to_rfc3339(), key };
        let mut text = serde_json::to_string(&line).map_err(|e| DeliveryError(e.to_string()))?;
        text.push('\n');
        let _guard = self.lock.lock().await;
        // A retried message the outbox already took is not written again, as a provider with
        // idempotency keys would not send it again (the outbox is for development and tests).
        if let Some(key) = key
            && let Ok(existing) = tokio::fs::read_to_string(&self.path).await
            && existing.lines().any(|l| serde_json::from_str::<serde_json::Value>(l).is_ok_and(|v| v["key"] == key))
        {
            return Ok(());
        }
        // Codes and reset links: private to the server's user (see `file_store`).
        if let Some(dir) = self.path.parent() {
            crate::files::local::create_private_dir(dir).await.map_err(|e| DeliveryError(e.to_string()))?;
        }
        let mut file = crate::files::local::private_file_options()
            .create(true)
            .append(true)
            .open(&self.path)
            .await
            .map_err(|e| DeliveryError(e.to_string()))?;
        file.write_all(text.as_bytes()).await.map_err(|e| DeliveryError(e.to_string()))?;
        // tokio's File buffers: without a flush the line may be lost when it is dropped.
        file.flush().await.map_err(|e| DeliveryError(e.to_string()))?;
        tracing::info!(outbox = %self.path.display(), to, subject, "message written to the outbox");
        Ok(())
    }
}

#[async_trait]
impl SmsSender for Outbox {
    async fn send_sms(&self, to: &Phone, body: &str) -> Result<(), DeliveryError> {
        self.append(to.as_str(), "", body, None).await
    }

    async fn send_sms_once(&self, to: &Phone, body: &str, key: &str) -> Result<(), DeliveryError> {
        self.append(to.as_str(), "", body, Some(key)).await
    }
}

#[async_trait]
impl Mailer for Outbox {
    async fn send_mail(&self, to: &Email, subject: &str, body: &str) -> Result<(), DeliveryError> {
        self.append(to.as_str(), subject, body, None).await
    }

    async fn send_mail_once(&self, to: &Email, subject: &str, body: &str, key: &str) -> Result<(), DeliveryError> {
        self.append(to.as_str(), subject, body, Some(key)).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn appends_one_json_line_per_message() {
        let dir = tempfile::tempdir().unwrap();
        let sms = Outbox::sms(dir.path());
        let phone = Phone::parse("91234567").unwrap();
        sms.send_sms(&phone, "驗證碼：123456").await.unwrap();
        sms.send_sms(&phone, "second").await.unwrap();
        let text = std::fs::read_to_string(dir.path().join("outbox/sms.jsonl")).unwrap();
        let lines: Vec<serde_json::Value> = text.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
        assert_eq!(lines.len(), 2);
        assert_eq!(lines[0]["to"], "+85291234567");
        assert_eq!(lines[0]["body"], "驗證碼：123456");
        assert!(lines[0]["sentAt"].is_string());
    }

    #[tokio::test]
    async fn a_keyed_message_is_written_once_however_often_it_is_retried() {
        let dir = tempfile::tempdir().unwrap();
        let sms = Outbox::sms(dir.path());
        let phone = Phone::parse("91234567").unwrap();
        for _ in 0..3 {
            sms.send_sms_once(&phone, "新個案", "alert-7").await.unwrap();
        }
        sms.send_sms_once(&phone, "另一個", "alert-8").await.unwrap();
        let text = std::fs::read_to_string(dir.path().join("outbox/sms.jsonl")).unwrap();
        assert_eq!(text.lines().count(), 2);
        assert!(text.contains("\"key\":\"alert-7\""));
    }
}
