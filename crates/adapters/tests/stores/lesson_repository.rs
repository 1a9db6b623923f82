//! The lesson record's contract, run on SQLite and on PostgreSQL: arrangements are confirmed
//! matches and accepted bookings only; a lesson recorded twice at once is one record; the
//! auto-confirm job of two servers confirms each lesson once; answers and resolutions move a
//! lesson from the expected state only.

use std::sync::Arc;

use chrono::{DateTime, Duration, Utc};
use tutorhub_adapters::{Database, SqlApplicationRepository, SqlBookingRepository, SqlLessonRepository};
use tutorhub_domain::bookings::model::{Booking, BookingDetails, BookingStatus, BookingTime};
use tutorhub_domain::bookings::ports::BookingRepository;
use tutorhub_domain::cases::model::CaseStatus;
use tutorhub_domain::lessons::model::{ArrangementKind, ArrangementSide, EndReason, Ending, LessonConfirmedBy, LessonStatus, NewLesson};
use tutorhub_domain::lessons::ports::LessonRepository;
use tutorhub_domain::matching::model::{AvailableTimes, CaseApplication, CaseApplicationStatus};
use tutorhub_domain::matching::offer::Offer;
use tutorhub_domain::matching::ports::{ApplicationRepository, ApplyOutcome};
use tutorhub_domain::shared::money::Rate;
use tutorhub_domain::shared::storage::{Constraint, RepositoryError};
use uuid::Uuid;

/// Millisecond precision, as stored.
fn now() -> DateTime<Utc> {
    DateTime::from_timestamp_millis(Utc::now().timestamp_millis()).unwrap()
}

/// A confirmed match: (offer id, tutor, owner, confirmed at).
async fn confirmed_match(db: &Database) -> (Uuid, Uuid, Uuid, DateTime<Utc>) {
    let (tutor, owner) = (Uuid::new_v4(), Uuid::new_v4());
    let number = crate::support::stored_case_of(db, CaseStatus::Approved, owner).await;
    let applications = SqlApplicationRepository::new(db.pool().clone());
    let application = CaseApplication {
        id: Uuid::new_v4(),
        case_number: number,
        tutor_id: tutor,
        available_times: AvailableTimes::parse("星期六").unwrap(),
        status: CaseApplicationStatus::Applied,
        created_at: now() - Duration::days(5),
    };
    let ApplyOutcome::Applied(application) = applications.apply(application, 30).await.unwrap() else { panic!() };
    let confirmed_at = now() - Duration::days(4);
    let offer = Offer::open(number, application.id, tutor, Rate::from_cents(35000), confirmed_at - Duration::hours(1), 24);
    applications.offer(&offer).await.unwrap();
    applications.confirm(offer.id, confirmed_at + Duration::days(1), confirmed_at).await.unwrap();
    (offer.id, tutor, owner, confirmed_at)
}

fn recorded(arrangement: Uuid, starts_at: DateTime<Utc>, recorded_at: DateTime<Utc>) -> NewLesson {
    NewLesson {
        arrangement_id: arrangement,
        starts_at,
        minutes: 90,
        status: LessonStatus::Recorded,
        recorded_by: ArrangementSide::Tutor,
        recorded_at,
        reason: None,
        late: false,
    }
}

async fn arrangements_are_confirmed_matches_and_accepted_bookings(db: Database) {
    let repo = SqlLessonRepository::new(db.pool().clone());
    let (offer, tutor, owner, confirmed_at) = confirmed_match(&db).await;
    let matched = repo.arrangement(offer).await.unwrap().unwrap();
    assert_eq!((matched.kind, matched.tutor_id, matched.family_id), (ArrangementKind::Match, tutor, owner));
    assert_eq!((matched.fee, matched.since), (Some(Rate::from_cents(35000)), confirmed_at));
    assert_eq!(repo.arrangement(Uuid::new_v4()).await.unwrap(), None);

    let bookings = SqlBookingRepository::new(db.pool().clone());
    let booking = Booking {
        id: Uuid::new_v4(),
        tutor_id: tutor,
        user_id: owner,
        user_type: "student".into(),
        booking_time: BookingTime::parse("星期三 19:00-21:00").unwrap(),
        details: BookingDetails::default(),
        status: BookingStatus::Pending,
        created_at: now(),
    };
    let booking = bookings.insert(booking).await.unwrap();
    assert_eq!(repo.arrangement(booking.id).await.unwrap(), None, "a pending booking is no arrangement yet");
    let accepted_at = now();
    assert!(bookings.transition(booking.id, vec![BookingStatus::Pending], BookingStatus::Accepted, accepted_at).await.unwrap());
    let booked = repo.arrangement(booking.id).await.unwrap().unwrap();
    assert_eq!((booked.kind, booked.fee, booked.since, booked.family_id), (ArrangementKind::Booking, None, accepted_at, owner));
    // Cancelled later, it keeps its record and the time it began.
    assert!(bookings.transition(booking.id, vec![BookingStatus::Accepted], BookingStatus::Cancelled, now()).await.unwrap());
    assert_eq!(repo.arrangement(booking.id).await.unwrap().map(|a| a.since), Some(accepted_at));
}

