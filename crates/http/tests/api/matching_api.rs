//! Cases, applications and bookings over HTTP: the authorization matrix of every write
//! (owner, other member, tutor, anonymous), the journeys, offers and their deadline, and
//! contact disclosure.

use poem::http::StatusCode;
use serde_json::{Value, json};

use crate::support::api::{approve, call, case_form, posted_case};
use crate::support::{TestApp, make_active_tutor, make_tutor_teaching, member};

/// The cast: a case owner, another member, an active tutor and a second tutor.
struct Cast {
    owner: String,
    other: String,
    tutor: String,
    tutor2: String,
}

async fn cast(app: &TestApp) -> Cast {
    let (_, owner) = member(app, "陳大文", "91234567").await;
    let (_, other) = member(app, "李小明", "92345678").await;
    let (tutor_id, tutor) = member(app, "黃老師", "63456789").await;
    let (tutor2_id, tutor2) = member(app, "張老師", "64567890").await;
    make_active_tutor(app, tutor_id).await;
    make_active_tutor(app, tutor2_id).await;
    Cast { owner, other, tutor, tutor2 }
}

#[tokio::test]
async fn a_posted_case_waits_for_approval_and_only_its_owner_sees_it() {
    let app = crate::support::spawn().await;
    let c = cast(&app).await;
    let (status, body) = call(&app, "POST", "/cases", Some(&c.owner), Some(case_form())).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!((body["status"].as_str(), body["subject"].as_str()), (Some("pending"), Some("中三 數學")));
    let n = body["caseId"].as_i64().unwrap();
    let uri = format!("/cases/{n}");
    assert_eq!(call(&app, "GET", &uri, Some(&c.owner), None).await.0, StatusCode::OK);
    assert_eq!(call(&app, "GET", &uri, Some(&c.other), None).await.0, StatusCode::NOT_FOUND);
    assert_eq!(call(&app, "GET", &uri, None, None).await.0, StatusCode::NOT_FOUND);
    let (_, mine) = call(&app, "GET", "/cases/mine", Some(&c.owner), None).await;
    assert_eq!(mine["total"], 1);
    approve(&app, n).await;
    assert_eq!(call(&app, "GET", &uri, None, None).await.0, StatusCode::OK);
}

#[tokio::test]
async fn posting_rules_missing_fields_and_tutor_seeking_student() {
    let app = crate::support::spawn().await;
    let c = cast(&app).await;
    let (status, body) = call(&app, "POST", "/cases", Some(&c.owner), Some(json!({}))).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(body["errors"].as_array().unwrap().iter().any(|e| e["field"] == "postTitle"));
    let mut form = case_form();
    form["postType"] = json!("tutor-seeking-student");
    let (status, body) = call(&app, "POST", "/cases", Some(&c.owner), Some(form.clone())).await;
    assert_eq!((status, body["code"].as_str()), (StatusCode::FORBIDDEN, Some("TUTORS_ONLY")));
    assert_eq!(call(&app, "POST", "/cases", Some(&c.tutor), Some(form)).await.0, StatusCode::OK);
}

#[tokio::test]
async fn a_case_of_junk_a_past_start_and_a_phone_is_refused_field_by_field() {
    let app = crate::support::spawn().await;
    let c = cast(&app).await;
    let mut form = case_form();
    form["postTitle"] = json!("x");
    form["startDate"] = json!((chrono::Utc::now() - chrono::Duration::days(3)).format("%Y-%m-%d").to_string());
    form["description"] = json!("whatsapp 我 9123 4567");
    let (status, body) = call(&app, "POST", "/cases", Some(&c.owner), Some(form)).await;
    assert_eq!((status, body["code"].as_str()), (StatusCode::BAD_REQUEST, Some("VALIDATION_FAILED")));
    let errors: Vec<(&str, &str)> =
        body["errors"].as_array().unwrap().iter().map(|e| (e["field"].as_str().unwrap(), e["message"].as_str().unwrap())).collect();
    assert_eq!(
        errors,
        [
            ("postTitle", "標題最少要有 4 個字"),
            (
                "description",
                "為保障雙方，個案描述不可包含電話號碼或其他聯絡方法；導師確認配對後，雙方會在「我的個案」及「我的申請」看到對方的電話。"
            ),
            ("startDate", "開始日期不可早於今天"),
        ]
    );
    assert_eq!(call(&app, "GET", "/cases/mine", Some(&c.owner), None).await.1["total"], 0, "nothing was posted");
}

