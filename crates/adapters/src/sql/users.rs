//! Accounts in SQL, for SQLite and PostgreSQL alike.

use async_trait::async_trait;
use chrono::NaiveDate;
use sqlx::{AnyPool, FromRow};
use tutorhub_domain::accounts::ports::UserRepository;
use tutorhub_domain::accounts::user::{NewUser, OrgVerification, Role, User, UserType};
use tutorhub_domain::shared::identity::{DisplayName, Email, Phone};
use tutorhub_domain::shared::language::Language;
use tutorhub_domain::shared::storage::RepositoryError;
use uuid::Uuid;

use crate::sql::rows::{corrupt, from_millis, millis, repository_error};

/// The columns of [`UserRow`], for `SELECT … FROM users u`.
pub const USER_COLUMNS: &str = "u.number, u.id, u.phone, u.email, u.name, u.birthdate, u.user_type, u.role, \
     u.account_type, u.is_tutor, u.is_tutor_profile_active, u.avatar, u.org_verification, u.org_rejection_reason, u.language, u.created_at";

pub struct SqlUserRepository {
    pool: AnyPool,
}

impl SqlUserRepository {
    pub fn new(pool: AnyPool) -> Self {
        Self { pool }
    }

    async fn find_where(&self, condition: &str, value: String) -> Result<Option<User>, RepositoryError> {
        let sql = format!("SELECT {USER_COLUMNS} FROM users u WHERE {condition}");
        let row = sqlx::query(&sql).bind(value).fetch_optional(&self.pool).await.map_err(repository_error)?;
        row.map(|row| UserRow::from_row(&row).map_err(repository_error)?.into_user()).transpose()
    }
}

/// A `users` row; other repositories that join users read it too.
#[derive(FromRow)]
pub struct UserRow {
    number: i64,
    id: String,
    phone: String,
    email: String,
    name: String,
    birthdate: String,
    user_type: String,
    role: String,
    account_type: String,
    is_tutor: i64,
    is_tutor_profile_active: i64,
    avatar: Option<String>,
    org_verification: Option<String>,
    org_rejection_reason: Option<String>,
    language: String,
    created_at: i64,
}

impl UserRow {
    pub fn into_user(self) -> Result<User, RepositoryError> {
        let bad = |field: &str| corrupt(format!("user {}: bad {field}", self.number));
        Ok(User {
            id: Uuid::parse_str(&self.id).map_err(|_| bad("id"))?,
            number: self.number,
            phone: Phone::from_stored(self.phone.clone()),
            email: Email::from_stored(self.email.clone()),
            name: DisplayName::from_stored(self.name.clone()),
            birthdate: NaiveDate::parse_from_str(&self.birthdate, "%Y-%m-%d").map_err(|_| bad("birthdate"))?,
            user_type: UserType::parse(&self.user_type).ok_or_else(|| bad("user_type"))?,
            role: Role::parse(&self.role).ok_or_else(|| bad("role"))?,
            account_type: self.account_type.clone(),
            is_tutor: self.is_tutor != 0,
            is_tutor_profile_active: self.is_tutor_profile_active != 0,
            avatar: self.avatar.clone(),
            org_verification: self
                .org_verification
                .as_deref()
                .map(|v| OrgVerification::parse(v).ok_or_else(|| bad("org_verification")))
                .transpose()?,
            org_rejection_reason: self.org_rejection_reason.clone(),
            language: Language::parse(&self.language).ok_or_else(|| bad("language"))?,
            created_at: from_millis(self.created_at)?,
        })
    }
}

#[async_trait]
impl UserRepository for SqlUserRepository {
    async fn insert(&self, user: NewUser) -> Result<User, RepositoryError> {
        let org_verification = (user.user_type == UserType::Organization).then(|| OrgVerification::Pending.key().to_string());
        let created = millis(user.created_at);
        sqlx::query(
            "INSERT INTO users (id, phone, email, name, birthdate, user_type, org_verification, password_hash, language, created_at, updated_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10)",
        )
        .bind(user.id.to_string())
        .bind(user.phone.as_str().to_string())
        .bind(user.email.as_str().to_string())
        .bind(user.name.as_str().to_string())
        .bind(user.birthdate.format("%Y-%m-%d").to_string())
        .bind(user.user_type.key().to_string())
        .bind(org_verification)
        .bind(user.password_hash)
        .bind(user.language.key().to_string())
        .bind(created)
        .execute(&self.pool)
        .await
        .map_err(repository_error)?;
        self.find_by_id(user.id).await?.ok_or_else(|| corrupt("inserted user vanished"))
    }

    async fn find_by_id(&self, id: Uuid) -> Result<Option<User>, RepositoryError> {
        self.find_where("u.id = $1", id.to_string()).await
    }

    async fn find_by_ids(&self, ids: &[Uuid]) -> Result<Vec<User>, RepositoryError> {
        let mut found = Vec::with_capacity(ids.len());
        // Bounded IN lists: well under every engine's limit on bound parameters.
        for chunk in ids.chunks(500) {
            let placeholders = (1..=chunk.len()).map(|n| format!("${n}")).collect::<Vec<_>>().join(", ");
            let sql = format!("SELECT {USER_COLUMNS} FROM users u WHERE u.id IN ({placeholders})");
            let mut query = sqlx::query(&sql);
            for id in chunk {
                query = query.bind(id.to_string());
            }
            for row in query.fetch_all(&self.pool).await.map_err(repository_error)? {
                found.push(UserRow::from_row(&row).map_err(repository_error)?.into_user()?);
            }
        }
        Ok(found)
    }

    async fn find_by_phone(&self, phone: &Phone) -> Result<Option<User>, RepositoryError> {
        self.find_where("u.phone = $1", phone.as_str().to_string()).await
    }

    async fn find_by_email(&self, email: &Email) -> Result<Option<User>, RepositoryError> {
        self.find_where("u.email = $1", email.as_str().to_string()).await
    }

    async fn password_hash(&self, id: Uuid) -> Result<Option<String>, RepositoryError> {
        sqlx::query_scalar("SELECT password_hash FROM users WHERE id = $1")
            .bind(id.to_string())
            .fetch_optional(&self.pool)
            .await
            .map_err(repository_error)
    }

    async fn set_language(&self, id: Uuid, language: Language) -> Result<(), RepositoryError> {
        sqlx::query("UPDATE users SET language = $1, updated_at = $2 WHERE id = $3")
            .bind(language.key().to_string())
            .bind(millis(chrono::Utc::now()))
            .bind(id.to_string())
            .execute(&self.pool)
            .await
            .map_err(repository_error)?;
        Ok(())
    }

    async fn set_password_hash(&self, id: Uuid, hash: String) -> Result<(), RepositoryError> {
        sqlx::query("UPDATE users SET password_hash = $1, updated_at = $2 WHERE id = $3")
            .bind(hash)
            .bind(millis(chrono::Utc::now()))
            .bind(id.to_string())
            .execute(&self.pool)
            .await
            .map_err(repository_error)?;
        Ok(())
    }
}
