//! The lesson record both sides trust: the tutor records each lesson held, the family confirms
//! or disputes it within 72 hours (silence confirms it), either side records a lesson cancelled
//! ahead of time, and the back office settles disputes.
//!
//! recorded -> confirmed | disputed; disputed -> confirmed | not-held (the back office);
//! a cancellation is stored as `cancelled` and never moves.

use chrono::{DateTime, Duration, Utc};
use uuid::Uuid;

use crate::keyed_enum;
use crate::shared::money::Rate;
use crate::shared::validation::{Label, LessonsProblem, Lines, Problem, Unit, ValidationErrors, refuse_control_characters};

/// A lesson is recorded at most this long after it started.
pub const RECORD_WITHIN_DAYS: i64 = 14;
/// The family answers a recorded lesson within this; after it, a job confirms it.
pub const ANSWER_WITHIN_HOURS: i64 = 72;
/// A cancellation with less notice than this is marked late.
pub const LATE_NOTICE_HOURS: i64 = 24;
/// A cancellation is for a lesson at most this far ahead.
pub const CANCEL_AHEAD_DAYS: i64 = 60;
/// Minutes a lesson may last.
pub const MINUTES: std::ops::RangeInclusive<i64> = 15..=300;
/// Characters of a dispute's, a cancellation's or a resolution's reason.
pub const REASON_MAX_CHARS: usize = 200;

keyed_enum! {
    pub enum LessonStatus {
        /// Recorded by the tutor, waiting for the family's answer.
        Recorded => "recorded",
        Confirmed => "confirmed",
        Disputed => "disputed",
        /// The back office found it did not happen.
        NotHeld => "not-held",
        /// Cancelled ahead of time by either side.
        Cancelled => "cancelled",
    }
}

keyed_enum! {
    /// The two sides of an arrangement.
    pub enum ArrangementSide {
        Tutor => "tutor",
        Family => "family",
    }
}

keyed_enum! {
    /// Who confirmed a lesson.
    pub enum LessonConfirmedBy {
        Family => "family",
        /// Nobody answered within 72 hours.
        Timeout => "timeout",
        BackOffice => "back-office",
    }
}

keyed_enum! {
    /// What a lesson record hangs on: a confirmed match of a case or an accepted booking.
    pub enum ArrangementKind {
        Match => "match",
        Booking => "booking",
    }
}

keyed_enum! {
    /// Why an arrangement ended: the short list either side picks from.
    pub enum EndReason {
        Schedule => "schedule",
        Teaching => "teaching",
        Attendance => "attendance",
        StudentNeeds => "student-needs",
        Other => "other",
    }
}

/// How an arrangement ended, and whether its case was opened again.
#[derive(Debug, Clone, PartialEq)]
pub struct Ending {
    pub by: ArrangementSide,
    pub reason: EndReason,
    pub note: Option<String>,
    pub at: DateTime<Utc>,
    pub reopened_at: Option<DateTime<Utc>>,
}

/// A family that ends a match before the first confirmed lesson, or within this long of it,
/// may open the case again to the other applicants in one tap: the match did not work out.
pub const REOPEN_WITHIN_DAYS: i64 = 14;

/// A confirmed match or an accepted booking, as the lesson record sees it.
#[derive(Debug, Clone, PartialEq)]
pub struct Arrangement {
    /// The offer's id for a match, the booking's for a booking.
    pub id: Uuid,
    pub kind: ArrangementKind,
    pub case_number: Option<i64>,
    pub tutor_id: Uuid,
    /// The case's owner or the booker.
    pub family_id: Uuid,
    /// The agreed fee per lesson (a match's); a booking has none on record.
    pub fee: Option<Rate>,
    /// When the tutor confirmed (or accepted): no lesson is recorded before it.
    pub since: DateTime<Utc>,
    /// Set once either side ended it: no lesson is recorded after.
    pub ended: Option<Ending>,
}

