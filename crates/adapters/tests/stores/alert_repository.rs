//! The case alerts' store, run on SQLite and on PostgreSQL: cases queue themselves as they
//! become public, saved searches stay within the limit, candidates are active tutors' only, and
//! two delivery workers racing on one database send each alert exactly once, one an hour.

use std::sync::{Arc, Mutex};

use async_trait::async_trait;
use chrono::{DateTime, Duration, Utc};
use tutorhub_adapters::{Database, HmacLinkSigner, SqlAlertRepository, SqlCaseRepository, SqlTutorRepository, SqlUserRepository, Wording};
use tutorhub_domain::alerts::delivery::{AlertDelivery, AlertPorts};
use tutorhub_domain::alerts::model::{AlertChannel, AlertMatch, Criteria, NewSavedSearch, SearchSummary, SummaryPart};
use tutorhub_domain::alerts::ports::{AlertRepository, MessageEnd, SaveOutcome};
use tutorhub_domain::alerts::quiet_hours::QuietHours;
use tutorhub_domain::cases::model::CaseStatus;
use tutorhub_domain::cases::ports::CaseRepository;
use tutorhub_domain::cases::search::CaseQuery;
use tutorhub_domain::shared::identity::{Email, Phone};
use tutorhub_domain::shared::messaging::{DeliveryError, Mailer, SmsSender};
use tutorhub_domain::tutors::ports::TutorProfileRepository;
use uuid::Uuid;

use crate::support::tutors::{approved, form, user};

/// Secondary maths (the subject of `support::stored_case`), anywhere.
fn secondary_maths(tutor_id: Uuid, channel: AlertChannel) -> NewSavedSearch {
    let query = CaseQuery { level: Some("secondary".into()), subjects: vec!["數學".into()], ..CaseQuery::default() };
    NewSavedSearch { tutor_id, criteria: Criteria::parse(query, "").unwrap(), channel, created_at: Utc::now() }
}

async fn a_case_is_queued_once_it_becomes_public_and_taken_off_once(db: Database) {
    let alerts = SqlAlertRepository::new(&db);
    let cases = SqlCaseRepository::new(db.pool().clone());
    let pending = crate::support::stored_case(&db, CaseStatus::Pending).await;
    let public = crate::support::stored_case(&db, CaseStatus::Approved).await;
    assert_eq!(alerts.opened_cases(10).await.unwrap(), [public]);
    assert!(cases.transition(pending, CaseStatus::Pending, CaseStatus::Approved, Utc::now()).await.unwrap());
    let mut queued = alerts.opened_cases(10).await.unwrap();
    queued.sort_unstable();
    assert_eq!(queued, [pending.min(public), pending.max(public)], "both, whatever the clock's resolution");
    assert!(alerts.record_matches(public, &[], Utc::now()).await.unwrap());
    assert!(!alerts.record_matches(public, &[], Utc::now()).await.unwrap(), "another worker took it");
    assert_eq!(alerts.opened_cases(10).await.unwrap(), [pending]);
}

async fn saved_at_once_a_tutors_searches_stay_within_the_limit(db: Database) {
    let alerts = Arc::new(SqlAlertRepository::new(&db));
    let tutor = Uuid::new_v4();
    let tasks: Vec<_> = (0..12)
        .map(|_| {
            let alerts = alerts.clone();
            tokio::spawn(async move { alerts.insert_search(secondary_maths(tutor, AlertChannel::Sms), 10).await.unwrap() })
        })
        .collect();
    let mut saved = 0;
    for task in tasks {
        saved += usize::from(matches!(task.await.unwrap(), SaveOutcome::Saved(_)));
    }
    assert_eq!(saved, 10);
    let searches = alerts.searches_of(tutor).await.unwrap();
    assert_eq!(searches.len(), 10);
    let first = &searches[0];
    let secondary = SummaryPart::Level("secondary");
    assert_eq!(first.criteria.summary(), SearchSummary::Looking(vec![secondary.clone(), SummaryPart::Subjects(vec!["數學".into()])]));
    let physics =
        Criteria::parse(CaseQuery { level: Some("secondary".into()), subjects: vec!["物理".into()], ..CaseQuery::default() }, "dse")
            .unwrap();
    assert!(alerts.update_search(first.number, &physics, AlertChannel::Email).await.unwrap());
    let changed = alerts.find_search(first.number).await.unwrap().unwrap();
    let physics_dse =
        SearchSummary::Looking(vec![secondary, SummaryPart::Subjects(vec!["物理".into()]), SummaryPart::Keywords(vec!["dse".into()])]);
    assert_eq!((changed.criteria.summary(), changed.channel), (physics_dse, AlertChannel::Email));
    assert!(alerts.delete_search(first.number).await.unwrap());
    assert!(!alerts.delete_search(first.number).await.unwrap());
    assert_eq!(alerts.searches_of(tutor).await.unwrap().len(), 9);
}

