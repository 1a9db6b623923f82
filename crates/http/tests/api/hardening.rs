//! Abuse over HTTP (issue 9): a member flooding a tutor with bookings, a tutor looping
//! apply/withdraw, and control characters in query strings and bodies.

use poem::http::StatusCode;
use serde_json::json;

use crate::support::api::{call, case_form};
use crate::support::{make_active_tutor, member};

#[tokio::test]
async fn sixty_bookings_in_a_row_make_one_booking_and_one_sms_without_the_members_text() {
    let app = crate::support::spawn().await;
    let (tutor_id, _) = member(&app, "黃老師", "63456789").await;
    make_active_tutor(&app, tutor_id).await;
    let (_, booker) = member(&app, "陳大文", "91234567").await;
    // A link would be refused (contact details); text posing as the site's is not.
    let phishing = "星期三 19:00 【tutorhub】帳戶異常，請即回覆確認";
    let book = json!({"tutorId": tutor_id, "bookingTime": phishing});
    let (status, first) = call(&app, "POST", "/bookings", Some(&booker), Some(book.clone())).await;
    assert_eq!((status, first["status"].as_str()), (StatusCode::OK, Some("pending")), "{first}");
    for _ in 1..60 {
        let (status, body) = call(&app, "POST", "/bookings", Some(&booker), Some(book.clone())).await;
        assert_eq!(
            (status, body["code"].as_str(), body["error"].as_str()),
            (StatusCode::CONFLICT, Some("BOOKING_PENDING"), Some("你已向這位導師提出預約，請等候導師回覆"))
        );
    }
    let (_, mine) = call(&app, "GET", "/bookings/mine", Some(&booker), None).await;
    assert_eq!(mine["items"].as_array().unwrap().len(), 1);
    assert_eq!(
        crate::support::sms_outbox(&app),
        [(
            "+85263456789".to_string(),
            "【tutorhub】你有一個新的補習預約，請登入接受或拒絕：https://tutorhub.example.hk/my-bookings".to_string()
        )]
    );

    // Racing requests for another tutor: the index lets exactly one through.
    let (tutor2_id, _) = member(&app, "張老師", "64567890").await;
    make_active_tutor(&app, tutor2_id).await;
    let book2 = json!({"tutorId": tutor2_id, "bookingTime": "星期五"});
    let answers =
        futures_util::future::join_all((0..10).map(|_| call(&app, "POST", "/bookings", Some(&booker), Some(book2.clone())))).await;
    let statuses: Vec<_> = answers.iter().map(|(status, _)| *status).collect();
    assert_eq!(statuses.iter().filter(|s| **s == StatusCode::OK).count(), 1, "{statuses:?}");
    assert_eq!(statuses.iter().filter(|s| **s == StatusCode::CONFLICT).count(), 9, "{statuses:?}");
}

#[tokio::test]
async fn an_apply_withdraw_loop_texts_the_owner_once_and_stops_at_the_daily_limit() {
    let app = crate::support::spawn().await;
    let (_, owner) = member(&app, "陳大文", "91234567").await;
    let (tutor_id, tutor) = member(&app, "黃老師", "63456789").await;
    make_active_tutor(&app, tutor_id).await;
    let (status, case) = call(&app, "POST", "/cases", Some(&owner), Some(case_form())).await;
    assert_eq!(status, StatusCode::OK, "{case}");
    let n = case["caseId"].as_i64().unwrap();
    use tutorhub_domain::cases::model::CaseStatus;
    assert!(app.cases.transition(n, CaseStatus::Pending, CaseStatus::Approved, chrono::Utc::now()).await.unwrap());
    let apply = json!({"caseId": n, "availableTimes": "星期一晚上"});
    for round in 0..30 {
        let (status, application) = call(&app, "POST", "/cases/apply", Some(&tutor), Some(apply.clone())).await;
        assert_eq!(status, StatusCode::OK, "round {round}: {application}");
        let withdraw = format!("/cases/applied/{}/withdraw", application["id"].as_str().unwrap());
        assert_eq!(call(&app, "POST", &withdraw, Some(&tutor), None).await.0, StatusCode::OK);
    }
    let (status, body) = call(&app, "POST", "/cases/apply", Some(&tutor), Some(apply)).await;
    assert_eq!(
        (status, body["code"].as_str(), body["error"].as_str()),
        (StatusCode::TOO_MANY_REQUESTS, Some("RATE_LIMITED"), Some("申請次數已達上限（每 24 小時最多 30 次），請稍後再試"))
    );
    let to_owner: Vec<_> =
        crate::support::sms_outbox(&app).into_iter().filter(|(to, _)| to == "+85291234567").map(|(_, body)| body).collect();
    assert_eq!(to_owner, [format!("【tutorhub】你的補習個案 {n} 有新的導師申請，請登入查看：https://tutorhub.example.hk/my-cases")]);
}

