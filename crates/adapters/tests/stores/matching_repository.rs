//! The application and booking repository contracts, run on SQLite and on PostgreSQL,
//! including the races: concurrent applications, concurrent offers, a confirmation racing the
//! lapse job, and lapse jobs of two servers at once.

use std::sync::Arc;

use chrono::{DateTime, Duration, Utc};
use tutorhub_adapters::{Database, SqlApplicationRepository, SqlBookingRepository, SqlCaseRepository, SqlLessonRepository};
use tutorhub_domain::bookings::model::{Booking, BookingDetails, BookingStatus, BookingTime, LessonPlace};
use tutorhub_domain::bookings::ports::BookingRepository;
use tutorhub_domain::cases::model::CaseStatus;
use tutorhub_domain::cases::ports::CaseRepository;
use tutorhub_domain::lessons::model::{ArrangementSide, EndReason, Ending};
use tutorhub_domain::lessons::ports::LessonRepository;
use tutorhub_domain::matching::model::{AvailableTimes, CaseApplication, CaseApplicationStatus};
use tutorhub_domain::matching::offer::{Offer, OfferStatus};
use tutorhub_domain::matching::ports::{ApplicationRepository, ApplyOutcome, ConfirmOutcome, OfferOutcome};
use tutorhub_domain::shared::money::Rate;
use tutorhub_domain::shared::storage::{Constraint, RepositoryError};
use uuid::Uuid;

async fn approved_case(db: &Database) -> i64 {
    crate::support::stored_case(db, CaseStatus::Approved).await
}

fn application(case_number: i64, tutor_id: Uuid) -> CaseApplication {
    CaseApplication {
        id: Uuid::new_v4(),
        case_number,
        tutor_id,
        available_times: AvailableTimes::parse("星期六下午").unwrap(),
        status: CaseApplicationStatus::Applied,
        created_at: Utc::now(),
    }
}

fn offer_of(a: &CaseApplication, at: DateTime<Utc>) -> Offer {
    Offer::open(a.case_number, a.id, a.tutor_id, Rate::from_cents(35000), at, 24)
}

/// Millisecond precision, as stored.
fn now() -> DateTime<Utc> {
    DateTime::from_timestamp_millis(Utc::now().timestamp_millis()).unwrap()
}

async fn many_tutors_applying_at_once_never_exceed_the_cap(db: Database) {
    let number = approved_case(&db).await;
    let repo = Arc::new(SqlApplicationRepository::new(db.pool().clone()));
    let tutors: Vec<Uuid> = (0..12).map(|_| Uuid::new_v4()).collect();
    let tasks: Vec<_> = tutors
        .iter()
        .map(|tutor| {
            let repo = repo.clone();
            let application = application(number, *tutor);
            tokio::spawn(async move { repo.apply(application, 5).await })
        })
        .collect();
    let mut applied = 0;
    let mut full = 0;
    for task in tasks {
        match task.await.unwrap().unwrap() {
            ApplyOutcome::Applied(_) => applied += 1,
            ApplyOutcome::Full => full += 1,
            ApplyOutcome::NotOpen => panic!("the case is open"),
        }
    }
    assert_eq!((applied, full), (5, 7));
    assert_eq!(repo.for_case(number).await.unwrap().len(), 5);
    let case = SqlCaseRepository::new(db.pool().clone()).find_by_number(number).await.unwrap().unwrap();
    assert_eq!(case.applicant_count, 5);
}

async fn one_tutor_applying_twice_at_once_gets_one_application(db: Database) {
    let number = approved_case(&db).await;
    let repo = Arc::new(SqlApplicationRepository::new(db.pool().clone()));
    let tutor = Uuid::new_v4();
    let tasks: Vec<_> = (0..6)
        .map(|_| {
            let repo = repo.clone();
            tokio::spawn(async move { repo.apply(application(number, tutor), 30).await })
        })
        .collect();
    let mut applied = 0;
    for task in tasks {
        match task.await.unwrap() {
            Ok(ApplyOutcome::Applied(_)) => applied += 1,
            Err(RepositoryError::Conflict(Constraint::ApplicationPerTutorAndCase)) => {}
            other => panic!("unexpected {other:?}"),
        }
    }
    assert_eq!(applied, 1);
    assert_eq!(repo.for_tutor(tutor, 10).await.unwrap().len(), 1);
    // The refused duplicates did not count towards the cap.
    let case = SqlCaseRepository::new(db.pool().clone()).find_by_number(number).await.unwrap().unwrap();
    assert_eq!(case.applicant_count, 1);
}

