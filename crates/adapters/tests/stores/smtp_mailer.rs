//! The SMTP mailer against a minimal SMTP server run by the test on 127.0.0.1 (TLS `none`).

use std::time::Duration;

use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpListener;
use tutorhub_adapters::{SmtpMailer, SmtpSettings, SmtpTls};
use tutorhub_domain::shared::identity::Email;
use tutorhub_domain::shared::messaging::Mailer;

/// What the server saw of one session.
#[derive(Debug, Default)]
struct Received {
    commands: Vec<String>,
    mail_from: String,
    rcpt_to: Vec<String>,
    data: String,
}

/// Accepts one connection and speaks just enough SMTP: greeting, EHLO (with AUTH PLAIN),
/// AUTH, MAIL, RCPT (answered `rcpt_reply`), DATA, RSET, QUIT.
async fn smtp_server(rcpt_reply: &'static str) -> (u16, tokio::task::JoinHandle<Received>) {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    let task = tokio::spawn(async move {
        let (socket, _) = listener.accept().await.unwrap();
        let (read, mut write) = socket.into_split();
        let mut lines = BufReader::new(read).lines();
        let mut seen = Received::default();
        write.write_all(b"220 test.local ESMTP\r\n").await.unwrap();
        while let Ok(Some(line)) = lines.next_line().await {
            seen.commands.push(line.clone());
            let verb = line.split_whitespace().next().unwrap_or_default().to_ascii_uppercase();
            let reply = match verb.as_str() {
                "EHLO" => "250-test.local\r\n250-AUTH PLAIN\r\n250 8BITMIME".to_string(),
                "AUTH" => "235 ok".into(),
                "MAIL" => {
                    seen.mail_from = line.clone();
                    "250 ok".into()
                }
                "RCPT" => {
                    seen.rcpt_to.push(line.clone());
                    rcpt_reply.into()
                }
                "DATA" => {
                    write.write_all(b"354 go ahead\r\n").await.unwrap();
                    while let Ok(Some(data_line)) = lines.next_line().await {
                        if data_line == "." {
                            break;
                        }
                        seen.data.push_str(&data_line);
                        seen.data.push('\n');
                    }
                    "250 queued".into()
                }
                "QUIT" => {
                    write.write_all(b"221 bye\r\n").await.unwrap();
                    break;
                }
                _ => "250 ok".into(),
            };
            write.write_all(format!("{reply}\r\n").as_bytes()).await.unwrap();
        }
        seen
    });
    (port, task)
}

fn settings(port: u16) -> SmtpSettings {
    SmtpSettings {
        host: "127.0.0.1".into(),
        port: Some(port),
        username: Some("mailer".into()),
        password: Some("smtp-pa55word".into()),
        from: "tutorhub <no-reply@tutorhub.example.hk>".into(),
        tls: SmtpTls::None,
        timeout: Duration::from_secs(5),
    }
}

/// The message's headers (unfolded) and its body.
fn split(data: &str) -> (Vec<String>, String) {
    let (head, body) = data.split_once("\n\n").expect("headers, a blank line, a body");
    let mut headers: Vec<String> = Vec::new();
    for line in head.lines() {
        match headers.last_mut() {
            Some(last) if line.starts_with([' ', '\t']) => last.push_str(line),
            _ => headers.push(line.to_string()),
        }
    }
    (headers, body.to_string())
}

fn header<'a>(headers: &'a [String], name: &str) -> &'a str {
    let prefix = format!("{}:", name.to_ascii_lowercase());
    let line = headers.iter().find(|h| h.to_ascii_lowercase().starts_with(&prefix)).unwrap_or_else(|| panic!("no {name} header"));
    line[prefix.len()..].trim()
}

