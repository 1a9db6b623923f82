//! Telling people what happened to their cases, applications and bookings, by SMS.
//!
//! A notice says *that* something happened and where to look, never what anybody typed: no
//! names, case titles or booking times, only the case number and a link to the site's own
//! page. Members' words in our SMS would be a free channel for phishing under our name (a
//! booking "time" once carried a link to 60 phones in a tenth of a second); the site shows the
//! details to whoever logs in. Notices caused by other members are coalesced and capped per
//! recipient, so nobody can make us text someone over and over.

use std::sync::Arc;

use uuid::Uuid;

use crate::accounts::ports::UserRepository;
use crate::accounts::user::User;
pub use crate::shared::messages::{Inviter, Notice};
use crate::shared::messages::{MessageWords, Sms};
use crate::shared::messaging::SmsSender;
use crate::shared::rate_limits::{
    APPLICANT_NOTICES_PER_CASE, BOOKING_NOTICES_PER_PAIR, LESSON_NOTICES_PER_ARRANGEMENT, Limit, MEMBER_NOTICES_PER_RECIPIENT, Throttle,
};

impl Notice {
    /// Notices that further ones of the same kind would only repeat, within the limit's window:
    /// the limiter's scope, what they are about (besides the recipient) and the limit.
    fn coalescing(&self) -> Option<(&'static str, String, Limit)> {
        match self {
            Self::BookingRequested { booker: other }
            | Self::BookingCancelled { booker: other }
            | Self::BookingAccepted { tutor: other }
            | Self::BookingDeclined { tutor: other } => Some(("notice-bookings", other.to_string(), BOOKING_NOTICES_PER_PAIR)),
            Self::NewApplicant { case } => Some(("notice-applicants", case.to_string(), APPLICANT_NOTICES_PER_CASE)),
            Self::LessonToConfirm { arrangement } => Some(("notice-lessons", arrangement.to_string(), LESSON_NOTICES_PER_ARRANGEMENT)),
            _ => None,
        }
    }

    /// Caused by another member, so counted towards the recipient's daily cap. The back
    /// office's outcomes are not: staff cannot flood anyone, and the outcome must arrive. Nor
    /// are an offer and its answer (one of each per application), nor a lesson to confirm (once
    /// a day per arrangement) or an ending (once per arrangement): whoever missed one would
    /// let a deadline pass, or a record be confirmed, unknowing.
    fn is_prompted_by_a_member(&self) -> bool {
        matches!(
            self,
            Self::BookingRequested { .. }
                | Self::BookingCancelled { .. }
                | Self::BookingAccepted { .. }
                | Self::BookingDeclined { .. }
                | Self::NewApplicant { .. }
                | Self::Invited { .. }
                | Self::NewReview { .. }
        )
    }
}

/// Best-effort notices: the change they report is already stored, so a message that cannot
/// be delivered must not undo it or fail the request (the SMS adapter logs its failures).
#[derive(Clone)]
pub struct Notifier {
    users: Arc<dyn UserRepository>,
    sms: Arc<dyn SmsSender>,
    /// Words each notice in its recipient's language.
    words: Arc<dyn MessageWords>,
    throttle: Throttle,
    /// The public base URL without a trailing slash.
    site: String,
}

impl Notifier {
    /// `public_base_url` is the site as users reach it (`PUBLIC_BASE_URL`); notices link to
    /// its pages. `throttle` coalesces and caps notices, and is the one the use cases that
    /// send them count their own limits on, so all of it moves to a shared limiter together.
    pub fn new(
        users: Arc<dyn UserRepository>,
        sms: Arc<dyn SmsSender>,
        words: Arc<dyn MessageWords>,
        throttle: Throttle,
        public_base_url: &str,
    ) -> Self {
        Self { users, sms, words, throttle, site: public_base_url.trim_end_matches('/').to_string() }
    }

    /// The limiter the notices count on.
    pub fn throttle(&self) -> &Throttle {
        &self.throttle
    }

    /// Returns whether the message went out (false also when coalesced or over the cap: the
    /// app still shows what happened).
    pub async fn tell(&self, user: &User, notice: &Notice) -> bool {
        self.admit(user.id, notice).await && self.send(user, notice).await
    }

    pub async fn tell_id(&self, user_id: Uuid, notice: &Notice) {
        if self.admit(user_id, notice).await
            && let Ok(Some(user)) = self.users.find_by_id(user_id).await
        {
            self.send(&user, notice).await;
        }
    }

    /// Words the notice in the recipient's language, linking to the site's pages.
    async fn send(&self, user: &User, notice: &Notice) -> bool {
        let body = self.words.sms(&Sms::Notice { notice: notice.clone(), site: self.site.clone() }, user.language);
        self.sms.send_sms(&user.phone, &body).await.is_ok()
    }

    /// Counts the notice against its limits; false when it must stay in the app only.
    async fn admit(&self, recipient: Uuid, notice: &Notice) -> bool {
        if let Some((scope, about, limit)) = notice.coalescing()
            && self.throttle.hit(scope, &format!("{recipient}:{about}"), limit).await.is_err()
        {
            return false;
        }
        !notice.is_prompted_by_a_member()
            || self.throttle.hit("notice-daily", &recipient.to_string(), MEMBER_NOTICES_PER_RECIPIENT).await.is_ok()
    }
}

#[cfg(test)]
pub(crate) mod testing {
    use std::collections::HashMap;
    use std::sync::Mutex;

    use async_trait::async_trait;

    use super::*;
    use crate::shared::rate_limits::{RateLimiter, Refused, StoreFailed};

