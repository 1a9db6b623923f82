//! Amounts of money as the back office types them ("800", "HK$1,200.50", "-100"): read exactly
//! into whole cents, never through a float.

use anyhow::bail;

/// HK$100 million: more is a typing mistake.
const MAX_CENTS: i64 = 10_000_000_000;

/// Whole cents of `raw`; a sign only when `signed`.
///
/// # Errors
/// Not an amount of HKD with at most two decimals, zero, or negative when not `signed`.
pub fn parse_cents(raw: &str, signed: bool) -> anyhow::Result<i64> {
    let text = raw.trim().replace([',', ' '], "");
    let (negative, text) = match text.strip_prefix('-') {
        Some(rest) => (true, rest.to_string()),
        None => (false, text),
    };
    let text = text.strip_prefix("HK$").or_else(|| text.strip_prefix('$')).unwrap_or(&text);
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    if whole.is_empty() || !whole.bytes().all(|b| b.is_ascii_digit()) || fraction.len() > 2 || !fraction.bytes().all(|b| b.is_ascii_digit())
    {
        bail!("{raw:?} is not an amount in HKD (e.g. 800 or 1,200.50)");
    }
    let cents = whole.parse::<i64>()?.checked_mul(100).and_then(|c| c.checked_add(format!("{fraction:0<2}").parse::<i64>().ok()?));
    let Some(cents) = cents.filter(|c| *c <= MAX_CENTS) else { bail!("{raw:?} is too large an amount") };
    if cents == 0 {
        bail!("the amount must not be zero");
    }
    if negative && !signed {
        bail!("the amount must be positive");
    }
    Ok(if negative { -cents } else { cents })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_amounts_exactly() {
        assert_eq!(parse_cents("800", false).unwrap(), 80_000);
        assert_eq!(parse_cents("HK$1,200.5", false).unwrap(), 120_050);
        assert_eq!(parse_cents("0.07", false).unwrap(), 7);
        assert_eq!(parse_cents("-100", true).unwrap(), -10_000);
        assert!(parse_cents("-100", false).is_err());
        assert!(parse_cents("1.005", false).is_err());
        assert!(parse_cents("abc", false).is_err());
        assert!(parse_cents("0", false).is_err());
    }
}
