//! `PUT /users/{id}`: only one's own account, names by the rules, a new phone only once verified
//! and free, avatars for tutors only (images up to 5 MB), and the tutor's public profile follows.

use poem::http::StatusCode;
use poem::test::{TestForm, TestFormField};
use serde_json::{Value, json};
use tutorhub_domain::shared::upload::MAX_UPLOAD_BYTES;
use tutorhub_domain::tutors::model::{Decision, TutorApplicationForm};
use uuid::Uuid;

const PNG: &[u8] = &[0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0];

async fn read(response: poem::test::TestResponse) -> (StatusCode, Value) {
    let status = response.0.status();
    let text = response.0.into_body().into_string().await.unwrap();
    (status, serde_json::from_str(&text).unwrap_or(Value::Null))
}

async fn put_json(app: &crate::support::TestApp, token: &str, id: &str, body: Value) -> (StatusCode, Value) {
    read(app.client.put(format!("/users/{id}")).header("Authorization", format!("Bearer {token}")).body_json(&body).send().await).await
}

async fn put_form(app: &crate::support::TestApp, token: &str, id: &str, form: TestForm) -> (StatusCode, Value) {
    read(app.client.put(format!("/users/{id}")).header("Authorization", format!("Bearer {token}")).multipart(form).send().await).await
}

fn avatar(bytes: Vec<u8>) -> TestForm {
    TestForm::new().field(TestFormField::bytes(bytes).name("avatar").filename("a.png").content_type("image/png"))
}

/// Makes a member an approved tutor; returns their user number.
async fn make_tutor(app: &crate::support::TestApp, id: Uuid) -> i64 {
    let form = TutorApplicationForm {
        name: "陳老師".into(),
        contact_number: "91234567".into(),
        education: "港大".into(),
        age: Some(25),
        teaching_experience: Some(2),
        subjects: vec!["中學 數學".into()],
        exam_results: "5**".into(),
        course_features: "耐心".into(),
        teaching_area: "藍田".into(),
        teaching_schedule: "週末".into(),
        teaching_mode: "online".into(),
        gender: String::new(),
        teaching_modes: vec![],
        teaching_districts: vec![],
        required_fee: Some(300.0),
        bio: "你好".into(),
    };
    let application = app.tutor_applications.submit(id, &form, Some(PNG.to_vec())).await.unwrap();
    app.tutor_applications.decide(application.number, &Decision::Approve, "staff").await.unwrap();
    app.users.find_by_id(id).await.unwrap().unwrap().number
}

