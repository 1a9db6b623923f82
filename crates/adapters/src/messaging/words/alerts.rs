//! The words of case alerts (`alerts::messages`). The SMS names case numbers and our links; the
//! e-mail lists each case's grade, subjects, place and fee. Those are the catalogue's names,
//! stored in Chinese: the English e-mail gives their English names, and keeps a name the
//! catalogue does not know (a tertiary subject the parent typed) as it was typed.

use tutorhub_domain::alerts::messages::{AlertCase, AlertMail, AlertSms};
use tutorhub_domain::alerts::model::{FeeBounds, SearchSummary, SummaryPart};
use tutorhub_domain::shared::catalogue;
use tutorhub_domain::shared::language::Language;

use super::{english_pages, money};

/// The SMS after our name.
pub(super) fn sms(alert: &AlertSms, language: Language) -> String {
    let site = &alert.site;
    match language {
        Language::ZhHk => {
            let head = match alert.cases.as_slice() {
                [one] => format!("有新補習個案 {one} 符合你儲存的搜尋：{site}/case/{one}"),
                many => format!("有 {} 個新補習個案符合你儲存的搜尋：{site}/my-alerts", many.len()),
            };
            match alert.tokens.as_slice() {
                [token] => format!("{head} 停止此通知：{site}/u/{token}"),
                _ => format!("{head} 管理通知：{site}/my-alerts"),
            }
        }
        Language::En => {
            let site = english_pages(site);
            let searches = if alert.tokens.len() == 1 { "your saved search" } else { "your saved searches" };
            let head = match alert.cases.as_slice() {
                [one] => format!("New case {one} matches {searches}: {site}/case/{one}"),
                many => format!("{} new cases match {searches}: {site}/my-alerts", many.len()),
            };
            match alert.tokens.as_slice() {
                [token] => format!("{head} Stop these alerts: {site}/u/{token}"),
                _ => format!("{head} Manage your alerts: {site}/my-alerts"),
            }
        }
    }
}

/// The e-mail's subject and body.
pub(super) fn mail(alert: &AlertMail, language: Language) -> (String, String) {
    match language {
        Language::ZhHk => zh_hk(alert),
        Language::En => en(alert),
    }
}

fn zh_hk(alert: &AlertMail) -> (String, String) {
    let site = &alert.site;
    let subject = match alert.cases.as_slice() {
        [one] => format!("tutorhub：新補習個案 {} 符合你的搜尋", one.number),
        many => format!("tutorhub：{} 個新補習個案符合你的搜尋", many.len()),
    };
    let mut body = String::from("你好！以下新補習個案符合你在 tutorhub 儲存的搜尋：\n\n");
    for case in &alert.cases {
        body.push_str(&format!(
            "個案 {}：{}{}・{}（{}）・每堂 HK${}\n{site}/case/{}\n\n",
            case.number,
            case.grade,
            case.subjects.join("、"),
            case.area,
            case.district,
            case.fee.dollars(),
            case.number
        ));
    }
    body.push_str(&format!("管理你的個案通知：{site}/my-alerts\n"));
    for footer in &alert.footers {
        body.push_str(&format!("停止「{}」的通知：{site}/u/{}\n", summary(&footer.summary, Language::ZhHk), footer.token));
    }
    body.push_str("\n我們每小時最多發送一次通知，晚上十時至早上八時不會發送。\n");
    (subject, body)
}

fn en(alert: &AlertMail) -> (String, String) {
    let site = english_pages(&alert.site);
    let search = if alert.footers.len() > 1 { "saved searches" } else { "saved search" };
    let subject = match alert.cases.as_slice() {
        [one] => format!("tutorhub: New case {} matches your {search}", one.number),
        many => format!("tutorhub: {} new cases match your {search}", many.len()),
    };
    let mut body = format!("Hello! These new cases match your {search} on tutorhub:\n\n");
    for case in &alert.cases {
        body.push_str(&format!("Case {}: {}\n{site}/case/{}\n\n", case.number, particulars(case), case.number));
    }
    body.push_str(&format!("Manage your case alerts: {site}/my-alerts\n"));
    for footer in &alert.footers {
        body.push_str(&format!("Stop alerts for \u{201c}{}\u{201d}: {site}/u/{}\n", summary(&footer.summary, Language::En), footer.token));
    }
    body.push_str("\nWe send at most one alert an hour, and none between 10 pm and 8 am.\n");
    (subject, body)
}

/// "S3 Mathematics, Physics · Lam Tin (Kwun Tong) · HK$480 per lesson".
fn particulars(case: &AlertCase) -> String {
    let subjects: Vec<&str> = case.subjects.iter().map(|s| english(s)).collect();
    // An area named as its district ("Kwun Tong", "Kwun Tong District" in Chinese) is named once.
    let (area, district) = (english(&case.area), english(&case.district));
    let place = if area == district { area.to_string() } else { format!("{area} ({district})") };
    format!("{} {} \u{b7} {place} \u{b7} {} per lesson", english(&case.grade), subjects.join(", "), money(case.fee))
}

