//! The words of every SMS and e-mail we send, in Hong Kong Chinese and in English: the domain
//! hands over a typed message and the recipient's language (`notices::ports::MessageWords`),
//! and these files word it. One file per group of messages, each message's two languages side
//! by side, so that a message added in one language without the other does not compile.
//!
//! Every SMS starts with our name: 【tutorhub】 in Chinese, "tutorhub: " in English.

mod accounts;
mod alerts;
mod notices;
mod tutors;

use tutorhub_domain::shared::language::Language;
use tutorhub_domain::shared::messages::{Mail, MessageWords, Sms};
use tutorhub_domain::shared::money::Rate;

/// The words of our messages, in both languages.
#[derive(Debug, Clone, Copy, Default)]
pub struct Wording;

impl MessageWords for Wording {
    fn sms(&self, message: &Sms, language: Language) -> String {
        let text = match message {
            Sms::Notice { notice, site } => notices::sms(notice, site, language),
            Sms::PhoneCode { code, ttl_minutes } => accounts::code_sms(code, *ttl_minutes, language),
            Sms::TutorApproved { application } => tutors::approved_sms(*application, language),
            Sms::TutorRejected { application, reason } => tutors::rejected_sms(*application, reason, language),
            Sms::Alert(alert) => alerts::sms(alert, language),
        };
        format!("{}{text}", sender(language))
    }

    fn mail(&self, message: &Mail, language: Language) -> (String, String) {
        match message {
            Mail::PasswordReset { name, link, ttl_minutes } => accounts::reset_mail(name, link, *ttl_minutes, language),
            Mail::Alert(alert) => alerts::mail(alert, language),
        }
    }
}

/// Where English pages are: the site's, under `/en` (the HTTP layer serves every page there).
const ENGLISH_PREFIX: &str = "/en";

/// The site's address for a link in an English message: its English pages, which open in
/// English whatever the phone's browser asks for.
fn english_pages(site: &str) -> String {
    format!("{site}{ENGLISH_PREFIX}")
}

/// Our name before every SMS, so that the recipient sees at once who writes.
fn sender(language: Language) -> &'static str {
    match language {
        Language::ZhHk => "【tutorhub】",
        Language::En => "tutorhub: ",
    }
}

/// A fee in English: "HK$1,200", or "HK$300.50" when there are cents.
fn money(rate: Rate) -> String {
    let cents = rate.cents();
    let digits = (cents / 100).to_string();
    let mut dollars = String::new();
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            dollars.push(',');
        }
        dollars.push(digit);
    }
    match cents % 100 {
        0 => format!("HK${dollars}"),
        rest => format!("HK${dollars}.{rest:02}"),
    }
}

/// "1 hour", "24 hours".
fn count(n: impl Into<i64>, one: &str, many: &str) -> String {
    let n = n.into();
    if n == 1 { format!("1 {one}") } else { format!("{n} {many}") }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// Whether `text` has a Chinese character or Chinese punctuation (an English message has
    /// none, but for names people typed).
    pub fn has_chinese(text: &str) -> bool {
        text.chars().any(|c| {
            matches!(
                c,
                '\u{3000}'..='\u{303f}'
                    | '\u{3400}'..='\u{4dbf}'
                    | '\u{4e00}'..='\u{9fff}'
                    | '\u{f900}'..='\u{faff}'
                    | '\u{ff00}'..='\u{ffef}'
            )
        })
    }

    #[test]
    fn every_sms_starts_with_our_name_in_its_language() {
        let code = Sms::PhoneCode { code: "123456".into(), ttl_minutes: 10 };
        assert!(Wording.sms(&code, Language::ZhHk).starts_with("【tutorhub】"));
        assert!(Wording.sms(&code, Language::En).starts_with("tutorhub: "));
    }

    #[test]
    fn english_fees_have_thousands_and_cents() {
        assert_eq!(money(Rate::from_cents(30000)), "HK$300");
        assert_eq!(money(Rate::from_cents(120000)), "HK$1,200");
        assert_eq!(money(Rate::from_cents(1234567)), "HK$12,345.67");
        assert_eq!(money(Rate::from_cents(30050)), "HK$300.50");
        assert_eq!(count(1, "hour", "hours"), "1 hour");
        assert_eq!(count(24u32, "hour", "hours"), "24 hours");
    }
}
