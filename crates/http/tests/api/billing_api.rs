//! The service fee over HTTP: stated on the case page and with the offer before the tutor
//! confirms; invoiced once the first lesson is confirmed; seen by its tutor only (404 for
//! anyone else); paid by FPS with a code that parses back; proofs checked by their content;
//! receipted once paid in full; and a tutor overdue past the penalty day cannot apply or
//! confirm until it is paid.

use std::sync::Arc;

use chrono::{Duration, Utc};
use poem::http::StatusCode;
use poem::test::{TestForm, TestFormField};
use serde_json::{Value, json};
use tutorhub_domain::billing::fps;
use tutorhub_domain::billing::invoices::{MoneyIn, Recorded};
use tutorhub_domain::billing::ledger::PaymentMethod;
use tutorhub_domain::shared::clock::{Clock, ManualClock};

use crate::support::api::{approve, at_seven_pm, call, matched, posted_case};
use crate::support::{TestApp, member};

/// HK$300 a lesson, twice a week (the tests' case): HK$300 × 2 × 4 ÷ 2.
const FEE_CENTS: i64 = 120_000;

const PNG: &[u8] = &[0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13];

/// A confirmed match whose first lesson the family confirmed: (owner, tutor, other, invoice number).
async fn invoiced(app: &TestApp, clock: &ManualClock) -> (String, String, String, String) {
    let (owner, tutor, other, arrangement) = matched(app, clock, &[]).await;
    clock.advance(Duration::days(2));
    let lesson = json!({"startsAt": at_seven_pm(clock.now(), -1), "minutes": 90});
    let (_, lesson) = call(app, "POST", &format!("/arrangements/{arrangement}/lessons"), Some(&tutor), Some(lesson)).await;
    let (_, list) = call(app, "GET", "/invoices", Some(&tutor), None).await;
    assert_eq!(list["invoices"], json!([]), "nothing is due before a lesson is confirmed");
    let (status, _) = call(app, "POST", &format!("/lessons/{}/confirm", lesson["number"]), Some(&owner), None).await;
    assert_eq!(status, StatusCode::OK);
    let (_, list) = call(app, "GET", "/invoices", Some(&tutor), None).await;
    let number = list["invoices"][0]["number"].as_str().expect("issued when the family confirmed").to_string();
    (owner, tutor, other, number)
}

fn money(cents: i64, method: PaymentMethod, reference: &str) -> MoneyIn<'_> {
    MoneyIn { cents, method, reference, on: None, by: "amy" }
}

async fn upload(app: &TestApp, token: &str, number: &str, bytes: &[u8], content_type: &str) -> (StatusCode, Value) {
    let form = TestForm::new()
        .field(TestFormField::bytes(bytes.to_vec()).name("file").filename("proof").content_type(content_type))
        .field(TestFormField::text("FPS-20261201-8812").name("reference"))
        .field(TestFormField::text("0").name("balanceCents"));
    let response = app
        .client
        .post(format!("/invoices/{number}/proofs"))
        .header("Authorization", format!("Bearer {token}"))
        .multipart(form)
        .send()
        .await;
    let status = response.0.status();
    let text = response.0.into_body().into_string().await.unwrap();
    (status, serde_json::from_str(&text).unwrap_or(Value::Null))
}

