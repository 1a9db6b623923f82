//! The report's figures from hand-made facts, each with its known answer: the period's Hong
//! Kong days, the cohort rule, medians, the 24-hour boundary, weeks starting on Monday in Hong
//! Kong, endings, the funnel, the groups, the unanswered lists, tutors and fees.

use chrono::{DateTime, Duration, NaiveDate, Utc};
use uuid::Uuid;

use crate::billing::ledger::LineKind;
use crate::cases::model::CaseStatus;
use crate::reports::facts::{CaseFacts, InvoiceFacts, LedgerEntry, OfferFacts, ReportFacts, TutorActivity, TutorEvent};
use crate::reports::figures::{CaseFigures, FeeFigures, FunnelStage, MarketReport, Ranked, TutorFigures, Week, median, percent};
use crate::reports::model::{Period, PeriodError};
use crate::shared::catalogue;
use crate::shared::hong_kong::at;

fn day(text: &str) -> NaiveDate {
    NaiveDate::parse_from_str(text, "%Y-%m-%d").unwrap()
}

/// Two whole weeks, Monday 2 March to Sunday 15 March 2026.
fn march() -> Period {
    Period::new(day("2026-03-02"), day("2026-03-15")).unwrap()
}

fn kowloon() -> &'static str {
    catalogue::REGIONS[1].name
}

fn new_territories() -> &'static str {
    catalogue::REGIONS[2].name
}

/// An approved secondary case in Kowloon posted at `posted` (Hong Kong time), nobody applied.
fn case(posted: &str) -> CaseFacts {
    CaseFacts {
        number: 10001,
        level: "secondary".into(),
        region: kowloon().into(),
        district: "district-a".into(),
        subjects: vec!["maths".into()],
        status: CaseStatus::Approved,
        posted_at: at(posted),
        approved_at: None,
        first_applied_at: None,
        offers: Vec::new(),
    }
}

fn applied(mut case: CaseFacts, when: &str) -> CaseFacts {
    case.first_applied_at = Some(at(when));
    case
}

fn offer(made: &str) -> OfferFacts {
    OfferFacts { made_at: at(made), confirmed_at: None, first_lesson_at: None, ended_at: None }
}

/// An offer confirmed an hour after it was made, with its first held lesson and its ending.
fn matched(made: &str, first_lesson: Option<DateTime<Utc>>, ended: Option<DateTime<Utc>>) -> OfferFacts {
    let made_at = at(made);
    OfferFacts { made_at, confirmed_at: Some(made_at + Duration::hours(1)), first_lesson_at: first_lesson, ended_at: ended }
}

fn report(period: Period, cases: Vec<CaseFacts>) -> MarketReport {
    MarketReport::from_facts(period, &ReportFacts { cases, ..ReportFacts::default() })
}

#[test]
fn a_period_is_checked_and_made_of_hong_kong_days() {
    assert_eq!(Period::new(day("2026-03-15"), day("2026-03-02")), Err(PeriodError::Reversed));
    assert_eq!(PeriodError::Reversed.to_string(), "period_reversed");
    assert!(Period::new(day("2026-01-01"), day("2027-01-01")).is_ok(), "366 days");
    assert_eq!(Period::new(day("2026-01-01"), day("2027-01-02")), Err(PeriodError::TooLong { days: 367 }));
    assert_eq!(Period::new(day("2026-03-02"), day("2026-03-02")).unwrap().days(), 1);

    let period = march();
    assert_eq!(period.days(), 14);
    assert_eq!(period.start(), at("2026-03-02T00:00"));
    assert_eq!(period.start().to_rfc3339(), "2026-03-01T16:00:00+00:00");
    assert_eq!(period.end(), at("2026-03-16T00:00"));
    assert!(period.contains(at("2026-03-02T00:00")) && period.contains(at("2026-03-15T23:59")));
    assert!(!period.contains(at("2026-03-01T23:59")) && !period.contains(at("2026-03-16T00:00")));

    let ragged = Period::new(day("2026-03-04"), day("2026-03-16")).unwrap();
    assert_eq!(ragged.weeks(), [day("2026-03-02"), day("2026-03-09"), day("2026-03-16")]);
}

