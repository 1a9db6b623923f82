//! What an invoice owes on a given date, line by line, and why: its stored lines up to that
//! date, and the late charges accrued by then.
//!
//! The rules, exactly as our terms say: simple interest at 2% a month on the overdue principal,
//! counted per day as 2% × 12 ÷ 365, from the day after the due date to the day of payment
//! (that day counted); a 10% penalty on the overdue principal, once, on the 11th day overdue.
//! Payments pay the principal first, so interest stops as early as it can; nothing is charged
//! on interest or on the penalty. Each charge line is rounded half up to the cent, once.

use chrono::{Days, NaiveDate};

use crate::billing::ledger::{InterestBasis, Line, LineKind, LineReason, PaymentMethod, PenaltyBasis};
use crate::billing::terms::{LateTerms, divide_half_up};

/// A line of a statement: stored, or accrued by the statement's date.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StatementLine {
    pub kind: LineKind,
    pub on: NaiveDate,
    pub amount: i64,
    pub reason: LineReason,
    pub method: Option<PaymentMethod>,
    pub reference: Option<String>,
    /// Who wrote a stored line (`None` for an accrued charge).
    pub by: Option<String>,
    /// A late charge as it stands on the statement's date, not written yet (it is written
    /// when the invoice is settled).
    pub accrued: bool,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Statement {
    pub on: NaiveDate,
    pub due_on: NaiveDate,
    /// In date order.
    pub lines: Vec<StatementLine>,
    /// The principal still owed (fee and adjustments less credits, payments and waivers).
    pub principal: i64,
    /// The sum of the lines: what is owed on that date (negative: a credit to the tutor).
    pub balance: i64,
    /// Days past the due date while something is owed (0 otherwise).
    pub days_overdue: u32,
}

impl Statement {
    /// Owed and past the day the penalty is added: the tutor may not apply or confirm offers.
    pub fn restricts(&self, late: &LateTerms) -> bool {
        self.balance > 0 && self.days_overdue >= late.penalty_day
    }
}

/// The statement of an invoice due on `due_on`, with these stored lines, on `on`.
pub fn statement(late: &LateTerms, due_on: NaiveDate, stored: &[Line], on: NaiveDate) -> Statement {
    let mut lines: Vec<StatementLine> = stored
        .iter()
        .filter(|l| l.on <= on)
        .map(|l| StatementLine {
            kind: l.kind,
            on: l.on,
            amount: l.amount,
            reason: l.reason.clone(),
            method: l.method,
            reference: l.reference.clone(),
            by: Some(l.by.clone()),
            accrued: false,
        })
        .collect();
    // Charges are written when the invoice is settled, exactly as they had accrued by then: on
    // a date from the last of them on, they are what was written; before, they accrue.
    let written: Vec<&Line> = stored.iter().filter(|l| l.kind.is_charge()).collect();
    if written.is_empty() || written.iter().any(|l| l.on > on) {
        lines.retain(|l| !l.kind.is_charge());
        lines.extend(accrued_charges(late, due_on, stored, on));
    }
    lines.sort_by_key(|l| l.on);
    let principal = lines.iter().filter(|l| !l.kind.is_charge()).map(|l| l.amount).sum::<i64>().max(0);
    let balance = lines.iter().map(|l| l.amount).sum();
    let days_overdue = if balance > 0 && on > due_on { u32::try_from((on - due_on).num_days()).unwrap_or(u32::MAX) } else { 0 };
    Statement { on, due_on, lines, principal, balance, days_overdue }
}

