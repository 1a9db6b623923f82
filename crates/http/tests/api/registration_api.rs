//! Phone verification, registration and passwords through the API.

use poem::http::StatusCode;
use poem::test::TestForm;
use serde_json::{Value, json};

async fn post(app: &crate::support::TestApp, path: &str, body: Value) -> (StatusCode, Value) {
    let response = app.client.post(path).body_json(&body).send().await;
    let status = response.0.status();
    let text = response.0.into_body().into_string().await.unwrap();
    (status, if text.is_empty() { Value::Null } else { serde_json::from_str(&text).unwrap() })
}

fn individual(phone: &str, email: &str) -> TestForm {
    person(phone, email).text("userType", "individual")
}

fn person(phone: &str, email: &str) -> TestForm {
    TestForm::new()
        .text("name", "陳大文")
        .text("email", email)
        .text("phone", phone)
        .text("password", "abcd1234")
        .text("birthdate", "2000-01-31")
        .text("role", "user")
}

async fn register(app: &crate::support::TestApp, form: TestForm) -> (StatusCode, Value) {
    let response = app.client.post("/users/register").multipart(form).send().await;
    let status = response.0.status();
    let text = response.0.into_body().into_string().await.unwrap();
    (status, serde_json::from_str(&text).unwrap_or(Value::Null))
}

#[tokio::test]
async fn registers_an_individual_after_verifying_the_phone_then_logs_in() {
    let app = crate::support::spawn().await;
    let token = crate::support::verify_phone(&app, "91234567").await;
    let (status, body) = register(&app, individual("91234567", "chan@example.com").text("verificationToken", token)).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(body["message"], "註冊成功！請登入。");
    let (token, _) = crate::support::login(&app, "91234567", "abcd1234").await;
    assert!(!token.is_empty());
    let hash: String = sqlx::query_scalar("SELECT password_hash FROM users").fetch_one(app.database.pool()).await.unwrap();
    assert!(hash.starts_with("$argon2id$") && !hash.contains("abcd1234"));
}

#[tokio::test]
async fn refuses_registration_without_a_verified_phone_and_the_grant_works_once() {
    let app = crate::support::spawn().await;
    let (status, body) = register(&app, individual("91234567", "chan@example.com")).await;
    assert_eq!((status, body["code"].as_str()), (StatusCode::FORBIDDEN, Some("PHONE_NOT_VERIFIED")));
    assert_eq!(body["error"], "請先完成電話號碼驗證");

    let token = crate::support::verify_phone(&app, "91234567").await;
    // A form error keeps the grant: the user fixes the form and submits again.
    let (status, body) = register(&app, individual("91234567", "not-an-email").text("verificationToken", &token)).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["errors"][0], json!({"field": "email", "message": "請輸入有效的電郵地址"}));
    // Nobody registers into the back office (spec §3: the role is always `user`).
    let admin = TestForm::new()
        .text("name", "陳大文")
        .text("email", "chan@example.com")
        .text("phone", "91234567")
        .text("password", "abcd1234")
        .text("birthdate", "2000-01-31")
        .text("role", "admin")
        .text("userType", "individual")
        .text("verificationToken", &token);
    let (status, body) = register(&app, admin).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["errors"][0], json!({"field": "role", "message": "只可以註冊一般用戶帳戶"}));
    let (status, _) = register(&app, individual("91234567", "chan@example.com").text("verificationToken", &token)).await;
    assert_eq!(status, StatusCode::CREATED);
    let (status, body) = register(&app, individual("91234567", "chan2@example.com").text("verificationToken", &token)).await;
    assert_eq!((status, body["code"].as_str()), (StatusCode::FORBIDDEN, Some("PHONE_NOT_VERIFIED")), "used once");
}