#[tokio::test]
async fn authorization_matrix_of_every_case_write() {
    let app = crate::support::spawn().await;
    let c = cast(&app).await;
    let n = posted_case(&app, &c.owner).await;
    approve(&app, n).await;
    let edit = format!("/cases/{n}");
    let list = format!("/cases/{n}/applications");

    // Posting: anonymous 401; any member may.
    assert_eq!(call(&app, "POST", "/cases", None, Some(case_form())).await.0, StatusCode::UNAUTHORIZED);
    // Editing: the owner only.
    assert_eq!(call(&app, "PUT", &edit, None, Some(case_form())).await.0, StatusCode::UNAUTHORIZED);
    assert_eq!(call(&app, "PUT", &edit, Some(&c.other), Some(case_form())).await.0, StatusCode::FORBIDDEN);
    assert_eq!(call(&app, "PUT", &edit, Some(&c.tutor), Some(case_form())).await.0, StatusCode::FORBIDDEN);
    // Applying: active tutors only, never to their own case.
    let apply = |times: &str| json!({"caseId": n, "availableTimes": times});
    assert_eq!(call(&app, "POST", "/cases/apply", None, Some(apply("星期六"))).await.0, StatusCode::UNAUTHORIZED);
    assert_eq!(call(&app, "POST", "/cases/apply", Some(&c.other), Some(apply("星期六"))).await.0, StatusCode::FORBIDDEN);
    assert_eq!(call(&app, "POST", "/cases/apply", Some(&c.owner), Some(apply("星期六"))).await.0, StatusCode::FORBIDDEN);
    let (status, application) = call(&app, "POST", "/cases/apply", Some(&c.tutor), Some(apply("星期六下午"))).await;
    assert_eq!(status, StatusCode::OK, "{application}");
    let select = format!("/cases/{n}/applications/{}/select", application["id"].as_str().unwrap());
    // Applicants and selecting: the owner only.
    for token in [&c.other, &c.tutor] {
        assert_eq!(call(&app, "GET", &list, Some(token), None).await.0, StatusCode::FORBIDDEN);
        assert_eq!(call(&app, "POST", &select, Some(token), Some(json!({}))).await.0, StatusCode::FORBIDDEN);
    }
    assert_eq!(call(&app, "GET", &list, None, None).await.0, StatusCode::UNAUTHORIZED);
    assert_eq!(call(&app, "POST", &select, None, Some(json!({}))).await.0, StatusCode::UNAUTHORIZED);
    assert_eq!(call(&app, "POST", &select, Some(&c.owner), Some(json!({}))).await.0, StatusCode::OK);
    // Answering the offer: the chosen tutor only.
    let confirm = format!("/cases/applied/{}/confirm", application["id"].as_str().unwrap());
    let decline = format!("/cases/applied/{}/decline", application["id"].as_str().unwrap());
    let first = in_two_days();
    assert_eq!(call(&app, "POST", &confirm, None, Some(first.clone())).await.0, StatusCode::UNAUTHORIZED);
    assert_eq!(call(&app, "POST", &decline, None, None).await.0, StatusCode::UNAUTHORIZED);
    for token in [&c.owner, &c.other, &c.tutor2] {
        assert_eq!(call(&app, "POST", &confirm, Some(token), Some(first.clone())).await.0, StatusCode::FORBIDDEN);
        assert_eq!(call(&app, "POST", &decline, Some(token), None).await.0, StatusCode::FORBIDDEN);
    }
    // The owner's edit of the case waits for the tutor's answer.
    let (status, body) = call(&app, "PUT", &edit, Some(&c.owner), Some(case_form())).await;
    assert_eq!((status, body["code"].as_str()), (StatusCode::CONFLICT, Some("ILLEGAL_TRANSITION")));
}

#[tokio::test]
async fn the_owner_edits_a_case_and_it_returns_to_moderation() {
    let app = crate::support::spawn().await;
    let c = cast(&app).await;
    let n = posted_case(&app, &c.owner).await;
    approve(&app, n).await;
    let mut form = case_form();
    form["subjects"] = json!(["物理", "化學"]);
    let (status, body) = call(&app, "PUT", &format!("/cases/{n}"), Some(&c.owner), Some(form)).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!((body["subject"].as_str(), body["status"].as_str()), (Some("中三 物理、化學"), Some("pending")));
}

