//! SMS codes, verification grants, reset links and organization documents in SQL, for SQLite
//! and PostgreSQL alike. Each limit-bearing operation is one conditional statement, so the
//! database decides races.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use sqlx::{AnyPool, Row};
use tutorhub_domain::accounts::ports::{
    OrgDocument, OrgDocumentKind, OrgDocumentRepository, PasswordResetStore, PhoneCode, PhoneVerificationStore,
};
use tutorhub_domain::accounts::user::{OrgVerification, UserType};
use tutorhub_domain::shared::files::{StoredFile, Visibility};
use tutorhub_domain::shared::identity::Phone;
use tutorhub_domain::shared::storage::RepositoryError;
use uuid::Uuid;

use crate::sql::rows::{corrupt, from_millis, millis, repository_error};

pub struct SqlAccountStores {
    pool: AnyPool,
}

impl SqlAccountStores {
    pub fn new(pool: AnyPool) -> Self {
        Self { pool }
    }
}

#[async_trait]
impl PhoneVerificationStore for SqlAccountStores {
    async fn replace_code(&self, phone: &Phone, code: PhoneCode, cooldown_since: DateTime<Utc>) -> Result<bool, RepositoryError> {
        let done = sqlx::query(
            "INSERT INTO phone_codes (phone, code_hash, sent_at, expires_at, attempts) VALUES ($1, $2, $3, $4, 0) \
             ON CONFLICT (phone) DO UPDATE SET code_hash = excluded.code_hash, sent_at = excluded.sent_at, \
             expires_at = excluded.expires_at, attempts = 0 WHERE phone_codes.sent_at <= $5",
        )
        .bind(phone.as_str().to_string())
        .bind(code.code_hash)
        .bind(millis(code.sent_at))
        .bind(millis(code.expires_at))
        .bind(millis(cooldown_since))
        .execute(&self.pool)
        .await
        .map_err(repository_error)?;
        Ok(done.rows_affected() == 1)
    }

    async fn find_code(&self, phone: &Phone) -> Result<Option<PhoneCode>, RepositoryError> {
        let row = sqlx::query("SELECT code_hash, sent_at, expires_at, attempts FROM phone_codes WHERE phone = $1")
            .bind(phone.as_str().to_string())
            .fetch_optional(&self.pool)
            .await
            .map_err(repository_error)?;
        row.map(|row| {
            Ok(PhoneCode {
                code_hash: row.try_get("code_hash").map_err(repository_error)?,
                sent_at: from_millis(row.try_get("sent_at").map_err(repository_error)?)?,
                expires_at: from_millis(row.try_get("expires_at").map_err(repository_error)?)?,
                attempts: row.try_get("attempts").map_err(repository_error)?,
            })
        })
        .transpose()
    }

    async fn spend_attempt(&self, phone: &Phone, max_attempts: i64, now: DateTime<Utc>) -> Result<Option<String>, RepositoryError> {
        sqlx::query_scalar(
            "UPDATE phone_codes SET attempts = attempts + 1 WHERE phone = $1 AND attempts < $2 AND expires_at > $3 RETURNING code_hash",
        )
        .bind(phone.as_str().to_string())
        .bind(max_attempts)
        .bind(millis(now))
        .fetch_optional(&self.pool)
        .await
        .map_err(repository_error)
    }

    async fn delete_code(&self, phone: &Phone) -> Result<(), RepositoryError> {
        sqlx::query("DELETE FROM phone_codes WHERE phone = $1")
            .bind(phone.as_str().to_string())
            .execute(&self.pool)
            .await
            .map_err(repository_error)?;
        Ok(())
    }

    async fn grant(
        &self,
        phone: &Phone,
        grant_hash: &str,
        granted_at: DateTime<Utc>,
        expires_at: DateTime<Utc>,
    ) -> Result<(), RepositoryError> {
        sqlx::query(
            "INSERT INTO phone_grants (phone, grant_hash, granted_at, expires_at) VALUES ($1, $2, $3, $4) \
             ON CONFLICT (phone) DO UPDATE SET grant_hash = excluded.grant_hash, granted_at = excluded.granted_at, \
             expires_at = excluded.expires_at",
        )
        .bind(phone.as_str().to_string())
        .bind(grant_hash.to_string())
        .bind(millis(granted_at))
        .bind(millis(expires_at))
        .execute(&self.pool)
        .await
        .map_err(repository_error)?;
        Ok(())
    }

    async fn consume_grant(&self, phone: &Phone, grant_hash: &str, now: DateTime<Utc>) -> Result<bool, RepositoryError> {
        let done = sqlx::query("DELETE FROM phone_grants WHERE phone = $1 AND grant_hash = $2 AND expires_at > $3")
            .bind(phone.as_str().to_string())
            .bind(grant_hash.to_string())
            .bind(millis(now))
            .execute(&self.pool)
            .await
            .map_err(repository_error)?;
        Ok(done.rows_affected() == 1)
    }
}

