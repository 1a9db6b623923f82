//! Saved searches and the alerts' outbox in SQL, for SQLite and PostgreSQL alike. Every step
//! of delivery is one transaction that re-checks its condition in the write, so any number of
//! servers can run rounds at once.

use async_trait::async_trait;
use chrono::{DateTime, Duration, Utc};
use sqlx::{AnyPool, FromRow, Row};
use tutorhub_domain::alerts::model::{AlertChannel, AlertMatch, Criteria, NewSavedSearch, SavedSearch};
use tutorhub_domain::alerts::ports::{AlertRepository, ClaimedMessage, MatchRecord, MessageEnd, SaveOutcome};
use tutorhub_domain::cases::search::CaseQuery;
use tutorhub_domain::shared::storage::RepositoryError;
use uuid::Uuid;

use crate::sql::cases::parse_uuid;
use crate::sql::database::{Database, Engine};
use crate::sql::rows::{Value, bind_all, corrupt, from_millis, millis, repository_error};

const COLUMNS: &str = "s.number, s.tutor_id, s.query, s.keywords, s.channel, s.stopped_at, s.created_at";
/// Matches inserted per statement: well under every engine's limit on bound parameters.
const CHUNK: usize = 100;

pub struct SqlAlertRepository {
    pool: AnyPool,
    engine: Engine,
}

impl SqlAlertRepository {
    pub fn new(database: &Database) -> Self {
        Self { pool: database.pool().clone(), engine: database.engine() }
    }

    /// Takes cases `first..=last` off the queue of cases to match: for benchmark data, which is
    /// news to nobody.
    ///
    /// # Errors
    /// When the store fails.
    pub async fn forget_queued_cases(&self, first: i64, last: i64) -> Result<u64, RepositoryError> {
        let forgotten = sqlx::query("DELETE FROM alert_case_queue WHERE case_number BETWEEN $1 AND $2")
            .bind(first)
            .bind(last)
            .execute(&self.pool)
            .await
            .map_err(repository_error)?;
        Ok(forgotten.rows_affected())
    }

    async fn searches(&self, condition: &str, values: &[Value]) -> Result<Vec<SavedSearch>, RepositoryError> {
        let sql = format!("SELECT {COLUMNS} FROM saved_searches s {condition}");
        let rows = bind_all(&sql, values).fetch_all(&self.pool).await.map_err(repository_error)?;
        rows.iter().map(|row| SearchRow::from_row(row).map_err(repository_error)?.into_search()).collect()
    }
}

#[derive(FromRow)]
struct SearchRow {
    number: i64,
    tutor_id: String,
    query: String,
    keywords: String,
    channel: String,
    stopped_at: Option<i64>,
    created_at: i64,
}

impl SearchRow {
    fn into_search(self) -> Result<SavedSearch, RepositoryError> {
        let bad = |what: &str| corrupt(format!("saved search {}: bad {what}", self.number));
        let query: CaseQuery = serde_json::from_str(&self.query).map_err(|_| bad("query"))?;
        Ok(SavedSearch {
            number: self.number,
            tutor_id: parse_uuid(&self.tutor_id)?,
            // Not judged again: a search the catalogue has outgrown still reads (and matches nothing).
            criteria: Criteria::from_stored(query, &self.keywords),
            channel: AlertChannel::parse(&self.channel).ok_or_else(|| bad("channel"))?,
            stopped: self.stopped_at.is_some(),
            created_at: from_millis(self.created_at)?,
        })
    }
}

fn query_json(criteria: &Criteria) -> Result<String, RepositoryError> {
    serde_json::to_string(&criteria.query).map_err(|e| corrupt(format!("saved search query: {e}")))
}

fn channel_of(key: &str) -> Result<AlertChannel, RepositoryError> {
    AlertChannel::parse(key).ok_or_else(|| corrupt(format!("bad alert channel {key}")))
}

