//! The invoice repository's contract, run on SQLite and on PostgreSQL: a match is billable once
//! a lesson of it is confirmed; servers issuing at once issue one invoice; a ledger takes one
//! writer at a time (the other is stale) and each keyed line once; a settlement, a reminder and
//! the proofs' cap hold under races too; the selections of the jobs and of the restriction.

use std::sync::Arc;

use chrono::{DateTime, Days, Duration, NaiveDate, TimeZone, Utc};
use futures_util::future::join_all;
use tutorhub_adapters::{Database, SqlApplicationRepository, SqlInvoiceRepository, SqlLessonRepository};
use tutorhub_domain::billing::ledger::{LineKind, NewLine, PaymentMethod};
use tutorhub_domain::billing::model::{Billable, DueChange, Invoice, Proof, Reminder, SettledBy, Settlement};
use tutorhub_domain::billing::ports::{Appended, InvoiceRepository};
use tutorhub_domain::billing::terms::{FeeTerms, ServiceFee};
use tutorhub_domain::cases::model::CaseStatus;
use tutorhub_domain::lessons::model::{ArrangementSide, EndReason, Ending, LessonStatus, NewLesson};
use tutorhub_domain::lessons::ports::LessonRepository;
use tutorhub_domain::matching::model::{AvailableTimes, CaseApplication, CaseApplicationStatus};
use tutorhub_domain::matching::offer::Offer;
use tutorhub_domain::matching::ports::{ApplicationRepository, ApplyOutcome};
use tutorhub_domain::shared::money::Rate;
use tutorhub_domain::shared::storage::RepositoryError;
use uuid::Uuid;

/// Millisecond precision, as stored.
fn now() -> DateTime<Utc> {
    DateTime::from_timestamp_millis(Utc::now().timestamp_millis()).unwrap()
}

fn date(y: i32, m: u32, d: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, d).unwrap()
}

/// A confirmed match of `tutor` at `fee_cents` a lesson, `per_week` lessons a week: its offer id.
async fn confirmed_match(db: &Database, tutor: Uuid, fee_cents: i64, per_week: i64) -> (Uuid, i64) {
    let mut form = crate::support::case_form("中三數學", "測試");
    form.sessions_per_week = Some(per_week);
    let number = crate::support::insert_case(db, form, CaseStatus::Approved, Uuid::new_v4()).await.number;
    let applications = SqlApplicationRepository::new(db.pool().clone());
    let application = CaseApplication {
        id: Uuid::new_v4(),
        case_number: number,
        tutor_id: tutor,
        available_times: AvailableTimes::parse("星期六").unwrap(),
        status: CaseApplicationStatus::Applied,
        created_at: now() - Duration::days(10),
    };
    let ApplyOutcome::Applied(application) = applications.apply(application, 30).await.unwrap() else { panic!() };
    let confirmed_at = now() - Duration::days(9);
    let offer = Offer::open(number, application.id, tutor, Rate::from_cents(fee_cents), confirmed_at - Duration::hours(1), 24);
    applications.offer(&offer).await.unwrap();
    applications.confirm(offer.id, confirmed_at + Duration::days(1), confirmed_at).await.unwrap();
    (offer.id, number)
}

/// Records a lesson of `arrangement` starting at `starts_at`; confirmed by the family when `confirm`.
async fn lesson(db: &Database, arrangement: Uuid, starts_at: DateTime<Utc>, confirm: bool) {
    let lessons = SqlLessonRepository::new(db.pool().clone());
    let new = NewLesson {
        arrangement_id: arrangement,
        starts_at,
        minutes: 90,
        status: LessonStatus::Recorded,
        recorded_by: ArrangementSide::Tutor,
        recorded_at: now(),
        reason: None,
        late: false,
    };
    let lesson = lessons.insert(new).await.unwrap().unwrap();
    if confirm {
        assert!(lessons.answer(lesson.number, LessonStatus::Confirmed, None, now() - Duration::hours(72)).await.unwrap());
    }
}

