//! The real binary with the real SMS provider: `tutorhub serve --sms-provider http` sends the
//! verification code to a local mock gateway, and the code it received verifies the phone.

use std::time::{Duration, Instant};

use serde_json::{Value, json};
use wiremock::matchers::{header, method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};

use crate::support::{free_port, serve, wait_until_up};

const TOKEN: &str = "gateway-t0ken-never-logged";

#[tokio::test]
async fn serve_sends_the_verification_code_through_the_http_gateway() {
    tutorhub_adapters::tls::install_crypto_provider();
    let gateway = MockServer::builder().listener(std::net::TcpListener::bind("127.0.0.1:0").unwrap()).start().await;
    Mock::given(method("POST"))
        .and(path("/v1/sms"))
        .and(header("authorization", format!("Bearer {TOKEN}").as_str()))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({"id": "abc"})))
        .expect(1)
        .mount(&gateway)
        .await;
    let dir = tempfile::tempdir().unwrap();
    let port = free_port();
    let gateway_url = format!("{}/v1/sms", gateway.uri());
    let mut server = serve(
        dir.path(),
        port,
        &["--sms-provider", "http", "--sms-gateway-url", &gateway_url, "--sms-gateway-token", TOKEN, "--sms-sender", "tutorhub"],
    );
    let client = reqwest::Client::new();
    let base = format!("http://127.0.0.1:{port}");
    wait_until_up(&client, &base, &mut server).await;

    let response = client.post(format!("{base}/sms/send-code")).json(&json!({"phoneNumber": "9123 4567"})).send().await.unwrap();
    assert_eq!(response.status(), 200, "{}", response.text().await.unwrap());

    let requests = gateway.received_requests().await.unwrap();
    assert_eq!(requests.len(), 1);
    let sent: Value = serde_json::from_slice(&requests[0].body).unwrap();
    assert_eq!((&sent["to"], &sent["from"]), (&json!("+85291234567"), &json!("tutorhub")));
    let text = sent["text"].as_str().unwrap();
    assert!(text.starts_with("【tutorhub】你的驗證碼是 "), "{text}");
    let code: String = text.chars().filter(char::is_ascii_digit).take(6).collect();

    // The code the gateway got is the one the server checks.
    let response = client.post(format!("{base}/sms/verify-code")).json(&json!({"phone": "91234567", "code": code})).send().await.unwrap();
    assert_eq!(response.status(), 200);

    drop(client);
    assert!(server.stop().success());
    assert!(!dir.path().join("outbox/sms.jsonl").exists(), "nothing went to the outbox");
    let log = std::fs::read_to_string(dir.path().join("server.log")).unwrap();
    assert!(log.contains("SMS handed to the gateway"), "{log}");
    assert!(!log.contains(TOKEN), "the token is never logged");
    assert!(!log.contains(&code), "the code is never logged");
}

#[tokio::test]
async fn a_provider_without_its_settings_stops_serve_at_start_with_a_clear_message() {
    let dir = tempfile::tempdir().unwrap();
    let mut server = serve(dir.path(), free_port(), &["--sms-provider", "http", "--mail-provider", "smtp"]);
    let deadline = Instant::now() + Duration::from_secs(60);
    let status = loop {
        if let Some(status) = server.0.try_wait().unwrap() {
            break status;
        }
        assert!(Instant::now() < deadline, "serve kept running without SMS_GATEWAY_URL");
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    assert!(!status.success());
    let log = std::fs::read_to_string(dir.path().join("server.log")).unwrap();
    assert!(log.contains("--sms-provider http needs --sms-gateway-url (or SMS_GATEWAY_URL)"), "{log}");
}

#[test]
fn back_office_lists_need_no_provider_settings_and_create_no_secret() {
    let dir = tempfile::tempdir().unwrap();
    let providers = ["--sms-provider", "http", "--mail-provider", "smtp"];
    for list in [&["users", "list"][..], &["cases", "list"], &["applications", "list"], &["orgs", "list"]] {
        let args: Vec<&str> = list.iter().chain(&providers).copied().collect();
        crate::support::ok(crate::support::tutorhub(dir.path(), &args, ""));
    }
    assert!(!dir.path().join("jwt-secret").exists(), "only the server signs sessions");

    // A decision tells someone, so it stops before deciding when its provider is not set up.
    let refused = crate::support::tutorhub(dir.path(), &["cases", "approve", "1", "--yes", "--sms-provider", "http"], "");
    assert!(!refused.status.success());
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert!(stderr.contains("--sms-provider http needs --sms-gateway-url"), "{stderr}");
}