#[tokio::test]
async fn applying_twice_is_a_conflict_and_a_full_case_says_so() {
    let app = crate::support::spawn().await;
    let c = cast(&app).await;
    let n = posted_case(&app, &c.owner).await;
    approve(&app, n).await;
    let apply = json!({"caseId": n, "availableTimes": "星期一晚上"});
    assert_eq!(call(&app, "POST", "/cases/apply", Some(&c.tutor), Some(apply.clone())).await.0, StatusCode::OK);
    let (status, body) = call(&app, "POST", "/cases/apply", Some(&c.tutor), Some(apply.clone())).await;
    assert_eq!((status, body["code"].as_str()), (StatusCode::CONFLICT, Some("ALREADY_APPLIED")));
    let (status, body) = call(&app, "POST", "/cases/apply", Some(&c.tutor2), Some(json!({"caseId": n, "availableTimes": " "}))).await;
    assert_eq!((status, body["errors"][0]["field"].as_str()), (StatusCode::BAD_REQUEST, Some("availableTimes")));
    assert_eq!(call(&app, "POST", "/cases/apply", Some(&c.tutor2), Some(apply.clone())).await.0, StatusCode::OK);
    for phone in ["65550001", "65550002"] {
        let (id, token) = member(&app, "何老師", phone).await;
        make_active_tutor(&app, id).await;
        let (status, body) = call(&app, "POST", "/cases/apply", Some(&token), Some(apply.clone())).await;
        if phone == "65550001" {
            assert_eq!(status, StatusCode::OK, "{body}");
        } else {
            assert_eq!((status, body["code"].as_str()), (StatusCode::CONFLICT, Some("CASE_FULL")));
        }
    }
    let (_, case) = call(&app, "GET", &format!("/cases/{n}"), None, None).await;
    assert_eq!((case["applicantCount"].as_u64(), case["full"].as_bool()), (Some(3), Some(true)));
    let (_, applied) = call(&app, "GET", "/cases/applied", Some(&c.tutor), None).await;
    assert_eq!(applied["items"][0]["caseId"], n);
    assert_eq!(applied["items"][0]["status"], "applied");
    // The owner heard of the first applicant; the others within the hour only show in the app.
    assert_eq!(crate::support::sms_outbox(&app).iter().filter(|(to, _)| to == "+85291234567").count(), 1);
}

/// The owner's applicants and their ids by tutor name.
async fn applicants(app: &TestApp, owner: &str, n: i64) -> Value {
    let (status, list) = call(app, "GET", &format!("/cases/{n}/applications"), Some(owner), None).await;
    assert_eq!(status, StatusCode::OK, "{list}");
    list
}

fn id_of(list: &Value, name: &str) -> String {
    list["items"].as_array().unwrap().iter().find(|a| a["tutor"]["name"] == name).unwrap()["id"].as_str().unwrap().to_string()
}

/// A first lesson at 19:00 Hong Kong time, `days` from `now` (a quarter hour of the day, as
/// the rule wants).
fn first_lesson(now: chrono::DateTime<chrono::Utc>, days: i64) -> Value {
    let day = (now + chrono::Duration::hours(8) + chrono::Duration::days(days)).date_naive();
    json!({"firstLessonAt": format!("{day}T19:00:00+08:00")})
}

fn in_two_days() -> Value {
    first_lesson(chrono::Utc::now(), 2)
}