async fn a_case_that_is_not_approved_takes_no_applications(db: Database) {
    let number = approved_case(&db).await;
    let cases = SqlCaseRepository::new(db.pool().clone());
    assert!(cases.transition(number, CaseStatus::Approved, CaseStatus::Closed, Utc::now()).await.unwrap());
    let repo = SqlApplicationRepository::new(db.pool().clone());
    assert_eq!(repo.apply(application(number, Uuid::new_v4()), 30).await.unwrap(), ApplyOutcome::NotOpen);
}

async fn two_racing_offers_have_one_winner_and_the_confirmation_declines_the_rest(db: Database) {
    let number = approved_case(&db).await;
    let repo = Arc::new(SqlApplicationRepository::new(db.pool().clone()));
    let mut applications = Vec::new();
    for _ in 0..3 {
        let ApplyOutcome::Applied(a) = repo.apply(application(number, Uuid::new_v4()), 30).await.unwrap() else { panic!() };
        applications.push(a);
    }
    let tasks: Vec<_> = applications[..2]
        .iter()
        .map(|a| {
            let (repo, offer) = (repo.clone(), offer_of(a, now()));
            tokio::spawn(async move { (repo.offer(&offer).await.unwrap(), offer) })
        })
        .collect();
    let mut outcomes = Vec::new();
    for task in tasks {
        outcomes.push(task.await.unwrap());
    }
    let winners: Vec<_> = outcomes.iter().filter(|(o, _)| *o == OfferOutcome::Offered).collect();
    assert_eq!(winners.len(), 1, "{outcomes:?}");
    assert!(outcomes.iter().any(|(o, _)| *o == OfferOutcome::CaseNotOpen));
    let offer = &winners[0].1;
    // While it waits, the others keep their place and nobody else is offered the case.
    let statuses: Vec<_> = repo.for_case(number).await.unwrap().iter().map(|a| a.status).collect();
    assert_eq!(statuses.iter().filter(|s| **s == CaseApplicationStatus::Applied).count(), 2);
    assert_eq!(case_of(&db, number).await.status, CaseStatus::Offered);
    assert_eq!(repo.offer(&offer_of(&applications[2], now())).await.unwrap(), OfferOutcome::CaseNotOpen);
    let cases = SqlCaseRepository::new(db.pool().clone());
    assert_eq!(cases.matched_tutor(number).await.unwrap(), None);

    let first = now() + Duration::days(3);
    assert_eq!(repo.confirm(offer.id, first, now()).await.unwrap(), ConfirmOutcome::Confirmed);
    let stored = repo.offers(&[offer.application_id]).await.unwrap().pop().unwrap();
    assert_eq!((stored.status, stored.first_lesson_at, stored.fee), (OfferStatus::Confirmed, Some(first), Rate::from_cents(35000)));
    assert_eq!(repo.confirm(offer.id, first, now()).await.unwrap(), ConfirmOutcome::NotOpen, "once only");
    let statuses: Vec<_> = repo.for_case(number).await.unwrap().iter().map(|a| a.status).collect();
    assert_eq!(statuses.iter().filter(|s| **s == CaseApplicationStatus::Selected).count(), 1);
    assert_eq!(statuses.iter().filter(|s| **s == CaseApplicationStatus::Declined).count(), 2);
    assert_eq!(case_of(&db, number).await.status, CaseStatus::Matched);
    assert_eq!(cases.matched_tutor(number).await.unwrap(), Some(offer.tutor_id));
}

async fn a_declined_offer_reopens_the_case_with_its_other_applicants(db: Database) {
    let number = approved_case(&db).await;
    let repo = SqlApplicationRepository::new(db.pool().clone());
    let ApplyOutcome::Applied(a) = repo.apply(application(number, Uuid::new_v4()), 30).await.unwrap() else { panic!() };
    let ApplyOutcome::Applied(b) = repo.apply(application(number, Uuid::new_v4()), 30).await.unwrap() else { panic!() };
    let offer = offer_of(&a, now());
    assert_eq!(repo.offer(&offer).await.unwrap(), OfferOutcome::Offered);
    assert!(repo.end_offer(offer.id, OfferStatus::Declined, now()).await.unwrap());
    assert!(!repo.end_offer(offer.id, OfferStatus::Lapsed, now()).await.unwrap(), "ended once");
    let case = case_of(&db, number).await;
    assert_eq!((case.status, case.applicant_count), (CaseStatus::Approved, 2), "open again; the refusing tutor is still counted");
    assert_eq!(repo.find(a.id).await.unwrap().unwrap().status, CaseApplicationStatus::Refused);
    assert_eq!(repo.find(b.id).await.unwrap().unwrap().status, CaseApplicationStatus::Applied);
    // The owner chooses again from the same applicants.
    assert_eq!(repo.offer(&offer_of(&b, now())).await.unwrap(), OfferOutcome::Offered);
    assert_eq!(repo.offer(&offer_of(&a, now())).await.unwrap(), OfferOutcome::CaseNotOpen);
}