/// Appends under the invoice's due date as it is now (what `Billing` computed its lines under).
async fn append(
    repo: &SqlInvoiceRepository,
    id: i64,
    after: u32,
    lines: &[NewLine],
    settle: Option<Settlement>,
) -> Result<Appended, RepositoryError> {
    let due_on = repo.find(id).await.unwrap().unwrap().due_on;
    repo.append(id, after, due_on, lines, settle).await
}

async fn billable_of(repo: &SqlInvoiceRepository, arrangement: Uuid) -> Option<Billable> {
    repo.billable(1000, None).await.unwrap().into_iter().find(|b| b.arrangement_id == arrangement)
}

/// A confirmed match of `tutor` with a confirmed lesson, as the store bills it.
async fn billed(db: &Database, repo: &SqlInvoiceRepository, tutor: Uuid) -> Billable {
    let (offer, _) = confirmed_match(db, tutor, 20_000, 2).await;
    lesson(db, offer, now() - Duration::days(2), true).await;
    billable_of(repo, offer).await.unwrap()
}

fn fee_line(billable: &Billable, on: NaiveDate) -> NewLine {
    NewLine {
        kind: LineKind::Fee,
        amount: billable.fee.amount,
        on,
        by: "system".into(),
        reason: "服務費".into(),
        method: None,
        reference: None,
        key: Some(format!("fee:{}", billable.arrangement_id)),
        recorded_at: now(),
    }
}

fn line(kind: LineKind, amount: i64, key: Option<&str>) -> NewLine {
    NewLine {
        kind,
        amount,
        on: date(2026, 12, 10),
        by: "back-office".into(),
        reason: "測試".into(),
        method: (kind == LineKind::Payment).then_some(PaymentMethod::Fps),
        reference: (kind == LineKind::Payment).then(|| "REF".to_string()),
        key: key.map(str::to_string),
        recorded_at: now(),
    }
}

async fn issue(repo: &SqlInvoiceRepository, billable: &Billable, due_on: NaiveDate) -> Invoice {
    let issued = repo.issue(billable, FeeTerms::default().late, now(), due_on, fee_line(billable, date(2026, 12, 1))).await.unwrap();
    issued.expect("the first invoice of the match")
}

async fn invoice_of(db: &Database, tutor: Uuid, due_on: NaiveDate) -> Invoice {
    let repo = SqlInvoiceRepository::new(db.pool().clone());
    let billable = billed(db, &repo, tutor).await;
    issue(&repo, &billable, due_on).await
}

fn paid(on: NaiveDate) -> Settlement {
    Settlement { how: SettledBy::Paid, on, method: Some(PaymentMethod::Fps) }
}

async fn a_match_is_billable_once_a_lesson_of_it_is_confirmed(db: Database) {
    let repo = SqlInvoiceRepository::new(db.pool().clone());
    let tutor = Uuid::new_v4();
    let (offer, case_number) = confirmed_match(&db, tutor, 35_000, 2).await;
    assert_eq!(billable_of(&repo, offer).await, None, "no lesson yet");
    let (earlier, later) = (now() - Duration::days(6), now() - Duration::days(3));
    lesson(&db, offer, earlier, false).await;
    assert_eq!(billable_of(&repo, offer).await, None, "a lesson recorded, not yet confirmed");
    lesson(&db, offer, later, true).await;
    let billable = billable_of(&repo, offer).await.expect("a confirmed lesson");
    let fee = ServiceFee::of(Rate::from_cents(35_000), 2);
    assert_eq!(fee.amount, 140_000, "HK$350 × 2 × 4 ÷ 2");
    assert_eq!(billable, Billable { arrangement_id: offer, case_number, tutor_id: tutor, fee, first_lesson_at: later });
    // The first lesson is the earliest confirmed one.
    let earliest = now() - Duration::days(8);
    lesson(&db, offer, earliest, true).await;
    let billable = billable_of(&repo, offer).await.unwrap();
    assert_eq!(billable.first_lesson_at, earliest);

    // Asked for this match alone, or for another, the store answers accordingly.
    assert_eq!(repo.billable(10, Some(offer)).await.unwrap(), std::slice::from_ref(&billable));
    assert!(repo.billable(10, Some(Uuid::new_v4())).await.unwrap().is_empty());
    // A match confirmed before the fee was stated (no lessons a week kept on its offer) is never billed.
    let (before_fees, _) = confirmed_match(&db, Uuid::new_v4(), 35_000, 2).await;
    lesson(&db, before_fees, later, true).await;
    sqlx::query("UPDATE offers SET lessons_per_week = NULL WHERE id = $1").bind(before_fees.to_string()).execute(db.pool()).await.unwrap();
    assert_eq!(billable_of(&repo, before_fees).await, None);

    let invoice = issue(&repo, &billable, date(2026, 12, 8)).await;
    assert_eq!(billable_of(&repo, offer).await, None, "invoiced");
    assert_eq!((invoice.arrangement_id, invoice.case_number, invoice.tutor_id, invoice.fee), (offer, case_number, tutor, fee));
}