impl Arrangement {
    /// The side `member` is on, if any.
    pub fn side_of(&self, member: Uuid) -> Option<ArrangementSide> {
        if member == self.tutor_id {
            Some(ArrangementSide::Tutor)
        } else if member == self.family_id {
            Some(ArrangementSide::Family)
        } else {
            None
        }
    }
}

/// A stored lesson.
#[derive(Debug, Clone, PartialEq)]
pub struct Lesson {
    /// The back office's handle: `tutorhub lessons resolve N`.
    pub number: i64,
    pub arrangement_id: Uuid,
    pub starts_at: DateTime<Utc>,
    pub minutes: u32,
    pub status: LessonStatus,
    pub recorded_by: ArrangementSide,
    pub recorded_at: DateTime<Utc>,
    /// The dispute's or the cancellation's reason.
    pub reason: Option<String>,
    pub confirmed_by: Option<LessonConfirmedBy>,
    /// A cancellation with less than a day's notice.
    pub late: bool,
    /// The back office's reason when it settled a dispute.
    pub resolution: Option<String>,
}

impl Lesson {
    /// The family may still confirm or dispute it at `now`.
    pub fn is_answerable(&self, now: DateTime<Utc>) -> bool {
        self.status == LessonStatus::Recorded && now < answer_deadline(self.recorded_at)
    }
}

/// A lesson about to be stored; the store numbers it.
#[derive(Debug, Clone, PartialEq)]
pub struct NewLesson {
    pub arrangement_id: Uuid,
    pub starts_at: DateTime<Utc>,
    pub minutes: u32,
    pub status: LessonStatus,
    pub recorded_by: ArrangementSide,
    pub recorded_at: DateTime<Utc>,
    pub reason: Option<String>,
    pub late: bool,
}

/// Whether the family may open the match's case again now: they ended it, before the first
/// confirmed lesson or within [`REOPEN_WITHIN_DAYS`] of it, and it was not reopened yet.
pub fn may_reopen(arrangement: &Arrangement, lessons: &[Lesson]) -> bool {
    let Some(ending) = &arrangement.ended else { return false };
    let first = lessons.iter().filter(|l| l.status == LessonStatus::Confirmed).map(|l| l.starts_at).min();
    arrangement.kind == ArrangementKind::Match
        && ending.by == ArrangementSide::Family
        && ending.reopened_at.is_none()
        && first.is_none_or(|first| ending.at <= first + Duration::days(REOPEN_WITHIN_DAYS))
}

/// An ending's note: optional, except for "other", where it is the reason.
///
/// # Errors
/// The problem when too long, holding a control character, or missing for "other".
pub fn end_note(reason: EndReason, raw: &str) -> Result<Option<String>, Problem> {
    if raw.trim().is_empty() {
        return if reason == EndReason::Other { Err(LessonsProblem::EndNoteMissing.into()) } else { Ok(None) };
    }
    reason_text(raw, Label::EndNote).map(Some)
}

/// The last moment the family may answer a lesson recorded at `recorded_at`.
pub fn answer_deadline(recorded_at: DateTime<Utc>) -> DateTime<Utc> {
    recorded_at + Duration::hours(ANSWER_WITHIN_HOURS)
}

/// A lesson held, as the tutor records it: not in the future, not more than 14 days back, not
/// before the arrangement began, of a sensible length.
///
/// # Errors
/// Every failing field.
pub fn held(
    arrangement: &Arrangement,
    starts_at: DateTime<Utc>,
    minutes: Option<i64>,
    now: DateTime<Utc>,
) -> Result<u32, ValidationErrors> {
    let mut errors = ValidationErrors::new();
    let when = if starts_at > now {
        Err(LessonsProblem::HeldInFuture)
    } else if starts_at < now - Duration::days(RECORD_WITHIN_DAYS) {
        Err(LessonsProblem::HeldTooLongAgo { days: RECORD_WITHIN_DAYS })
    } else if starts_at < arrangement.since {
        Err(LessonsProblem::HeldBeforeMatch)
    } else {
        Ok(())
    };
    errors.check("startsAt", when);
    let minutes = errors.check("minutes", lesson_minutes(minutes));
    match minutes {
        Some(minutes) if errors.is_empty() => Ok(minutes),
        _ => Err(errors),
    }
}