async fn a_lesson_recorded_twice_at_once_is_one_record(db: Database) {
    let repo = Arc::new(SqlLessonRepository::new(db.pool().clone()));
    let (offer, ..) = confirmed_match(&db).await;
    let start = now() - Duration::days(1);
    let tasks: Vec<_> = (0..2)
        .map(|_| {
            let repo = repo.clone();
            tokio::spawn(async move { repo.insert(recorded(offer, start, now())).await })
        })
        .collect();
    let mut stored = 0;
    for task in tasks {
        match task.await.unwrap() {
            Ok(lesson) => {
                let lesson = lesson.expect("not ended");
                stored += 1;
                assert_eq!((lesson.starts_at, lesson.status, lesson.minutes), (start, LessonStatus::Recorded, 90));
            }
            Err(RepositoryError::Conflict(Constraint::LessonPerStart)) => {}
            Err(other) => panic!("{other:?}"),
        }
    }
    assert_eq!(stored, 1);
    assert_eq!(repo.for_arrangement(offer).await.unwrap().len(), 1);
}

async fn the_auto_confirm_jobs_of_two_servers_confirm_each_lesson_once(db: Database) {
    let servers = [Arc::new(SqlLessonRepository::new(db.pool().clone())), Arc::new(SqlLessonRepository::new(db.pool().clone()))];
    let (offer, ..) = confirmed_match(&db).await;
    let old = now() - Duration::hours(73);
    let mut numbers = Vec::new();
    for day in 1..=3 {
        numbers.push(servers[0].insert(recorded(offer, now() - Duration::days(day), old)).await.unwrap().unwrap().number);
    }
    let fresh = servers[0].insert(recorded(offer, now() - Duration::hours(2), now())).await.unwrap().unwrap();
    // The family answers one of the old ones at the last moment, as the jobs run.
    let before = now() - Duration::hours(72);
    let answered = {
        let repo = servers[1].clone();
        let number = numbers[0];
        tokio::spawn(async move {
            repo.answer(number, LessonStatus::Disputed, Some("沒有上堂".into()), old - Duration::seconds(1)).await.unwrap()
        })
    };
    let jobs: Vec<_> = servers
        .iter()
        .map(|repo| {
            let repo = repo.clone();
            tokio::spawn(async move { repo.confirm_unanswered(before).await.unwrap() })
        })
        .collect();
    let mut confirmed: Vec<i64> = Vec::new();
    for job in jobs {
        confirmed.extend(job.await.unwrap().iter().map(|l| l.number));
    }
    let disputed = answered.await.unwrap();
    confirmed.sort();
    let mut unique = confirmed.clone();
    unique.dedup();
    assert_eq!(unique, confirmed, "a lesson confirmed twice");
    assert_eq!(confirmed.len() + usize::from(disputed), 3, "each old lesson ends once: confirmed or disputed");
    for number in &confirmed {
        let lesson = servers[0].find(*number).await.unwrap().unwrap();
        assert_eq!((lesson.status, lesson.confirmed_by), (LessonStatus::Confirmed, Some(LessonConfirmedBy::Timeout)));
    }
    assert_eq!(servers[0].find(fresh.number).await.unwrap().unwrap().status, LessonStatus::Recorded, "within its 72 hours");
}

