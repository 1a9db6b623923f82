//! The words of notices (`notices::notifier`): what happened to a member's cases, applications,
//! bookings, lessons and invoices, and where on the site to look. Short, so that most fit in
//! one SMS (70 characters once any Chinese is in it, 160 otherwise).

use tutorhub_domain::notices::notifier::{Inviter, Notice};
use tutorhub_domain::shared::language::Language;

use super::{count, english_pages};

/// The notice after our name; `site` is the public base URL without a trailing slash.
pub(super) fn sms(notice: &Notice, site: &str, language: Language) -> String {
    match language {
        Language::ZhHk => zh_hk(notice, site),
        Language::En => en(notice, &english_pages(site)),
    }
}

/// The page of the first lesson's time and contacts: the tutor's applications, the owner's cases.
fn first_lesson_page(tutor: bool) -> &'static str {
    if tutor { "my-applications" } else { "my-cases" }
}

fn zh_hk(notice: &Notice, site: &str) -> String {
    match notice {
        Notice::BookingRequested { .. } => format!("你有一個新的補習預約，請登入接受或拒絕：{site}/my-bookings"),
        Notice::BookingCancelled { .. } => format!("一個預約已被預約者取消，詳情：{site}/my-bookings"),
        Notice::BookingAccepted { .. } => format!("導師已接受你的預約，請登入查看聯絡資料：{site}/my-bookings"),
        Notice::BookingDeclined { .. } => format!("導師未能接受你的預約，詳情：{site}/my-bookings"),
        Notice::NewApplicant { case } => format!("你的補習個案 {case} 有新的導師申請，請登入查看：{site}/my-cases"),
        Notice::Invited { case, by: Inviter::Family } => format!("有學生或家長邀請你申請補習個案 {case}，詳情：{site}/case/{case}"),
        Notice::Invited { case, by: Inviter::Organization } => format!("有補習機構邀請你申請補習個案 {case}，詳情：{site}/case/{case}"),
        Notice::NewReview { tutor } => format!("你收到一則新評價，可登入查看及回覆：{site}/tutor/{tutor}"),
        Notice::Offered { case, hours } => {
            format!("你獲選為補習個案 {case} 的導師，請於 {hours} 小時內登入確認：{site}/my-applications")
        }
        Notice::OfferConfirmed { case } => format!("導師已確認補習個案 {case}，請登入查看聯絡資料及第一堂時間：{site}/my-cases"),
        Notice::OfferDeclined { case } => format!("導師未能接受補習個案 {case}，個案已重新開放，你可再選擇導師：{site}/my-cases"),
        Notice::OfferLapsed { case } => format!("導師未有在限期內確認補習個案 {case}，個案已重新開放，你可再選擇導師：{site}/my-cases"),
        Notice::ArrangementEnded { arrangement } => format!("對方已結束你們的補習安排，詳情：{site}/lesson-record/{arrangement}"),
        Notice::LessonToConfirm { arrangement } => {
            format!("導師記錄了一堂課，請於 72 小時內確認或提出異議（逾時當作確認）：{site}/lesson-record/{arrangement}")
        }
        Notice::FirstLessonTomorrow { case, tutor } => {
            let page = first_lesson_page(*tutor);
            format!("提提你：補習個案 {case} 的第一堂在明天，時間及聯絡資料：{site}/{page}")
        }
        Notice::InvoiceIssued { invoice } => format!("服務費發票 {invoice} 已發出，請於到期日前繳付：{site}/my-invoices/{invoice}"),
        Notice::InvoiceDueSoon { invoice } => format!("服務費發票 {invoice} 將於兩日後到期，詳情及付款：{site}/my-invoices/{invoice}"),
        Notice::InvoiceDueToday { invoice } => format!("服務費發票 {invoice} 今日到期，詳情及付款：{site}/my-invoices/{invoice}"),
        Notice::InvoiceOverdue { invoice } => {
            format!("服務費發票 {invoice} 已逾期，正計算逾期利息，請盡快繳付：{site}/my-invoices/{invoice}")
        }
        Notice::InvoicePenalty { invoice } => {
            format!("服務費發票 {invoice} 已逾期並加收罰款，繳清前不能申請個案或確認配對：{site}/my-invoices/{invoice}")
        }
        Notice::InvoicePaid { invoice } => format!("多謝付款，發票 {invoice} 已全數繳清，收據：{site}/my-invoices/{invoice}/receipt"),
        Notice::CaseApproved { case } => format!("你的補習個案 {case} 已獲批核，現已公開：{site}/my-cases"),
        Notice::CaseRejected { case, reason } => {
            format!("你的補習個案 {case} 未獲批核。原因：{reason}。你可修改個案後重新提交：{site}/my-cases")
        }
        Notice::CaseClosed { case } => format!("你的補習個案 {case} 已關閉。"),
        Notice::OrgVerified => "你的機構帳戶已通過認證。".into(),
        Notice::OrgRejected { reason } => format!("你的機構帳戶未能通過認證。原因：{reason}。請登入重新提交文件：{site}/profile"),
    }
}

