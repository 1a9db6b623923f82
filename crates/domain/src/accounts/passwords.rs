//! Forgotten and changed passwords.
//!
//! A reset link carries a 256-bit token stored as a digest, valid [`RESET_TTL_MINUTES`]
//! minutes and usable once; it goes to the account's e-mail. An account has one live link at a
//! time: a new request and a completed reset void the others. A reset logs the account out
//! everywhere (whoever knew the old password loses their session too); a change logs out every
//! session but the one that made it.

use std::sync::Arc;

use chrono::{Duration, Utc};
use thiserror::Error;
use uuid::Uuid;

use crate::accounts::ports::{HashingBusy, PasswordHasher, PasswordResetStore, SecretTokens, UserRepository};
use crate::accounts::sessions::Sessions;
use crate::shared::identity::{Password, Phone};
use crate::shared::messages::{Mail, MessageWords};
use crate::shared::messaging::Mailer;
use crate::shared::rate_limits::{CHANGE_PASSWORD_FAILURES_PER_ACCOUNT, RESET_REQUESTS_PER_PHONE, RateLimited, Throttle};
use crate::shared::storage::RepositoryError;
use crate::shared::validation::Problem;

pub const RESET_TTL_MINUTES: i64 = 30;

#[derive(Debug, Error)]
pub enum ResetRequestError {
    #[error("invalid_phone: {0:?}")]
    InvalidPhone(Problem),
    #[error(transparent)]
    RateLimited(#[from] RateLimited),
    /// The mail provider refused or could not be reached; the link that was not sent is void.
    #[error("mail_not_sent")]
    Delivery,
    #[error(transparent)]
    Repository(#[from] RepositoryError),
}

#[derive(Debug, Error)]
pub enum ResetError {
    /// The new password breaks the rule of spec §5 ([`crate::shared::validation::AccountsProblem::PasswordRule`]).
    #[error("invalid_password: {0:?}")]
    InvalidPassword(Problem),
    #[error("reset_link_invalid")]
    InvalidLink,
    #[error(transparent)]
    Busy(#[from] HashingBusy),
    #[error(transparent)]
    Repository(#[from] RepositoryError),
}

#[derive(Debug, Error)]
pub enum ChangePasswordError {
    #[error("old_password_missing")]
    OldPasswordMissing,
    /// The new password breaks the rule of spec §5.
    #[error("invalid_password: {0:?}")]
    InvalidPassword(Problem),
    #[error("wrong_old_password")]
    WrongOldPassword,
    #[error("account_gone")]
    Gone,
    /// Too many wrong old passwords for this account lately.
    #[error(transparent)]
    RateLimited(#[from] RateLimited),
    #[error(transparent)]
    Busy(#[from] HashingBusy),
    #[error(transparent)]
    Repository(#[from] RepositoryError),
}

#[derive(Clone)]
pub struct Passwords {
    users: Arc<dyn UserRepository>,
    hasher: Arc<dyn PasswordHasher>,
    resets: Arc<dyn PasswordResetStore>,
    secrets: Arc<dyn SecretTokens>,
    mail: Arc<dyn Mailer>,
    /// Words the reset mail in the account's language.
    words: Arc<dyn MessageWords>,
    sessions: Sessions,
    throttle: Throttle,
    /// `PUBLIC_BASE_URL`, without a trailing slash.
    public_base_url: String,
}

impl Passwords {
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        users: Arc<dyn UserRepository>,
        hasher: Arc<dyn PasswordHasher>,
        resets: Arc<dyn PasswordResetStore>,
        secrets: Arc<dyn SecretTokens>,
        mail: Arc<dyn Mailer>,
        words: Arc<dyn MessageWords>,
        sessions: Sessions,
        throttle: Throttle,
        public_base_url: &str,
    ) -> Self {
        let public_base_url = public_base_url.trim_end_matches('/').to_string();
        Self { users, hasher, resets, secrets, mail, words, sessions, throttle, public_base_url }
    }

    /// Mails a reset link to the account of this phone. An unknown phone gets the same answer
    /// and no mail, so the form does not tell who has an account.
    ///
    /// # Errors
    /// See [`ResetRequestError`].
    pub async fn request_reset(&self, raw_phone: &str) -> Result<(), ResetRequestError> {
        let phone = Phone::parse(raw_phone).map_err(ResetRequestError::InvalidPhone)?;
        self.throttle.hit("reset-phone", phone.as_str(), RESET_REQUESTS_PER_PHONE).await?;
        let Some(user) = self.users.find_by_phone(&phone).await? else {
            return Ok(());
        };
        let now = Utc::now();
        let token = self.secrets.generate();
        let token_hash = self.secrets.digest(&token);
        // The store voids the account's older links as it stores this one: only the newest
        // mail works, so a link left in an old mail (or a mailbox read by someone else) does not.
        self.resets.insert(&token_hash, user.id, now, now + Duration::minutes(RESET_TTL_MINUTES)).await?;
        let link = format!("{}/reset-password?token={token}", self.public_base_url);
        let reset = Mail::PasswordReset { name: user.name.as_str().to_string(), link, ttl_minutes: RESET_TTL_MINUTES };
        let (subject, body) = self.words.mail(&reset, user.language);
        if self.mail.send_mail(&user.email, &subject, &body).await.is_err() {
            // The adapter logged why. Redeeming the token ourselves voids it: no usable link is
            // left behind that nobody received.
            self.resets.redeem(&token_hash, Utc::now()).await?;
            return Err(ResetRequestError::Delivery);
        }
        Ok(())
    }

    /// Sets a new password with the token of a reset link.
    ///
    /// # Errors
    /// See [`ResetError`].
    pub async fn reset(&self, token: &str, new_password: &str) -> Result<(), ResetError> {
        let password = Password::parse(new_password).map_err(ResetError::InvalidPassword)?;
        if token.trim().is_empty() {
            return Err(ResetError::InvalidLink);
        }
        // Redeeming voids the account's other links in the same step.
        let user_id = self.resets.redeem(&self.secrets.digest(token.trim()), Utc::now()).await?.ok_or(ResetError::InvalidLink)?;
        self.users.set_password_hash(user_id, self.hasher.hash(&password).await?).await?;
        self.sessions.end_all(user_id).await?;
        Ok(())
    }

    /// Changes the signed-in user's password after checking the old one, then ends every other
    /// session of the account: all but the family of `current_refresh_token` when it is given
    /// and the caller's, all of them otherwise.
    ///
    /// Every old-password check is counted before it is made, in one atomic step of the
    /// limiter, so a burst sent at once gets no more than [`CHANGE_PASSWORD_FAILURES_PER_ACCOUNT`]
    /// checks; a right old password forgets the count.
    ///
    /// # Errors
    /// See [`ChangePasswordError`].
    pub async fn change(
        &self,
        user_id: Uuid,
        old_password: &str,
        new_password: &str,
        current_refresh_token: Option<&str>,
    ) -> Result<(), ChangePasswordError> {
        if old_password.is_empty() {
            return Err(ChangePasswordError::OldPasswordMissing);
        }
        let password = Password::parse(new_password).map_err(ChangePasswordError::InvalidPassword)?;
        let hash = self.users.password_hash(user_id).await?.ok_or(ChangePasswordError::Gone)?;
        let account = user_id.to_string();
        self.throttle.hit("change-password", &account, CHANGE_PASSWORD_FAILURES_PER_ACCOUNT).await?;
        if !self.hasher.verify(old_password, &hash).await? {
            return Err(ChangePasswordError::WrongOldPassword);
        }
        self.throttle.reset("change-password", &account).await;
        self.users.set_password_hash(user_id, self.hasher.hash(&password).await?).await?;
        self.sessions.end_others(user_id, current_refresh_token).await?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::accounts::ports::{
        MockAccessTokens, MockPasswordHasher, MockPasswordResetStore, MockRefreshTokenRepository, MockSecretTokens, MockUserRepository,
    };
    use crate::accounts::sessions::tests_support::user;
    use crate::shared::messaging::{DeliveryError, MockMailer};
    use crate::shared::rate_limits::{MockRateLimiter, Refused};

    fn passwords(mail: MockMailer, resets: MockPasswordResetStore) -> Passwords {
        let mut users = MockUserRepository::new();
        users.expect_find_by_phone().returning(|_| Ok(Some(user())));
        let mut secrets = MockSecretTokens::new();
        secrets.expect_generate().returning(|| "token-1".into());
        secrets.expect_digest().returning(|s| format!("digest({s})"));
        let mut limiter = MockRateLimiter::new();
        limiter.expect_hit().returning(|_, _| Ok(()));
        let users: Arc<dyn UserRepository> = Arc::new(users);
        let hasher: Arc<dyn PasswordHasher> = Arc::new(MockPasswordHasher::new());
        let secrets: Arc<dyn SecretTokens> = Arc::new(secrets);
        let sessions = Sessions::new(
            users.clone(),
            hasher.clone(),
            Arc::new(MockAccessTokens::new()),
            Arc::new(MockRefreshTokenRepository::new()),
            secrets.clone(),
        );
        Passwords::new(
            users,
            hasher,
            Arc::new(resets),
            secrets,
            Arc::new(mail),
            crate::shared::messages::testing::words(),
            sessions,
            Throttle::new(Arc::new(limiter)),
            "https://tutorhub.example.hk/",
        )
    }

    #[tokio::test]
    async fn mails_a_thirty_minute_link_with_the_token_and_stores_its_digest() {
        let mut resets = MockPasswordResetStore::new();
        resets
            .expect_insert()
            .withf(|hash, _, at, until| hash == "digest(token-1)" && (*until - *at).num_minutes() == RESET_TTL_MINUTES)
            .times(1)
            .returning(|_, _, _, _| Ok(()));
        resets.expect_redeem().never();
        let mut mail = MockMailer::new();
        mail.expect_send_mail()
            .withf(|to, _, body| {
                to.as_str() == "chan@example.com" && body.contains("https://tutorhub.example.hk/reset-password?token=token-1")
            })
            .times(1)
            .returning(|_, _, _| Ok(()));
        passwords(mail, resets).request_reset("61234567").await.unwrap();
    }

    #[tokio::test]
    async fn a_mail_that_does_not_go_out_voids_its_link() {
        let mut resets = MockPasswordResetStore::new();
        resets.expect_insert().times(1).returning(|_, _, _, _| Ok(()));
        resets.expect_redeem().withf(|hash, _| hash == "digest(token-1)").times(1).returning(|_, _| Ok(Some(user().id)));
        let mut mail = MockMailer::new();
        mail.expect_send_mail().times(1).returning(|_, _, _| Err(DeliveryError("SMTP refused".into())));
        let err = passwords(mail, resets).request_reset("61234567").await.unwrap_err();
        assert!(matches!(err, ResetRequestError::Delivery));
    }

    /// A password change for `user()` (password `demo1234`), over a limiter that counts every
    /// hit atomically and refuses past the limit, and refresh tokens as `tokens` answers.
    fn changing(tokens: MockRefreshTokenRepository, checks: Arc<std::sync::atomic::AtomicUsize>) -> Passwords {
        use std::sync::atomic::{AtomicU32, Ordering};
        let mut users = MockUserRepository::new();
        users.expect_password_hash().returning(|_| Ok(Some("$argon2id$demo1234".into())));
        users.expect_set_password_hash().returning(|_, _| Ok(()));
        let mut hasher = MockPasswordHasher::new();
        hasher.expect_verify().returning(move |candidate, _| {
            checks.fetch_add(1, Ordering::SeqCst);
            Ok(candidate == "demo1234")
        });
        hasher.expect_hash().returning(|_| Ok("$argon2id$new".into()));
        let mut secrets = MockSecretTokens::new();
        secrets.expect_digest().returning(|s| format!("digest({s})"));
        let count = Arc::new(AtomicU32::new(0));
        let mut limiter = MockRateLimiter::new();
        let counted = count.clone();
        limiter.expect_hit().returning(move |key, limit| {
            assert_eq!(key, format!("change-password:{}", user().id));
            counted
                .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| (n < limit.max).then_some(n + 1))
                .map(|_| ())
                .map_err(|_| Refused::Wait(900))
        });
        limiter.expect_reset().returning(move |_| {
            count.store(0, Ordering::SeqCst);
            Ok(())
        });
        let users: Arc<dyn UserRepository> = Arc::new(users);
        let hasher: Arc<dyn PasswordHasher> = Arc::new(hasher);
        let secrets: Arc<dyn SecretTokens> = Arc::new(secrets);
        let sessions = Sessions::new(users.clone(), hasher.clone(), Arc::new(MockAccessTokens::new()), Arc::new(tokens), secrets.clone());
        Passwords::new(
            users,
            hasher,
            Arc::new(MockPasswordResetStore::new()),
            secrets,
            Arc::new(MockMailer::new()),
            crate::shared::messages::testing::words(),
            sessions,
            Throttle::new(Arc::new(limiter)),
            "https://tutorhub.example.hk",
        )
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_burst_of_old_password_guesses_gets_no_more_checks_than_the_limit() {
        let checks = Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let passwords = changing(MockRefreshTokenRepository::new(), checks.clone());
        let burst: Vec<_> = (0..25)
            .map(|n| {
                let passwords = passwords.clone();
                tokio::spawn(async move { passwords.change(user().id, &format!("guess{n:04}"), "newpass99", None).await })
            })
            .collect();
        let mut limited = 0;
        for attempt in burst {
            match attempt.await.unwrap() {
                Err(ChangePasswordError::RateLimited(e)) => {
                    assert_eq!(e.retry_after_seconds, 900);
                    limited += 1;
                }
                Err(ChangePasswordError::WrongOldPassword) => {}
                other => panic!("unexpected {other:?}"),
            }
        }
        let max = CHANGE_PASSWORD_FAILURES_PER_ACCOUNT.max as usize;
        assert_eq!((checks.load(std::sync::atomic::Ordering::SeqCst), limited), (max, 25 - max));
        // The right old password waits too, so it cannot hide in a burst of guesses.
        let err = passwords.change(user().id, "demo1234", "newpass99", None).await.unwrap_err();
        assert!(matches!(err, ChangePasswordError::RateLimited(_)));
    }

    #[tokio::test]
    async fn a_change_forgets_the_typos_and_ends_every_other_session() {
        let checks = Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let mut tokens = MockRefreshTokenRepository::new();
        tokens.expect_find_by_hash().withf(|hash| hash == "digest(mine)").returning(|_| {
            let now = Utc::now();
            Ok(Some(crate::accounts::ports::RefreshTokenRecord {
                id: Uuid::from_u128(1),
                family_id: Uuid::from_u128(2),
                user_id: user().id,
                token_hash: "digest(mine)".into(),
                created_at: now,
                expires_at: now + Duration::days(30),
                rotated_at: None,
                revoked_at: None,
            }))
        });
        tokens
            .expect_revoke_user_except()
            .withf(|who, keep, _| *who == user().id && *keep == Uuid::from_u128(2))
            .times(2)
            .returning(|_, _, _| Ok(()));
        let passwords = changing(tokens, checks);
        for _ in 0..2 {
            for _ in 0..CHANGE_PASSWORD_FAILURES_PER_ACCOUNT.max - 1 {
                let err = passwords.change(user().id, "typo1234", "newpass99", Some("mine")).await.unwrap_err();
                assert!(matches!(err, ChangePasswordError::WrongOldPassword), "{err:?}");
            }
            // Without the reset the second round would run into the limit here.
            passwords.change(user().id, "demo1234", "newpass99", Some("mine")).await.unwrap();
        }
    }
}
