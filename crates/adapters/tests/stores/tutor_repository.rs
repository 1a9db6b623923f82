//! The tutor repository contract, run on SQLite and on PostgreSQL.

use chrono::Utc;
use tutorhub_adapters::{Database, SqlTutorRepository, SqlUserRepository};
use tutorhub_domain::accounts::ports::UserRepository;
use tutorhub_domain::accounts::user::Role;
use tutorhub_domain::shared::identity::{DisplayName, Phone};
use tutorhub_domain::shared::money::Rate;
use tutorhub_domain::shared::paging::PageRequest;
use tutorhub_domain::shared::storage::{Constraint, RepositoryError};
use tutorhub_domain::tutors::model::{TutorApplicationForm, TutorApplicationStatus, TutorGender, TutorRef};
use tutorhub_domain::tutors::ports::{IdentityUpdate, TutorApplicationRepository, TutorProfileRepository};
use tutorhub_domain::tutors::search::{TutorFilter, TutorQuery};
use uuid::Uuid;

use crate::support::tutors::{approved, form, new_application, user};

async fn a_user_has_at_most_one_pending_application(db: Database) {
    let users = SqlUserRepository::new(db.pool().clone());
    let repo = SqlTutorRepository::new(db.pool().clone());
    let applicant = user(&users, 1).await;
    let first = repo.insert_application(new_application(applicant.id, &form("中學 數學", "藍田", 300.0))).await.unwrap();
    assert_eq!(first.status, TutorApplicationStatus::Pending);
    assert_eq!(first.details.subject_labels(), ["中學 數學"]);
    let second = repo.insert_application(new_application(applicant.id, &form("中學 數學", "藍田", 300.0))).await;
    assert!(matches!(second, Err(RepositoryError::Conflict(Constraint::PendingTutorApplication))), "{second:?}");

    assert!(repo.reject_application(first.number, "staff", "資料不足", Utc::now()).await.unwrap());
    assert!(!repo.reject_application(first.number, "staff", "again", Utc::now()).await.unwrap());
    let rejected = repo.find_application(first.number).await.unwrap().unwrap();
    assert_eq!((rejected.status, rejected.rejection_reason.as_deref()), (TutorApplicationStatus::Rejected, Some("資料不足")));
    assert_eq!(rejected.reviewer.as_deref(), Some("staff"));

    let again = repo.insert_application(new_application(applicant.id, &form("小學 英文", "沙田", 200.0))).await.unwrap();
    assert_eq!(repo.latest_application(applicant.id).await.unwrap().unwrap().number, again.number);
    assert_eq!(repo.list_applications(Some(TutorApplicationStatus::Pending)).await.unwrap().len(), 1);
    assert_eq!(repo.list_applications(None).await.unwrap().len(), 2);
}

async fn approval_makes_the_user_an_active_tutor_with_a_public_profile(db: Database) {
    let users = SqlUserRepository::new(db.pool().clone());
    let repo = SqlTutorRepository::new(db.pool().clone());
    let applicant = user(&users, 2).await;
    let profile = approved(&repo, &applicant, &form("中學 數學, 小學 數學", "藍田", 300.0), 0).await;
    let account = users.find_by_id(applicant.id).await.unwrap().unwrap();
    assert_eq!((account.role, account.is_tutor, account.is_tutor_profile_active), (Role::Tutor, true, true));
    assert!(account.is_active_tutor());
    assert_eq!(account.avatar.as_deref(), Some("/media/avatars/a.png"));
    let stored = repo.find_profile(TutorRef::Number(applicant.number)).await.unwrap().unwrap();
    assert_eq!(stored.subject_labels(), ["中學 數學", "小學 數學"]);
    assert_eq!(stored.grade_level, "小學、中學");
    assert_eq!(stored.place.area, "藍田");
    assert_eq!(repo.find_profile(TutorRef::Id(applicant.id)).await.unwrap().unwrap().user_number, profile.user_number);
    let application = repo.latest_application(applicant.id).await.unwrap().unwrap();
    assert_eq!(application.status, TutorApplicationStatus::Approved);
    assert!(!repo.approve_application(application.number, "staff", Utc::now(), &profile).await.unwrap());
}