#[tokio::test]
async fn verify_code_hands_the_grant_to_its_client_only() {
    let app = crate::support::spawn().await;
    let token = crate::support::verify_phone(&app, "91234567").await;
    assert_eq!(token.len(), 64, "256 bits in hex: {token}");
    let stored: String = sqlx::query_scalar("SELECT grant_hash FROM phone_grants").fetch_one(app.database.pool()).await.unwrap();
    assert!(!stored.is_empty() && !stored.contains(&token), "only the digest is stored");
    // Another client knows the phone but not the token: the phone is not verified for it.
    for other in [None, Some("guessed-token"), Some(stored.as_str())] {
        let form = individual("91234567", "thief@example.com");
        let form = if let Some(other) = other { form.text("verificationToken", other) } else { form };
        let (status, body) = register(&app, form).await;
        assert_eq!((status, body["code"].as_str()), (StatusCode::FORBIDDEN, Some("PHONE_NOT_VERIFIED")), "{other:?}");
    }
    let (status, body) = register(&app, individual("91234567", "chan@example.com").text("verificationToken", token)).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
}

#[tokio::test]
async fn a_taken_email_or_phone_is_409_in_zh_hk() {
    let app = crate::support::spawn().await;
    crate::support::register_user(&app, "61234567", "demo1234").await; // e-mail 61234567@example.com
    // Without a verified phone a taken e-mail gets the same answer as a free one.
    for email in ["61234567@example.com", "free@example.com"] {
        let (status, body) = register(&app, individual("91234567", email)).await;
        assert_eq!((status, body["code"].as_str()), (StatusCode::FORBIDDEN, Some("PHONE_NOT_VERIFIED")), "{email}");
    }
    let token = crate::support::verify_phone(&app, "91234567").await;
    let (status, body) = register(&app, individual("91234567", "61234567@example.com").text("verificationToken", token)).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(body["errors"][0], json!({"field": "email", "message": "此電郵已被註冊，請使用其他電郵"}));
    let (status, body) = post(&app, "/sms/send-code", json!({"phoneNumber": "61234567"})).await;
    assert_eq!((status, body["error"].as_str()), (StatusCode::CONFLICT, Some("此電話號碼已被使用，請勿重複註冊")));
}

#[tokio::test]
async fn an_organization_uploads_two_private_documents_and_an_oversized_one_is_not_kept() {
    let app = crate::support::spawn().await;
    let token = crate::support::verify_phone(&app, "51234567").await;
    let org = |registration: Vec<u8>| {
        person("51234567", "org@example.com")
            .text("userType", "organization")
            .text("verificationToken", &token)
            .bytes("businessRegistration", registration)
            .bytes("addressProof", vec![0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A, 0])
    };
    let mut big = b"%PDF-1.7".to_vec();
    big.resize(5_242_881, b' ');
    let (status, body) = register(&app, org(big)).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(body["errors"][0]["message"], "商業登記證檔案超過大小上限，最大 5MB", "{body}");
    let kept = walk(&app.dir.path().join("private"));
    assert!(kept.is_empty(), "nothing is kept: {kept:?}");

    let (status, body) = register(&app, org(b"%PDF-1.7 registration".to_vec())).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let documents: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM org_documents").fetch_one(app.database.pool()).await.unwrap();
    assert_eq!(documents, 2);
    assert_eq!(walk(&app.dir.path().join("private")).len(), 2);
    assert!(walk(&app.dir.path().join("media")).is_empty(), "documents are never public");
}

fn walk(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else { return Vec::new() };
    entries.flatten().flat_map(|e| if e.path().is_dir() { walk(&e.path()) } else { vec![e.path()] }).collect()
}

