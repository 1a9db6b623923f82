//! Invoices of the service fee in SQL, for SQLite and PostgreSQL alike: the invoice, its
//! append-only ledger, the moves of its due date, the reminders sent and the proofs of payment.
//!
//! Every race is decided by a key, not by a read-then-write: one invoice per match
//! (`invoices_one_per_match`), one line per ledger position (`invoice_lines_in_order`: of two
//! writers that read the same ledger, the second is stale), one line per key across all ledgers
//! (`invoice_lines_once`), one reminder per invoice, kind and due date. A transaction starts
//! with a write, so SQLite takes its write lock at once (a read first could not upgrade under
//! concurrency) and PostgreSQL holds the rows it then reads.

use async_trait::async_trait;
use chrono::{DateTime, Datelike, NaiveDate, Utc};
use sqlx::{AnyPool, FromRow};
use tutorhub_domain::billing::ledger::{
    FeeBasis, InterestBasis, Line, LineKind, LineReason, NewLine, PaymentMethod, PenaltyBasis, ShortMatchBasis,
};
use tutorhub_domain::billing::model::{Billable, DueChange, Invoice, Proof, Reminder, SettledBy, Settlement};
use tutorhub_domain::billing::ports::{Appended, InvoiceRepository};
use tutorhub_domain::billing::terms::{LateTerms, ServiceFee};
use tutorhub_domain::lessons::model::LessonStatus;
use tutorhub_domain::matching::offer::OfferStatus;
use tutorhub_domain::shared::hong_kong;
use tutorhub_domain::shared::money::Rate;
use tutorhub_domain::shared::storage::{Constraint, RepositoryError};
use uuid::Uuid;

use crate::sql::cases::parse_uuid;
use crate::sql::rows::{Value, bind_all, corrupt, from_millis, millis, repository_error};

const COLUMNS: &str = "id, year, arrangement_id, case_number, tutor_id, fee_per_lesson_cents, lessons_per_week, fee_cents, \
                       first_lesson_at, issued_at, due_on, interest_bp_per_month, penalty_percent, penalty_day, \
                       settled_how, settled_on, settled_method";

const LINE_COLUMNS: &str = "seq, kind, amount_cents, on_date, written_by, reason, method, reference, line_key, recorded_at";

/// The key of the line that records a short match's review (`Billing::credit_short_matches`).
const SHORT_MATCH_KEY: &str = "short-match:";

pub struct SqlInvoiceRepository {
    pool: AnyPool,
}

impl SqlInvoiceRepository {
    pub fn new(pool: AnyPool) -> Self {
        Self { pool }
    }

    /// The invoices `SELECT {COLUMNS} FROM invoices {rest}` finds.
    async fn invoices(&self, rest: &str, values: &[Value]) -> Result<Vec<Invoice>, RepositoryError> {
        let sql = format!("SELECT {COLUMNS} FROM invoices {rest}");
        let rows = bind_all(&sql, values).fetch_all(&self.pool).await.map_err(repository_error)?;
        rows.iter().map(|row| InvoiceRow::from_row(row).map_err(repository_error)?.into_invoice()).collect()
    }

    /// The invoice holding the line keyed `key`, if one does.
    async fn holder_of(&self, key: &str) -> Result<Option<i64>, RepositoryError> {
        sqlx::query_scalar("SELECT invoice_id FROM invoice_lines WHERE line_key = $1")
            .bind(key.to_string())
            .fetch_optional(&self.pool)
            .await
            .map_err(repository_error)
    }
}

/// A Hong Kong date as stored: `YYYY-MM-DD`, which orders as text.
fn day(date: NaiveDate) -> String {
    date.format("%Y-%m-%d").to_string()
}

fn parse_day(text: &str, what: &str) -> Result<NaiveDate, RepositoryError> {
    NaiveDate::parse_from_str(text, "%Y-%m-%d").map_err(|_| corrupt(format!("{what}: bad date {text:?}")))
}

