//! The HTTP SMS gateway against a local mock gateway (wiremock on 127.0.0.1).

use std::time::Duration;

use serde_json::json;
use tutorhub_adapters::HttpSmsGateway;
use tutorhub_domain::shared::identity::Phone;
use tutorhub_domain::shared::messaging::SmsSender;
use wiremock::matchers::{body_json, header, method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};

const TOKEN: &str = "s3cret-gateway-token";

async fn gateway() -> MockServer {
    MockServer::builder().listener(std::net::TcpListener::bind("127.0.0.1:0").unwrap()).start().await
}

fn phone() -> Phone {
    Phone::parse("9123 4567").unwrap()
}

fn client(server: &MockServer, sender: Option<&str>, timeout: Duration) -> HttpSmsGateway {
    HttpSmsGateway::new(&format!("{}/v1/messages", server.uri()), TOKEN, sender, timeout).unwrap()
}

#[tokio::test]
async fn posts_the_message_as_json_with_the_bearer_token() {
    let server = gateway().await;
    Mock::given(method("POST"))
        .and(path("/v1/messages"))
        .and(header("authorization", format!("Bearer {TOKEN}").as_str()))
        .and(header("content-type", "application/json"))
        .and(body_json(json!({ "to": "+85291234567", "from": "tutorhub", "text": "【tutorhub】你的驗證碼是 123456" })))
        .respond_with(ResponseTemplate::new(202).set_body_json(json!({ "id": "m-1" })))
        .expect(1)
        .mount(&server)
        .await;
    client(&server, Some("tutorhub"), Duration::from_secs(5)).send_sms(&phone(), "【tutorhub】你的驗證碼是 123456").await.unwrap();
    server.verify().await;
}

#[tokio::test]
async fn leaves_the_sender_out_when_none_is_configured() {
    let server = gateway().await;
    Mock::given(method("POST"))
        .and(body_json(json!({ "to": "+85291234567", "text": "hi" })))
        .respond_with(ResponseTemplate::new(200))
        .expect(1)
        .mount(&server)
        .await;
    client(&server, None, Duration::from_secs(5)).send_sms(&phone(), "hi").await.unwrap();
}

#[tokio::test]
async fn a_refusal_is_a_delivery_error_with_the_status_and_reason_but_not_the_token() {
    let server = gateway().await;
    Mock::given(method("POST")).respond_with(ResponseTemplate::new(500).set_body_string("upstream carrier down")).mount(&server).await;
    let error = client(&server, None, Duration::from_secs(5)).send_sms(&phone(), "hi").await.unwrap_err();
    let reason = error.0;
    assert!(reason.contains("500") && reason.contains("upstream carrier down"), "{reason}");
    assert!(!reason.contains(TOKEN));
}

#[tokio::test]
async fn an_unreachable_gateway_is_a_delivery_error() {
    // A port that was just free: nothing listens there.
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let gateway = HttpSmsGateway::new(&format!("http://127.0.0.1:{port}/send"), TOKEN, None, Duration::from_secs(5)).unwrap();
    let reason = gateway.send_sms(&phone(), "hi").await.unwrap_err().0;
    assert!(reason.contains("cannot connect to the SMS gateway 127.0.0.1"), "{reason}");
}

#[tokio::test]
async fn a_gateway_that_does_not_answer_in_time_is_a_delivery_error() {
    let server = gateway().await;
    Mock::given(method("POST")).respond_with(ResponseTemplate::new(200).set_delay(Duration::from_secs(3))).mount(&server).await;
    let started = std::time::Instant::now();
    let reason = client(&server, None, Duration::from_millis(300)).send_sms(&phone(), "hi").await.unwrap_err().0;
    assert!(reason.contains("did not answer within 0.3 s"), "{reason}");
    assert!(started.elapsed() < Duration::from_secs(2));
}

#[test]
fn refuses_a_bad_url_or_an_empty_token_and_never_prints_the_token() {
    assert!(HttpSmsGateway::new("sms.example.com/send", TOKEN, None, Duration::from_secs(1)).is_err());
    assert!(HttpSmsGateway::new("ftp://sms.example.com/send", TOKEN, None, Duration::from_secs(1)).is_err());
    assert!(HttpSmsGateway::new("https://sms.example.com/send", " ", None, Duration::from_secs(1)).is_err());
    let gateway = HttpSmsGateway::new("https://sms.example.com/send", TOKEN, None, Duration::from_secs(1)).unwrap();
    assert!(!format!("{gateway:?}").contains(TOKEN));
}