fn en(notice: &Notice, site: &str) -> String {
    match notice {
        Notice::BookingRequested { .. } => format!("You have a new booking request. Log in to accept or decline it: {site}/my-bookings"),
        Notice::BookingCancelled { .. } => format!("A booking was cancelled by the person who made it. Details: {site}/my-bookings"),
        Notice::BookingAccepted { .. } => {
            format!("The tutor accepted your booking. Log in to see their contact details: {site}/my-bookings")
        }
        Notice::BookingDeclined { .. } => format!("The tutor could not accept your booking. Details: {site}/my-bookings"),
        Notice::NewApplicant { case } => format!("A tutor applied for your case {case}. Log in to see the application: {site}/my-cases"),
        Notice::Invited { case, by: Inviter::Family } => {
            format!("A student or parent invites you to apply for case {case}. Details: {site}/case/{case}")
        }
        Notice::Invited { case, by: Inviter::Organization } => {
            format!("A tutoring organisation invites you to apply for case {case}. Details: {site}/case/{case}")
        }
        Notice::NewReview { tutor } => format!("You have a new review. Log in to read it and reply: {site}/tutor/{tutor}"),
        Notice::Offered { case, hours } => {
            let hours = count(*hours, "hour", "hours");
            format!("You have been chosen as the tutor for case {case}. Log in within {hours} to confirm: {site}/my-applications")
        }
        Notice::OfferConfirmed { case } => {
            format!("The tutor confirmed case {case}. Log in to see their contact details and the first lesson's time: {site}/my-cases")
        }
        Notice::OfferDeclined { case } => {
            format!("The tutor could not take case {case}. The case is open again and you can choose another tutor: {site}/my-cases")
        }
        Notice::OfferLapsed { case } => format!(
            "The tutor did not confirm case {case} in time. The case is open again and you can choose another tutor: {site}/my-cases"
        ),
        Notice::ArrangementEnded { arrangement } => {
            format!("The other side ended your tutoring arrangement. Details: {site}/lesson-record/{arrangement}")
        }
        Notice::LessonToConfirm { arrangement } => format!(
            "Your tutor recorded a lesson. Please confirm it or raise a dispute within 72 hours (after that it counts as confirmed): \
             {site}/lesson-record/{arrangement}"
        ),
        Notice::FirstLessonTomorrow { case, tutor } => {
            let page = first_lesson_page(*tutor);
            format!("Reminder: the first lesson of case {case} is tomorrow. Time and contact details: {site}/{page}")
        }
        Notice::InvoiceIssued { invoice } => {
            format!("Service fee invoice {invoice} has been issued. Please pay by the due date: {site}/my-invoices/{invoice}")
        }
        Notice::InvoiceDueSoon { invoice } => {
            format!("Service fee invoice {invoice} is due in two days. Details and payment: {site}/my-invoices/{invoice}")
        }
        Notice::InvoiceDueToday { invoice } => {
            format!("Service fee invoice {invoice} is due today. Details and payment: {site}/my-invoices/{invoice}")
        }
        Notice::InvoiceOverdue { invoice } => format!(
            "Service fee invoice {invoice} is overdue and interest is being charged. Please pay as soon as possible: \
             {site}/my-invoices/{invoice}"
        ),
        Notice::InvoicePenalty { invoice } => format!(
            "Service fee invoice {invoice} is overdue and a penalty has been added. Until it is paid, you cannot apply for cases \
             or confirm matches: {site}/my-invoices/{invoice}"
        ),
        Notice::InvoicePaid { invoice } => {
            format!("Thank you for your payment. Invoice {invoice} is paid in full. Receipt: {site}/my-invoices/{invoice}/receipt")
        }
        Notice::CaseApproved { case } => format!("Your case {case} has been approved and is now public: {site}/my-cases"),
        Notice::CaseRejected { case, reason } => {
            format!("Your case {case} was not approved. Reason: {reason}. You can edit the case and submit it again: {site}/my-cases")
        }
        Notice::CaseClosed { case } => format!("Your case {case} has been closed."),
        Notice::OrgVerified => "Your organisation account has been verified.".into(),
        Notice::OrgRejected { reason } => format!(
            "Your organisation account could not be verified. Reason: {reason}. Please log in and submit your documents again: \
             {site}/profile"
        ),
    }
}

#[cfg(test)]
mod tests {
    use tutorhub_domain::shared::messages::{MessageWords, Sms};
    use uuid::Uuid;

    use super::super::Wording;
    use super::super::tests::has_chinese;
    use super::*;

    const SITE: &str = "https://tutorhub.example.hk";