async fn search_filters_active_tutors_in_the_database(db: Database) {
    let users = SqlUserRepository::new(db.pool().clone());
    let repo = SqlTutorRepository::new(db.pool().clone());
    let a = user(&users, 3).await;
    let b = user(&users, 4).await;
    let c = user(&users, 5).await;
    approved(&repo, &a, &form("中學 數學", "藍田", 300.0), 3).await;
    approved(&repo, &b, &form("小學 數學, 中學 英文", "沙田", 500.0), 2).await;
    approved(&repo, &c, &form("大學或以上 線性代數", "中環", 800.0), 1).await;
    let search = |query: TutorQuery| {
        let repo = &repo;
        async move {
            let filter = TutorFilter::parse(&query).unwrap();
            repo.search_profiles(&filter, PageRequest::default()).await.unwrap()
        }
    };
    let all = search(TutorQuery::default()).await;
    assert_eq!(all.total, 3);
    assert_eq!(all.items[0].user_number, c.number, "newest approval first");

    // Level and subject hold for the same taught subject: b teaches 小學 數學 and 中學 英文, not 中學 數學.
    let secondary_maths = search(TutorQuery { level: Some("secondary".into()), subjects: vec!["數學".into()], ..Default::default() }).await;
    assert_eq!(secondary_maths.items.iter().map(|t| t.user_number).collect::<Vec<_>>(), [a.number]);
    let any_maths = search(TutorQuery { subjects: vec!["數學".into()], ..Default::default() }).await;
    assert_eq!(any_maths.total, 2);
    let tertiary = search(TutorQuery { level: Some("tertiary".into()), subjects: vec!["代數".into()], ..Default::default() }).await;
    assert_eq!(tertiary.items[0].user_number, c.number);
    let kowloon = search(TutorQuery { region: Some("九龍".into()), ..Default::default() }).await;
    assert_eq!(kowloon.total, 1);
    let sha_tin = search(TutorQuery { areas: vec!["沙田".into()], ..Default::default() }).await;
    assert_eq!(sha_tin.items[0].user_number, b.number);
    let dear = search(TutorQuery { min_rate: Some("500".into()), ..Default::default() }).await;
    assert_eq!(dear.total, 2);
    assert!(dear.items.iter().all(|t| t.rate >= Rate::from_cents(50_000)));

    let page_two = repo.search_profiles(&TutorFilter::default(), PageRequest::new(Some(2), Some(2)).unwrap()).await.unwrap();
    assert_eq!((page_two.total, page_two.items.len()), (3, 1));

    assert!(repo.set_profile_active(a.id, false, Utc::now()).await.unwrap());
    assert_eq!(search(TutorQuery::default()).await.total, 2);
    assert!(!users.find_by_id(a.id).await.unwrap().unwrap().is_tutor_profile_active);
    assert!(!repo.find_profile(TutorRef::Id(a.id)).await.unwrap().unwrap().active);
    assert!(repo.set_profile_active(a.id, true, Utc::now()).await.unwrap());
    assert!(users.find_by_id(a.id).await.unwrap().unwrap().is_active_tutor());
    assert!(!repo.set_profile_active(Uuid::new_v4(), true, Utc::now()).await.unwrap());
}

fn identity(name: &str, phone: Option<&str>, avatar: Option<&str>) -> IdentityUpdate {
    IdentityUpdate {
        name: DisplayName::parse(name).unwrap(),
        phone: phone.map(|p| Phone::parse(p).unwrap()),
        avatar: avatar.map(str::to_string),
    }
}