#[async_trait]
impl PasswordResetStore for SqlAccountStores {
    async fn insert(
        &self,
        token_hash: &str,
        user_id: Uuid,
        created_at: DateTime<Utc>,
        expires_at: DateTime<Utc>,
    ) -> Result<(), RepositoryError> {
        let mut tx = self.pool.begin().await.map_err(repository_error)?;
        // Voided as if used. Two requests at the very same moment may both stay live (neither
        // sees the other's uncommitted link); redeeming either then voids the other.
        sqlx::query("UPDATE password_resets SET used_at = $1 WHERE user_id = $2 AND used_at IS NULL")
            .bind(millis(created_at))
            .bind(user_id.to_string())
            .execute(&mut *tx)
            .await
            .map_err(repository_error)?;
        sqlx::query("INSERT INTO password_resets (token_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)")
            .bind(token_hash.to_string())
            .bind(user_id.to_string())
            .bind(millis(created_at))
            .bind(millis(expires_at))
            .execute(&mut *tx)
            .await
            .map_err(repository_error)?;
        tx.commit().await.map_err(repository_error)?;
        Ok(())
    }

    async fn redeem(&self, token_hash: &str, now: DateTime<Utc>) -> Result<Option<Uuid>, RepositoryError> {
        // One statement marks every outstanding link of the token's account used, and the
        // token counts as redeemed only if it was among them. Two links of one account redeemed
        // at once: the second statement waits for the first's row locks (PostgreSQL) or its
        // write lock (SQLite), then finds nothing left unused, so at most one wins.
        let rows = sqlx::query(
            "UPDATE password_resets SET used_at = $1 WHERE used_at IS NULL AND user_id = \
             (SELECT user_id FROM password_resets WHERE token_hash = $2 AND used_at IS NULL AND expires_at > $1) \
             RETURNING token_hash, user_id",
        )
        .bind(millis(now))
        .bind(token_hash.to_string())
        .fetch_all(&self.pool)
        .await
        .map_err(repository_error)?;
        for row in rows {
            let hash: String = row.try_get("token_hash").map_err(repository_error)?;
            if hash == token_hash {
                let id: String = row.try_get("user_id").map_err(repository_error)?;
                return Uuid::parse_str(&id).map(Some).map_err(|_| corrupt("password reset: bad user id"));
            }
        }
        Ok(None)
    }
}

#[async_trait]
impl OrgDocumentRepository for SqlAccountStores {
    async fn insert(&self, user_id: Uuid, document: OrgDocument, at: DateTime<Utc>) -> Result<(), RepositoryError> {
        sqlx::query("INSERT INTO org_documents (user_id, kind, file_key, file_type, created_at) VALUES ($1, $2, $3, $4, $5)")
            .bind(user_id.to_string())
            .bind(document.kind.key().to_string())
            .bind(document.file.key)
            .bind(document.content_type)
            .bind(millis(at))
            .execute(&self.pool)
            .await
            .map_err(repository_error)?;
        Ok(())
    }

    async fn resubmit(&self, user_id: Uuid, documents: &[OrgDocument], at: DateTime<Utc>) -> Result<bool, RepositoryError> {
        let mut tx = self.pool.begin().await.map_err(repository_error)?;
        // Compare-and-set on the state: a decision or another resubmission racing this one
        // leaves the account out of `rejected`, and then nothing here is applied.
        let reopened = sqlx::query(
            "UPDATE users SET org_verification = $1, org_rejection_reason = NULL, updated_at = $2 \
             WHERE id = $3 AND user_type = $4 AND org_verification = $5",
        )
        .bind(OrgVerification::Pending.key().to_string())
        .bind(millis(at))
        .bind(user_id.to_string())
        .bind(UserType::Organization.key().to_string())
        .bind(OrgVerification::Rejected.key().to_string())
        .execute(&mut *tx)
        .await
        .map_err(repository_error)?;
        if reopened.rows_affected() != 1 {
            return Ok(false);
        }
        for document in documents {
            sqlx::query(
                "INSERT INTO org_documents (user_id, kind, file_key, file_type, created_at) VALUES ($1, $2, $3, $4, $5) \
                 ON CONFLICT (user_id, kind) DO UPDATE SET file_key = excluded.file_key, file_type = excluded.file_type, \
                 created_at = excluded.created_at",
            )
            .bind(user_id.to_string())
            .bind(document.kind.key().to_string())
            .bind(document.file.key.clone())
            .bind(document.content_type.clone())
            .bind(millis(at))
            .execute(&mut *tx)
            .await
            .map_err(repository_error)?;
        }
        tx.commit().await.map_err(repository_error)?;
        Ok(true)
    }

    async fn list(&self, user_id: Uuid) -> Result<Vec<OrgDocument>, RepositoryError> {
        let rows = sqlx::query("SELECT kind, file_key, file_type FROM org_documents WHERE user_id = $1 ORDER BY kind")
            .bind(user_id.to_string())
            .fetch_all(&self.pool)
            .await
            .map_err(repository_error)?;
        rows.into_iter()
            .map(|row| {
                let kind: String = row.try_get("kind").map_err(repository_error)?;
                Ok(OrgDocument {
                    kind: OrgDocumentKind::parse(&kind).ok_or_else(|| corrupt(format!("org document kind {kind}")))?,
                    file: StoredFile { key: row.try_get("file_key").map_err(repository_error)?, visibility: Visibility::Private },
                    content_type: row.try_get("file_type").map_err(repository_error)?,
                })
            })
            .collect()
    }
}