async fn candidates_are_the_searches_of_active_tutors_for_the_level_and_region(db: Database) {
    let alerts = SqlAlertRepository::new(&db);
    let (users, tutors) = (SqlUserRepository::new(db.pool().clone()), SqlTutorRepository::new(db.pool().clone()));
    let (active, hidden) = (user(&users, 1).await, user(&users, 2).await);
    approved(&tutors, &active, &form("中學 數學", "藍田", 300.0), 5).await;
    approved(&tutors, &hidden, &form("中學 數學", "藍田", 300.0), 5).await;
    let SaveOutcome::Saved(wanted) = alerts.insert_search(secondary_maths(active.id, AlertChannel::Sms), 10).await.unwrap() else {
        panic!()
    };
    alerts.insert_search(secondary_maths(hidden.id, AlertChannel::Sms), 10).await.unwrap();
    let primary = Criteria::parse(CaseQuery { level: Some("primary".into()), ..CaseQuery::default() }, "").unwrap();
    alerts.insert_search(NewSavedSearch { criteria: primary, ..secondary_maths(active.id, AlertChannel::Sms) }, 10).await.unwrap();
    let island = Criteria::parse(CaseQuery { region: Some("香港島".into()), ..CaseQuery::default() }, "").unwrap();
    alerts.insert_search(NewSavedSearch { criteria: island, ..secondary_maths(active.id, AlertChannel::Sms) }, 10).await.unwrap();
    assert!(tutors.set_profile_active(hidden.id, false, Utc::now()).await.unwrap());
    let found: Vec<i64> = alerts.candidates("secondary", "九龍").await.unwrap().iter().map(|s| s.number).collect();
    assert_eq!(found, [wanted.number], "not another level, region, or a deactivated tutor");
    assert!(alerts.set_stopped(wanted.number, true).await.unwrap());
    assert!(alerts.candidates("secondary", "九龍").await.unwrap().is_empty(), "nor a stopped search");
    assert!(alerts.find_search(wanted.number).await.unwrap().unwrap().stopped);
    assert!(alerts.set_stopped(wanted.number, false).await.unwrap());
    assert_eq!(alerts.candidates("secondary", "九龍").await.unwrap().len(), 1);
}

/// A sender that remembers every message it is asked to send, with its key.
#[derive(Default)]
struct Recording(Mutex<Vec<(String, String)>>);

#[async_trait]
impl SmsSender for Recording {
    async fn send_sms(&self, _: &Phone, _: &str) -> Result<(), DeliveryError> {
        panic!("alerts are sent with a key")
    }

    async fn send_sms_once(&self, to: &Phone, body: &str, key: &str) -> Result<(), DeliveryError> {
        self.0.lock().unwrap().push((format!("{} {body}", to.as_str()), key.into()));
        Ok(())
    }
}

#[async_trait]
impl Mailer for Recording {
    async fn send_mail(&self, _: &Email, _: &str, _: &str) -> Result<(), DeliveryError> {
        panic!("alerts are sent with a key")
    }

    async fn send_mail_once(&self, to: &Email, subject: &str, _: &str, key: &str) -> Result<(), DeliveryError> {
        self.0.lock().unwrap().push((format!("{} {subject}", to.as_str()), key.into()));
        Ok(())
    }
}