#[tokio::test]
async fn another_users_profile_is_forbidden() {
    let app = crate::support::spawn().await;
    let (_, mine) = crate::support::member(&app, "陳大文", "91234567").await;
    let (other, _) = crate::support::member(&app, "李小明", "92345678").await;
    let (status, body) = put_json(&app, &mine, &other.to_string(), json!({"name": "黑客", "phone": "92345678"})).await;
    assert_eq!((status, body["code"].as_str()), (StatusCode::FORBIDDEN, Some("FORBIDDEN")));
    assert_eq!(app.users.find_by_id(other).await.unwrap().unwrap().name.as_str(), "李小明");
    let (status, _) = put_form(&app, &mine, &other.to_string(), avatar(PNG.to_vec())).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn a_new_name_is_saved_by_the_rules_and_a_new_phone_needs_verification() {
    let app = crate::support::spawn().await;
    let (id, token) = crate::support::member(&app, "陳大文", "91234567").await;
    let me = id.to_string();
    let (status, body) = put_json(&app, &token, &me, json!({"name": "陳小文", "phone": "9123 4567"})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!((body["name"].as_str(), body["phone"].as_str()), (Some("陳小文"), Some("+85291234567")));
    let (status, body) = put_json(&app, &token, &me, json!({"name": "陳1", "phone": "91234567"})).await;
    assert_eq!((status, body["errors"][0]["field"].as_str()), (StatusCode::BAD_REQUEST, Some("name")));
    let (status, body) = put_json(&app, &token, &me, json!({"name": "陳小文", "phone": "62345678"})).await;
    assert_eq!((status, body["code"].as_str()), (StatusCode::BAD_REQUEST, Some("PHONE_NOT_VERIFIED")));
    assert_eq!(app.users.find_by_id(id).await.unwrap().unwrap().phone.as_str(), "+85291234567");
}

#[tokio::test]
async fn only_tutors_upload_avatars_and_the_public_profile_follows() {
    let app = crate::support::spawn().await;
    let (id, token) = crate::support::member(&app, "陳大文", "91234567").await;
    let me = id.to_string();
    let (status, body) = put_form(&app, &token, &me, avatar(PNG.to_vec())).await;
    assert_eq!((status, body["errors"][0]["message"].as_str()), (StatusCode::BAD_REQUEST, Some("只有導師可以上載頭像")));

    let number = make_tutor(&app, id).await;
    let (status, _) = put_form(&app, &token, &me, avatar(b"GIF89a not accepted".to_vec())).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let mut big = PNG.to_vec();
    big.resize(MAX_UPLOAD_BYTES + 1, 0);
    let (status, _) = put_form(&app, &token, &me, avatar(big)).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);

    let form = avatar(PNG.to_vec()).text("name", "Peter Chan");
    let (status, body) = put_form(&app, &token, &number.to_string(), form).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let new_avatar = body["avatar"].as_str().unwrap().to_string();
    let (_, tutor) = read(app.client.get(format!("/tutors/{number}")).send().await).await;
    assert_eq!((tutor["name"].as_str(), tutor["avatar"].as_str()), (Some("Peter Chan"), Some(new_avatar.as_str())));
    // Served as stored, with its length, immutable, and not compressed again.
    let served = app.client.get(&new_avatar).header("Accept-Encoding", "gzip, br").send().await;
    served.assert_status_is_ok();
    served.assert_header("Content-Type", "image/png");
    served.assert_header("Content-Length", PNG.len().to_string());
    served.assert_header("Cache-Control", "public, max-age=31536000, immutable");
    served.assert_header_is_not_exist("Content-Encoding");
    served.assert_bytes(PNG).await;
}

async fn login_status(app: &crate::support::TestApp, phone: &str, password: &str) -> StatusCode {
    let body = json!({ "identifier": phone, "password": password });
    app.client.post("/users/login").body_json(&body).send().await.0.status()
}

#[tokio::test]
async fn a_verified_new_phone_is_saved_once_and_becomes_the_login() {
    let app = crate::support::spawn().await;
    let id = crate::support::register_user(&app, "91234567", "abcd1234").await;
    let (token, me) = (app.access_tokens.issue(id), id.to_string());

    let first = crate::support::verify_phone(&app, "62345678").await;
    let change = json!({"name": "陳太", "phone": "6234 5678", "verificationToken": first});
    let (status, body) = put_json(&app, &token, &me, change).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["phone"].as_str(), Some("+85262345678"));
    assert_eq!(login_status(&app, "62345678", "abcd1234").await, StatusCode::OK);
    assert_eq!(login_status(&app, "91234567", "abcd1234").await, StatusCode::UNAUTHORIZED);

    // The profile screen's multipart form carries the phone too.
    let second = crate::support::verify_phone(&app, "63456789").await;
    let form = TestForm::new().text("name", "陳太").text("phone", "63456789").text("verificationToken", second);
    let (status, body) = put_form(&app, &token, &me, form).await;
    assert_eq!((status, body["phone"].as_str()), (StatusCode::OK, Some("+85263456789")), "{body}");

    // 62345678 is free again, but its grant went into the first change.
    let change = json!({"name": "陳太", "phone": "62345678", "verificationToken": first});
    let (status, body) = put_json(&app, &token, &me, change).await;
    assert_eq!((status, body["code"].as_str()), (StatusCode::BAD_REQUEST, Some("PHONE_NOT_VERIFIED")), "{body}");
    assert_eq!(body["errors"][0]["field"].as_str(), Some("phone"));
    assert_eq!(app.users.find_by_id(id).await.unwrap().unwrap().phone.as_str(), "+85263456789");
}