#[tokio::test]
async fn a_control_character_in_the_query_string_is_a_400_naming_the_parameter() {
    let app = crate::support::spawn().await;
    for uri in ["/cases?subjects=%00", "/cases?page=1&subjects=%E6%95%B8%0A", "/tutors?areas=%1B"] {
        let (status, body) = call(&app, "GET", uri, None, None).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{uri}: {body}");
        assert_eq!(body["code"], "VALIDATION_FAILED", "{uri}");
        assert_eq!(body["errors"][0]["message"], "不可包含控制字元", "{uri}");
    }
    let (_, body) = call(&app, "GET", "/cases?subjects=%00", None, None).await;
    assert_eq!((body["error"].as_str(), body["errors"][0]["field"].as_str()), (Some("參數「subjects」不可包含控制字元"), Some("subjects")));
    let (status, _) = call(&app, "GET", "/cases?subjects=%E6%95%B8%E5%AD%B8", None, None).await;
    assert_eq!(status, StatusCode::OK, "ordinary text passes");
}

/// Issue 39: the boards answered 200 to values no catalogue holds, and kept each one in memory.
/// Every filter is read against the catalogue: junk is a 400 naming the field, in zh-HK.
#[tokio::test]
async fn a_filter_value_the_catalogue_does_not_hold_is_a_400_naming_the_field() {
    let app = crate::support::spawn().await;
    let long = "x".repeat(60_000);
    for (uri, field, message) in [
        (format!("/cases?subjects={long}"), "subjects", "科目不正確"),
        (format!("/tutors?subjects={long}"), "subjects", "科目不正確"),
        ("/cases?grades=中七".into(), "grades", "年級不正確"),
        ("/cases?level=primary&grades=中三".into(), "grades", "年級不正確"),
        ("/cases?level=primary&subjects=物理".into(), "subjects", "科目不正確"),
        ("/cases?districts=火星區".into(), "districts", "地區不正確"),
        ("/tutors?districts=觀塘區&districts=x".into(), "districts", "地區不正確"),
        ("/cases?areas=月球".into(), "areas", "地點不正確"),
        ("/tutors?areas=月球".into(), "areas", "地點不正確"),
        ("/cases?level=college".into(), "level", "教育程度不正確"),
        ("/tutors?region=火星".into(), "region", "區域不正確"),
        ("/cases?postType=x".into(), "postType", "個案類型不正確"),
        (format!("/cases?level=tertiary&subjects={}", "代".repeat(41)), "subjects", "科目不可多於 40 個字"),
        (format!("/tutors?q={}", "字".repeat(101)), "q", "搜尋字詞最多 100 個字"),
    ] {
        let (status, body) = call(&app, "GET", &uri, None, None).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{}: {body}", &uri[..uri.len().min(80)]);
        assert_eq!((body["code"].as_str(), body["errors"][0]["field"].as_str()), (Some("VALIDATION_FAILED"), Some(field)), "{body}");
        assert_eq!(body["errors"][0]["message"], message);
    }
    // What the catalogue holds passes, spaces and repeats included; tertiary subjects are typed.
    for uri in [
        "/cases?level=secondary&grades=%20中三&grades=中三&subjects=數學&districts=觀塘區&areas=藍田&minRate=abc",
        "/tutors?level=secondary&subjects=數學&subjects=物理&region=九龍&areas=藍田",
        "/cases?level=tertiary&subjects=量子力學",
        "/tutors?level=tertiary&subjects=會計",
    ] {
        let (status, body) = call(&app, "GET", uri, None, None).await;
        assert_eq!(status, StatusCode::OK, "{uri}: {body}");
    }
}

#[tokio::test]
async fn a_nul_in_a_json_text_field_is_a_400_on_that_field() {
    let app = crate::support::spawn().await;
    let (_, owner) = member(&app, "陳大文", "91234567").await;
    let mut form = case_form();
    form["postTitle"] = json!("中三\u{0}數學");
    form["description"] = json!("第一行\n第二行");
    let (status, body) = call(&app, "POST", "/cases", Some(&owner), Some(form)).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(body["errors"], json!([{"field": "postTitle", "message": "標題不可包含控制字元"}]));
}
