//! Hong Kong time: UTC+8 all year (no daylight saving since 1979), for dates people read.

use chrono::{DateTime, FixedOffset, Utc};

/// The offset of Hong Kong time.
pub fn offset() -> FixedOffset {
    FixedOffset::east_opt(8 * 3600).expect("UTC+8 is a valid offset")
}

/// `at` on a Hong Kong clock.
pub fn local(at: DateTime<Utc>) -> DateTime<FixedOffset> {
    at.with_timezone(&offset())
}

/// The Hong Kong date of `at` as people write it, e.g. 2026年12月1日.
pub fn date_words(at: DateTime<Utc>) -> String {
    local(at).format("%Y年%-m月%-d日").to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn late_evening_utc_is_the_next_day_in_hong_kong() {
        let at = DateTime::parse_from_rfc3339("2026-11-30T17:30:00Z").unwrap().with_timezone(&Utc);
        assert_eq!(date_words(at), "2026年12月1日");
    }
}