    fn words(notice: Notice, language: Language) -> String {
        Wording.sms(&Sms::Notice { notice, site: SITE.into() }, language)
    }

    /// One of each kind of notice.
    fn every_notice() -> Vec<Notice> {
        let (someone, arrangement, invoice) = (Uuid::from_u128(9), Uuid::from_u128(3), "INV-2026-000123".to_string());
        vec![
            Notice::BookingRequested { booker: someone },
            Notice::BookingCancelled { booker: someone },
            Notice::BookingAccepted { tutor: someone },
            Notice::BookingDeclined { tutor: someone },
            Notice::NewApplicant { case: 10234 },
            Notice::Invited { case: 20, by: Inviter::Family },
            Notice::Invited { case: 20, by: Inviter::Organization },
            Notice::NewReview { tutor: 1001 },
            Notice::Offered { case: 10234, hours: 24 },
            Notice::OfferConfirmed { case: 10234 },
            Notice::OfferDeclined { case: 10234 },
            Notice::OfferLapsed { case: 10234 },
            Notice::ArrangementEnded { arrangement },
            Notice::LessonToConfirm { arrangement },
            Notice::FirstLessonTomorrow { case: 10234, tutor: true },
            Notice::FirstLessonTomorrow { case: 10234, tutor: false },
            Notice::InvoiceIssued { invoice: invoice.clone() },
            Notice::InvoiceDueSoon { invoice: invoice.clone() },
            Notice::InvoiceDueToday { invoice: invoice.clone() },
            Notice::InvoiceOverdue { invoice: invoice.clone() },
            Notice::InvoicePenalty { invoice: invoice.clone() },
            Notice::InvoicePaid { invoice },
            Notice::CaseApproved { case: 10001 },
            Notice::CaseRejected { case: 10001, reason: "contact details in the description".into() },
            Notice::CaseClosed { case: 10001 },
            Notice::OrgVerified,
            Notice::OrgRejected { reason: "the certificate has expired".into() },
        ]
    }

    #[test]
    fn the_chinese_reads_as_it_always_did() {
        assert_eq!(
            words(Notice::NewApplicant { case: 10234 }, Language::ZhHk),
            format!("【tutorhub】你的補習個案 10234 有新的導師申請，請登入查看：{SITE}/my-cases")
        );
        assert_eq!(
            words(Notice::BookingRequested { booker: Uuid::nil() }, Language::ZhHk),
            format!("【tutorhub】你有一個新的補習預約，請登入接受或拒絕：{SITE}/my-bookings")
        );
        assert_eq!(
            words(Notice::CaseRejected { case: 10001, reason: "聯絡資料不應寫在描述".into() }, Language::ZhHk),
            format!("【tutorhub】你的補習個案 10001 未獲批核。原因：聯絡資料不應寫在描述。你可修改個案後重新提交：{SITE}/my-cases")
        );
        assert_eq!(words(Notice::OrgVerified, Language::ZhHk), "【tutorhub】你的機構帳戶已通過認證。");
        assert_eq!(
            words(Notice::FirstLessonTomorrow { case: 7, tutor: true }, Language::ZhHk),
            format!("【tutorhub】提提你：補習個案 7 的第一堂在明天，時間及聯絡資料：{SITE}/my-applications")
        );
    }

    #[test]
    fn every_notice_has_english_words_linking_to_the_same_page_in_english() {
        for notice in every_notice() {
            let (zh, en) = (words(notice.clone(), Language::ZhHk), words(notice.clone(), Language::En));
            assert!(en.starts_with("tutorhub: ") && !has_chinese(&en), "{en}");
            assert_ne!(zh, en);
            // The link (or its absence) names the same page, English's under /en.
            let page = |text: &str| text.find(SITE).map(|at| text[at + SITE.len()..].trim_start_matches("/en").to_string());
            assert_eq!(page(&zh), page(&en), "{notice:?}");
            assert_eq!(en.contains(SITE), en.contains(&format!("{SITE}/en/")), "{en}");
        }
        assert_eq!(
            words(Notice::Offered { case: 10234, hours: 24 }, Language::En),
            format!(
                "tutorhub: You have been chosen as the tutor for case 10234. Log in within 24 hours to confirm: {SITE}/en/my-applications"
            )
        );
        assert!(words(Notice::Offered { case: 1, hours: 1 }, Language::En).contains("within 1 hour to"));
    }

    #[test]
    fn a_reason_staff_typed_is_passed_on_as_typed() {
        let en = words(Notice::OrgRejected { reason: "商業登記證已過期".into() }, Language::En);
        assert_eq!(
            en,
            format!(
                "tutorhub: Your organisation account could not be verified. Reason: 商業登記證已過期. \
                 Please log in and submit your documents again: {SITE}/en/profile"
            )
        );
    }
}