async fn a_confirmation_after_the_deadline_loses_to_the_lapse(db: Database) {
    let number = approved_case(&db).await;
    let repo = SqlApplicationRepository::new(db.pool().clone());
    let ApplyOutcome::Applied(a) = repo.apply(application(number, Uuid::new_v4()), 30).await.unwrap() else { panic!() };
    let made = now() - Duration::hours(25);
    let offer = offer_of(&a, made);
    repo.offer(&offer).await.unwrap();
    // Due but not lapsed yet: the deadline alone refuses the confirmation.
    assert_eq!(repo.confirm(offer.id, now() + Duration::days(1), now()).await.unwrap(), ConfirmOutcome::NotOpen);
    let due = repo.due_offers(now(), 10).await.unwrap();
    assert_eq!(due.iter().map(|o| o.id).collect::<Vec<_>>(), vec![offer.id]);
    assert!(repo.due_offers(made + Duration::hours(23), 10).await.unwrap().is_empty(), "not due before its deadline");
    assert!(repo.end_offer(offer.id, OfferStatus::Lapsed, now()).await.unwrap());
    assert!(repo.due_offers(now(), 10).await.unwrap().is_empty());
    assert_eq!(repo.find(a.id).await.unwrap().unwrap().status, CaseApplicationStatus::Lapsed);
    assert_eq!(case_of(&db, number).await.status, CaseStatus::Approved);
}

async fn lapse_jobs_of_two_servers_and_a_confirmation_at_once_end_each_offer_once(db: Database) {
    // Two servers: two repositories on the site's database, each lapsing what is due while
    // the tutor confirms in the last millisecond.
    let servers = [Arc::new(SqlApplicationRepository::new(db.pool().clone())), Arc::new(SqlApplicationRepository::new(db.pool().clone()))];
    let mut offers = Vec::new();
    for _ in 0..6 {
        let number = approved_case(&db).await;
        let ApplyOutcome::Applied(a) = servers[0].apply(application(number, Uuid::new_v4()), 30).await.unwrap() else { panic!() };
        let offer = offer_of(&a, now() - Duration::hours(24));
        servers[0].offer(&offer).await.unwrap();
        offers.push(offer);
    }
    let deadline = offers.iter().map(|o| o.expires_at).max().unwrap();
    let lapses: Vec<_> = servers
        .iter()
        .map(|repo| {
            let repo = repo.clone();
            tokio::spawn(async move {
                let mut ended = Vec::new();
                for offer in repo.due_offers(deadline, 100).await.unwrap() {
                    if repo.end_offer(offer.id, OfferStatus::Lapsed, deadline).await.unwrap() {
                        ended.push(offer.id);
                    }
                }
                ended
            })
        })
        .collect();
    let confirmations: Vec<_> = offers
        .iter()
        .map(|offer| {
            // In the offer's last millisecond: only the race decides.
            let (repo, id, at) = (servers[1].clone(), offer.id, offer.expires_at - Duration::milliseconds(1));
            tokio::spawn(async move { repo.confirm(id, deadline + Duration::days(2), at).await.unwrap() })
        })
        .collect();
    let mut lapsed = Vec::new();
    for task in lapses {
        lapsed.extend(task.await.unwrap());
    }
    let mut confirmed = 0;
    for task in confirmations {
        if task.await.unwrap() == ConfirmOutcome::Confirmed {
            confirmed += 1;
        }
    }
    let mut unique = lapsed.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), lapsed.len(), "an offer lapsed twice: {lapsed:?}");
    assert_eq!(lapsed.len() + confirmed, offers.len(), "each offer ends exactly once");
    for offer in &offers {
        let stored = servers[0].offers(&[offer.application_id]).await.unwrap().pop().unwrap();
        let case = case_of(&db, offer.case_number).await.status;
        match stored.status {
            OfferStatus::Lapsed => assert_eq!(case, CaseStatus::Approved),
            OfferStatus::Confirmed => assert_eq!(case, CaseStatus::Matched),
            other => panic!("{other:?}"),
        }
    }
}

