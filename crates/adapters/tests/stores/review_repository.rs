//! The review repository contract, run on SQLite and on PostgreSQL: when lessons began, one
//! review per member and tutor (also racing), one reply, reports, and moderation.

use std::sync::Arc;

use chrono::{Duration, Utc};
use tutorhub_adapters::{Database, SqlApplicationRepository, SqlBookingRepository, SqlLessonRepository, SqlReviewRepository};
use tutorhub_domain::bookings::model::{Booking, BookingDetails, BookingStatus, BookingTime};
use tutorhub_domain::bookings::ports::BookingRepository;
use tutorhub_domain::cases::model::CaseStatus;
use tutorhub_domain::lessons::model::{ArrangementSide, LessonStatus, NewLesson};
use tutorhub_domain::lessons::ports::LessonRepository;
use tutorhub_domain::matching::model::{AvailableTimes, CaseApplication, CaseApplicationStatus};
use tutorhub_domain::matching::offer::Offer;
use tutorhub_domain::matching::ports::{ApplicationRepository, ApplyOutcome};
use tutorhub_domain::reviews::model::{NewReview, ReviewForm, ReviewStatus, ReviewText};
use tutorhub_domain::reviews::ports::{ReviewChange, ReviewRepository};
use tutorhub_domain::shared::money::Rate;
use tutorhub_domain::shared::paging::PageRequest;
use tutorhub_domain::shared::storage::{Constraint, RepositoryError};
use tutorhub_domain::shared::validation::Label;
use uuid::Uuid;

fn review(tutor_id: Uuid, author_id: Uuid, stars: i64, ago: Duration) -> NewReview {
    NewReview {
        tutor_id,
        author_id,
        form: ReviewForm::parse(stars, "講解清楚，很有耐性，推薦").unwrap(),
        lessons: 3,
        created_at: Utc::now() - ago,
    }
}

/// Records a lesson on the arrangement `id`, in `status` (answered by the family when confirmed).
async fn lesson(db: &Database, id: Uuid, days_ago: i64, status: LessonStatus) {
    let lessons = SqlLessonRepository::new(db.pool().clone());
    let starts_at = Utc::now() - Duration::days(days_ago);
    let new = NewLesson {
        arrangement_id: id,
        starts_at,
        minutes: 90,
        status: LessonStatus::Recorded,
        recorded_by: ArrangementSide::Tutor,
        recorded_at: starts_at,
        reason: None,
        late: false,
    };
    let number = lessons.insert(new).await.unwrap().unwrap().number;
    if status != LessonStatus::Recorded {
        assert!(lessons.answer(number, status, None, starts_at - Duration::seconds(1)).await.unwrap());
    }
}

async fn a_review_counts_the_confirmed_lessons_of_every_match_and_booking_between_the_two(db: Database) {
    let reviews = SqlReviewRepository::new(db.pool().clone());
    let applications = SqlApplicationRepository::new(db.pool().clone());
    let bookings = SqlBookingRepository::new(db.pool().clone());
    let (parent, tutor) = (Uuid::new_v4(), Uuid::new_v4());
    assert_eq!(reviews.confirmed_lessons(parent, tutor).await.unwrap(), 0);

    // The tutor confirmed the parent's case ten days ago; two lessons are on its record, one
    // of them confirmed, the other still waiting for the family.
    let case = crate::support::stored_case_of(&db, CaseStatus::Approved, parent).await;
    let application = CaseApplication {
        id: Uuid::new_v4(),
        case_number: case,
        tutor_id: tutor,
        available_times: AvailableTimes::parse("週末").unwrap(),
        status: CaseApplicationStatus::Applied,
        created_at: Utc::now() - Duration::days(12),
    };
    let ApplyOutcome::Applied(application) = applications.apply(application, 30).await.unwrap() else { panic!() };
    let matched_at = Utc::now() - Duration::days(10);
    let offer = Offer::open(case, application.id, tutor, Rate::from_cents(30000), matched_at - Duration::hours(1), 24);
    applications.offer(&offer).await.unwrap();
    applications.confirm(offer.id, matched_at + Duration::days(2), matched_at).await.unwrap();
    assert_eq!(reviews.confirmed_lessons(parent, tutor).await.unwrap(), 0, "a match alone is no lesson");
    lesson(&db, offer.id, 8, LessonStatus::Confirmed).await;
    lesson(&db, offer.id, 1, LessonStatus::Recorded).await;
    assert_eq!(reviews.confirmed_lessons(parent, tutor).await.unwrap(), 1);
    assert_eq!(reviews.confirmed_lessons(tutor, parent).await.unwrap(), 0, "the other way round is no relationship");

    // An accepted booking's confirmed lessons count too; a disputed one does not.
    let booking = Booking {
        id: Uuid::new_v4(),
        tutor_id: tutor,
        user_id: parent,
        user_type: "student".into(),
        booking_time: BookingTime::parse("星期三 19:00").unwrap(),
        details: BookingDetails::default(),
        status: BookingStatus::Pending,
        created_at: Utc::now() - Duration::days(20),
    };
    let accepted = bookings.insert(booking).await.unwrap();
    bookings.transition(accepted.id, vec![BookingStatus::Pending], BookingStatus::Accepted, Utc::now() - Duration::days(19)).await.unwrap();
    lesson(&db, accepted.id, 15, LessonStatus::Confirmed).await;
    lesson(&db, accepted.id, 14, LessonStatus::Disputed).await;
    assert_eq!(reviews.confirmed_lessons(parent, tutor).await.unwrap(), 2);
    assert_eq!(reviews.confirmed_lessons(Uuid::new_v4(), tutor).await.unwrap(), 0);
}

