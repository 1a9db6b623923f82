//! Sessions: logging in with phone and password, refreshing, logging out.
//!
//! An access token (a JWT of 15 minutes) names the user; a refresh token (256 random bits,
//! stored as a SHA-256 digest, 30 days) gets a new pair. Every refresh rotates the refresh
//! token; a rotated token presented again means it was copied, so its whole family (every token
//! descended from that login) is revoked and both parties must log in again.

use std::sync::{Arc, OnceLock};

use chrono::{Duration, Utc};
use thiserror::Error;
use uuid::Uuid;

use crate::accounts::ports::{
    AccessTokens, HashingBusy, PasswordHasher, RefreshTokenRecord, RefreshTokenRepository, SecretTokens, UserRepository,
};
use crate::shared::identity::{Password, Phone};
use crate::shared::rate_limits::{
    LOGIN_ATTEMPTS_PER_PHONE, LOGIN_ATTEMPTS_PER_PHONE_AND_SOURCE, LOGIN_ATTEMPTS_PER_SOURCE, Limit, RateLimited, Throttle,
};
use crate::shared::storage::RepositoryError;
use crate::shared::validation::{AccountsProblem, ValidationErrors};

/// How long a refresh token may be used.
pub const REFRESH_TOKEN_DAYS: i64 = 30;

/// What a successful login or refresh hands out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SessionTokens {
    pub access_token: String,
    pub refresh_token: String,
}

