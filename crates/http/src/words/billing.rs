//! The words of billing: its validation problems, its failures and the reasons of the ledger's
//! lines (the statement a tutor reads), in both languages.

use chrono::NaiveDate;
use tutorhub_domain::billing::invoices::{BillingError, PROOFS_PER_INVOICE};
use tutorhub_domain::billing::ledger::{FeeBasis, InterestBasis, LineReason, PaymentMethod, PenaltyBasis, ShortMatchBasis};
use tutorhub_domain::billing::statement::percent;
use tutorhub_domain::billing::terms::hkd;
use tutorhub_domain::shared::language::Language::{self, En, ZhHk};
use tutorhub_domain::shared::validation::{BillingProblem, ValidationErrors};

use super::{InputWords, Words, pick};

impl Words for BillingProblem {
    fn words(&self, language: Language) -> String {
        match *self {
            Self::NotPlainText { max } => pick(
                language,
                format!("最多 {max} 個字，且不可有控制字元"),
                format!("At most {max} characters, with no control characters."),
            ),
            Self::PaymentNotPositive => pick(language, "付款金額必須大於 0", "The payment must be more than 0."),
            Self::RefundNotPositive => pick(language, "退款金額必須大於 0", "The refund must be more than 0."),
            Self::AdjustmentZero => pick(language, "調整金額不可為 0", "The adjustment cannot be 0."),
            Self::PaidInFuture => pick(language, "付款日期不可在今日之後", "The payment date cannot be after today."),
        }
    }
}

impl Words for BillingError {
    fn words(&self, language: Language) -> String {
        match self {
            Self::NotFound => pick(language, "找不到這張發票", "This invoice was not found."),
            Self::Invalid(errors) => first_problem(errors, language),
            Self::Settled => pick(language, "這張發票已經結清，不能再更改", "This invoice is settled and can no longer be changed."),
            Self::NoReceipt => {
                pick(language, "這張發票尚未全數繳清，未有收據", "This invoice is not paid in full yet, so there is no receipt.")
            }
            Self::NothingOwed => {
                pick(language, "這張發票現時沒有欠款，毋須豁免", "Nothing is owed on this invoice, so there is nothing to waive.")
            }
            Self::RefundTooLarge(cents) => pick(
                language,
                format!("退款不可多於可退還的餘額（{}）", hkd(*cents)),
                format!("The refund cannot be more than the balance that can be refunded ({}).", hkd(*cents)),
            ),
            Self::TooManyProofs => pick(
                language,
                format!("每張發票最多可上載 {PROOFS_PER_INVOICE} 份付款證明"),
                format!("You can upload at most {PROOFS_PER_INVOICE} proofs of payment for each invoice."),
            ),
            Self::Upload(e) => e.words(language),
            Self::Busy => pick(language, "這張發票剛有其他更新，請再試一次", "This invoice was updated just now. Please try again."),
            Self::Files(_) | Self::Repository(_) => InputWords::Internal.words(language),
        }
    }
}

/// The first problem of a refused submission, for an answer of one line (the API lists every
/// field's problem beside it, see `ApiError::invalid`).
pub(super) fn first_problem(errors: &ValidationErrors, language: Language) -> String {
    errors.fields().first().map_or_else(|| InputWords::Incorrect.words(language), |e| e.problem.words(language))
}

/// A ledger line's reason: how the site computed it, or what the back office typed (and an older
/// line's stored words), as it is.
impl Words for LineReason {
    fn words(&self, language: Language) -> String {
        match self {
            Self::Fee(fee) => fee_basis(fee, language),
            Self::ShortMatch(short) => short_match(short, language),
            Self::Payment { method } => match method {
                PaymentMethod::Fps => pick(language, "收到轉數快付款", "FPS payment received"),
                PaymentMethod::Bank => pick(language, "收到銀行轉賬付款", "Bank transfer received"),
                PaymentMethod::Cash => pick(language, "收到現金付款", "Cash payment received"),
            },
            Self::Overpayment => pick(language, "退還多付的款項", "Overpayment refunded"),
            Self::Interest(interest) => interest_basis(interest, language),
            Self::Penalty(penalty) => penalty_basis(penalty, language),
            Self::Text(text) => text.clone(),
        }
    }
}