#[tokio::test]
async fn codes_are_hashed_resends_wait_a_minute_and_wrong_codes_run_out() {
    let app = crate::support::spawn().await;
    let (status, body) = post(&app, "/sms/send-code", json!({"phoneNumber": "91234567"})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let code = crate::support::last_code(&app, "+85291234567");
    let stored: String = sqlx::query_scalar("SELECT code_hash FROM phone_codes").fetch_one(app.database.pool()).await.unwrap();
    assert!(!stored.contains(&code));

    let (status, body) = post(&app, "/sms/send-code", json!({"phoneNumber": "91234567"})).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
    assert!(body["error"].as_str().unwrap().starts_with("驗證碼已發送，請於"));

    let wrong = if code == "000000" { "111111" } else { "000000" };
    for _ in 0..5 {
        let (status, body) = post(&app, "/sms/verify-code", json!({"phone": "91234567", "code": wrong})).await;
        assert_eq!((status, body["errors"][0]["message"].as_str()), (StatusCode::BAD_REQUEST, Some("驗證碼不正確，請重新輸入")));
    }
    let (status, body) = post(&app, "/sms/verify-code", json!({"phone": "91234567", "code": code})).await;
    assert_eq!((status, body["error"].as_str()), (StatusCode::TOO_MANY_REQUESTS, Some("輸入錯誤次數過多，請重新發送驗證碼")));
}

#[tokio::test]
async fn check_phone_and_email_tell_whether_they_are_taken() {
    let app = crate::support::spawn().await;
    crate::support::register_user(&app, "61234567", "demo1234").await;
    let (status, body) = post(&app, "/users/check-phone", json!({"phone": "6123 4567"})).await;
    assert_eq!((status, body["exists"].as_bool()), (StatusCode::OK, Some(true)));
    assert_eq!(body["msg"], "此電話號碼已被使用，請勿重複註冊");
    let (_, body) = post(&app, "/users/check-phone", json!({"phone": "91234567"})).await;
    assert_eq!(body["exists"], false);
    let (_, body) = post(&app, "/users/check-email", json!({"email": "61234567@EXAMPLE.com"})).await;
    assert_eq!(body["exists"], true);
    let (status, body) = post(&app, "/users/check-phone", json!({"phone": "12"})).await;
    assert_eq!((status, body["errors"][0]["field"].as_str()), (StatusCode::BAD_REQUEST, Some("phone")));
}

#[tokio::test]
async fn checks_from_one_address_are_rate_limited_with_429() {
    let app = crate::support::spawn().await;
    let mut last = StatusCode::OK;
    for _ in 0..61 {
        last = post(&app, "/users/check-email", json!({"email": "a@example.com"})).await.0;
    }
    assert_eq!(last, StatusCode::TOO_MANY_REQUESTS);
}

#[tokio::test]
async fn registering_draws_on_the_same_per_address_budget_as_the_checks() {
    let app = crate::support::spawn().await;
    for _ in 0..59 {
        assert_eq!(post(&app, "/users/check-email", json!({"email": "a@example.com"})).await.0, StatusCode::OK);
    }
    let (status, _) = register(&app, individual("91234567", "a@example.com")).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "the 60th request of the minute still counts as usual");
    let (status, body) = register(&app, individual("91234567", "a@example.com")).await;
    assert_eq!((status, body["code"].as_str()), (StatusCode::TOO_MANY_REQUESTS, Some("RATE_LIMITED")), "{body}");
    assert!(body["error"].as_str().unwrap().starts_with("請求過於頻密"));
}

#[tokio::test]
async fn repeated_failed_logins_lock_the_phone_with_429() {
    let app = crate::support::spawn().await;
    crate::support::register_user(&app, "61234567", "demo1234").await;
    for _ in 0..10 {
        let (status, _) = post(&app, "/users/login", json!({"identifier": "61234567", "password": "wrong1234"})).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
    }
    let (status, body) = post(&app, "/users/login", json!({"identifier": "61234567", "password": "demo1234"})).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
    assert!(body["error"].as_str().unwrap().starts_with("請求過於頻密"));
}

/// The token of the reset link in the last mail.
fn reset_token(app: &crate::support::TestApp) -> String {
    let (to, subject, body) = crate::support::mail_outbox(app).pop().expect("a mail was sent");
    assert_eq!((to.as_str(), subject.as_str()), ("61234567@example.com", "重設你的 tutorhub 密碼"));
    let link = body.split_whitespace().find(|w| w.starts_with("https://tutorhub.example.hk/reset-password?token=")).unwrap();
    link.rsplit('=').next().unwrap().to_string()
}

