//! Logging in, refreshing and logging out through the API.

use poem::http::StatusCode;
use serde_json::{Value, json};

async fn post(app: &crate::support::TestApp, path: &str, body: Value) -> (StatusCode, Value) {
    let response = app.client.post(path).body_json(&body).send().await;
    let status = response.0.status();
    let text = response.0.into_body().into_string().await.unwrap();
    (status, if text.is_empty() { Value::Null } else { serde_json::from_str(&text).unwrap() })
}

#[tokio::test]
async fn logs_in_with_phone_and_password_and_the_token_opens_the_account() {
    let app = crate::support::spawn().await;
    let id = crate::support::register_user(&app, "61234567", "demo1234").await;
    let (status, body) = post(&app, "/users/login", json!({"identifier": "+852 6123 4567", "password": "demo1234"})).await;
    assert_eq!(status, StatusCode::OK);
    let token = body["token"].as_str().unwrap();
    assert_eq!(body["refreshToken"].as_str().unwrap().len(), 64);
    let me = app.client.get("/self-users/me").header("Authorization", format!("Bearer {token}")).send().await;
    me.assert_status_is_ok();
    let me: Value = me.json().await.value().deserialize();
    assert_eq!(me["id"], id.to_string());
}

#[tokio::test]
async fn a_wrong_password_or_unknown_phone_is_401_with_the_message_in_errors() {
    let app = crate::support::spawn().await;
    crate::support::register_user(&app, "61234567", "demo1234").await;
    for identifier in ["61234567", "98765432"] {
        let (status, body) = post(&app, "/users/login", json!({"identifier": identifier, "password": "wrong1234"})).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "{identifier}");
        assert_eq!(body["errors"][0]["message"], "電話號碼或密碼不正確，請重新輸入");
        assert_eq!(body["code"], "LOGIN_FAILED");
    }
}

#[tokio::test]
async fn missing_fields_and_bad_phones_are_400_in_zh_hk() {
    let app = crate::support::spawn().await;
    let (status, body) = post(&app, "/users/login", json!({})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["errors"][0], json!({"field": "identifier", "message": "請輸入電話號碼"}));
    assert_eq!(body["errors"][1], json!({"field": "password", "message": "請輸入密碼"}));
    let (status, body) = post(&app, "/users/login", json!({"identifier": "123", "password": "x"})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["errors"][0]["message"], "請輸入有效的香港電話號碼（8 位數字）");
}

#[tokio::test]
async fn refresh_rotates_and_a_reused_token_ends_the_whole_session() {
    let app = crate::support::spawn().await;
    crate::support::register_user(&app, "61234567", "demo1234").await;
    let (_, first) = crate::support::login(&app, "61234567", "demo1234").await;

    let (status, body) = post(&app, "/users/refresh-token", json!({"refreshToken": first})).await;
    assert_eq!(status, StatusCode::OK);
    let second = body["refreshToken"].as_str().unwrap().to_string();
    assert_ne!(second, first);
    assert!(body["token"].as_str().unwrap().contains('.'));

    // Someone replays the first token: refused, and the legitimate second one dies with it.
    let (status, body) = post(&app, "/users/refresh-token", json!({"refreshToken": first})).await;
    assert_eq!((status, body["code"].as_str()), (StatusCode::UNAUTHORIZED, Some("REFRESH_TOKEN_REUSED")));
    let (status, _) = post(&app, "/users/refresh-token", json!({"refreshToken": second})).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn two_logins_are_separate_families() {
    let app = crate::support::spawn().await;
    crate::support::register_user(&app, "61234567", "demo1234").await;
    let (_, phone) = crate::support::login(&app, "61234567", "demo1234").await;
    let (_, laptop) = crate::support::login(&app, "61234567", "demo1234").await;
    post(&app, "/users/refresh-token", json!({"refreshToken": phone})).await;
    post(&app, "/users/refresh-token", json!({"refreshToken": phone})).await;
    let (status, _) = post(&app, "/users/refresh-token", json!({"refreshToken": laptop})).await;
    assert_eq!(status, StatusCode::OK, "reuse on the phone must not log the laptop out");
}

#[tokio::test]
async fn unknown_or_empty_refresh_tokens_are_401_in_zh_hk() {
    let app = crate::support::spawn().await;
    for token in ["", "nonsense"] {
        let (status, body) = post(&app, "/users/refresh-token", json!({"refreshToken": token})).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
        assert_eq!(body["error"], "登入已過期，請重新登入");
    }
}

#[tokio::test]
async fn logout_revokes_the_refresh_token_and_is_idempotent() {
    let app = crate::support::spawn().await;
    crate::support::register_user(&app, "61234567", "demo1234").await;
    let (_, refresh) = crate::support::login(&app, "61234567", "demo1234").await;
    let (status, _) = post(&app, "/users/logout", json!({"refreshToken": refresh})).await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let (status, _) = post(&app, "/users/logout", json!({"refreshToken": refresh})).await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let (status, _) = post(&app, "/users/refresh-token", json!({"refreshToken": refresh})).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn tokens_are_stored_only_as_digests() {
    let app = crate::support::spawn().await;
    crate::support::register_user(&app, "61234567", "demo1234").await;
    let (_, refresh) = crate::support::login(&app, "61234567", "demo1234").await;
    let stored: Vec<String> = sqlx::query_scalar("SELECT token_hash FROM refresh_tokens").fetch_all(app.database.pool()).await.unwrap();
    assert_eq!(stored.len(), 1);
    assert_ne!(stored[0], refresh);
    assert!(!stored[0].contains(&refresh));
}

#[tokio::test]
async fn a_burst_of_guesses_for_one_phone_gets_ten_password_checks_and_429_for_the_rest() {
    let app = std::sync::Arc::new(crate::support::spawn().await);
    crate::support::register_user(&app, "61234567", "demo1234").await;
    let burst: Vec<_> = (0..30)
        .map(|n| {
            let app = app.clone();
            // The right password hides in the middle of the burst.
            let password = if n == 20 { "demo1234".to_string() } else { format!("guess{n:04}") };
            tokio::spawn(async move { post(&app, "/users/login", json!({"identifier": "61234567", "password": password})).await.0 })
        })
        .collect();
    let mut statuses = Vec::new();
    for request in burst {
        statuses.push(request.await.unwrap());
    }
    let checked = statuses.iter().filter(|s| **s != StatusCode::TOO_MANY_REQUESTS).count();
    assert_eq!(checked, 10, "{statuses:?}");
}

#[tokio::test]
async fn an_oversized_login_body_is_413_before_it_is_read() {
    let app = crate::support::spawn().await;
    let response = app
        .client
        .post("/users/login")
        .content_type("application/json")
        .header("Content-Length", 64 * 1024 * 1024)
        .body(poem::Body::empty())
        .send()
        .await;
    response.assert_status(StatusCode::PAYLOAD_TOO_LARGE);
    response.assert_json(json!({"code": "PAYLOAD_TOO_LARGE", "error": "上載的資料太大（每個檔案最大 5MB）"})).await;
}
