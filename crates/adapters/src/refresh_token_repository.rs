//! Refresh tokens in SQL, for SQLite and PostgreSQL alike.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use sqlx::{AnyPool, FromRow};
use tutorhub_domain::ports::{RefreshTokenRecord, RefreshTokenRepository, RepositoryError};
use uuid::Uuid;

use crate::sql::{corrupt, from_millis, millis, repository_error};

pub struct SqlRefreshTokenRepository {
    pool: AnyPool,
}

impl SqlRefreshTokenRepository {
    pub fn new(pool: AnyPool) -> Self {
        Self { pool }
    }
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
        .execute(&self.pool)
        .await
        .map_err(repository_error)?;
        Ok(())
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

    async fn mark_rotated(&self, id: Uuid, at: DateTime<Utc>) -> Result<bool, RepositoryError> {
        // One conditional UPDATE: the row lock (PostgreSQL) or the write lock (SQLite) lets
        // exactly one of two concurrent refreshes see a NULL rotated_at.
        let done = sqlx::query(
            "UPDATE refresh_tokens SET rotated_at = $1 WHERE id = $2 AND rotated_at IS NULL AND revoked_at IS NULL",
        )
        .bind(millis(at))
        .bind(id.to_string())
        .execute(&self.pool)
        .await
        .map_err(repository_error)?;
        Ok(done.rows_affected() == 1)
    }

    async fn revoke_family(&self, family_id: Uuid, at: DateTime<Utc>) -> Result<(), RepositoryError> {
        sqlx::query("UPDATE refresh_tokens SET revoked_at = $1 WHERE family_id = $2 AND revoked_at IS NULL")
            .bind(millis(at))
            .bind(family_id.to_string())
            .execute(&self.pool)
            .await
            .map_err(repository_error)?;
        Ok(())
    }

    async fn revoke_user(&self, user_id: Uuid, at: DateTime<Utc>) -> Result<(), RepositoryError> {
        sqlx::query("UPDATE refresh_tokens SET revoked_at = $1 WHERE user_id = $2 AND revoked_at IS NULL")
            .bind(millis(at))
            .bind(user_id.to_string())
            .execute(&self.pool)
            .await
            .map_err(repository_error)?;
        Ok(())
    }
}