#[tokio::test]
async fn forgot_then_reset_sets_a_new_password_once_and_ends_old_sessions() {
    let app = crate::support::spawn().await;
    crate::support::register_user(&app, "61234567", "demo1234").await;
    let (_, old_refresh) = crate::support::login(&app, "61234567", "demo1234").await;
    let (status, body) = post(&app, "/users/request-password-reset", json!({"phone": "61234567"})).await;
    assert_eq!(status, StatusCode::OK);
    assert!(body["message"].as_str().unwrap().contains("電郵"));
    let token = reset_token(&app);
    let stored: String = sqlx::query_scalar("SELECT token_hash FROM password_resets").fetch_one(app.database.pool()).await.unwrap();
    assert_ne!(stored, token);

    let (status, body) = post(&app, "/users/reset-password", json!({"token": token, "newPassword": "short"})).await;
    assert_eq!(
        (status, body["errors"][0]["message"].as_str()),
        (StatusCode::BAD_REQUEST, Some("密碼必須最少 8 個字元，並包含英文字母及數字"))
    );
    let (status, _) = post(&app, "/users/reset-password", json!({"token": token, "newPassword": "newpass99"})).await;
    assert_eq!(status, StatusCode::OK);
    let (status, body) = post(&app, "/users/reset-password", json!({"token": token, "newPassword": "other999x"})).await;
    assert_eq!((status, body["error"].as_str()), (StatusCode::BAD_REQUEST, Some("重設連結無效或已過期，請重新申請")));

    crate::support::login(&app, "61234567", "newpass99").await;
    let (status, _) = post(&app, "/users/refresh-token", json!({"refreshToken": old_refresh})).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "a reset logs the old sessions out");
}

