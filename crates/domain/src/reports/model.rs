//! The period a report covers: Hong Kong dates, the first and the last both included.

use chrono::{DateTime, Datelike, Days, NaiveDate, NaiveTime, Utc};
use thiserror::Error;

use crate::shared::hong_kong;

/// The longest period a report covers, in days: a year, a leap year included. Longer ones
/// would mix cohorts a year apart in one set of figures; run two reports instead.
pub const MAX_DAYS: i64 = 366;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum PeriodError {
    /// The last day is before the first.
    #[error("period_reversed")]
    Reversed,
    /// More than [`MAX_DAYS`] days.
    #[error("period_too_long")]
    TooLong { days: i64 },
}

/// A checked period: `first_day <= last_day`, at most [`MAX_DAYS`] days.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Period {
    first_day: NaiveDate,
    last_day: NaiveDate,
}

impl Period {
    /// # Errors
    /// [`PeriodError::Reversed`] when `to` is before `from`; [`PeriodError::TooLong`] beyond
    /// [`MAX_DAYS`] days.
    pub fn new(from: NaiveDate, to: NaiveDate) -> Result<Self, PeriodError> {
        if to < from {
            return Err(PeriodError::Reversed);
        }
        let days = (to - from).num_days() + 1;
        if days > MAX_DAYS {
            return Err(PeriodError::TooLong { days });
        }
        Ok(Self { first_day: from, last_day: to })
    }

    pub fn first_day(&self) -> NaiveDate {
        self.first_day
    }

    pub fn last_day(&self) -> NaiveDate {
        self.last_day
    }

    /// Days in the period, both ends counted.
    pub fn days(&self) -> i64 {
        (self.last_day - self.first_day).num_days() + 1
    }

    /// The Hong Kong midnight that opens the first day.
    pub fn start(&self) -> DateTime<Utc> {
        midnight(self.first_day)
    }

    /// The Hong Kong midnight that closes the last day: the first instant after the period.
    /// Nothing from it on counts, so a report of a past period reads the same whenever it runs.
    pub fn end(&self) -> DateTime<Utc> {
        midnight(self.last_day.checked_add_days(Days::new(1)).expect("a date far from the end of time"))
    }

    /// `at` falls on one of the period's Hong Kong days.
    pub fn contains(&self, at: DateTime<Utc>) -> bool {
        self.start() <= at && at < self.end()
    }

    pub fn contains_day(&self, day: NaiveDate) -> bool {
        self.first_day <= day && day <= self.last_day
    }

    /// The Monday of each week the period touches, in order: the first may begin before the
    /// period, the last end after it.
    pub fn weeks(&self) -> Vec<NaiveDate> {
        let mut weeks = Vec::new();
        let mut monday = week_of(self.first_day);
        while monday <= self.last_day {
            weeks.push(monday);
            monday = monday.checked_add_days(Days::new(7)).expect("a date far from the end of time");
        }
        weeks
    }
}

/// The Monday that begins the week of `day` (weeks run Monday to Sunday, as in Hong Kong).
pub fn week_of(day: NaiveDate) -> NaiveDate {
    let back = u64::from(day.weekday().num_days_from_monday());
    day.checked_sub_days(Days::new(back)).expect("a date far from the start of time")
}

/// The Hong Kong midnight that begins `day`.
fn midnight(day: NaiveDate) -> DateTime<Utc> {
    day.and_time(NaiveTime::MIN).and_local_timezone(hong_kong::offset()).single().expect("fixed offsets have no gaps").with_timezone(&Utc)
}
