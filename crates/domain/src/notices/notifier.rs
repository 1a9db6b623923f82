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
use crate::shared::messaging::SmsSender;
use crate::shared::rate_limiter::Limit;
use crate::shared::rate_limits::{
    APPLICANT_NOTICES_PER_CASE, BOOKING_NOTICES_PER_PAIR, LESSON_NOTICES_PER_ARRANGEMENT, MEMBER_NOTICES_PER_RECIPIENT, Throttle,
};

/// Something to tell one person. Only numbers and ids: nothing a member wrote fits in here.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Notice {
    /// To a tutor: `booker` asked for a time.
    BookingRequested { booker: Uuid },
    /// To a tutor: `booker` cancelled a booking.
    BookingCancelled { booker: Uuid },
    /// To a booker: `tutor` accepted.
    BookingAccepted { tutor: Uuid },
    /// To a booker: `tutor` declined.
    BookingDeclined { tutor: Uuid },
    /// To a case's owner: a tutor applied (or applied again).
    NewApplicant { case: i64 },
    /// To a tutor: the owner of a student's or parent's case invites them to apply.
    Invited { case: i64, by: Inviter },
    /// To a tutor: a member reviewed them (the tutor's user number, for the profile's link).
    NewReview { tutor: i64 },
    /// To the tutor the owner chose: an offer to confirm within `hours`.
    Offered { case: i64, hours: u32 },
    /// To the owner: the tutor confirmed; contacts and the first lesson are on the site.
    OfferConfirmed { case: i64 },
    /// To the owner: the tutor declined; the case is open again.
    OfferDeclined { case: i64 },
    /// To the owner: the tutor did not answer in time; the case is open again.
    OfferLapsed { case: i64 },
    /// To the other side: the arrangement was ended.
    ArrangementEnded { arrangement: Uuid },
    /// To the family: the tutor recorded a lesson to confirm within 72 hours.
    LessonToConfirm { arrangement: Uuid },
    /// To both sides, the evening before: the first lesson of the case is tomorrow.
    FirstLessonTomorrow { case: i64, tutor: bool },
    /// To a tutor: the service fee's invoice is issued (after the first confirmed lesson).
    InvoiceIssued { invoice: String },
    /// To a tutor: an unpaid invoice is due in two days.
    InvoiceDueSoon { invoice: String },
    /// To a tutor: an unpaid invoice is due today.
    InvoiceDueToday { invoice: String },
    /// To a tutor: an invoice is overdue and interest runs.
    InvoiceOverdue { invoice: String },
    /// To a tutor: the penalty is added and applying is restricted until it is paid.
    InvoicePenalty { invoice: String },
    /// To a tutor: paid in full; the receipt is on the site.
    InvoicePaid { invoice: String },
    /// Back office, to the case's owner.
    CaseApproved { case: i64 },
    /// Back office, to the case's owner; the reason is staff's, the only place the owner reads it.
    CaseRejected { case: i64, reason: String },
    /// Back office, to the case's owner.
    CaseClosed { case: i64 },
    /// Back office, to an organization.
    OrgVerified,
    /// Back office, to an organization; the reason is staff's (also shown on its profile).
    OrgRejected { reason: String },
}

/// Who invites a tutor, as the SMS names them: an individual's account posts for a student
/// (the student or a parent), an organisation's for its students.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Inviter {
    Family,
    Organization,
}