async fn each_first_lesson_is_reminded_once_of_two_servers_asking_at_once(db: Database) {
    let repo = Arc::new(SqlApplicationRepository::new(db.pool().clone()));
    let tomorrow = now() + Duration::days(1);
    let mut confirmed = Vec::new();
    for lesson in [tomorrow, tomorrow + Duration::hours(1), tomorrow + Duration::days(3)] {
        let number = approved_case(&db).await;
        let ApplyOutcome::Applied(a) = repo.apply(application(number, Uuid::new_v4()), 30).await.unwrap() else { panic!() };
        let offer = offer_of(&a, now());
        repo.offer(&offer).await.unwrap();
        repo.confirm(offer.id, lesson, now()).await.unwrap();
        confirmed.push(offer.id);
    }
    let (from, to) = (tomorrow - Duration::hours(1), tomorrow + Duration::hours(2));
    let tasks: Vec<_> = (0..2)
        .map(|_| {
            let repo = repo.clone();
            tokio::spawn(async move { repo.claim_reminders(from, to, now()).await.unwrap() })
        })
        .collect();
    let mut reminded = Vec::new();
    for task in tasks {
        reminded.extend(task.await.unwrap().into_iter().map(|o| o.id));
    }
    reminded.sort();
    let mut want = confirmed[..2].to_vec();
    want.sort();
    assert_eq!(reminded, want, "the two lessons in the window, once each");
    assert!(repo.claim_reminders(from, to, now()).await.unwrap().is_empty());

    // An ended match is not reminded of.
    let number = approved_case(&db).await;
    let ApplyOutcome::Applied(a) = repo.apply(application(number, Uuid::new_v4()), 30).await.unwrap() else { panic!() };
    let offer = offer_of(&a, now());
    repo.offer(&offer).await.unwrap();
    repo.confirm(offer.id, tomorrow + Duration::minutes(30), now()).await.unwrap();
    let ending = Ending { by: ArrangementSide::Family, reason: EndReason::Schedule, note: None, at: now(), reopened_at: None };
    assert!(SqlLessonRepository::new(db.pool().clone()).end(offer.id, &ending).await.unwrap());
    assert!(repo.claim_reminders(from, to, now()).await.unwrap().is_empty(), "ended before its first lesson");
}

async fn bookings_move_only_from_the_states_given(db: Database) {
    let repo = SqlBookingRepository::new(db.pool().clone());
    let (tutor, booker) = (Uuid::new_v4(), Uuid::new_v4());
    // What the booker asked for comes back whole; a booking without it too.
    let details = BookingDetails::parse(Some("中學 數學"), Some(LessonPlace::TutorPlace), Some("中三\n想操 DSE 卷")).unwrap();
    let booking = repo.insert(Booking { details, ..pending_booking(tutor, booker) }).await.unwrap();
    let bare = repo.insert(pending_booking(Uuid::new_v4(), booker)).await.unwrap();
    assert_eq!(repo.for_tutor(tutor, 10).await.unwrap(), std::slice::from_ref(&booking));
    assert_eq!(repo.find(bare.id).await.unwrap().unwrap().details, BookingDetails::default());
    assert_eq!(repo.involving(booker, 10).await.unwrap().len(), 2);
    assert_eq!(repo.involving(tutor, 10).await.unwrap().len(), 1);
    assert!(repo.involving(Uuid::new_v4(), 10).await.unwrap().is_empty());
    assert!(repo.transition(booking.id, vec![BookingStatus::Pending], BookingStatus::Accepted, Utc::now()).await.unwrap());
    assert!(!repo.transition(booking.id, vec![BookingStatus::Pending], BookingStatus::Declined, Utc::now()).await.unwrap());
    assert_eq!(repo.find(booking.id).await.unwrap().unwrap().status, BookingStatus::Accepted);
}

fn pending_booking(tutor_id: Uuid, user_id: Uuid) -> Booking {
    Booking {
        id: Uuid::new_v4(),
        tutor_id,
        user_id,
        user_type: "student".into(),
        booking_time: BookingTime::parse("星期三 19:00-21:00").unwrap(),
        details: BookingDetails::default(),
        status: BookingStatus::Pending,
        created_at: Utc::now(),
    }
}