async fn servers_issuing_at_once_issue_one_invoice(db: Database) {
    let repo = Arc::new(SqlInvoiceRepository::new(db.pool().clone()));
    let billable = billed(&db, &repo, Uuid::new_v4()).await;
    // 16:30 UTC on 31 December is already the new year in Hong Kong.
    let issued_at = Utc.with_ymd_and_hms(2026, 12, 31, 16, 30, 0).unwrap();
    let due_on = date(2027, 1, 8);
    let late = FeeTerms::default().late;
    let tries = (0..8).map(|_| {
        let (repo, billable) = (repo.clone(), billable.clone());
        tokio::spawn(async move {
            let line = fee_line(&billable, date(2027, 1, 1));
            repo.issue(&billable, late, issued_at, due_on, line).await.unwrap()
        })
    });
    let issued: Vec<Invoice> = join_all(tries).await.into_iter().filter_map(|r| r.unwrap()).collect();
    assert_eq!(issued.len(), 1, "one invoice per match");
    let invoice = &issued[0];
    assert_eq!(repo.find(invoice.id).await.unwrap().as_ref(), Some(invoice));
    assert_eq!((invoice.year, invoice.issued_at, invoice.due_on, invoice.late), (2027, issued_at, due_on, late));
    assert_eq!(invoice.number(), format!("INV-2027-{:06}", invoice.id));
    assert_eq!((invoice.fee, invoice.first_lesson_at, invoice.settled.as_ref()), (billable.fee, billable.first_lesson_at, None));
    let lines = repo.lines(invoice.id).await.unwrap();
    assert_eq!(lines.len(), 1, "one fee line");
    assert_eq!((lines[0].seq, lines[0].kind, lines[0].amount, lines[0].on), (1, LineKind::Fee, billable.fee.amount, date(2027, 1, 1)));
    assert_eq!(repo.list(false, 10).await.unwrap(), vec![invoice.clone()]);
    assert_eq!(repo.for_tutor(billable.tutor_id).await.unwrap(), vec![invoice.clone()]);
    assert!(repo.billable(10, None).await.unwrap().is_empty());
    // Issued again later: still nothing.
    let again = repo.issue(&billable, late, now(), due_on, fee_line(&billable, date(2027, 1, 2))).await.unwrap();
    assert_eq!(again, None);
    assert_eq!(repo.lines(invoice.id).await.unwrap().len(), 1);
}