/// A lesson's length: required, within [`MINUTES`].
fn lesson_minutes(value: Option<i64>) -> Result<u32, Problem> {
    let label = Label::LessonMinutes;
    match value {
        None => Err(Problem::Missing(label)),
        Some(v) if MINUTES.contains(&v) => u32::try_from(v).map_err(|_| Problem::Incorrect(label)),
        Some(_) => Err(Problem::OutOfRange { label, min: *MINUTES.start(), max: *MINUTES.end(), unit: Some(Unit::Minutes) }),
    }
}

/// Whether a lesson of `minutes` from `starts_at` would overlap one already on the record
/// (cancelled lessons and lessons found not held aside): two lessons cannot be held at once.
pub fn overlaps(lessons: &[Lesson], starts_at: DateTime<Utc>, minutes: u32) -> bool {
    let ends_at = starts_at + Duration::minutes(i64::from(minutes));
    lessons.iter().filter(|l| !matches!(l.status, LessonStatus::Cancelled | LessonStatus::NotHeld)).any(|l| {
        let (start, end) = (l.starts_at, l.starts_at + Duration::minutes(i64::from(l.minutes)));
        starts_at < end && start < ends_at
    })
}

/// A lesson cancelled ahead of time: still to come, within 60 days, with a reason. Answers the
/// reason and whether the notice was late (under a day).
///
/// # Errors
/// Every failing field.
pub fn cancelled(starts_at: DateTime<Utc>, reason: &str, now: DateTime<Utc>) -> Result<(String, bool), ValidationErrors> {
    let mut errors = ValidationErrors::new();
    let when = if starts_at <= now {
        Err(LessonsProblem::CancelStarted)
    } else if starts_at > now + Duration::days(CANCEL_AHEAD_DAYS) {
        Err(LessonsProblem::CancelTooFarAhead { days: CANCEL_AHEAD_DAYS })
    } else {
        Ok(())
    };
    errors.check("startsAt", when);
    let reason = errors.check("reason", reason_text(reason, Label::CancelReason));
    match reason {
        Some(reason) if errors.is_empty() => Ok((reason, starts_at - now < Duration::hours(LATE_NOTICE_HOURS))),
        _ => Err(errors),
    }
}

/// A required reason of at most [`REASON_MAX_CHARS`] on one line, trimmed; `label` names the
/// field in the problem.
///
/// # Errors
/// The problem when empty, too long or holding a control character.
pub fn reason_text(raw: &str, label: Label) -> Result<String, Problem> {
    let text = raw.trim();
    refuse_control_characters(text, label, Lines::Single)?;
    match text.chars().count() {
        0 => Err(Problem::Missing(label)),
        n if n > REASON_MAX_CHARS => Err(Problem::TooLong { label, max: REASON_MAX_CHARS }),
        _ => Ok(text.to_string()),
    }
}

/// What the arrangement's page adds up: lessons confirmed, their minutes and tuition at the
/// agreed fee (for the family's budgeting; tuition is paid to the tutor directly).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Totals {
    pub held: u32,
    pub minutes: u32,
    pub tuition: Option<Rate>,
}

pub fn totals(lessons: &[Lesson], fee: Option<Rate>) -> Totals {
    let confirmed = lessons.iter().filter(|l| l.status == LessonStatus::Confirmed);
    let (held, minutes) = confirmed.fold((0, 0), |(n, m), l| (n + 1, m + l.minutes));
    Totals { held, minutes, tuition: fee.map(|fee| Rate::from_cents(fee.cents() * i64::from(held))) }
}

