//! The lesson record over HTTP: only the two sides of an arrangement see it (404 for others),
//! the tutor records, the family answers, bad input gets a zh-HK error and changes nothing,
//! recording is limited per arrangement, and a fixed clock runs the 72 hours.

use std::sync::Arc;

use chrono::{Duration, Utc};
use poem::http::StatusCode;
use serde_json::json;
use tutorhub_domain::shared::clock::{Clock, ManualClock};

use crate::support::api::{at_seven_pm, call, matched};
use crate::support::{make_active_tutor, member};

#[tokio::test]
async fn the_tutor_records_the_family_answers_and_only_the_two_sides_see_it() {
    let clock = Arc::new(ManualClock::at(Utc::now()));
    let app = crate::support::spawn_with_clock(clock.clone()).await;
    let (owner, tutor, other, arrangement) = matched(&app, &clock, &[]).await;
    clock.advance(Duration::days(2));
    let page = format!("/arrangements/{arrangement}");
    let lessons = format!("{page}/lessons");
    // Nobody else, not even as a guess, learns it exists.
    assert_eq!(call(&app, "GET", &page, None, None).await.0, StatusCode::UNAUTHORIZED);
    assert_eq!(call(&app, "GET", &page, Some(&other), None).await.0, StatusCode::NOT_FOUND);
    assert_eq!(call(&app, "GET", &format!("/arrangements/{}", uuid::Uuid::new_v4()), Some(&owner), None).await.0, StatusCode::NOT_FOUND);
    let first = json!({"startsAt": at_seven_pm(clock.now(), -1), "minutes": 90});
    assert_eq!(call(&app, "POST", &lessons, Some(&other), Some(first.clone())).await.0, StatusCode::NOT_FOUND);
    let (status, body) = call(&app, "POST", &lessons, Some(&owner), Some(first.clone())).await;
    assert_eq!((status, body["code"].as_str()), (StatusCode::FORBIDDEN, Some("NOT_THE_TUTOR")));

    // Bad input: a clear zh-HK error per field, and nothing recorded.
    let (status, body) =
        call(&app, "POST", &lessons, Some(&tutor), Some(json!({"startsAt": at_seven_pm(clock.now(), 1), "minutes": 5}))).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let messages: Vec<_> = body["errors"].as_array().unwrap().iter().map(|e| e["message"].as_str().unwrap().to_string()).collect();
    assert_eq!(messages, ["上堂時間不可在將來", "每堂時長須介乎 15 至 300 分鐘"]);
    let (status, body) =
        call(&app, "POST", &lessons, Some(&tutor), Some(json!({"startsAt": at_seven_pm(clock.now(), -3), "minutes": 60}))).await;
    assert_eq!((status, body["errors"][0]["message"].as_str()), (StatusCode::BAD_REQUEST, Some("課堂時間不可早於配對確認")));
    assert_eq!(call(&app, "GET", &page, Some(&tutor), None).await.1["lessons"], json!([]));

    let (status, lesson) = call(&app, "POST", &lessons, Some(&tutor), Some(first.clone())).await;
    assert_eq!((status, lesson["status"].as_str()), (StatusCode::OK, Some("recorded")), "{lesson}");
    let (status, body) = call(&app, "POST", &lessons, Some(&tutor), Some(first)).await;
    assert_eq!((status, body["code"].as_str()), (StatusCode::CONFLICT, Some("LESSON_ALREADY_RECORDED")));
    assert!(crate::support::sms_outbox(&app).iter().any(|(to, body)| to == "+85291234567" && body.contains(&arrangement)));

    // The family answers: the tutor may not, nor anyone else.
    let number = lesson["number"].as_i64().unwrap();
    let confirm = format!("/lessons/{number}/confirm");
    let (status, body) = call(&app, "POST", &confirm, Some(&tutor), None).await;
    assert_eq!((status, body["code"].as_str()), (StatusCode::FORBIDDEN, Some("NOT_THE_FAMILY")));
    assert_eq!(call(&app, "POST", &confirm, Some(&other), None).await.0, StatusCode::NOT_FOUND);
    let (status, body) = call(&app, "POST", &format!("/lessons/{number}/dispute"), Some(&owner), Some(json!({"reason": " "}))).await;
    assert_eq!((status, body["errors"][0]["message"].as_str()), (StatusCode::BAD_REQUEST, Some("請填寫異議原因")));
    let (status, body) = call(&app, "POST", &confirm, Some(&owner), None).await;
    assert_eq!((status, body["status"].as_str(), body["confirmedBy"].as_str()), (StatusCode::OK, Some("confirmed"), Some("family")));

    // Both sides read one page: the lessons and what they come to at the agreed fee.
    for (token, side) in [(&owner, "family"), (&tutor, "tutor")] {
        let (status, body) = call(&app, "GET", &page, Some(token), None).await;
        assert_eq!((status, body["side"].as_str()), (StatusCode::OK, Some(side)));
        assert_eq!(body["totals"], json!({"held": 1, "minutes": 90, "tuition": 300.0}));
        assert_eq!((body["tutorName"].as_str(), body["familyName"].as_str()), (Some("黃老師"), Some("陳大文")));
        assert!(!body.to_string().contains("+852"), "no phone on the record: {body}");
    }
}

