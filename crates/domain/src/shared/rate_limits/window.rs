//! How a key's hits are counted: the one rule both limiters keep, in memory
//! (`security::rate_limiter`) and in the database (`sql::rate_limits`).
//!
//! - A key has one window. It starts at the key's first hit and lasts the limit's length: a
//!   window of 15 minutes opened at 10:03:20.5 ends at 10:18:20.5 exactly, and a hit at that
//!   millisecond starts the next window.
//! - In a running window, at most `max` hits are counted. A refused hit is not counted and
//!   learns the whole seconds to the window's end, rounded up, at least one.
//! - A reset forgets the key: its next hit starts a new window.
//!
//! A daily cap is 24 hours from the key's first hit, not a Hong Kong calendar day: the product
//! promises "at most 30 every 24 hours" (the apply limit's words), "20 new bookings in 24
//! hours" (docs/adr/0036-bookings.md), and a calendar day would open every member's cap at midnight at
//! once and allow two days' worth across it. A fixed window lets up to twice `max` through
//! across a window's end; these limits are against floods and guessing, where that changes
//! nothing.
//!
//! Times are milliseconds since the Unix epoch, as both limiters keep them.

use super::ports::Limit;

/// One key's window: the hits counted in it and when it ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Window {
    pub hits: u32,
    pub ends_at: i64,
}

/// What a hit at some moment makes of a key's window.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Hit {
    /// The key had no running window: this hit starts one.
    Started(Window),
    /// Counted in the running window.
    Counted(Window),
    /// The running window is full: nothing counted; wait this many seconds.
    Refused(u64),
}

impl Window {
    /// The window a first hit at `now` starts.
    pub fn starting(limit: Limit, now: i64) -> Self {
        Self { hits: 1, ends_at: now.saturating_add(limit.window_ms()) }
    }

    /// Whether the window still counts at `now` (it has ended at its end's very millisecond).
    pub fn is_running(self, now: i64) -> bool {
        self.ends_at > now
    }

    /// A hit at `now` on the key whose window is `current` (`None`: it has none).
    pub fn hit(current: Option<Self>, limit: Limit, now: i64) -> Hit {
        match current {
            Some(window) if window.is_running(now) && window.hits >= limit.max => Hit::Refused(wait_until(window.ends_at, now)),
            Some(window) if window.is_running(now) => Hit::Counted(Self { hits: window.hits + 1, ..window }),
            _ => Hit::Started(Self::starting(limit, now)),
        }
    }

    /// Whether a hit at `now` would be refused, without counting it: `Some(seconds to wait)`.
    pub fn blocked(current: Option<Self>, limit: Limit, now: i64) -> Option<u64> {
        match Self::hit(current, limit, now) {
            Hit::Refused(wait) => Some(wait),
            Hit::Started(_) | Hit::Counted(_) => None,
        }
    }
}

/// Whole seconds from `now` until `ends_at`, rounded up, at least one.
pub fn wait_until(ends_at: i64, now: i64) -> u64 {
    u64::try_from(ends_at.saturating_sub(now).saturating_add(999) / 1000).unwrap_or(0).max(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    const LIMIT: Limit = Limit { max: 2, window_seconds: 60 };
    const NOW: i64 = 1_795_000_000_000;

    #[test]
    fn a_first_hit_starts_a_window_of_the_limits_length() {
        assert_eq!(Window::hit(None, LIMIT, NOW), Hit::Started(Window { hits: 1, ends_at: NOW + 60_000 }));
    }

    #[test]
    fn a_running_window_counts_up_to_max_then_refuses_with_the_wait_rounded_up() {
        let window = Window { hits: 1, ends_at: NOW + 60_000 };
        assert_eq!(Window::hit(Some(window), LIMIT, NOW + 10_000), Hit::Counted(Window { hits: 2, ..window }));
        let full = Window { hits: 2, ..window };
        assert_eq!(Window::hit(Some(full), LIMIT, NOW + 10_000), Hit::Refused(50));
        assert_eq!(Window::hit(Some(full), LIMIT, NOW + 10_001), Hit::Refused(50), "49.999 s is told as 50");
        assert_eq!(Window::hit(Some(full), LIMIT, NOW + 59_999), Hit::Refused(1), "never less than a second");
        assert_eq!(Window::blocked(Some(full), LIMIT, NOW + 10_000), Some(50));
        assert_eq!(Window::blocked(Some(window), LIMIT, NOW + 10_000), None);
    }

    #[test]
    fn a_window_ends_at_its_ends_very_millisecond() {
        let full = Window { hits: 2, ends_at: NOW + 60_000 };
        assert!(full.is_running(NOW + 59_999));
        assert_eq!(Window::hit(Some(full), LIMIT, NOW + 60_000), Hit::Started(Window { hits: 1, ends_at: NOW + 120_000 }));
        assert_eq!(Window::blocked(Some(full), LIMIT, NOW + 60_000), None);
    }

    #[test]
    fn a_daily_cap_lasts_24_hours_from_the_first_hit_whatever_the_hong_kong_date() {
        let daily = Limit { max: 1, window_seconds: 86_400 };
        // 23:59 in Hong Kong (15:59 UTC): a calendar day would end in a minute.
        let late = 1_795_017_540_000;
        let Hit::Started(window) = Window::hit(None, daily, late) else { panic!("a first hit starts a window") };
        assert_eq!(Window::hit(Some(window), daily, late + 120_000), Hit::Refused(86_400 - 120));
        assert_eq!(Window::hit(Some(window), daily, late + 86_400_000), Hit::Started(Window { hits: 1, ends_at: late + 2 * 86_400_000 }));
    }

    #[test]
    fn absurd_lengths_and_times_saturate_instead_of_overflowing() {
        let forever = Limit { max: 1, window_seconds: u64::MAX };
        assert_eq!(forever.window_ms(), i64::MAX / 4);
        assert_eq!(Window::starting(forever, i64::MAX - 1).ends_at, i64::MAX);
        assert_eq!(wait_until(i64::MIN, i64::MAX), 1);
    }
}