/// A delivery worker of its own over the shared database, as another server would run.
fn worker(db: &Database, sent: &Arc<Recording>) -> AlertDelivery {
    let ports = AlertPorts {
        alerts: Arc::new(SqlAlertRepository::new(db)),
        cases: Arc::new(SqlCaseRepository::new(db.pool().clone())),
        tutors: Arc::new(SqlTutorRepository::new(db.pool().clone())),
        users: Arc::new(SqlUserRepository::new(db.pool().clone())),
        sms: sent.clone(),
        mail: sent.clone(),
        words: Arc::new(Wording),
        signer: Arc::new(HmacLinkSigner::new(b"the site's secret")),
    };
    AlertDelivery::new(ports, QuietHours::NIGHT, "https://tutorhub.example.hk")
}

/// Both workers run a round at `now` at the same time.
async fn race(a: &AlertDelivery, b: &AlertDelivery, now: DateTime<Utc>) {
    let (x, y) = tokio::join!(a.run_round(now), b.run_round(now));
    x.unwrap();
    y.unwrap();
}

async fn two_workers_racing_send_each_alert_once_and_one_message_an_hour(db: Database) {
    let (users, tutors) = (SqlUserRepository::new(db.pool().clone()), SqlTutorRepository::new(db.pool().clone()));
    let (by_sms, by_mail) = (user(&users, 1).await, user(&users, 2).await);
    approved(&tutors, &by_sms, &form("中學 數學", "藍田", 300.0), 5).await;
    approved(&tutors, &by_mail, &form("中學 數學", "藍田", 300.0), 5).await;
    let alerts = SqlAlertRepository::new(&db);
    alerts.insert_search(secondary_maths(by_sms.id, AlertChannel::Sms), 10).await.unwrap();
    alerts.insert_search(secondary_maths(by_mail.id, AlertChannel::Email), 10).await.unwrap();
    for _ in 0..12 {
        crate::support::stored_case(&db, CaseStatus::Approved).await;
    }
    let sent = Arc::new(Recording::default());
    let (a, b) = (worker(&db, &sent), worker(&db, &sent));
    // Noon in Hong Kong: outside the quiet hours.
    let noon = DateTime::parse_from_rfc3339("2026-12-01T12:00:00+08:00").unwrap().with_timezone(&Utc);
    race(&a, &b, noon).await;
    race(&a, &b, noon + Duration::minutes(1)).await;
    {
        let sent = sent.0.lock().unwrap();
        assert_eq!(sent.len(), 2, "one digest per tutor and channel: {sent:?}");
        assert!(sent.iter().any(|(line, _)| line.starts_with("+85290000001 ") && line.contains("有 12 個新補習個案")), "{sent:?}");
        assert!(sent.iter().any(|(line, _)| line.starts_with("u2@example.com ") && line.contains("12 個新補習個案")), "{sent:?}");
        let keys: std::collections::HashSet<&String> = sent.iter().map(|(_, key)| key).collect();
        assert_eq!(keys.len(), 2, "each message has its own key");
    }

    // A case within the hour waits; after the hour it goes out alone, linking to itself.
    let late = crate::support::stored_case(&db, CaseStatus::Approved).await;
    race(&a, &b, noon + Duration::minutes(30)).await;
    assert_eq!(sent.0.lock().unwrap().len(), 2);
    race(&a, &b, noon + Duration::minutes(61)).await;
    race(&a, &b, noon + Duration::minutes(62)).await;
    let sent = sent.0.lock().unwrap();
    assert_eq!(sent.len(), 4, "{sent:?}");
    assert!(sent.iter().any(|(line, _)| line.contains(&format!("/case/{late}"))), "{sent:?}");
}

