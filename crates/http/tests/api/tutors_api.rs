//! Becoming a tutor over HTTP, and the public tutor directory: authorization, upload checks,
//! the one-pending rule, search, and no private field in any public answer.

use chrono::{NaiveDate, Utc};
use poem::http::StatusCode;
use poem::test::{TestForm, TestFormField};
use serde_json::Value;
use tutorhub_domain::accounts::user::{NewUser, User, UserType};
use tutorhub_domain::shared::identity::{DisplayName, Email, Phone};
use tutorhub_domain::shared::upload::MAX_UPLOAD_BYTES;
use tutorhub_domain::tutors::model::Decision;
use uuid::Uuid;

const PNG: &[u8] = &[0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0];

async fn registered(app: &crate::support::TestApp, phone: &str) -> User {
    let user = NewUser {
        id: Uuid::new_v4(),
        phone: Phone::parse(phone).unwrap(),
        email: Email::parse(&format!("{phone}@example.com")).unwrap(),
        name: DisplayName::parse("陳大文").unwrap(),
        birthdate: NaiveDate::from_ymd_opt(2000, 1, 31).unwrap(),
        user_type: UserType::Individual,
        password_hash: "$argon2id$x".into(),
        language: tutorhub_domain::shared::language::Language::ZhHk,
        created_at: Utc::now(),
    };
    app.users.insert(user).await.unwrap()
}

fn bearer(app: &crate::support::TestApp, user: &User) -> String {
    format!("Bearer {}", app.access_tokens.issue(user.id))
}

/// The fields of spec §7 only, as a client from before the lists sends them.
fn spec_form(subjects: &str, area: &str, fee: &str) -> TestForm {
    TestForm::new()
        .text("name", "李老師")
        .text("contactNumber", "6123 4567")
        .text("education", "中文大學 物理系")
        .text("age", "26")
        .text("teachingExperience", "4")
        .text("subjects", subjects)
        .text("examResults", "DSE 物理 5*")
        .text("courseFeatures", "實驗示範")
        .text("teachingArea", area)
        .text("teachingSchedule", "星期六、日 下午")
        .text("teachingMode", "home")
        .text("requiredFee", fee)
        .text("bio", "喜歡教學")
}

fn with_avatar(form: TestForm, avatar: Option<Vec<u8>>) -> TestForm {
    match avatar {
        Some(bytes) => form.field(TestFormField::bytes(bytes).name("avatar").filename("me.png").content_type("image/png")),
        None => form,
    }
}

/// Today's form: the spec's fields, a gender, a second mode and two districts.
fn form(subjects: &str, area: &str, fee: &str, avatar: Option<Vec<u8>>) -> TestForm {
    let form = spec_form(subjects, area, fee)
        .text("gender", "female")
        .text("teachingModes", "online")
        .text("teachingDistricts", "黃大仙區")
        .text("teachingDistricts", "觀塘區");
    with_avatar(form, avatar)
}

async fn submit(app: &crate::support::TestApp, caller: &User, path_id: &str, form: TestForm) -> (StatusCode, Value) {
    let response =
        app.client.post(format!("/profiles/{path_id}")).header("Authorization", bearer(app, caller)).multipart(form).send().await;
    let status = response.0.status();
    let text = response.0.into_body().into_string().await.unwrap();
    (status, serde_json::from_str(&text).unwrap_or(Value::Null))
}

async fn get(app: &crate::support::TestApp, uri: &str, auth: Option<String>) -> (StatusCode, Value) {
    let mut request = app.client.get(uri).header("Accept", "application/json");
    if let Some(auth) = auth {
        request = request.header("Authorization", auth);
    }
    let response = request.send().await;
    let status = response.0.status();
    let text = response.0.into_body().into_string().await.unwrap();
    (status, serde_json::from_str(&text).unwrap_or(Value::Null))
}

/// Registers a user, files an application and approves it; returns the tutor.
async fn approved_tutor(app: &crate::support::TestApp, phone: &str, subjects: &str, area: &str, fee: &str) -> User {
    let user = registered(app, phone).await;
    let (status, body) = submit(app, &user, &user.id.to_string(), form(subjects, area, fee, Some(PNG.to_vec()))).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let number = body["applicationId"].as_i64().unwrap();
    app.tutor_applications.decide(number, &Decision::Approve, "staff").await.unwrap();
    user
}

fn assert_no_private_fields(value: &Value) {
    let text = value.to_string();
    for private in ["phone", "email", "birthdate", "contactNumber", "+852"] {
        assert!(!text.contains(private), "public answer leaks {private}: {text}");
    }
}

#[tokio::test]
async fn applying_for_another_users_account_is_forbidden() {
    let app = crate::support::spawn().await;
    let me = registered(&app, "91234567").await;
    let other = registered(&app, "92345678").await;
    let (status, body) = submit(&app, &me, &other.id.to_string(), form("中學 物理", "沙田", "400", Some(PNG.to_vec()))).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_eq!(body["code"], "FORBIDDEN");
    let (status, _) = submit(&app, &me, &other.number.to_string(), form("中學 物理", "沙田", "400", Some(PNG.to_vec()))).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let anonymous = app.client.post(format!("/profiles/{}", me.id)).multipart(form("中學 物理", "沙田", "400", None)).send().await;
    anonymous.assert_status(StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn a_non_image_or_oversized_avatar_is_refused_and_nothing_is_filed() {
    let app = crate::support::spawn().await;
    let me = registered(&app, "91234567").await;
    let id = me.id.to_string();
    let (status, body) = submit(&app, &me, &id, form("中學 物理", "沙田", "400", Some(b"%PDF-1.7 not an image".to_vec()))).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["errors"][0]["field"], "avatar");
    let mut big = PNG.to_vec();
    big.resize(MAX_UPLOAD_BYTES + 1, 0);
    let (status, body) = submit(&app, &me, &id, form("中學 物理", "沙田", "400", Some(big))).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(body["error"], "頭像檔案超過大小上限（最大 5MB）");
    let (status, body) = submit(&app, &me, &id, form("中學 物理", "沙田", "400", None)).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["errors"][0]["message"], "請上載頭像");
    let (_, mine) = get(&app, "/profiles/me/application", Some(bearer(&app, &me))).await;
    assert_eq!(mine, serde_json::json!({}));
}

