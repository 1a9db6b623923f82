//! How the invoice tables keep dates, counts and line reasons, and how they read back.

use chrono::NaiveDate;
use tutorhub_domain::billing::ledger::{FeeBasis, InterestBasis, LineReason, PaymentMethod, PenaltyBasis, ShortMatchBasis};
use tutorhub_domain::shared::storage::RepositoryError;

use crate::sql::rows::corrupt;

/// A Hong Kong date as stored: `YYYY-MM-DD`, which orders as text.
pub(super) fn day(date: NaiveDate) -> String {
    date.format("%Y-%m-%d").to_string()
}

pub(super) fn parse_day(text: &str, what: &str) -> Result<NaiveDate, RepositoryError> {
    NaiveDate::parse_from_str(text, "%Y-%m-%d").map_err(|_| corrupt(format!("{what}: bad date {text:?}")))
}

pub(super) fn count(value: i64, what: &str) -> Result<u32, RepositoryError> {
    u32::try_from(value).map_err(|_| corrupt(format!("{what}: bad count {value}")))
}

/// A line's reason as the `reason` column keeps it. What the site computed is kept in a stable
/// machine form, `#what name=value …` (`#fee rate_cents=30000 per_week=2 weeks=4`), and worded
/// when read, in the reader's language; what the back office typed is kept as typed.
pub(super) fn stored_reason(reason: &LineReason) -> String {
    match reason {
        LineReason::Fee(f) => format!("#fee rate_cents={} per_week={} weeks={}", f.rate_cents, f.per_week, f.weeks),
        LineReason::ShortMatch(m) => format!(
            "#short-match ended_on={} within_days={} taught={} rate_cents={} fee_cents={} was_cents={}",
            day(m.ended_on),
            m.within_days,
            m.taught,
            m.rate_cents,
            m.fee_cents,
            m.was_cents
        ),
        LineReason::Payment { method } => format!("#payment method={}", method.key()),
        LineReason::Overpayment => "#overpayment".to_string(),
        LineReason::Interest(i) => format!(
            "#interest from={} until={} days={} principal_cents={} bp_per_month={}",
            day(i.from),
            day(i.until),
            i.days,
            i.principal_cents,
            i.bp_per_month
        ),
        LineReason::Penalty(p) => format!("#penalty day={} principal_cents={} percent={}", p.day, p.principal_cents, p.percent),
        LineReason::Text(text) => text.clone(),
    }
}

/// The reason a `reason` column keeps: the machine form when it is exactly one (it is written
/// back identically), otherwise the text as stored. Lines written before the machine form (their
/// reasons worded in zh-HK) and whatever the back office typed read back as [`LineReason::Text`].
pub(super) fn read_reason(stored: String) -> LineReason {
    match machine_reason(&stored) {
        Some(reason) if stored_reason(&reason) == stored => reason,
        _ => LineReason::Text(stored),
    }
}

fn machine_reason(stored: &str) -> Option<LineReason> {
    let mut words = stored.strip_prefix('#')?.split(' ');
    let what = words.next()?;
    let fields: Vec<(&str, &str)> = words.map(|w| w.split_once('=')).collect::<Option<_>>()?;
    let field = |name: &str| fields.iter().find(|(n, _)| *n == name).map(|(_, v)| *v);
    let number = |name: &str| field(name)?.parse::<i64>().ok();
    let small = |name: &str| field(name)?.parse::<u32>().ok();
    let date = |name: &str| field(name)?.parse::<NaiveDate>().ok();
    Some(match what {
        "fee" => LineReason::Fee(FeeBasis { rate_cents: number("rate_cents")?, per_week: small("per_week")?, weeks: small("weeks")? }),
        "short-match" => LineReason::ShortMatch(ShortMatchBasis {
            ended_on: date("ended_on")?,
            within_days: small("within_days")?,
            taught: small("taught")?,
            rate_cents: number("rate_cents")?,
            fee_cents: number("fee_cents")?,
            was_cents: number("was_cents")?,
        }),
        "payment" => LineReason::Payment { method: PaymentMethod::parse(field("method")?)? },
        "overpayment" => LineReason::Overpayment,
        "interest" => LineReason::Interest(InterestBasis {
            from: date("from")?,
            until: date("until")?,
            days: number("days")?,
            principal_cents: number("principal_cents")?,
            bp_per_month: small("bp_per_month")?,
        }),
        "penalty" => LineReason::Penalty(PenaltyBasis {
            day: small("day")?,
            principal_cents: number("principal_cents")?,
            percent: small("percent")?,
        }),
        _ => return None,
    })
}