#[tokio::test]
async fn an_unanswered_lesson_is_confirmed_after_72_hours_and_a_cancellation_is_late_under_a_day() {
    let clock = Arc::new(ManualClock::at(Utc::now()));
    let app = crate::support::spawn_with_clock(clock.clone()).await;
    let (owner, tutor, _, arrangement) = matched(&app, &clock, &[]).await;
    clock.advance(Duration::days(2));
    let lessons = format!("/arrangements/{arrangement}/lessons");
    let (_, lesson) =
        call(&app, "POST", &lessons, Some(&tutor), Some(json!({"startsAt": at_seven_pm(clock.now(), -1), "minutes": 60}))).await;
    let number = lesson["number"].as_i64().unwrap();
    let record = &app.lesson_record;
    clock.advance(Duration::hours(71));
    assert_eq!(record.confirm_unanswered().await.unwrap(), 0);
    clock.advance(Duration::hours(1));
    let (status, body) = call(&app, "POST", &format!("/lessons/{number}/dispute"), Some(&owner), Some(json!({"reason": "沒有上堂"}))).await;
    assert_eq!(status, StatusCode::CONFLICT, "past the 72 hours: {body}");
    assert_eq!(record.confirm_unanswered().await.unwrap(), 1);
    let (_, page) = call(&app, "GET", &format!("/arrangements/{arrangement}"), Some(&owner), None).await;
    assert_eq!((page["lessons"][0]["status"].as_str(), page["lessons"][0]["confirmedBy"].as_str()), (Some("confirmed"), Some("timeout")));

    let cancellations = format!("/arrangements/{arrangement}/cancellations");
    let soon = clock.now() + Duration::hours(20);
    let (status, body) =
        call(&app, "POST", &cancellations, Some(&owner), Some(json!({"startsAt": soon.to_rfc3339(), "reason": "學生發燒"}))).await;
    assert_eq!((status, body["late"].as_bool(), body["recordedBy"].as_str()), (StatusCode::OK, Some(true), Some("family")), "{body}");
    let (status, body) = call(&app, "POST", &cancellations, Some(&tutor), Some(json!({"startsAt": soon.to_rfc3339(), "reason": ""}))).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
}

#[tokio::test]
async fn entries_are_limited_per_arrangement_refused_ones_too() {
    let clock = Arc::new(ManualClock::at(Utc::now()));
    let app = crate::support::spawn_with_clock(clock.clone()).await;
    let (_, tutor, _, arrangement) = matched(&app, &clock, &[]).await;
    let lessons = format!("/arrangements/{arrangement}/lessons");
    let future = json!({"startsAt": at_seven_pm(clock.now(), 5), "minutes": 60});
    for _ in 0..tutorhub_domain::shared::rate_limits::LESSON_ENTRIES_PER_ARRANGEMENT.max {
        assert_eq!(call(&app, "POST", &lessons, Some(&tutor), Some(future.clone())).await.0, StatusCode::BAD_REQUEST);
    }
    let (status, body) = call(&app, "POST", &lessons, Some(&tutor), Some(future)).await;
    assert_eq!((status, body["code"].as_str()), (StatusCode::TOO_MANY_REQUESTS, Some("RATE_LIMITED")));
}

