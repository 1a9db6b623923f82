//! Where "now" comes from. A rule about time is handed a clock instead of reading the system's,
//! so a test can fix the time or move it on (an idle hour, a day) without waiting.

use std::fmt::Debug;
use std::sync::Mutex;

use chrono::{DateTime, Duration, Utc};

pub trait Clock: Send + Sync + Debug {
    fn now(&self) -> DateTime<Utc>;
}

/// The system's clock: what every server runs with.
#[derive(Debug, Default, Clone, Copy)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> DateTime<Utc> {
        Utc::now()
    }
}

/// A clock a test sets and moves on by hand; it stands still in between.
#[derive(Debug)]
pub struct ManualClock(Mutex<DateTime<Utc>>);

impl ManualClock {
    pub fn at(now: DateTime<Utc>) -> Self {
        Self(Mutex::new(now))
    }

    pub fn advance(&self, by: Duration) {
        *self.lock() += by;
    }

    /// Moves the clock to `now` (a test's "on the due date, at ten").
    pub fn set(&self, now: DateTime<Utc>) {
        *self.lock() = now;
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, DateTime<Utc>> {
        self.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

impl Clock for ManualClock {
    fn now(&self) -> DateTime<Utc> {
        *self.lock()
    }
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;

    use super::*;

    #[test]
    fn a_manual_clock_stands_still_until_moved() {
        let start = Utc.with_ymd_and_hms(2026, 11, 27, 12, 0, 0).unwrap();
        let clock = ManualClock::at(start);
        assert_eq!(clock.now(), start);
        clock.advance(Duration::minutes(61));
        assert_eq!(clock.now(), start + Duration::minutes(61));
    }
}
