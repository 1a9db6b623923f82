//! Fees in Hong Kong dollars.

use std::fmt;

use super::validation::Problem;

/// A fee per lesson in HKD, kept in whole cents so sums and comparisons are exact.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Rate(i64);

impl Rate {
    /// The largest fee per lesson we accept; anything above is a typing mistake.
    pub const MAX_DOLLARS: i64 = 100_000;

    /// Parses a fee given in dollars (at most two decimals, more than zero).
    ///
    /// # Errors
    /// [`Problem::FeeNotPositive`], [`Problem::FeeTooHigh`] or [`Problem::FeeCents`] when the
    /// amount is not a positive fee within range.
    pub fn from_dollars(dollars: f64) -> Result<Self, Problem> {
        if !dollars.is_finite() || dollars <= 0.0 {
            return Err(Problem::FeeNotPositive);
        }
        if dollars > Self::MAX_DOLLARS as f64 {
            return Err(Problem::FeeTooHigh { max_dollars: Self::MAX_DOLLARS });
        }
        let cents = (dollars * 100.0).round();
        if (cents - dollars * 100.0).abs() > 1e-6 {
            return Err(Problem::FeeCents);
        }
        // A positive amount under half a cent rounds to nothing: it is not a fee.
        if cents < 1.0 {
            return Err(Problem::FeeNotPositive);
        }
        Ok(Self(cents as i64))
    }

    pub fn from_cents(cents: i64) -> Self {
        Self(cents)
    }

    pub fn cents(self) -> i64 {
        self.0
    }

    pub fn dollars(self) -> f64 {
        self.0 as f64 / 100.0
    }
}

impl fmt::Display for Rate {
    /// "HK$300", or "HK$300.50" when there are cents.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0 % 100 == 0 { write!(f, "HK${}", self.0 / 100) } else { write!(f, "HK${}.{:02}", self.0 / 100, self.0 % 100) }
    }
}

/// Reads a minimum-fee filter as typed: a non-numeric value is ignored (spec §5).
pub fn parse_min_rate(raw: &str) -> Option<Rate> {
    let dollars: f64 = raw.trim().parse().ok()?;
    // Rounded up to the cent, but not by float noise: 300.1 * 100 is 30010.000000000004, and a
    // minimum of HK$300.1 must keep a case at exactly HK$300.10.
    dollars.is_finite().then(|| Rate::from_cents((dollars * 100.0 - 1e-6).ceil().max(0.0) as i64))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_cents_exactly() {
        assert_eq!(Rate::from_dollars(300.5).unwrap().cents(), 30050);
        assert_eq!(Rate::from_dollars(300.0).unwrap().to_string(), "HK$300");
        assert_eq!(Rate::from_cents(30050).to_string(), "HK$300.50");
    }

    #[test]
    fn refuses_zero_negative_huge_and_fractional_cents() {
        assert!(Rate::from_dollars(0.0).is_err());
        assert!(Rate::from_dollars(-5.0).is_err());
        assert!(Rate::from_dollars(f64::NAN).is_err());
        assert!(Rate::from_dollars(100_001.0).is_err());
        assert!(Rate::from_dollars(1.005).is_err());
    }

    #[test]
    fn a_non_numeric_minimum_is_ignored() {
        assert_eq!(parse_min_rate("abc"), None);
        assert_eq!(parse_min_rate(""), None);
        assert_eq!(parse_min_rate("inf"), None);
        assert_eq!(parse_min_rate(" 250 "), Some(Rate::from_cents(25000)));
    }
}