#[tokio::test]
async fn only_the_newest_reset_link_works_and_a_reset_voids_the_rest() {
    let app = crate::support::spawn().await;
    crate::support::register_user(&app, "61234567", "demo1234").await;
    let mut links = Vec::new();
    for _ in 0..3 {
        assert_eq!(post(&app, "/users/request-password-reset", json!({"phone": "61234567"})).await.0, StatusCode::OK);
        links.push(reset_token(&app));
    }
    let (status, body) = post(&app, "/users/reset-password", json!({"token": links[0], "newPassword": "newpass99"})).await;
    assert_eq!((status, body["code"].as_str()), (StatusCode::BAD_REQUEST, Some("RESET_LINK_INVALID")), "an older link is void");
    let (status, _) = post(&app, "/users/reset-password", json!({"token": links[2], "newPassword": "newpass99"})).await;
    assert_eq!(status, StatusCode::OK);
    let (status, _) = post(&app, "/users/reset-password", json!({"token": links[1], "newPassword": "other999x"})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    crate::support::login(&app, "61234567", "newpass99").await;
}

#[tokio::test]
async fn an_unknown_phone_gets_the_same_answer_and_no_mail() {
    let app = crate::support::spawn().await;
    let (status, _) = post(&app, "/users/request-password-reset", json!({"phone": "98765432"})).await;
    assert_eq!(status, StatusCode::OK);
    assert!(crate::support::mail_outbox(&app).is_empty());
}

/// Issue 39: one client asking resets for ever-new phones made the limiter hold a key per
/// phone. The address is counted first: past its budget, no phone is looked at (or kept).
#[tokio::test]
async fn one_address_asking_resets_for_many_phones_is_refused_past_its_budget() {
    let app = crate::support::spawn().await;
    for n in 0..20 {
        let (status, body) = post(&app, "/users/request-password-reset", json!({"phone": format!("9{n:07}")})).await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
    let (status, body) = post(&app, "/users/request-password-reset", json!({"phone": "98765432"})).await;
    assert_eq!((status, body["code"].as_str()), (StatusCode::TOO_MANY_REQUESTS, Some("RATE_LIMITED")), "{body}");
    assert_eq!(body["error"], "請求過於頻密，請於 60 分鐘後再試");
}

#[tokio::test]
async fn one_address_checking_codes_across_phones_is_refused_past_its_budget() {
    let app = crate::support::spawn().await;
    for n in 0..30 {
        let (status, _) = post(&app, "/sms/verify-code", json!({"phone": format!("9{n:07}"), "code": "123456"})).await;
        assert_ne!(status, StatusCode::TOO_MANY_REQUESTS);
    }
    let (status, body) = post(&app, "/sms/verify-code", json!({"phone": "98765432", "code": "123456"})).await;
    assert_eq!((status, body["code"].as_str()), (StatusCode::TOO_MANY_REQUESTS, Some("RATE_LIMITED")), "{body}");
}

#[tokio::test]
async fn change_password_checks_the_old_one_and_needs_login() {
    let app = crate::support::spawn().await;
    crate::support::register_user(&app, "61234567", "demo1234").await;
    let (token, _) = crate::support::login(&app, "61234567", "demo1234").await;
    let change = |old: &'static str, new: &'static str, token: Option<String>| {
        let mut request = app.client.put("/self-users/me/password").body_json(&json!({"oldPassword": old, "password": new}));
        if let Some(token) = token {
            request = request.header("Authorization", format!("Bearer {token}"));
        }
        request.send()
    };
    change("demo1234", "newpass99", None).await.assert_status(StatusCode::UNAUTHORIZED);
    let wrong = change("wrong1234", "newpass99", Some(token.clone())).await;
    wrong.assert_status(StatusCode::BAD_REQUEST);
    let body: Value = wrong.json().await.value().deserialize();
    assert_eq!(body["errors"][0], json!({"field": "oldPassword", "message": "舊密碼不正確"}));
    change("demo1234", "newpass99", Some(token)).await.assert_status_is_ok();
    crate::support::login(&app, "61234567", "newpass99").await;
}

async fn change_password(app: &crate::support::TestApp, token: &str, body: Value) -> (StatusCode, Value) {
    let response =
        app.client.put("/self-users/me/password").header("Authorization", format!("Bearer {token}")).body_json(&body).send().await;
    let status = response.0.status();
    let text = response.0.into_body().into_string().await.unwrap();
    (status, serde_json::from_str(&text).unwrap_or(Value::Null))
}

#[tokio::test]
async fn wrong_old_passwords_lock_the_change_for_the_account_with_429() {
    let app = crate::support::spawn().await;
    crate::support::register_user(&app, "61234567", "demo1234").await;
    let (token, _) = crate::support::login(&app, "61234567", "demo1234").await;
    for _ in 0..5 {
        let (status, _) = change_password(&app, &token, json!({"oldPassword": "wrong1234", "password": "newpass99"})).await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
    }
    // Even the right one waits now: a stolen access token is no oracle for the password.
    let (status, body) = change_password(&app, &token, json!({"oldPassword": "demo1234", "password": "newpass99"})).await;
    assert_eq!((status, body["code"].as_str()), (StatusCode::TOO_MANY_REQUESTS, Some("RATE_LIMITED")), "{body}");
    assert_eq!(body["error"], "請求過於頻密，請於 15 分鐘後再試");
    crate::support::login(&app, "61234567", "demo1234").await;
}

async fn refresh_status(app: &crate::support::TestApp, refresh_token: &str) -> (StatusCode, Value) {
    post(app, "/users/refresh-token", json!({"refreshToken": refresh_token})).await
}

#[tokio::test]
async fn a_change_ends_every_other_session_and_keeps_this_one() {
    let app = crate::support::spawn().await;
    crate::support::register_user(&app, "61234567", "demo1234").await;
    let (here, here_refresh) = crate::support::login(&app, "61234567", "demo1234").await;
    let (_, elsewhere_refresh) = crate::support::login(&app, "61234567", "demo1234").await;
    let body = json!({"oldPassword": "demo1234", "password": "newpass99", "refreshToken": here_refresh});
    assert_eq!(change_password(&app, &here, body).await.0, StatusCode::OK);
    let (status, body) = refresh_status(&app, &here_refresh).await;
    assert_eq!(status, StatusCode::OK, "this device stays logged in: {body}");
    let here_refresh = body["refreshToken"].as_str().unwrap().to_string();
    assert_eq!(refresh_status(&app, &elsewhere_refresh).await.0, StatusCode::UNAUTHORIZED, "the other device is logged out");

    // Without the refresh token (an older client) every session ends.
    let body = json!({"oldPassword": "newpass99", "password": "newpass77"});
    assert_eq!(change_password(&app, &here, body).await.0, StatusCode::OK);
    assert_eq!(refresh_status(&app, &here_refresh).await.0, StatusCode::UNAUTHORIZED);
}