#[tokio::test]
async fn an_offer_discloses_contacts_only_once_the_tutor_confirms_and_declines_the_rest_quietly() {
    let app = crate::support::spawn().await;
    let c = cast(&app).await;
    let n = posted_case(&app, &c.owner).await;
    approve(&app, n).await;
    for token in [&c.tutor, &c.tutor2] {
        call(&app, "POST", "/cases/apply", Some(token), Some(json!({"caseId": n, "availableTimes": "週末"}))).await;
    }
    let list = applicants(&app, &c.owner, n).await;
    assert_eq!(list["items"].as_array().unwrap().len(), 2);
    assert!(!list.to_string().contains("+852"), "{list}");
    let chosen = id_of(&list, "黃老師");
    let select = format!("/cases/{n}/applications/{chosen}/select");
    // A fee outside the two asks is refused in zh-HK, and nothing is offered.
    let (status, body) = call(&app, "POST", &select, Some(&c.owner), Some(json!({"feePerLesson": 900}))).await;
    assert_eq!((status, body["errors"][0]["field"].as_str()), (StatusCode::BAD_REQUEST, Some("feePerLesson")));
    assert_eq!(body["errors"][0]["message"], "每堂學費須為 HK$300", "this tutor asks the case's fee");
    let (status, offered) = call(&app, "POST", &select, Some(&c.owner), Some(json!({"feePerLesson": 300}))).await;
    assert_eq!(status, StatusCode::OK, "{offered}");
    assert_eq!((offered["status"].as_str(), offered["offer"]["status"].as_str()), (Some("offered"), Some("open")));
    assert_eq!(offered["offer"]["feePerLesson"], 300.0);
    assert!(offered.get("contact").is_none());
    // While the tutor decides: no phone in any answer, off the board, no second offer.
    let (_, applied) = call(&app, "GET", "/cases/applied", Some(&c.tutor), None).await;
    assert_eq!((applied["items"][0]["status"].as_str(), applied["items"][0]["offer"]["status"].as_str()), (Some("offered"), Some("open")));
    for answer in [applied.clone(), applicants(&app, &c.owner, n).await, offered.clone()] {
        assert!(!answer.to_string().contains("+852"), "{answer}");
    }
    let (_, board) = call(&app, "GET", "/cases/public", None, None).await;
    assert_eq!(board["total"], 0);
    let other = id_of(&list, "張老師");
    let (status, body) = call(&app, "POST", &format!("/cases/{n}/applications/{other}/select"), Some(&c.owner), Some(json!({}))).await;
    assert_eq!((status, body["error"].as_str()), (StatusCode::CONFLICT, Some("個案狀態為「待導師確認」，不能選擇導師")));
    assert_eq!(call(&app, "GET", &format!("/cases/{n}"), Some(&c.tutor), None).await.0, StatusCode::NOT_FOUND);

    // A first lesson in the past is refused in zh-HK and changes nothing.
    let confirm = format!("/cases/applied/{chosen}/confirm");
    let (status, body) = call(&app, "POST", &confirm, Some(&c.tutor), Some(first_lesson(chrono::Utc::now(), -1))).await;
    assert_eq!((status, body["errors"][0]["message"].as_str()), (StatusCode::BAD_REQUEST, Some("第一堂的時間必須在現在之後")));
    let odd = json!({"firstLessonAt": (chrono::Utc::now() + chrono::Duration::days(2)).format("%Y-%m-%dT03:10:00+08:00").to_string()});
    let (status, body) = call(&app, "POST", &confirm, Some(&c.tutor), Some(odd)).await;
    assert_eq!((status, body["errors"][0]["field"].as_str()), (StatusCode::BAD_REQUEST, Some("firstLessonAt")));
    let (status, _) = call(&app, "POST", &confirm, Some(&c.tutor), Some(json!({"firstLessonAt": "next tuesday"}))).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(applicants(&app, &c.owner, n).await["case"]["status"], "offered");

    let (status, confirmed) = call(&app, "POST", &confirm, Some(&c.tutor), Some(in_two_days())).await;
    assert_eq!((status, confirmed["status"].as_str()), (StatusCode::OK, Some("confirmed")), "{confirmed}");
    assert!(confirmed["firstLessonAt"].is_string());
    // Now both sides see each other; the other applicant sees only that someone else was chosen.
    let list = applicants(&app, &c.owner, n).await;
    let matched = list["items"].as_array().unwrap().iter().find(|a| a["id"] == chosen.as_str()).unwrap();
    assert_eq!((matched["status"].as_str(), matched["contact"]["phone"].as_str()), (Some("selected"), Some("+85263456789")));
    assert_eq!(list["case"]["status"], "matched");
    let (_, applied) = call(&app, "GET", "/cases/applied", Some(&c.tutor), None).await;
    assert_eq!(applied["items"][0]["ownerContact"]["phone"], "+85291234567");
    let (_, applied2) = call(&app, "GET", "/cases/applied", Some(&c.tutor2), None).await;
    assert_eq!(applied2["items"][0]["status"], "declined");
    assert!(!applied2.to_string().contains("+852"), "{applied2}");
    // The matched tutor keeps reading the whole case; nobody else but the owner does.
    let (status, case) = call(&app, "GET", &format!("/cases/{n}"), Some(&c.tutor), None).await;
    assert_eq!((status, case["description"].as_str()), (StatusCode::OK, Some("希望提升代數")));
    for someone_else in [Some(c.tutor2.as_str()), Some(c.other.as_str()), None] {
        assert_eq!(call(&app, "GET", &format!("/cases/{n}"), someone_else, None).await.0, StatusCode::NOT_FOUND);
    }
    // Answering twice is refused.
    let (status, body) = call(&app, "POST", &format!("/cases/applied/{chosen}/decline"), Some(&c.tutor), None).await;
    assert_eq!((status, body["error"].as_str()), (StatusCode::CONFLICT, Some("你已確認這個邀約")));
    let outbox = crate::support::sms_outbox(&app);
    assert!(outbox.iter().any(|(to, body)| to == "+85263456789" && body.contains("24 小時內")), "{outbox:?}");
    assert!(outbox.iter().any(|(to, body)| to == "+85291234567" && body.contains("導師已確認")), "{outbox:?}");
    assert!(!outbox.iter().any(|(to, _)| to == "+85264567890"), "no SMS to those not chosen: {outbox:?}");
}

