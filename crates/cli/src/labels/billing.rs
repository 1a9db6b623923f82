//! The back office's zh-HK words for billing. A statement line's reason and a refusal read to the
//! clerk exactly as the tutor reads them in zh-HK (the API's words, `tutorhub_http::words`); what
//! only the clerk reads (why an import left a line unmatched) is worded here.

use tutorhub_domain::billing::invoices::{BillingError, Unmatched};
use tutorhub_domain::billing::ledger::LineReason;
use tutorhub_domain::shared::language::Language;
use tutorhub_http::words::Words;

/// A ledger line's reason, as the statement says it.
pub fn line_reason(reason: &LineReason) -> String {
    reason.words(Language::ZhHk)
}

/// Why the import left a statement line for the clerk to check.
pub fn unmatched(why: &Unmatched) -> String {
    match why {
        Unmatched::NotMoneyIn => "不是收款".into(),
        Unmatched::NoInvoiceNumber => "描述中沒有發票號碼".into(),
        Unmatched::SeveralInvoiceNumbers => "描述中有多於一個發票號碼".into(),
        Unmatched::NoSuchInvoice { number } => format!("找不到發票 {number}"),
        Unmatched::Settled { number } => format!("發票 {number} 已結清，請核對是否重複付款"),
        Unmatched::SameDaySameAmount { number } => format!("發票 {number} 已有同日同額的付款紀錄，請核對"),
        Unmatched::Refused(problem) => problem.words(Language::ZhHk),
    }
}

/// A refusal of the service fee's use cases in the clerk's words (zh-HK); a failure of storage
/// keeps its cause.
pub fn billing_error(error: BillingError) -> anyhow::Error {
    match error {
        BillingError::Files(_) | BillingError::Repository(_) => anyhow::Error::new(error),
        refused => anyhow::anyhow!(refused.words(Language::ZhHk)),
    }
}

#[cfg(test)]
mod tests {
    use tutorhub_domain::billing::ledger::{PaymentMethod, PenaltyBasis};
    use tutorhub_domain::shared::validation::{BillingProblem, Problem};

    use super::*;

    #[test]
    fn the_clerk_reads_what_the_import_did_as_before() {
        assert_eq!(unmatched(&Unmatched::NoInvoiceNumber), "描述中沒有發票號碼");
        assert_eq!(unmatched(&Unmatched::NoSuchInvoice { number: "INV-2026-999999".into() }), "找不到發票 INV-2026-999999");
        let same = Unmatched::SameDaySameAmount { number: "INV-2026-000001".into() };
        assert_eq!(unmatched(&same), "發票 INV-2026-000001 已有同日同額的付款紀錄，請核對");
        assert_eq!(unmatched(&Unmatched::Refused(Problem::from(BillingProblem::PaidInFuture))), "付款日期不可在今日之後");
    }

    #[test]
    fn lines_and_refusals_read_in_zh_hk() {
        assert_eq!(line_reason(&LineReason::Payment { method: PaymentMethod::Bank }), "收到銀行轉賬付款");
        let penalty = LineReason::Penalty(PenaltyBasis { day: 11, principal_cents: 80_000, percent: 10 });
        assert_eq!(line_reason(&penalty), "逾期第 11 日：逾期本金 HK$800.00 × 10%（只收一次）");
        assert_eq!(billing_error(BillingError::Settled).to_string(), "這張發票已經結清，不能再更改");
    }
}