/// "HK$300.00 per lesson × 2 lessons a week × 4 weeks ÷ 2".
fn fee_basis(fee: &FeeBasis, language: Language) -> String {
    let FeeBasis { rate_cents, per_week, weeks } = *fee;
    match language {
        ZhHk => {
            format!("服務費：每堂 {} × 每星期 {per_week} 堂 × {weeks} 星期 ÷ 2（首{}星期學費的一半）", hkd(rate_cents), zh_count(weeks))
        }
        En => format!(
            "Service fee: {} per lesson × {per_week} {} a week × {weeks} {} ÷ 2 (half the tuition of the first {weeks} {})",
            hkd(rate_cents),
            plural(per_week.into(), "lesson", "lessons"),
            plural(weeks.into(), "week", "weeks"),
            plural(weeks.into(), "week", "weeks"),
        ),
    }
}

fn short_match(short: &ShortMatchBasis, language: Language) -> String {
    let ShortMatchBasis { ended_on, within_days, taught, rate_cents, fee_cents, was_cents } = *short;
    let (rate, fee, was) = (hkd(rate_cents), hkd(fee_cents), hkd(was_cents));
    match language {
        ZhHk => {
            let outcome = if short.lowered() {
                format!("，服務費由 {was} 減至 {fee}")
            } else {
                "，已達全數服務費，維持不變".to_string()
            };
            format!("{ended_on} 結束，配對在第一堂後 {within_days} 日內結束：已確認 {taught} 堂 × {rate} ÷ 2 = {fee}{outcome}")
        }
        En => {
            let outcome = if short.lowered() {
                format!("; the service fee comes down from {was} to {fee}")
            } else {
                "; that reaches the full service fee, which stays the same".to_string()
            };
            format!(
                "Ended on {}, within {within_days} days of the first lesson: {taught} confirmed {} × {rate} ÷ 2 = {fee}{outcome}",
                en_date(ended_on),
                plural(taught.into(), "lesson", "lessons")
            )
        }
    }
}

fn interest_basis(interest: &InterestBasis, language: Language) -> String {
    let InterestBasis { from, until, days, principal_cents, bp_per_month } = *interest;
    let (principal, rate) = (hkd(principal_cents), percent(bp_per_month));
    match language {
        ZhHk => format!("{from} 至 {until}（{days} 日）：逾期本金 {principal} × 每月 {rate}% × 12 ÷ 365 × {days}"),
        En => format!(
            "{} to {} ({days} {}): overdue principal {principal} × {rate}% a month × 12 ÷ 365 × {days}",
            en_date(from),
            en_date(until),
            plural(days, "day", "days")
        ),
    }
}

fn penalty_basis(penalty: &PenaltyBasis, language: Language) -> String {
    let PenaltyBasis { day, principal_cents, percent: share } = *penalty;
    let principal = hkd(principal_cents);
    pick(
        language,
        format!("逾期第 {day} 日：逾期本金 {principal} × {share}%（只收一次）"),
        format!("Day {day} overdue: overdue principal {principal} × {share}% (charged once)"),
    )
}

/// "1 Dec 2026".
fn en_date(date: NaiveDate) -> String {
    date.format("%-d %b %Y").to_string()
}

fn plural(count: i64, one: &'static str, many: &'static str) -> &'static str {
    if count == 1 { one } else { many }
}

/// "四" for 4: a small count as a zh-HK phrase writes it ("首四星期"); larger ones as figures.
fn zh_count(n: u32) -> String {
    const DIGITS: [&str; 10] = ["一", "二", "三", "四", "五", "六", "七", "八", "九", "十"];
    match n {
        1..=10 => DIGITS[n as usize - 1].to_string(),
        _ => format!(" {n} "),
    }
}

#[cfg(test)]
mod tests {
    use tutorhub_domain::shared::validation::{Label, Problem};

    use super::*;

    fn day(s: &str) -> NaiveDate {
        s.parse().unwrap()
    }

