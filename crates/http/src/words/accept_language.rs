//! Reading `Accept-Language` (RFC 9110 §12.5.4): the language of the highest weight we speak.

use tutorhub_domain::shared::language::Language;

/// The language a request asks for, if it names one we speak: `zh*` (any Chinese) reads as
/// zh-HK, `en*` as English; weights (`q=`) order them, the first listed wins a tie, and `q=0`
/// refuses a language. `None` when the header names neither (the caller falls back).
pub fn from_accept_language(header: &str) -> Option<Language> {
    let mut best: Option<(Language, u16)> = None;
    // A header is short; a long one is read only as far as its first 32 entries.
    for entry in header.split(',').take(32) {
        let mut parts = entry.split(';');
        let tag = parts.next().unwrap_or("").trim().to_ascii_lowercase();
        let weight = parts.find_map(|p| p.trim().strip_prefix("q=").map(weight_of)).unwrap_or(1000);
        let language = if tag.starts_with("zh") {
            Language::ZhHk
        } else if tag == "en" || tag.starts_with("en-") {
            Language::En
        } else {
            continue;
        };
        if weight > 0 && best.is_none_or(|(_, w)| weight > w) {
            best = Some((language, weight));
        }
    }
    best.map(|(language, _)| language)
}

/// A weight `0`..=`1` with up to three decimals, in thousandths; unreadable counts as 0.
fn weight_of(raw: &str) -> u16 {
    raw.trim().parse::<f32>().ok().filter(|w| (0.0..=1.0).contains(w)).map_or(0, |w| (w * 1000.0).round() as u16)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_highest_weight_we_speak_wins() {
        assert_eq!(from_accept_language("en"), Some(Language::En));
        assert_eq!(from_accept_language("en-GB,en;q=0.9"), Some(Language::En));
        assert_eq!(from_accept_language("zh-HK,zh;q=0.9,en;q=0.8"), Some(Language::ZhHk));
        assert_eq!(from_accept_language("zh-TW"), Some(Language::ZhHk));
        assert_eq!(from_accept_language("fr-FR,en;q=0.5,zh;q=0.4"), Some(Language::En));
        assert_eq!(from_accept_language("ja;q=0.9,zh-HK;q=0.3,en;q=0.7"), Some(Language::En));
    }

    #[test]
    fn nothing_we_speak_or_junk_is_none() {
        assert_eq!(from_accept_language(""), None);
        assert_eq!(from_accept_language("fr, de"), None);
        assert_eq!(from_accept_language("en;q=0"), None);
        assert_eq!(from_accept_language("english"), None);
        assert_eq!(from_accept_language(&"x,".repeat(10_000)), None);
    }
}