#[tokio::test]
async fn bad_fields_are_all_reported_in_zh_hk() {
    let app = crate::support::spawn().await;
    let me = registered(&app, "91234567").await;
    let (status, body) = submit(&app, &me, &me.id.to_string(), form("數學", "火星", "abc", Some(PNG.to_vec()))).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let fields: Vec<_> = body["errors"].as_array().unwrap().iter().map(|e| e["field"].as_str().unwrap().to_string()).collect();
    assert_eq!(fields, ["requiredFee", "subjects", "teachingArea"]);
    assert_eq!(body["errors"][0]["message"], "每堂學費必須是數字");
}

#[tokio::test]
async fn one_pending_application_then_its_state_is_shown_to_the_applicant() {
    let app = crate::support::spawn().await;
    let me = registered(&app, "91234567").await;
    let (status, body) = submit(&app, &me, &me.id.to_string(), form("中學 物理, 中學 數學", "沙田", "400", Some(PNG.to_vec()))).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(body["status"], "pending");
    assert_eq!(body["subjects"], serde_json::json!(["中學 物理", "中學 數學"]));
    assert!(body["avatar"].as_str().unwrap().starts_with("/media/avatars/"));
    let (status, again) = submit(&app, &me, &me.number.to_string(), form("中學 物理", "沙田", "400", Some(PNG.to_vec()))).await;
    assert_eq!((status, again["code"].as_str()), (StatusCode::CONFLICT, Some("APPLICATION_PENDING")));

    let number = body["applicationId"].as_i64().unwrap();
    let reason = Decision::Reject { reason: "請補充考試成績".into() };
    app.tutor_applications.decide(number, &reason, "staff").await.unwrap();
    let (_, mine) = get(&app, "/profiles/me/application", Some(bearer(&app, &me))).await;
    assert_eq!(mine["application"]["statusLabel"], "已拒絕");
    assert_eq!(mine["application"]["rejectionReason"], "請補充考試成績");
    let sms = std::fs::read_to_string(app.dir.path().join("outbox/sms.jsonl")).unwrap();
    assert!(sms.contains("請補充考試成績") && sms.contains("+85291234567"));
}