#[tokio::test]
async fn the_fee_is_stated_first_invoiced_after_the_first_lesson_and_seen_by_its_tutor_only() {
    let clock = Arc::new(ManualClock::at(Utc::now()));
    let app = crate::support::spawn_with_clock(clock.clone()).await;
    let (owner, tutor, other, number) = invoiced(&app, &clock).await;

    // Stated before: on the case page and with the offer, at the agreed fee.
    let (_, applied) = call(&app, "GET", "/cases/applied", Some(&tutor), None).await;
    assert_eq!(applied["items"][0]["serviceFee"]["amountCents"], json!(FEE_CENTS));
    let case = applied["items"][0]["case"]["caseId"].as_i64().unwrap();
    let (_, page) = call(&app, "GET", &format!("/cases/{case}"), Some(&tutor), None).await;
    assert_eq!(
        page["serviceFee"],
        json!({"amountCents": FEE_CENTS, "feePerLessonCents": 30_000, "lessonsPerWeek": 2, "shareWeeks": 4, "sharePercent": 50})
    );

    // The invoice: its number, due in 7 days, the fee line explained.
    assert!(number.starts_with("INV-20") && number.len() == 15, "{number}");
    let path = format!("/invoices/{number}");
    let (status, invoice) = call(&app, "GET", &path, Some(&tutor), None).await;
    assert_eq!((status, invoice["status"].as_str(), invoice["balanceCents"].as_i64()), (StatusCode::OK, Some("open"), Some(FEE_CENTS)));
    assert_eq!(invoice["lines"][0]["kind"], "fee");
    assert!(invoice["lines"][0]["reason"].as_str().unwrap().contains("HK$300.00 × 每星期 2 堂"), "{invoice}");
    assert!(crate::support::sms_outbox(&app).iter().any(|(to, body)| to == "+85263456789" && body.contains(&number)));

    // Nobody else learns it exists; no client sets an amount.
    assert_eq!(call(&app, "GET", &path, None, None).await.0, StatusCode::UNAUTHORIZED);
    for token in [&owner, &other] {
        assert_eq!(call(&app, "GET", &path, Some(token), None).await.0, StatusCode::NOT_FOUND);
        assert_eq!(call(&app, "GET", &format!("{path}/receipt"), Some(token), None).await.0, StatusCode::NOT_FOUND);
        assert_eq!(upload(&app, token, &number, PNG, "image/png").await.0, StatusCode::NOT_FOUND);
        assert_eq!(call(&app, "GET", "/invoices", Some(token), None).await.1["invoices"], json!([]));
    }
    assert_eq!(call(&app, "GET", "/invoices/INV-2026-999999", Some(&tutor), None).await.0, StatusCode::NOT_FOUND);
    assert_eq!(call(&app, "GET", "/invoices/not-a-number", Some(&tutor), None).await.0, StatusCode::NOT_FOUND);

    // FPS: the code parses back, CRC checked, for the amount due, with the invoice number.
    let payload = invoice["fps"]["payload"].as_str().unwrap();
    let fields = fps::parse(payload).unwrap();
    let field = |id: &str| fields.iter().find(|(k, _)| k == id).unwrap().1.clone();
    assert_eq!((field("53"), field("54")), ("344".to_string(), "1200".to_string()));
    assert_eq!(fps::fields(&field("62")).unwrap(), [("01".to_string(), number.clone())]);
    assert!(invoice["fps"]["svg"].as_str().unwrap().starts_with("<?xml") || invoice["fps"]["svg"].as_str().unwrap().starts_with("<svg"));

    // Proofs are checked by their content, whatever the client claims; extra fields change nothing.
    let (status, body) = upload(&app, &tutor, &number, b"<html>not an image</html>", "image/png").await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert!(body["errors"][0]["message"].as_str().unwrap().contains("付款證明只接受"));
    let (status, body) = upload(&app, &tutor, &number, PNG, "image/png").await;
    assert_eq!((status, body["proofs"][0]["reference"].as_str()), (StatusCode::OK, Some("FPS-20261201-8812")), "{body}");
    assert_eq!(body["balanceCents"], json!(FEE_CENTS));
    // A phone's screenshot of 3 MB is taken; one over 5 MB is not.
    let mut screenshot = PNG.to_vec();
    screenshot.resize(3 * 1024 * 1024, 0);
    assert_eq!(upload(&app, &tutor, &number, &screenshot, "image/png").await.0, StatusCode::OK);
    screenshot.resize(5 * 1024 * 1024 + 1, 0);
    let (status, body) = upload(&app, &tutor, &number, &screenshot, "image/png").await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{body}");

    // Paid in full: once per reference, then a receipt.
    let (status, body) = call(&app, "GET", &format!("{path}/receipt"), Some(&tutor), None).await;
    assert_eq!((status, body["code"].as_str()), (StatusCode::CONFLICT, Some("ILLEGAL_TRANSITION")));
    let recorded = app.billing.record_payment(&number, money(FEE_CENTS, PaymentMethod::Fps, "FPS-20261201-8812")).await.unwrap();
    assert!(matches!(recorded, Recorded::New(_)));
    // The same reference again, whatever the case or the method said: one payment.
    let again = app.billing.record_payment(&number, money(FEE_CENTS, PaymentMethod::Bank, "fps-20261201-8812")).await.unwrap();
    assert!(matches!(again, Recorded::Already(ref n) if *n == number));
    let (status, receipt) = call(&app, "GET", &format!("{path}/receipt"), Some(&tutor), None).await;
    assert_eq!((status, receipt["status"].as_str(), receipt["balanceCents"].as_i64()), (StatusCode::OK, Some("paid"), Some(0)));
    assert!(receipt["receiptNumber"].as_str().unwrap().starts_with("RCT-"));
    assert!(receipt.get("fps").is_none(), "nothing to pay");
    assert!(crate::support::sms_outbox(&app).iter().any(|(to, body)| to == "+85263456789" && body.contains("/receipt")));
}

