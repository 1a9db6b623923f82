//! The case board over HTTP: filters, paging, errors in the one JSON shape.

use chrono::{Duration, Utc};
use poem::http::StatusCode;
use serde_json::Value;
use tutorhub_domain::cases::model::{CaseDetails, CaseForm, CaseStatus, NewCase};
use uuid::Uuid;

fn case(area: &str, rate: f64, status: CaseStatus, age_minutes: i64) -> NewCase {
    let form = CaseForm {
        post_type: "student-seeking-tutor".into(),
        post_title: format!("{area} HK${rate}"),
        level: "secondary".into(),
        grade: "中三".into(),
        subjects: vec!["數學".into()],
        location: area.into(),
        rate: Some(rate),
        session_length: Some(90),
        sessions_per_week: Some(2),
        description: "需要加強代數".into(),
        preferred_gender: "no limit".into(),
        start_date: "2026-12-01".into(),
    };
    NewCase {
        id: Uuid::new_v4(),
        owner_id: None,
        details: CaseDetails::parse(&form).unwrap(),
        status,
        created_at: Utc::now() - Duration::minutes(age_minutes),
    }
}

async fn json(app: &crate::support::TestApp, uri: &str) -> (StatusCode, Value) {
    let response = app.client.get(uri).header("Accept", "application/json").send().await;
    let status = response.0.status();
    let body: Value = serde_json::from_str(&response.0.into_body().into_string().await.unwrap()).unwrap();
    (status, body)
}

async fn board() -> crate::support::TestApp {
    let app = crate::support::spawn().await;
    app.cases
        .insert(vec![
            case("藍田", 300.0, CaseStatus::Approved, 1),
            case("觀塘", 500.0, CaseStatus::Approved, 2),
            case("沙田", 450.0, CaseStatus::Approved, 3),
            case("藍田", 800.0, CaseStatus::Pending, 4),
        ])
        .await
        .unwrap();
    app
}

#[tokio::test]
async fn health_reports_ok() {
    let app = crate::support::spawn().await;
    assert_eq!(json(&app, "/health").await, (StatusCode::OK, serde_json::json!({"status": "ok"})));
}

#[tokio::test]
async fn catalogue_serves_levels_and_all_eighteen_districts() {
    let app = crate::support::spawn().await;
    let (status, body) = json(&app, "/catalogue").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["levels"].as_array().unwrap().len(), 5);
    let districts: usize = body["regions"].as_array().unwrap().iter().map(|r| r["districts"].as_array().unwrap().len()).sum();
    assert_eq!(districts, 18);
    assert_eq!(body["genders"][0], serde_json::json!({"key": "no limit", "label": "不限"}));
}

#[tokio::test]
async fn searching_by_district_and_minimum_fee_narrows_the_board() {
    let app = board().await;
    let (status, body) = json(&app, "/cases?districts=觀塘區&minRate=400").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["total"], 1);
    assert_eq!(body["items"][0]["location"], "觀塘");
    assert_eq!(body["items"][0]["rate"], 500.0);
    assert_eq!(body["items"][0]["subject"], "中三 數學");
    assert_eq!((body["page"].clone(), body["pageSize"].clone()), (1.into(), 20.into()));
}

#[tokio::test]
async fn a_maximum_fee_and_the_orders_by_fee_and_newest() {
    let app = board().await;
    let rates = |page: &Value| page["items"].as_array().unwrap().iter().map(|c| c["rate"].as_f64().unwrap()).collect::<Vec<_>>();
    assert_eq!(rates(&json(&app, "/cases?sort=feeLow").await.1), [300.0, 450.0, 500.0]);
    assert_eq!(rates(&json(&app, "/cases?sort=feeHigh&maxRate=480").await.1), [450.0, 300.0]);
    assert_eq!(rates(&json(&app, "/cases?sort=newest&q=數學").await.1), [300.0, 500.0, 450.0], "newest first, words or not");
    let (status, body) = json(&app, "/cases?minRate=500&maxRate=400").await;
    assert_eq!((status, body["errors"][0]["field"].as_str()), (StatusCode::BAD_REQUEST, Some("maxRate")));
    assert_eq!(body["errors"][0]["message"], "最高學費不可低於最低學費");
    let (status, body) = json(&app, "/cases?sort=rating").await;
    assert_eq!((status, body["errors"][0]["field"].as_str()), (StatusCode::BAD_REQUEST, Some("sort")), "a case has no rating");
}