async fn a_ledger_takes_one_writer_at_a_time_and_each_key_once(db: Database) {
    let repo = Arc::new(SqlInvoiceRepository::new(db.pool().clone()));
    let invoice = invoice_of(&db, Uuid::new_v4(), date(2026, 12, 8)).await;
    let other = invoice_of(&db, Uuid::new_v4(), date(2026, 12, 8)).await;
    let id = invoice.id;

    let payment = line(LineKind::Payment, -30_000, Some("payment:fps:REF1"));
    assert_eq!(append(&repo, id, 1, std::slice::from_ref(&payment), None).await.unwrap(), Appended::Done);
    let lines = repo.lines(id).await.unwrap();
    assert_eq!(lines.iter().map(|l| l.seq).collect::<Vec<_>>(), [1, 2]);
    assert_eq!(
        (lines[1].kind, lines[1].amount, lines[1].method, lines[1].reference.as_deref()),
        (LineKind::Payment, -30_000, Some(PaymentMethod::Fps), Some("REF"))
    );
    assert_eq!((lines[1].on, &lines[1].by, lines[1].recorded_at), (payment.on, &payment.by, payment.recorded_at));

    // The same key again, after a line of its own: nothing of it is kept.
    let twice = [line(LineKind::Adjustment, 500, None), payment.clone()];
    assert_eq!(append(&repo, id, 2, &twice, Some(paid(date(2026, 12, 10)))).await.unwrap(), Appended::Duplicate(id));
    assert_eq!(repo.lines(id).await.unwrap().len(), 2);
    assert_eq!(repo.find(id).await.unwrap().unwrap().settled, None);
    // On another invoice: the one that holds it.
    assert_eq!(append(&repo, other.id, 1, std::slice::from_ref(&payment), None).await.unwrap(), Appended::Duplicate(id));
    assert_eq!(repo.lines(other.id).await.unwrap().len(), 1);

    // Written after a ledger that has grown since: stale, nothing kept.
    assert_eq!(append(&repo, id, 1, &[line(LineKind::Adjustment, 100, None)], None).await.unwrap(), Appended::Stale);
    assert_eq!(repo.lines(id).await.unwrap().len(), 2);

    // Four writers that read the same ledger: one lands, the others are stale.
    let writers = (0..4).map(|n| {
        let repo = repo.clone();
        tokio::spawn(async move {
            let lines = [line(LineKind::Adjustment, 100 + n, None), line(LineKind::Adjustment, 200 + n, None)];
            append(&repo, id, 2, &lines, None).await.unwrap()
        })
    });
    let outcomes: Vec<Appended> = join_all(writers).await.into_iter().map(Result::unwrap).collect();
    assert_eq!(outcomes.iter().filter(|o| **o == Appended::Done).count(), 1, "{outcomes:?}");
    assert_eq!(outcomes.iter().filter(|o| **o == Appended::Stale).count(), 3, "{outcomes:?}");
    let lines = repo.lines(id).await.unwrap();
    assert_eq!(lines.iter().map(|l| l.seq).collect::<Vec<_>>(), [1, 2, 3, 4]);
    assert_eq!(lines[3].amount - lines[2].amount, 100, "both lines of the one writer");

    // Two payments at once with one key: one line.
    let racers = (0..4).map(|_| {
        let repo = repo.clone();
        tokio::spawn(async move { append(&repo, id, 4, &[line(LineKind::Payment, -1_000, Some("payment:fps:REF2"))], None).await.unwrap() })
    });
    let outcomes: Vec<Appended> = join_all(racers).await.into_iter().map(Result::unwrap).collect();
    assert_eq!(outcomes.iter().filter(|o| **o == Appended::Done).count(), 1, "{outcomes:?}");
    assert_eq!(repo.lines(id).await.unwrap().len(), 5);
    // Stale ones retry as the domain does, and learn the key is taken.
    assert_eq!(
        append(&repo, id, 5, &[line(LineKind::Payment, -1_000, Some("payment:fps:REF2"))], None).await.unwrap(),
        Appended::Duplicate(id)
    );
}