impl Notice {
    /// The message after the 【tutorhub】 prefix; `site` is the public base URL. Short, so that
    /// most fit in one SMS (70 characters once any Chinese is in it).
    fn text(&self, site: &str) -> String {
        match self {
            Self::BookingRequested { .. } => format!("你有一個新的補習預約，請登入接受或拒絕：{site}/my-bookings"),
            Self::BookingCancelled { .. } => format!("一個預約已被預約者取消，詳情：{site}/my-bookings"),
            Self::BookingAccepted { .. } => format!("導師已接受你的預約，請登入查看聯絡資料：{site}/my-bookings"),
            Self::BookingDeclined { .. } => format!("導師未能接受你的預約，詳情：{site}/my-bookings"),
            Self::NewApplicant { case } => format!("你的補習個案 {case} 有新的導師申請，請登入查看：{site}/my-cases"),
            Self::Invited { case, by: Inviter::Family } => format!("有學生或家長邀請你申請補習個案 {case}，詳情：{site}/case/{case}"),
            Self::Invited { case, by: Inviter::Organization } => format!("有補習機構邀請你申請補習個案 {case}，詳情：{site}/case/{case}"),
            Self::NewReview { tutor } => format!("你收到一則新評價，可登入查看及回覆：{site}/tutor/{tutor}"),
            Self::Offered { case, hours } => {
                format!("你獲選為補習個案 {case} 的導師，請於 {hours} 小時內登入確認：{site}/my-applications")
            }
            Self::OfferConfirmed { case } => format!("導師已確認補習個案 {case}，請登入查看聯絡資料及第一堂時間：{site}/my-cases"),
            Self::OfferDeclined { case } => format!("導師未能接受補習個案 {case}，個案已重新開放，你可再選擇導師：{site}/my-cases"),
            Self::OfferLapsed { case } => format!("導師未有在限期內確認補習個案 {case}，個案已重新開放，你可再選擇導師：{site}/my-cases"),
            Self::ArrangementEnded { arrangement } => format!("對方已結束你們的補習安排，詳情：{site}/lesson-record/{arrangement}"),
            Self::LessonToConfirm { arrangement } => {
                format!("導師記錄了一堂課，請於 72 小時內確認或提出異議（逾時當作確認）：{site}/lesson-record/{arrangement}")
            }
            Self::FirstLessonTomorrow { case, tutor } => {
                let page = if *tutor { "my-applications" } else { "my-cases" };
                format!("提提你：補習個案 {case} 的第一堂在明天，時間及聯絡資料：{site}/{page}")
            }
            Self::InvoiceIssued { invoice } => format!("服務費發票 {invoice} 已發出，請於到期日前繳付：{site}/my-invoices/{invoice}"),
            Self::InvoiceDueSoon { invoice } => format!("服務費發票 {invoice} 將於兩日後到期，詳情及付款：{site}/my-invoices/{invoice}"),
            Self::InvoiceDueToday { invoice } => format!("服務費發票 {invoice} 今日到期，詳情及付款：{site}/my-invoices/{invoice}"),
            Self::InvoiceOverdue { invoice } => {
                format!("服務費發票 {invoice} 已逾期，正計算逾期利息，請盡快繳付：{site}/my-invoices/{invoice}")
            }
            Self::InvoicePenalty { invoice } => {
                format!("服務費發票 {invoice} 已逾期並加收罰款，繳清前不能申請個案或確認配對：{site}/my-invoices/{invoice}")
            }
            Self::InvoicePaid { invoice } => format!("多謝付款，發票 {invoice} 已全數繳清，收據：{site}/my-invoices/{invoice}/receipt"),
            Self::CaseApproved { case } => format!("你的補習個案 {case} 已獲批核，現已公開：{site}/my-cases"),
            Self::CaseRejected { case, reason } => {
                format!("你的補習個案 {case} 未獲批核。原因：{reason}。你可修改個案後重新提交：{site}/my-cases")
            }
            Self::CaseClosed { case } => format!("你的補習個案 {case} 已關閉。"),
            Self::OrgVerified => "你的機構帳戶已通過認證。".into(),
            Self::OrgRejected { reason } => format!("你的機構帳戶未能通過認證。原因：{reason}。請登入重新提交文件：{site}/profile"),
        }
    }

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
    throttle: Throttle,
    /// The public base URL without a trailing slash.
    site: String,
}

impl Notifier {
    /// `public_base_url` is the site as users reach it (`PUBLIC_BASE_URL`); notices link to
    /// its pages. `throttle` coalesces and caps notices, and is the one the use cases that
    /// send them count their own limits on, so all of it moves to a shared limiter together.
    pub fn new(users: Arc<dyn UserRepository>, sms: Arc<dyn SmsSender>, throttle: Throttle, public_base_url: &str) -> Self {
        Self { users, sms, throttle, site: public_base_url.trim_end_matches('/').to_string() }
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

    async fn send(&self, user: &User, notice: &Notice) -> bool {
        self.sms.send_sms(&user.phone, &format!("【tutorhub】{}", notice.text(&self.site))).await.is_ok()
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
    use crate::shared::rate_limiter::RateLimiter;

    /// Counts events per key like the in-memory adapter, but no window ever ends: a test runs
    /// well within an hour.
    #[derive(Default)]
    pub struct CountingLimiter(Mutex<HashMap<String, u32>>);

    #[async_trait]
    impl RateLimiter for CountingLimiter {
        async fn hit(&self, key: &str, limit: Limit) -> Result<(), u64> {
            let mut counts = self.0.lock().unwrap();
            let count = counts.entry(key.to_string()).or_default();
            if *count >= limit.max {
                return Err(limit.window_seconds);
            }
            *count += 1;
            Ok(())
        }

        async fn blocked(&self, key: &str, limit: Limit) -> Option<u64> {
            (self.0.lock().unwrap().get(key).copied().unwrap_or_default() >= limit.max).then_some(limit.window_seconds)
        }

        async fn reset(&self, key: &str) {
            self.0.lock().unwrap().remove(key);
        }
    }

    pub const SITE: &str = "https://tutorhub.example.hk";

    /// A notifier over these ports with a fresh limiter, linking to [`SITE`].
    pub fn notifier(users: Arc<dyn UserRepository>, sms: Arc<dyn SmsSender>) -> Notifier {
        Notifier::new(users, sms, Throttle::new(Arc::new(CountingLimiter::default())), &format!("{SITE}/"))
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

    use super::testing::{SITE, recording_notifier as recording};
    use super::*;
    use crate::accounts::sessions::tests_support::user;

    #[tokio::test]
    async fn notices_name_the_case_and_link_to_our_own_pages_only() {
        let (n, sent) = recording();
        let someone = user();
        for notice in [Notice::NewApplicant { case: 10234 }, Notice::BookingRequested { booker: Uuid::new_v4() }] {
            assert!(n.tell(&someone, &notice).await);
        }
        assert_eq!(
            sent.lock().unwrap().as_slice(),
            [
                format!("【tutorhub】你的補習個案 10234 有新的導師申請，請登入查看：{SITE}/my-cases"),
                format!("【tutorhub】你有一個新的補習預約，請登入接受或拒絕：{SITE}/my-bookings"),
            ]
        );
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