async fn the_tutor_profile_follows_name_and_avatar_changes(db: Database) {
    let users = SqlUserRepository::new(db.pool().clone());
    let repo = SqlTutorRepository::new(db.pool().clone());
    let tutor = user(&users, 6).await;
    approved(&repo, &tutor, &form("中學 數學", "藍田", 300.0), 0).await;
    repo.update_identity(tutor.id, identity("李小明", None, Some("/media/avatars/new.png")), Utc::now()).await.unwrap();
    let account = users.find_by_id(tutor.id).await.unwrap().unwrap();
    assert_eq!((account.name.as_str(), account.avatar.as_deref()), ("李小明", Some("/media/avatars/new.png")));
    let profile = repo.find_profile(TutorRef::Id(tutor.id)).await.unwrap().unwrap();
    assert_eq!((profile.name.as_str(), profile.avatar.as_deref()), ("李小明", Some("/media/avatars/new.png")));
    repo.update_identity(tutor.id, identity("Peter", None, None), Utc::now()).await.unwrap();
    let profile = repo.find_profile(TutorRef::Id(tutor.id)).await.unwrap().unwrap();
    assert_eq!((profile.name.as_str(), profile.avatar.as_deref()), ("Peter", Some("/media/avatars/new.png")));
    let student = user(&users, 7).await;
    repo.update_identity(student.id, identity("王五", None, None), Utc::now()).await.unwrap();
    assert_eq!(users.find_by_id(student.id).await.unwrap().unwrap().name.as_str(), "王五");
}

async fn a_new_phone_is_saved_unless_another_account_has_it(db: Database) {
    let users = SqlUserRepository::new(db.pool().clone());
    let repo = SqlTutorRepository::new(db.pool().clone());
    let (me, other) = (user(&users, 8).await, user(&users, 9).await);
    let taken = repo.update_identity(me.id, identity("新名", Some(other.phone.as_str()), None), Utc::now()).await;
    assert!(matches!(taken, Err(RepositoryError::Conflict(Constraint::UserPhone))), "{taken:?}");
    let unchanged = users.find_by_id(me.id).await.unwrap().unwrap();
    assert_eq!((unchanged.name.as_str(), unchanged.phone.as_str()), ("陳大文", me.phone.as_str()), "rolled back as a whole");

    repo.update_identity(me.id, identity("新名", Some("51234567"), None), Utc::now()).await.unwrap();
    let moved = users.find_by_phone(&Phone::parse("51234567").unwrap()).await.unwrap().unwrap();
    assert_eq!((moved.id, moved.name.as_str()), (me.id, "新名"));
    assert!(users.find_by_phone(&me.phone).await.unwrap().is_none(), "the old phone is free again");
}

/// An application of `tutor` in `status` to a new matched case.
async fn matched_case(db: &Database, tutor: Uuid, status: &str) {
    let number = crate::support::stored_case(db, tutorhub_domain::cases::model::CaseStatus::Matched).await;
    sqlx::query(
        "INSERT INTO case_applications (id, case_number, tutor_id, available_times, status, created_at, updated_at) \
         VALUES ($1, $2, $3, '星期六', $4, 0, 0)",
    )
    .bind(Uuid::new_v4().to_string())
    .bind(number)
    .bind(tutor.to_string())
    .bind(status.to_string())
    .execute(db.pool())
    .await
    .unwrap();
}

async fn booking(db: &Database, tutor: Uuid, status: &str) {
    sqlx::query(
        "INSERT INTO bookings (id, tutor_id, user_id, user_type, booking_time, status, created_at, updated_at) \
         VALUES ($1, $2, $3, 'student', '星期三', $4, 0, 0)",
    )
    .bind(Uuid::new_v4().to_string())
    .bind(tutor.to_string())
    .bind(Uuid::new_v4().to_string())
    .bind(status.to_string())
    .execute(db.pool())
    .await
    .unwrap();
}