#[cfg(test)]
pub(crate) mod tests {
    use crate::shared::hong_kong::at;

    use super::*;

    pub fn arrangement() -> Arrangement {
        Arrangement {
            id: Uuid::new_v4(),
            kind: ArrangementKind::Match,
            case_number: Some(10234),
            tutor_id: Uuid::new_v4(),
            family_id: Uuid::new_v4(),
            fee: Some(Rate::from_cents(35000)),
            since: at("2026-11-20T12:00"),
            ended: None,
        }
    }

    fn problems(errors: ValidationErrors) -> Vec<Problem> {
        errors.fields().iter().map(|e| e.problem.clone()).collect()
    }

    #[test]
    fn a_lesson_held_is_in_the_past_14_days_after_the_match() {
        let a = arrangement();
        let now = at("2026-12-01T21:00");
        assert_eq!(held(&a, at("2026-12-01T19:00"), Some(90), now), Ok(90));
        let future = held(&a, at("2026-12-01T21:01"), Some(90), now).unwrap_err();
        assert_eq!(problems(future), [Problem::from(LessonsProblem::HeldInFuture)]);
        let before = held(&a, at("2026-11-20T11:59"), Some(90), now).unwrap_err();
        assert_eq!(problems(before), [Problem::from(LessonsProblem::HeldBeforeMatch)]);
        let late = Arrangement { since: at("2026-11-01T00:00"), ..a.clone() };
        assert_eq!(held(&late, at("2026-11-17T21:00"), Some(60), now), Ok(60), "exactly 14 days back");
        assert_eq!(
            problems(held(&late, at("2026-11-17T20:59"), Some(60), now).unwrap_err()),
            [Problem::from(LessonsProblem::HeldTooLongAgo { days: 14 })]
        );
        assert_eq!(
            problems(held(&a, now, Some(10), now).unwrap_err()),
            [Problem::OutOfRange { label: Label::LessonMinutes, min: 15, max: 300, unit: Some(Unit::Minutes) }]
        );
        let both = held(&a, now + Duration::hours(1), None, now).unwrap_err();
        let every = [Problem::from(LessonsProblem::HeldInFuture), Problem::Missing(Label::LessonMinutes)];
        assert_eq!(problems(both), every, "every field at once");
    }

    #[test]
    fn a_cancellation_is_ahead_of_time_and_late_under_a_day() {
        let now = at("2026-12-01T12:00");
        assert_eq!(cancelled(at("2026-12-02T12:00"), " 學生發燒 ", now), Ok(("學生發燒".into(), false)));
        assert_eq!(cancelled(at("2026-12-02T11:59"), "學生發燒", now), Ok(("學生發燒".into(), true)));
        assert_eq!(problems(cancelled(now, "學生發燒", now).unwrap_err()), [Problem::from(LessonsProblem::CancelStarted)]);
        assert_eq!(problems(cancelled(at("2026-12-02T12:00"), " ", now).unwrap_err()), [Problem::Missing(Label::CancelReason)]);
        assert_eq!(
            problems(cancelled(now + Duration::days(61), "x", now).unwrap_err()),
            [Problem::from(LessonsProblem::CancelTooFarAhead { days: 60 })]
        );
    }

    fn confirmed(starts_at: DateTime<Utc>) -> Lesson {
        Lesson {
            number: 1,
            arrangement_id: Uuid::nil(),
            starts_at,
            minutes: 90,
            status: LessonStatus::Confirmed,
            recorded_by: ArrangementSide::Tutor,
            recorded_at: starts_at,
            reason: None,
            confirmed_by: None,
            late: false,
            resolution: None,
        }
    }

