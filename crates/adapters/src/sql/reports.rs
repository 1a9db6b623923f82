//! The facts of the marketplace report in SQL, for SQLite and PostgreSQL alike: a few plain
//! queries returning rows, which the domain aggregates (`reports::figures`). Only portable SQL
//! (joins, `MIN … GROUP BY`), so both engines answer the same figures from the same text.
//!
//! The queries do not share a snapshot: a report of a past period reads rows nothing changes
//! any more, and one of the current period is as of a moment anyway.

use std::collections::HashMap;

use async_trait::async_trait;
use chrono::{DateTime, NaiveDate, Utc};
use sqlx::AnyPool;
use sqlx::any::AnyRow;
use tutorhub_domain::billing::ledger::LineKind;
use tutorhub_domain::cases::model::{CaseStatus, PostType};
use tutorhub_domain::lessons::model::{ArrangementSide, LessonStatus};
use tutorhub_domain::matching::offer::OfferStatus;
use tutorhub_domain::reports::facts::{CaseFacts, InvoiceFacts, LedgerEntry, OfferFacts, ReportFacts, TutorActivity, TutorEvent};
use tutorhub_domain::reports::model::Period;
use tutorhub_domain::reports::ports::MarketFacts;
use tutorhub_domain::shared::storage::RepositoryError;
use tutorhub_domain::tutors::model::TutorApplicationStatus;

use crate::sql::cases::parse_uuid;
use crate::sql::rows::{Value, bind_all, corrupt, from_millis, millis, repository_error};

/// The cohort, cases `c` that families posted in the period: `$1` the post type, `$2` and
/// `$3` the period's start and end (epoch milliseconds, the end excluded).
const COHORT: &str = "c.post_type = $1 AND c.created_at >= $2 AND c.created_at < $3";

pub struct SqlMarketFacts {
    pool: AnyPool,
}

/// number, level, region, district, subjects (JSON), status, created_at, approved_at.
type CaseRow = (i64, String, String, String, String, String, i64, Option<i64>);

impl SqlMarketFacts {
    pub fn new(pool: AnyPool) -> Self {
        Self { pool }
    }

    /// The rows of `sql`, each read as `T` (a tuple of the selected columns).
    async fn rows<T>(&self, sql: &str, values: &[Value]) -> Result<Vec<T>, RepositoryError>
    where
        T: for<'r> sqlx::FromRow<'r, AnyRow> + Send + Unpin,
    {
        let rows = bind_all(sql, values).fetch_all(&self.pool).await.map_err(repository_error)?;
        rows.iter().map(|row| T::from_row(row).map_err(repository_error)).collect()
    }

