//! The case repository contract, run on SQLite and on PostgreSQL.

use chrono::{Duration, TimeZone, Utc};
use tutorhub_adapters::{Database, SqlCaseRepository};
use tutorhub_domain::cases::fees::{FeeSample, Quartiles};
use tutorhub_domain::cases::model::{CaseDetails, CaseForm, CaseStatus, NewCase};
use tutorhub_domain::cases::ports::CaseRepository;
use tutorhub_domain::cases::search::{CaseFilter, CaseOwnQuery, CaseQuery};
use tutorhub_domain::shared::paging::PageRequest;
use tutorhub_domain::shared::storage::RepositoryError;
use uuid::Uuid;

fn form(level: &str, grade: &str, subjects: &[&str], area: &str, rate: f64) -> CaseForm {
    CaseForm {
        post_type: "student-seeking-tutor".into(),
        post_title: format!("{grade}{}", subjects.join("")),
        level: level.into(),
        grade: grade.into(),
        subjects: subjects.iter().map(|s| s.to_string()).collect(),
        location: area.into(),
        rate: Some(rate),
        session_length: Some(90),
        sessions_per_week: Some(1),
        description: "測試個案".into(),
        preferred_gender: "no limit".into(),
        start_date: "2026-12-01".into(),
    }
}

fn new_case(form: CaseForm, status: CaseStatus, minutes_ago: i64) -> NewCase {
    NewCase {
        id: Uuid::new_v4(),
        owner_id: Some(Uuid::new_v4()),
        details: CaseDetails::parse(&form).unwrap(),
        status,
        created_at: Utc.with_ymd_and_hms(2026, 11, 1, 12, 0, 0).unwrap() - Duration::minutes(minutes_ago),
    }
}

/// Five approved cases and one pending, newest first: 0 is newest.
async fn board(db: &Database) -> SqlCaseRepository {
    let repo = SqlCaseRepository::new(db.pool().clone());
    repo.insert(vec![
        new_case(form("secondary", "中三", &["數學", "英文"], "藍田", 300.0), CaseStatus::Approved, 0),
        new_case(form("secondary", "中五", &["物理"], "觀塘", 450.5), CaseStatus::Approved, 1),
        new_case(form("primary", "小三", &["數學"], "沙田", 200.0), CaseStatus::Approved, 2),
        new_case(form("tertiary", "大學一年級", &["Linear Algebra"], "中環", 600.0), CaseStatus::Approved, 3),
        new_case(form("kindergarten", "K2 低班", &["幼兒英文"], "旺角", 180.0), CaseStatus::Approved, 4),
        new_case(form("secondary", "中三", &["數學"], "藍田", 999.0), CaseStatus::Pending, 5),
    ])
    .await
    .unwrap();
    repo
}

async fn numbers_for(repo: &SqlCaseRepository, query: CaseQuery) -> (Vec<String>, u64) {
    let filter = CaseFilter::public_search(&query).unwrap();
    let page = repo.search(&filter, PageRequest::default()).await.unwrap();
    (page.items.iter().map(|c| c.details.title.clone()).collect(), page.total)
}

async fn numbers_start_at_10001_and_round_trip_every_field(db: Database) {
    let repo = SqlCaseRepository::new(db.pool().clone());
    let new = new_case(form("secondary", "中三", &["數學", "英文"], "藍田", 300.5), CaseStatus::Approved, 0);
    let stored = repo.insert(vec![new.clone()]).await.unwrap().remove(0);
    assert_eq!(stored.number, 10001);
    let found = repo.find_by_number(10001).await.unwrap().unwrap();
    assert_eq!(found, stored);
    assert_eq!(found.details, new.details);
    assert_eq!(found.owner_id, new.owner_id);
    assert!(repo.find_by_number(99999).await.unwrap().is_none());
}

async fn lists_only_approved_cases_newest_first(db: Database) {
    let repo = board(&db).await;
    let (titles, total) = numbers_for(&repo, CaseQuery::default()).await;
    assert_eq!(total, 5);
    assert_eq!(titles, ["中三數學英文", "中五物理", "小三數學", "大學一年級Linear Algebra", "K2 低班幼兒英文"]);
}

async fn filters_by_district_area_and_region(db: Database) {
    let repo = board(&db).await;
    let (titles, total) = numbers_for(&repo, CaseQuery { districts: vec!["觀塘區".into()], ..Default::default() }).await;
    assert_eq!((titles, total), (vec!["中三數學英文".to_string(), "中五物理".to_string()], 2));
    let (_, total) = numbers_for(&repo, CaseQuery { areas: vec!["沙田".into(), "旺角".into()], ..Default::default() }).await;
    assert_eq!(total, 2);
    let (_, total) = numbers_for(&repo, CaseQuery { region: Some("九龍".into()), ..Default::default() }).await;
    assert_eq!(total, 3);
}