async fn an_invoice_is_settled_once(db: Database) {
    let repo = SqlInvoiceRepository::new(db.pool().clone());
    let invoice = invoice_of(&db, Uuid::new_v4(), date(2026, 12, 8)).await;
    let id = invoice.id;
    let settlement = paid(date(2026, 12, 9));
    let closing = [line(LineKind::Interest, 52, None), line(LineKind::Payment, -80_052, Some("payment:fps:ALL"))];
    assert_eq!(append(&repo, id, 1, &closing, Some(settlement.clone())).await.unwrap(), Appended::Done);
    let settled = repo.find(id).await.unwrap().unwrap();
    assert_eq!(settled.settled, Some(settlement.clone()));
    assert_eq!(settled.receipt_number(), Some(format!("RCT-2026-{id:06}")));
    assert_eq!(repo.lines(id).await.unwrap().len(), 3);
    // A refund later, with another settlement: the line is kept, the settlement stays.
    let waived = Settlement { how: SettledBy::Waived, on: date(2026, 12, 20), method: None };
    assert_eq!(append(&repo, id, 3, &[line(LineKind::Refund, 52, None)], Some(waived)).await.unwrap(), Appended::Done);
    assert_eq!(repo.find(id).await.unwrap().unwrap().settled, Some(settlement));
    assert_eq!(repo.lines(id).await.unwrap().len(), 4);
    assert!(repo.list(true, 10).await.unwrap().is_empty(), "no unsettled invoice");
    assert_eq!(repo.list(false, 10).await.unwrap().len(), 1);
    // A waiver without a payment method.
    let open = invoice_of(&db, Uuid::new_v4(), date(2026, 12, 8)).await;
    let waived = Settlement { how: SettledBy::Waived, on: date(2026, 12, 21), method: None };
    assert_eq!(append(&repo, open.id, 1, &[line(LineKind::Waiver, -80_000, None)], Some(waived.clone())).await.unwrap(), Appended::Done);
    assert_eq!(repo.find(open.id).await.unwrap().unwrap().settled, Some(waived));
}

async fn due_dates_move_while_unsettled_and_each_move_is_kept(db: Database) {
    let repo = SqlInvoiceRepository::new(db.pool().clone());
    let invoice = invoice_of(&db, Uuid::new_v4(), date(2026, 12, 8)).await;
    let id = invoice.id;
    let first =
        DueChange { from: date(2026, 12, 8), to: date(2026, 12, 15), reason: "家長延遲出糧".into(), by: "amy".into(), at: now() };
    assert!(repo.move_due(id, &first).await.unwrap());
    assert_eq!(repo.find(id).await.unwrap().unwrap().due_on, date(2026, 12, 15));
    // A move made from an old reading keeps the date it really moved from.
    let second = DueChange {
        from: date(2026, 12, 8),
        to: date(2026, 12, 4),
        reason: "更正".into(),
        by: "amy".into(),
        at: now() + Duration::seconds(1),
    };
    assert!(repo.move_due(id, &second).await.unwrap());
    assert_eq!(repo.find(id).await.unwrap().unwrap().due_on, date(2026, 12, 4));
    let kept = DueChange { from: date(2026, 12, 15), ..second.clone() };
    assert_eq!(repo.due_changes(id).await.unwrap(), vec![first.clone(), kept.clone()], "oldest first");
    assert!(repo.due_changes(id + 1000).await.unwrap().is_empty());

    // Lines computed under a due date moved since are refused: the writer reads again.
    let stale = repo.append(id, 1, date(2026, 12, 15), &[line(LineKind::Adjustment, -100, None)], None).await.unwrap();
    assert_eq!(stale, Appended::Stale);
    assert_eq!(repo.lines(id).await.unwrap().len(), 1);
    let settle = paid(date(2026, 12, 3));
    assert_eq!(
        append(&repo, id, 1, &[line(LineKind::Payment, -80_000, Some("payment:fps:X"))], Some(settle)).await.unwrap(),
        Appended::Done
    );
    let third = DueChange { from: date(2026, 12, 4), to: date(2027, 1, 4), reason: "太遲".into(), by: "amy".into(), at: now() };
    assert!(!repo.move_due(id, &third).await.unwrap(), "settled");
    assert_eq!(repo.find(id).await.unwrap().unwrap().due_on, date(2026, 12, 4));
    assert_eq!(repo.due_changes(id).await.unwrap(), vec![first, kept]);
    assert!(!repo.move_due(id + 1000, &third).await.unwrap(), "no such invoice");
}