    async fn cases(&self, period: Period, until: i64) -> Result<Vec<CaseFacts>, RepositoryError> {
        let cohort =
            [Value::Text(PostType::StudentSeekingTutor.key().into()), Value::Int(millis(period.start())), Value::Int(millis(period.end()))];
        let and = |more: &[Value]| -> Vec<Value> { cohort.iter().chain(more).cloned().collect() };

        let sql = format!(
            "SELECT c.number, c.level, c.region, c.district, c.subjects, c.status, c.created_at, c.approved_at FROM cases c WHERE {COHORT}"
        );
        let rows: Vec<CaseRow> = self.rows(&sql, &cohort).await?;
        let mut cases = Vec::with_capacity(rows.len());
        let mut by_number = HashMap::with_capacity(rows.len());
        for (number, level, region, district, subjects, status, created_at, approved_at) in rows {
            let bad = |what: &str| corrupt(format!("case {number}: bad {what}"));
            by_number.insert(number, cases.len());
            cases.push(CaseFacts {
                number,
                level,
                region,
                district,
                subjects: serde_json::from_str(&subjects).map_err(|_| bad("subjects"))?,
                status: CaseStatus::parse(&status).ok_or_else(|| bad("status"))?,
                posted_at: from_millis(created_at)?,
                approved_at: approved_at.map(from_millis).transpose()?,
                first_applied_at: None,
                offers: Vec::new(),
            });
        }

        // Every application counts, whatever became of it: a tutor answered the case.
        let sql = format!(
            "SELECT a.case_number, MIN(a.created_at) FROM case_applications a JOIN cases c ON c.number = a.case_number \
             WHERE {COHORT} AND a.created_at < $4 GROUP BY a.case_number"
        );
        for (number, first) in self.rows::<(i64, i64)>(&sql, &and(&[Value::Int(until)])).await? {
            if let Some(&at) = by_number.get(&number) {
                cases[at].first_applied_at = Some(from_millis(first)?);
            }
        }

        let sql = format!(
            "SELECT o.id, o.case_number, o.status, o.created_at, o.decided_at FROM offers o JOIN cases c ON c.number = o.case_number \
             WHERE {COHORT} AND o.created_at < $4 ORDER BY o.created_at, o.id"
        );
        let rows: Vec<(String, i64, String, i64, Option<i64>)> = self.rows(&sql, &and(&[Value::Int(until)])).await?;
        // Each offer's place: (its case's, its own among the case's offers).
        let mut offers: HashMap<String, (usize, usize)> = HashMap::with_capacity(rows.len());
        for (id, number, status, created_at, decided_at) in rows {
            let Some(&at) = by_number.get(&number) else { continue };
            let status = OfferStatus::parse(&status).ok_or_else(|| corrupt(format!("offer {id}: bad status")))?;
            // A confirmed offer's decision is the confirmation: the match.
            let confirmed_at = if status == OfferStatus::Confirmed { decided_at.map(from_millis).transpose()? } else { None };
            offers.insert(id, (at, cases[at].offers.len()));
            cases[at].offers.push(OfferFacts { made_at: from_millis(created_at)?, confirmed_at, first_lesson_at: None, ended_at: None });
        }

        // A lesson held: confirmed (now), recorded before the end. Its start is what counts.
        let sql = format!(
            "SELECT l.arrangement_id, MIN(l.starts_at) FROM lessons l JOIN offers o ON o.id = l.arrangement_id \
             JOIN cases c ON c.number = o.case_number WHERE {COHORT} AND l.status = $4 AND l.recorded_at < $5 \
             GROUP BY l.arrangement_id"
        );
        let held = and(&[Value::Text(LessonStatus::Confirmed.key().into()), Value::Int(until)]);
        for (offer, first) in self.rows::<(String, i64)>(&sql, &held).await? {
            if let Some(&(at, index)) = offers.get(&offer) {
                cases[at].offers[index].first_lesson_at = Some(from_millis(first)?);
            }
        }

        let sql = format!(
            "SELECT e.arrangement_id, e.ended_at FROM arrangement_endings e JOIN offers o ON o.id = e.arrangement_id \
             JOIN cases c ON c.number = o.case_number WHERE {COHORT} AND e.ended_at < $4"
        );
        for (offer, ended_at) in self.rows::<(String, i64)>(&sql, &and(&[Value::Int(until)])).await? {
            if let Some(&(at, index)) = offers.get(&offer) {
                cases[at].offers[index].ended_at = Some(from_millis(ended_at)?);
            }
        }
        Ok(cases)
    }