async fn a_minimum_fee_excludes_lower_fees(db: Database) {
    let repo = board(&db).await;
    let (titles, _) = numbers_for(&repo, CaseQuery { min_rate: Some("450.5".into()), ..Default::default() }).await;
    assert_eq!(titles, ["中五物理", "大學一年級Linear Algebra"]);
    let (_, total) = numbers_for(&repo, CaseQuery { min_rate: Some("not a number".into()), ..Default::default() }).await;
    assert_eq!(total, 5);
}

async fn filters_by_level_grade_and_subject(db: Database) {
    let repo = board(&db).await;
    let query = CaseQuery { subjects: vec!["數學".into()], ..Default::default() };
    assert_eq!(numbers_for(&repo, query).await.1, 2);
    let query = CaseQuery {
        level: Some("secondary".into()),
        subjects: vec!["英文".into()],
        own: CaseOwnQuery { grades: vec!["中三".into(), "中四".into()], ..Default::default() },
        ..Default::default()
    };
    assert_eq!(numbers_for(&repo, query).await.0, ["中三數學英文"]);
    let query = CaseQuery { level: Some("tertiary".into()), subjects: vec!["linear".into()], ..Default::default() };
    assert_eq!(numbers_for(&repo, query).await.1, 1);
    let query = CaseQuery { level: Some("tertiary".into()), subjects: vec!["100%_".into()], ..Default::default() };
    assert_eq!(numbers_for(&repo, query).await.1, 0);
}

async fn pages_are_disjoint_and_the_total_is_exact(db: Database) {
    let repo = board(&db).await;
    let filter = CaseFilter::public();
    let first = repo.search(&filter, PageRequest::new(Some(1), Some(2)).unwrap()).await.unwrap();
    let second = repo.search(&filter, PageRequest::new(Some(2), Some(2)).unwrap()).await.unwrap();
    let beyond = repo.search(&filter, PageRequest::new(Some(9), Some(2)).unwrap()).await.unwrap();
    assert_eq!((first.total, second.total, beyond.total), (5, 5, 5));
    assert_eq!((first.items.len(), second.items.len(), beyond.items.len()), (2, 2, 0));
    assert!(first.items.iter().all(|a| second.items.iter().all(|b| a.number != b.number)));
}

async fn every_write_moves_the_board_version(db: Database) {
    let repo = SqlCaseRepository::new(db.pool().clone());
    let before = repo.board_version().await.unwrap();
    repo.insert(vec![new_case(form("primary", "小一", &["中文"], "北角", 150.0), CaseStatus::Approved, 0)]).await.unwrap();
    assert!(repo.board_version().await.unwrap() > before);
}

async fn a_duplicate_id_is_refused_and_stores_nothing(db: Database) {
    let repo = SqlCaseRepository::new(db.pool().clone());
    let case = new_case(form("primary", "小一", &["中文"], "北角", 150.0), CaseStatus::Approved, 0);
    let error = repo.insert(vec![case.clone(), case]).await.unwrap_err();
    // A colliding id breaks no business rule: it is a fault, not a conflict a person caused.
    assert!(matches!(error, RepositoryError::Unavailable(_)), "{error:?}");
    assert_eq!(repo.search(&CaseFilter::public(), PageRequest::default()).await.unwrap().total, 0);
}

async fn finds_a_list_of_cases_by_number_whatever_their_status(db: Database) {
    let repo = SqlCaseRepository::new(db.pool().clone());
    let stored = repo
        .insert(vec![
            new_case(form("primary", "小一", &["中文"], "北角", 150.0), CaseStatus::Approved, 0),
            new_case(form("primary", "小二", &["英文"], "北角", 160.0), CaseStatus::Pending, 1),
            new_case(form("primary", "小三", &["數學"], "北角", 170.0), CaseStatus::Approved, 2),
        ])
        .await
        .unwrap();
    let wanted = [stored[1].number, 99_999, stored[0].number];
    let mut found: Vec<i64> = repo.find_by_numbers(&wanted).await.unwrap().iter().map(|c| c.number).collect();
    found.sort_unstable();
    assert_eq!(found, [stored[0].number, stored[1].number]);
    assert!(repo.find_by_numbers(&[]).await.unwrap().is_empty());
}