#[test]
fn an_empty_period_has_every_row_and_no_median() {
    let report = report(march(), Vec::new());
    assert_eq!(report.cases, CaseFigures::default());
    assert_eq!((report.cases.median_to_first_applicant, report.cases.median_to_match), (None, None));
    let levels: Vec<&str> = report.by_level.iter().map(|g| g.key.as_str()).collect();
    assert_eq!(levels, catalogue::LEVELS.iter().map(|l| l.key).collect::<Vec<_>>());
    let regions: Vec<&str> = report.by_region.iter().map(|g| g.key.as_str()).collect();
    assert_eq!(regions, catalogue::REGIONS.iter().map(|r| r.name).collect::<Vec<_>>());
    assert!(report.by_level.iter().chain(&report.by_region).all(|g| g.figures == CaseFigures::default()));
    let funnel: Vec<(FunnelStage, u64)> = report.funnel.iter().map(|s| (s.stage, s.cases)).collect();
    assert_eq!(funnel, FunnelStage::ALL.iter().map(|s| (*s, 0)).collect::<Vec<_>>());
    assert_eq!(
        report.weeks,
        [Week { starts_on: day("2026-03-02"), posted: 0, matched: 0 }, Week { starts_on: day("2026-03-09"), posted: 0, matched: 0 }]
    );
    assert!(report.unanswered_districts.is_empty() && report.unanswered_subjects.is_empty());
    assert_eq!((report.tutors, report.fees), (TutorFigures::default(), FeeFigures::default()));
    assert_eq!(percent(0, 0), None);
}

#[test]
fn the_median_of_an_even_count_is_the_lower_middle() {
    assert_eq!(median(Vec::new()), None);
    assert_eq!(median(vec![7]), Some(7));
    assert_eq!(median(vec![30, 10, 20]), Some(20));
    assert_eq!(median(vec![40, 10, 30, 20]), Some(20));
    assert_eq!((percent(1, 3), percent(2, 3), percent(1, 2), percent(6, 6)), (Some(33), Some(67), Some(50), Some(100)));
}

#[test]
fn a_first_applicant_exactly_24_hours_after_posting_is_within_a_day() {
    let exactly = applied(case("2026-03-03T10:00"), "2026-03-04T10:00");
    let mut a_second_late = case("2026-03-03T10:00");
    a_second_late.first_applied_at = Some(at("2026-03-04T10:00") + Duration::seconds(1));
    let quick = applied(case("2026-03-05T09:00"), "2026-03-05T09:30");
    let figures = report(march(), vec![exactly, a_second_late, quick]).cases;
    assert_eq!((figures.with_applicant, figures.answered_within_day), (3, 2));
    // 1 800, 86 400 and 86 401 seconds: the middle one.
    assert_eq!(figures.median_to_first_applicant, Some(86_400));
}

#[test]
fn the_wait_for_a_first_applicant_counts_from_the_approval_when_it_is_known() {
    // Posted on the 3rd, approved 30 hours later, first applicant 10 hours after that.
    let mut moderated = applied(case("2026-03-03T10:00"), "2026-03-05T02:00");
    moderated.approved_at = Some(at("2026-03-04T16:00"));
    // Still waiting for moderation at the period's end: not approved, whatever its status.
    let mut waiting = case("2026-03-14T10:00");
    waiting.approved_at = Some(at("2026-03-16T10:00"));
    // Never approved, kept from before approval times: its status says so.
    let mut pending = case("2026-03-10T10:00");
    pending.status = CaseStatus::Pending;
    let figures = report(march(), vec![moderated, waiting, pending]).cases;
    assert_eq!((figures.posted, figures.approved, figures.answered_within_day), (3, 1, 1));
    assert_eq!(figures.median_to_first_applicant, Some(10 * 3600));
}

#[test]
fn the_cohort_is_the_cases_posted_in_the_period_followed_to_its_end() {
    let before = case("2026-03-01T23:59");
    let first_minute = case("2026-03-02T00:00");
    let after = case("2026-03-16T00:00");
    // Applied to and offered only after the period: unanswered, as the period's end saw it.
    let mut last_minute = applied(case("2026-03-15T23:59"), "2026-03-16T00:00");
    last_minute.offers.push(offer("2026-03-16T09:00"));
    let figures = report(march(), vec![before, first_minute, after, last_minute]).cases;
    assert_eq!((figures.posted, figures.approved, figures.with_applicant), (2, 2, 0));
    assert_eq!((figures.matched, figures.unanswered, figures.median_to_match), (0, 2, None));
}

#[test]
fn weeks_start_on_monday_in_hong_kong() {
    // Sunday 23:30 in Hong Kong; and Monday 00:30 in Hong Kong, still Sunday in UTC.
    let mut sunday_night = case("2026-03-08T23:30");
    sunday_night.offers.push(offer("2026-03-09T07:00"));
    let monday_small_hours = case("2026-03-09T00:30");
    assert_eq!(monday_small_hours.posted_at.to_rfc3339(), "2026-03-08T16:30:00+00:00");
    let report = report(march(), vec![sunday_night, monday_small_hours]);
    assert_eq!(
        report.weeks,
        [Week { starts_on: day("2026-03-02"), posted: 1, matched: 0 }, Week { starts_on: day("2026-03-09"), posted: 1, matched: 1 }]
    );
    // Posted 23:30, the owner chose a tutor at 07:00 the next morning.
    assert_eq!(report.cases.median_to_match, Some(7 * 3600 + 30 * 60));
}