async fn answers_and_resolutions_move_only_from_the_expected_state(db: Database) {
    let repo = SqlLessonRepository::new(db.pool().clone());
    let (offer, ..) = confirmed_match(&db).await;
    let lesson = repo.insert(recorded(offer, now() - Duration::days(1), now())).await.unwrap().unwrap();
    let after = now() - Duration::hours(72);
    assert!(repo.answer(lesson.number, LessonStatus::Disputed, Some("只上了一小時".into()), after).await.unwrap());
    assert!(!repo.answer(lesson.number, LessonStatus::Confirmed, None, after).await.unwrap(), "answered once");
    assert_eq!(repo.disputed(10).await.unwrap().iter().map(|l| l.number).collect::<Vec<_>>(), vec![lesson.number]);
    assert!(repo.resolve(lesson.number, false, "導師承認當日未有上堂").await.unwrap());
    assert!(!repo.resolve(lesson.number, true, "再處理").await.unwrap(), "settled once");
    let settled = repo.find(lesson.number).await.unwrap().unwrap();
    assert_eq!((settled.status, settled.reason.as_deref()), (LessonStatus::NotHeld, Some("只上了一小時")));
    assert_eq!(settled.resolution.as_deref(), Some("導師承認當日未有上堂"));
    assert!(repo.disputed(10).await.unwrap().is_empty());
    // A cancellation keeps its side, reason and lateness.
    let mut cancellation = recorded(offer, now() + Duration::hours(5), now());
    (cancellation.status, cancellation.recorded_by, cancellation.reason, cancellation.late, cancellation.minutes) =
        (LessonStatus::Cancelled, ArrangementSide::Family, Some("學生發燒".into()), true, 0);
    let stored = repo.insert(cancellation.clone()).await.unwrap().unwrap();
    assert_eq!((stored.status, stored.recorded_by, stored.late), (LessonStatus::Cancelled, ArrangementSide::Family, true));
    assert_eq!(repo.for_arrangement(offer).await.unwrap().first().map(|l| l.number), Some(stored.number), "latest start first");
    // The lesson may happen at a cancelled time after all: the cancellation holds no start.
    let held = NewLesson {
        status: LessonStatus::Recorded,
        recorded_by: ArrangementSide::Tutor,
        reason: None,
        late: false,
        minutes: 90,
        ..cancellation
    };
    assert!(repo.insert(held).await.unwrap().is_some());
}

async fn an_arrangement_ends_once_and_its_case_reopens_once_with_the_other_applicants(db: Database) {
    let repo = Arc::new(SqlLessonRepository::new(db.pool().clone()));
    let (offer, tutor, ..) = confirmed_match(&db).await;
    let ending = |by| Ending { by, reason: EndReason::Teaching, note: None, at: now(), reopened_at: None };
    let tasks: Vec<_> = [ArrangementSide::Family, ArrangementSide::Tutor]
        .into_iter()
        .map(|by| {
            let (repo, ending) = (repo.clone(), ending(by));
            tokio::spawn(async move { repo.end(offer, &ending).await.unwrap() })
        })
        .collect();
    let mut ended = 0;
    for task in tasks {
        ended += usize::from(task.await.unwrap());
    }
    assert_eq!(ended, 1, "two racing endings: one is kept");
    assert!(repo.arrangement(offer).await.unwrap().unwrap().ended.is_some());
    assert_eq!(repo.insert(recorded(offer, now() - Duration::hours(3), now())).await.unwrap(), None, "no lesson after the ending");

    let arrangement = repo.arrangement(offer).await.unwrap().unwrap();
    let case = arrangement.case_number.unwrap();
    // Another applicant was declined when the tutor confirmed; add one the way the store does.
    let applications = SqlApplicationRepository::new(db.pool().clone());
    let other = Uuid::new_v4();
    sqlx::query("INSERT INTO case_applications (id, case_number, tutor_id, available_times, status, created_at, updated_at) VALUES ($1, $2, $3, '平日', 'declined', 0, 0)")
        .bind(Uuid::new_v4().to_string())
        .bind(case)
        .bind(other.to_string())
        .execute(db.pool())
        .await
        .unwrap();
    assert!(repo.reopen_case(offer, case, tutor, now()).await.unwrap());
    assert!(!repo.reopen_case(offer, case, tutor, now()).await.unwrap(), "once");
    let statuses: Vec<_> = applications.for_case(case).await.unwrap().iter().map(|a| (a.tutor_id, a.status)).collect();
    assert!(statuses.contains(&(tutor, CaseApplicationStatus::Ended)), "{statuses:?}");
    assert!(statuses.contains(&(other, CaseApplicationStatus::Applied)), "{statuses:?}");
    use tutorhub_domain::cases::ports::CaseRepository;
    let cases = tutorhub_adapters::SqlCaseRepository::new(db.pool().clone());
    assert_eq!(cases.find_by_number(case).await.unwrap().unwrap().status, CaseStatus::Approved);
    assert_eq!(cases.matched_tutor(case).await.unwrap(), None, "the ended tutor no longer reads it");
}

on_both_engines!(
    arrangements_are_confirmed_matches_and_accepted_bookings,
    a_lesson_recorded_twice_at_once_is_one_record,
    the_auto_confirm_jobs_of_two_servers_confirm_each_lesson_once,
    answers_and_resolutions_move_only_from_the_expected_state,
    an_arrangement_ends_once_and_its_case_reopens_once_with_the_other_applicants,
);