#[async_trait]
impl AlertRepository for SqlAlertRepository {
    async fn insert_search(&self, search: NewSavedSearch, max: u32) -> Result<SaveOutcome, RepositoryError> {
        let tutor = search.tutor_id.to_string();
        let mut tx = self.pool.begin().await.map_err(repository_error)?;
        if self.engine == Engine::Postgres {
            // Two saves of one tutor take turns, so the count below sees the other's row.
            sqlx::query("SELECT pg_advisory_xact_lock(hashtext('saved-searches-of:' || $1))")
                .bind(tutor.clone())
                .execute(&mut *tx)
                .await
                .map_err(repository_error)?;
        }
        let number: Option<i64> = sqlx::query_scalar(
            "INSERT INTO saved_searches (tutor_id, query, keywords, level, region, channel, created_at) \
             SELECT $1, $2, $3, $4, $5, $6, $7 \
             WHERE (SELECT COUNT(*) FROM saved_searches WHERE tutor_id = $1) < $8 \
             RETURNING number",
        )
        .bind(tutor)
        .bind(query_json(&search.criteria)?)
        .bind(search.criteria.keywords.words().join(" "))
        .bind(search.criteria.level().map(str::to_string))
        .bind(search.criteria.region().map(str::to_string))
        .bind(search.channel.key())
        .bind(millis(search.created_at))
        .bind(i64::from(max))
        .fetch_optional(&mut *tx)
        .await
        .map_err(repository_error)?;
        tx.commit().await.map_err(repository_error)?;
        Ok(match number {
            Some(number) => SaveOutcome::Saved(Box::new(SavedSearch {
                number,
                tutor_id: search.tutor_id,
                criteria: search.criteria,
                channel: search.channel,
                stopped: false,
                created_at: from_millis(millis(search.created_at))?,
            })),
            None => SaveOutcome::LimitReached,
        })
    }

    async fn searches_of(&self, tutor_id: Uuid) -> Result<Vec<SavedSearch>, RepositoryError> {
        self.searches("WHERE s.tutor_id = $1 ORDER BY s.number", &[Value::Text(tutor_id.to_string())]).await
    }

    async fn find_search(&self, number: i64) -> Result<Option<SavedSearch>, RepositoryError> {
        Ok(self.searches("WHERE s.number = $1", &[Value::Int(number)]).await?.pop())
    }

    async fn update_search(&self, number: i64, criteria: &Criteria, channel: AlertChannel) -> Result<bool, RepositoryError> {
        let changed =
            sqlx::query("UPDATE saved_searches SET query = $1, keywords = $2, level = $3, region = $4, channel = $5 WHERE number = $6")
                .bind(query_json(criteria)?)
                .bind(criteria.keywords.words().join(" "))
                .bind(criteria.level().map(str::to_string))
                .bind(criteria.region().map(str::to_string))
                .bind(channel.key())
                .bind(number)
                .execute(&self.pool)
                .await
                .map_err(repository_error)?
                .rows_affected();
        Ok(changed == 1)
    }

    async fn delete_search(&self, number: i64) -> Result<bool, RepositoryError> {
        let mut tx = self.pool.begin().await.map_err(repository_error)?;
        // Its matches go with it, sent or not: a message still to send finds nothing left to say.
        sqlx::query("DELETE FROM alert_matches WHERE search_number = $1").bind(number).execute(&mut *tx).await.map_err(repository_error)?;
        let deleted = sqlx::query("DELETE FROM saved_searches WHERE number = $1")
            .bind(number)
            .execute(&mut *tx)
            .await
            .map_err(repository_error)?
            .rows_affected();
        tx.commit().await.map_err(repository_error)?;
        Ok(deleted == 1)
    }

    async fn set_stopped(&self, number: i64, stopped: bool) -> Result<bool, RepositoryError> {
        let mut tx = self.pool.begin().await.map_err(repository_error)?;
        let changed = sqlx::query("UPDATE saved_searches SET stopped_at = $1 WHERE number = $2")
            .bind(stopped.then(|| millis(Utc::now())))
            .bind(number)
            .execute(&mut *tx)
            .await
            .map_err(repository_error)?
            .rows_affected();
        if stopped {
            // What was waiting for the next message is not sent either.
            sqlx::query("DELETE FROM alert_matches WHERE search_number = $1 AND message_id IS NULL")
                .bind(number)
                .execute(&mut *tx)
                .await
                .map_err(repository_error)?;
        }
        tx.commit().await.map_err(repository_error)?;
        Ok(changed == 1)
    }

    async fn recent_matches(&self, tutor_id: Uuid, limit: u32) -> Result<Vec<MatchRecord>, RepositoryError> {
        let rows = sqlx::query(
            "SELECT search_number, case_number, created_at FROM alert_matches WHERE tutor_id = $1 \
             ORDER BY created_at DESC, case_number DESC LIMIT $2",
        )
        .bind(tutor_id.to_string())
        .bind(i64::from(limit))
        .fetch_all(&self.pool)
        .await
        .map_err(repository_error)?;
        rows.iter()
            .map(|row| {
                Ok(MatchRecord {
                    search: row.try_get(0).map_err(repository_error)?,
                    case_number: row.try_get(1).map_err(repository_error)?,
                    at: from_millis(row.try_get(2).map_err(repository_error)?)?,
                })
            })
            .collect()
    }

    async fn opened_cases(&self, limit: u32) -> Result<Vec<i64>, RepositoryError> {
        sqlx::query_scalar("SELECT case_number FROM alert_case_queue ORDER BY queued_at, case_number LIMIT $1")
            .bind(i64::from(limit))
            .fetch_all(&self.pool)
            .await
            .map_err(repository_error)
    }

