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
use crate::shared::rate_limiter::Limit;
use crate::shared::rate_limits::{
    LOGIN_ATTEMPTS_PER_PHONE, LOGIN_ATTEMPTS_PER_PHONE_AND_SOURCE, LOGIN_ATTEMPTS_PER_SOURCE, RateLimited, Throttle,
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
mod tests {
    use std::sync::Mutex;

    use mockall::predicate::eq;

    use super::tests_support::user;
    use super::*;
    use crate::accounts::ports::{MockAccessTokens, MockPasswordHasher, MockRefreshTokenRepository, MockSecretTokens, MockUserRepository};
    use crate::shared::validation::Problem;

    fn record(rotated: bool, revoked: bool, expires_in_days: i64) -> RefreshTokenRecord {
        RefreshTokenRecord {
            id: Uuid::from_u128(1),
            family_id: Uuid::from_u128(2),
            user_id: Uuid::from_u128(7),
            token_hash: "digest:old".into(),
            created_at: Utc::now(),
            expires_at: Utc::now() + Duration::days(expires_in_days),
            rotated_at: rotated.then(Utc::now),
            revoked_at: revoked.then(Utc::now),
        }
    }

    struct Mocks {
        users: MockUserRepository,
        hasher: MockPasswordHasher,
        tokens: MockRefreshTokenRepository,
    }

    impl Mocks {
        fn new() -> Self {
            Self { users: MockUserRepository::new(), hasher: MockPasswordHasher::new(), tokens: MockRefreshTokenRepository::new() }
        }

        fn build(self) -> Sessions {
            let mut access = MockAccessTokens::new();
            access.expect_issue().returning(|id| format!("jwt:{id}"));
            let mut secrets = MockSecretTokens::new();
            secrets.expect_generate().returning(|| "new".into());
            secrets.expect_digest().returning(|s| format!("digest:{s}"));
            Sessions::new(Arc::new(self.users), Arc::new(self.hasher), Arc::new(access), Arc::new(self.tokens), Arc::new(secrets))
        }
    }

    #[tokio::test]
    async fn logs_in_with_phone_and_password_and_stores_only_the_digest() {
        let mut m = Mocks::new();
        m.users.expect_find_by_phone().returning(|_| Ok(Some(user())));
        m.users.expect_password_hash().returning(|_| Ok(Some("$argon2id$real".into())));
        m.hasher.expect_verify().with(eq("demo1234"), eq("$argon2id$real")).returning(|_, _| Ok(true));
        let stored = Arc::new(Mutex::new(None));
        let seen = stored.clone();
        m.tokens.expect_insert().returning(move |r| {
            *seen.lock().unwrap() = Some(r);
            Ok(())
        });
        let tokens = m.build().login("6123 4567", "demo1234", "203.0.113.7").await.unwrap();
        assert_eq!(tokens, SessionTokens { access_token: format!("jwt:{}", Uuid::from_u128(7)), refresh_token: "new".into() });
        let record = stored.lock().unwrap().clone().unwrap();
        assert_eq!(record.token_hash, "digest:new");
        assert_eq!((record.expires_at - record.created_at).num_days(), REFRESH_TOKEN_DAYS);
    }

    #[tokio::test]
    async fn a_wrong_password_and_an_unknown_phone_fail_alike() {
        let mut m = Mocks::new();
        m.users.expect_find_by_phone().returning(|p| Ok((p.local() == "61234567").then(user)));
        m.users.expect_password_hash().returning(|_| Ok(Some("$argon2id$real".into())));
        m.hasher.expect_hash().times(1).returning(|_| Ok("$argon2id$decoy".into()));
        m.hasher.expect_verify().times(3).returning(|_, _| Ok(false));
        let sessions = m.build();
        let wrong = sessions.login("61234567", "wrong1234", "203.0.113.7").await.unwrap_err();
        let unknown = sessions.login("98765432", "wrong1234", "203.0.113.7").await.unwrap_err();
        let again = sessions.login("98765432", "wrong1234", "203.0.113.7").await.unwrap_err();
        assert!(matches!(wrong, LoginError::WrongCredentials), "{wrong:?}");
        assert!(matches!(unknown, LoginError::WrongCredentials), "{unknown:?}");
        assert!(matches!(again, LoginError::WrongCredentials));
    }

    /// A limiter that counts in a map, atomically per call like the real ones.
    #[derive(Default)]
    struct CountingLimiter(Mutex<std::collections::HashMap<String, u32>>);

    #[async_trait::async_trait]
    impl crate::shared::rate_limiter::RateLimiter for CountingLimiter {
        async fn hit(&self, key: &str, limit: crate::shared::rate_limiter::Limit) -> Result<(), u64> {
            let mut counts = self.0.lock().unwrap();
            let count = counts.entry(key.to_string()).or_default();
            if *count >= limit.max {
                return Err(limit.window_seconds);
            }
            *count += 1;
            Ok(())
        }

        async fn blocked(&self, key: &str, limit: crate::shared::rate_limiter::Limit) -> Option<u64> {
            (self.0.lock().unwrap().get(key).copied().unwrap_or(0) >= limit.max).then_some(limit.window_seconds)
        }

        async fn reset(&self, key: &str) {
            self.0.lock().unwrap().remove(key);
        }
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_burst_of_guesses_gets_no_more_password_checks_than_the_limit() {
        let checks = Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let mut m = Mocks::new();
        m.users.expect_find_by_phone().returning(|_| Ok(Some(user())));
        m.users.expect_password_hash().returning(|_| Ok(Some("$argon2id$real".into())));
        let counted = checks.clone();
        m.hasher.expect_verify().returning(move |candidate, _| {
            counted.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            Ok(candidate == "right1234")
        });
        m.tokens.expect_insert().returning(|_| Ok(()));
        let sessions = m.build().with_throttle(Throttle::new(Arc::new(CountingLimiter::default())));
        let burst: Vec<_> = (0..30)
            .map(|n| {
                let sessions = sessions.clone();
                tokio::spawn(async move { sessions.login("61234567", &format!("guess{n:04}"), "203.0.113.7").await })
            })
            .collect();
        let mut limited = 0;
        for attempt in burst {
            match attempt.await.unwrap() {
                Err(LoginError::RateLimited(_)) => limited += 1,
                Err(LoginError::WrongCredentials) => {}
                other => panic!("unexpected {other:?}"),
            }
        }
        assert_eq!(checks.load(std::sync::atomic::Ordering::SeqCst), LOGIN_ATTEMPTS_PER_PHONE_AND_SOURCE.max as usize);
        assert_eq!(limited, 30 - LOGIN_ATTEMPTS_PER_PHONE_AND_SOURCE.max as usize);
        // The right password from the guessing address waits too, so it cannot hide in a burst...
        assert!(matches!(sessions.login("61234567", "right1234", "203.0.113.7").await, Err(LoginError::RateLimited(_))));
        // ...but the owner, elsewhere, is not locked out by a stranger.
        assert!(sessions.login("61234567", "right1234", "198.51.100.2").await.is_ok());
    }

    #[tokio::test]
    async fn one_address_cannot_spray_passwords_over_many_phones() {
        let mut m = Mocks::new();
        m.users.expect_find_by_phone().returning(|_| Ok(None));
        m.hasher.expect_hash().returning(|_| Ok("$argon2id$decoy".into()));
        m.hasher.expect_verify().times(LOGIN_ATTEMPTS_PER_SOURCE.max as usize).returning(|_, _| Ok(false));
        let sessions = m.build().with_throttle(Throttle::new(Arc::new(CountingLimiter::default())));
        for n in 0..LOGIN_ATTEMPTS_PER_SOURCE.max {
            let phone = format!("9{:07}", n);
            assert!(matches!(sessions.login(&phone, "guess1234", "203.0.113.7").await, Err(LoginError::WrongCredentials)));
        }
        assert!(matches!(sessions.login("98888888", "guess1234", "203.0.113.7").await, Err(LoginError::RateLimited(_))));
    }

    #[tokio::test]
    async fn a_saturated_hasher_is_busy_not_a_wrong_password() {
        let mut m = Mocks::new();
        m.users.expect_find_by_phone().returning(|_| Ok(Some(user())));
        m.users.expect_password_hash().returning(|_| Ok(Some("$argon2id$real".into())));
        m.hasher.expect_verify().returning(|_, _| Err(HashingBusy));
        let err = m.build().login("61234567", "demo1234", "203.0.113.7").await.unwrap_err();
        assert!(matches!(err, LoginError::Busy(HashingBusy)));
    }

    #[tokio::test]
    async fn empty_fields_and_malformed_phones_are_field_errors() {
        let err = Mocks::new().build().login(" ", "", "203.0.113.7").await.unwrap_err();
        let LoginError::Invalid(errors) = err else { panic!("expected Invalid") };
        let fields: Vec<_> = errors.fields().iter().map(|e| (e.field, e.problem.clone())).collect();
        assert_eq!(
            fields,
            vec![
                ("identifier", Problem::Accounts(AccountsProblem::PhoneMissing)),
                ("password", Problem::Accounts(AccountsProblem::PasswordMissing))
            ]
        );
        let err = Mocks::new().build().login("1234", "demo1234", "203.0.113.7").await.unwrap_err();
        let LoginError::Invalid(errors) = err else { panic!("expected Invalid") };
        assert_eq!(errors.get("identifier"), Some(&Problem::Accounts(AccountsProblem::PhoneInvalid)));
    }

    #[tokio::test]
    async fn refreshing_rotates_the_token_within_its_family() {
        let mut m = Mocks::new();
        m.tokens.expect_find_by_hash().with(eq("digest:old")).returning(|_| Ok(Some(record(false, false, 10))));
        m.users.expect_find_by_id().returning(|_| Ok(Some(user())));
        // The successor is stored by the rotation itself, never by a separate insert.
        m.tokens
            .expect_rotate()
            .withf(|old, new, _| *old == Uuid::from_u128(1) && new.family_id == Uuid::from_u128(2) && new.token_hash == "digest:new")
            .times(1)
            .returning(|_, _, _| Ok(true));
        m.tokens.expect_insert().never();
        let tokens = m.build().refresh("old").await.unwrap();
        assert_eq!(tokens.refresh_token, "new");
    }

    #[tokio::test]
    async fn a_rotated_token_presented_again_revokes_its_family() {
        let mut m = Mocks::new();
        m.tokens.expect_find_by_hash().returning(|_| Ok(Some(record(true, false, 10))));
        m.tokens.expect_revoke_family().with(eq(Uuid::from_u128(2)), mockall::predicate::always()).times(1).returning(|_, _| Ok(()));
        assert!(matches!(m.build().refresh("old").await, Err(RefreshError::Reused)));
    }

    #[tokio::test]
    async fn losing_a_rotation_race_counts_as_reuse() {
        let mut m = Mocks::new();
        m.tokens.expect_find_by_hash().returning(|_| Ok(Some(record(false, false, 10))));
        m.users.expect_find_by_id().returning(|_| Ok(Some(user())));
        m.tokens.expect_rotate().returning(|_, _, _| Ok(false));
        m.tokens.expect_insert().never();
        m.tokens.expect_revoke_family().with(eq(Uuid::from_u128(2)), mockall::predicate::always()).times(1).returning(|_, _| Ok(()));
        assert!(matches!(m.build().refresh("old").await, Err(RefreshError::Reused)));
    }

    #[tokio::test]
    async fn a_password_change_keeps_only_the_family_of_the_current_token() {
        let mut m = Mocks::new();
        m.tokens.expect_find_by_hash().with(eq("digest:old")).returning(|_| Ok(Some(record(false, false, 10))));
        m.tokens
            .expect_find_by_hash()
            .with(eq("digest:someone-elses"))
            .returning(|_| Ok(Some(RefreshTokenRecord { user_id: Uuid::from_u128(99), ..record(false, false, 10) })));
        m.tokens
            .expect_revoke_user_except()
            .with(eq(Uuid::from_u128(7)), eq(Uuid::from_u128(2)), mockall::predicate::always())
            .times(1)
            .returning(|_, _, _| Ok(()));
        // Without a token, or with another account's, every session of the account ends.
        m.tokens.expect_revoke_user().with(eq(Uuid::from_u128(7)), mockall::predicate::always()).times(2).returning(|_, _| Ok(()));
        let sessions = m.build();
        sessions.end_others(Uuid::from_u128(7), Some("old")).await.unwrap();
        sessions.end_others(Uuid::from_u128(7), None).await.unwrap();
        sessions.end_others(Uuid::from_u128(7), Some("someone-elses")).await.unwrap();
    }

    #[tokio::test]
    async fn unknown_expired_and_revoked_tokens_are_refused() {
        for found in [None, Some(record(false, false, -1)), Some(record(false, true, 10))] {
            let mut m = Mocks::new();
            m.tokens.expect_find_by_hash().returning(move |_| Ok(found.clone()));
            let err = m.build().refresh("old").await.unwrap_err();
            assert!(matches!(err, RefreshError::Invalid), "{err:?}");
        }
    }

    #[tokio::test]
    async fn logout_revokes_the_family_and_ignores_unknown_tokens() {
        let mut m = Mocks::new();
        m.tokens.expect_find_by_hash().with(eq("digest:old")).returning(|_| Ok(Some(record(false, false, 10))));
        m.tokens.expect_find_by_hash().with(eq("digest:unknown")).returning(|_| Ok(None));
        m.tokens.expect_revoke_family().times(1).returning(|_, _| Ok(()));
        let sessions = m.build();
        sessions.logout("old").await.unwrap();
        sessions.logout("unknown").await.unwrap();
    }
}