/// The catalogue's English name for a stored name; a name it does not know, as typed.
fn english(name: &str) -> &str {
    catalogue::english(name).unwrap_or(name)
}

/// What a saved search looks for, as its footer names it: "中學・數學、物理・觀塘區・每堂 HK$300 起・關鍵字：dse" /
/// "Secondary · Mathematics, Physics · Kwun Tong · from HK$300 per lesson · keywords: dse" (the API
/// words it the same way for the screen, `tutorhub_http::words::alerts`).
fn summary(search: &SearchSummary, language: Language) -> String {
    let parts = match search {
        SearchSummary::Outdated => {
            return match language {
                Language::ZhHk => "已失效的搜尋條件".into(),
                Language::En => "Search criteria no longer valid".into(),
            };
        }
        SearchSummary::Looking(parts) if parts.is_empty() => {
            return match language {
                Language::ZhHk => "所有個案".into(),
                Language::En => "All cases".into(),
            };
        }
        SearchSummary::Looking(parts) => parts,
    };
    let parts: Vec<String> = parts.iter().map(|part| summary_part(part, language)).collect();
    match language {
        Language::ZhHk => parts.join("・"),
        Language::En => parts.join(" \u{b7} "),
    }
}

fn summary_part(part: &SummaryPart, language: Language) -> String {
    let names = |list: &[String]| match language {
        Language::ZhHk => list.join("、"),
        Language::En => list.iter().map(|name| english(name)).collect::<Vec<_>>().join(", "),
    };
    match (part, language) {
        (SummaryPart::Level(key), _) => {
            let label = catalogue::level(key).map_or(*key, |level| level.label);
            if language == Language::En { english(label).to_string() } else { label.to_string() }
        }
        (SummaryPart::Grades(names_of) | SummaryPart::Subjects(names_of) | SummaryPart::Places(names_of), _) => names(names_of),
        (SummaryPart::SubjectText(text), _) => text.clone(),
        (SummaryPart::Fee(FeeBounds::Between(min, max)), Language::ZhHk) => format!("每堂 HK${} 至 HK${}", min.dollars(), max.dollars()),
        (SummaryPart::Fee(FeeBounds::Between(min, max)), Language::En) => format!("{} to {} per lesson", money(*min), money(*max)),
        (SummaryPart::Fee(FeeBounds::From(min)), Language::ZhHk) => format!("每堂 HK${} 起", min.dollars()),
        (SummaryPart::Fee(FeeBounds::From(min)), Language::En) => format!("from {} per lesson", money(*min)),
        (SummaryPart::Fee(FeeBounds::UpTo(max)), Language::ZhHk) => format!("每堂 HK${} 或以下", max.dollars()),
        (SummaryPart::Fee(FeeBounds::UpTo(max)), Language::En) => format!("up to {} per lesson", money(*max)),
        (SummaryPart::Keywords(words), Language::ZhHk) => format!("關鍵字：{}", words.join(" ")),
        (SummaryPart::Keywords(words), Language::En) => format!("keywords: {}", words.join(" ")),
    }
}

#[cfg(test)]
mod tests {
    use tutorhub_domain::alerts::messages::SearchFooter;
    use tutorhub_domain::shared::messages::{Mail, MessageWords, Sms};
    use tutorhub_domain::shared::money::Rate;

    use super::super::Wording;
    use super::super::tests::has_chinese;
    use super::*;

    const SITE: &str = "https://tutorhub.example.hk";

    fn alert_sms(cases: &[i64], tokens: &[&str]) -> Sms {
        Sms::Alert(AlertSms { site: SITE.into(), cases: cases.to_vec(), tokens: tokens.iter().map(|t| t.to_string()).collect() })
    }

    fn maths_in_lam_tin(number: i64) -> AlertCase {
        AlertCase {
            number,
            grade: "中三".into(),
            subjects: vec!["數學".into(), "物理".into()],
            area: "藍田".into(),
            district: "觀塘區".into(),
            fee: Rate::from_cents(48000),
        }
    }

    /// 中學・數學・觀塘區・每堂 HK$300 起・關鍵字：dse
    fn secondary_maths() -> SearchSummary {
        SearchSummary::Looking(vec![
            SummaryPart::Level("secondary"),
            SummaryPart::Subjects(vec!["數學".into()]),
            SummaryPart::Places(vec!["觀塘區".into()]),
            SummaryPart::Fee(FeeBounds::From(Rate::from_cents(30000))),
            SummaryPart::Keywords(vec!["dse".into()]),
        ])
    }

    fn digest(cases: Vec<AlertCase>, footers: usize) -> Mail {
        let footers = (0..footers).map(|n| SearchFooter { summary: secondary_maths(), token: format!("{n}-sig") }).collect();
        Mail::Alert(AlertMail { site: SITE.into(), cases, footers })
    }

