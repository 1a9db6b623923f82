//! What the domain sends people, as data, and the port that words it.
//!
//! Every SMS and e-mail leaves the domain as a typed message: numbers, links' parts, catalogue
//! names, and the few things people typed that a message may carry (a staff member's reason,
//! an account's name). The adapters word it in the recipient's language (`tutorhub_adapters::
//! messaging::words`): the account's language when there is an account, the language of the
//! request that asked for it otherwise (a phone's code before registration). These types are
//! shared by the areas that send (accounts, notices, alerts, tutors), so that none of them
//! depends on another for its messages.

use uuid::Uuid;

use crate::shared::language::Language;
use crate::shared::money::Rate;

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

/// One saved search's summary and its unsubscribe token, for the e-mail's footer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchFooter {
    pub summary: SearchSummary,
    pub token: String,
}

/// The SMS: one case links to itself, several to the tutor's alerts page; one saved search
/// gets its one-tap stop link (`tokens`), several are managed on the page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AlertSms {
    /// The public base URL, without a trailing slash.
    pub site: String,
    /// The matching cases' numbers.
    pub cases: Vec<i64>,
    /// The unsubscribe token of each saved search the cases matched.
    pub tokens: Vec<String>,
}

/// The e-mail: each case's particulars and link, then a footer per saved search.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AlertMail {
    /// The public base URL, without a trailing slash.
    pub site: String,
    pub cases: Vec<AlertCase>,
    pub footers: Vec<SearchFooter>,
}

/// A case as an alert e-mail lists it: the names as stored (the catalogue's, in Chinese; the
/// words translate them), the fee per lesson.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AlertCase {
    pub number: i64,
    pub grade: String,
    pub subjects: Vec<String>,
    pub area: String,
    pub district: String,
    pub fee: Rate,
}

/// What a saved search looks for, as data: each edge words it in its reader's language (the
/// API's `summary`, the footer of an alert e-mail). In zh-HK the parts are joined by "・", e.g.
/// 中學・數學、物理・觀塘區・每堂 HK$300 起・關鍵字：dse.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SearchSummary {
    /// A stored search the catalogue has outgrown: it matches nothing (已失效的搜尋條件).
    Outdated,
    /// What narrows the search, in the order it is told; none at all means every case (所有個案).
    Looking(Vec<SummaryPart>),
}

/// One thing a saved search narrows by. Names are the catalogue's (zh-HK data).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SummaryPart {
    /// The level's key, e.g. `secondary` (its name is the catalogue's `Level::label`).
    Level(&'static str),
    /// Grade names, e.g. 中三 (joined by 、 in zh-HK).
    Grades(Vec<String>),
    /// Subject names of the catalogue (joined by 、 in zh-HK).
    Subjects(Vec<String>),
    /// A free-text level's subject (tertiary), as typed.
    SubjectText(String),
    /// Where: the areas, else the districts, else the region (joined by 、 in zh-HK).
    Places(Vec<String>),
    /// The fee per lesson asked for.
    Fee(FeeBounds),
    /// The keywords as kept: lower-cased, in order (關鍵字：dse 衝刺).
    Keywords(Vec<String>),
}

/// The fee per lesson a search asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FeeBounds {
    /// At least this (每堂 HK$300 起).
    From(Rate),
    /// At most this (每堂 HK$400 或以下).
    UpTo(Rate),
    /// From the first to the second (每堂 HK$300 至 HK$400).
    Between(Rate, Rate),
}

/// A text message to word. Its words start with our name, as every SMS of ours does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Sms {
    /// What happened to the recipient's cases, applications, bookings, lessons or invoices,
    /// linking to the pages of `site` (the public base URL, without a trailing slash).
    Notice { notice: Notice, site: String },
    /// A phone verification code, valid `ttl_minutes`.
    PhoneCode { code: String, ttl_minutes: i64 },
    /// The back office approved tutor application `application`.
    TutorApproved { application: i64 },
    /// The back office rejected tutor application `application`, for staff's `reason`.
    TutorRejected { application: i64, reason: String },
    /// New cases that match the recipient's saved searches.
    Alert(AlertSms),
}

/// An e-mail to word into a subject and a body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Mail {
    /// A password reset link for the account named `name`, usable once within `ttl_minutes`.
    PasswordReset { name: String, link: String, ttl_minutes: i64 },
    /// New cases that match the recipient's saved searches, with each case's particulars.
    Alert(AlertMail),
}

/// The words of the messages we send, in each language.
pub trait MessageWords: Send + Sync {
    /// The whole text message in `language`.
    fn sms(&self, message: &Sms, language: Language) -> String;

    /// The e-mail's subject and body in `language`.
    fn mail(&self, message: &Mail, language: Language) -> (String, String);
}

#[cfg(test)]
pub(crate) mod testing {
    use std::sync::Arc;

    use super::*;

    /// Words for the domain's tests, which check what is sent rather than how it reads (the
    /// adapters' tests read the words): the language's key, then the message as Rust writes
    /// it, e.g. `zh-HK Notice { notice: CaseClosed { case: 10001 }, site: "…" }`.
    pub struct DataWords;

    impl MessageWords for DataWords {
        fn sms(&self, message: &Sms, language: Language) -> String {
            format!("{} {message:?}", language.key())
        }

        fn mail(&self, message: &Mail, language: Language) -> (String, String) {
            let subject = match message {
                Mail::PasswordReset { .. } => "password reset",
                Mail::Alert(_) => "alert",
            };
            (format!("{} {subject}", language.key()), format!("{} {message:?}", language.key()))
        }
    }

    pub fn words() -> Arc<dyn MessageWords> {
        Arc::new(DataWords)
    }

    /// What [`DataWords`] makes of `message` for a zh-HK reader (the test user's language).
    pub fn sms(message: Sms) -> String {
        DataWords.sms(&message, Language::ZhHk)
    }
}
