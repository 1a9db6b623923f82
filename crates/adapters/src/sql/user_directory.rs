//! The back office's account directory and organization decisions in SQL, for SQLite and
//! PostgreSQL alike.

use async_trait::async_trait;
use sqlx::{AnyPool, FromRow, Row};
use tutorhub_domain::accounts::ports::{OrgReview, UserDirectoryRepository, UserFilter};
use tutorhub_domain::accounts::user::{OrgVerification, User, UserType};
use tutorhub_domain::shared::paging::{Page, PageRequest};
use tutorhub_domain::shared::storage::RepositoryError;
use uuid::Uuid;

use crate::sql::rows::{Conditions, Value, corrupt, fetch_page, from_millis, like_pattern, millis, repository_error};
use crate::sql::users::{USER_COLUMNS, UserRow};

pub struct SqlUserDirectory {
    pool: AnyPool,
}

impl SqlUserDirectory {
    pub fn new(pool: AnyPool) -> Self {
        Self { pool }
    }
}

fn conditions(filter: &UserFilter) -> Conditions {
    let mut c = Conditions::default();
    if let Some(user_type) = filter.user_type {
        c.push("u.user_type", "=", Value::Text(user_type.key().into()));
    }
    if let Some(role) = filter.role {
        c.push("u.role", "=", Value::Text(role.key().into()));
    }
    if filter.tutors_only {
        c.push("u.is_tutor", "=", Value::Int(1));
    }
    if let Some(state) = filter.org_verification {
        c.push("u.org_verification", "=", Value::Text(state.key().into()));
    }
    if let Some(text) = &filter.search {
        // E-mails are stored lower-cased and phones in E.164, so one lower-cased pattern
        // serves all three columns.
        let pattern = c.bind(Value::Text(like_pattern(text)));
        c.push_raw(format!(
            "(LOWER(u.name) LIKE {pattern} ESCAPE '\\' OR u.email LIKE {pattern} ESCAPE '\\' OR u.phone LIKE {pattern} ESCAPE '\\')"
        ));
    }
    c
}

fn read_user(row: &sqlx::any::AnyRow) -> Result<User, RepositoryError> {
    UserRow::from_row(row).map_err(repository_error)?.into_user()
}

#[async_trait]
impl UserDirectoryRepository for SqlUserDirectory {
    async fn search(&self, filter: &UserFilter, page: PageRequest) -> Result<Page<User>, RepositoryError> {
        let query = (USER_COLUMNS, "users u", "u.created_at DESC, u.number DESC");
        fetch_page(&self.pool, query, conditions(filter), page, read_user).await
    }

    async fn find_by_number(&self, number: i64) -> Result<Option<User>, RepositoryError> {
        let sql = format!("SELECT {USER_COLUMNS} FROM users u WHERE u.number = $1");
        let row = sqlx::query(&sql).bind(number).fetch_optional(&self.pool).await.map_err(repository_error)?;
        row.as_ref().map(read_user).transpose()
    }

    async fn decide_org(&self, user_id: Uuid, from: OrgVerification, review: &OrgReview) -> Result<bool, RepositoryError> {
        let mut tx = self.pool.begin().await.map_err(repository_error)?;
        let at = millis(review.decided_at);
        // Compare-and-set on the state: of two racing decisions only one finds `from`.
        let moved = sqlx::query(
            "UPDATE users SET org_verification = $1, org_rejection_reason = $2, updated_at = $3 \
             WHERE id = $4 AND user_type = $5 AND org_verification = $6",
        )
        .bind(review.outcome.key().to_string())
        .bind(review.reason.clone().filter(|_| review.outcome == OrgVerification::Rejected))
        .bind(at)
        .bind(user_id.to_string())
        .bind(UserType::Organization.key().to_string())
        .bind(from.key().to_string())
        .execute(&mut *tx)
        .await
        .map_err(repository_error)?;
        if moved.rows_affected() != 1 {
            return Ok(false);
        }
        sqlx::query("INSERT INTO org_reviews (user_id, outcome, reason, reviewer, decided_at) VALUES ($1, $2, $3, $4, $5)")
            .bind(user_id.to_string())
            .bind(review.outcome.key().to_string())
            .bind(review.reason.clone())
            .bind(review.reviewer.clone())
            .bind(at)
            .execute(&mut *tx)
            .await
            .map_err(repository_error)?;
        tx.commit().await.map_err(repository_error)?;
        Ok(true)
    }

    async fn org_reviews(&self, user_id: Uuid) -> Result<Vec<OrgReview>, RepositoryError> {
        let rows = sqlx::query("SELECT outcome, reason, reviewer, decided_at FROM org_reviews WHERE user_id = $1 ORDER BY id")
            .bind(user_id.to_string())
            .fetch_all(&self.pool)
            .await
            .map_err(repository_error)?;
        rows.iter()
            .map(|row| {
                let outcome: String = row.try_get("outcome").map_err(repository_error)?;
                Ok(OrgReview {
                    outcome: OrgVerification::parse(&outcome).ok_or_else(|| corrupt(format!("org review outcome {outcome}")))?,
                    reason: row.try_get("reason").map_err(repository_error)?,
                    reviewer: row.try_get("reviewer").map_err(repository_error)?,
                    decided_at: from_millis(row.try_get("decided_at").map_err(repository_error)?)?,
                })
            })
            .collect()
    }
}