fn count(value: i64, what: &str) -> Result<u32, RepositoryError> {
    u32::try_from(value).map_err(|_| corrupt(format!("{what}: bad count {value}")))
}

#[derive(FromRow)]
struct InvoiceRow {
    id: i64,
    year: i64,
    arrangement_id: String,
    case_number: i64,
    tutor_id: String,
    fee_per_lesson_cents: i64,
    lessons_per_week: i64,
    fee_cents: i64,
    first_lesson_at: i64,
    issued_at: i64,
    due_on: String,
    interest_bp_per_month: i64,
    penalty_percent: i64,
    penalty_day: i64,
    settled_how: Option<String>,
    settled_on: Option<String>,
    settled_method: Option<String>,
}

impl InvoiceRow {
    fn into_invoice(self) -> Result<Invoice, RepositoryError> {
        let what = format!("invoice {}", self.id);
        let bad = |field: &str| corrupt(format!("{what}: bad {field}"));
        let settled = match self.settled_how.as_deref() {
            None => None,
            Some(how) => Some(Settlement {
                how: SettledBy::parse(how).ok_or_else(|| bad("settlement"))?,
                on: parse_day(self.settled_on.as_deref().ok_or_else(|| bad("settlement date"))?, &what)?,
                method: self.settled_method.as_deref().map(|m| PaymentMethod::parse(m).ok_or_else(|| bad("method"))).transpose()?,
            }),
        };
        Ok(Invoice {
            id: self.id,
            year: i32::try_from(self.year).map_err(|_| bad("year"))?,
            arrangement_id: parse_uuid(&self.arrangement_id)?,
            case_number: self.case_number,
            tutor_id: parse_uuid(&self.tutor_id)?,
            fee: ServiceFee {
                fee_per_lesson: Rate::from_cents(self.fee_per_lesson_cents),
                lessons_per_week: count(self.lessons_per_week, &what)?,
                amount: self.fee_cents,
            },
            first_lesson_at: from_millis(self.first_lesson_at)?,
            issued_at: from_millis(self.issued_at)?,
            due_on: parse_day(&self.due_on, &what)?,
            late: LateTerms {
                interest_bp_per_month: count(self.interest_bp_per_month, &what)?,
                penalty_percent: count(self.penalty_percent, &what)?,
                penalty_day: count(self.penalty_day, &what)?,
            },
            settled,
        })
    }
}

#[derive(FromRow)]
struct LineRow {
    seq: i64,
    kind: String,
    amount_cents: i64,
    on_date: String,
    written_by: String,
    reason: String,
    method: Option<String>,
    reference: Option<String>,
    line_key: Option<String>,
    recorded_at: i64,
}

impl LineRow {
    fn into_line(self, invoice: i64) -> Result<Line, RepositoryError> {
        let what = format!("invoice {invoice}, line {}", self.seq);
        let bad = |field: &str| corrupt(format!("{what}: bad {field}"));
        Ok(Line {
            seq: count(self.seq, &what)?,
            kind: LineKind::parse(&self.kind).ok_or_else(|| bad("kind"))?,
            amount: self.amount_cents,
            on: parse_day(&self.on_date, &what)?,
            by: self.written_by,
            reason: read_reason(self.reason),
            method: self.method.as_deref().map(|m| PaymentMethod::parse(m).ok_or_else(|| bad("method"))).transpose()?,
            reference: self.reference,
            key: self.line_key,
            recorded_at: from_millis(self.recorded_at)?,
        })
    }
}

