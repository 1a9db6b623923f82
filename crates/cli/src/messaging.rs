//! Where SMS and mail go: the provider settings and the adapters they build.
//!
//! Every command builds its senders here (through `wiring`), so the server and the back office
//! send through the same provider. A provider chosen without its required settings stops the
//! command at start-up with a message naming the missing setting.

use std::path::Path;
use std::sync::Arc;

use anyhow::{Context, bail};
use clap::{Args, ValueEnum};
use tutorhub_adapters::{HttpSmsGateway, Outbox, SmtpMailer, SmtpSettings, SmtpTls};
use tutorhub_domain::shared::messaging::{Mailer, SmsSender};

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, ValueEnum)]
pub enum SmsProvider {
    /// Append each SMS to DATA_DIR/outbox/sms.jsonl (development, tests).
    #[default]
    Outbox,
    /// POST each SMS as JSON to an HTTP gateway (SMS_GATEWAY_URL, SMS_GATEWAY_TOKEN).
    Http,
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, ValueEnum)]
pub enum MailProvider {
    /// Append each mail to DATA_DIR/outbox/mail.jsonl (development, tests).
    #[default]
    Outbox,
    /// Send through an SMTP server (SMTP_HOST, MAIL_FROM, …).
    Smtp,
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, ValueEnum)]
pub enum TlsMode {
    /// Plain connection upgraded with STARTTLS, which the server must offer (port 587).
    #[default]
    Starttls,
    /// TLS from the first byte (port 465).
    Tls,
    /// No encryption: only for a relay on the same host or a trusted network (port 25).
    None,
}

/// SMS and mail providers.
#[derive(Debug, Clone, Default, Args)]
pub struct MessagingOpts {
    /// Where SMS go.
    #[arg(long, env = "SMS_PROVIDER", value_enum, default_value_t, global = true)]
    pub sms_provider: SmsProvider,
    /// The HTTP gateway's address, e.g. https://sms.example.com/v1/messages (--sms-provider http).
    #[arg(long, env = "SMS_GATEWAY_URL", global = true)]
    pub sms_gateway_url: Option<String>,
    /// Bearer token for the HTTP gateway (--sms-provider http).
    #[arg(long, env = "SMS_GATEWAY_TOKEN", global = true, hide_env_values = true)]
    pub sms_gateway_token: Option<String>,
    /// Sender id shown on phones, sent as "from" (--sms-provider http; when unset, the gateway's default).
    #[arg(long, env = "SMS_SENDER", global = true)]
    pub sms_sender: Option<String>,
    /// Where mail goes.
    #[arg(long, env = "MAIL_PROVIDER", value_enum, default_value_t, global = true)]
    pub mail_provider: MailProvider,
    /// SMTP server host name (--mail-provider smtp).
    #[arg(long, env = "SMTP_HOST", global = true)]
    pub smtp_host: Option<String>,
    /// SMTP port; when unset, 587 for starttls, 465 for tls, 25 for none.
    #[arg(long, env = "SMTP_PORT", global = true)]
    pub smtp_port: Option<u16>,
    /// SMTP user name, when the server wants a login (with --smtp-password).
    #[arg(long, env = "SMTP_USERNAME", global = true)]
    pub smtp_username: Option<String>,
    /// SMTP password (with --smtp-username).
    #[arg(long, env = "SMTP_PASSWORD", global = true, hide_env_values = true)]
    pub smtp_password: Option<String>,
    /// How the SMTP connection is encrypted.
    #[arg(long, env = "SMTP_TLS", value_enum, default_value_t, global = true)]
    pub smtp_tls: TlsMode,
    /// Sender of every mail, e.g. "tutorhub <no-reply@example.hk>" (--mail-provider smtp).
    #[arg(long, env = "MAIL_FROM", global = true)]
    pub mail_from: Option<String>,
}

/// A setting that must be present for the chosen provider.
fn required<'a>(value: Option<&'a String>, flag: &str, env: &str, provider: &str) -> anyhow::Result<&'a str> {
    match value.map(|v| v.trim()).filter(|v| !v.is_empty()) {
        Some(v) => Ok(v),
        None => bail!("{provider} needs --{flag} (or {env}); see `tutorhub serve --help`"),
    }
}