async fn a_member_reviews_a_tutor_once_also_when_racing(db: Database) {
    let repo = Arc::new(SqlReviewRepository::new(db.pool().clone()));
    let (tutor, parent) = (Uuid::new_v4(), Uuid::new_v4());
    let tasks: Vec<_> = (0..4)
        .map(|_| {
            let repo = repo.clone();
            tokio::spawn(async move { repo.insert(review(tutor, parent, 5, Duration::zero())).await })
        })
        .collect();
    let mut stored = Vec::new();
    for task in tasks {
        match task.await.unwrap() {
            Ok(review) => stored.push(review),
            Err(RepositoryError::Conflict(Constraint::ReviewPerAuthorAndTutor)) => {}
            other => panic!("unexpected {other:?}"),
        }
    }
    assert_eq!(stored.len(), 1);
    let review = &stored[0];
    assert_eq!((review.stars.value(), review.text.as_str(), review.status), (5, "講解清楚，很有耐性，推薦", ReviewStatus::Visible));
    assert_eq!(repo.by_author(parent, tutor).await.unwrap().unwrap().number, review.number);
    assert!(repo.by_author(tutor, parent).await.unwrap().is_none());
}

async fn a_tutors_visible_reviews_come_newest_first_and_hiding_takes_one_out(db: Database) {
    let repo = SqlReviewRepository::new(db.pool().clone());
    let tutor = Uuid::new_v4();
    let old = repo.insert(review(tutor, Uuid::new_v4(), 3, Duration::days(3))).await.unwrap();
    let new = repo.insert(review(tutor, Uuid::new_v4(), 5, Duration::days(1))).await.unwrap();
    repo.insert(review(Uuid::new_v4(), Uuid::new_v4(), 1, Duration::zero())).await.unwrap();
    let page = repo.for_tutor(tutor, ReviewStatus::Visible, PageRequest::first(10)).await.unwrap();
    assert_eq!((page.total, page.items.iter().map(|r| r.number).collect::<Vec<_>>()), (2, vec![new.number, old.number]));

    assert_eq!(repo.moderate(old.number, ReviewStatus::Hidden, "人身攻擊", "staff", Utc::now()).await.unwrap(), ReviewChange::Done);
    assert_eq!(repo.moderate(old.number, ReviewStatus::Hidden, "再次", "staff", Utc::now()).await.unwrap(), ReviewChange::Unchanged);
    assert_eq!(repo.moderate(999_999, ReviewStatus::Hidden, "x", "staff", Utc::now()).await.unwrap(), ReviewChange::NotFound);
    let page = repo.for_tutor(tutor, ReviewStatus::Visible, PageRequest::first(10)).await.unwrap();
    assert_eq!(page.items.iter().map(|r| r.number).collect::<Vec<_>>(), [new.number]);
    let hidden = repo.find(old.number).await.unwrap().unwrap();
    assert_eq!((hidden.status, hidden.moderation_reason.as_deref()), (ReviewStatus::Hidden, Some("人身攻擊")));
    assert_eq!(repo.moderate(old.number, ReviewStatus::Visible, "申訴成立", "staff", Utc::now()).await.unwrap(), ReviewChange::Done);
    assert_eq!(repo.for_tutor(tutor, ReviewStatus::Visible, PageRequest::first(10)).await.unwrap().total, 2);
}

async fn the_tutor_replies_once_and_members_report_once_each(db: Database) {
    let repo = Arc::new(SqlReviewRepository::new(db.pool().clone()));
    let tutor = Uuid::new_v4();
    let number = repo.insert(review(tutor, Uuid::new_v4(), 2, Duration::zero())).await.unwrap().number;
    let text = ReviewText::parse("多謝意見，會改善", Label::Reply).unwrap();
    assert_eq!(repo.reply(number, Uuid::new_v4(), &text, Utc::now()).await.unwrap(), ReviewChange::Unchanged, "not the tutor");
    let tasks: Vec<_> = (0..3)
        .map(|_| {
            let (repo, text) = (repo.clone(), text.clone());
            tokio::spawn(async move { repo.reply(number, tutor, &text, Utc::now()).await.unwrap() })
        })
        .collect();
    let mut done = 0;
    for task in tasks {
        done += usize::from(task.await.unwrap() == ReviewChange::Done);
    }
    assert_eq!(done, 1);
    assert_eq!(repo.find(number).await.unwrap().unwrap().reply.unwrap().text, text);

    let reporter = Uuid::new_v4();
    assert!(repo.report(number, reporter, "不實", Utc::now()).await.unwrap());
    assert!(!repo.report(number, reporter, "不實", Utc::now()).await.unwrap());
    assert!(repo.report(number, Uuid::new_v4(), "廣告", Utc::now()).await.unwrap());
    assert_eq!(repo.find(number).await.unwrap().unwrap().reports, 2);
    let reported = repo.list(None, true, PageRequest::first(10)).await.unwrap();
    assert_eq!(reported.items.iter().map(|r| r.number).collect::<Vec<_>>(), [number]);
    repo.insert(review(tutor, Uuid::new_v4(), 4, Duration::zero())).await.unwrap();
    assert_eq!(repo.list(Some(ReviewStatus::Visible), false, PageRequest::first(10)).await.unwrap().total, 2);
}

on_both_engines!(
    a_review_counts_the_confirmed_lessons_of_every_match_and_booking_between_the_two,
    a_member_reviews_a_tutor_once_also_when_racing,
    a_tutors_visible_reviews_come_newest_first_and_hiding_takes_one_out,
    the_tutor_replies_once_and_members_report_once_each,
);