#[tokio::test]
async fn an_approved_tutor_is_searchable_with_public_fields_only() {
    let app = crate::support::spawn().await;
    let physics = approved_tutor(&app, "91234567", "中學 物理", "沙田", "400").await;
    let english = approved_tutor(&app, "92345678", "小學 英文", "藍田", "250").await;

    let (status, all) = get(&app, "/tutors", None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!((all["total"].as_u64(), all["page"].as_u64(), all["pageSize"].as_u64()), (Some(2), Some(1), Some(20)));
    assert_no_private_fields(&all);

    let (_, found) = get(&app, "/tutors?level=secondary&subjects=物理&region=新界&areas=沙田&minRate=300", None).await;
    assert_eq!(found["total"], 1);
    let tutor = &found["items"][0];
    assert_eq!(tutor["userId"], physics.number);
    assert_eq!(tutor["subjects"], serde_json::json!(["中學 物理"]));
    assert_eq!((tutor["location"].as_str(), tutor["rate"].as_f64()), (Some("沙田"), Some(400.0)));
    assert_eq!((tutor["role"].as_str(), tutor["isTutorProfileActive"].as_bool()), (Some("tutor"), Some(true)));
    let (_, cheap) = get(&app, "/tutors?minRate=300", None).await;
    assert_eq!(cheap["total"], 1);
    let (status, _) = get(&app, "/tutors?level=college", None).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);

    // A maximum fee, and the orders.
    let numbers_of = |page: &Value| page["items"].as_array().unwrap().iter().map(|t| t["userId"].as_i64().unwrap()).collect::<Vec<_>>();
    assert_eq!(numbers_of(&get(&app, "/tutors?maxRate=300", None).await.1), [english.number]);
    assert_eq!(numbers_of(&get(&app, "/tutors?sort=feeLow", None).await.1), [english.number, physics.number]);
    assert_eq!(numbers_of(&get(&app, "/tutors?sort=feeHigh", None).await.1), [physics.number, english.number]);
    assert_eq!(get(&app, "/tutors?sort=rating", None).await.1["total"], 2);
    let (status, body) = get(&app, "/tutors?minRate=400&maxRate=300", None).await;
    assert_eq!((status, body["errors"][0]["field"].as_str()), (StatusCode::BAD_REQUEST, Some("maxRate")));
    let (status, body) = get(&app, "/tutors?sort=cheapest", None).await;
    assert_eq!((status, body["errors"][0]["field"].as_str()), (StatusCode::BAD_REQUEST, Some("sort")));

    // Typed words: subjects, exam results, teaching areas; mixed with filters; on /users too.
    let numbers = |page: &Value| page["items"].as_array().unwrap().iter().map(|t| t["userId"].as_i64().unwrap()).collect::<Vec<_>>();
    assert_eq!(numbers(&get(&app, "/tutors?q=英文", None).await.1), [english.number]);
    // Both educations say 物理系, but 物理 names a subject: only the tutor teaching it is found.
    assert_eq!(numbers(&get(&app, "/tutors?q=物理", None).await.1), [physics.number]);
    // No primary subject is called 物理: the level narrows, and the word is looked for in the text
    // (the primary English tutor's 物理系).
    assert_eq!(numbers(&get(&app, "/tutors?q=小學%20物理", None).await.1), [english.number]);
    assert_eq!(get(&app, "/tutors?q=物理系", None).await.1["total"], 2, "a word naming no subject is looked for in the text");
    assert_eq!(get(&app, "/tutors?q=5", None).await.1["total"], 2, "exam results");
    assert_eq!(numbers(&get(&app, "/tutors?q=5&areas=藍田", None).await.1), [english.number]);
    assert_eq!(numbers(&get(&app, "/tutors?q=dse", None).await.1), [physics.number], "DSE is sat at secondary, in any case");
    assert_eq!(get(&app, "/tutors?q=黃大仙", None).await.1["total"], 2, "the districts they travel to");
    let (status, users) = get(&app, "/users?q=英文", None).await;
    assert_eq!((status, users.as_array().map(Vec::len)), (StatusCode::OK, Some(1)));
    assert_no_private_fields(&get(&app, "/tutors?q=6123", None).await.1);
    assert_eq!(get(&app, "/tutors?q=6123", None).await.1["total"], 0, "a contact number is not searchable");
    let (status, body) = get(&app, "/tutors?q=a+b+c+d+e+f+g+h+i+j+k", None).await;
    assert_eq!((status, body["errors"][0]["field"].as_str()), (StatusCode::BAD_REQUEST, Some("q")));

    let (status, by_number) = get(&app, &format!("/tutors/{}", english.number), None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!((by_number["teachingModeLabel"].as_str(), by_number["gradeLevel"].as_str()), (Some("上門補習"), Some("小學")));
    assert_no_private_fields(&by_number);
    let modes: Vec<_> = by_number["teachingModes"].as_array().unwrap().iter().map(|m| m["label"].as_str().unwrap()).collect();
    assert_eq!(modes, ["上門補習", "視像補習"]);
    assert_eq!(by_number["teachingDistricts"], serde_json::json!(["黃大仙區", "觀塘區"]));
    assert_eq!(by_number["gender"], "female");
    // What a parent weighs: the application's experience and results, and the platform's record.
    assert_eq!((by_number["experienceYears"].as_u64(), by_number["examResults"].as_str()), (Some(4), Some("DSE 物理 5*")));
    let record = &by_number["record"];
    assert_eq!((record["matchedCases"].as_u64(), record["acceptedBookings"].as_u64()), (Some(0), Some(0)));
    assert!(record["memberSince"].is_string() && by_number["approvedAt"].is_string());
    assert!(tutor.get("record").is_none(), "lists carry no record");
    let (_, by_id) = get(&app, &format!("/tutors/{}", english.id), None).await;
    assert_eq!(by_id["userId"], english.number);

    let (_, users) = get(&app, "/users", None).await;
    assert_eq!(users.as_array().unwrap().len(), 2);
    assert_no_private_fields(&users);

    let avatar = by_number["avatar"].as_str().unwrap().to_string();
    let media = app.client.get(&avatar).send().await;
    media.assert_status_is_ok();
    media.assert_header("Cache-Control", "public, max-age=31536000, immutable");
    media.assert_header("Content-Type", "image/png");
    app.client.get("/media/../tutorhub.db").send().await.assert_status(StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_client_that_sends_only_the_spec_fields_still_applies() {
    let app = crate::support::spawn().await;
    let user = registered(&app, "91234567").await;
    let (status, body) =
        submit(&app, &user, &user.id.to_string(), with_avatar(spec_form("中學 物理", "沙田", "400"), Some(PNG.to_vec()))).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(
        (body["teachingModes"].clone(), body["teachingDistricts"].clone()),
        (serde_json::json!(["home"]), serde_json::json!(["沙田區"]))
    );
    assert!(body.get("gender").is_none());
}

#[tokio::test]
async fn a_booking_names_one_of_the_tutors_subjects() {
    let app = crate::support::spawn().await;
    let tutor = approved_tutor(&app, "91234567", "中學 物理", "沙田", "400").await;
    let booker = registered(&app, "92345678").await;
    let book = |subject: &str| {
        let body = serde_json::json!({"tutorId": tutor.id, "bookingTime": "星期六 10:00", "subject": subject, "lessonPlace": "home"});
        app.client.post("/bookings").header("Authorization", bearer(&app, &booker)).body_json(&body).send()
    };
    let response = book("中學 化學").await;
    response.assert_status(StatusCode::BAD_REQUEST);
    let refused: Value = serde_json::from_str(&response.0.into_body().into_string().await.unwrap()).unwrap();
    assert_eq!(refused["errors"][0]["message"], "這位導師沒有教授「中學 化學」，請選擇導師任教的科目");
    let response = book("中學 物理").await;
    response.assert_status_is_ok();
    let booked: Value = serde_json::from_str(&response.0.into_body().into_string().await.unwrap()).unwrap();
    assert_eq!((booked["subject"].as_str(), booked["lessonPlace"].as_str()), (Some("中學 物理"), Some("home")));
}

#[tokio::test]
async fn a_hidden_or_unknown_tutor_is_not_found() {
    let app = crate::support::spawn().await;
    let tutor = approved_tutor(&app, "91234567", "中學 物理", "沙田", "400").await;
    let listing = tutorhub_domain::tutors::directory::TutorListing::new(app.tutors.clone());
    listing.set_active(tutorhub_domain::tutors::model::TutorRef::Id(tutor.id), false).await.unwrap();
    let (status, body) = get(&app, &format!("/tutors/{}", tutor.number), None).await;
    assert_eq!((status, body["error"].as_str()), (StatusCode::NOT_FOUND, Some("找不到此用戶")));
    assert_eq!(get(&app, "/tutors", None).await.1["total"], 0);
    assert_eq!(get(&app, "/tutors/99999", None).await.0, StatusCode::NOT_FOUND);
    assert_eq!(get(&app, "/tutors/not-an-id", None).await.0, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_tutor_cannot_apply_again() {
    let app = crate::support::spawn().await;
    let tutor = approved_tutor(&app, "91234567", "中學 物理", "沙田", "400").await;
    let (status, body) = submit(&app, &tutor, &tutor.id.to_string(), form("中學 物理", "沙田", "400", Some(PNG.to_vec()))).await;
    assert_eq!((status, body["code"].as_str()), (StatusCode::CONFLICT, Some("ALREADY_TUTOR")));
    let (_, me) = get(&app, "/self-users/me", Some(bearer(&app, &tutor))).await;
    assert_eq!(
        (me["role"].as_str(), me["isTutor"].as_bool(), me["isTutorProfileActive"].as_bool()),
        (Some("tutor"), Some(true), Some(true))
    );
}

/// A parent's approved case of secondary `subject` in `area` at `fee` per 90 minutes.
fn open_case(subject: &str, area: &str, fee: f64) -> tutorhub_domain::cases::model::NewCase {
    use tutorhub_domain::cases::model::{CaseDetails, CaseForm, CaseStatus, NewCase};
    let form = CaseForm {
        post_type: "student-seeking-tutor".into(),
        post_title: format!("中四{subject}"),
        level: "secondary".into(),
        grade: "中四".into(),
        subjects: vec![subject.into()],
        location: area.into(),
        rate: Some(fee),
        session_length: Some(90),
        sessions_per_week: Some(1),
        description: "想加強".into(),
        preferred_gender: "no limit".into(),
        start_date: "2026-12-01".into(),
    };
    NewCase {
        id: Uuid::new_v4(),
        owner_id: Some(Uuid::new_v4()),
        details: CaseDetails::parse(&form).unwrap(),
        status: CaseStatus::Approved,
        created_at: Utc::now(),
    }
}

#[tokio::test]
async fn recommended_cases_fit_the_tutor_best_first_and_need_an_active_profile() {
    let app = crate::support::spawn().await;
    // Physics from 沙田 at HK$400 an hour, travelling to 黃大仙區 and 觀塘區 (the form's lists).
    let tutor = approved_tutor(&app, "91234567", "中學 物理", "沙田", "400").await;
    let numbers: Vec<i64> = app
        .cases
        .insert(vec![open_case("物理", "中環", 450.0), open_case("物理", "藍田", 900.0), open_case("化學", "藍田", 900.0)])
        .await
        .unwrap()
        .iter()
        .map(|c| c.number)
        .collect();
    let (status, body) = get(&app, "/cases/recommended", Some(bearer(&app, &tutor))).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let items = body["items"].as_array().unwrap();
    let listed: Vec<i64> = items.iter().map(|i| i["case"]["caseId"].as_i64().unwrap()).collect();
    assert_eq!(listed, [numbers[1], numbers[0]], "藍田 is in 觀塘區, where the tutor travels; chemistry is not taught");
    assert_eq!(items[0]["reasons"], serde_json::json!(["subject", "district", "fee"]));
    assert_eq!(items[1]["reasons"], serde_json::json!(["subject"]), "the island, and HK$300 an hour");

    let student = registered(&app, "92345678").await;
    let (status, body) = get(&app, "/cases/recommended", Some(bearer(&app, &student))).await;
    assert_eq!((status, body["error"].as_str()), (StatusCode::FORBIDDEN, Some("只有已通過審批的導師可以查看推薦個案")));
    assert_eq!(get(&app, "/cases/recommended", None).await.0, StatusCode::UNAUTHORIZED);
}

async fn invite(app: &crate::support::TestApp, case: i64, tutor: Uuid, auth: Option<String>) -> (StatusCode, Value) {
    send_json(app, "POST", &format!("/cases/{case}/invitations"), auth, serde_json::json!({ "tutorId": tutor })).await
}

async fn send_json(app: &crate::support::TestApp, method: &str, uri: &str, auth: Option<String>, body: Value) -> (StatusCode, Value) {
    let mut request = match method {
        "POST" => app.client.post(uri),
        _ => app.client.put(uri),
    }
    .header("Accept", "application/json")
    .body_json(&body);
    if let Some(auth) = auth {
        request = request.header("Authorization", auth);
    }
    let response = request.send().await;
    let status = response.0.status();
    let text = response.0.into_body().into_string().await.unwrap();
    (status, serde_json::from_str(&text).unwrap_or(Value::Null))
}

#[tokio::test]
async fn an_owner_sees_suggested_tutors_and_invites_one_by_sms_within_the_rules() {
    let app = crate::support::spawn().await;
    let tutor = approved_tutor(&app, "91234567", "中學 物理", "沙田", "400").await;
    let owner = registered(&app, "92345678").await;
    let mut cases = Vec::new();
    for _ in 0..2 {
        let case = tutorhub_domain::cases::model::NewCase { owner_id: Some(owner.id), ..open_case("物理", "大圍", 900.0) };
        cases.push(app.cases.insert(vec![case]).await.unwrap()[0].number);
    }
    let (first, second) = (cases[0], cases[1]);
    let as_owner = || Some(bearer(&app, &owner));

    let (status, body) = get(&app, &format!("/cases/{first}/suggested-tutors"), as_owner()).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["items"][0]["tutor"]["id"], tutor.id.to_string());
    assert_eq!(body["items"][0]["reasons"], serde_json::json!(["subject", "district", "fee"]), "大圍 is in 沙田區");
    assert_eq!((&body["items"][0]["invited"], &body["items"][0]["acceptsInvitations"]), (&Value::Bool(false), &Value::Bool(true)));
    assert_no_private_fields(&body);

    // Only the owner, and only to a real tutor.
    let stranger = registered(&app, "93456789").await;
    let (status, _) = get(&app, &format!("/cases/{first}/suggested-tutors"), Some(bearer(&app, &stranger))).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_eq!(get(&app, &format!("/cases/{first}/suggested-tutors"), None).await.0, StatusCode::UNAUTHORIZED);
    assert_eq!(invite(&app, first, tutor.id, Some(bearer(&app, &stranger))).await.0, StatusCode::FORBIDDEN);
    let (status, body) = invite(&app, first, stranger.id, as_owner()).await;
    assert_eq!((status, body["error"].as_str()), (StatusCode::NOT_FOUND, Some("找不到這位導師")));

    // One SMS with the case's link; a second invitation of the same tutor is refused.
    let (status, body) = invite(&app, first, tutor.id, as_owner()).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let texts: Vec<String> =
        crate::support::sms_outbox(&app).into_iter().filter(|(to, b)| to == "+85291234567" && b.contains("邀請")).map(|(_, b)| b).collect();
    assert_eq!(texts.len(), 1);
    assert!(
        texts[0].contains(&format!("有學生或家長邀請你申請補習個案 {first}")) && texts[0].contains(&format!("/case/{first}")),
        "{texts:?}"
    );
    let (status, body) = invite(&app, first, tutor.id, as_owner()).await;
    assert_eq!((status, body["code"].as_str()), (StatusCode::CONFLICT, Some("ALREADY_INVITED")));
    let (_, body) = get(&app, &format!("/cases/{first}/suggested-tutors"), as_owner()).await;
    assert_eq!(body["items"][0]["invited"], true);

    // The tutor turns invitations off: the owner sees it and cannot invite.
    let settings = "/self-users/me/invitation-settings";
    let (status, body) = send_json(&app, "PUT", settings, Some(bearer(&app, &tutor)), serde_json::json!({ "accepting": false })).await;
    assert_eq!((status, &body["accepting"]), (StatusCode::OK, &Value::Bool(false)));
    assert_eq!(get(&app, settings, Some(bearer(&app, &tutor))).await.1["accepting"], false);
    let (_, body) = get(&app, &format!("/cases/{second}/suggested-tutors"), as_owner()).await;
    assert_eq!(body["items"][0]["acceptsInvitations"], false);
    let (status, body) = invite(&app, second, tutor.id, as_owner()).await;
    assert_eq!((status, body["error"].as_str()), (StatusCode::CONFLICT, Some("這位導師暫不接受邀請")));
    assert_eq!(get(&app, settings, None).await.0, StatusCode::UNAUTHORIZED);
}

/// Issue 39: the level alone let a maths case text tutors of other subjects, and a tutor's own
/// post could text competing tutors. Neither is invited, and nobody is texted.
#[tokio::test]
async fn only_a_suggested_tutor_of_a_parents_case_can_be_invited() {
    use tutorhub_domain::cases::model::{NewCase, PostType};
    let app = crate::support::spawn().await;
    let physics = approved_tutor(&app, "91234567", "中學 物理", "沙田", "400").await;
    let maths = approved_tutor(&app, "91234568", "中學 數學", "沙田", "400").await;
    let owner = registered(&app, "92345678").await;
    let maths_case = NewCase { owner_id: Some(owner.id), ..open_case("數學", "大圍", 900.0) };
    let mut tutors_post = NewCase { owner_id: Some(maths.id), ..open_case("數學", "大圍", 900.0) };
    tutors_post.details.post_type = PostType::TutorSeekingStudent;
    let numbers: Vec<i64> = app.cases.insert(vec![maths_case, tutors_post]).await.unwrap().iter().map(|c| c.number).collect();
    let (case, post) = (numbers[0], numbers[1]);

    let (_, body) = get(&app, &format!("/cases/{case}/suggested-tutors"), Some(bearer(&app, &owner))).await;
    let suggested: Vec<&str> = body["items"].as_array().unwrap().iter().map(|i| i["tutor"]["id"].as_str().unwrap()).collect();
    assert_eq!(suggested, [maths.id.to_string()], "only the maths tutor is suggested");
    let (status, body) = invite(&app, case, physics.id, Some(bearer(&app, &owner))).await;
    assert_eq!((status, body["code"].as_str()), (StatusCode::CONFLICT, Some("NOT_A_FIT")), "{body}");
    assert_eq!(body["error"], "這位導師的任教科目或要求與個案不符，不可邀請");

    let (_, body) = get(&app, &format!("/cases/{post}/suggested-tutors"), Some(bearer(&app, &maths))).await;
    assert_eq!(body["items"], serde_json::json!([]), "a tutor's post suggests nobody");
    let (status, body) = invite(&app, post, physics.id, Some(bearer(&app, &maths))).await;
    assert_eq!((status, body["error"].as_str()), (StatusCode::CONFLICT, Some("只有學生或家長刊登的個案可以邀請導師")));
    assert!(crate::support::sms_outbox(&app).iter().all(|(_, text)| !text.contains("邀請你")), "nobody was texted");

    let (status, body) = invite(&app, case, maths.id, Some(bearer(&app, &owner))).await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

/// Stores `owner`'s case, `tutor`'s application to it, the match confirmed `days_ago`, and
/// `lessons` lessons on its record confirmed by the owner.
async fn matched(app: &crate::support::TestApp, owner: &User, tutor: &User, days_ago: i64, lessons: i64) {
    use tutorhub_adapters::SqlApplicationRepository;
    use tutorhub_domain::matching::model::{AvailableTimes, CaseApplication, CaseApplicationStatus};
    use tutorhub_domain::matching::ports::{ApplicationRepository, ApplyOutcome};
    let case = tutorhub_domain::cases::model::NewCase { owner_id: Some(owner.id), ..open_case("物理", "大圍", 600.0) };
    let number = app.cases.insert(vec![case]).await.unwrap()[0].number;
    let applications = SqlApplicationRepository::new(app.database.pool().clone());
    let application = CaseApplication {
        id: Uuid::new_v4(),
        case_number: number,
        tutor_id: tutor.id,
        available_times: AvailableTimes::parse("週末").unwrap(),
        status: CaseApplicationStatus::Applied,
        created_at: Utc::now() - chrono::Duration::days(days_ago + 1),
    };
    let ApplyOutcome::Applied(application) = applications.apply(application, 30).await.unwrap() else { panic!("the case is open") };
    // Offered an hour before, confirmed then.
    let at = Utc::now() - chrono::Duration::days(days_ago);
    let offer = tutorhub_domain::matching::offer::Offer::open(
        number,
        application.id,
        tutor.id,
        tutorhub_domain::shared::money::Rate::from_cents(60000),
        at - chrono::Duration::hours(1),
        24,
    );
    applications.offer(&offer).await.unwrap();
    applications.confirm(offer.id, at + chrono::Duration::days(2), at).await.unwrap();
    use tutorhub_domain::lessons::model::{ArrangementSide, LessonStatus, NewLesson};
    use tutorhub_domain::lessons::ports::LessonRepository;
    let record = tutorhub_adapters::SqlLessonRepository::new(app.database.pool().clone());
    for day in 0..lessons {
        let starts_at = at + chrono::Duration::days(day + 1);
        let new = NewLesson {
            arrangement_id: offer.id,
            starts_at,
            minutes: 90,
            status: LessonStatus::Recorded,
            recorded_by: ArrangementSide::Tutor,
            recorded_at: starts_at,
            reason: None,
            late: false,
        };
        let number = record.insert(new).await.unwrap().unwrap().number;
        assert!(record.answer(number, LessonStatus::Confirmed, None, starts_at - chrono::Duration::seconds(1)).await.unwrap());
    }
}

#[tokio::test]
async fn a_parent_reviews_the_matched_tutor_after_confirmed_lessons_and_the_profile_counts_it_until_hidden() {
    let app = crate::support::spawn().await;
    let tutor = approved_tutor(&app, "91234567", "中學 物理", "沙田", "400").await;
    let (parent, stranger, newcomer) =
        (registered(&app, "92345678").await, registered(&app, "93456789").await, registered(&app, "94567890").await);
    matched(&app, &parent, &tutor, 8, 2).await;
    // Matched, but no lesson confirmed yet.
    matched(&app, &newcomer, &tutor, 2, 0).await;
    let tutor_path = format!("/tutors/{}", tutor.id);
    let (eligibility_path, reviews_path) = (format!("{tutor_path}/review-eligibility"), format!("{tutor_path}/reviews"));
    let eligibility = |user: &User| get(&app, &eligibility_path, Some(bearer(&app, user)));
    assert_eq!(eligibility(&parent).await.1["status"], "can-review");
    assert_eq!(eligibility(&stranger).await.1["status"], "no-lessons");
    assert_eq!(eligibility(&tutor).await.1["status"], "own-profile");
    assert_eq!(eligibility(&parent).await.1["lessons"], 2);
    assert_eq!(eligibility(&newcomer).await.1["status"], "no-lessons");
    assert_eq!(get(&app, &format!("{tutor_path}/review-eligibility"), None).await.0, StatusCode::UNAUTHORIZED);

    let write = |user: &User, body: Value| send_json(&app, "POST", &reviews_path, Some(bearer(&app, user)), body);
    let (status, body) = write(&stranger, serde_json::json!({ "rating": 5, "text": "講解清楚，女兒物理進步了" })).await;
    assert_eq!((status, body["code"].as_str()), (StatusCode::FORBIDDEN, Some("NO_LESSONS")));
    let (status, body) = write(&newcomer, serde_json::json!({ "rating": 5, "text": "講解清楚，女兒物理進步了" })).await;
    assert_eq!((status, body["code"].as_str()), (StatusCode::FORBIDDEN, Some("NO_LESSONS")));
    assert_eq!(body["error"], "要有至少一堂經確認的課堂（配對個案或獲接受的預約），才可評價這位導師");
    let (status, body) = write(&parent, serde_json::json!({ "rating": 6, "text": "好".repeat(501) })).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["errors"].as_array().unwrap().len(), 2, "{body}");
    // A review says something, and carries no way to reach anyone.
    for text in ["好", "老師好好，有問題可以 WhatsApp 佢 6123 4567"] {
        let (status, body) = write(&parent, serde_json::json!({ "rating": 5, "text": text })).await;
        assert_eq!((status, body["errors"][0]["field"].as_str()), (StatusCode::BAD_REQUEST, Some("text")), "{body}");
    }
    let (status, body) = write(&parent, serde_json::json!({ "rating": 5, "text": "講解清楚，女兒物理進步了" })).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let review_id = body["reviewId"].as_i64().unwrap();
    assert_eq!((body["authorName"].as_str(), body["lessons"].as_u64()), (Some("陳**"), Some(2)));
    let (status, body) = write(&parent, serde_json::json!({ "rating": 1, "text": "再評一次，今次想改為一星" })).await;
    assert_eq!((status, body["code"].as_str()), (StatusCode::CONFLICT, Some("ALREADY_REVIEWED")));
    assert_eq!(eligibility(&parent).await.1["reviewId"], review_id);
    let texts = crate::support::sms_outbox(&app);
    assert!(texts.iter().any(|(to, b)| to == "+85291234567" && b.contains("你收到一則新評價")), "{texts:?}");

    // The profile, its list of reviews and the search count it, with nothing private.
    let (_, page) = get(&app, &format!("{tutor_path}/reviews"), None).await;
    assert_eq!((page["reviewCount"].as_u64(), page["averageRating"].as_f64(), page["total"].as_u64()), (Some(1), Some(5.0), Some(1)));
    assert_no_private_fields(&page);
    assert!(!page.to_string().contains(&parent.id.to_string()), "no author id: {page}");
    let (_, profile) = get(&app, &tutor_path, None).await;
    assert_eq!((profile["reviewCount"].as_u64(), profile["averageRating"].as_f64()), (Some(1), Some(5.0)));
    // Two lessons held: counted, but too few for a share of undisputed lessons.
    assert_eq!(profile["record"]["lessonsHeld"], 2);
    assert!(profile["record"].get("undisputedPercent").is_none(), "{profile}");
    let veteran = registered(&app, "95678901").await;
    matched(&app, &veteran, &tutor, 20, 5).await;
    let (_, profile) = get(&app, &tutor_path, None).await;
    assert_eq!((profile["record"]["lessonsHeld"].as_u64(), profile["record"]["undisputedPercent"].as_u64()), (Some(7), Some(100)));
    let (_, listed) = get(&app, "/tutors", None).await;
    assert_eq!(listed["items"][0]["reviewCount"], 1);

    // The tutor replies once; others cannot.
    let (reply_path, report_path) = (format!("/reviews/{review_id}/reply"), format!("/reviews/{review_id}/reports"));
    let reply =
        |user: &User, text: &str| send_json(&app, "POST", &reply_path, Some(bearer(&app, user)), serde_json::json!({ "text": text }));
    assert_eq!(reply(&stranger, "多謝").await.0, StatusCode::FORBIDDEN);
    let (status, body) = reply(&tutor, "多謝支持！").await;
    assert_eq!((status, &body["reply"]["text"]), (StatusCode::OK, &Value::from("多謝支持！")));
    assert_eq!(reply(&tutor, "再回覆").await.1["code"], "ALREADY_REPLIED");

    // Anyone logged in reports it with a reason; the back office hides it and it no longer counts.
    let report =
        |reason: &str| send_json(&app, "POST", &report_path, Some(bearer(&app, &stranger)), serde_json::json!({ "reason": reason }));
    assert_eq!(report(" ").await.0, StatusCode::BAD_REQUEST);
    // Its author may not report it.
    let own = serde_json::json!({ "reason": "想改內容" });
    let (status, body) = send_json(&app, "POST", &report_path, Some(bearer(&app, &parent)), own).await;
    assert_eq!((status, body["code"].as_str()), (StatusCode::FORBIDDEN, Some("OWN_REVIEW")), "{body}");
    assert_eq!(body["error"], "不可舉報自己寫的評價；如要修改內容，請聯絡客戶服務");
    assert_eq!(report("內容不實").await.1["received"], true);
    let moderation = tutorhub_domain::reviews::moderation::ReviewModeration::new(std::sync::Arc::new(
        tutorhub_adapters::SqlReviewRepository::new(app.database.pool().clone()),
    ));
    assert_eq!(moderation.show(review_id).await.unwrap().reports, 1);
    moderation.hide(review_id, "經查證內容不實", "staff").await.unwrap();
    let (_, page) = get(&app, &format!("{tutor_path}/reviews"), None).await;
    assert_eq!((page["reviewCount"].as_u64(), page["items"].as_array().map(Vec::len)), (Some(0), Some(0)));
    assert!(get(&app, &tutor_path, None).await.1.get("averageRating").is_none());
    assert_eq!(report("再舉報").await.0, StatusCode::NOT_FOUND, "a hidden review is not there to report");
}

#[tokio::test]
async fn a_tutor_saves_searches_within_the_limit_hears_of_a_matching_case_and_stops_it_from_the_link() {
    let app = crate::support::spawn().await;
    let tutor = approved_tutor(&app, "91234567", "中學 物理", "沙田", "400").await;
    let parent = registered(&app, "92345678").await;
    let save = |user: &User, body: Value| send_json(&app, "POST", "/alerts", Some(bearer(&app, user)), body);
    let physics = serde_json::json!({ "level": "secondary", "subjects": ["物理"], "channel": "sms" });

    // Tutors only; every field checked; a search for everything refused.
    let (status, body) = save(&parent, physics.clone()).await;
    assert_eq!((status, body["code"].as_str()), (StatusCode::FORBIDDEN, Some("NOT_AN_ACTIVE_TUTOR")));
    let (status, body) = save(&tutor, serde_json::json!({ "level": "x", "keywords": "a b c d e f", "channel": "sms" })).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let fields: Vec<&str> = body["errors"].as_array().unwrap().iter().map(|e| e["field"].as_str().unwrap()).collect();
    assert_eq!(fields, ["level", "keywords"]);
    assert_eq!(save(&tutor, serde_json::json!({ "channel": "email" })).await.1["errors"][0]["field"], "criteria");
    let (status, body) = save(&tutor, physics.clone()).await;
    assert_eq!((status, body["summary"].as_str()), (StatusCode::CREATED, Some("中學・物理")), "{body}");
    let search_id = body["searchId"].as_i64().unwrap();
    for _ in 1..10 {
        assert_eq!(save(&tutor, physics.clone()).await.0, StatusCode::CREATED);
    }
    let (status, body) = save(&tutor, physics.clone()).await;
    assert_eq!((status, body["code"].as_str()), (StatusCode::CONFLICT, Some("SAVED_SEARCH_LIMIT")));

    // Only its owner changes or deletes a saved search.
    let other = format!("/alerts/{}", search_id + 1);
    assert_eq!(send_json(&app, "PUT", &other, Some(bearer(&app, &parent)), physics.clone()).await.0, StatusCode::NOT_FOUND);
    let deleted = app.client.delete(&other).header("Authorization", bearer(&app, &tutor)).send().await;
    assert_eq!(deleted.0.status(), StatusCode::NO_CONTENT);
    let (_, list) = get(&app, "/alerts", Some(bearer(&app, &tutor))).await;
    assert_eq!((list["items"].as_array().unwrap().len(), list["max"].as_u64()), (9, Some(10)));

    // A parent's case in physics becomes public: one SMS to the tutor, linking to it.
    let case = app.cases.insert(vec![open_case("物理", "大圍", 600.0)]).await.unwrap()[0].number;
    let round = app.alerts.run_round(Utc::now()).await.unwrap();
    assert_eq!((round.messages_composed, round.messages_sent), (1, 1), "{round:?}");
    let texts: Vec<String> =
        crate::support::sms_outbox(&app).into_iter().filter(|(to, b)| to == "+85291234567" && b.contains("符合")).map(|(_, b)| b).collect();
    assert_eq!(texts.len(), 1, "nine searches matched, one message: {texts:?}");
    assert!(texts[0].contains(&format!("/case/{case}")) && texts[0].contains("管理通知"), "{texts:?}");
    let (_, list) = get(&app, "/alerts", Some(bearer(&app, &tutor))).await;
    assert_eq!(list["recentMatches"][0]["case"]["caseId"], case);

    // One search left: its alert carries a signed one-tap link that works without a login.
    for item in &list["items"].as_array().unwrap()[1..] {
        let path = format!("/alerts/{}", item["searchId"]);
        app.client.delete(&path).header("Authorization", bearer(&app, &tutor)).send().await.assert_status(StatusCode::NO_CONTENT);
    }
    let next = app.cases.insert(vec![open_case("物理", "大圍", 650.0)]).await.unwrap()[0].number;
    // The hour since the last message has not passed: the match waits for its digest.
    app.alerts.run_round(Utc::now()).await.unwrap();
    app.alerts.run_round(Utc::now() + chrono::Duration::minutes(61)).await.unwrap();
    let texts: Vec<String> =
        crate::support::sms_outbox(&app).into_iter().filter(|(_, b)| b.contains(&format!("/case/{next}"))).map(|(_, b)| b).collect();
    let token = texts[0].split("/u/").nth(1).expect("a stop link").trim().to_string();
    let link = |path: &'static str, token: String| send_json(&app, "POST", path, None, serde_json::json!({ "token": token }));
    let forged = format!("{}-0000000000000000", token.split('-').next().unwrap());
    assert_eq!(link("/alerts/unsubscribe", forged).await.0, StatusCode::NOT_FOUND);
    let (status, body) = link("/alerts/unsubscribe", token.clone()).await;
    assert_eq!((status, body["summary"].as_str()), (StatusCode::OK, Some("中學・物理")));
    let (_, list) = get(&app, "/alerts", Some(bearer(&app, &tutor))).await;
    assert_eq!(list["items"][0]["stopped"], true, "stopped, not deleted: the tutor can resume it");
    // A stopped search hears of nothing; the same link resumes it.
    app.cases.insert(vec![open_case("物理", "大圍", 700.0)]).await.unwrap();
    let round = app.alerts.run_round(Utc::now() + chrono::Duration::minutes(200)).await.unwrap();
    assert_eq!(round.messages_composed, 0, "{round:?}");
    // Resuming takes the tutor, logged in: a stop link cannot turn alerts back on.
    let resume = format!("/alerts/{}/resume", list["items"][0]["searchId"]);
    let (status, body) = send_json(&app, "POST", &resume, Some(bearer(&app, &tutor)), Value::Null).await;
    assert_eq!((status, &body["stopped"]), (StatusCode::OK, &Value::Bool(false)));
    assert_eq!(send_json(&app, "POST", &resume, None, Value::Null).await.0, StatusCode::UNAUTHORIZED);
    // Deleted, the link has nothing left to stop.
    let path = format!("/alerts/{}", list["items"][0]["searchId"]);
    app.client.delete(&path).header("Authorization", bearer(&app, &tutor)).send().await.assert_status(StatusCode::NO_CONTENT);
    assert_eq!(link("/alerts/unsubscribe", token).await.0, StatusCode::NOT_FOUND);
    assert!(get(&app, "/alerts", Some(bearer(&app, &tutor))).await.1["items"].as_array().unwrap().is_empty());
}
