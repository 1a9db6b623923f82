//! Settling an invoice, the reasons and references it keeps, and the fee line.

use chrono::TimeZone;

use super::issuing::fee_line;
use super::*;
use crate::billing::ledger::{FeeBasis, PaymentMethod};
use crate::billing::model::Billable;
use crate::billing::statement::tests::{day, line};
use crate::billing::terms::ServiceFee;
use crate::shared::money::Rate;

fn invoice() -> Invoice {
    Invoice {
        id: 123,
        year: 2026,
        arrangement_id: Uuid::new_v4(),
        case_number: 10234,
        tutor_id: Uuid::new_v4(),
        fee: ServiceFee::of(Rate::from_cents(20_000), 2),
        first_lesson_at: Utc.with_ymd_and_hms(2026, 11, 30, 11, 0, 0).unwrap(),
        issued_at: Utc.with_ymd_and_hms(2026, 12, 1, 2, 0, 0).unwrap(),
        due_on: day("2026-12-08"),
        late: FeeTerms::default().late,
        settled: None,
    }
}

fn paying(cents: i64, on: &str) -> NewLine {
    NewLine {
        kind: LineKind::Payment,
        amount: -cents,
        on: day(on),
        by: "back-office".into(),
        reason: "paid".into(),
        method: Some(PaymentMethod::Fps),
        reference: Some("FRN1".into()),
        key: Some("payment:fps:FRN1".into()),
        recorded_at: Utc::now(),
    }
}

#[test]
fn paying_in_full_settles_and_writes_the_charges_as_accrued() {
    let stored = [line(1, LineKind::Fee, 80_000, day("2026-12-01"))];
    // Day 12 overdue: 12 days' interest (HK$6.31) and the HK$80 penalty.
    let mut new = vec![paying(80_000 + 631 + 8_000, "2026-12-20")];
    let settled = settlement(&invoice(), &stored, &mut new, day("2026-12-20"), Utc::now()).unwrap();
    assert_eq!((settled.how, settled.on, settled.method), (SettledBy::Paid, day("2026-12-20"), Some(PaymentMethod::Fps)));
    let kinds: Vec<_> = new.iter().map(|l| (l.kind, l.amount)).collect();
    assert_eq!(kinds, [(LineKind::Penalty, 8_000), (LineKind::Interest, 631), (LineKind::Payment, -88_631)], "in date order");
    assert_eq!(stored.iter().map(|l| l.amount).sum::<i64>() + new.iter().map(|l| l.amount).sum::<i64>(), 0);
}

#[test]
fn a_part_payment_does_not_settle_and_a_waiver_settles_as_waived() {
    let stored = [line(1, LineKind::Fee, 80_000, day("2026-12-01"))];
    let mut part = vec![paying(50_000, "2026-12-05")];
    assert_eq!(settlement(&invoice(), &stored, &mut part, day("2026-12-05"), Utc::now()), None);
    assert_eq!(part.len(), 1, "nothing written besides the payment");
    let mut waiver =
        vec![NewLine { kind: LineKind::Waiver, amount: -80_000, key: None, method: None, reference: None, ..paying(0, "2026-12-05") }];
    assert_eq!(settlement(&invoice(), &stored, &mut waiver, day("2026-12-05"), Utc::now()).map(|s| s.how), Some(SettledBy::Waived));
}

#[test]
fn with_nothing_new_an_invoice_owing_nothing_is_settled_as_it_stands() {
    // Paid two days late: HK$1.05 of interest is still owed.
    let stored = [line(1, LineKind::Fee, 80_000, day("2026-12-01")), line(2, LineKind::Payment, -80_000, day("2026-12-10"))];
    assert_eq!(settlement(&invoice(), &stored, &mut Vec::new(), day("2026-12-12"), Utc::now()), None);
    // The back office moves the due date to the day of payment: nothing is owed, it settles.
    let moved = Invoice { due_on: day("2026-12-10"), ..invoice() };
    let mut nothing = Vec::new();
    let settled = settlement(&moved, &stored, &mut nothing, day("2026-12-12"), Utc::now()).unwrap();
    assert_eq!((settled.how, settled.on, nothing.len()), (SettledBy::Paid, day("2026-12-12"), 0));
}

fn problem(result: Result<String, BillingError>) -> Option<Problem> {
    match result {
        Err(BillingError::Invalid(errors)) => errors.get("reason").cloned(),
        _ => None,
    }
}

#[test]
fn reasons_and_references_are_required_short_and_plain() {
    let plain = Problem::from(BillingProblem::NotPlainText { max: TEXT_MAX_CHARS });
    assert_eq!(problem(text(" ", "reason", Label::WaiverReason)), Some(Problem::Missing(Label::WaiverReason)));
    assert_eq!(problem(text(&"長".repeat(TEXT_MAX_CHARS + 1), "reason", Label::WaiverReason)), Some(plain.clone()));
    assert_eq!(problem(text("a\u{0}b", "reason", Label::WaiverReason)), Some(plain));
    assert_eq!(text("  導師住院  ", "reason", Label::WaiverReason).unwrap(), "導師住院");
}

#[test]
fn the_fee_line_keeps_its_figures() {
    let billable = Billable {
        arrangement_id: Uuid::nil(),
        case_number: 10234,
        tutor_id: Uuid::nil(),
        fee: ServiceFee::of(Rate::from_cents(30_000), 2),
        first_lesson_at: Utc::now(),
    };
    let line = fee_line(&billable, day("2026-12-01"), Utc::now());
    assert_eq!((line.kind, line.amount), (LineKind::Fee, 120_000));
    assert_eq!(line.reason, LineReason::Fee(FeeBasis { rate_cents: 30_000, per_week: 2, weeks: 4 }));
}