/// Decodes RFC 2047 `=?utf-8?b?…?=` words (what lettre writes for a non-ASCII subject): the
/// space between two encoded words is dropped, any other space kept.
fn decode_words(value: &str) -> String {
    let mut out = String::new();
    let mut previous_encoded = false;
    for (i, word) in value.split_whitespace().enumerate() {
        let encoded = word.to_ascii_lowercase().starts_with("=?utf-8?b?") && word.ends_with("?=");
        if i > 0 && !(encoded && previous_encoded) {
            out.push(' ');
        }
        if encoded {
            out.push_str(&String::from_utf8(STANDARD.decode(&word[10..word.len() - 2]).unwrap()).unwrap());
        } else {
            out.push_str(word);
        }
        previous_encoded = encoded;
    }
    out
}

const SUBJECT: &str = "重設你的 tutorhub 密碼";
const BODY: &str =
    "陳大文你好：\n\n請在 30 分鐘內打開以下連結設定新密碼：\nhttps://tutorhub.example.hk/reset-password?token=abc\n\ntutorhub 補習配對平台";

#[tokio::test]
async fn delivers_a_utf8_message_to_the_recipient_intact() {
    let (port, server) = smtp_server("250 ok").await;
    let mailer = SmtpMailer::new(&settings(port)).unwrap();
    let to = Email::parse("chan.taiman@example.com").unwrap();
    mailer.send_mail(&to, SUBJECT, BODY).await.unwrap();
    let seen = tokio::time::timeout(Duration::from_secs(5), server).await.unwrap().unwrap();

    assert!(seen.commands.iter().any(|c| c.starts_with("AUTH PLAIN")), "{:?}", seen.commands);
    assert_eq!(seen.mail_from, "MAIL FROM:<no-reply@tutorhub.example.hk>");
    assert_eq!(seen.rcpt_to, ["RCPT TO:<chan.taiman@example.com>"]);
    let (headers, body) = split(&seen.data);
    assert_eq!(header(&headers, "To"), "chan.taiman@example.com");
    assert_eq!(decode_words(header(&headers, "Subject")), SUBJECT);
    assert!(header(&headers, "Content-Type").to_ascii_lowercase().contains("charset=utf-8"));
    assert_eq!(header(&headers, "Content-Transfer-Encoding"), "base64");
    let decoded = STANDARD.decode(body.split_whitespace().collect::<String>()).unwrap();
    assert_eq!(String::from_utf8(decoded).unwrap().replace("\r\n", "\n"), BODY);
}

#[tokio::test]
async fn a_refused_recipient_is_a_delivery_error_with_the_servers_reply() {
    let (port, server) = smtp_server("550 5.1.1 mailbox unavailable").await;
    let mailer = SmtpMailer::new(&settings(port)).unwrap();
    let error = mailer.send_mail(&Email::parse("nobody@example.com").unwrap(), SUBJECT, BODY).await.unwrap_err();
    assert!(error.0.contains("refused") && error.0.contains("mailbox unavailable"), "{}", error.0);
    assert!(!error.0.contains("smtp-pa55word"));
    server.abort();
}

#[tokio::test]
async fn an_unreachable_server_is_a_delivery_error() {
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let mailer = SmtpMailer::new(&settings(port)).unwrap();
    let error = mailer.send_mail(&Email::parse("a@example.com").unwrap(), "s", "b").await.unwrap_err();
    assert!(error.0.contains("127.0.0.1"), "{}", error.0);
}

#[test]
fn refuses_incomplete_settings_and_never_prints_the_password() {
    let mut bad = settings(25);
    bad.from = "not an address".into();
    assert!(SmtpMailer::new(&bad).is_err());
    let mut bad = settings(25);
    bad.password = None;
    assert!(SmtpMailer::new(&bad).is_err());
    let mut bad = settings(25);
    bad.host = " ".into();
    assert!(SmtpMailer::new(&bad).is_err());
    assert!(!format!("{:?}", settings(25)).contains("smtp-pa55word"));
    // The TLS modes build with ring and the system's roots.
    for tls in [SmtpTls::StartTls, SmtpTls::Tls] {
        let mut secure = settings(25);
        secure.host = "smtp.example.com".into();
        secure.tls = tls;
        SmtpMailer::new(&secure).unwrap();
    }
}