async fn two_concurrent_pending_bookings_of_one_pair_give_one_insert_and_one_conflict(db: Database) {
    let repo = Arc::new(SqlBookingRepository::new(db.pool().clone()));
    let (tutor, booker) = (Uuid::new_v4(), Uuid::new_v4());
    assert!(!repo.has_pending(tutor, booker).await.unwrap());
    let tasks: Vec<_> = (0..2)
        .map(|_| {
            let repo = repo.clone();
            tokio::spawn(async move { repo.insert(pending_booking(tutor, booker)).await })
        })
        .collect();
    let mut outcomes = Vec::new();
    for task in tasks {
        outcomes.push(task.await.unwrap());
    }
    assert_eq!(outcomes.iter().filter(|o| o.is_ok()).count(), 1, "{outcomes:?}");
    assert_eq!(
        outcomes.iter().filter(|o| matches!(o, Err(RepositoryError::Conflict(Constraint::PendingBooking)))).count(),
        1,
        "{outcomes:?}"
    );
    assert_eq!(repo.for_tutor(tutor, 10).await.unwrap().len(), 1);
    assert!(repo.has_pending(tutor, booker).await.unwrap());
    assert!(!repo.has_pending(tutor, Uuid::new_v4()).await.unwrap(), "the pair, not the tutor");
    // Another tutor, or another member, is a separate pair.
    repo.insert(pending_booking(Uuid::new_v4(), booker)).await.unwrap();
    repo.insert(pending_booking(tutor, Uuid::new_v4())).await.unwrap();
    // Once answered or cancelled, the member may book the tutor again.
    let first = outcomes.into_iter().find_map(Result::ok).unwrap();
    assert!(repo.transition(first.id, vec![BookingStatus::Pending], BookingStatus::Cancelled, Utc::now()).await.unwrap());
    assert!(!repo.has_pending(tutor, booker).await.unwrap());
    repo.insert(pending_booking(tutor, booker)).await.unwrap();
}

async fn an_edit_replaces_the_content_only_from_the_expected_state(db: Database) {
    let number = approved_case(&db).await;
    let cases = SqlCaseRepository::new(db.pool().clone());
    let mut details = cases.find_by_number(number).await.unwrap().unwrap().details;
    details.subjects = vec!["物理".into()];
    assert!(!cases.update_details(number, details.clone(), CaseStatus::Pending, CaseStatus::Pending, Utc::now()).await.unwrap());
    assert!(cases.update_details(number, details, CaseStatus::Approved, CaseStatus::Pending, Utc::now()).await.unwrap());
    let case = cases.find_by_number(number).await.unwrap().unwrap();
    assert_eq!((case.status, case.details.subjects), (CaseStatus::Pending, vec!["物理".to_string()]));
}

async fn case_of(db: &Database, number: i64) -> tutorhub_domain::cases::model::Case {
    SqlCaseRepository::new(db.pool().clone()).find_by_number(number).await.unwrap().unwrap()
}

async fn withdrawing_frees_a_place_and_the_tutor_may_apply_again(db: Database) {
    let number = approved_case(&db).await;
    let repo = SqlApplicationRepository::new(db.pool().clone());
    let (first, second) = (Uuid::new_v4(), Uuid::new_v4());
    let ApplyOutcome::Applied(a) = repo.apply(application(number, first), 2).await.unwrap() else { panic!() };
    let ApplyOutcome::Applied(_) = repo.apply(application(number, second), 2).await.unwrap() else { panic!() };
    assert_eq!(repo.apply(application(number, Uuid::new_v4()), 2).await.unwrap(), ApplyOutcome::Full);

    assert!(repo.withdraw(number, a.id, Utc::now()).await.unwrap());
    assert_eq!(repo.find(a.id).await.unwrap().unwrap().status, CaseApplicationStatus::Withdrawn);
    assert_eq!(case_of(&db, number).await.applicant_count, 1);
    // Only once: a second withdrawal changes nothing, the count included.
    assert!(!repo.withdraw(number, a.id, Utc::now()).await.unwrap());
    assert_eq!(case_of(&db, number).await.applicant_count, 1);

    // The withdrawn tutor applies again: the same row reopens with the new times.
    let again = CaseApplication { available_times: AvailableTimes::parse("星期日上午").unwrap(), ..application(number, first) };
    let ApplyOutcome::Applied(reopened) = repo.apply(again, 2).await.unwrap() else { panic!() };
    assert_eq!(reopened.id, a.id);
    let stored = repo.find(a.id).await.unwrap().unwrap();
    assert_eq!((stored.status, stored.available_times.as_str()), (CaseApplicationStatus::Applied, "星期日上午"));
    assert_eq!(repo.for_tutor(first, 10).await.unwrap().len(), 1);
    assert_eq!(case_of(&db, number).await.applicant_count, 2);
    // An open application is still a conflict, and a full case still says so.
    assert!(matches!(
        repo.apply(application(number, second), 5).await,
        Err(RepositoryError::Conflict(Constraint::ApplicationPerTutorAndCase))
    ));
    assert_eq!(repo.apply(application(number, Uuid::new_v4()), 2).await.unwrap(), ApplyOutcome::Full);
    assert_eq!(case_of(&db, number).await.applicant_count, 2);
}