/// A line's reason as the `reason` column keeps it. What the site computed is kept in a stable
/// machine form, `#what name=value …` (`#fee rate_cents=30000 per_week=2 weeks=4`), and worded
/// when read, in the reader's language; what the back office typed is kept as typed.
fn stored_reason(reason: &LineReason) -> String {
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
fn read_reason(stored: String) -> LineReason {
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

#[derive(FromRow)]
struct BillableRow {
    arrangement_id: String,
    case_number: i64,
    tutor_id: String,
    fee_cents: i64,
    sessions_per_week: i64,
    first_lesson_at: i64,
}

#[derive(FromRow)]
struct DueChangeRow {
    from_on: String,
    to_on: String,
    reason: String,
    changed_by: String,
    changed_at: i64,
}

#[derive(FromRow)]
struct ProofRow {
    id: String,
    file_key: String,
    reference: String,
    uploaded_at: i64,
}

/// Appends `line` as number `seq` of the invoice's ledger, inside `tx`.
async fn insert_line(tx: &mut sqlx::Transaction<'_, sqlx::Any>, invoice: i64, seq: i64, line: &NewLine) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO invoice_lines (invoice_id, seq, kind, amount_cents, on_date, written_by, reason, method, reference, \
         line_key, recorded_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
    )
    .bind(invoice)
    .bind(seq)
    .bind(line.kind.key())
    .bind(line.amount)
    .bind(day(line.on))
    .bind(line.by.clone())
    .bind(stored_reason(&line.reason))
    .bind(line.method.map(PaymentMethod::key))
    .bind(line.reference.clone())
    .bind(line.key.clone())
    .bind(millis(line.recorded_at))
    .execute(&mut **tx)
    .await
    .map(|_| ())
}

#[async_trait]
impl InvoiceRepository for SqlInvoiceRepository {
    async fn billable(&self, limit: u32, arrangement: Option<Uuid>) -> Result<Vec<Billable>, RepositoryError> {
        // Only offers confirmed with the fee stated carry their lessons a week (migration 0018).
        let one = if arrangement.is_some() { "AND o.id = $4 " } else { "" };
        let sql = format!(
            "SELECT o.id AS arrangement_id, o.case_number AS case_number, o.tutor_id AS tutor_id, \
             o.fee_cents AS fee_cents, o.lessons_per_week AS sessions_per_week, MIN(l.starts_at) AS first_lesson_at \
             FROM offers o \
             JOIN lessons l ON l.arrangement_id = o.id AND l.status = $2 \
             WHERE o.status = $1 AND o.lessons_per_week IS NOT NULL {one}\
             AND NOT EXISTS (SELECT 1 FROM invoices i WHERE i.arrangement_id = o.id) \
             GROUP BY o.id, o.case_number, o.tutor_id, o.fee_cents, o.lessons_per_week \
             ORDER BY MIN(l.starts_at), o.id LIMIT $3"
        );
        let mut values = vec![
            Value::Text(OfferStatus::Confirmed.key().into()),
            Value::Text(LessonStatus::Confirmed.key().into()),
            Value::Int(limit.into()),
        ];
        if let Some(id) = arrangement {
            values.push(Value::Text(id.to_string()));
        }
        let rows = bind_all(&sql, &values).fetch_all(&self.pool).await.map_err(repository_error)?;
        rows.iter()
            .map(|row| {
                let row = BillableRow::from_row(row).map_err(repository_error)?;
                let lessons_per_week = count(row.sessions_per_week, &format!("case {}", row.case_number))?;
                Ok(Billable {
                    arrangement_id: parse_uuid(&row.arrangement_id)?,
                    case_number: row.case_number,
                    tutor_id: parse_uuid(&row.tutor_id)?,
                    fee: ServiceFee::of(Rate::from_cents(row.fee_cents), lessons_per_week),
                    first_lesson_at: from_millis(row.first_lesson_at)?,
                })
            })
            .collect()
    }

    async fn issue(
        &self,
        billable: &Billable,
        late: LateTerms,
        issued_at: DateTime<Utc>,
        due_on: NaiveDate,
        fee_line: NewLine,
    ) -> Result<Option<Invoice>, RepositoryError> {
        let mut tx = self.pool.begin().await.map_err(repository_error)?;
        // The invoice first (a write): of several issuing at once, the key keeps one and the
        // others insert nothing (PostgreSQL has them wait for the first to commit). The NOT
        // EXISTS spares a serial when the invoice is there already (a conflict would use one up,
        // leaving a gap in the numbers); only a true race on PostgreSQL can still leave one.
        let id: Option<i64> = sqlx::query_scalar(
            "INSERT INTO invoices (year, arrangement_id, case_number, tutor_id, fee_per_lesson_cents, lessons_per_week, \
             fee_cents, first_lesson_at, issued_at, due_on, interest_bp_per_month, penalty_percent, penalty_day) \
             SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13 \
             WHERE NOT EXISTS (SELECT 1 FROM invoices WHERE arrangement_id = $2) \
             ON CONFLICT (arrangement_id) DO NOTHING RETURNING id",
        )
        .bind(i64::from(hong_kong::date(issued_at).year()))
        .bind(billable.arrangement_id.to_string())
        .bind(billable.case_number)
        .bind(billable.tutor_id.to_string())
        .bind(billable.fee.fee_per_lesson.cents())
        .bind(i64::from(billable.fee.lessons_per_week))
        .bind(billable.fee.amount)
        .bind(millis(billable.first_lesson_at))
        .bind(millis(issued_at))
        .bind(day(due_on))
        .bind(i64::from(late.interest_bp_per_month))
        .bind(i64::from(late.penalty_percent))
        .bind(i64::from(late.penalty_day))
        .fetch_optional(&mut *tx)
        .await
        .map_err(repository_error)?;
        let Some(id) = id else {
            tx.rollback().await.map_err(repository_error)?;
            return Ok(None);
        };
        insert_line(&mut tx, id, 1, &fee_line).await.map_err(repository_error)?;
        tx.commit().await.map_err(repository_error)?;
        self.find(id).await?.ok_or_else(|| corrupt(format!("invoice {id} vanished after its insert"))).map(Some)
    }

    async fn find(&self, id: i64) -> Result<Option<Invoice>, RepositoryError> {
        Ok(self.invoices("WHERE id = $1", &[Value::Int(id)]).await?.pop())
    }

    async fn lines(&self, id: i64) -> Result<Vec<Line>, RepositoryError> {
        let sql = format!("SELECT {LINE_COLUMNS} FROM invoice_lines WHERE invoice_id = $1 ORDER BY seq");
        let rows = bind_all(&sql, &[Value::Int(id)]).fetch_all(&self.pool).await.map_err(repository_error)?;
        rows.iter().map(|row| LineRow::from_row(row).map_err(repository_error)?.into_line(id)).collect()
    }

    async fn for_tutor(&self, tutor: Uuid) -> Result<Vec<Invoice>, RepositoryError> {
        self.invoices("WHERE tutor_id = $1 ORDER BY id DESC", &[Value::Text(tutor.to_string())]).await
    }

    async fn list(&self, unsettled_only: bool, limit: u32) -> Result<Vec<Invoice>, RepositoryError> {
        let filter = if unsettled_only { "WHERE settled_how IS NULL " } else { "" };
        self.invoices(&format!("{filter}ORDER BY id DESC LIMIT $1"), &[Value::Int(limit.into())]).await
    }

    async fn ended_unreviewed(&self, limit: u32, window: chrono::Duration) -> Result<Vec<Invoice>, RepositoryError> {
        let rest = "WHERE EXISTS (SELECT 1 FROM arrangement_endings e WHERE e.arrangement_id = invoices.arrangement_id \
                    AND e.ended_at <= invoices.first_lesson_at + $3) \
                    AND NOT EXISTS (SELECT 1 FROM invoice_lines l WHERE l.line_key = $1 || CAST(invoices.id AS TEXT)) \
                    ORDER BY id LIMIT $2";
        let values = [Value::Text(SHORT_MATCH_KEY.into()), Value::Int(limit.into()), Value::Int(window.num_milliseconds())];
        self.invoices(rest, &values).await
    }

    async fn append(
        &self,
        id: i64,
        after: u32,
        due_on: NaiveDate,
        lines: &[NewLine],
        settle: Option<Settlement>,
    ) -> Result<Appended, RepositoryError> {
        if lines.is_empty() && settle.is_none() {
            return Ok(Appended::Done);
        }
        let mut tx = self.pool.begin().await.map_err(repository_error)?;
        // The lines were computed under this due date: a write that changes nothing takes the
        // invoice (as `move_due` does) and finds whether the date moved since.
        let held = sqlx::query("UPDATE invoices SET due_on = due_on WHERE id = $1 AND due_on = $2")
            .bind(id)
            .bind(day(due_on))
            .execute(&mut *tx)
            .await
            .map_err(repository_error)?
            .rows_affected();
        if held != 1 {
            tx.rollback().await.map_err(repository_error)?;
            return Ok(Appended::Stale);
        }
        // The lines first (writes): the next number taken means someone wrote since `after`.
        for (seq, line) in (i64::from(after) + 1..).zip(lines) {
            let Err(error) = insert_line(&mut tx, id, seq, line).await else { continue };
            tx.rollback().await.map_err(repository_error)?;
            return match repository_error(error) {
                RepositoryError::Conflict(Constraint::LedgerLineNumber) => Ok(Appended::Stale),
                RepositoryError::Conflict(Constraint::LedgerLineKey) => match line.key.as_deref() {
                    Some(key) => Ok(self.holder_of(key).await?.map_or(Appended::Stale, Appended::Duplicate)),
                    None => Err(corrupt(format!("invoice {id}: a line without a key broke the key index"))),
                },
                other => Err(other),
            };
        }
        if let Some(settlement) = settle {
            sqlx::query("UPDATE invoices SET settled_how = $2, settled_on = $3, settled_method = $4 WHERE id = $1 AND settled_how IS NULL")
                .bind(id)
                .bind(settlement.how.key())
                .bind(day(settlement.on))
                .bind(settlement.method.map(PaymentMethod::key))
                .execute(&mut *tx)
                .await
                .map_err(repository_error)?;
        }
        tx.commit().await.map_err(repository_error)?;
        Ok(Appended::Done)
    }

    async fn move_due(&self, id: i64, change: &DueChange) -> Result<bool, RepositoryError> {
        let mut tx = self.pool.begin().await.map_err(repository_error)?;
        // A write that changes nothing takes the invoice (SQLite's write lock, PostgreSQL's row
        // lock) while unsettled; the move then keeps the date it really moved from, even when
        // another move came first.
        let held = sqlx::query("UPDATE invoices SET due_on = due_on WHERE id = $1 AND settled_how IS NULL")
            .bind(id)
            .execute(&mut *tx)
            .await
            .map_err(repository_error)?
            .rows_affected();
        if held != 1 {
            tx.rollback().await.map_err(repository_error)?;
            return Ok(false);
        }
        sqlx::query(
            "INSERT INTO invoice_due_changes (invoice_id, from_on, to_on, reason, changed_by, changed_at) \
             SELECT id, due_on, $2, $3, $4, $5 FROM invoices WHERE id = $1",
        )
        .bind(id)
        .bind(day(change.to))
        .bind(change.reason.clone())
        .bind(change.by.clone())
        .bind(millis(change.at))
        .execute(&mut *tx)
        .await
        .map_err(repository_error)?;
        sqlx::query("UPDATE invoices SET due_on = $2 WHERE id = $1")
            .bind(id)
            .bind(day(change.to))
            .execute(&mut *tx)
            .await
            .map_err(repository_error)?;
        tx.commit().await.map_err(repository_error)?;
        Ok(true)
    }

    async fn due_changes(&self, id: i64) -> Result<Vec<DueChange>, RepositoryError> {
        let rows: Vec<DueChangeRow> = sqlx::query_as(
            "SELECT from_on, to_on, reason, changed_by, changed_at FROM invoice_due_changes WHERE invoice_id = $1 ORDER BY id",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await
        .map_err(repository_error)?;
        let what = format!("invoice {id}: a due date move");
        rows.into_iter()
            .map(|row| {
                Ok(DueChange {
                    from: parse_day(&row.from_on, &what)?,
                    to: parse_day(&row.to_on, &what)?,
                    reason: row.reason,
                    by: row.changed_by,
                    at: from_millis(row.changed_at)?,
                })
            })
            .collect()
    }

    async fn claim_reminder(&self, id: i64, reminder: Reminder, due_on: NaiveDate, at: DateTime<Utc>) -> Result<bool, RepositoryError> {
        let claimed = sqlx::query(
            "INSERT INTO invoice_reminders (invoice_id, reminder, due_on, sent_at) VALUES ($1, $2, $3, $4) \
             ON CONFLICT (invoice_id, reminder, due_on) DO NOTHING",
        )
        .bind(id)
        .bind(reminder.key())
        .bind(day(due_on))
        .bind(millis(at))
        .execute(&self.pool)
        .await
        .map_err(repository_error)?
        .rows_affected();
        Ok(claimed == 1)
    }

    async fn add_proof(&self, id: i64, proof: &Proof, max: u32) -> Result<bool, RepositoryError> {
        let mut tx = self.pool.begin().await.map_err(repository_error)?;
        // Proofs of one invoice take turns (a write that changes nothing holds the invoice), so
        // each counts the ones before it: uploads at once never pass `max`.
        let held = sqlx::query("UPDATE invoices SET due_on = due_on WHERE id = $1")
            .bind(id)
            .execute(&mut *tx)
            .await
            .map_err(repository_error)?
            .rows_affected();
        let added = held == 1
            && sqlx::query(
                "INSERT INTO payment_proofs (id, invoice_id, file_key, reference, uploaded_at) SELECT $1, $2, $3, $4, $5 \
                 WHERE (SELECT COUNT(*) FROM payment_proofs WHERE invoice_id = $2) < $6",
            )
            .bind(proof.id.to_string())
            .bind(id)
            .bind(proof.file_key.clone())
            .bind(proof.reference.clone())
            .bind(millis(proof.uploaded_at))
            .bind(i64::from(max))
            .execute(&mut *tx)
            .await
            .map_err(repository_error)?
            .rows_affected()
                == 1;
        if added {
            tx.commit().await.map_err(repository_error)?;
        } else {
            tx.rollback().await.map_err(repository_error)?;
        }
        Ok(added)
    }

    async fn proofs(&self, id: i64) -> Result<Vec<Proof>, RepositoryError> {
        let rows: Vec<ProofRow> = sqlx::query_as(
            "SELECT id, file_key, reference, uploaded_at FROM payment_proofs WHERE invoice_id = $1 ORDER BY uploaded_at, id",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await
        .map_err(repository_error)?;
        rows.into_iter()
            .map(|row| {
                Ok(Proof {
                    id: parse_uuid(&row.id)?,
                    file_key: row.file_key,
                    reference: row.reference,
                    uploaded_at: from_millis(row.uploaded_at)?,
                })
            })
            .collect()
    }

    async fn unsettled_due_between(&self, from: NaiveDate, to: NaiveDate) -> Result<Vec<Invoice>, RepositoryError> {
        let rest = "WHERE settled_how IS NULL AND due_on >= $1 AND due_on <= $2 ORDER BY due_on, id";
        self.invoices(rest, &[Value::Text(day(from)), Value::Text(day(to))]).await
    }

    async fn unsettled_due_before(&self, tutor: Uuid, before: NaiveDate) -> Result<Vec<Invoice>, RepositoryError> {
        let rest = "WHERE tutor_id = $1 AND settled_how IS NULL AND due_on < $2 ORDER BY due_on, id";
        self.invoices(rest, &[Value::Text(tutor.to_string()), Value::Text(day(before))]).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
