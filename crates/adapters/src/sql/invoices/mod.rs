//! Invoices of the service fee in SQL, for SQLite and PostgreSQL alike: the invoice, its
//! append-only ledger, the moves of its due date, the reminders sent and the proofs of payment.
//!
//! Every race is decided by a key, not by a read-then-write: one invoice per match
//! (`invoices_one_per_match`), one line per ledger position (`invoice_lines_in_order`: of two
//! writers that read the same ledger, the second is stale), one line per key across all ledgers
//! (`invoice_lines_once`), one reminder per invoice, kind and due date. A transaction starts
//! with a write, so SQLite takes its write lock at once (a read first could not upgrade under
//! concurrency) and PostgreSQL holds the rows it then reads.

mod stored;
mod tables;

use async_trait::async_trait;
use chrono::{DateTime, Datelike, NaiveDate, Utc};
use sqlx::{AnyPool, FromRow};
use tutorhub_domain::billing::ledger::{Line, NewLine, PaymentMethod};
use tutorhub_domain::billing::model::{Billable, DueChange, Invoice, Proof, Reminder, Settlement};
use tutorhub_domain::billing::ports::{Appended, InvoiceRepository};
use tutorhub_domain::billing::terms::LateTerms;
use tutorhub_domain::lessons::model::LessonStatus;
use tutorhub_domain::matching::offer::OfferStatus;
use tutorhub_domain::shared::hong_kong;
use tutorhub_domain::shared::storage::{Constraint, RepositoryError};
use uuid::Uuid;

use crate::sql::invoices::stored::{day, stored_reason};
use crate::sql::invoices::tables::{BillableRow, COLUMNS, DueChangeRow, InvoiceRow, LINE_COLUMNS, LineRow, ProofRow};
use crate::sql::rows::{Value, bind_all, corrupt, millis, repository_error};

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
        rows.iter().map(|row| BillableRow::from_row(row).map_err(repository_error)?.into_billable()).collect()
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
        rows.into_iter().map(|row| row.into_due_change(&what)).collect()
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
        rows.into_iter().map(ProofRow::into_proof).collect()
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
mod tests;