/// The late charges of an invoice due on `due_on`, as they stand on `on`: one interest line per
/// stretch of days the overdue principal stayed the same, and the penalty once it is added.
fn accrued_charges(late: &LateTerms, due_on: NaiveDate, stored: &[Line], on: NaiveDate) -> Vec<StatementLine> {
    let money: Vec<&Line> = stored.iter().filter(|l| !l.kind.is_charge() && l.on <= on).collect();
    // The principal owed at the start of `day`: the lines of that day count from the next.
    let owed_before = |day: NaiveDate| money.iter().filter(|l| l.on < day).map(|l| l.amount).sum::<i64>().max(0);
    let mut charges = Vec::new();
    let first = due_on + Days::new(1);
    if on < first {
        return charges;
    }
    // The principal changes only the day after a line: the stretches run between those days.
    let mut starts: Vec<NaiveDate> = money.iter().map(|l| l.on + Days::new(1)).filter(|d| *d > first && *d <= on).collect();
    starts.push(first);
    starts.sort();
    starts.dedup();
    let mut stretches: Vec<(NaiveDate, NaiveDate, i64)> = Vec::new();
    for (i, &from) in starts.iter().enumerate() {
        let until = starts.get(i + 1).map_or(on, |next| *next - Days::new(1));
        let principal = owed_before(from);
        match stretches.last_mut() {
            Some(last) if last.2 == principal => last.1 = until,
            _ => stretches.push((from, until, principal)),
        }
    }
    for (from, until, principal) in stretches.into_iter().filter(|s| s.2 > 0) {
        let days = (until - from).num_days() + 1;
        let amount = divide_half_up(i128::from(principal) * i128::from(days) * i128::from(late.interest_bp_per_month) * 12, 365 * 10_000);
        charges.push(StatementLine {
            kind: LineKind::Interest,
            on: until,
            amount,
            reason: LineReason::Interest(InterestBasis {
                from,
                until,
                days,
                principal_cents: principal,
                bp_per_month: late.interest_bp_per_month,
            }),
            method: None,
            reference: None,
            by: None,
            accrued: true,
        });
    }
    let penalty_on = due_on + Days::new(u64::from(late.penalty_day));
    let principal = owed_before(penalty_on);
    if on >= penalty_on && principal > 0 {
        charges.push(StatementLine {
            kind: LineKind::Penalty,
            on: penalty_on,
            amount: divide_half_up(i128::from(principal) * i128::from(late.penalty_percent), 100),
            reason: LineReason::Penalty(PenaltyBasis { day: late.penalty_day, principal_cents: principal, percent: late.penalty_percent }),
            method: None,
            reference: None,
            by: None,
            accrued: true,
        });
    }
    charges
}

