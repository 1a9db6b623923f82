//! The marketplace report over a seeded history with known answers, on SQLite and on
//! PostgreSQL: every figure of `tutorhub report` for the two weeks of Monday 2 March to Sunday
//! 15 March 2026 (Hong Kong dates), computed by hand below.
//!
//! The history is written with plain SQL at fixed instants, so each figure's boundary (the
//! period's Hong Kong midnights, 24 hours to the first applicant, a payment the day after) is
//! where the test puts it. Catalogue names are looked up by their English names.

use std::sync::Arc;

use chrono::{DateTime, Utc};
use sqlx::Row;
use tutorhub_adapters::sql::rows::{Value, bind_all};
use tutorhub_adapters::{Database, SqlMarketFacts, SqlUserRepository};
use tutorhub_domain::reports::facts::TutorActivity;
use tutorhub_domain::reports::figures::{CaseFigures, FeeFigures, Group, TutorFigures, Week};
use tutorhub_domain::reports::model::Period;
use tutorhub_domain::reports::ports::MarketFacts;
use tutorhub_domain::reports::report::MarketReports;
use tutorhub_domain::shared::catalogue::{self, Place};
use uuid::Uuid;

/// A Hong Kong wall-clock time, e.g. `hk("2026-03-02T10:00")`.
fn hk(local: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(&format!("{local}:00+08:00")).unwrap().with_timezone(&Utc)
}

fn ms(local: &str) -> i64 {
    hk(local).timestamp_millis()
}

fn text(value: &str) -> Value {
    Value::Text(value.to_string())
}

fn place(english_area: &str) -> Place {
    catalogue::places().find(|place| catalogue::english(place.area) == Some(english_area)).unwrap()
}

fn subject(level: &str, english: &str) -> &'static str {
    catalogue::level(level).unwrap().subjects.iter().copied().find(|s| catalogue::english(s) == Some(english)).unwrap()
}

async fn exec(db: &Database, sql: &str, values: &[Value]) {
    bind_all(sql, values).execute(db.pool()).await.unwrap();
}

async fn returning(db: &Database, sql: &str, values: &[Value]) -> i64 {
    bind_all(sql, values).fetch_one(db.pool()).await.unwrap().try_get(0).unwrap()
}

/// A case posted at `posted` (Hong Kong time) in `status`, at `area` (English), teaching
/// `subjects` (English) of `level`.
async fn case(db: &Database, post_type: &str, level: &str, area: &str, subjects: &[&str], status: &str, posted: &str) -> i64 {
    let place = place(area);
    let subjects: Vec<&str> = subjects.iter().map(|s| subject(level, s)).collect();
    let sql = "INSERT INTO cases (id, owner_id, post_type, title, level, grade, subjects, area, district, region, rate_cents, \
               session_minutes, sessions_per_week, description, preferred_gender, start_date, status, created_at, updated_at) \
               VALUES ($1, $2, $3, 'A seeded case', $4, $5, $6, $7, $8, $9, 30000, 90, 1, 'Seeded.', 'no limit', '2026-04-01', \
               $10, $11, $11) RETURNING number";
    let values = [
        text(&Uuid::new_v4().to_string()),
        text(&Uuid::new_v4().to_string()),
        text(post_type),
        text(level),
        text(catalogue::level(level).unwrap().grades[0]),
        text(&serde_json::to_string(&subjects).unwrap()),
        text(place.area),
        text(place.district),
        text(place.region),
        text(status),
        Value::Int(ms(posted)),
    ];
    returning(db, sql, &values).await
}

async fn family_case(db: &Database, level: &str, area: &str, subjects: &[&str], status: &str, posted: &str) -> i64 {
    case(db, "student-seeking-tutor", level, area, subjects, status, posted).await
}

/// `tutor`'s application to case `number`, made at `when`: its id.
async fn application(db: &Database, number: i64, tutor: Uuid, status: &str, when: &str) -> String {
    let id = Uuid::new_v4().to_string();
    let sql = "INSERT INTO case_applications (id, case_number, tutor_id, available_times, status, created_at, updated_at) \
               VALUES ($1, $2, $3, 'Saturdays', $4, $5, $5)";
    exec(db, sql, &[text(&id), Value::Int(number), text(&tutor.to_string()), text(status), Value::Int(ms(when))]).await;
    id
}