#[tokio::test]
async fn the_legacy_approved_post_type_and_a_non_numeric_minimum_change_nothing() {
    let app = board().await;
    let (_, body) = json(&app, "/cases?postType=approved&minRate=abc").await;
    assert_eq!(body["total"], 3);
}

#[tokio::test]
async fn pages_differ_and_share_the_total() {
    let app = board().await;
    let (_, first) = json(&app, "/cases?pageSize=2").await;
    let (_, second) = json(&app, "/cases?pageSize=2&page=2").await;
    assert_eq!((first["total"].clone(), second["total"].clone()), (3.into(), 3.into()));
    assert_eq!(first["items"].as_array().unwrap().len(), 2);
    assert_eq!(second["items"].as_array().unwrap().len(), 1);
    assert_ne!(first["items"][0]["caseId"], second["items"][0]["caseId"]);
}

#[tokio::test]
async fn public_cases_are_the_newest_approved() {
    let app = board().await;
    let (_, body) = json(&app, "/cases/public?pageSize=1").await;
    assert_eq!(body["total"], 3);
    assert_eq!(body["items"][0]["location"], "藍田");
}

#[tokio::test]
async fn a_case_is_found_by_its_number_only_when_approved() {
    let app = board().await;
    let (status, body) = json(&app, "/cases/10001").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!((body["caseId"].clone(), body["description"].clone()), (10001.into(), "需要加強代數".into()));
    let (status, body) = json(&app, "/cases/10004").await;
    assert_eq!(status, StatusCode::NOT_FOUND, "a pending case is not public");
    assert_eq!(body["code"], "NOT_FOUND");
    assert_eq!(body["error"], "找不到這個補習個案");
}

#[tokio::test]
async fn the_case_page_says_whether_the_caller_posted_it_and_cards_carry_an_excerpt() {
    let app = crate::support::spawn().await;
    let (owner, owner_token) = crate::support::member(&app, "陳太", "61234567").await;
    let (_, other_token) = crate::support::member(&app, "李先生", "62345678").await;
    let mut mine = case("藍田", 300.0, CaseStatus::Approved, 1);
    mine.owner_id = Some(owner);
    app.cases.insert(vec![mine]).await.unwrap();
    let get = |token: Option<String>| {
        let request = app.client.get("/cases/10001");
        let request = match token {
            Some(token) => request.header("Authorization", format!("Bearer {token}")),
            None => request,
        };
        async move {
            let response = request.send().await;
            response.assert_status_is_ok();
            let body: Value = response.json().await.value().deserialize();
            body["mine"].as_bool().unwrap()
        }
    };
    assert!(get(Some(owner_token)).await, "the owner");
    assert!(!get(Some(other_token)).await, "another member");
    assert!(!get(None).await, "a visitor");
    let (_, page) = json(&app, "/cases").await;
    assert_eq!(page["items"][0]["excerpt"], "需要加強代數");
    assert!(page["items"][0].get("mine").is_none(), "lists do not say whose a case is");
}

#[tokio::test]
async fn bad_parameters_get_a_zh_hk_error_naming_the_field() {
    let app = board().await;
    for (uri, field) in [
        ("/cases?pageSize=101", "pageSize"),
        ("/cases?page=0", "page"),
        ("/cases?page=abc", "page"),
        ("/cases?level=college", "level"),
        ("/cases?region=火星", "region"),
    ] {
        let (status, body) = json(&app, uri).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{uri}");
        assert_eq!(body["code"], "VALIDATION_FAILED", "{uri}");
        assert_eq!(body["errors"][0]["field"], field, "{uri}");
        assert!(!body["error"].as_str().unwrap().is_empty());
    }
    let (status, body) = json(&app, "/cases/not-a-number").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["code"], "BAD_REQUEST");
}

#[tokio::test]
async fn unknown_api_paths_and_methods_answer_in_the_error_shape() {
    let app = crate::support::spawn().await;
    let (status, body) = json(&app, "/no-such-thing").await;
    assert_eq!((status, body["code"].as_str()), (StatusCode::NOT_FOUND, Some("NOT_FOUND")));
    let response = app.client.delete("/cases").send().await;
    response.assert_status(StatusCode::METHOD_NOT_ALLOWED);
}