#[tokio::test]
async fn the_family_ends_a_match_after_the_first_lesson_and_opens_the_case_to_the_other_applicants() {
    let clock = Arc::new(ManualClock::at(Utc::now()));
    let app = crate::support::spawn_with_clock(clock.clone()).await;
    let (second_id, second) = member(&app, "張老師", "64567890").await;
    make_active_tutor(&app, second_id).await;
    let (owner, tutor, other, arrangement) = matched(&app, &clock, &[&second]).await;
    let (_, mine) = call(&app, "GET", "/cases/mine", Some(&owner), None).await;
    let n = mine["items"][0]["caseId"].as_i64().unwrap();
    clock.advance(Duration::days(2));
    let (_, lesson) = call(
        &app,
        "POST",
        &format!("/arrangements/{arrangement}/lessons"),
        Some(&tutor),
        Some(json!({"startsAt": at_seven_pm(clock.now(), -1), "minutes": 90})),
    )
    .await;
    call(&app, "POST", &format!("/lessons/{}/confirm", lesson["number"]), Some(&owner), None).await;

    let end = format!("/arrangements/{arrangement}/end");
    assert_eq!(call(&app, "POST", &end, Some(&other), Some(json!({"reason": "teaching"}))).await.0, StatusCode::NOT_FOUND);
    let (status, body) = call(&app, "POST", &end, Some(&owner), Some(json!({"reason": "bored"}))).await;
    assert_eq!((status, body["errors"][0]["field"].as_str()), (StatusCode::BAD_REQUEST, Some("reason")));
    let (status, body) = call(&app, "POST", &end, Some(&owner), Some(json!({"reason": "other", "note": " "}))).await;
    assert_eq!((status, body["errors"][0]["message"].as_str()), (StatusCode::BAD_REQUEST, Some("請說明結束的原因")));
    let (status, page) = call(&app, "POST", &end, Some(&owner), Some(json!({"reason": "teaching", "note": "講解太快"}))).await;
    assert_eq!(status, StatusCode::OK, "{page}");
    assert_eq!((page["ended"]["endedBy"].as_str(), page["ended"]["reason"].as_str()), (Some("family"), Some("teaching")));
    assert_eq!(page["canReopen"], true);
    assert!(crate::support::sms_outbox(&app).iter().any(|(to, body)| to == "+85263456789" && body.contains("已結束")));
    // Ended: once, and no more lessons.
    assert_eq!(call(&app, "POST", &end, Some(&tutor), Some(json!({"reason": "schedule"}))).await.0, StatusCode::CONFLICT);
    let (status, _) = call(
        &app,
        "POST",
        &format!("/arrangements/{arrangement}/lessons"),
        Some(&tutor),
        Some(json!({"startsAt": at_seven_pm(clock.now(), 0), "minutes": 60})),
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT);
    let (_, tutor_page) = call(&app, "GET", &format!("/arrangements/{arrangement}"), Some(&tutor), None).await;
    assert_eq!(tutor_page["canReopen"], false, "the family decides");

    // The family opens the case again: on the board, the other applicant listed again.
    let reopen = format!("/arrangements/{arrangement}/reopen");
    assert_eq!(call(&app, "POST", &reopen, Some(&tutor), None).await.0, StatusCode::CONFLICT);
    let (status, body) = call(&app, "POST", &reopen, Some(&owner), None).await;
    assert_eq!((status, body["caseId"].as_i64()), (StatusCode::OK, Some(n)));
    assert_eq!(call(&app, "POST", &reopen, Some(&owner), None).await.0, StatusCode::CONFLICT, "once");
    let (_, list) = call(&app, "GET", &format!("/cases/{n}/applications"), Some(&owner), None).await;
    assert_eq!(list["case"]["status"], "approved");
    let mut statuses: Vec<_> =
        list["items"].as_array().unwrap().iter().map(|a| (a["tutor"]["name"].to_string(), a["status"].to_string())).collect();
    statuses.sort();
    assert_eq!(statuses, vec![(r#""張老師""#.into(), r#""applied""#.into()), (r#""黃老師""#.into(), r#""ended""#.into())]);
    let (_, board) = call(&app, "GET", "/cases/public", None, None).await;
    assert_eq!(board["total"], 1);
}
