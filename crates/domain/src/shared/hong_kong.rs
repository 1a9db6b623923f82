//! Hong Kong time: UTC+8 all year (no daylight saving since 1979), for dates people read.

use chrono::{DateTime, Days, FixedOffset, NaiveTime, Utc};

/// The offset of Hong Kong time.
pub fn offset() -> FixedOffset {
    FixedOffset::east_opt(8 * 3600).expect("UTC+8 is a valid offset")
}

/// `at` on a Hong Kong clock.
pub fn local(at: DateTime<Utc>) -> DateTime<FixedOffset> {
    at.with_timezone(&offset())
}

/// The Hong Kong date of `at`: the day a due date or a payment falls on.
pub fn date(at: DateTime<Utc>) -> chrono::NaiveDate {
    local(at).date_naive()
}

/// The first Hong Kong midnight at or after `at`: a rule that opens "from a date" opens then.
pub fn midnight_at_or_after(at: DateTime<Utc>) -> DateTime<Utc> {
    let local = local(at);
    let midnight = local.date_naive().and_time(NaiveTime::MIN).and_local_timezone(offset()).single().expect("fixed offsets have no gaps");
    let day = if midnight == local { midnight } else { midnight.checked_add_days(Days::new(1)).expect("a date far from the end of time") };
    day.with_timezone(&Utc)
}

/// A Hong Kong wall-clock time, for tests with a fixed clock, e.g. `at("2026-12-01T08:00")`.
#[cfg(test)]
pub fn at(local: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(&format!("{local}:00+08:00")).expect("a valid local time").with_timezone(&Utc)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rule_opening_during_a_day_opens_at_the_next_midnight() {
        assert_eq!(midnight_at_or_after(at("2026-12-01T15:30")), at("2026-12-02T00:00"));
        assert_eq!(midnight_at_or_after(at("2026-12-02T00:00")), at("2026-12-02T00:00"));
    }

    #[test]
    fn late_evening_utc_is_the_next_day_in_hong_kong() {
        let at = DateTime::parse_from_rfc3339("2026-11-30T17:30:00Z").unwrap().with_timezone(&Utc);
        assert_eq!(date(at), chrono::NaiveDate::from_ymd_opt(2026, 12, 1).unwrap());
    }
}