    /// Counts events per key like the in-memory adapter, but no window ever ends: a test runs
    /// well within an hour.
    #[derive(Default)]
    pub struct CountingLimiter(Mutex<HashMap<String, u32>>);

    #[async_trait]
    impl RateLimiter for CountingLimiter {
        async fn hit(&self, key: &str, limit: Limit) -> Result<(), Refused> {
            let mut counts = self.0.lock().unwrap();
            let count = counts.entry(key.to_string()).or_default();
            if *count >= limit.max {
                return Err(Refused::Wait(limit.window_seconds));
            }
            *count += 1;
            Ok(())
        }

        async fn blocked(&self, key: &str, limit: Limit) -> Result<Option<u64>, StoreFailed> {
            Ok((self.0.lock().unwrap().get(key).copied().unwrap_or_default() >= limit.max).then_some(limit.window_seconds))
        }

        async fn reset(&self, key: &str) -> Result<(), StoreFailed> {
            self.0.lock().unwrap().remove(key);
            Ok(())
        }
    }

    pub const SITE: &str = "https://tutorhub.example.hk";

    /// A notifier over these ports with a fresh limiter, linking to [`SITE`], whose SMS are
    /// worded by the tests' words (see [`sms`]).
    pub fn notifier(users: Arc<dyn UserRepository>, sms: Arc<dyn SmsSender>) -> Notifier {
        let words = crate::shared::messages::testing::words();
        Notifier::new(users, sms, words, Throttle::new(Arc::new(CountingLimiter::default())), &format!("{SITE}/"))
    }

    /// The SMS a test notifier sends a zh-HK reader for `notice`.
    pub fn sms(notice: Notice) -> String {
        crate::shared::messages::testing::sms(crate::shared::messages::Sms::Notice { notice, site: SITE.to_string() })
    }

    /// A notifier whose every recipient exists (the test user, with the id asked for) and
    /// whose SMS are kept, in order, in the list it answers too.
    pub fn recording_notifier() -> (Notifier, Arc<Mutex<Vec<String>>>) {
        let sent = Arc::new(Mutex::new(Vec::new()));
        let log = sent.clone();
        let mut sms = crate::shared::messaging::MockSmsSender::new();
        sms.expect_send_sms().returning(move |_, body| {
            log.lock().unwrap().push(body.to_string());
            Ok(())
        });
        let mut users = crate::accounts::ports::MockUserRepository::new();
        users.expect_find_by_id().returning(|id| Ok(Some(User { id, ..crate::accounts::sessions::tests_support::user() })));
        (notifier(Arc::new(users), Arc::new(sms)), sent)
    }
}

#[cfg(test)]
mod tests {

    use super::testing::{SITE, recording_notifier as recording, sms};
    use super::*;
    use crate::accounts::sessions::tests_support::user;
    use crate::shared::language::Language;

    #[tokio::test]
    async fn notices_name_the_case_and_link_to_our_own_pages_only() {
        let (n, sent) = recording();
        let someone = user();
        let booker = Uuid::new_v4();
        for notice in [Notice::NewApplicant { case: 10234 }, Notice::BookingRequested { booker }] {
            assert!(n.tell(&someone, &notice).await);
        }
        assert_eq!(sent.lock().unwrap().as_slice(), [sms(Notice::NewApplicant { case: 10234 }), sms(Notice::BookingRequested { booker })]);
        assert!(sent.lock().unwrap()[0].contains(&format!("site: \"{SITE}\"")), "the site without its trailing slash");
    }

    #[tokio::test]
    async fn a_notice_is_worded_in_the_recipients_language() {
        let (n, sent) = recording();
        let reader = User { language: Language::En, ..user() };
        assert!(n.tell(&reader, &Notice::CaseClosed { case: 10001 }).await);
        assert!(sent.lock().unwrap()[0].starts_with("en Notice { notice: CaseClosed { case: 10001 }"), "{:?}", sent.lock().unwrap());
    }

    #[tokio::test]
    async fn a_second_notice_about_the_same_booker_or_case_within_the_hour_is_not_sent() {
        let (n, sent) = recording();
        let (tutor, booker) = (user(), Uuid::new_v4());
        assert!(n.tell(&tutor, &Notice::BookingRequested { booker }).await);
        assert!(!n.tell(&tutor, &Notice::BookingCancelled { booker }).await, "same pair, same hour");
        assert!(n.tell(&tutor, &Notice::BookingRequested { booker: Uuid::new_v4() }).await, "another booker");
        assert!(n.tell(&tutor, &Notice::NewApplicant { case: 1 }).await);
        assert!(!n.tell(&tutor, &Notice::NewApplicant { case: 1 }).await);
        assert!(n.tell(&tutor, &Notice::NewApplicant { case: 2 }).await);
        assert_eq!(sent.lock().unwrap().len(), 4);
    }

    #[tokio::test]
    async fn members_cause_at_most_the_daily_cap_of_sms_but_the_back_office_still_gets_through() {
        let (n, sent) = recording();
        let tutor = user();
        for _ in 0..MEMBER_NOTICES_PER_RECIPIENT.max + 5 {
            n.tell(&tutor, &Notice::BookingRequested { booker: Uuid::new_v4() }).await;
        }
        assert_eq!(sent.lock().unwrap().len(), MEMBER_NOTICES_PER_RECIPIENT.max as usize);
        assert!(n.tell(&tutor, &Notice::CaseApproved { case: 10001 }).await);
        // An offer gets through too: a tutor who never heard of it would let it lapse.
        assert!(n.tell(&tutor, &Notice::Offered { case: 10002, hours: 24 }).await);
    }
}
