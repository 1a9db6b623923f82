//! The service fee our terms promise, as numbers: what a match costs the tutor, when it is due,
//! what a short match costs instead, and the late charges. The terms page, the case page, the
//! offer and every invoice read these same values (`GET /fees/terms`).

use chrono::{Days, NaiveDate};

use crate::shared::money::Rate;

/// The fee is this share of this many weeks' tuition: half of the first four weeks.
pub const SHARE_WEEKS: u32 = 4;
pub const SHARE_PERCENT: u32 = 50;
/// A match that ends within this many days of its first lesson pays only for what was taught.
pub const SHORT_MATCH_DAYS: u32 = 28;
/// Reminders go this many days before the due date (then on it, and on the overdue days below).
pub const REMIND_DAYS_BEFORE: u32 = 2;
/// The overdue day of the last-but-one reminder (the last is on the penalty day).
pub const REMIND_OVERDUE_DAY: u32 = 3;

/// The penalty days settings allow (`LATE_PENALTY_DAY`); reminders look back to the latest.
pub const PENALTY_DAYS: std::ops::RangeInclusive<u32> = 4..=90;

/// The values settings may change (`FEE_DUE_DAYS`, `LATE_INTEREST_BP_PER_MONTH`,
/// `LATE_PENALTY_PERCENT`, `LATE_PENALTY_DAY`). An invoice keeps the late terms it was issued
/// under: a later change of settings never reprices a debt already owed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FeeTerms {
    /// An invoice is due this many days after it is issued.
    pub due_days: u32,
    pub late: LateTerms,
}

/// Late charges: simple interest on the overdue principal, and a penalty added once.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LateTerms {
    /// Interest a month in basis points (200 = 2%), counted per day as × 12 ÷ 365.
    pub interest_bp_per_month: u32,
    /// The penalty, a share of the overdue principal, in percent.
    pub penalty_percent: u32,
    /// The overdue day the penalty is added on (11: "after 10 days"). From that day the tutor
    /// can no longer apply to cases or confirm offers.
    pub penalty_day: u32,
}

impl Default for FeeTerms {
    fn default() -> Self {
        Self { due_days: 7, late: LateTerms { interest_bp_per_month: 200, penalty_percent: 10, penalty_day: 11 } }
    }
}

impl FeeTerms {
    /// The date an invoice issued on `issued_on` is due.
    pub fn due_on(&self, issued_on: NaiveDate) -> NaiveDate {
        issued_on + Days::new(u64::from(self.due_days))
    }
}

/// What a match costs the tutor, and how it is computed: fee per lesson × lessons a week × 4 ÷ 2.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ServiceFee {
    pub fee_per_lesson: Rate,
    pub lessons_per_week: u32,
    /// In whole cents.
    pub amount: i64,
}

impl ServiceFee {
    pub fn of(fee_per_lesson: Rate, lessons_per_week: u32) -> Self {
        let tuition = fee_per_lesson.cents() * i64::from(lessons_per_week) * i64::from(SHARE_WEEKS);
        Self { fee_per_lesson, lessons_per_week, amount: share(tuition) }
    }

    /// The fee of a match that ended within [`SHORT_MATCH_DAYS`] of its first lesson, after
    /// `lessons` confirmed lessons in that time: half their tuition, never more than the full fee.
    pub fn short_match(&self, lessons: u32) -> i64 {
        share(self.fee_per_lesson.cents() * i64::from(lessons)).min(self.amount)
    }
}

/// [`SHARE_PERCENT`] of `tuition` cents, rounded half up.
fn share(tuition: i64) -> i64 {
    divide_half_up(i128::from(tuition) * i128::from(SHARE_PERCENT), 100)
}

/// `numerator ÷ denominator` rounded half up, for the non-negative amounts charges are made of.
pub fn divide_half_up(numerator: i128, denominator: i128) -> i64 {
    debug_assert!(numerator >= 0 && denominator > 0);
    i64::try_from((2 * numerator + denominator) / (2 * denominator)).unwrap_or(i64::MAX)
}

/// "HK$800.00": an amount of money on an invoice (always with its cents; negative with a sign).
pub fn hkd(cents: i64) -> String {
    let sign = if cents < 0 { "-" } else { "" };
    let cents = cents.unsigned_abs();
    format!("{sign}HK${}.{:02}", group_thousands(cents / 100), cents % 100)
}

fn group_thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fee_is_half_of_four_weeks_tuition() {
        let fee = ServiceFee::of(Rate::from_cents(20_000), 2);
        assert_eq!(fee.amount, 80_000, "HK$200 a lesson, twice a week: HK$800");
        assert_eq!(ServiceFee::of(Rate::from_cents(33_333), 1).amount, 66_666);
        assert_eq!(fee.short_match(1), 10_000);
        assert_eq!(fee.short_match(20), 80_000, "never more than the full fee");
    }

    #[test]
    fn amounts_read_with_cents_and_thousands() {
        assert_eq!(hkd(80_000), "HK$800.00");
        assert_eq!(hkd(123_456_789), "HK$1,234,567.89");
        assert_eq!(hkd(-70_005), "-HK$700.05");
        assert_eq!(divide_half_up(5, 10), 1);
        assert_eq!(divide_half_up(4, 10), 0);
    }
}