/// Basis points as a percentage people read: 200 -> "2", 150 -> "1.5".
pub fn percent(basis_points: u32) -> String {
    let whole = basis_points / 100;
    match basis_points % 100 {
        0 => whole.to_string(),
        rest if rest % 10 == 0 => format!("{whole}.{}", rest / 10),
        rest => format!("{whole}.{rest:02}"),
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use chrono::{TimeZone, Utc};
    use proptest::prelude::*;

    use super::*;
    use crate::billing::terms::{FeeTerms, ServiceFee};
    use crate::shared::money::Rate;

    pub fn day(s: &str) -> NaiveDate {
        NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap()
    }

    pub fn line(seq: u32, kind: LineKind, amount: i64, on: NaiveDate) -> Line {
        Line {
            seq,
            kind,
            amount,
            on,
            by: "system".into(),
            reason: kind.key().into(),
            method: None,
            reference: None,
            key: None,
            recorded_at: Utc.timestamp_opt(0, 0).unwrap(),
        }
    }

    fn late() -> LateTerms {
        FeeTerms::default().late
    }

    #[test]
    fn nothing_is_charged_up_to_the_due_date() {
        let fee = [line(1, LineKind::Fee, 80_000, day("2026-12-01"))];
        let s = statement(&late(), day("2026-12-08"), &fee, day("2026-12-08"));
        assert_eq!((s.balance, s.days_overdue, s.lines.len()), (80_000, 0, 1));
    }

    #[test]
    fn interest_by_the_day_and_the_penalty_on_day_eleven() {
        let fee = [line(1, LineKind::Fee, 80_000, day("2026-12-01"))];
        let due = day("2026-12-08");
        // Day 1 overdue: 800 × 0.24 ÷ 365 = HK$0.526… -> 53 cents.
        let one = statement(&late(), due, &fee, day("2026-12-09"));
        assert_eq!((one.balance, one.days_overdue), (80_053, 1));
        // Day 10: 800 × 0.24 × 10 ÷ 365 = HK$5.26 (rounded once, not ten times 53 cents).
        let ten = statement(&late(), due, &fee, day("2026-12-18"));
        assert_eq!(ten.balance, 80_526);
        assert!(!ten.lines.iter().any(|l| l.kind == LineKind::Penalty));
        // Day 11: the 10% penalty, HK$80, and 11 days' interest (HK$5.79).
        let eleven = statement(&late(), due, &fee, day("2026-12-19"));
        assert_eq!(eleven.balance, 80_000 + 579 + 8_000);
        assert!(eleven.restricts(&late()));
        assert!(!ten.restricts(&late()));
    }

    #[test]
    fn a_part_payment_lowers_the_principal_from_the_next_day() {
        let mut lines = vec![line(1, LineKind::Fee, 80_000, day("2026-12-01"))];
        lines.push(line(2, LineKind::Payment, -50_000, day("2026-12-13")));
        let s = statement(&late(), day("2026-12-08"), &lines, day("2026-12-23"));
        let interest: Vec<_> = s.lines.iter().filter(|l| l.kind == LineKind::Interest).map(|l| l.amount).collect();
        // 9th to 13th on HK$800 (5 days, the day of payment counted), then 14th to 23rd on HK$300.
        assert_eq!(interest, [263, 197]);
        let penalty = s.lines.iter().find(|l| l.kind == LineKind::Penalty).unwrap();
        assert_eq!(penalty.amount, 3_000, "10% of the HK$300 still overdue on day 11");
        assert_eq!(s.balance, 30_000 + 263 + 197 + 3_000);
    }

    #[test]
    fn written_charges_replace_the_accrued_ones() {
        let mut lines = vec![line(1, LineKind::Fee, 80_000, day("2026-12-01"))];
        lines.push(line(2, LineKind::Interest, 105, day("2026-12-10")));
        lines.push(line(3, LineKind::Payment, -80_105, day("2026-12-10")));
        let s = statement(&late(), day("2026-12-08"), &lines, day("2027-03-01"));
        assert_eq!((s.balance, s.days_overdue, s.lines.len()), (0, 0, 3));
    }

    #[test]
    fn charges_say_how_they_were_computed() {
        let fee = [line(1, LineKind::Fee, 80_000, day("2026-12-01"))];
        let s = statement(&late(), day("2026-12-08"), &fee, day("2026-12-20"));
        let reasons: Vec<_> = s.lines.iter().filter(|l| l.accrued).map(|l| l.reason.clone()).collect();
        let penalty = PenaltyBasis { day: 11, principal_cents: 80_000, percent: 10 };
        let interest =
            InterestBasis { from: day("2026-12-09"), until: day("2026-12-20"), days: 12, principal_cents: 80_000, bp_per_month: 200 };
        assert_eq!(reasons, [LineReason::Penalty(penalty), LineReason::Interest(interest)], "in date order");
    }

    #[test]
    fn percentages_read_naturally() {
        assert_eq!((percent(200), percent(150), percent(125)), ("2".into(), "1.5".into(), "1.25".into()));
    }

    fn money_line() -> impl Strategy<Value = (LineKind, i64, u64)> {
        (prop_oneof![Just(LineKind::Payment), Just(LineKind::Adjustment), Just(LineKind::Waiver)], -100_000i64..100_000, 0u64..80)
    }

    proptest! {
        /// Interest grows (never shrinks) with the days while nothing is paid.
        #[test]
        fn interest_grows_with_the_days(fee in 1i64..10_000_000, days in 0u64..400) {
            let lines = [line(1, LineKind::Fee, fee, day("2026-12-01"))];
            let due = day("2026-12-08");
            let a = statement(&late(), due, &lines, due + Days::new(days));
            let b = statement(&late(), due, &lines, due + Days::new(days + 1));
            prop_assert!(b.balance >= a.balance);
            prop_assert!(b.balance > fee || fee * 24 < 36_500, "a day overdue costs something unless the fee is tiny");
        }

        /// The penalty is there from day 11 overdue on, never before, and only once.
        #[test]
        fn the_penalty_appears_on_day_eleven(fee in 1i64..10_000_000, days in 0u64..60) {
            let lines = [line(1, LineKind::Fee, fee, day("2026-12-01"))];
            let s = statement(&late(), day("2026-12-08"), &lines, day("2026-12-08") + Days::new(days));
            let penalties = s.lines.iter().filter(|l| l.kind == LineKind::Penalty).count();
            prop_assert_eq!(penalties, usize::from(days >= 11));
        }

        /// Whatever is recorded, the balance is the sum of the lines, and charges never count
        /// on charges: they are at most the interest and penalty on the largest principal.
        #[test]
        fn lines_always_sum_to_the_balance(fee in 1i64..10_000_000, extra in proptest::collection::vec(money_line(), 0..6), days in 0u64..200) {
            let mut lines = vec![line(1, LineKind::Fee, fee, day("2026-12-01"))];
            for (i, (kind, amount, after)) in extra.into_iter().enumerate() {
                lines.push(line(i as u32 + 2, kind, amount, day("2026-12-01") + Days::new(after)));
            }
            let on = day("2026-12-08") + Days::new(days);
            let s = statement(&late(), day("2026-12-08"), &lines, on);
            prop_assert_eq!(s.balance, s.lines.iter().map(|l| l.amount).sum::<i64>());
            let largest = lines.iter().map(|d| lines.iter().filter(|l| l.on <= d.on).map(|l| l.amount).sum::<i64>()).max().unwrap().max(0);
            let charges: i64 = s.lines.iter().filter(|l| l.kind.is_charge()).map(|l| l.amount).sum();
            let ceiling = divide_half_up(i128::from(largest) * i128::from(days) * 24, 36_500) + largest / 10 + 2 * 80;
            prop_assert!(charges >= 0 && charges <= ceiling, "{charges} > {ceiling}");
        }

        /// A short match never costs more than the full fee.
        #[test]
        fn a_short_match_never_costs_more(cents in 1i64..10_000_000, per_week in 1u32..=7, lessons in 0u32..60) {
            let fee = ServiceFee::of(Rate::from_cents(cents), per_week);
            prop_assert!(fee.short_match(lessons) <= fee.amount);
            prop_assert!(fee.short_match(lessons) >= 0);
        }
    }
}
