//! Logging in under the attempt limits, refreshing within a family, reuse and logging out.

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
impl crate::shared::rate_limits::RateLimiter for CountingLimiter {
    async fn hit(&self, key: &str, limit: crate::shared::rate_limits::Limit) -> Result<(), crate::shared::rate_limits::Refused> {
        let mut counts = self.0.lock().unwrap();
        let count = counts.entry(key.to_string()).or_default();
        if *count >= limit.max {
            return Err(crate::shared::rate_limits::Refused::Wait(limit.window_seconds));
        }
        *count += 1;
        Ok(())
    }

    async fn blocked(
        &self,
        key: &str,
        limit: crate::shared::rate_limits::Limit,
    ) -> Result<Option<u64>, crate::shared::rate_limits::StoreFailed> {
        Ok((self.0.lock().unwrap().get(key).copied().unwrap_or(0) >= limit.max).then_some(limit.window_seconds))
    }

    async fn reset(&self, key: &str) -> Result<(), crate::shared::rate_limits::StoreFailed> {
        self.0.lock().unwrap().remove(key);
        Ok(())
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