/// An offer on `application` made at `made`, decided (`status`) at `decided`: its id.
async fn offer(db: &Database, number: i64, application: &str, tutor: Uuid, status: &str, made: &str, decided: &str) -> String {
    let id = Uuid::new_v4().to_string();
    let sql = "INSERT INTO offers (id, case_number, application_id, tutor_id, fee_cents, status, created_at, expires_at, decided_at, \
               first_lesson_at) VALUES ($1, $2, $3, $4, 30000, $5, $6, $7, $8, NULL)";
    let made_at = ms(made);
    let values = [
        text(&id),
        Value::Int(number),
        text(application),
        text(&tutor.to_string()),
        text(status),
        Value::Int(made_at),
        Value::Int(made_at + 24 * 3_600_000),
        Value::Int(ms(decided)),
    ];
    exec(db, sql, &values).await;
    id
}

/// A lesson of `arrangement` starting at `starts`, recorded by the tutor at `recorded`.
async fn lesson(db: &Database, arrangement: &str, status: &str, starts: &str, recorded: &str) {
    let sql =
        "INSERT INTO lessons (arrangement_id, starts_at, minutes, status, recorded_by, recorded_at) VALUES ($1, $2, 90, $3, 'tutor', $4)";
    exec(db, sql, &[text(arrangement), Value::Int(ms(starts)), text(status), Value::Int(ms(recorded))]).await;
}

async fn booking(db: &Database, tutor: Uuid, accepted: &str) -> String {
    let id = Uuid::new_v4().to_string();
    let sql = "INSERT INTO bookings (id, tutor_id, user_id, user_type, booking_time, status, created_at, updated_at, accepted_at) \
               VALUES ($1, $2, $3, 'individual', 'Saturdays', 'accepted', $4, $4, $4)";
    exec(db, sql, &[text(&id), text(&tutor.to_string()), text(&Uuid::new_v4().to_string()), Value::Int(ms(accepted))]).await;
    id
}

/// A tutor application of a new member, decided (`status`) at `reviewed`.
async fn tutor_application(db: &Database, n: u32, status: &str, reviewed: &str) {
    let user = crate::support::tutors::user(&SqlUserRepository::new(db.pool().clone()), n).await;
    let sql = "INSERT INTO tutor_applications (id, user_id, name, contact_number, education, age, teaching_experience, subjects, \
               exam_results, course_features, teaching_area, teaching_schedule, teaching_mode, required_fee_cents, bio, avatar, \
               status, reviewer, submitted_at, reviewed_at) VALUES ($1, $2, 'Tutor', '91234567', 'HKU', 24, 3, '[]', '', '', \
               'Lam Tin', 'Saturdays', 'one-to-one', 30000, '', '', $3, 'staff', $4, $5)";
    let reviewed_at = ms(reviewed);
    let values = [
        text(&Uuid::new_v4().to_string()),
        text(&user.id.to_string()),
        text(status),
        Value::Int(reviewed_at - 86_400_000),
        Value::Int(reviewed_at),
    ];
    exec(db, sql, &values).await;
}

/// An invoice of `fee` issued at `issued`, due on `due`, with its fee line on its issue date
/// and `payments` (amount in cents, date).
async fn invoice(db: &Database, arrangement: &str, number: i64, fee: i64, issued: &str, due: &str, payments: &[(i64, &str)]) {
    let sql = "INSERT INTO invoices (year, arrangement_id, case_number, tutor_id, fee_per_lesson_cents, lessons_per_week, fee_cents, \
               first_lesson_at, issued_at, due_on, interest_bp_per_month, penalty_percent, penalty_day) \
               VALUES (2026, $1, $2, $3, 30000, 1, $4, $5, $5, $6, 200, 10, 11) RETURNING id";
    let values =
        [text(arrangement), Value::Int(number), text(&Uuid::new_v4().to_string()), Value::Int(fee), Value::Int(ms(issued)), text(due)];
    let id = returning(db, sql, &values).await;
    let mut lines = vec![("fee", fee, &issued[..10])];
    lines.extend(payments.iter().map(|(amount, on)| ("payment", -amount, *on)));
    for (seq, (kind, amount, on)) in lines.into_iter().enumerate() {
        let sql = "INSERT INTO invoice_lines (invoice_id, seq, kind, amount_cents, on_date, written_by, reason, recorded_at) \
                   VALUES ($1, $2, $3, $4, $5, 'system', 'seeded', $6)";
        let seq = i64::try_from(seq).unwrap() + 1;
        exec(db, sql, &[Value::Int(id), Value::Int(seq), text(kind), Value::Int(amount), text(on), Value::Int(ms(&format!("{on}T12:00")))])
            .await;
    }
}