async fn a_reminder_is_claimed_once_per_due_date(db: Database) {
    let repo = Arc::new(SqlInvoiceRepository::new(db.pool().clone()));
    let invoice = invoice_of(&db, Uuid::new_v4(), date(2026, 12, 8)).await;
    let id = invoice.id;
    let due = date(2026, 12, 8);
    assert!(repo.claim_reminder(id, Reminder::Soon, due, now()).await.unwrap());
    assert!(!repo.claim_reminder(id, Reminder::Soon, due, now()).await.unwrap());
    assert!(repo.claim_reminder(id, Reminder::Due, due, now()).await.unwrap(), "another reminder");
    assert!(repo.claim_reminder(id, Reminder::Soon, date(2026, 12, 15), now()).await.unwrap(), "the moved due date's");
    let claims = (0..8).map(|_| {
        let repo = repo.clone();
        tokio::spawn(async move { repo.claim_reminder(id, Reminder::Penalty, due, now()).await.unwrap() })
    });
    let claimed = join_all(claims).await.into_iter().map(Result::unwrap).filter(|c| *c).count();
    assert_eq!(claimed, 1, "several servers at once: one sends it");
}

async fn proofs_stop_at_the_cap_even_at_once(db: Database) {
    let repo = Arc::new(SqlInvoiceRepository::new(db.pool().clone()));
    let invoice = invoice_of(&db, Uuid::new_v4(), date(2026, 12, 8)).await;
    let id = invoice.id;
    let start = now();
    let uploads = (0..8).map(|n| {
        let repo = repo.clone();
        tokio::spawn(async move {
            let proof = Proof {
                id: Uuid::new_v4(),
                file_key: format!("payment-proofs/{n}.png"),
                reference: format!("FPS{n}"),
                uploaded_at: start + Duration::milliseconds(n),
            };
            (proof.clone(), repo.add_proof(id, &proof, 5).await.unwrap())
        })
    });
    let results: Vec<(Proof, bool)> = join_all(uploads).await.into_iter().map(Result::unwrap).collect();
    let mut kept: Vec<Proof> = results.iter().filter(|(_, added)| *added).map(|(p, _)| p.clone()).collect();
    assert_eq!(kept.len(), 5, "at most five");
    kept.sort_by_key(|p| p.uploaded_at);
    assert_eq!(repo.proofs(id).await.unwrap(), kept, "oldest first");
    let late = Proof { id: Uuid::new_v4(), file_key: "payment-proofs/x.png".into(), reference: "FPSX".into(), uploaded_at: now() };
    assert!(!repo.add_proof(id, &late, 5).await.unwrap());
    assert!(repo.add_proof(id, &late, 6).await.unwrap(), "under a higher cap");
    assert!(!repo.add_proof(id + 1000, &Proof { id: Uuid::new_v4(), ..late }, 5).await.unwrap(), "no such invoice");
}

async fn ended_matches_are_reviewed_once(db: Database) {
    let repo = SqlInvoiceRepository::new(db.pool().clone());
    let lessons = SqlLessonRepository::new(db.pool().clone());
    let first = invoice_of(&db, Uuid::new_v4(), date(2026, 12, 8)).await;
    let second = invoice_of(&db, Uuid::new_v4(), date(2026, 12, 8)).await;
    let _running = invoice_of(&db, Uuid::new_v4(), date(2026, 12, 8)).await;
    let ids = |invoices: Vec<Invoice>| invoices.into_iter().map(|i| i.id).collect::<Vec<_>>();
    assert!(repo.ended_unreviewed(10, Duration::days(28)).await.unwrap().is_empty(), "no match ended");
    let ending = Ending { by: ArrangementSide::Family, reason: EndReason::Schedule, note: None, at: now(), reopened_at: None };
    assert!(lessons.end(first.arrangement_id, &ending).await.unwrap());
    assert!(lessons.end(second.arrangement_id, &ending).await.unwrap());
    assert_eq!(ids(repo.ended_unreviewed(10, Duration::days(28)).await.unwrap()), [first.id, second.id]);
    assert_eq!(ids(repo.ended_unreviewed(1, Duration::days(28)).await.unwrap()), [first.id], "at most the limit");
    // Ended two days after the first lesson: not within a one-day window.
    assert!(repo.ended_unreviewed(10, Duration::days(1)).await.unwrap().is_empty());
    // A line with another key does not review it; its own does.
    assert_eq!(append(&repo, first.id, 1, &[line(LineKind::Payment, -100, Some("payment:fps:Y"))], None).await.unwrap(), Appended::Done);
    assert_eq!(ids(repo.ended_unreviewed(10, Duration::days(28)).await.unwrap()), [first.id, second.id]);
    let review = line(LineKind::Credit, 0, Some(&format!("short-match:{}", first.id)));
    assert_eq!(append(&repo, first.id, 2, &[review], None).await.unwrap(), Appended::Done);
    assert_eq!(ids(repo.ended_unreviewed(10, Duration::days(28)).await.unwrap()), [second.id]);
}