#[test]
fn a_match_ended_within_two_weeks_of_its_first_lesson_ended_early() {
    let spring = Period::new(day("2026-03-02"), day("2026-05-31")).unwrap();
    let first_lesson = at("2026-03-05T18:00");
    let mut within = applied(case("2026-03-02T10:00"), "2026-03-02T12:00");
    within.offers =
        vec![matched("2026-03-03T10:00", Some(first_lesson), Some(first_lesson + Duration::days(14))), offer("2026-03-20T10:00")];
    let mut later = applied(case("2026-03-02T10:00"), "2026-03-02T12:00");
    later.offers = vec![matched("2026-03-03T10:00", Some(first_lesson), Some(first_lesson + Duration::days(14) + Duration::minutes(1)))];
    let mut before_any_lesson = applied(case("2026-03-02T10:00"), "2026-03-02T12:00");
    before_any_lesson.offers = vec![matched("2026-03-03T10:00", None, Some(at("2026-03-04T10:00")))];
    let mut ended_after_the_period = applied(case("2026-03-02T10:00"), "2026-03-02T12:00");
    ended_after_the_period.offers = vec![matched("2026-05-30T10:00", None, Some(at("2026-06-01T10:00")))];
    // Declined (never confirmed), then offered to another tutor.
    let mut declined = applied(case("2026-03-02T10:00"), "2026-03-02T12:00");
    declined.offers = vec![offer("2026-03-03T10:00"), offer("2026-03-05T10:00")];
    let figures = report(spring, vec![within, later, before_any_lesson, ended_after_the_period, declined]).cases;
    assert_eq!((figures.matched, figures.confirmed, figures.first_lessons), (5, 4, 2));
    assert_eq!((figures.ended_early, figures.rematched), (2, 2));
}

#[test]
fn each_step_of_the_funnel_counts_cases_of_the_step_before() {
    let mut pending = case("2026-03-02T10:00");
    pending.status = CaseStatus::Pending;
    let unanswered = case("2026-03-02T10:00");
    let applied_only = applied(case("2026-03-02T10:00"), "2026-03-02T11:00");
    let mut taught = applied(case("2026-03-02T10:00"), "2026-03-02T11:00");
    taught.status = CaseStatus::Matched;
    taught.offers = vec![matched("2026-03-03T10:00", Some(at("2026-03-05T18:00")), None)];
    // An offer without an application on record (a hand-edited database): matched, but it
    // never passed the funnel's "applied" step.
    let mut no_applicant = case("2026-03-02T10:00");
    no_applicant.status = CaseStatus::Offered;
    no_applicant.offers = vec![offer("2026-03-03T10:00")];
    let report = report(march(), vec![pending, unanswered, applied_only, taught, no_applicant]);
    let funnel: Vec<(FunnelStage, u64)> = report.funnel.iter().map(|s| (s.stage, s.cases)).collect();
    assert_eq!(
        funnel,
        [
            (FunnelStage::Posted, 5),
            (FunnelStage::Approved, 4),
            (FunnelStage::Applied, 2),
            (FunnelStage::Matched, 1),
            (FunnelStage::Confirmed, 1),
            (FunnelStage::FirstLesson, 1)
        ]
    );
    assert_eq!((report.cases.approved, report.cases.matched, report.cases.unanswered), (4, 2, 2));
}

#[test]
fn groups_follow_the_catalogue_and_add_up_to_the_total() {
    let mut primary = applied(case("2026-03-03T10:00"), "2026-03-03T12:00");
    primary.level = "primary".into();
    primary.region = new_territories().into();
    let secondary = case("2026-03-04T10:00");
    let mut renamed = case("2026-03-05T10:00");
    renamed.level = "music".into();
    let report = report(march(), vec![primary, secondary, renamed]);
    let posted = |groups: &[crate::reports::figures::Group]| groups.iter().map(|g| g.figures.posted).sum::<u64>();
    assert_eq!((posted(&report.by_level[..]), posted(&report.by_region[..])), (3, 3));
    assert_eq!(report.by_level.last().map(|g| (g.key.as_str(), g.figures.posted)), Some(("music", 1)));
    assert_eq!(report.by_level.len(), catalogue::LEVELS.len() + 1);
    let primary = report.by_level.iter().find(|g| g.key == "primary").unwrap().figures;
    assert_eq!((primary.posted, primary.with_applicant, primary.median_to_first_applicant), (1, 1, Some(7200)));
    let in_kowloon = report.by_region.iter().find(|g| g.key == kowloon()).unwrap().figures;
    assert_eq!((in_kowloon.posted, in_kowloon.unanswered), (2, 2));
}

