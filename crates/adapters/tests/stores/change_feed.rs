//! The search read model's change feed, run on SQLite and on PostgreSQL: every write to a
//! case, a tutor's profile or a review shows as a change, and while many writers race, a
//! reader that asks for "everything after the last version I saw" never misses one.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use chrono::{Duration, Utc};
use tutorhub_adapters::{Database, SqlCaseRepository, SqlChangeFeed, SqlReviewRepository, SqlTutorRepository, SqlUserRepository};
use tutorhub_domain::cases::model::CaseStatus;
use tutorhub_domain::cases::ports::CaseRepository;
use tutorhub_domain::reviews::model::{NewReview, ReviewForm, ReviewStatus};
use tutorhub_domain::reviews::ports::ReviewRepository;
use tutorhub_domain::search::ports::{ChangeFeed, Changed};
use tutorhub_domain::tutors::ports::TutorProfileRepository;
use uuid::Uuid;

use crate::support::tutors::{approved, form, user};

async fn every_write_to_a_case_a_tutor_or_a_review_is_a_change_in_order(db: Database) {
    let feed = SqlChangeFeed::new(db.pool().clone());
    let start = feed.version().await.unwrap();
    let case = crate::support::stored_case(&db, CaseStatus::Pending).await;
    SqlCaseRepository::new(db.pool().clone()).transition(case, CaseStatus::Pending, CaseStatus::Approved, Utc::now()).await.unwrap();
    let (users, tutors) = (SqlUserRepository::new(db.pool().clone()), SqlTutorRepository::new(db.pool().clone()));
    let tutor = user(&users, 1).await;
    approved(&tutors, &tutor, &form("中學 數學", "藍田", 300.0), 5).await;
    tutors.set_profile_active(tutor.id, false, Utc::now()).await.unwrap();
    let reviews = SqlReviewRepository::new(db.pool().clone());
    let form = ReviewForm::parse(5, "講解清楚，女兒數學進步了").unwrap();
    let review = reviews
        .insert(NewReview { tutor_id: tutor.id, author_id: Uuid::new_v4(), form, lessons: 1, created_at: Utc::now() })
        .await
        .unwrap();
    reviews.moderate(review.number, ReviewStatus::Hidden, "測試", "staff", Utc::now()).await.unwrap();

    let changes = feed.changes_since(start, 100).await.unwrap();
    let changed: Vec<Changed> = changes.iter().map(|c| c.changed).collect();
    assert_eq!(changed.first(), Some(&Changed::Case(case)));
    assert_eq!(changed[1], Changed::Case(case), "the approval");
    assert!(changed[2..].iter().all(|c| *c == Changed::Tutor(tutor.id)), "{changed:?}");
    assert!(changed.len() >= 5, "profile stored, deactivated, reviewed, review hidden: {changed:?}");
    let versions: Vec<i64> = changes.iter().map(|c| c.version).collect();
    assert!(versions.windows(2).all(|w| w[1] == w[0] + 1), "one after another: {versions:?}");
    assert_eq!(feed.version().await.unwrap(), *versions.last().unwrap());
    assert_eq!(feed.changes_since(start, 2).await.unwrap().len(), 2, "at most the limit");
    assert!(feed.changes_since(*versions.last().unwrap(), 100).await.unwrap().is_empty());
}

async fn a_reader_following_racing_writers_never_misses_a_change(db: Database) {
    let feed = Arc::new(SqlChangeFeed::new(db.pool().clone()));
    let start = feed.version().await.unwrap();
    let done = Arc::new(AtomicBool::new(false));
    // The reader asks for everything after the last version it saw, as an index would.
    let reader = {
        let (feed, done) = (feed.clone(), done.clone());
        tokio::spawn(async move {
            let mut seen = start;
            loop {
                let finished = done.load(Ordering::SeqCst);
                for change in feed.changes_since(seen, 1000).await.unwrap() {
                    assert_eq!(change.version, seen + 1, "a change below one already seen appeared late");
                    seen = change.version;
                }
                if finished {
                    return seen;
                }
                tokio::time::sleep(std::time::Duration::from_millis(1)).await;
            }
        })
    };
    let writers: Vec<_> = (0..8)
        .map(|_| {
            let db = db.clone();
            tokio::spawn(async move {
                let cases = SqlCaseRepository::new(db.pool().clone());
                for _ in 0..5 {
                    let number = crate::support::stored_case(&db, CaseStatus::Pending).await;
                    cases.transition(number, CaseStatus::Pending, CaseStatus::Approved, Utc::now() + Duration::seconds(1)).await.unwrap();
                }
            })
        })
        .collect();
    for writer in writers {
        writer.await.unwrap();
    }
    done.store(true, Ordering::SeqCst);
    let seen = reader.await.unwrap();
    assert_eq!(seen - start, 80, "8 writers × 5 cases × (insert + approval)");
}

on_both_engines!(every_write_to_a_case_a_tutor_or_a_review_is_a_change_in_order, a_reader_following_racing_writers_never_misses_a_change,);