    async fn candidates(&self, level: &str, region: &str) -> Result<Vec<SavedSearch>, RepositoryError> {
        self.searches(
            "JOIN tutor_profiles t ON t.user_id = s.tutor_id AND t.active = 1 \
             WHERE s.stopped_at IS NULL AND (s.level IS NULL OR s.level = $1) AND (s.region IS NULL OR s.region = $2) \
             ORDER BY s.number",
            &[Value::Text(level.into()), Value::Text(region.into())],
        )
        .await
    }

    async fn record_matches(&self, case_number: i64, matches: &[AlertMatch], at: DateTime<Utc>) -> Result<bool, RepositoryError> {
        let mut tx = self.pool.begin().await.map_err(repository_error)?;
        let taken = sqlx::query("DELETE FROM alert_case_queue WHERE case_number = $1")
            .bind(case_number)
            .execute(&mut *tx)
            .await
            .map_err(repository_error)?
            .rows_affected();
        if taken == 0 {
            tx.rollback().await.map_err(repository_error)?;
            return Ok(false);
        }
        for chunk in matches.chunks(CHUNK) {
            let rows: Vec<String> = (0..chunk.len())
                .map(|i| {
                    let n = i * 5;
                    format!("(${}, ${}, ${}, ${}, ${})", n + 1, n + 2, n + 3, n + 4, n + 5)
                })
                .collect();
            let sql = format!(
                "INSERT INTO alert_matches (search_number, case_number, tutor_id, channel, created_at) VALUES {} \
                 ON CONFLICT (search_number, case_number) DO NOTHING",
                rows.join(", ")
            );
            let mut query = sqlx::query(&sql);
            for m in chunk {
                query = query.bind(m.search).bind(m.case_number).bind(m.tutor_id.to_string()).bind(m.channel.key()).bind(millis(at));
            }
            query.execute(&mut *tx).await.map_err(repository_error)?;
        }
        tx.commit().await.map_err(repository_error)?;
        Ok(true)
    }

    async fn waiting(&self, at: DateTime<Utc>, gap: Duration, limit: u32) -> Result<Vec<(Uuid, AlertChannel)>, RepositoryError> {
        let rows = sqlx::query(
            "SELECT m.tutor_id, m.channel, MIN(m.created_at) AS since FROM alert_matches m \
             LEFT JOIN alert_channel_state c ON c.tutor_id = m.tutor_id AND c.channel = m.channel \
             WHERE m.message_id IS NULL AND (c.last_message_at IS NULL OR c.last_message_at <= $1) \
             GROUP BY m.tutor_id, m.channel ORDER BY since LIMIT $2",
        )
        .bind(millis(at - gap))
        .bind(i64::from(limit))
        .fetch_all(&self.pool)
        .await
        .map_err(repository_error)?;
        rows.iter()
            .map(|row| {
                let tutor: String = row.try_get(0).map_err(repository_error)?;
                let channel: String = row.try_get(1).map_err(repository_error)?;
                Ok((parse_uuid(&tutor)?, channel_of(&channel)?))
            })
            .collect()
    }

    async fn compose(
        &self,
        tutor_id: Uuid,
        channel: AlertChannel,
        at: DateTime<Utc>,
        gap: Duration,
    ) -> Result<Option<i64>, RepositoryError> {
        let (tutor, key, now) = (tutor_id.to_string(), channel.key(), millis(at));
        let mut tx = self.pool.begin().await.map_err(repository_error)?;
        // A write first: it holds this tutor's channel (a row lock on PostgreSQL, the write lock
        // on SQLite) until the transaction ends, so the time read here stays true.
        let last: i64 = sqlx::query_scalar(
            "INSERT INTO alert_channel_state (tutor_id, channel, last_message_at) VALUES ($1, $2, 0) \
             ON CONFLICT (tutor_id, channel) DO UPDATE SET last_message_at = alert_channel_state.last_message_at \
             RETURNING last_message_at",
        )
        .bind(tutor.clone())
        .bind(key)
        .fetch_one(&mut *tx)
        .await
        .map_err(repository_error)?;
        if last > millis(at - gap) {
            tx.rollback().await.map_err(repository_error)?;
            return Ok(None);
        }
        let id: i64 = sqlx::query_scalar("INSERT INTO alert_messages (tutor_id, channel, created_at) VALUES ($1, $2, $3) RETURNING id")
            .bind(tutor.clone())
            .bind(key)
            .bind(now)
            .fetch_one(&mut *tx)
            .await
            .map_err(repository_error)?;
        let gathered = sqlx::query("UPDATE alert_matches SET message_id = $1 WHERE tutor_id = $2 AND channel = $3 AND message_id IS NULL")
            .bind(id)
            .bind(tutor.clone())
            .bind(key)
            .execute(&mut *tx)
            .await
            .map_err(repository_error)?
            .rows_affected();
        if gathered == 0 {
            tx.rollback().await.map_err(repository_error)?;
            return Ok(None);
        }
        sqlx::query("UPDATE alert_channel_state SET last_message_at = $1 WHERE tutor_id = $2 AND channel = $3")
            .bind(now)
            .bind(tutor)
            .bind(key)
            .execute(&mut *tx)
            .await
            .map_err(repository_error)?;
        tx.commit().await.map_err(repository_error)?;
        Ok(Some(id))
    }