#[tokio::test]
async fn a_new_case_shows_at_once_although_answers_are_cached() {
    let app = board().await;
    let (_, before) = json(&app, "/cases?districts=觀塘區").await;
    let (_, again) = json(&app, "/cases?districts=觀塘區").await;
    assert_eq!(before, again);
    app.cases.insert(vec![case("油塘", 350.0, CaseStatus::Approved, 0)]).await.unwrap();
    let (_, after) = json(&app, "/cases?districts=觀塘區").await;
    assert_eq!(after["total"], before["total"].as_u64().unwrap() + 1);
    assert_eq!(after["items"][0]["location"], "油塘");
}

#[tokio::test]
async fn fee_guidance_answers_per_hour_and_widens_when_few_compare() {
    let app = crate::support::spawn().await;
    // 25 approved secondary maths cases in Kowloon at HK$300..=HK$540 per 90 minutes.
    let cases: Vec<_> = (0..25).map(|i| case("藍田", f64::from(300 + 10 * i), CaseStatus::Approved, i64::from(i))).collect();
    app.cases.insert(cases).await.unwrap();

    let (status, guide) = json(&app, "/cases/fee-guide?level=secondary&grade=中三&subject=數學&region=九龍").await;
    assert_eq!(status, StatusCode::OK, "{guide}");
    assert_eq!((guide["scope"].as_str(), guide["count"].as_u64(), guide["minSample"].as_u64()), (Some("subject"), Some(25), Some(20)));
    // Per hour: HK$200..=HK$360 in steps of 6.67; ranks 6, 12 and 18.
    assert_eq!(
        (guide["lowerQuartile"].as_f64(), guide["median"].as_f64(), guide["upperQuartile"].as_f64()),
        (Some(240.0), Some(280.0), Some(320.0))
    );

    // Physics: none compare, so the level in the region answers.
    let (_, wider) = json(&app, "/cases/fee-guide?level=secondary&subject=物理&region=九龍").await;
    assert_eq!((wider["scope"].as_str(), wider["count"].as_u64()), (Some("level-region"), Some(25)));
    // Primary: nothing at all, and no figures.
    let (_, none) = json(&app, "/cases/fee-guide?level=primary&subject=數學").await;
    assert_eq!((none["scope"].as_str(), none["count"].as_u64()), (Some("level"), Some(0)));
    assert!(none.get("median").is_none());

    let (status, bad) = json(&app, "/cases/fee-guide?level=college").await;
    assert_eq!((status, bad["errors"][0]["message"].as_str()), (StatusCode::BAD_REQUEST, Some("教育程度不正確")));
}

/// An approved case with this title and description, created `age_minutes` ago.
/// The case, of the subject 物理.
fn physics(mut case: NewCase) -> NewCase {
    case.details.subjects = vec!["物理".into()];
    case
}

fn described(title: &str, description: &str, age_minutes: i64) -> NewCase {
    let mut new = case("大埔", 400.0, CaseStatus::Approved, age_minutes);
    new.details.title = title.into();
    new.details.description = description.into();
    new
}