impl MessagingOpts {
    /// The SMS sender of the chosen provider.
    ///
    /// # Errors
    /// A missing or invalid setting of that provider.
    pub fn sms(&self, data_dir: &Path) -> anyhow::Result<Arc<dyn SmsSender>> {
        Ok(match self.sms_provider {
            SmsProvider::Outbox => Arc::new(Outbox::sms(data_dir)),
            SmsProvider::Http => {
                let provider = "--sms-provider http";
                let url = required(self.sms_gateway_url.as_ref(), "sms-gateway-url", "SMS_GATEWAY_URL", provider)?;
                let token = required(self.sms_gateway_token.as_ref(), "sms-gateway-token", "SMS_GATEWAY_TOKEN", provider)?;
                let gateway =
                    HttpSmsGateway::new(url, token, self.sms_sender.as_deref(), tutorhub_adapters::messaging::sms_gateway::DEFAULT_TIMEOUT)
                        .context("invalid SMS gateway settings")?;
                tracing::info!(url, sender = ?self.sms_sender, "SMS go to the HTTP gateway");
                Arc::new(gateway)
            }
        })
    }

    /// The mailer of the chosen provider.
    ///
    /// # Errors
    /// A missing or invalid setting of that provider.
    pub fn mail(&self, data_dir: &Path) -> anyhow::Result<Arc<dyn Mailer>> {
        Ok(match self.mail_provider {
            MailProvider::Outbox => Arc::new(Outbox::mail(data_dir)),
            MailProvider::Smtp => {
                let provider = "--mail-provider smtp";
                let settings = SmtpSettings {
                    host: required(self.smtp_host.as_ref(), "smtp-host", "SMTP_HOST", provider)?.into(),
                    port: self.smtp_port,
                    username: self.smtp_username.clone(),
                    password: self.smtp_password.clone(),
                    from: required(self.mail_from.as_ref(), "mail-from", "MAIL_FROM", provider)?.into(),
                    tls: match self.smtp_tls {
                        TlsMode::Starttls => SmtpTls::StartTls,
                        TlsMode::Tls => SmtpTls::Tls,
                        TlsMode::None => SmtpTls::None,
                    },
                    timeout: tutorhub_adapters::messaging::smtp_mailer::DEFAULT_TIMEOUT,
                };
                let mailer = SmtpMailer::new(&settings).context("invalid SMTP settings")?;
                tracing::info!(host = settings.host, port = ?settings.port, tls = ?self.smtp_tls, "mail goes to the SMTP server");
                Arc::new(mailer)
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn opts() -> MessagingOpts {
        MessagingOpts::default()
    }

    fn error<T>(result: anyhow::Result<T>) -> String {
        format!("{:#}", result.err().expect("an error"))
    }

    #[test]
    fn the_outboxes_need_no_settings() {
        let dir = std::path::Path::new("/tmp/unused");
        assert!(opts().sms(dir).is_ok() && opts().mail(dir).is_ok());
    }

    #[test]
    fn the_http_gateway_names_each_missing_setting() {
        let dir = std::path::Path::new("/tmp/unused");
        let mut o = MessagingOpts { sms_provider: SmsProvider::Http, ..opts() };
        assert_eq!(error(o.sms(dir)), "--sms-provider http needs --sms-gateway-url (or SMS_GATEWAY_URL); see `tutorhub serve --help`");
        o.sms_gateway_url = Some("https://sms.example.com/send".into());
        assert!(error(o.sms(dir)).contains("--sms-gateway-token (or SMS_GATEWAY_TOKEN)"));
        o.sms_gateway_token = Some("t0ken".into());
        assert!(o.sms(dir).is_ok());
        o.sms_gateway_url = Some("sms.example.com".into());
        assert!(error(o.sms(dir)).starts_with("invalid SMS gateway settings"));
    }

    #[test]
    fn smtp_names_each_missing_setting() {
        let dir = std::path::Path::new("/tmp/unused");
        let mut o = MessagingOpts { mail_provider: MailProvider::Smtp, ..opts() };
        assert!(error(o.mail(dir)).starts_with("--mail-provider smtp needs --smtp-host (or SMTP_HOST)"));
        o.smtp_host = Some("smtp.example.com".into());
        assert!(error(o.mail(dir)).starts_with("--mail-provider smtp needs --mail-from (or MAIL_FROM)"));
        o.mail_from = Some("tutorhub <no-reply@example.hk>".into());
        assert!(o.mail(dir).is_ok());
        o.smtp_username = Some("mailer".into());
        assert!(error(o.mail(dir)).contains("username needs a password"));
    }
}
