//! An offer: the owner chose an applicant, at one agreed fee per lesson, and the tutor has a
//! day to confirm it (with the first lesson's time) or decline it. Only a confirmed offer is a
//! match, and only then do the two see each other's phone.
//!
//! open -> confirmed | declined | lapsed; each only once (the store's conditional update
//! decides between a confirmation and the lapse job racing at the deadline).

use chrono::{DateTime, Duration, NaiveTime, Timelike, Utc};
use uuid::Uuid;

use crate::keyed_enum;
use crate::matching::model::CaseApplicationStatus;
use crate::shared::hong_kong;
use crate::shared::money::Rate;
use crate::shared::validation::MatchingProblem;

/// How long a tutor has to answer unless configured otherwise (`OFFER_HOURS`).
pub const DEFAULT_OFFER_HOURS: u32 = 24;

/// The first lesson is at most this far after the confirmation: further out, the family is
/// better served by another tutor who can start sooner.
pub const FIRST_LESSON_WITHIN_DAYS: i64 = 60;

keyed_enum! {
    pub enum OfferStatus {
        /// Waiting for the tutor's answer, until `expires_at`.
        Open => "open",
        Confirmed => "confirmed",
        Declined => "declined",
        Lapsed => "lapsed",
    }
}

impl OfferStatus {
    /// What the application becomes when the offer ends in `self`: confirmed is the match,
    /// declined is the tutor's refusal, lapsed is silence. An open offer changes nothing.
    pub fn application_status(self) -> Option<CaseApplicationStatus> {
        match self {
            Self::Open => None,
            Self::Confirmed => Some(CaseApplicationStatus::Selected),
            Self::Declined => Some(CaseApplicationStatus::Refused),
            Self::Lapsed => Some(CaseApplicationStatus::Lapsed),
        }
    }
}

/// A stored offer.
#[derive(Debug, Clone, PartialEq)]
pub struct Offer {
    pub id: Uuid,
    pub case_number: i64,
    pub application_id: Uuid,
    pub tutor_id: Uuid,
    /// The one fee per lesson both sides agree on: every later page and total uses it.
    pub fee: Rate,
    pub status: OfferStatus,
    pub created_at: DateTime<Utc>,
    pub expires_at: DateTime<Utc>,
    pub decided_at: Option<DateTime<Utc>>,
    /// The tutor's proposal, given with the confirmation.
    pub first_lesson_at: Option<DateTime<Utc>>,
}

impl Offer {
    /// A new open offer made at `now`, answerable for `hours`.
    pub fn open(case_number: i64, application_id: Uuid, tutor_id: Uuid, fee: Rate, now: DateTime<Utc>, hours: u32) -> Self {
        Self {
            id: Uuid::new_v4(),
            case_number,
            application_id,
            tutor_id,
            fee,
            status: OfferStatus::Open,
            created_at: now,
            expires_at: now + Duration::hours(i64::from(hours.max(1))),
            decided_at: None,
            first_lesson_at: None,
        }
    }

    /// Open and not past its deadline at `now`: the tutor may still answer.
    pub fn is_answerable(&self, now: DateTime<Utc>) -> bool {
        self.status == OfferStatus::Open && now < self.expires_at
    }
}

/// The evening before a first lesson, in Hong Kong hours: reminders go out from 18:00, and
/// not from 22:00 on, when people sleep (a lesson confirmed later is fresh in mind anyway).
pub const REMINDER_EVENING: std::ops::Range<u32> = 18..22;

/// When it is the reminder evening at `now`, the first lessons it reminds of: those on the
/// next Hong Kong day, `[start, end)`.
pub fn lessons_to_remind(now: DateTime<Utc>) -> Option<(DateTime<Utc>, DateTime<Utc>)> {
    let local = hong_kong::local(now);
    if !REMINDER_EVENING.contains(&local.hour()) {
        return None;
    }
    let tomorrow = local.date_naive().succ_opt()?.and_time(NaiveTime::MIN).and_local_timezone(hong_kong::offset()).single()?;
    Some((tomorrow.with_timezone(&Utc), (tomorrow + Duration::days(1)).with_timezone(&Utc)))
}

/// The fee per lesson the owner offers: the case's when none is named; otherwise the case's,
/// the tutor's asking fee, or any amount between the two.
///
/// # Errors
/// [`MatchingProblem::FeeMustBe`] or [`MatchingProblem::FeeBetween`], naming the range, when
/// `chosen` is outside it.
pub fn agreed_fee(case_fee: Rate, asked: Option<Rate>, chosen: Option<Rate>) -> Result<Rate, MatchingProblem> {
    let Some(chosen) = chosen else { return Ok(case_fee) };
    let asked = asked.unwrap_or(case_fee);
    let (low, high) = (case_fee.min(asked), case_fee.max(asked));
    if (low..=high).contains(&chosen) {
        Ok(chosen)
    } else if low == high {
        Err(MatchingProblem::FeeMustBe { fee: low })
    } else {
        Err(MatchingProblem::FeeBetween { low, high })
    }
}

/// The first lesson starts on a quarter hour within these Hong Kong hours (22:00 the latest).
pub const FIRST_LESSON_HOURS: std::ops::RangeInclusive<u32> = 7..=22;