    #[test]
    fn the_family_reopens_a_match_ended_before_or_within_14_days_of_the_first_lesson() {
        let ended = |by, when| Arrangement {
            ended: Some(Ending { by, reason: EndReason::Teaching, note: None, at: at(when), reopened_at: None }),
            ..arrangement()
        };
        let first = [confirmed(at("2026-11-22T19:00")), confirmed(at("2026-11-29T19:00"))];
        assert!(may_reopen(&ended(ArrangementSide::Family, "2026-11-21T10:00"), &[]), "before any lesson");
        assert!(may_reopen(&ended(ArrangementSide::Family, "2026-12-06T19:00"), &first), "14 days after the first");
        assert!(!may_reopen(&ended(ArrangementSide::Family, "2026-12-06T19:01"), &first), "later: the match worked for a while");
        assert!(!may_reopen(&ended(ArrangementSide::Tutor, "2026-11-23T10:00"), &first), "the family decides");
        assert!(!may_reopen(&arrangement(), &[]), "not ended");
        let booking = Arrangement { kind: ArrangementKind::Booking, ..ended(ArrangementSide::Family, "2026-11-21T10:00") };
        assert!(!may_reopen(&booking, &[]), "a booking has no case");
        let mut again = ended(ArrangementSide::Family, "2026-11-21T10:00");
        again.ended.as_mut().unwrap().reopened_at = Some(at("2026-11-21T11:00"));
        assert!(!may_reopen(&again, &[]), "once");
    }

    #[test]
    fn an_ending_note_is_optional_but_says_what_other_means() {
        assert_eq!(end_note(EndReason::Schedule, "  "), Ok(None));
        assert_eq!(end_note(EndReason::Other, " "), Err(LessonsProblem::EndNoteMissing.into()));
        assert_eq!(end_note(EndReason::Other, &"長".repeat(201)), Err(Problem::TooLong { label: Label::EndNote, max: 200 }));
        assert_eq!(end_note(EndReason::Schedule, "a\u{7}b"), Err(Problem::ControlCharacters(Label::EndNote)));
        assert_eq!(end_note(EndReason::Other, " 搬屋 "), Ok(Some("搬屋".into())));
    }

    #[test]
    fn two_lessons_cannot_be_held_at_once() {
        let first = [confirmed(at("2026-11-22T19:00"))];
        assert!(overlaps(&first, at("2026-11-22T19:45"), 60), "starts within the 90 minutes");
        assert!(overlaps(&first, at("2026-11-22T18:00"), 61), "ends within them");
        assert!(!overlaps(&first, at("2026-11-22T20:30"), 60), "right after");
        assert!(!overlaps(&first, at("2026-11-22T18:00"), 60), "right before");
        let cancelled = [Lesson { status: LessonStatus::Cancelled, ..confirmed(at("2026-11-22T19:00")) }];
        assert!(!overlaps(&cancelled, at("2026-11-22T19:00"), 90), "a cancellation holds no time");
    }

    #[test]
    fn the_family_answers_within_72_hours() {
        let recorded_at = at("2026-12-01T21:00");
        assert_eq!(answer_deadline(recorded_at), at("2026-12-04T21:00"));
    }

    #[test]
    fn totals_count_confirmed_lessons_at_the_agreed_fee() {
        let lesson = |status, minutes| Lesson {
            number: 1,
            arrangement_id: Uuid::nil(),
            starts_at: at("2026-12-01T19:00"),
            minutes,
            status,
            recorded_by: ArrangementSide::Tutor,
            recorded_at: at("2026-12-01T21:00"),
            reason: None,
            confirmed_by: None,
            late: false,
            resolution: None,
        };
        let lessons = [
            lesson(LessonStatus::Confirmed, 90),
            lesson(LessonStatus::Confirmed, 60),
            lesson(LessonStatus::Disputed, 90),
            lesson(LessonStatus::Recorded, 90),
            lesson(LessonStatus::Cancelled, 90),
        ];
        let fee = Some(Rate::from_cents(35000));
        assert_eq!(totals(&lessons, fee), Totals { held: 2, minutes: 150, tuition: Some(Rate::from_cents(70000)) });
        assert_eq!(totals(&lessons, None).tuition, None);
    }
}
