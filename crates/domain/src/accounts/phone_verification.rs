//! Proving that a user holds a phone: a 6-digit SMS code, then a grant.
//!
//! A code is stored as a digest only, lives [`CODE_TTL_MINUTES`] minutes, allows
//! [`MAX_ATTEMPTS`] tries, and a new one can be sent only [`RESEND_COOLDOWN_SECONDS`] seconds
//! after the last (enforced here, not only by the client's countdown). A correct code turns into
//! a grant for that phone, valid [`GRANT_TTL_MINUTES`] minutes, which the next step consumes.
//!
//! The grant belongs to the client that typed the code: verifying hands it a verification token
//! (256 random bits; only the digest is stored with the grant), and the grant is consumed only
//! with that token. Otherwise anyone could register, or move an account onto, a phone that
//! somebody else had just verified.
//!
//! **Reuse:** any flow that needs a verified phone calls [`PhoneVerification::consume_grant`]
//! just before it commits: registration and the profile's phone change do. The client's
//! "verified" flag is never trusted.

use std::sync::Arc;

use chrono::{Duration, Utc};
use thiserror::Error;

use crate::accounts::ports::{PhoneCode, PhoneVerificationStore, SecretTokens, UserRepository};
use crate::shared::identity::Phone;
use crate::shared::language::Language;
use crate::shared::messages::{MessageWords, Sms};
use crate::shared::messaging::SmsSender;
use crate::shared::rate_limits::{RateLimited, SEND_CODE_PER_PHONE, Throttle};
use crate::shared::storage::RepositoryError;
use crate::shared::validation::Problem;

pub const CODE_TTL_MINUTES: i64 = 10;
pub const MAX_ATTEMPTS: i64 = 5;
pub const RESEND_COOLDOWN_SECONDS: i64 = 60;
pub const GRANT_TTL_MINUTES: i64 = 30;

