//! The search read model's change feed in SQL: the database's triggers write it
//! (migration 0014), this reads it, for SQLite and PostgreSQL alike.

use async_trait::async_trait;
use sqlx::{AnyPool, Row};
use tutorhub_domain::search::ports::{Change, ChangeFeed, Changed};
use tutorhub_domain::shared::storage::RepositoryError;

use crate::cache::coalesced_read::CoalescedRead;
use crate::sql::cases::parse_uuid;
use crate::sql::rows::{corrupt, repository_error};

pub struct SqlChangeFeed {
    pool: AnyPool,
    /// Every public search asks for the version: concurrent asks share one query.
    version: CoalescedRead<i64>,
}

/// Changes the feed keeps (the sweep job removes older ones): a server that falls further
/// behind than this, which following every second never does, loads its index again.
pub const CHANGES_KEPT: i64 = 1_000_000;

/// Changes removed per statement.
const PRUNE_BATCH: i64 = 10_000;

impl SqlChangeFeed {
    pub fn new(pool: AnyPool) -> Self {
        Self { pool, version: CoalescedRead::default() }
    }

    /// Removes all but the newest `keep` changes; answers how many it removed. In batches, so
    /// the first prune of a long feed never holds SQLite's one writer for long.
    ///
    /// # Errors
    /// The database fails; what was removed stays removed.
    pub async fn prune(&self, keep: i64) -> Result<u64, RepositoryError> {
        let mut removed = 0;
        loop {
            let done = sqlx::query(
                "DELETE FROM search_changes WHERE version IN (SELECT version FROM search_changes \
                 WHERE version <= (SELECT version FROM search_feed_version WHERE id = 1) - $1 ORDER BY version LIMIT $2)",
            )
            .bind(keep)
            .bind(PRUNE_BATCH)
            .execute(&self.pool)
            .await
            .map_err(repository_error)?;
            removed += done.rows_affected();
            if done.rows_affected() == 0 {
                return Ok(removed);
            }
        }
    }
}

#[async_trait]
impl ChangeFeed for SqlChangeFeed {
    async fn version(&self) -> Result<i64, RepositoryError> {
        self.version
            .get(|| async {
                sqlx::query_scalar("SELECT version FROM search_feed_version WHERE id = 1")
                    .fetch_one(&self.pool)
                    .await
                    .map_err(repository_error)
            })
            .await
    }

    async fn changes_since(&self, version: i64, limit: u32) -> Result<Vec<Change>, RepositoryError> {
        let rows = sqlx::query("SELECT version, kind, key FROM search_changes WHERE version > $1 ORDER BY version LIMIT $2")
            .bind(version)
            .bind(i64::from(limit))
            .fetch_all(&self.pool)
            .await
            .map_err(repository_error)?;
        rows.iter()
            .map(|row| {
                let version: i64 = row.try_get(0).map_err(repository_error)?;
                let kind: String = row.try_get(1).map_err(repository_error)?;
                let key: String = row.try_get(2).map_err(repository_error)?;
                let changed = match kind.as_str() {
                    "case" => Changed::Case(key.parse().map_err(|_| corrupt(format!("change {version}: bad case number")))?),
                    "tutor" => Changed::Tutor(parse_uuid(&key)?),
                    other => return Err(corrupt(format!("change {version}: unknown kind {other}"))),
                };
                Ok(Change { version, changed })
            })
            .collect()
    }
}