#[tokio::test]
async fn another_accounts_phone_is_refused_with_409() {
    let app = crate::support::spawn().await;
    let (id, token) = crate::support::member(&app, "陳大文", "91234567").await;
    crate::support::member(&app, "李小明", "92345678").await;
    let (status, body) = put_json(&app, &token, &id.to_string(), json!({"name": "陳大文", "phone": "92345678"})).await;
    assert_eq!((status, body["code"].as_str()), (StatusCode::CONFLICT, Some("PHONE_TAKEN")), "{body}");
    assert_eq!(body["errors"][0]["message"].as_str(), Some("此電話號碼已被使用，請使用其他號碼"));
    assert_eq!(app.users.find_by_id(id).await.unwrap().unwrap().phone.as_str(), "+85291234567");
}

#[tokio::test]
async fn a_phone_verified_by_another_client_cannot_be_moved_onto() {
    let app = crate::support::spawn().await;
    let (id, token) = crate::support::member(&app, "陳大文", "91234567").await;
    // Someone else verified 62345678 and holds its token.
    let theirs = crate::support::verify_phone(&app, "62345678").await;
    for change in [
        json!({"name": "陳大文", "phone": "62345678"}),
        json!({"name": "陳大文", "phone": "62345678", "verificationToken": "guessed-token"}),
    ] {
        let (status, body) = put_json(&app, &token, &id.to_string(), change).await;
        assert_eq!((status, body["code"].as_str()), (StatusCode::BAD_REQUEST, Some("PHONE_NOT_VERIFIED")), "{body}");
    }
    let form = TestForm::new().text("name", "陳大文").text("phone", "62345678").text("verificationToken", "guessed-token");
    let (status, _) = put_form(&app, &token, &id.to_string(), form).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(app.users.find_by_id(id).await.unwrap().unwrap().phone.as_str(), "+85291234567");
    // Its verifier's grant is untouched by the attempts.
    let (verifier, verifier_token) = crate::support::member(&app, "李小明", "92345678").await;
    let change = json!({"name": "李小明", "phone": "62345678", "verificationToken": theirs});
    let (status, body) = put_json(&app, &verifier_token, &verifier.to_string(), change).await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

#[tokio::test]
async fn updates_of_one_account_are_rate_limited_with_429() {
    let app = crate::support::spawn().await;
    let (id, token) = crate::support::member(&app, "陳大文", "91234567").await;
    for n in 0..60 {
        // Probing other accounts' phones: 409 for a taken one, 400 for a free one.
        let (status, _) = put_json(&app, &token, &id.to_string(), json!({"name": "陳大文", "phone": format!("6{n:07}")})).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "request {n}");
    }
    let (status, body) = put_json(&app, &token, &id.to_string(), json!({"name": "陳大文", "phone": "62345678"})).await;
    assert_eq!((status, body["code"].as_str()), (StatusCode::TOO_MANY_REQUESTS, Some("RATE_LIMITED")), "{body}");
    // Another account has its own allowance.
    let (other, other_token) = crate::support::member(&app, "李小明", "92345678").await;
    let (status, _) = put_json(&app, &other_token, &other.to_string(), json!({"name": "李小明", "phone": "92345678"})).await;
    assert_eq!(status, StatusCode::OK);
}

/// The files under the test folder's public `media/avatars`.
fn avatar_files(app: &crate::support::TestApp) -> Vec<String> {
    let Ok(entries) = std::fs::read_dir(app.dir.path().join("media/avatars")) else { return Vec::new() };
    let mut names: Vec<_> = entries.flatten().map(|e| e.file_name().to_string_lossy().into_owned()).collect();
    names.sort();
    names
}

#[tokio::test]
async fn a_replaced_avatar_is_deleted_and_no_longer_served() {
    let app = crate::support::spawn().await;
    let (id, token) = crate::support::member(&app, "陳大文", "91234567").await;
    make_tutor(&app, id).await;
    let mut previous = app.users.find_by_id(id).await.unwrap().unwrap().avatar.unwrap();
    for _ in 0..3 {
        let (status, body) = put_form(&app, &token, &id.to_string(), avatar(PNG.to_vec())).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let current = body["avatar"].as_str().unwrap().to_string();
        app.client.get(&current).send().await.assert_status_is_ok();
        app.client.get(&previous).send().await.assert_status(StatusCode::NOT_FOUND);
        previous = current;
    }
    let file = previous.rsplit('/').next().unwrap().to_string();
    assert_eq!(avatar_files(&app), [file], "only the current avatar is on disk");
}