    async fn tutor_events(&self, period: Period, until: i64) -> Result<Vec<TutorEvent>, RepositoryError> {
        let (start, until) = (Value::Int(millis(period.start())), Value::Int(until));
        let held_by_tutor = [
            Value::Text(ArrangementSide::Tutor.key().into()),
            Value::Text(LessonStatus::Cancelled.key().into()),
            start.clone(),
            until.clone(),
            Value::Text(LessonStatus::NotHeld.key().into()),
        ];
        // A lesson held: neither cancelled nor found not held by the back office.
        let lessons = "l.recorded_by = $1 AND l.status <> $2 AND l.status <> $5 AND l.recorded_at >= $3 AND l.recorded_at < $4";
        let queries: [(TutorActivity, String, Vec<Value>); 5] = [
            (
                TutorActivity::Applied,
                "SELECT tutor_id, created_at FROM case_applications WHERE created_at >= $1 AND created_at < $2".into(),
                vec![start.clone(), until.clone()],
            ),
            (
                TutorActivity::Approved,
                "SELECT user_id, reviewed_at FROM tutor_applications WHERE status = $1 AND reviewed_at >= $2 AND reviewed_at < $3".into(),
                vec![Value::Text(TutorApplicationStatus::Approved.key().into()), start.clone(), until.clone()],
            ),
            (
                TutorActivity::Confirmed,
                "SELECT tutor_id, decided_at FROM offers WHERE status = $1 AND decided_at >= $2 AND decided_at < $3".into(),
                vec![Value::Text(OfferStatus::Confirmed.key().into()), start.clone(), until.clone()],
            ),
            (
                TutorActivity::RecordedLesson,
                format!("SELECT o.tutor_id, l.recorded_at FROM lessons l JOIN offers o ON o.id = l.arrangement_id WHERE {lessons}"),
                held_by_tutor.to_vec(),
            ),
            (
                TutorActivity::RecordedLesson,
                format!("SELECT b.tutor_id, l.recorded_at FROM lessons l JOIN bookings b ON b.id = l.arrangement_id WHERE {lessons}"),
                held_by_tutor.to_vec(),
            ),
        ];
        let mut events = Vec::new();
        for (activity, sql, values) in queries {
            for (tutor, at) in self.rows::<(String, i64)>(&sql, &values).await? {
                events.push(TutorEvent { tutor: parse_uuid(&tutor)?, activity, at: from_millis(at)? });
            }
        }
        Ok(events)
    }

    async fn invoices(&self, period: Period, until: i64) -> Result<Vec<InvoiceFacts>, RepositoryError> {
        let sql = "SELECT id, issued_at, fee_cents, due_on FROM invoices WHERE issued_at < $1 ORDER BY id";
        let rows: Vec<(i64, i64, i64, String)> = self.rows(sql, &[Value::Int(until)]).await?;
        let mut invoices = Vec::with_capacity(rows.len());
        let mut by_id = HashMap::with_capacity(rows.len());
        for (id, issued_at, fee_cents, due_on) in rows {
            by_id.insert(id, invoices.len());
            invoices.push(InvoiceFacts {
                issued_at: from_millis(issued_at)?,
                fee_cents,
                due_on: day(&due_on, &format!("invoice {id}"))?,
                lines: Vec::new(),
            });
        }
        // Dates are stored as YYYY-MM-DD, which compare as text.
        let last_day = period.last_day().format("%Y-%m-%d").to_string();
        let rows: Vec<(i64, String, i64, String)> = self
            .rows(
                "SELECT l.invoice_id, l.kind, l.amount_cents, l.on_date FROM invoice_lines l JOIN invoices i ON i.id = l.invoice_id \
                 WHERE i.issued_at < $1 AND l.on_date <= $2 ORDER BY l.invoice_id, l.seq",
                &[Value::Int(until), Value::Text(last_day)],
            )
            .await?;
        for (id, kind, amount, on) in rows {
            let what = format!("invoice {id}");
            let Some(&at) = by_id.get(&id) else { continue };
            let kind = LineKind::parse(&kind).ok_or_else(|| corrupt(format!("{what}: bad line kind {kind:?}")))?;
            invoices[at].lines.push(LedgerEntry { kind, amount, on: day(&on, &what)? });
        }
        Ok(invoices)
    }
}

fn day(text: &str, what: &str) -> Result<NaiveDate, RepositoryError> {
    NaiveDate::parse_from_str(text, "%Y-%m-%d").map_err(|_| corrupt(format!("{what}: bad date {text:?}")))
}

#[async_trait]
impl MarketFacts for SqlMarketFacts {
    async fn facts(&self, period: Period, until: DateTime<Utc>) -> Result<ReportFacts, RepositoryError> {
        let until = millis(until);
        Ok(ReportFacts {
            cases: self.cases(period, until).await?,
            tutor_events: self.tutor_events(period, until).await?,
            invoices: self.invoices(period, until).await?,
        })
    }
}