#[tokio::test]
async fn a_tutor_overdue_past_the_penalty_day_cannot_apply_or_confirm_until_paid() {
    // Ten in the morning, Hong Kong time: an offer made then is still open after midnight.
    let today = (Utc::now() + Duration::hours(8)).date_naive();
    let clock = Arc::new(ManualClock::at(chrono::DateTime::parse_from_rfc3339(&format!("{today}T10:00:00+08:00")).unwrap().to_utc()));
    let app = crate::support::spawn_with_clock(clock.clone()).await;
    let (_, tutor, _, number) = invoiced(&app, &clock).await;
    let (_, owner) = member(&app, "何太", "93456789").await;
    let apply = |case: i64| json!({"caseId": case, "availableTimes": "平日晚上"});

    // Due in 7 days; on the 10th day overdue the tutor may still apply.
    clock.advance(Duration::days(17));
    let first = posted_case(&app, &owner).await;
    approve(&app, first).await;
    let (status, body) = call(&app, "POST", "/cases/apply", Some(&tutor), Some(apply(first))).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let waiting = posted_case(&app, &owner).await;
    approve(&app, waiting).await;
    assert_eq!(call(&app, "POST", "/cases/apply", Some(&tutor), Some(apply(waiting))).await.0, StatusCode::OK);
    let application = |case: i64| {
        let (app, owner) = (&app, &owner);
        async move {
            call(app, "GET", &format!("/cases/{case}/applications"), Some(owner), None).await.1["items"][0]["id"]
                .as_str()
                .unwrap()
                .to_string()
        }
    };
    let id = application(first).await;
    assert_eq!(
        call(&app, "POST", &format!("/cases/{first}/applications/{id}/select"), Some(&owner), Some(json!({}))).await.0,
        StatusCode::OK
    );
    let (_, invoice) = call(&app, "GET", &format!("/invoices/{number}"), Some(&tutor), None).await;
    assert_eq!((invoice["status"].as_str(), invoice["daysOverdue"].as_u64()), (Some("overdue"), Some(10)));
    assert!(!invoice["lines"].as_array().unwrap().iter().any(|l| l["kind"] == "penalty"));

    // Day 11 (half past midnight): the penalty, and the restriction, with the invoice named.
    clock.advance(Duration::minutes(14 * 60 + 30));
    let (_, invoice) = call(&app, "GET", &format!("/invoices/{number}"), Some(&tutor), None).await;
    let penalty = invoice["lines"].as_array().unwrap().iter().find(|l| l["kind"] == "penalty").cloned().unwrap();
    assert_eq!((penalty["amountCents"].as_i64(), penalty["accrued"].as_bool()), (Some(FEE_CENTS / 10), Some(true)));
    let second = posted_case(&app, &owner).await;
    approve(&app, second).await;
    let (status, body) = call(&app, "POST", "/cases/apply", Some(&tutor), Some(apply(second))).await;
    assert_eq!((status, body["code"].as_str()), (StatusCode::FORBIDDEN, Some("INVOICE_OVERDUE")), "{body}");
    assert!(body["error"].as_str().unwrap().contains(&number));
    // Nor confirm the offer made the day before; nor is another offered, the reason untold.
    let other = application(waiting).await;
    let (status, body) = call(&app, "POST", &format!("/cases/{waiting}/applications/{other}/select"), Some(&owner), Some(json!({}))).await;
    assert_eq!((status, body["code"].as_str()), (StatusCode::CONFLICT, Some("TUTOR_UNAVAILABLE")));
    assert!(!body.to_string().contains(&number) && !body.to_string().contains("發票"), "{body}");
    let confirm = json!({"firstLessonAt": at_seven_pm(clock.now(), 2)});
    let (status, body) = call(&app, "POST", &format!("/cases/applied/{id}/confirm"), Some(&tutor), Some(confirm.clone())).await;
    assert_eq!((status, body["code"].as_str()), (StatusCode::FORBIDDEN, Some("INVOICE_OVERDUE")));

    // Paid, charges and all: free to work again.
    let owed = invoice["balanceCents"].as_i64().unwrap();
    assert!(owed > FEE_CENTS + FEE_CENTS / 10, "interest for 11 days on top: {owed}");
    app.billing.record_payment(&number, money(owed, PaymentMethod::Bank, "BANK-REF-1")).await.unwrap();
    let (status, _) = call(&app, "POST", &format!("/cases/applied/{id}/confirm"), Some(&tutor), Some(confirm)).await;
    assert_eq!(status, StatusCode::OK);
    let (_, paid) = call(&app, "GET", &format!("/invoices/{number}"), Some(&tutor), None).await;
    assert_eq!((paid["status"].as_str(), paid["balanceCents"].as_i64()), (Some("paid"), Some(0)));
    let written: Vec<_> = paid["lines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| (l["kind"].as_str().unwrap().to_string(), l["accrued"].as_bool().unwrap()))
        .collect();
    assert!(written.iter().all(|(_, accrued)| !accrued), "settled: the charges are written lines now: {written:?}");
    assert!(written.iter().any(|(kind, _)| kind == "interest") && written.iter().any(|(kind, _)| kind == "penalty"));
}

#[tokio::test]
async fn two_servers_issue_one_invoice_and_send_each_reminder_once() {
    let clock = Arc::new(ManualClock::at(Utc::now()));
    let app = crate::support::spawn_with_clock(clock.clone()).await;
    let (_, tutor, _, arrangement) = matched(&app, &clock, &[]).await;
    clock.advance(Duration::days(2));
    let lesson = json!({"startsAt": at_seven_pm(clock.now(), -1), "minutes": 60});
    let (status, _) = call(&app, "POST", &format!("/arrangements/{arrangement}/lessons"), Some(&tutor), Some(lesson)).await;
    assert_eq!(status, StatusCode::OK);
    // Confirmed by the 72 hours passing, not on the site: the jobs issue the invoice.
    clock.advance(Duration::hours(72));
    assert_eq!(app.lesson_record.confirm_unanswered().await.unwrap(), 1);
    let (one, two) = (app.billing.clone(), crate::support::second_server(&app, clock.clone()).billing());
    let (a, b) = tokio::join!(one.issue_due(), two.issue_due());
    assert_eq!(a.unwrap() + b.unwrap(), 1);
    let (_, list) = call(&app, "GET", "/invoices", Some(&tutor), None).await;
    let number = list["invoices"][0]["number"].as_str().unwrap().to_string();
    let due: chrono::NaiveDate = list["invoices"][0]["dueOn"].as_str().unwrap().parse().unwrap();
    let texts = |needle: &str| {
        crate::support::sms_outbox(&app)
            .iter()
            .filter(|(to, body)| to == "+85263456789" && body.contains(&number) && body.contains(needle))
            .count()
    };
    assert_eq!(texts("已發出"), 1);

    // Two days before the due date, at ten in the morning: one reminder, from either server.
    let morning = |day: chrono::NaiveDate| chrono::DateTime::parse_from_rfc3339(&format!("{day}T10:00:00+08:00")).unwrap().to_utc();
    clock.set(morning(due - chrono::Days::new(2)));
    let (a, b) = tokio::join!(one.remind(), two.remind());
    assert_eq!((a.unwrap() + b.unwrap(), texts("兩日後到期")), (1, 1));
    let (a, b) = tokio::join!(one.remind(), two.remind());
    assert_eq!(a.unwrap() + b.unwrap(), 0, "once per due date");
    // On the due date, and on days 3 and 11 overdue; none between.
    for (day, needle) in [(0, "今日到期"), (1, ""), (3, "正計算逾期利息"), (11, "加收罰款")] {
        clock.set(morning(due + chrono::Days::new(day)));
        let (a, b) = tokio::join!(one.remind(), two.remind());
        assert_eq!(a.unwrap() + b.unwrap(), usize::from(!needle.is_empty()), "day {day}");
        if !needle.is_empty() {
            assert_eq!(texts(needle), 1, "{needle}");
        }
    }
}