#[tokio::test]
async fn an_unanswered_offer_lapses_after_24_hours_and_the_owner_chooses_again() {
    use tutorhub_domain::shared::clock::{Clock, ManualClock};
    let clock = std::sync::Arc::new(ManualClock::at(chrono::Utc::now()));
    let app = crate::support::spawn_with_clock(clock.clone()).await;
    let c = cast(&app).await;
    let n = posted_case(&app, &c.owner).await;
    approve(&app, n).await;
    for token in [&c.tutor, &c.tutor2] {
        call(&app, "POST", "/cases/apply", Some(token), Some(json!({"caseId": n, "availableTimes": "週末"}))).await;
    }
    let list = applicants(&app, &c.owner, n).await;
    let (first, second) = (id_of(&list, "黃老師"), id_of(&list, "張老師"));
    assert_eq!(
        call(&app, "POST", &format!("/cases/{n}/applications/{first}/select"), Some(&c.owner), Some(json!({}))).await.0,
        StatusCode::OK
    );
    clock.advance(chrono::Duration::hours(23));
    assert_eq!(app.offers.lapse_due().await.unwrap(), 0, "not yet");
    clock.advance(chrono::Duration::hours(1));
    // Past the deadline the tutor can no longer confirm, even before the job has run.
    let (status, body) = call(
        &app,
        "POST",
        &format!("/cases/applied/{first}/confirm"),
        Some(&c.tutor),
        Some(json!({
            "firstLessonAt": (clock.now() + chrono::Duration::days(2)).to_rfc3339()
        })),
    )
    .await;
    assert_eq!((status, body["error"].as_str()), (StatusCode::CONFLICT, Some("這個邀約已逾時，個案已重新開放給其他導師")));
    assert_eq!(app.offers.lapse_due().await.unwrap(), 1);
    assert_eq!(app.offers.lapse_due().await.unwrap(), 0, "once");
    // Open again, with the other applicant still there; the lapsed one is marked.
    let list = applicants(&app, &c.owner, n).await;
    assert_eq!(list["case"]["status"], "approved");
    // (The clock stands still, so both applied at one instant: compare without order.)
    let mut statuses: Vec<_> =
        list["items"].as_array().unwrap().iter().map(|a| (a["tutor"]["name"].to_string(), a["status"].to_string())).collect();
    statuses.sort();
    assert_eq!(statuses, vec![(r#""張老師""#.into(), r#""applied""#.into()), (r#""黃老師""#.into(), r#""lapsed""#.into())]);
    let (_, board) = call(&app, "GET", "/cases/public", None, None).await;
    assert_eq!(board["total"], 1);
    assert!(crate::support::sms_outbox(&app).iter().any(|(to, body)| to == "+85291234567" && body.contains("重新開放")));
    // The owner chooses again; this tutor declines; the case is open once more.
    assert_eq!(
        call(&app, "POST", &format!("/cases/{n}/applications/{second}/select"), Some(&c.owner), Some(json!({}))).await.0,
        StatusCode::OK
    );
    let (status, body) = call(&app, "POST", &format!("/cases/applied/{second}/decline"), Some(&c.tutor2), None).await;
    assert_eq!((status, body["status"].as_str()), (StatusCode::OK, Some("declined")));
    assert_eq!(applicants(&app, &c.owner, n).await["case"]["status"], "approved");
}

#[tokio::test]
async fn a_tutor_withdraws_an_open_application_and_may_apply_again() {
    let app = crate::support::spawn().await;
    let c = cast(&app).await;
    let n = posted_case(&app, &c.owner).await;
    approve(&app, n).await;
    let apply = json!({"caseId": n, "availableTimes": "星期一晚上"});
    let (_, mine) = call(&app, "POST", "/cases/apply", Some(&c.tutor), Some(apply.clone())).await;
    call(&app, "POST", "/cases/apply", Some(&c.tutor2), Some(apply.clone())).await;
    let id = mine["id"].as_str().unwrap().to_string();
    let withdraw = format!("/cases/applied/{id}/withdraw");

    assert_eq!(call(&app, "POST", &withdraw, None, None).await.0, StatusCode::UNAUTHORIZED);
    for someone_else in [&c.tutor2, &c.owner, &c.other] {
        let (status, body) = call(&app, "POST", &withdraw, Some(someone_else), None).await;
        assert_eq!((status, body["code"].as_str()), (StatusCode::FORBIDDEN, Some("NOT_YOUR_APPLICATION")));
    }
    let missing = format!("/cases/applied/{}/withdraw", uuid::Uuid::new_v4());
    assert_eq!(call(&app, "POST", &missing, Some(&c.tutor), None).await.0, StatusCode::NOT_FOUND);

    let (status, body) = call(&app, "POST", &withdraw, Some(&c.tutor), None).await;
    assert_eq!((status, body["status"].as_str(), body["id"].as_str()), (StatusCode::OK, Some("withdrawn"), Some(id.as_str())));
    let (_, applied) = call(&app, "GET", "/cases/applied", Some(&c.tutor), None).await;
    assert_eq!(applied["items"][0]["status"], "withdrawn");
    // The owner no longer sees (nor can pick) the withdrawn applicant; the place is free.
    let (_, list) = call(&app, "GET", &format!("/cases/{n}/applications"), Some(&c.owner), None).await;
    let names: Vec<_> = list["items"].as_array().unwrap().iter().map(|a| a["tutor"]["name"].clone()).collect();
    assert_eq!(names, vec![json!("張老師")]);
    assert_eq!(list["case"]["applicantCount"], 1);
    let (status, _) = call(&app, "POST", &format!("/cases/{n}/applications/{id}/select"), Some(&c.owner), Some(json!({}))).await;
    assert_eq!(status, StatusCode::CONFLICT);
    let (status, body) = call(&app, "POST", &withdraw, Some(&c.tutor), None).await;
    assert_eq!((status, body["error"].as_str()), (StatusCode::CONFLICT, Some("申請狀態為「已撤回」，不能撤回")));

    // Applying again reopens the same application with the new times.
    let again = json!({"caseId": n, "availableTimes": "星期六上午"});
    let (status, body) = call(&app, "POST", "/cases/apply", Some(&c.tutor), Some(again)).await;
    assert_eq!((status, body["id"].as_str(), body["status"].as_str()), (StatusCode::OK, Some(id.as_str()), Some("applied")));
    let (_, list) = call(&app, "GET", &format!("/cases/{n}/applications"), Some(&c.owner), None).await;
    assert_eq!((list["items"].as_array().unwrap().len(), list["case"]["applicantCount"].as_u64()), (2, Some(2)));
    assert_eq!(list["items"][1]["availableTimes"], "星期六上午");
    // One SMS about new applicants per case and hour: the re-apply is in the app only.
    assert_eq!(crate::support::sms_outbox(&app).iter().filter(|(to, _)| to == "+85291234567").count(), 1);

    // Once offered, the tutor answers the offer instead; after the match neither side's
    // application can be withdrawn.
    let (status, _) = call(&app, "POST", &format!("/cases/{n}/applications/{id}/select"), Some(&c.owner), Some(json!({}))).await;
    assert_eq!(status, StatusCode::OK);
    let (status, body) = call(&app, "POST", &withdraw, Some(&c.tutor), None).await;
    assert_eq!((status, body["error"].as_str()), (StatusCode::CONFLICT, Some("申請狀態為「待導師確認」，不能撤回")));
    let (status, _) = call(&app, "POST", &format!("/cases/applied/{id}/confirm"), Some(&c.tutor), Some(in_two_days())).await;
    assert_eq!(status, StatusCode::OK);
    let (status, body) = call(&app, "POST", &withdraw, Some(&c.tutor), None).await;
    assert_eq!((status, body["error"].as_str()), (StatusCode::CONFLICT, Some("申請狀態為「已獲選」，不能撤回")));
    let (_, applied2) = call(&app, "GET", "/cases/applied", Some(&c.tutor2), None).await;
    let declined = format!("/cases/applied/{}/withdraw", applied2["items"][0]["id"].as_str().unwrap());
    let (status, body) = call(&app, "POST", &declined, Some(&c.tutor2), None).await;
    assert_eq!((status, body["error"].as_str()), (StatusCode::CONFLICT, Some("申請狀態為「未獲選」，不能撤回")));
}

#[tokio::test]
async fn bookings_authorization_masking_and_answers() {
    let app = crate::support::spawn().await;
    let (tutor_id, tutor) = member(&app, "黃老師", "63456789").await;
    make_active_tutor(&app, tutor_id).await;
    let (_, booker) = member(&app, "陳大文", "91234567").await;
    let (_, other) = member(&app, "李小明", "92345678").await;
    let book = json!({"tutorId": tutor_id, "bookingTime": "星期三 19:00-21:00", "lessonPlace": "online", "message": "中三，想操卷"});
    assert_eq!(call(&app, "POST", "/bookings", None, Some(book.clone())).await.0, StatusCode::UNAUTHORIZED);
    // A subject the tutor does not teach (this tutor teaches 中學 數學 only), an unknown place.
    let (status, body) =
        call(&app, "POST", "/bookings", Some(&booker), Some(json!({"tutorId": tutor_id, "bookingTime": "星期三", "subject": "中學 化學"})))
            .await;
    assert_eq!((status, body["errors"][0]["field"].as_str()), (StatusCode::BAD_REQUEST, Some("subject")));
    let teleport = json!({"tutorId": tutor_id, "bookingTime": "星期三", "lessonPlace": "teleport"});
    assert_eq!(call(&app, "POST", "/bookings", Some(&booker), Some(teleport)).await.0, StatusCode::BAD_REQUEST);
    let (status, body) = call(&app, "POST", "/bookings", Some(&booker), Some(json!({"tutorId": tutor_id, "bookingTime": ""}))).await;
    assert_eq!((status, body["errors"][0]["message"].as_str()), (StatusCode::BAD_REQUEST, Some("請填寫預約時間")));
    assert_eq!(call(&app, "POST", "/bookings", Some(&tutor), Some(book.clone())).await.0, StatusCode::BAD_REQUEST);
    let (status, booking) = call(&app, "POST", "/bookings", Some(&booker), Some(book.clone())).await;
    assert_eq!((status, booking["status"].as_str()), (StatusCode::OK, Some("pending")));
    let id = booking["id"].as_str().unwrap();

    let table = format!("/tutors/{tutor_id}/bookings");
    let (_, seen_by_other) = call(&app, "GET", &table, Some(&other), None).await;
    assert_eq!(seen_by_other["items"][0]["userName"], "陳**");
    assert!(seen_by_other["items"][0].get("userId").is_none());
    let (_, seen_by_booker) = call(&app, "GET", &table, Some(&booker), None).await;
    assert_eq!(seen_by_booker["items"][0]["userName"], "陳大文");
    // Where and the message: for the two sides only.
    assert!(seen_by_other["items"][0].get("lessonPlace").is_none() && seen_by_other["items"][0].get("message").is_none());
    assert_eq!(
        (seen_by_booker["items"][0]["lessonPlace"].as_str(), seen_by_booker["items"][0]["message"].as_str()),
        (Some("online"), Some("中三，想操卷"))
    );
    let (_, seen_by_tutor) = call(&app, "GET", "/bookings/mine", Some(&tutor), None).await;
    assert_eq!(seen_by_tutor["items"][0]["message"], "中三，想操卷");
    assert!(!seen_by_other.to_string().contains("+852") && !seen_by_booker.to_string().contains("+852"));

    // Accept/decline: the tutor only; cancel: the booker only.
    for action in ["accept", "decline"] {
        let uri = format!("/bookings/{id}/{action}");
        assert_eq!(call(&app, "POST", &uri, None, None).await.0, StatusCode::UNAUTHORIZED);
        assert_eq!(call(&app, "POST", &uri, Some(&booker), None).await.0, StatusCode::FORBIDDEN);
        assert_eq!(call(&app, "POST", &uri, Some(&other), None).await.0, StatusCode::NOT_FOUND);
    }
    let cancel = format!("/bookings/{id}/cancel");
    assert_eq!(call(&app, "POST", &cancel, Some(&tutor), None).await.0, StatusCode::FORBIDDEN);
    assert_eq!(call(&app, "POST", &cancel, Some(&other), None).await.0, StatusCode::NOT_FOUND);

    let (status, accepted) = call(&app, "POST", &format!("/bookings/{id}/accept"), Some(&tutor), None).await;
    assert_eq!((status, accepted["status"].as_str()), (StatusCode::OK, Some("accepted")));
    assert_eq!(accepted["contact"]["phone"], "+85291234567");
    let (status, body) = call(&app, "POST", &format!("/bookings/{id}/decline"), Some(&tutor), None).await;
    assert_eq!((status, body["code"].as_str()), (StatusCode::CONFLICT, Some("ILLEGAL_TRANSITION")));
    let (_, mine) = call(&app, "GET", "/bookings/mine", Some(&booker), None).await;
    assert_eq!(
        (mine["items"][0]["status"].as_str(), mine["items"][0]["contact"]["phone"].as_str()),
        (Some("accepted"), Some("+85263456789"))
    );
    assert_eq!(call(&app, "POST", &cancel, Some(&booker), None).await.1["status"], "cancelled");
    let outbox = crate::support::sms_outbox(&app);
    assert!(outbox.iter().any(|(to, body)| to == "+85263456789" && body.contains("預約")));
    assert!(outbox.iter().any(|(to, body)| to == "+85291234567" && body.contains("已接受")));
    // Booking someone who is not an active tutor.
    let (other_id, _) = member(&app, "周小姐", "93456789").await;
    let (status, _) = call(&app, "POST", "/bookings", Some(&booker), Some(json!({"tutorId": other_id, "bookingTime": "星期五"}))).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

/// Issue 34: a kindergarten tutor could apply to a secondary maths case, and its owner saw them
/// like anyone else.
#[tokio::test]
async fn a_tutor_applies_only_to_what_they_teach_and_the_owner_sees_who_fits_first() {
    let app = crate::support::spawn().await;
    let (_, owner) = member(&app, "陳大文", "91234567").await;
    let (kindergarten_id, kindergarten) = member(&app, "黃老師", "63456789").await;
    make_tutor_teaching(&app, kindergarten_id, &["幼稚園 幼兒英文"], "藍田", 300.0).await;
    let (far_id, far) = member(&app, "張老師", "64567890").await;
    make_tutor_teaching(&app, far_id, &["中學 數學"], "屯門", 450.0).await;
    let (near_id, near) = member(&app, "何老師", "65550001").await;
    make_active_tutor(&app, near_id).await;
    let n = posted_case(&app, &owner).await;
    approve(&app, n).await;
    let apply = json!({"caseId": n, "availableTimes": "星期六"});

    let (status, body) = call(&app, "POST", "/cases/apply", Some(&kindergarten), Some(apply.clone())).await;
    assert_eq!((status, body["code"].as_str()), (StatusCode::CONFLICT, Some("OUTSIDE_TEACHING")), "{body}");
    assert_eq!(body["error"], "你未有登記教授任何中學科目，不可申請這個個案");
    // Maths taught in 屯門 for HK$450 is not refused: the owner weighs it. It came first.
    for token in [&far, &near] {
        let (status, body) = call(&app, "POST", "/cases/apply", Some(token), Some(apply.clone())).await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
    // An application from before the rule, as the store holds it.
    {
        use tutorhub_domain::matching::model::{AvailableTimes, CaseApplication, CaseApplicationStatus};
        use tutorhub_domain::matching::ports::{ApplicationRepository, ApplyOutcome};
        let earlier = CaseApplication {
            id: uuid::Uuid::new_v4(),
            case_number: n,
            tutor_id: kindergarten_id,
            available_times: AvailableTimes::parse("星期日").unwrap(),
            status: CaseApplicationStatus::Applied,
            created_at: chrono::Utc::now() - chrono::Duration::days(1),
        };
        let store = tutorhub_adapters::SqlApplicationRepository::new(app.database.pool().clone());
        assert!(matches!(store.apply(earlier, 30).await.unwrap(), ApplyOutcome::Applied(_)));
    }

    let list = applicants(&app, &owner, n).await;
    let seen: Vec<(&str, &str, Value)> = list["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| (a["tutor"]["name"].as_str().unwrap(), a["fit"].as_str().unwrap(), a["fitGaps"].clone()))
        .collect();
    assert_eq!(
        seen,
        [("何老師", "full", json!([])), ("張老師", "partial", json!(["district", "fee"])), ("黃老師", "outside", json!(["level"]))],
        "fit first, then in order of arrival: {list}"
    );
}