/// Saves a search for a new tutor and stores one match of a new public case: (tutor, match).
async fn one_match(db: &Database, alerts: &SqlAlertRepository, at: DateTime<Utc>) -> (Uuid, AlertMatch) {
    let tutor = Uuid::new_v4();
    let SaveOutcome::Saved(search) = alerts.insert_search(secondary_maths(tutor, AlertChannel::Sms), 10).await.unwrap() else { panic!() };
    let case = crate::support::stored_case(db, CaseStatus::Approved).await;
    let matched = AlertMatch { search: search.number, tutor_id: tutor, channel: AlertChannel::Sms, case_number: case };
    assert!(alerts.record_matches(case, &[matched], at).await.unwrap());
    (tutor, matched)
}

async fn a_message_the_provider_keeps_refusing_is_tried_a_few_times_then_given_up(db: Database) {
    let alerts = SqlAlertRepository::new(&db);
    let at = Utc::now();
    let (tutor, matched) = one_match(&db, &alerts, at).await;
    let id = alerts.compose(tutor, AlertChannel::Sms, at, Duration::hours(1)).await.unwrap().unwrap();
    // Each claim runs out unfinished, as when the provider fails: three tries, then no more.
    for attempt in 0..3 {
        let claimed = alerts.claim_message(at + Duration::minutes(10 * attempt), Duration::minutes(5), 3).await.unwrap().unwrap();
        assert_eq!((claimed.id, claimed.matches.as_slice()), (id, [(matched.search, matched.case_number)].as_slice()));
        let held = alerts.claim_message(at + Duration::minutes(10 * attempt + 1), Duration::minutes(5), 3).await.unwrap();
        assert!(held.is_none(), "held by its claim");
    }
    assert!(alerts.claim_message(at + Duration::hours(1), Duration::minutes(5), 3).await.unwrap().is_none(), "given up");
}

async fn a_cancelled_message_gives_the_channel_its_hour_back_and_a_sent_one_does_not(db: Database) {
    let alerts = SqlAlertRepository::new(&db);
    let at = Utc::now();
    for end in [MessageEnd::Sent, MessageEnd::Cancelled] {
        let (tutor, matched) = one_match(&db, &alerts, at).await;
        alerts.compose(tutor, AlertChannel::Sms, at, Duration::hours(1)).await.unwrap().unwrap();
        let claimed = alerts.claim_message(at, Duration::minutes(5), 3).await.unwrap().unwrap();
        assert!(alerts.finish_message(claimed.id, claimed.claimed_until, end, at).await.unwrap());
        assert!(!alerts.finish_message(claimed.id, claimed.claimed_until, end, at).await.unwrap(), "finished once");
        let next = crate::support::stored_case(&db, CaseStatus::Approved).await;
        assert!(alerts.record_matches(next, &[AlertMatch { case_number: next, ..matched }], at).await.unwrap());
        let waiting = alerts.waiting(at + Duration::minutes(3), Duration::hours(1), 10).await.unwrap();
        assert_eq!(waiting.contains(&(tutor, AlertChannel::Sms)), end == MessageEnd::Cancelled, "{end:?}");
    }
}

async fn a_search_stopped_after_its_message_was_composed_is_left_out_of_it(db: Database) {
    let alerts = SqlAlertRepository::new(&db);
    let at = Utc::now();
    let (tutor, matched) = one_match(&db, &alerts, at).await;
    alerts.compose(tutor, AlertChannel::Sms, at, Duration::hours(1)).await.unwrap().unwrap();
    assert!(alerts.set_stopped(matched.search, true).await.unwrap());
    let claimed = alerts.claim_message(at, Duration::minutes(5), 3).await.unwrap().unwrap();
    assert!(claimed.matches.is_empty(), "nothing left to say: the message is cancelled when sent");
}

on_both_engines!(
    a_search_stopped_after_its_message_was_composed_is_left_out_of_it,
    a_message_the_provider_keeps_refusing_is_tried_a_few_times_then_given_up,
    a_cancelled_message_gives_the_channel_its_hour_back_and_a_sent_one_does_not,
    a_case_is_queued_once_it_becomes_public_and_taken_off_once,
    saved_at_once_a_tutors_searches_stay_within_the_limit,
    candidates_are_the_searches_of_active_tutors_for_the_level_and_region,
    two_workers_racing_send_each_alert_once_and_one_message_an_hour,
);