#[test]
fn unanswered_districts_and_subjects_are_ranked_most_first_ten_at_most() {
    let mut cases = Vec::new();
    for n in 0..12 {
        let mut c = case("2026-03-03T10:00");
        c.district = format!("district-{n:02}");
        cases.push(c);
    }
    for _ in 0..3 {
        let mut c = case("2026-03-04T10:00");
        c.district = "district-11".into();
        c.subjects = vec!["english".into(), "english".into(), "physics".into()];
        cases.push(c);
    }
    // Answered: not counted.
    let mut answered = applied(case("2026-03-04T10:00"), "2026-03-04T11:00");
    answered.district = "district-99".into();
    cases.push(answered);
    let report = report(march(), cases);
    let districts: Vec<(&str, u64)> = report.unanswered_districts.iter().map(|r| (r.name.as_str(), r.cases)).collect();
    assert_eq!(districts.len(), 10);
    assert_eq!(districts[..3], [("district-11", 4), ("district-00", 1), ("district-01", 1)]);
    assert_eq!(
        report.unanswered_subjects,
        [
            Ranked { name: "maths".into(), cases: 12 },
            Ranked { name: "english".into(), cases: 3 },
            Ranked { name: "physics".into(), cases: 3 }
        ]
    );
}

#[test]
fn tutors_are_counted_once_each_by_what_they_did_in_the_period() {
    let (t1, t2, t3, t4, t5, t6) = (Uuid::new_v4(), Uuid::new_v4(), Uuid::new_v4(), Uuid::new_v4(), Uuid::new_v4(), Uuid::new_v4());
    let event = |tutor, activity, when: &str| TutorEvent { tutor, activity, at: at(when) };
    let tutor_events = vec![
        event(t1, TutorActivity::Applied, "2026-03-02T10:00"),
        event(t1, TutorActivity::Applied, "2026-03-09T10:00"),
        event(t1, TutorActivity::Confirmed, "2026-03-10T10:00"),
        event(t2, TutorActivity::Applied, "2026-03-15T23:59"),
        event(t3, TutorActivity::Confirmed, "2026-03-04T10:00"),
        event(t4, TutorActivity::RecordedLesson, "2026-03-05T10:00"),
        // Approval alone is not activity.
        event(t5, TutorActivity::Approved, "2026-03-05T10:00"),
        event(t6, TutorActivity::Approved, "2026-03-01T23:59"),
        event(t6, TutorActivity::Applied, "2026-03-16T00:00"),
    ];
    let report = MarketReport::from_facts(march(), &ReportFacts { tutor_events, ..ReportFacts::default() });
    assert_eq!(report.tutors, TutorFigures { applying: 2, approved: 1, active: 4 });
}

#[test]
fn fees_invoiced_collected_and_overdue_on_the_last_day() {
    let line = |kind, amount, on: &str| LedgerEntry { kind, amount, on: day(on) };
    let invoice = |issued: &str, fee: i64, due: &str, mut lines: Vec<LedgerEntry>| {
        lines.insert(0, line(LineKind::Fee, fee, &issued[..10]));
        InvoiceFacts { issued_at: at(issued), fee_cents: fee, due_on: day(due), lines }
    };
    let invoices = vec![
        // Issued and paid in the period.
        invoice("2026-03-06T10:00", 40_000, "2026-03-13", vec![line(LineKind::Payment, -40_000, "2026-03-10")]),
        // Due on the last day: not past due yet.
        invoice("2026-03-08T10:00", 30_000, "2026-03-15", Vec::new()),
        // Issued before, paid in part in the period: HK$300 overdue.
        invoice("2026-02-10T10:00", 50_000, "2026-02-17", vec![line(LineKind::Payment, -20_000, "2026-03-03")]),
        // Paid the day after the period: overdue on its last day, not collected in it.
        invoice("2026-03-07T10:00", 10_000, "2026-03-14", vec![line(LineKind::Payment, -10_000, "2026-03-16")]),
        // Paid before the period.
        invoice("2026-02-01T10:00", 20_000, "2026-02-08", vec![line(LineKind::Payment, -20_000, "2026-02-05")]),
        // Issued after it.
        invoice("2026-03-16T10:00", 90_000, "2026-03-23", Vec::new()),
    ];
    let report = MarketReport::from_facts(march(), &ReportFacts { invoices, ..ReportFacts::default() });
    assert_eq!(
        report.fees,
        FeeFigures { invoiced: 3, invoiced_cents: 80_000, payments: 2, collected_cents: 60_000, overdue: 2, overdue_cents: 40_000 }
    );
}
