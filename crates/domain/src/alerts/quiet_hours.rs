//! No alert between 22:00 and 08:00 Hong Kong time: what matches at night waits, and goes out
//! at 08:00 as one digest per channel.

use chrono::{DateTime, Timelike, Utc};

use crate::shared::hong_kong;

/// The night without alerts, in Hong Kong hours: from `start` (inclusive) to `end` (exclusive).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct QuietHours {
    start: u32,
    end: u32,
}

impl QuietHours {
    /// 22:00 to 08:00.
    pub const NIGHT: Self = Self { start: 22, end: 8 };
    /// Never quiet: for operators who deliberately send at any hour (e.g. a test system).
    pub const NONE: Self = Self { start: 0, end: 0 };

    /// From a setting like `22-8`, `off` meaning [`QuietHours::NONE`].
    pub fn parse(setting: &str) -> Option<Self> {
        if setting.trim() == "off" {
            return Some(Self::NONE);
        }
        let (start, end) = setting.trim().split_once('-')?;
        let (start, end) = (start.trim().parse().ok()?, end.trim().parse().ok()?);
        (start < 24 && end < 24).then_some(Self { start, end })
    }

    /// Whether `at` falls in the quiet hours.
    pub fn is_quiet(self, at: DateTime<Utc>) -> bool {
        let hour = hong_kong::local(at).hour();
        match self.start.cmp(&self.end) {
            std::cmp::Ordering::Equal => false,
            std::cmp::Ordering::Greater => hour >= self.start || hour < self.end,
            std::cmp::Ordering::Less => (self.start..self.end).contains(&hour),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A Hong Kong wall-clock time on 1 December 2026.
    fn hk(hour: u32, minute: u32) -> DateTime<Utc> {
        crate::shared::hong_kong::at(&format!("2026-12-01T{hour:02}:{minute:02}"))
    }

    #[test]
    fn night_is_from_ten_at_night_to_eight_in_the_morning_hong_kong_time() {
        let night = QuietHours::NIGHT;
        for (hour, minute, quiet) in
            [(21, 59, false), (22, 0, true), (23, 30, true), (3, 0, true), (7, 59, true), (8, 0, false), (12, 0, false)]
        {
            assert_eq!(night.is_quiet(hk(hour, minute)), quiet, "{hour:02}:{minute:02}");
        }
        assert!(!QuietHours::NONE.is_quiet(hk(3, 0)));
    }

    #[test]
    fn reads_the_setting() {
        assert_eq!(QuietHours::parse("22-8"), Some(QuietHours::NIGHT));
        assert_eq!(QuietHours::parse("off"), Some(QuietHours::NONE));
        assert_eq!(QuietHours::parse("13-14").map(|q| q.is_quiet(hk(13, 30))), Some(true));
        assert_eq!(QuietHours::parse("25-8"), None);
        assert_eq!(QuietHours::parse("tonight"), None);
    }
}