    async fn claim_message(
        &self,
        at: DateTime<Utc>,
        lease: Duration,
        max_attempts: u32,
    ) -> Result<Option<ClaimedMessage>, RepositoryError> {
        let (now, until) = (millis(at), millis(at + lease));
        // Messages tried as often as allowed, whose last claim ran out, are given up for good.
        sqlx::query(
            "UPDATE alert_messages SET cancelled_at = $1 WHERE sent_at IS NULL AND cancelled_at IS NULL \
             AND attempts >= $2 AND claimed_until < $1",
        )
        .bind(now)
        .bind(i64::from(max_attempts))
        .execute(&self.pool)
        .await
        .map_err(repository_error)?;
        // The condition is checked again in the UPDATE itself: of two workers that picked the
        // same message, the second finds it claimed and gets nothing.
        let claimed = sqlx::query(
            "UPDATE alert_messages SET claimed_until = $1, attempts = attempts + 1 \
             WHERE id = (SELECT id FROM alert_messages WHERE sent_at IS NULL AND cancelled_at IS NULL \
                         AND (claimed_until IS NULL OR claimed_until < $2) AND attempts < $3 ORDER BY id LIMIT 1) \
             AND sent_at IS NULL AND cancelled_at IS NULL AND (claimed_until IS NULL OR claimed_until < $2) AND attempts < $3 \
             RETURNING id, tutor_id, channel",
        )
        .bind(until)
        .bind(now)
        .bind(i64::from(max_attempts))
        .fetch_optional(&self.pool)
        .await
        .map_err(repository_error)?;
        let Some(row) = claimed else { return Ok(None) };
        let id: i64 = row.try_get(0).map_err(repository_error)?;
        let tutor: String = row.try_get(1).map_err(repository_error)?;
        let channel: String = row.try_get(2).map_err(repository_error)?;
        let matches: Vec<(i64, i64)> = sqlx::query_as(
            "SELECT m.search_number, m.case_number FROM alert_matches m \
                 JOIN saved_searches s ON s.number = m.search_number AND s.stopped_at IS NULL \
                 WHERE m.message_id = $1 ORDER BY m.created_at, m.case_number",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await
        .map_err(repository_error)?;
        Ok(Some(ClaimedMessage {
            id,
            tutor_id: parse_uuid(&tutor)?,
            channel: channel_of(&channel)?,
            matches,
            claimed_until: from_millis(until)?,
        }))
    }

    async fn finish_message(
        &self,
        id: i64,
        claimed_until: DateTime<Utc>,
        end: MessageEnd,
        at: DateTime<Utc>,
    ) -> Result<bool, RepositoryError> {
        let column = match end {
            MessageEnd::Sent => "sent_at",
            MessageEnd::Cancelled => "cancelled_at",
        };
        let mut tx = self.pool.begin().await.map_err(repository_error)?;
        let sql = format!(
            "UPDATE alert_messages SET {column} = $1 WHERE id = $2 AND claimed_until = $3 AND sent_at IS NULL AND cancelled_at IS NULL \
             RETURNING tutor_id, channel, created_at"
        );
        let finished = sqlx::query(&sql)
            .bind(millis(at))
            .bind(id)
            .bind(millis(claimed_until))
            .fetch_optional(&mut *tx)
            .await
            .map_err(repository_error)?;
        if let (Some(row), MessageEnd::Cancelled) = (&finished, end) {
            // Nothing went out: the channel's hour is given back, if no later message took it.
            let (tutor, channel, created): (String, String, i64) = (
                row.try_get(0).map_err(repository_error)?,
                row.try_get(1).map_err(repository_error)?,
                row.try_get(2).map_err(repository_error)?,
            );
            sqlx::query("UPDATE alert_channel_state SET last_message_at = 0 WHERE tutor_id = $1 AND channel = $2 AND last_message_at = $3")
                .bind(tutor)
                .bind(channel)
                .bind(created)
                .execute(&mut *tx)
                .await
                .map_err(repository_error)?;
        }
        tx.commit().await.map_err(repository_error)?;
        Ok(finished.is_some())
    }
}