async fn fee_quartiles_are_per_hour_over_moderated_parents_cases_of_the_sample(db: Database) {
    let repo = SqlCaseRepository::new(db.pool().clone());
    // Secondary maths in Kowloon at HK$200..=HK$290 an hour (fees per 90 minutes), plus what
    // must not count: a pending case, a rejected one, a tutor's advert and another level.
    let mut cases: Vec<_> = (0..10)
        .map(|i| {
            let per_lesson = f64::from(200 + 10 * i) * 1.5;
            new_case(
                form("secondary", if i < 6 { "中三" } else { "中四" }, &["數學"], "藍田", per_lesson),
                CaseStatus::Approved,
                i64::from(i),
            )
        })
        .collect();
    cases[8].status = CaseStatus::Matched;
    cases[9].status = CaseStatus::Closed;
    cases.push(new_case(form("secondary", "中三", &["數學"], "藍田", 9_999.0), CaseStatus::Pending, 20));
    cases.push(new_case(form("secondary", "中三", &["數學"], "藍田", 9_999.0), CaseStatus::Rejected, 21));
    let advert = CaseForm { post_type: "tutor-seeking-student".into(), ..form("secondary", "中三", &["數學"], "藍田", 9_999.0) };
    cases.push(new_case(advert, CaseStatus::Approved, 22));
    cases.push(new_case(form("primary", "小三", &["數學"], "沙田", 9_999.0), CaseStatus::Approved, 23));
    cases.push(new_case(form("secondary", "中三", &["物理"], "中環", 150.0), CaseStatus::Approved, 24));
    repo.insert(cases).await.unwrap();

    let sample = |grade: Option<&str>, subject: Option<&str>, region: Option<&'static str>| FeeSample {
        level: "secondary",
        grade: grade.map(str::to_string),
        subject: subject.map(str::to_string),
        region,
    };
    let dollars = |q: Quartiles| (q.count, q.lower.dollars(), q.median.dollars(), q.upper.dollars());
    let maths = repo.hourly_fee_quartiles(&sample(None, Some("數學"), None)).await.unwrap().unwrap();
    assert_eq!(dollars(maths), (10, 220.0, 240.0, 270.0), "nearest ranks 3, 5 and 8 of 200..290");
    let third_form = repo.hourly_fee_quartiles(&sample(Some("中三"), Some("數學"), None)).await.unwrap().unwrap();
    assert_eq!(dollars(third_form), (6, 210.0, 220.0, 240.0));
    let kowloon = repo.hourly_fee_quartiles(&sample(None, None, Some("九龍"))).await.unwrap().unwrap();
    assert_eq!(kowloon.count, 10, "the physics case is on the island");
    assert_eq!(repo.hourly_fee_quartiles(&sample(None, None, None)).await.unwrap().unwrap().count, 11);
    assert_eq!(repo.hourly_fee_quartiles(&sample(None, Some("化學"), None)).await.unwrap(), None);
}

async fn approved_at(db: &Database, number: i64) -> Option<i64> {
    sqlx::query_scalar("SELECT approved_at FROM cases WHERE number = $1").bind(number).fetch_one(db.pool()).await.unwrap()
}

/// The marketplace report measures the wait for a first applicant from the first approval.
async fn the_first_approval_time_is_kept(db: Database) {
    let repo = SqlCaseRepository::new(db.pool().clone());
    let stored = repo
        .insert(vec![
            new_case(form("primary", "小一", &["中文"], "北角", 150.0), CaseStatus::Approved, 0),
            new_case(form("primary", "小二", &["英文"], "北角", 160.0), CaseStatus::Pending, 0),
        ])
        .await
        .unwrap();
    let (at_once, moderated) = (stored[0].number, stored[1].number);
    assert_eq!(approved_at(&db, at_once).await, Some(stored[0].created_at.timestamp_millis()));
    assert_eq!(approved_at(&db, moderated).await, None);
    let approval = stored[1].created_at + Duration::hours(2);
    assert!(repo.transition(moderated, CaseStatus::Pending, CaseStatus::Approved, approval).await.unwrap());
    // Offered, then back on the board after the offer lapsed: still the first approval.
    let later = approval + Duration::hours(5);
    assert!(repo.transition(moderated, CaseStatus::Approved, CaseStatus::Offered, later).await.unwrap());
    assert!(repo.transition(moderated, CaseStatus::Offered, CaseStatus::Approved, later).await.unwrap());
    assert_eq!(approved_at(&db, moderated).await, Some(approval.timestamp_millis()));
}

on_both_engines!(
    the_first_approval_time_is_kept,
    fee_quartiles_are_per_hour_over_moderated_parents_cases_of_the_sample,
    finds_a_list_of_cases_by_number_whatever_their_status,
    numbers_start_at_10001_and_round_trip_every_field,
    lists_only_approved_cases_newest_first,
    filters_by_district_area_and_region,
    a_minimum_fee_excludes_lower_fees,
    filters_by_level_grade_and_subject,
    pages_are_disjoint_and_the_total_is_exact,
    every_write_moves_the_board_version,
    a_duplicate_id_is_refused_and_stores_nothing,
);