async fn the_unsettled_invoices_due_before_a_date_are_the_tutors(db: Database) {
    let repo = SqlInvoiceRepository::new(db.pool().clone());
    let tutor = Uuid::new_v4();
    let early = invoice_of(&db, tutor, date(2026, 11, 30)).await;
    let middle = invoice_of(&db, tutor, date(2026, 12, 8)).await;
    let late = invoice_of(&db, tutor, date(2026, 12, 20)).await;
    let settled = invoice_of(&db, tutor, date(2026, 11, 1)).await;
    let _others = invoice_of(&db, Uuid::new_v4(), date(2026, 11, 1)).await;
    let waived = Settlement { how: SettledBy::Waived, on: date(2026, 11, 2), method: None };
    assert_eq!(append(&repo, settled.id, 1, &[line(LineKind::Waiver, -80_000, None)], Some(waived)).await.unwrap(), Appended::Done);
    let ids = |invoices: Vec<Invoice>| invoices.into_iter().map(|i| i.id).collect::<Vec<_>>();
    assert_eq!(ids(repo.unsettled_due_before(tutor, date(2026, 12, 8)).await.unwrap()), [early.id], "due on the day is not before it");
    assert_eq!(ids(repo.unsettled_due_before(tutor, date(2026, 12, 9)).await.unwrap()), [early.id, middle.id]);
    assert_eq!(ids(repo.unsettled_due_before(tutor, date(2027, 1, 1)).await.unwrap()), [early.id, middle.id, late.id]);
    assert!(repo.unsettled_due_before(tutor, date(2026, 11, 30)).await.unwrap().is_empty());
    assert!(repo.unsettled_due_before(Uuid::new_v4(), date(2030, 1, 1)).await.unwrap().is_empty());
    // The tutor's own list: latest first, settled ones too.
    assert_eq!(ids(repo.for_tutor(tutor).await.unwrap()), [settled.id, late.id, middle.id, early.id]);
    // Moved past the date, an invoice no longer counts.
    let moved = DueChange { from: early.due_on, to: early.due_on + Days::new(30), reason: "延期".into(), by: "amy".into(), at: now() };
    assert!(repo.move_due(early.id, &moved).await.unwrap());
    assert_eq!(ids(repo.unsettled_due_before(tutor, date(2026, 12, 9)).await.unwrap()), [middle.id]);
    assert_eq!(ids(repo.list(true, 10).await.unwrap()).len(), 4, "the unsettled ones of everyone");
}

on_both_engines!(
    a_match_is_billable_once_a_lesson_of_it_is_confirmed,
    servers_issuing_at_once_issue_one_invoice,
    a_ledger_takes_one_writer_at_a_time_and_each_key_once,
    an_invoice_is_settled_once,
    due_dates_move_while_unsettled_and_each_move_is_kept,
    a_reminder_is_claimed_once_per_due_date,
    proofs_stop_at_the_cap_even_at_once,
    ended_matches_are_reviewed_once,
    the_unsettled_invoices_due_before_a_date_are_the_tutors,
);
