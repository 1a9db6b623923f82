//! Line reasons kept in their machine form and read back; older and typed ones kept as stored.

use chrono::NaiveDate;
use tutorhub_domain::billing::ledger::{FeeBasis, InterestBasis, LineReason, PaymentMethod, PenaltyBasis, ShortMatchBasis};

use crate::sql::invoices::stored::{read_reason, stored_reason};

fn date(s: &str) -> NaiveDate {
    s.parse().unwrap()
}

#[test]
fn the_reasons_the_site_computes_are_kept_by_their_figures() {
    let reasons = [
        LineReason::Fee(FeeBasis { rate_cents: 30_000, per_week: 2, weeks: 4 }),
        LineReason::ShortMatch(ShortMatchBasis {
            ended_on: date("2026-12-10"),
            within_days: 28,
            taught: 1,
            rate_cents: 20_000,
            fee_cents: 10_000,
            was_cents: 80_000,
        }),
        LineReason::Payment { method: PaymentMethod::Fps },
        LineReason::Overpayment,
        LineReason::Interest(InterestBasis {
            from: date("2026-12-09"),
            until: date("2026-12-13"),
            days: 5,
            principal_cents: 80_000,
            bp_per_month: 200,
        }),
        LineReason::Penalty(PenaltyBasis { day: 11, principal_cents: 80_000, percent: 10 }),
        LineReason::Text("導師住院，延期".into()),
    ];
    for reason in reasons {
        assert_eq!(read_reason(stored_reason(&reason)), reason);
    }
    let fee = LineReason::Fee(FeeBasis { rate_cents: 30_000, per_week: 2, weeks: 4 });
    assert_eq!(stored_reason(&fee), "#fee rate_cents=30000 per_week=2 weeks=4");
}

#[test]
fn older_lines_and_typed_reasons_read_back_as_stored() {
    for stored in [
        "服務費：每堂 HK$300.00 × 每星期 2 堂 × 4 星期 ÷ 2（首四星期學費的一半）",
        "收到轉數快付款",
        "#1 付款重複",
        "#fee",
        "#fee rate_cents=30000 per_week=2",
        "#fee rate_cents=30000 per_week=2 weeks=4 extra=1",
        "#fee  rate_cents=30000 per_week=2 weeks=4",
        "#payment method=cheque",
    ] {
        assert_eq!(read_reason(stored.to_string()), LineReason::Text(stored.to_string()), "{stored}");
    }
}
