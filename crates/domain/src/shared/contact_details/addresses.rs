//! E-mail addresses ("name@domain.tld", "name@gmail", "name (at) gmail (dot) com" once
//! normalized) and links ("https://…", "www.…", "abc.com/…", "wa.me/…").

use super::{at, is_alnum};

/// Mail providers whose name after an '@' is an address even without ".com".
const MAIL_PROVIDERS: &[&str] =
    &["gmail", "hotmail", "yahoo", "outlook", "icloud", "live", "msn", "qq", "163", "126", "ymail", "protonmail"];

pub(super) fn is_local_part(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '%' | '+' | '-')
}

/// "name@domain.tld", or "name@gmail" and the like; spaces around the '@' do not hide one.
pub(super) fn has_email(lower: &[char]) -> bool {
    (0..lower.len()).filter(|&i| lower[i] == '@').any(|i| {
        let before = (0..i).rev().find(|&j| lower[j] != ' ');
        let has_local = before.is_some_and(|j| is_local_part(lower[j]));
        let from = (i + 1..lower.len()).find(|&j| lower[j] != ' ').unwrap_or(lower.len());
        let domain: String = lower[from..].iter().take_while(|c| c.is_ascii_alphanumeric() || matches!(**c, '-' | '.')).collect();
        let labels: Vec<&str> = domain.split('.').filter(|label| !label.is_empty()).collect();
        let dotted = labels.len() >= 2 && labels.last().is_some_and(|tld| tld.len() >= 2 && tld.chars().all(|c| c.is_ascii_alphabetic()));
        has_local && (dotted || labels.first().is_some_and(|first| MAIL_PROVIDERS.contains(first)))
    })
}

const LINK_STARTS: &[&str] = &["http://", "https://", "www."];

/// The endings of web addresses people paste: "abc.com", "wa.me/…", "bit.ly/…".
const TOP_LEVEL_DOMAINS: &[&str] = &[
    "com", "net", "org", "hk", "io", "me", "ly", "gl", "cc", "tw", "cn", "mo", "sg", "uk", "info", "biz", "app", "xyz", "site", "online",
    "page", "link", "edu", "gov", "shop", "top",
];

/// A link: "http(s)://", "www.", or a word, a dot and a known ending ("abc.com/…", "wa.me").
/// The ending must be all lower or all upper case, so a sentence run on after a full stop
/// ("…lessons.Online too") is not read as an address.
pub(super) fn has_link(chars: &[char], lower: &[char]) -> bool {
    if (0..lower.len()).any(|i| LINK_STARTS.iter().any(|start| at(lower, i, start))) {
        return true;
    }
    (0..lower.len()).filter(|&i| lower[i] == '.').any(|dot| {
        let label_has_letter =
            lower[..dot].iter().rev().take_while(|c| c.is_ascii_alphanumeric() || **c == '-').any(char::is_ascii_alphabetic);
        let ending_len = lower[dot + 1..].iter().take_while(|c| c.is_ascii_alphabetic()).count();
        let ending: String = lower[dot + 1..dot + 1 + ending_len].iter().collect();
        let written = &chars[dot + 1..dot + 1 + ending_len];
        let one_case = written.iter().all(char::is_ascii_lowercase) || written.iter().all(char::is_ascii_uppercase);
        label_has_letter && TOP_LEVEL_DOMAINS.contains(&ending.as_str()) && one_case && !is_alnum(lower.get(dot + 1 + ending_len))
    })
}