async fn the_profile_keeps_experience_and_results_and_the_record_counts_what_happened(db: Database) {
    let users = SqlUserRepository::new(db.pool().clone());
    let repo = SqlTutorRepository::new(db.pool().clone());
    let tutor = user(&users, 7).await;
    approved(&repo, &tutor, &form("中學 數學", "藍田", 300.0), 0).await;
    let stored = repo.find_profile(TutorRef::Id(tutor.id)).await.unwrap().unwrap();
    assert_eq!((stored.experience_years, stored.exam_results.as_str(), stored.course_features.as_str()), (3, "DSE 數學 5**", "重視理解"));

    let record = repo.track_record(tutor.id).await.unwrap();
    assert_eq!((record.matched_cases, record.accepted_bookings), (0, 0));
    assert_eq!(record.member_since.timestamp_millis(), tutor.created_at.timestamp_millis());

    matched_case(&db, tutor.id, "selected").await;
    matched_case(&db, tutor.id, "declined").await;
    booking(&db, tutor.id, "accepted").await;
    booking(&db, tutor.id, "accepted").await;
    booking(&db, tutor.id, "pending").await;
    let record = repo.track_record(tutor.id).await.unwrap();
    assert_eq!((record.matched_cases, record.accepted_bookings), (1, 2));
}

async fn several_modes_and_districts_are_kept_and_the_district_filter_finds_tutors_who_travel(db: Database) {
    let users = SqlUserRepository::new(db.pool().clone());
    let repo = SqlTutorRepository::new(db.pool().clone());
    let (travels, stays) = (user(&users, 10).await, user(&users, 11).await);
    let wide = TutorApplicationForm {
        gender: "male".into(),
        teaching_modes: vec!["home".into(), "online".into()],
        teaching_districts: vec!["黃大仙區".into(), "觀塘區".into()],
        ..form("中學 數學", "藍田", 300.0)
    };
    approved(&repo, &travels, &wide, 2).await;
    approved(&repo, &stays, &form("中學 數學", "中環", 300.0), 1).await;

    let application = repo.latest_application(travels.id).await.unwrap().unwrap();
    let modes: Vec<_> = application.details.teaching_modes.iter().map(|m| m.key).collect();
    assert_eq!(
        (modes.as_slice(), application.details.teaching_districts.as_slice()),
        (&["one-to-one", "home", "online"][..], &["黃大仙區", "觀塘區"][..])
    );
    let profile = repo.find_profile(TutorRef::Id(travels.id)).await.unwrap().unwrap();
    assert_eq!(
        (profile.teaching_mode(), profile.teaching_districts.as_slice()),
        ("one-to-one", &["黃大仙區".to_string(), "觀塘區".into()][..])
    );
    let default = repo.find_profile(TutorRef::Id(stays.id)).await.unwrap().unwrap();
    assert_eq!(default.teaching_districts, ["中西區"], "none chosen: the district of the tutor's area");
    assert_eq!((profile.gender, default.gender), (Some(TutorGender::Male), None));
    assert_eq!(application.details.gender, Some(TutorGender::Male));

    let in_district = |name: &str| {
        let filter = TutorFilter::parse(&TutorQuery { districts: vec![name.into()], ..Default::default() }).unwrap();
        let repo = &repo;
        async move { repo.search_profiles(&filter, PageRequest::default()).await.unwrap().items.iter().map(|t| t.user_id).collect::<Vec<_>>() }
    };
    assert_eq!(in_district("黃大仙區").await, [travels.id], "lives in 觀塘區, travels to 黃大仙區");
    assert_eq!(in_district("中西區").await, [stays.id]);
    assert!(in_district("沙田區").await.is_empty());
}

on_both_engines!(
    several_modes_and_districts_are_kept_and_the_district_filter_finds_tutors_who_travel,
    the_profile_keeps_experience_and_results_and_the_record_counts_what_happened,
    the_tutor_profile_follows_name_and_avatar_changes,
    a_new_phone_is_saved_unless_another_account_has_it,
    a_user_has_at_most_one_pending_application,
    approval_makes_the_user_an_active_tutor_with_a_public_profile,
    search_filters_active_tutors_in_the_database,
);