#[derive(Debug, Error)]
pub enum SendCodeError {
    #[error("invalid_phone: {0:?}")]
    InvalidPhone(Problem),
    #[error("phone_taken")]
    PhoneTaken,
    /// The last code went out less than the cooldown ago; the seconds left to wait.
    #[error("too_soon: {0} s")]
    TooSoon(i64),
    #[error(transparent)]
    RateLimited(#[from] RateLimited),
    /// The SMS provider refused or could not be reached; nothing is left behind, so the user
    /// may ask again at once.
    #[error("sms_not_sent")]
    Delivery,
    #[error(transparent)]
    Repository(#[from] RepositoryError),
}

#[derive(Debug, Error)]
pub enum VerifyCodeError {
    #[error("invalid_phone: {0:?}")]
    InvalidPhone(Problem),
    /// Not 6 digits.
    #[error("malformed_code")]
    MalformedCode,
    #[error("no_code")]
    NoCode,
    #[error("code_expired")]
    Expired,
    #[error("too_many_attempts")]
    TooManyAttempts,
    #[error("wrong_code")]
    Wrong,
    #[error(transparent)]
    Repository(#[from] RepositoryError),
}

#[derive(Clone)]
pub struct PhoneVerification {
    store: Arc<dyn PhoneVerificationStore>,
    users: Arc<dyn UserRepository>,
    sms: Arc<dyn SmsSender>,
    /// Words the code's SMS in the language of whoever asked for it.
    words: Arc<dyn MessageWords>,
    secrets: Arc<dyn SecretTokens>,
    throttle: Throttle,
}

impl PhoneVerification {
    pub fn new(
        store: Arc<dyn PhoneVerificationStore>,
        users: Arc<dyn UserRepository>,
        sms: Arc<dyn SmsSender>,
        words: Arc<dyn MessageWords>,
        secrets: Arc<dyn SecretTokens>,
        throttle: Throttle,
    ) -> Self {
        Self { store, users, sms, words, secrets, throttle }
    }

    /// Sends a new code to a phone that has no account yet, worded in `language` (the one the
    /// person asking reads: there is no account to take it from).
    ///
    /// # Errors
    /// See [`SendCodeError`].
    pub async fn send_code(&self, raw_phone: &str, language: Language) -> Result<(), SendCodeError> {
        let phone = Phone::parse(raw_phone).map_err(SendCodeError::InvalidPhone)?;
        if self.users.find_by_phone(&phone).await?.is_some() {
            return Err(SendCodeError::PhoneTaken);
        }
        let now = Utc::now();
        let code = self.secrets.sms_code();
        let record = PhoneCode {
            code_hash: self.digest(&phone, &code),
            sent_at: now,
            expires_at: now + Duration::minutes(CODE_TTL_MINUTES),
            attempts: 0,
        };
        // Checked (not counted) first, so that a refused request leaves the last code alone.
        self.throttle.check("send-code-phone", phone.as_str(), SEND_CODE_PER_PHONE).await?;
        if !self.store.replace_code(&phone, record, now - Duration::seconds(RESEND_COOLDOWN_SECONDS)).await? {
            let sent_at = self.store.find_code(&phone).await?.map_or(now, |c| c.sent_at);
            let wait = (sent_at + Duration::seconds(RESEND_COOLDOWN_SECONDS) - now).num_seconds().max(1);
            return Err(SendCodeError::TooSoon(wait));
        }
        // From here on, a code that does not go out is deleted: it could not be typed in, and
        // it would hold the resend cooldown for nothing.
        if let Err(limited) = self.throttle.hit("send-code-phone", phone.as_str(), SEND_CODE_PER_PHONE).await {
            self.store.delete_code(&phone).await?;
            return Err(limited.into());
        }
        let body = self.words.sms(&Sms::PhoneCode { code, ttl_minutes: CODE_TTL_MINUTES }, language);
        if self.sms.send_sms(&phone, &body).await.is_err() {
            // The adapter logged why. The attempt still counts towards the per-phone limit
            // (an outage must not become a way around it).
            self.store.delete_code(&phone).await?;
            return Err(SendCodeError::Delivery);
        }
        Ok(())
    }

    /// Checks a code; a correct one becomes a grant for the phone, and the answer is the
    /// verification token that the step using the grant must present (keep it in memory only).
    ///
    /// # Errors
    /// See [`VerifyCodeError`].
    pub async fn verify_code(&self, raw_phone: &str, code: &str) -> Result<String, VerifyCodeError> {
        let phone = Phone::parse(raw_phone).map_err(VerifyCodeError::InvalidPhone)?;
        let code = code.trim();
        if code.len() != 6 || !code.chars().all(|c| c.is_ascii_digit()) {
            return Err(VerifyCodeError::MalformedCode);
        }
        let now = Utc::now();
        // The attempt is counted before the comparison, in one statement: parallel guesses
        // cannot get more than MAX_ATTEMPTS comparisons.
        let Some(expected) = self.store.spend_attempt(&phone, MAX_ATTEMPTS, now).await? else {
            return Err(match self.store.find_code(&phone).await? {
                None => VerifyCodeError::NoCode,
                Some(c) if c.expires_at <= now => VerifyCodeError::Expired,
                Some(_) => VerifyCodeError::TooManyAttempts,
            });
        };
        if expected != self.digest(&phone, code) {
            return Err(VerifyCodeError::Wrong);
        }
        self.store.delete_code(&phone).await?;
        let token = self.secrets.generate();
        self.store.grant(&phone, &self.grant_digest(&token), now, now + Duration::minutes(GRANT_TTL_MINUTES)).await?;
        Ok(token)
    }

    /// Uses up the phone's verification grant, presented with the `token` that verifying the
    /// phone handed out. Call it right before committing the step that needs a verified phone
    /// (registration, the profile's phone change); `false` means the phone was not verified in
    /// the last [`GRANT_TTL_MINUTES`] minutes by the holder of `token` (or the grant was used).
    ///
    /// # Errors
    /// When the store fails.
    pub async fn consume_grant(&self, phone: &Phone, token: &str) -> Result<bool, RepositoryError> {
        let token = token.trim();
        if token.is_empty() {
            return Ok(false);
        }
        self.store.consume_grant(phone, &self.grant_digest(token), Utc::now()).await
    }

    /// Gives a consumed grant back, with the same token, when the step that consumed it failed
    /// for another reason.
    ///
    /// # Errors
    /// When the store fails.
    pub async fn restore_grant(&self, phone: &Phone, token: &str) -> Result<(), RepositoryError> {
        let now = Utc::now();
        self.store.grant(phone, &self.grant_digest(token.trim()), now, now + Duration::minutes(GRANT_TTL_MINUTES)).await
    }

    fn grant_digest(&self, token: &str) -> String {
        self.secrets.digest(token)
    }

    /// Salted with the phone, so equal codes of two phones have different digests.
    fn digest(&self, phone: &Phone, code: &str) -> String {
        self.secrets.digest(&format!("sms-code:{}:{code}", phone.as_str()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::accounts::ports::{MockPhoneVerificationStore, MockSecretTokens, MockUserRepository};
    use crate::shared::messaging::{DeliveryError, MockSmsSender};
    use crate::shared::rate_limits::{MockRateLimiter, Refused};

    struct Mocks {
        store: MockPhoneVerificationStore,
        users: MockUserRepository,
        sms: MockSmsSender,
        limiter: MockRateLimiter,
    }

    impl Mocks {
        fn new() -> Self {
            let mut users = MockUserRepository::new();
            users.expect_find_by_phone().returning(|_| Ok(None));
            let mut limiter = MockRateLimiter::new();
            limiter.expect_blocked().returning(|_, _| Ok(None));
            limiter.expect_hit().returning(|_, _| Ok(()));
            Self { store: MockPhoneVerificationStore::new(), users, sms: MockSmsSender::new(), limiter }
        }

        fn build(self) -> PhoneVerification {
            let mut secrets = MockSecretTokens::new();
            secrets.expect_sms_code().returning(|| "123456".into());
            secrets.expect_generate().returning(|| "grant-secret".into());
            secrets.expect_digest().returning(|s| format!("digest({s})"));
            let limiter = self.limiter;
            PhoneVerification::new(
                Arc::new(self.store),
                Arc::new(self.users),
                Arc::new(self.sms),
                crate::shared::messages::testing::words(),
                Arc::new(secrets),
                Throttle::new(Arc::new(limiter)),
            )
        }
    }

    fn code(expires_in_minutes: i64, attempts: i64) -> PhoneCode {
        PhoneCode {
            code_hash: "digest(sms-code:+85291234567:123456)".into(),
            sent_at: Utc::now() - Duration::seconds(10),
            expires_at: Utc::now() + Duration::minutes(expires_in_minutes),
            attempts,
        }
    }

    #[tokio::test]
    async fn sends_a_code_and_keeps_only_its_salted_digest_for_ten_minutes() {
        let mut m = Mocks::new();
        m.store
            .expect_replace_code()
            .withf(|p, c, _| {
                p.as_str() == "+85291234567"
                    && c.code_hash == "digest(sms-code:+85291234567:123456)"
                    && (c.expires_at - c.sent_at).num_minutes() == CODE_TTL_MINUTES
            })
            .returning(|_, _, _| Ok(true));
        let sent = crate::shared::messages::testing::sms(Sms::PhoneCode { code: "123456".into(), ttl_minutes: 10 });
        m.sms.expect_send_sms().withf(move |_, body| body == sent).times(1).returning(|_, _| Ok(()));
        m.build().send_code("9123 4567", Language::ZhHk).await.unwrap();
    }

    #[tokio::test]
    async fn refuses_a_resend_within_the_cooldown_and_says_how_long_to_wait() {
        let mut m = Mocks::new();
        m.store.expect_replace_code().returning(|_, _, _| Ok(false));
        m.store.expect_find_code().returning(|_| Ok(Some(code(10, 0))));
        let err = m.build().send_code("91234567", Language::ZhHk).await.unwrap_err();
        assert!(matches!(err, SendCodeError::TooSoon(50 | 51)), "{err:?}");
    }

    #[tokio::test]
    async fn a_failed_send_deletes_the_code_so_the_user_can_ask_again_at_once() {
        let mut m = Mocks::new();
        m.store.expect_replace_code().times(1).returning(|_, _, _| Ok(true));
        m.sms.expect_send_sms().times(1).returning(|_, _| Err(DeliveryError("gateway answered 503".into())));
        m.store.expect_delete_code().withf(|p| p.as_str() == "+85291234567").times(1).returning(|_| Ok(()));
        let err = m.build().send_code("91234567", Language::ZhHk).await.unwrap_err();
        assert!(matches!(err, SendCodeError::Delivery));
    }

    #[tokio::test]
    async fn a_phone_over_its_limit_keeps_its_last_code_and_gets_no_sms() {
        let mut m = Mocks::new();
        m.limiter = MockRateLimiter::new();
        m.limiter.expect_blocked().returning(|_, _| Ok(Some(1200)));
        m.store.expect_replace_code().never();
        m.store.expect_delete_code().never();
        m.sms.expect_send_sms().never();
        assert!(matches!(m.build().send_code("91234567", Language::ZhHk).await.unwrap_err(), SendCodeError::RateLimited(_)));
    }

    #[tokio::test]
    async fn a_code_refused_by_the_limit_after_all_is_deleted_unsent() {
        // Two requests raced past the check: the loser's code is not left behind.
        let mut m = Mocks::new();
        m.limiter = MockRateLimiter::new();
        m.limiter.expect_blocked().returning(|_, _| Ok(None));
        m.limiter.expect_hit().returning(|_, _| Err(Refused::Wait(1200)));
        m.store.expect_replace_code().returning(|_, _, _| Ok(true));
        m.store.expect_delete_code().times(1).returning(|_| Ok(()));
        m.sms.expect_send_sms().never();
        assert!(matches!(m.build().send_code("91234567", Language::ZhHk).await.unwrap_err(), SendCodeError::RateLimited(_)));
    }

    #[tokio::test]
    async fn refuses_registered_phones_and_bad_numbers() {
        let mut m = Mocks::new();
        m.users = MockUserRepository::new();
        m.users.expect_find_by_phone().returning(|_| Ok(Some(crate::accounts::sessions::tests_support::user())));
        assert!(matches!(m.build().send_code("91234567", Language::ZhHk).await.unwrap_err(), SendCodeError::PhoneTaken));
        let err = Mocks::new().build().send_code("1234", Language::ZhHk).await.unwrap_err();
        assert!(
            matches!(&err, SendCodeError::InvalidPhone(Problem::Accounts(crate::shared::validation::AccountsProblem::PhoneInvalid))),
            "{err:?}"
        );
    }

    #[tokio::test]
    async fn a_correct_code_becomes_a_thirty_minute_grant() {
        let mut m = Mocks::new();
        m.store.expect_spend_attempt().returning(|_, max, _| {
            assert_eq!(max, MAX_ATTEMPTS);
            Ok(Some(code(10, 1).code_hash))
        });
        m.store.expect_delete_code().times(1).returning(|_| Ok(()));
        m.store
            .expect_grant()
            .withf(|_, hash, at, until| hash == "digest(grant-secret)" && (*until - *at).num_minutes() == GRANT_TTL_MINUTES)
            .times(1)
            .returning(|_, _, _, _| Ok(()));
        // The client gets the secret; the store only its digest.
        assert_eq!(m.build().verify_code("91234567", " 123456 ").await.unwrap(), "grant-secret");
    }

    #[tokio::test]
    async fn a_grant_is_consumed_only_with_the_token_of_whoever_verified_the_phone() {
        let mut m = Mocks::new();
        m.store.expect_consume_grant().returning(|phone, hash, _| Ok(phone.as_str() == "+85291234567" && hash == "digest(grant-secret)"));
        let verification = m.build();
        let phone = Phone::parse("91234567").unwrap();
        assert!(!verification.consume_grant(&phone, "someone-elses").await.unwrap());
        assert!(!verification.consume_grant(&phone, " ").await.unwrap(), "no token, no grant");
        assert!(verification.consume_grant(&phone, "grant-secret").await.unwrap());
    }

    #[tokio::test]
    async fn a_wrong_code_is_refused_without_a_grant() {
        let mut m = Mocks::new();
        m.store.expect_spend_attempt().returning(|_, _, _| Ok(Some(code(10, 1).code_hash)));
        assert!(matches!(m.build().verify_code("91234567", "654321").await.unwrap_err(), VerifyCodeError::Wrong));
    }

    #[tokio::test]
    async fn tells_missing_expired_and_exhausted_codes_apart() {
        for (found, expected) in
            [(None, "no_code"), (Some(code(-1, 0)), "code_expired"), (Some(code(10, MAX_ATTEMPTS)), "too_many_attempts")]
        {
            let mut m = Mocks::new();
            m.store.expect_spend_attempt().returning(|_, _, _| Ok(None));
            m.store.expect_find_code().returning(move |_| Ok(found.clone()));
            assert_eq!(m.build().verify_code("91234567", "123456").await.unwrap_err().to_string(), expected);
        }
        assert!(matches!(Mocks::new().build().verify_code("91234567", "12a456").await.unwrap_err(), VerifyCodeError::MalformedCode));
    }
}
