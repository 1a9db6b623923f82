//! Invitations to apply, and tutors' opt-outs, in SQL for SQLite and PostgreSQL alike.

use async_trait::async_trait;
use chrono::{DateTime, Duration, Utc};
use sqlx::AnyPool;
use tutorhub_domain::matching::ports::{Invitation, InvitationRepository, InviteOutcome};
use tutorhub_domain::shared::storage::RepositoryError;
use uuid::Uuid;

use crate::sql::cases::parse_uuid;
use crate::sql::database::{Database, Engine};
use crate::sql::rows::{Conditions, Value, bind_all, millis, repository_error};

pub struct SqlInvitationRepository {
    pool: AnyPool,
    engine: Engine,
}

impl SqlInvitationRepository {
    pub fn new(database: &Database) -> Self {
        Self { pool: database.pool().clone(), engine: database.engine() }
    }

    async fn count(&self, sql: &str, values: &[Value]) -> Result<i64, RepositoryError> {
        let row = bind_all(sql, values).fetch_one(&self.pool).await.map_err(repository_error)?;
        sqlx::Row::try_get(&row, 0).map_err(repository_error)
    }

    /// Why an invitation was not added, read after the fact (the write itself was atomic).
    async fn refusal(&self, invitation: &Invitation, per_case: u32) -> Result<InviteOutcome, RepositoryError> {
        let (case, tutor) = (Value::Int(invitation.case_number), Value::Text(invitation.tutor_id.to_string()));
        let exists = "SELECT COUNT(*) FROM case_invitations WHERE case_number = $1 AND tutor_id = $2";
        if self.count(exists, &[case.clone(), tutor.clone()]).await? > 0 {
            return Ok(InviteOutcome::AlreadyInvited);
        }
        if self.count("SELECT COUNT(*) FROM invitation_opt_outs WHERE tutor_id = $1", &[tutor]).await? > 0 {
            return Ok(InviteOutcome::Declined);
        }
        if self.count("SELECT COUNT(*) FROM case_invitations WHERE case_number = $1", &[case]).await? >= i64::from(per_case) {
            return Ok(InviteOutcome::CaseLimit);
        }
        // Otherwise the tutor's count for the day was reached.
        Ok(InviteOutcome::TutorLimit)
    }
}

#[async_trait]
impl InvitationRepository for SqlInvitationRepository {
    async fn invite(&self, invitation: &Invitation, per_case: u32, per_tutor_per_day: u32) -> Result<InviteOutcome, RepositoryError> {
        let at = millis(invitation.created_at);
        let since = millis(invitation.created_at - Duration::days(1));
        let mut tx = self.pool.begin().await.map_err(repository_error)?;
        if self.engine == Engine::Postgres {
            // Statements read committed rows as of their start: holding the case's row and then
            // a lock on the tutor makes invitations to either take turns, so each count below includes
            // every invitation committed before it. (SQLite's single writer does the same.)
            sqlx::query("SELECT number FROM cases WHERE number = $1 FOR UPDATE")
                .bind(invitation.case_number)
                .execute(&mut *tx)
                .await
                .map_err(repository_error)?;
            sqlx::query("SELECT pg_advisory_xact_lock(hashtext('case-invitations-to:' || $1))")
                .bind(invitation.tutor_id.to_string())
                .execute(&mut *tx)
                .await
                .map_err(repository_error)?;
        }
        let added = sqlx::query(
            "INSERT INTO case_invitations (case_number, tutor_id, created_at) \
             SELECT $1, $2, $3 \
             WHERE NOT EXISTS (SELECT 1 FROM invitation_opt_outs WHERE tutor_id = $2) \
             AND (SELECT COUNT(*) FROM case_invitations WHERE case_number = $1) < $4 \
             AND (SELECT COUNT(*) FROM case_invitations WHERE tutor_id = $2 AND created_at > $5) < $6 \
             ON CONFLICT (case_number, tutor_id) DO NOTHING",
        )
        .bind(invitation.case_number)
        .bind(invitation.tutor_id.to_string())
        .bind(at)
        .bind(i64::from(per_case))
        .bind(since)
        .bind(i64::from(per_tutor_per_day))
        .execute(&mut *tx)
        .await
        .map_err(repository_error)?
        .rows_affected();
        tx.commit().await.map_err(repository_error)?;
        if added == 1 { Ok(InviteOutcome::Invited) } else { self.refusal(invitation, per_case).await }
    }

    async fn invited_to(&self, case_number: i64) -> Result<Vec<Uuid>, RepositoryError> {
        let ids: Vec<String> = sqlx::query_scalar("SELECT tutor_id FROM case_invitations WHERE case_number = $1")
            .bind(case_number)
            .fetch_all(&self.pool)
            .await
            .map_err(repository_error)?;
        ids.iter().map(|id| parse_uuid(id)).collect()
    }

    async fn declining(&self, tutors: &[Uuid]) -> Result<Vec<Uuid>, RepositoryError> {
        if tutors.is_empty() {
            return Ok(Vec::new());
        }
        let mut conditions = Conditions::default();
        let ids: Vec<String> = tutors.iter().map(Uuid::to_string).collect();
        conditions.push_in("tutor_id", &ids);
        let sql = format!("SELECT tutor_id FROM invitation_opt_outs{}", conditions.where_sql());
        let rows = bind_all(&sql, conditions.values()).fetch_all(&self.pool).await.map_err(repository_error)?;
        rows.iter().map(|row| parse_uuid(&sqlx::Row::try_get::<String, _>(row, 0).map_err(repository_error)?)).collect()
    }

    async fn set_declining(&self, tutor_id: Uuid, declining: bool, at: DateTime<Utc>) -> Result<(), RepositoryError> {
        let query = if declining {
            sqlx::query("INSERT INTO invitation_opt_outs (tutor_id, created_at) VALUES ($1, $2) ON CONFLICT (tutor_id) DO NOTHING")
                .bind(tutor_id.to_string())
                .bind(millis(at))
        } else {
            sqlx::query("DELETE FROM invitation_opt_outs WHERE tutor_id = $1").bind(tutor_id.to_string())
        };
        query.execute(&self.pool).await.map_err(repository_error)?;
        Ok(())
    }
}