#[derive(Debug, Error)]
pub enum LoginError {
    /// A field is missing or not a phone number.
    #[error("invalid: {0}")]
    Invalid(ValidationErrors),
    /// No such phone, or the wrong password; which one is not told.
    #[error("wrong_credentials")]
    WrongCredentials,
    /// Too many attempts for this phone or from this address.
    #[error(transparent)]
    RateLimited(#[from] RateLimited),
    /// Password checks are at their concurrency bound.
    #[error(transparent)]
    Busy(#[from] HashingBusy),
    #[error(transparent)]
    Repository(#[from] RepositoryError),
}

#[derive(Debug, Error)]
pub enum RefreshError {
    /// Unknown, expired, revoked, or its account is gone.
    #[error("refresh_token_invalid")]
    Invalid,
    /// A rotated token came back: the family is now revoked.
    #[error("refresh_token_reused")]
    Reused,
    #[error(transparent)]
    Repository(#[from] RepositoryError),
}

/// The session use cases.
#[derive(Clone)]
pub struct Sessions {
    users: Arc<dyn UserRepository>,
    hasher: Arc<dyn PasswordHasher>,
    access_tokens: Arc<dyn AccessTokens>,
    refresh_tokens: Arc<dyn RefreshTokenRepository>,
    secrets: Arc<dyn SecretTokens>,
    /// A real hash to verify against when the phone is unknown, so that a wrong phone takes as
    /// long as a wrong password and the timing tells nobody which phones have accounts.
    decoy_hash: Arc<OnceLock<String>>,
    /// Counts login attempts (per phone and address, per phone, per address), when set.
    throttle: Option<Throttle>,
    /// Login attempts one address may make, [`LOGIN_ATTEMPTS_PER_SOURCE`] unless configured.
    per_source: Limit,
}

impl Sessions {
    pub fn new(
        users: Arc<dyn UserRepository>,
        hasher: Arc<dyn PasswordHasher>,
        access_tokens: Arc<dyn AccessTokens>,
        refresh_tokens: Arc<dyn RefreshTokenRepository>,
        secrets: Arc<dyn SecretTokens>,
    ) -> Self {
        Self {
            users,
            hasher,
            access_tokens,
            refresh_tokens,
            secrets,
            decoy_hash: Arc::new(OnceLock::new()),
            throttle: None,
            per_source: LOGIN_ATTEMPTS_PER_SOURCE,
        }
    }

    /// How many login attempts one address may make in [`LOGIN_ATTEMPTS_PER_SOURCE`]'s window
    /// (`LOGIN_ATTEMPTS_PER_ADDRESS`): a school sharing one address may need more, and the
    /// test suites, which log in from one address all day, do.
    #[must_use]
    pub fn with_attempts_per_source(mut self, max: u32) -> Self {
        self.per_source = Limit { max: max.max(1), ..LOGIN_ATTEMPTS_PER_SOURCE };
        self
    }

    /// Limits login attempts: see [`Sessions::login`].
    #[must_use]
    pub fn with_throttle(mut self, throttle: Throttle) -> Self {
        self.throttle = Some(throttle);
        self
    }

    /// Logs in with the phone (`identifier`, spec §3) and password, from `source` (the
    /// client's address).
    ///
    /// Every attempt is counted before the password is checked, each count one atomic step of
    /// the limiter, so a burst of guesses sent at once gets no more checks than the limits
    /// allow: [`LOGIN_ATTEMPTS_PER_SOURCE`], then [`LOGIN_ATTEMPTS_PER_PHONE_AND_SOURCE`]
    /// (forgotten on success) and the slower account-wide [`LOGIN_ATTEMPTS_PER_PHONE`].
    ///
    /// # Errors
    /// `Invalid` for an empty field or a malformed phone; `RateLimited` over a limit; `Busy`
    /// when password checks are saturated; `WrongCredentials` otherwise when it fails.
    pub async fn login(&self, identifier: &str, password: &str, source: &str) -> Result<SessionTokens, LoginError> {
        let mut errors = ValidationErrors::new();
        let phone = if identifier.trim().is_empty() {
            errors.add("identifier", AccountsProblem::PhoneMissing);
            None
        } else {
            errors.check("identifier", Phone::parse(identifier))
        };
        if password.is_empty() {
            errors.add("password", AccountsProblem::PasswordMissing);
        }
        let phone = errors.finish(|| phone).map_err(LoginError::Invalid)?.ok_or(LoginError::WrongCredentials)?;
        let phone_and_source = format!("{}@{source}", phone.as_str());
        if let Some(throttle) = &self.throttle {
            throttle.hit("login-source", source, self.per_source).await?;
            throttle.hit("login-phone-source", &phone_and_source, LOGIN_ATTEMPTS_PER_PHONE_AND_SOURCE).await?;
            throttle.hit("login-phone", phone.as_str(), LOGIN_ATTEMPTS_PER_PHONE).await?;
        }
        let Some(user_id) = self.check_password(&phone, password).await? else {
            return Err(LoginError::WrongCredentials);
        };
        if let Some(throttle) = &self.throttle {
            // The owner's own typos are forgiven; the account-wide count is not reset, or
            // each of the owner's logins would hand a guesser a fresh allowance.
            throttle.reset("login-phone-source", &phone_and_source).await;
        }
        Ok(self.start_family(user_id, Uuid::new_v4()).await?)
    }

    /// The account id when the password is right; an unknown phone costs the same time.
    async fn check_password(&self, phone: &Phone, password: &str) -> Result<Option<Uuid>, LoginError> {
        let Some(user) = self.users.find_by_phone(phone).await? else {
            let decoy = self.decoy_hash().await?;
            let _ = self.hasher.verify(password, &decoy).await?;
            return Ok(None);
        };
        let hash = self.users.password_hash(user.id).await?.unwrap_or_default();
        Ok(self.hasher.verify(password, &hash).await?.then_some(user.id))
    }

    /// Exchanges a refresh token for a new pair; the presented token stops working.
    ///
    /// # Errors
    /// `Invalid` when it is unknown, expired or revoked; `Reused` when it was already rotated
    /// (the whole family is revoked then).
    pub async fn refresh(&self, refresh_token: &str) -> Result<SessionTokens, RefreshError> {
        let now = Utc::now();
        let record = self.refresh_tokens.find_by_hash(&self.secrets.digest(refresh_token)).await?.ok_or(RefreshError::Invalid)?;
        if record.revoked_at.is_some() || record.expires_at <= now {
            return Err(RefreshError::Invalid);
        }
        if record.rotated_at.is_some() {
            self.refresh_tokens.revoke_family(record.family_id, now).await?;
            return Err(RefreshError::Reused);
        }
        if self.users.find_by_id(record.user_id).await?.is_none() {
            return Err(RefreshError::Invalid);
        }
        let (successor, tokens) = self.new_token(record.user_id, record.family_id);
        // The store decides races in one step: of several requests with one token, one rotates
        // and stores its successor, the others are reuse. Were the rotation and the insert two
        // steps, a loser's revoke could run between them and miss the winner's new token.
        if !self.refresh_tokens.rotate(record.id, successor, now).await? {
            self.refresh_tokens.revoke_family(record.family_id, now).await?;
            return Err(RefreshError::Reused);
        }
        Ok(tokens)
    }

    /// Ends the session the refresh token belongs to. Unknown tokens are ignored: logging out
    /// twice is not an error, and the answer tells nothing about the token.
    ///
    /// # Errors
    /// When the store fails.
    pub async fn logout(&self, refresh_token: &str) -> Result<(), RepositoryError> {
        if let Some(record) = self.refresh_tokens.find_by_hash(&self.secrets.digest(refresh_token)).await? {
            self.refresh_tokens.revoke_family(record.family_id, Utc::now()).await?;
        }
        Ok(())
    }

    /// Logs a user out everywhere (after a password reset).
    ///
    /// # Errors
    /// When the store fails.
    pub async fn end_all(&self, user_id: Uuid) -> Result<(), RepositoryError> {
        self.refresh_tokens.revoke_user(user_id, Utc::now()).await
    }

    /// Logs a user out everywhere except the session of `current_refresh_token` (after a
    /// password change: whoever knew the old password loses their session, the device that
    /// changed it stays). A token that is unknown or another user's keeps nothing.
    ///
    /// # Errors
    /// When the store fails.
    pub async fn end_others(&self, user_id: Uuid, current_refresh_token: Option<&str>) -> Result<(), RepositoryError> {
        let current = match current_refresh_token.map(str::trim).filter(|t| !t.is_empty()) {
            Some(token) => self.refresh_tokens.find_by_hash(&self.secrets.digest(token)).await?,
            None => None,
        };
        match current.filter(|record| record.user_id == user_id) {
            Some(record) => self.refresh_tokens.revoke_user_except(user_id, record.family_id, Utc::now()).await,
            None => self.end_all(user_id).await,
        }
    }

    /// A new access token and a new refresh token in `family_id`.
    async fn start_family(&self, user_id: Uuid, family_id: Uuid) -> Result<SessionTokens, RepositoryError> {
        let (record, tokens) = self.new_token(user_id, family_id);
        self.refresh_tokens.insert(record).await?;
        Ok(tokens)
    }

    /// A fresh refresh token of `family_id` (the record to store, only its digest) and the pair
    /// to hand out.
    fn new_token(&self, user_id: Uuid, family_id: Uuid) -> (RefreshTokenRecord, SessionTokens) {
        let now = Utc::now();
        let refresh_token = self.secrets.generate();
        let record = RefreshTokenRecord {
            id: Uuid::new_v4(),
            family_id,
            user_id,
            token_hash: self.secrets.digest(&refresh_token),
            created_at: now,
            expires_at: now + Duration::days(REFRESH_TOKEN_DAYS),
            rotated_at: None,
            revoked_at: None,
        };
        (record, SessionTokens { access_token: self.access_tokens.issue(user_id), refresh_token })
    }

    async fn decoy_hash(&self) -> Result<String, HashingBusy> {
        if let Some(hash) = self.decoy_hash.get() {
            return Ok(hash.clone());
        }
        let decoy = Password::parse("decoy-password-0").expect("the decoy meets the rules");
        let hash = self.hasher.hash(&decoy).await?;
        Ok(self.decoy_hash.get_or_init(|| hash).clone())
    }
}

/// An account for unit tests of the account use cases.
#[cfg(test)]
pub(crate) mod tests_support {
    use chrono::{NaiveDate, Utc};
    use uuid::Uuid;

    use crate::accounts::user::{Role, User, UserType};
    use crate::shared::identity::{DisplayName, Email, Phone};

    pub fn user() -> User {
        User {
            id: Uuid::from_u128(7),
            number: 1001,
            phone: Phone::parse("61234567").unwrap(),
            email: Email::parse("chan@example.com").unwrap(),
            name: DisplayName::parse("陳太").unwrap(),
            birthdate: NaiveDate::from_ymd_opt(1985, 3, 1).unwrap(),
            user_type: UserType::Individual,
            role: Role::User,
            account_type: "student".into(),
            is_tutor: false,
            is_tutor_profile_active: false,
            avatar: None,
            org_verification: None,
            org_rejection_reason: None,
            language: crate::shared::language::Language::ZhHk,
            created_at: Utc::now(),
        }
    }
}

#[cfg(test)]
mod tests;