/// The first lesson's time as the tutor proposes it on confirming.
///
/// # Errors
/// A [`MatchingProblem`] when it is not after `now`, more than [`FIRST_LESSON_WITHIN_DAYS`]
/// away, or not on a quarter hour between 07:00 and 22:00 Hong Kong time.
pub fn first_lesson(at: DateTime<Utc>, now: DateTime<Utc>) -> Result<DateTime<Utc>, MatchingProblem> {
    let local = hong_kong::local(at);
    let quarter = local.minute().is_multiple_of(15) && local.second() == 0 && local.nanosecond() == 0;
    let hours = FIRST_LESSON_HOURS.contains(&local.hour()) && (local.hour() < 22 || local.minute() == 0);
    if !quarter || !hours {
        return Err(MatchingProblem::FirstLessonOffHours);
    }
    if at <= now {
        return Err(MatchingProblem::FirstLessonPast);
    }
    if at > now + Duration::days(FIRST_LESSON_WITHIN_DAYS) {
        return Err(MatchingProblem::FirstLessonTooFar { days: FIRST_LESSON_WITHIN_DAYS });
    }
    Ok(at)
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;

    use super::*;

    fn hkd(dollars: i64) -> Rate {
        Rate::from_cents(dollars * 100)
    }

    #[test]
    fn the_fee_is_the_cases_the_tutors_or_one_between() {
        assert_eq!(agreed_fee(hkd(350), Some(hkd(450)), None), Ok(hkd(350)), "none named: the case's");
        for chosen in [350, 400, 450] {
            assert_eq!(agreed_fee(hkd(350), Some(hkd(450)), Some(hkd(chosen))), Ok(hkd(chosen)));
        }
        // The tutor may ask less than the case offers: the range is the same.
        assert_eq!(agreed_fee(hkd(350), Some(hkd(300)), Some(hkd(320))), Ok(hkd(320)));
        let between = MatchingProblem::FeeBetween { low: hkd(350), high: hkd(450) };
        assert_eq!(agreed_fee(hkd(350), Some(hkd(450)), Some(hkd(500))).unwrap_err(), between);
        assert_eq!(agreed_fee(hkd(350), Some(hkd(450)), Some(hkd(349))).unwrap_err(), between);
        assert_eq!(agreed_fee(hkd(350), None, Some(hkd(400))).unwrap_err(), MatchingProblem::FeeMustBe { fee: hkd(350) });
    }

    #[test]
    fn an_offer_is_answerable_until_its_deadline_and_not_at_it() {
        let now = Utc.with_ymd_and_hms(2026, 11, 27, 12, 0, 0).unwrap();
        let offer = Offer::open(10234, Uuid::new_v4(), Uuid::new_v4(), hkd(350), now, DEFAULT_OFFER_HOURS);
        assert_eq!(offer.expires_at, now + Duration::hours(24));
        assert!(offer.is_answerable(now + Duration::hours(24) - Duration::seconds(1)));
        assert!(!offer.is_answerable(now + Duration::hours(24)));
        assert!(!Offer { status: OfferStatus::Declined, ..offer }.is_answerable(now));
    }

    #[test]
    fn reminders_go_out_the_evening_before_and_not_at_night() {
        use crate::shared::hong_kong::at;
        assert_eq!(lessons_to_remind(at("2026-11-30T17:59")), None, "not before six");
        let window = Some((at("2026-12-01T00:00"), at("2026-12-02T00:00")));
        assert_eq!(lessons_to_remind(at("2026-11-30T18:00")), window);
        assert_eq!(lessons_to_remind(at("2026-11-30T21:59")), window);
        assert_eq!(lessons_to_remind(at("2026-11-30T22:00")), None, "quiet from ten");
        assert_eq!(lessons_to_remind(at("2026-12-31T19:00")), Some((at("2027-01-01T00:00"), at("2027-01-02T00:00"))));
    }

    #[test]
    fn the_first_lesson_is_after_now_within_sixty_days_on_a_quarter_hour_of_the_day() {
        use crate::shared::hong_kong::at;
        let now = Utc.with_ymd_and_hms(2026, 11, 27, 12, 0, 0).unwrap();
        assert_eq!(first_lesson(now, now).unwrap_err(), MatchingProblem::FirstLessonPast);
        assert!(first_lesson(now + Duration::minutes(15), now).is_ok());
        assert!(first_lesson(at("2026-12-01T07:00"), now).is_ok());
        assert!(first_lesson(at("2026-12-01T22:00"), now).is_ok());
        for odd in ["2026-12-01T06:45", "2026-12-01T22:15", "2026-12-01T19:10", "2026-12-01T03:00"] {
            assert_eq!(first_lesson(at(odd), now).unwrap_err(), MatchingProblem::FirstLessonOffHours, "{odd}");
        }
        assert!(first_lesson(now + Duration::days(60), now).is_ok());
        assert_eq!(
            first_lesson(now + Duration::days(60) + Duration::minutes(15), now).unwrap_err(),
            MatchingProblem::FirstLessonTooFar { days: 60 }
        );
    }
}
