//! Refresh tokens in SQL, for SQLite and PostgreSQL alike.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use sqlx::{AnyPool, FromRow};
use tutorhub_domain::accounts::ports::{RefreshTokenRecord, RefreshTokenRepository};
use tutorhub_domain::shared::storage::RepositoryError;
use uuid::Uuid;

use crate::sql::rows::{Value, bind_all, corrupt, from_millis, millis, repository_error};

/// Passes of a revoking UPDATE before giving up on it settling (see `revoke_until_settled`):
/// each pass after the first only exists because a rotation ran at the same time.
const MAX_REVOKE_PASSES: usize = 8;

pub struct SqlRefreshTokenRepository {
    pool: AnyPool,
}

impl SqlRefreshTokenRepository {
    pub fn new(pool: AnyPool) -> Self {
        Self { pool }
    }

    /// Runs a revoking `UPDATE … SET revoked_at = $1 WHERE … AND revoked_at IS NULL` until a
    /// pass changes no row.
    ///
    /// One pass is not enough on PostgreSQL (READ COMMITTED): a rotation that holds the lock on
    /// a token the UPDATE wants makes it wait, and once the rotation commits the UPDATE revokes
    /// that token but cannot see the successor the rotation inserted (it was not committed when
    /// the statement began). The next pass, a new statement, sees it. A pass that changes
    /// nothing proves that no rotation of these tokens was in flight, and none can start: every
    /// token is revoked, and `rotate` only moves a token that is not. SQLite runs one writer at
    /// a time, so there the second pass always finds nothing.
    async fn revoke_until_settled(&self, sql: &str, values: &[Value]) -> Result<(), RepositoryError> {
        for _ in 0..MAX_REVOKE_PASSES {
            let done = bind_all(sql, values).execute(&self.pool).await.map_err(repository_error)?;
            if done.rows_affected() == 0 {
                return Ok(());
            }
        }
        tracing::warn!("refresh tokens were still being rotated after {MAX_REVOKE_PASSES} revoking passes");
        Ok(())
    }
}

/// Stores one token, alone or inside a rotation's transaction.
async fn insert_record<'e>(executor: impl sqlx::Executor<'e, Database = sqlx::Any>, r: RefreshTokenRecord) -> Result<(), RepositoryError> {
    sqlx::query(
        "INSERT INTO refresh_tokens (id, family_id, user_id, token_hash, created_at, expires_at, rotated_at, revoked_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
    )
    .bind(r.id.to_string())
    .bind(r.family_id.to_string())
    .bind(r.user_id.to_string())
    .bind(r.token_hash)
    .bind(millis(r.created_at))
    .bind(millis(r.expires_at))
    .bind(r.rotated_at.map(millis))
    .bind(r.revoked_at.map(millis))
    .execute(executor)
    .await
    .map_err(repository_error)?;
    Ok(())
}

#[derive(FromRow)]
struct Row {
    id: String,
    family_id: String,
    user_id: String,
    token_hash: String,
    created_at: i64,
    expires_at: i64,
    rotated_at: Option<i64>,
    revoked_at: Option<i64>,
}

impl Row {
    fn into_record(self) -> Result<RefreshTokenRecord, RepositoryError> {
        let uuid = |s: &str| Uuid::parse_str(s).map_err(|_| corrupt(format!("refresh token {}: bad uuid", self.id)));
        let time = |ms: Option<i64>| ms.map(from_millis).transpose();
        Ok(RefreshTokenRecord {
            id: uuid(&self.id)?,
            family_id: uuid(&self.family_id)?,
            user_id: uuid(&self.user_id)?,
            token_hash: self.token_hash.clone(),
            created_at: from_millis(self.created_at)?,
            expires_at: from_millis(self.expires_at)?,
            rotated_at: time(self.rotated_at)?,
            revoked_at: time(self.revoked_at)?,
        })
    }
}

#[async_trait]
impl RefreshTokenRepository for SqlRefreshTokenRepository {
    async fn insert(&self, r: RefreshTokenRecord) -> Result<(), RepositoryError> {
        insert_record(&self.pool, r).await
    }

    async fn find_by_hash(&self, token_hash: &str) -> Result<Option<RefreshTokenRecord>, RepositoryError> {
        let row: Option<Row> = sqlx::query_as(
            "SELECT id, family_id, user_id, token_hash, created_at, expires_at, rotated_at, revoked_at \
             FROM refresh_tokens WHERE token_hash = $1",
        )
        .bind(token_hash.to_string())
        .fetch_optional(&self.pool)
        .await
        .map_err(repository_error)?;
        row.map(Row::into_record).transpose()
    }

    async fn rotate(&self, old_id: Uuid, new: RefreshTokenRecord, at: DateTime<Utc>) -> Result<bool, RepositoryError> {
        let mut tx = self.pool.begin().await.map_err(repository_error)?;
        // Compare-and-set: the row lock (PostgreSQL) or the write lock (SQLite) lets exactly one
        // of several concurrent refreshes see the token neither rotated nor revoked. A loser
        // waits for the winner's transaction, successor included, to commit before it learns
        // that it lost, so the revoke that follows its loss sees the successor.
        let won = sqlx::query("UPDATE refresh_tokens SET rotated_at = $1 WHERE id = $2 AND rotated_at IS NULL AND revoked_at IS NULL")
            .bind(millis(at))
            .bind(old_id.to_string())
            .execute(&mut *tx)
            .await
            .map_err(repository_error)?;
        if won.rows_affected() != 1 {
            return Ok(false);
        }
        insert_record(&mut *tx, new).await?;
        tx.commit().await.map_err(repository_error)?;
        Ok(true)
    }

    async fn revoke_family(&self, family_id: Uuid, at: DateTime<Utc>) -> Result<(), RepositoryError> {
        self.revoke_until_settled(
            "UPDATE refresh_tokens SET revoked_at = $1 WHERE family_id = $2 AND revoked_at IS NULL",
            &[Value::Int(millis(at)), Value::Text(family_id.to_string())],
        )
        .await
    }

    async fn revoke_user(&self, user_id: Uuid, at: DateTime<Utc>) -> Result<(), RepositoryError> {
        self.revoke_until_settled(
            "UPDATE refresh_tokens SET revoked_at = $1 WHERE user_id = $2 AND revoked_at IS NULL",
            &[Value::Int(millis(at)), Value::Text(user_id.to_string())],
        )
        .await
    }

    async fn revoke_user_except(&self, user_id: Uuid, keep_family: Uuid, at: DateTime<Utc>) -> Result<(), RepositoryError> {
        self.revoke_until_settled(
            "UPDATE refresh_tokens SET revoked_at = $1 WHERE user_id = $2 AND family_id <> $3 AND revoked_at IS NULL",
            &[Value::Int(millis(at)), Value::Text(user_id.to_string()), Value::Text(keep_family.to_string())],
        )
        .await
    }
}