#[tokio::test]
async fn typed_words_narrow_the_board_in_chinese_english_or_both_with_the_filters() {
    let app = board().await;
    app.cases
        .insert(vec![
            described("DSE數學操練", "準備文憑試，需要大量練習", 5),
            physics(described("IB Physics tutor", "Year 12 student, IB physics HL", 6)),
            described("奧數拔尖", "小學奧數比賽，需要 IB 背景導師，ＤＳＥ亦可", 7),
        ])
        .await
        .unwrap();
    let titles =
        |page: &Value| page["items"].as_array().unwrap().iter().map(|c| c["postTitle"].as_str().unwrap().to_string()).collect::<Vec<_>>();
    let (status, dse) = json(&app, "/cases?q=DSE%20操練").await;
    assert_eq!((status, titles(&dse)), (StatusCode::OK, vec!["DSE數學操練".to_string()]));
    let (_, ib) = json(&app, "/cases?q=ib%20PHYSICS").await;
    assert_eq!(titles(&ib), ["IB Physics tutor"], "case-insensitive; every word must be found");
    let (_, ib_anywhere) = json(&app, "/cases?q=IB").await;
    assert_eq!(ib_anywhere["total"], 2, "found in the title or the description");
    assert_eq!(titles(&ib_anywhere)[0], "IB Physics tutor", "a word in the title ranks first");
    let (_, area_and_subject) = json(&app, "/cases?q=大埔%20奧數").await;
    assert_eq!(titles(&area_and_subject), ["奧數拔尖"], "the area is searchable too");
    let (_, one_character) = json(&app, "/cases?q=奧").await;
    assert_eq!(titles(&one_character), ["奧數拔尖"], "one character is found inside a word");
    let (_, mixed) = json(&app, "/cases?q=IB背").await;
    assert_eq!(titles(&mixed), ["奧數拔尖"], "the lone character of a mixed word too");
    let (_, full_width) = json(&app, "/cases?q=ＩＢ%20Physics").await;
    assert_eq!(titles(&full_width), ["IB Physics tutor"], "full-width letters are the same word");
    assert_eq!(json(&app, "/cases?q=ＤＳＥ%20拔尖").await.1["total"], 1, "and the other way round");
    // A word naming a level or a subject is that filter, not text to find: DSE is sat at
    // secondary (every case here is), and physics is the subject 物理.
    assert_eq!(json(&app, "/cases?q=dse").await.1["total"], 6, "every secondary case");
    assert_eq!(titles(&json(&app, "/cases?q=physics").await.1), ["IB Physics tutor"], "by its subject");
    assert_eq!(json(&app, "/cases?q=小學").await.1["total"], 0, "no primary case, though 小學 is in a description");
    let (_, with_filter) = json(&app, "/cases?q=數學&areas=觀塘&minRate=400").await;
    assert_eq!(with_filter["total"], 1, "words and filters combine: {with_filter}");
    assert_eq!(with_filter["items"][0]["location"], "觀塘");
    let (_, nothing) = json(&app, "/cases?q=火星文").await;
    assert_eq!(nothing["total"], 0);
}

#[tokio::test]
async fn blank_punctuation_and_overlong_words_get_a_page_or_a_clear_error() {
    let app = board().await;
    let (_, everything) = json(&app, "/cases").await;
    let (_, blank) = json(&app, "/cases?q=%20%20").await;
    assert_eq!(blank["total"], everything["total"], "blank words search nothing out");
    let (status, punctuation) = json(&app, "/cases?q=%3F%21%E2%80%A6").await;
    assert_eq!((status, &punctuation["total"]), (StatusCode::OK, &Value::from(0)), "punctuation only finds nothing");
    let long = "數".repeat(101);
    let (status, body) = json(&app, &format!("/cases?q={long}")).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["errors"][0]["field"], "q");
    assert_eq!(body["errors"][0]["message"], "搜尋字詞最多 100 個字");
    let (status, _) = json(&app, &format!("/cases?q={}", "數".repeat(100))).await;
    assert_eq!(status, StatusCode::OK);
    // Results are paged 10,000 deep at most: deeper pages would cost the index in proportion.
    let (status, body) = json(&app, "/cases?page=500&pageSize=20").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["items"].as_array().map(Vec::len), Some(0));
    let (status, body) = json(&app, "/cases?page=501&pageSize=20").await;
    assert_eq!((status, body["errors"][0]["field"].as_str()), (StatusCode::BAD_REQUEST, Some("page")));
}

#[tokio::test]
async fn pages_of_a_word_search_agree_with_each_other_and_the_total() {
    let app = board().await;
    app.cases.insert((0..25).map(|n| described(&format!("作文補習 {n}"), "作文", n)).collect()).await.unwrap();
    let (_, first) = json(&app, "/cases?q=作文&pageSize=10").await;
    let (_, third) = json(&app, "/cases?q=作文&pageSize=10&page=3").await;
    assert_eq!((first["total"].clone(), third["total"].clone()), (Value::from(25), Value::from(25)));
    assert_eq!(third["items"].as_array().unwrap().len(), 5);
    let mut seen: Vec<i64> = Vec::new();
    for page in 1..=3 {
        let (_, body) = json(&app, &format!("/cases?q=作文&pageSize=10&page={page}")).await;
        seen.extend(body["items"].as_array().unwrap().iter().map(|c| c["caseId"].as_i64().unwrap()));
    }
    seen.sort_unstable();
    seen.dedup();
    assert_eq!(seen.len(), 25, "no case on two pages, none missing");
}