/// The history; answers the period's report.
async fn the_report_of_a_seeded_history_has_known_figures(db: Database) {
    let [t1, t2, t3, t4, t5, t6, t7, t8] = [(); 8].map(|()| Uuid::new_v4());

    // C1: secondary maths in Lam Tin (Kowloon), Monday 10:00. T1 applied 5 h later (18 000 s),
    // was chosen 24 h after the posting (86 400 s), confirmed; first lesson held on the 5th.
    let c1 = family_case(&db, "secondary", "Lam Tin", &["Mathematics"], "matched", "2026-03-02T10:00").await;
    let a1 = application(&db, c1, t1, "selected", "2026-03-02T15:00").await;
    let o1 = offer(&db, c1, &a1, t1, "confirmed", "2026-03-03T10:00", "2026-03-03T20:00").await;
    lesson(&db, &o1, "confirmed", "2026-03-05T18:00", "2026-03-05T20:00").await;
    invoice(&db, &o1, c1, 40_000, "2026-03-06T10:00", "2026-03-13", &[(40_000, "2026-03-10")]).await;

    // C2: secondary English in Lam Tin, Tuesday 09:00, approved by the back office a day later
    // (kept since migration 0021). T2 applied 30 h after the posting, 6 h after the approval
    // (21 600 s), was chosen after 35 h (126 000 s) and confirmed; after a lesson the family
    // ended the match (early: two days after the first lesson) and chose T3, who confirmed.
    let c2 = family_case(&db, "secondary", "Lam Tin", &["English Language"], "matched", "2026-03-03T09:00").await;
    exec(&db, "UPDATE cases SET approved_at = $1 WHERE number = $2", &[Value::Int(ms("2026-03-04T09:00")), Value::Int(c2)]).await;
    let a2 = application(&db, c2, t2, "ended", "2026-03-04T15:00").await;
    let a3 = application(&db, c2, t3, "selected", "2026-03-04T16:00").await;
    let o2 = offer(&db, c2, &a2, t2, "confirmed", "2026-03-04T20:00", "2026-03-05T09:00").await;
    lesson(&db, &o2, "confirmed", "2026-03-06T19:00", "2026-03-06T21:00").await;
    let sql = "INSERT INTO arrangement_endings (arrangement_id, ended_by, reason, ended_at, reopened_at) \
               VALUES ($1, 'family', 'teaching', $2, $2)";
    exec(&db, sql, &[text(&o2), Value::Int(ms("2026-03-08T12:00"))]).await;
    offer(&db, c2, &a3, t3, "confirmed", "2026-03-09T10:00", "2026-03-09T18:00").await;
    // Paid the day after the period: overdue on its last day.
    invoice(&db, &o2, c2, 30_000, "2026-03-07T10:00", "2026-03-14", &[(30_000, "2026-03-16")]).await;

    // C3: primary Chinese and maths in Sha Tin (New Territories); its only applicant came after
    // the period, so it is unanswered in this report.
    let c3 = family_case(&db, "primary", "Sha Tin", &["Chinese Language", "Mathematics"], "approved", "2026-03-04T12:00").await;
    application(&db, c3, t6, "applied", "2026-03-16T10:00").await;

    // C4: primary maths in Sha Tin; T4 applied exactly 24 h later (within a day), was chosen
    // after 28 h (100 800 s) and declined.
    let c4 = family_case(&db, "primary", "Sha Tin", &["Mathematics"], "approved", "2026-03-10T08:00").await;
    let a4 = application(&db, c4, t4, "refused", "2026-03-11T08:00").await;
    offer(&db, c4, &a4, t4, "declined", "2026-03-11T12:00", "2026-03-11T18:00").await;

    // C5: waiting for moderation. C6: secondary maths in Tai Po, posted Sunday 23:30, nobody yet.
    family_case(&db, "primary", "Lam Tin", &["English Language"], "pending", "2026-03-12T09:00").await;
    family_case(&db, "secondary", "Tai Po", &["Mathematics"], "approved", "2026-03-15T23:30").await;

    // Not the cohort: posted Sunday 1 March 23:30 (Hong Kong; T5's application to it on the 2nd
    // still makes T5 a tutor applying), a tutor's advert, and a case posted Monday 16 March 00:30
    // in Hong Kong, still the 15th in UTC.
    let c7 = family_case(&db, "secondary", "Lam Tin", &["Mathematics"], "approved", "2026-03-01T23:30").await;
    application(&db, c7, t5, "applied", "2026-03-02T11:00").await;
    case(&db, "tutor-seeking-student", "secondary", "Lam Tin", &["Mathematics"], "approved", "2026-03-05T10:00").await;
    family_case(&db, "secondary", "Tai Po", &["Mathematics"], "approved", "2026-03-16T00:30").await;

    // Bookings: T7 recorded a lesson held (active); T8 only a cancellation (not active).
    let held = booking(&db, t7, "2026-03-01T10:00").await;
    lesson(&db, &held, "recorded", "2026-03-12T18:00", "2026-03-12T20:00").await;
    let cancelled = booking(&db, t8, "2026-03-01T10:00").await;
    lesson(&db, &cancelled, "cancelled", "2026-03-20T18:00", "2026-03-13T20:00").await;

    // Tutor applications: one approved in the period, one before it, one rejected in it.
    tutor_application(&db, 1, "approved", "2026-03-05T10:00").await;
    tutor_application(&db, 2, "approved", "2026-02-20T10:00").await;
    tutor_application(&db, 3, "rejected", "2026-03-06T10:00").await;

    // Older invoices: one paid in part in the period (HK$200 collected, HK$300 overdue), one
    // paid before it; then one issued late in the period (not due yet) and one after it.
    invoice(&db, &Uuid::new_v4().to_string(), c7, 50_000, "2026-02-10T10:00", "2026-02-17", &[(20_000, "2026-03-03")]).await;
    invoice(&db, &Uuid::new_v4().to_string(), c7, 20_000, "2026-02-01T10:00", "2026-02-08", &[(20_000, "2026-02-05")]).await;
    invoice(&db, &Uuid::new_v4().to_string(), c1, 10_000, "2026-03-12T10:00", "2026-03-19", &[]).await;
    invoice(&db, &Uuid::new_v4().to_string(), c1, 90_000, "2026-03-16T10:00", "2026-03-23", &[]).await;

    let period = Period::new("2026-03-02".parse().unwrap(), "2026-03-15".parse().unwrap()).unwrap();
    let store = Arc::new(SqlMarketFacts::new(db.pool().clone()));

    // The store's own selection: the six cases of the cohort; twelve tutor events (five
    // applied, one approved, three confirmed, three lessons recorded); the five invoices
    // issued before the end, without the payment dated the 16th.
    let facts = store.facts(period, period.end()).await.unwrap();
    assert_eq!(facts.cases.len(), 6);
    let count = |activity: TutorActivity| facts.tutor_events.iter().filter(|e| e.activity == activity).count();
    let counts = [TutorActivity::Applied, TutorActivity::Approved, TutorActivity::Confirmed, TutorActivity::RecordedLesson].map(count);
    assert_eq!(counts, [5, 1, 3, 3]);
    assert_eq!(facts.invoices.len(), 5);
    assert_eq!(facts.invoices.iter().map(|i| i.lines.len()).sum::<usize>(), 5 + 3, "five fee lines, three payments up to the 15th");

    let report = MarketReports::new(store).report(period).await.unwrap();
    assert_eq!(
        report.cases,
        CaseFigures {
            posted: 6,                               // C1 to C6
            approved: 5,                             // all but C5 (pending)
            with_applicant: 3,                       // C1, C2, C4 (C3's came after the period)
            answered_within_day: 3,                  // C1 (5 h), C2 (6 h after approval), C4 (exactly 24 h)
            median_to_first_applicant: Some(21_600), // of 18 000, 21 600, 86 400
            matched: 3,                              // C1, C2, C4
            median_to_match: Some(100_800),          // of 86 400, 100 800, 126 000
            confirmed: 2,                            // C1, C2 (C4 declined)
            first_lessons: 2,                        // C1, C2
            ended_early: 1,                          // C2
            rematched: 1,                            // C2 (T3 after T2)
            unanswered: 2,                           // C3, C6
        }
    );
    let funnel: Vec<u64> = report.funnel.iter().map(|step| step.cases).collect();
    assert_eq!(funnel, [6, 5, 3, 3, 2, 2]);

    let secondary = CaseFigures {
        posted: 3, // C1, C2, C6
        approved: 3,
        with_applicant: 2,                       // C1, C2
        answered_within_day: 2,                  // C1, C2 (after its approval)
        median_to_first_applicant: Some(18_000), // the lower of 18 000 and 21 600
        matched: 2,
        median_to_match: Some(86_400), // the lower of 86 400 and 126 000
        confirmed: 2,
        first_lessons: 2,
        ended_early: 1,
        rematched: 1,
        unanswered: 1, // C6
    };
    let primary = CaseFigures {
        posted: 3,         // C3, C4, C5
        approved: 2,       // C3, C4
        with_applicant: 1, // C4
        answered_within_day: 1,
        median_to_first_applicant: Some(86_400),
        matched: 1,
        median_to_match: Some(100_800),
        confirmed: 0,
        first_lessons: 0,
        ended_early: 0,
        rematched: 0,
        unanswered: 1, // C3
    };
    let level = |key: &str| report.by_level.iter().find(|g| g.key == key).unwrap().figures;
    assert_eq!((level("secondary"), level("primary")), (secondary, primary));
    let others: Vec<&Group> = report.by_level.iter().filter(|g| g.key != "secondary" && g.key != "primary").collect();
    assert_eq!(others.len(), catalogue::LEVELS.len() - 2);
    assert!(others.iter().all(|g| g.figures == CaseFigures::default()));

    let kowloon = CaseFigures {
        posted: 3, // C1, C2, C5
        approved: 2,
        with_applicant: 2,
        answered_within_day: 2, // C1, C2 (after its approval)
        median_to_first_applicant: Some(18_000),
        matched: 2,
        median_to_match: Some(86_400),
        confirmed: 2,
        first_lessons: 2,
        ended_early: 1,
        rematched: 1,
        unanswered: 0,
    };
    let new_territories = CaseFigures {
        posted: 3, // C3, C4, C6
        approved: 3,
        with_applicant: 1,
        answered_within_day: 1,
        median_to_first_applicant: Some(86_400),
        matched: 1,
        median_to_match: Some(100_800),
        confirmed: 0,
        first_lessons: 0,
        ended_early: 0,
        rematched: 0,
        unanswered: 2,
    };
    let regions: Vec<(&str, CaseFigures)> = report.by_region.iter().map(|g| (catalogue::english(&g.key).unwrap(), g.figures)).collect();
    assert_eq!(regions, [("Hong Kong Island", CaseFigures::default()), ("Kowloon", kowloon), ("New Territories", new_territories)]);

    assert_eq!(
        report.weeks,
        [
            Week { starts_on: "2026-03-02".parse().unwrap(), posted: 3, matched: 2 }, // C1, C2, C3; C1 and C2 chosen
            Week { starts_on: "2026-03-09".parse().unwrap(), posted: 3, matched: 1 }, // C4, C5, C6; C4 chosen
        ]
    );
    let mut districts: Vec<(&str, u64)> =
        report.unanswered_districts.iter().map(|r| (catalogue::english(&r.name).unwrap(), r.cases)).collect();
    districts.sort();
    assert_eq!(districts, [("Sha Tin", 1), ("Tai Po", 1)]);
    let subjects: Vec<(&str, u64)> = report.unanswered_subjects.iter().map(|r| (catalogue::english(&r.name).unwrap(), r.cases)).collect();
    assert_eq!(subjects, [("Mathematics", 2), ("Chinese Language", 1)]); // C3 and C6; C3

    // Applying: T1 to T5 (T6 applied after the period). Active: those five and T7 (a lesson
    // held recorded); T8 only cancelled one.
    assert_eq!(report.tutors, TutorFigures { applying: 5, approved: 1, active: 6 });
    assert_eq!(
        report.fees,
        FeeFigures {
            invoiced: 3,             // C1's, C2's and the one of the 12th
            invoiced_cents: 80_000,  // HK$400 + HK$300 + HK$100
            payments: 2,             // C1's on the 10th, the older one's on the 3rd
            collected_cents: 60_000, // HK$400 + HK$200
            overdue: 2,              // C2's (paid only on the 16th), the older one's remainder
            overdue_cents: 60_000,   // HK$300 + HK$300
        }
    );
}

on_both_engines!(the_report_of_a_seeded_history_has_known_figures);