    #[test]
    fn statement_lines_read_as_they_were_stored_in_zh_hk_and_in_english() {
        let fee = LineReason::Fee(FeeBasis { rate_cents: 30_000, per_week: 2, weeks: 4 });
        assert_eq!(fee.words(ZhHk), "服務費：每堂 HK$300.00 × 每星期 2 堂 × 4 星期 ÷ 2（首四星期學費的一半）");
        assert_eq!(
            fee.words(En),
            "Service fee: HK$300.00 per lesson × 2 lessons a week × 4 weeks ÷ 2 (half the tuition of the first 4 weeks)"
        );
        let penalty = LineReason::Penalty(PenaltyBasis { day: 11, principal_cents: 80_000, percent: 10 });
        assert_eq!(penalty.words(ZhHk), "逾期第 11 日：逾期本金 HK$800.00 × 10%（只收一次）");
        assert_eq!(penalty.words(En), "Day 11 overdue: overdue principal HK$800.00 × 10% (charged once)");
        let interest = LineReason::Interest(InterestBasis {
            from: day("2026-12-09"),
            until: day("2026-12-13"),
            days: 5,
            principal_cents: 80_000,
            bp_per_month: 200,
        });
        assert_eq!(interest.words(ZhHk), "2026-12-09 至 2026-12-13（5 日）：逾期本金 HK$800.00 × 每月 2% × 12 ÷ 365 × 5");
        assert_eq!(interest.words(En), "9 Dec 2026 to 13 Dec 2026 (5 days): overdue principal HK$800.00 × 2% a month × 12 ÷ 365 × 5");
        let payment = LineReason::Payment { method: PaymentMethod::Fps };
        assert_eq!((payment.words(ZhHk), payment.words(En)), ("收到轉數快付款".into(), "FPS payment received".into()));
        let typed = LineReason::Text("導師住院，延期".into());
        assert_eq!((typed.words(ZhHk), typed.words(En)), ("導師住院，延期".into(), "導師住院，延期".into()), "as typed");
    }

    #[test]
    fn a_short_match_says_what_was_taught() {
        let short = ShortMatchBasis {
            ended_on: day("2026-12-10"),
            within_days: 28,
            taught: 1,
            rate_cents: 20_000,
            fee_cents: 10_000,
            was_cents: 80_000,
        };
        assert_eq!(
            LineReason::ShortMatch(short).words(ZhHk),
            "2026-12-10 結束，配對在第一堂後 28 日內結束：已確認 1 堂 × HK$200.00 ÷ 2 = HK$100.00，服務費由 HK$800.00 減至 HK$100.00"
        );
        assert_eq!(
            LineReason::ShortMatch(short).words(En),
            "Ended on 10 Dec 2026, within 28 days of the first lesson: 1 confirmed lesson × HK$200.00 ÷ 2 = HK$100.00; \
             the service fee comes down from HK$800.00 to HK$100.00"
        );
        let full = ShortMatchBasis { taught: 8, fee_cents: 80_000, ..short };
        assert!(LineReason::ShortMatch(full).words(ZhHk).ends_with("= HK$800.00，已達全數服務費，維持不變"));
    }

    #[test]
    fn refusals_read_as_before_in_zh_hk_and_have_english() {
        assert_eq!(BillingError::Settled.words(ZhHk), "這張發票已經結清，不能再更改");
        assert_eq!(BillingError::RefundTooLarge(20_000).words(ZhHk), "退款不可多於可退還的餘額（HK$200.00）");
        assert_eq!(BillingError::TooManyProofs.words(ZhHk), "每張發票最多可上載 5 份付款證明");
        assert_eq!(BillingError::TooManyProofs.words(En), "You can upload at most 5 proofs of payment for each invoice.");
        let missing = BillingError::Invalid(ValidationErrors::single("reference", Problem::Missing(Label::FpsReference)));
        assert_eq!((missing.words(ZhHk), missing.words(En)), ("請填寫轉數快的參考編號".into(), "Please fill in the FPS reference.".into()));
        assert_eq!(BillingProblem::NotPlainText { max: 200 }.words(ZhHk), "最多 200 個字，且不可有控制字元");
        assert_eq!(BillingProblem::PaidInFuture.words(En), "The payment date cannot be after today.");
    }
}