async fn a_decided_application_is_not_withdrawn_nor_reopened(db: Database) {
    let number = approved_case(&db).await;
    let repo = SqlApplicationRepository::new(db.pool().clone());
    let tutor = Uuid::new_v4();
    let ApplyOutcome::Applied(a) = repo.apply(application(number, tutor), 30).await.unwrap() else { panic!() };
    assert_eq!(repo.offer(&offer_of(&a, now())).await.unwrap(), OfferOutcome::Offered);
    assert!(!repo.withdraw(number, a.id, Utc::now()).await.unwrap());
    assert_eq!(repo.find(a.id).await.unwrap().unwrap().status, CaseApplicationStatus::Offered);
    assert_eq!(case_of(&db, number).await.applicant_count, 1);
}

async fn a_withdrawal_racing_an_offer_has_exactly_one_winner(db: Database) {
    let repo = Arc::new(SqlApplicationRepository::new(db.pool().clone()));
    let (mut selections_won, mut withdrawals_won) = (0, 0);
    for _ in 0..8 {
        let number = approved_case(&db).await;
        let ApplyOutcome::Applied(a) = repo.apply(application(number, Uuid::new_v4()), 30).await.unwrap() else { panic!() };
        let ApplyOutcome::Applied(b) = repo.apply(application(number, Uuid::new_v4()), 30).await.unwrap() else { panic!() };
        let select = tokio::spawn({
            let repo = repo.clone();
            let offer = offer_of(&a, now());
            async move { repo.offer(&offer).await.unwrap() }
        });
        let withdraw = tokio::spawn({
            let repo = repo.clone();
            async move { repo.withdraw(number, a.id, Utc::now()).await.unwrap() }
        });
        let (selected, withdrawn) = (select.await.unwrap(), withdraw.await.unwrap());
        let case = case_of(&db, number).await;
        let other = repo.find(b.id).await.unwrap().unwrap().status;
        match (selected, withdrawn) {
            (OfferOutcome::Offered, false) => {
                selections_won += 1;
                assert_eq!(repo.find(a.id).await.unwrap().unwrap().status, CaseApplicationStatus::Offered);
                assert_eq!((case.status, case.applicant_count, other), (CaseStatus::Offered, 2, CaseApplicationStatus::Applied));
            }
            (OfferOutcome::ApplicationNotOpen, true) => {
                withdrawals_won += 1;
                assert_eq!(repo.find(a.id).await.unwrap().unwrap().status, CaseApplicationStatus::Withdrawn);
                // The losing selection left nothing behind: the case is still open.
                assert_eq!((case.status, case.applicant_count, other), (CaseStatus::Approved, 1, CaseApplicationStatus::Applied));
            }
            other => panic!("both or neither won: {other:?}"),
        }
    }
    assert_eq!(selections_won + withdrawals_won, 8);
}

on_both_engines!(
    many_tutors_applying_at_once_never_exceed_the_cap,
    one_tutor_applying_twice_at_once_gets_one_application,
    a_case_that_is_not_approved_takes_no_applications,
    two_racing_offers_have_one_winner_and_the_confirmation_declines_the_rest,
    a_declined_offer_reopens_the_case_with_its_other_applicants,
    a_confirmation_after_the_deadline_loses_to_the_lapse,
    lapse_jobs_of_two_servers_and_a_confirmation_at_once_end_each_offer_once,
    each_first_lesson_is_reminded_once_of_two_servers_asking_at_once,
    withdrawing_frees_a_place_and_the_tutor_may_apply_again,
    a_decided_application_is_not_withdrawn_nor_reopened,
    a_withdrawal_racing_an_offer_has_exactly_one_winner,
    bookings_move_only_from_the_states_given,
    two_concurrent_pending_bookings_of_one_pair_give_one_insert_and_one_conflict,
    an_edit_replaces_the_content_only_from_the_expected_state,
);