    #[test]
    fn the_chinese_sms_reads_as_it_always_did() {
        assert_eq!(
            Wording.sms(&alert_sms(&[20, 21], &["7-sig"]), Language::ZhHk),
            format!("【tutorhub】有 2 個新補習個案符合你儲存的搜尋：{SITE}/my-alerts 停止此通知：{SITE}/u/7-sig")
        );
        assert_eq!(
            Wording.sms(&alert_sms(&[20], &["7-sig", "8-sig"]), Language::ZhHk),
            format!("【tutorhub】有新補習個案 20 符合你儲存的搜尋：{SITE}/case/20 管理通知：{SITE}/my-alerts")
        );
    }

    #[test]
    fn the_english_sms_links_to_the_same_pages_in_english() {
        assert_eq!(
            Wording.sms(&alert_sms(&[20], &["7-sig"]), Language::En),
            format!("tutorhub: New case 20 matches your saved search: {SITE}/en/case/20 Stop these alerts: {SITE}/en/u/7-sig")
        );
        assert_eq!(
            Wording.sms(&alert_sms(&[20, 21], &["7-sig", "8-sig"]), Language::En),
            format!("tutorhub: 2 new cases match your saved searches: {SITE}/en/my-alerts Manage your alerts: {SITE}/en/my-alerts")
        );
    }

    #[test]
    fn the_chinese_mail_reads_as_it_always_did() {
        let (subject, body) = Wording.mail(&digest(vec![maths_in_lam_tin(20)], 1), Language::ZhHk);
        assert_eq!(subject, "tutorhub：新補習個案 20 符合你的搜尋");
        assert_eq!(
            body,
            format!(
                "你好！以下新補習個案符合你在 tutorhub 儲存的搜尋：\n\n\
                 個案 20：中三數學、物理・藍田（觀塘區）・每堂 HK$480\n{SITE}/case/20\n\n\
                 管理你的個案通知：{SITE}/my-alerts\n\
                 停止「中學・數學・觀塘區・每堂 HK$300 起・關鍵字：dse」的通知：{SITE}/u/0-sig\n\
                 \n我們每小時最多發送一次通知，晚上十時至早上八時不會發送。\n"
            )
        );
        let (subject, _) = Wording.mail(&digest(vec![maths_in_lam_tin(20), maths_in_lam_tin(21)], 1), Language::ZhHk);
        assert_eq!(subject, "tutorhub：2 個新補習個案符合你的搜尋");
    }

    #[test]
    fn the_english_mail_names_the_catalogue_in_english_and_the_fee_per_lesson() {
        let (subject, body) = Wording.mail(&digest(vec![maths_in_lam_tin(20), maths_in_lam_tin(21)], 2), Language::En);
        assert_eq!(subject, "tutorhub: 2 new cases match your saved searches");
        let line = "Case 20: S3 Mathematics, Physics \u{b7} Lam Tin (Kwun Tong) \u{b7} HK$480 per lesson";
        assert!(body.contains(&format!("{line}\n{SITE}/en/case/20\n")), "{body}");
        assert!(body.contains(&format!("Manage your case alerts: {SITE}/en/my-alerts\n")), "{body}");
        let search = "Secondary \u{b7} Mathematics \u{b7} Kwun Tong \u{b7} from HK$300 per lesson \u{b7} keywords: dse";
        let footer = format!("Stop alerts for \u{201c}{search}\u{201d}");
        assert!(body.contains(&format!("{footer}: {SITE}/en/u/1-sig\n")), "{body}");
        assert!(!has_chinese(&body) && !has_chinese(&subject), "{body}");
    }

    #[test]
    fn summaries_of_every_kind_read_as_they_always_did_in_chinese() {
        let fee = |bounds| summary(&SearchSummary::Looking(vec![SummaryPart::Fee(bounds)]), Language::ZhHk);
        assert_eq!(fee(FeeBounds::Between(Rate::from_cents(30050), Rate::from_cents(120000))), "每堂 HK$300.5 至 HK$1200");
        assert_eq!(fee(FeeBounds::UpTo(Rate::from_cents(40000))), "每堂 HK$400 或以下");
        let grades = SearchSummary::Looking(vec![SummaryPart::Grades(vec!["中三".into(), "中四".into()])]);
        assert_eq!((summary(&grades, Language::ZhHk), summary(&grades, Language::En)), ("中三、中四".into(), "S3, S4".into()));
        assert_eq!(summary(&SearchSummary::Looking(vec![]), Language::ZhHk), "所有個案");
        assert_eq!(summary(&SearchSummary::Outdated, Language::ZhHk), "已失效的搜尋條件");
        assert_eq!(summary(&SearchSummary::Outdated, Language::En), "Search criteria no longer valid");
    }

    #[test]
    fn a_subject_the_catalogue_does_not_know_stays_as_the_parent_typed_it() {
        let fee = Rate::from_cents(120050);
        let typed = AlertCase { grade: "大學一年級".into(), subjects: vec!["會計學".into()], fee, ..maths_in_lam_tin(30) };
        let (_, body) = Wording.mail(&digest(vec![typed], 0), Language::En);
        assert!(body.contains("Case 30: University Year 1 會計學 \u{b7} Lam Tin (Kwun Tong) \u{b7} HK$1,200.50 per lesson\n"), "{body}");
        assert!(!body.contains("Stop alerts"), "no footer without a saved search");
    }
}
