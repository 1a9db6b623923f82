//! Calling the API as a client would, and the case most tests hang their story on.

use chrono::{DateTime, Duration, Utc};
use poem::http::StatusCode;
use serde_json::{Value, json};
use tutorhub_domain::shared::clock::{Clock, ManualClock};

use super::TestApp;

/// A secondary-maths case form at 藍田, HK$300 a 90-minute lesson, twice a week, starting in six
/// weeks (a case starts from today on, also on a test's clock moved some weeks ahead).
pub fn case_form() -> Value {
    json!({
        "postType": "student-seeking-tutor",
        "postTitle": "中三數學補習",
        "level": "secondary",
        "grade": "中三",
        "subjects": ["數學"],
        "location": "藍田",
        "rate": 300,
        "sessionLength": 90,
        "sessionsPerWeek": 2,
        "description": "希望提升代數",
        "preferredGender": "no limit",
        "startDate": (Utc::now() + Duration::days(45)).format("%Y-%m-%d").to_string()
    })
}

/// One request with JSON in and out; the answer's status and body (`Null` when not JSON).
pub async fn call(app: &TestApp, method: &str, uri: &str, token: Option<&str>, body: Option<Value>) -> (StatusCode, Value) {
    call_in(app, "zh-HK", method, uri, token, body).await
}

/// [`call`] from a page in `language` (its `Accept-Language`).
pub async fn call_in(
    app: &TestApp,
    language: &str,
    method: &str,
    uri: &str,
    token: Option<&str>,
    body: Option<Value>,
) -> (StatusCode, Value) {
    let mut request = match method {
        "GET" => app.client.get(uri),
        "POST" => app.client.post(uri),
        "PUT" => app.client.put(uri),
        _ => unreachable!(),
    }
    .header("Accept", "application/json")
    .header("Accept-Language", language);
    if let Some(token) = token {
        request = request.header("Authorization", format!("Bearer {token}"));
    }
    if let Some(body) = body {
        request = request.body_json(&body);
    }
    let response = request.send().await;
    let status = response.0.status();
    let text = response.0.into_body().into_string().await.unwrap();
    (status, serde_json::from_str(&text).unwrap_or(Value::Null))
}

/// `owner` posts [`case_form`]; answers its number.
pub async fn posted_case(app: &TestApp, owner: &str) -> i64 {
    let (status, body) = call(app, "POST", "/cases", Some(owner), Some(case_form())).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["caseId"].as_i64().unwrap()
}

/// The back office approves a pending case.
pub async fn approve(app: &TestApp, number: i64) {
    use tutorhub_domain::cases::model::CaseStatus;
    assert!(app.cases.transition(number, CaseStatus::Pending, CaseStatus::Approved, chrono::Utc::now()).await.unwrap());
}

/// 19:00 Hong Kong time, `days` after `now`'s Hong Kong date.
pub fn at_seven_pm(now: DateTime<Utc>, days: i64) -> String {
    let day = (now + Duration::hours(8) + Duration::days(days)).date_naive();
    format!("{day}T19:00:00+08:00")
}

/// A matched case: the owner, the tutor, a third member, the arrangement's id. `also` (tutors'
/// tokens) applied too, and were declined when the tutor confirmed.
pub async fn matched(app: &TestApp, clock: &ManualClock, also: &[&str]) -> (String, String, String, String) {
    let (_, owner) = super::member(app, "陳大文", "91234567").await;
    let (_, other) = super::member(app, "李小明", "92345678").await;
    let (tutor_id, tutor) = super::member(app, "黃老師", "63456789").await;
    super::make_active_tutor(app, tutor_id).await;
    let n = posted_case(app, &owner).await;
    approve(app, n).await;
    let (_, application) = call(app, "POST", "/cases/apply", Some(&tutor), Some(json!({"caseId": n, "availableTimes": "週末"}))).await;
    let id = application["id"].as_str().unwrap();
    for token in also {
        call(app, "POST", "/cases/apply", Some(token), Some(json!({"caseId": n, "availableTimes": "平日"}))).await;
    }
    let (status, _) = call(app, "POST", &format!("/cases/{n}/applications/{id}/select"), Some(&owner), Some(json!({}))).await;
    assert_eq!(status, StatusCode::OK);
    let (status, offer) = call(
        app,
        "POST",
        &format!("/cases/applied/{id}/confirm"),
        Some(&tutor),
        Some(json!({"firstLessonAt": at_seven_pm(clock.now(), 1)})),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{offer}");
    (owner, tutor, other, offer["id"].as_str().unwrap().to_string())
}
