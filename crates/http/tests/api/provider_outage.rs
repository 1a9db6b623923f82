//! When the SMS gateway or the SMTP server fails, the account endpoints answer 503 with a
//! zh-HK message, and nothing usable is left behind: the user can ask again at once.
//! Real adapters: the HTTP gateway against a local mock gateway, SMTP against a closed port.

use std::sync::Arc;
use std::time::Duration;

use poem::http::StatusCode;
use serde_json::{Value, json};
use tutorhub_adapters::{HttpSmsGateway, Outbox, SmtpMailer, SmtpSettings, SmtpTls};
use wiremock::matchers::method;
use wiremock::{Mock, MockServer, ResponseTemplate};

async fn post(app: &crate::support::TestApp, path: &str, body: Value) -> (StatusCode, Value) {
    let response = app.client.post(path).body_json(&body).send().await;
    let status = response.0.status();
    let text = response.0.into_body().into_string().await.unwrap();
    (status, serde_json::from_str(&text).unwrap_or(Value::Null))
}

/// A local port where nothing listens.
fn closed_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

fn unreachable_smtp() -> Arc<SmtpMailer> {
    Arc::new(
        SmtpMailer::new(&SmtpSettings {
            host: "127.0.0.1".into(),
            port: Some(closed_port()),
            username: None,
            password: None,
            from: "tutorhub <no-reply@tutorhub.example.hk>".into(),
            tls: SmtpTls::None,
            timeout: Duration::from_secs(5),
        })
        .unwrap(),
    )
}

#[tokio::test]
async fn a_gateway_outage_is_503_and_the_user_can_ask_again_at_once() {
    let gateway = MockServer::builder().listener(std::net::TcpListener::bind("127.0.0.1:0").unwrap()).start().await;
    // The first request fails, the next ones go through.
    Mock::given(method("POST")).respond_with(ResponseTemplate::new(500)).up_to_n_times(1).mount(&gateway).await;
    Mock::given(method("POST")).respond_with(ResponseTemplate::new(200)).mount(&gateway).await;
    let sms = HttpSmsGateway::new(&format!("{}/send", gateway.uri()), "token", None, Duration::from_secs(5)).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let app = crate::support::spawn_with_messaging(Arc::new(sms), Arc::new(Outbox::mail(dir.path()))).await;

    let (status, body) = post(&app, "/sms/send-code", json!({"phoneNumber": "91234567"})).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(body, json!({"code": "SMS_UNAVAILABLE", "error": "短訊暫時未能發送，請稍後再試"}));
    let codes: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM phone_codes").fetch_one(app.database.pool()).await.unwrap();
    assert_eq!(codes, 0, "no code is kept that nobody received");

    // No 60-second wait: the failed send did not start the cooldown.
    let (status, _) = post(&app, "/sms/send-code", json!({"phoneNumber": "91234567"})).await;
    assert_eq!(status, StatusCode::OK);
    let requests = gateway.received_requests().await.unwrap();
    assert_eq!(requests.len(), 2);
    let sent: Value = serde_json::from_slice(&requests[1].body).unwrap();
    assert_eq!(sent["to"], "+85291234567");
    assert!(sent["text"].as_str().unwrap().contains("驗證碼"));
}

#[tokio::test]
async fn an_smtp_outage_is_503_and_voids_the_reset_link() {
    let dir = tempfile::tempdir().unwrap();
    let app = crate::support::spawn_with_messaging(Arc::new(Outbox::sms(dir.path())), unreachable_smtp()).await;
    crate::support::register_user(&app, "61234567", "demo1234").await;

    let (status, body) = post(&app, "/users/request-password-reset", json!({"phone": "61234567"})).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(body, json!({"code": "MAIL_UNAVAILABLE", "error": "電郵暫時未能發送，請稍後再試"}));
    let unused: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM password_resets WHERE used_at IS NULL").fetch_one(app.database.pool()).await.unwrap();
    assert_eq!(unused, 0, "the link that was not sent cannot be used");
}
