//! Whether free text others will read says something: a case titled "x" or "！！！！", a
//! review of one character, are not posts. Characters are counted as typed after trimming, as
//! the length limits count them; letters are alphabetic characters, Chinese ones included.
//! `frontend/src/lib/real-text.ts` mirrors it; `tests/vectors/contact-details.json` holds the
//! examples both sides are tested against.

pub use super::problems::NotRealText;
use super::validation::{Label, Problem};

/// The first rule `text` breaks, for a field that needs at least `min_chars` characters.
pub fn problem(text: &str, min_chars: usize) -> Option<NotRealText> {
    let text = text.trim();
    if text.chars().count() < min_chars {
        return Some(NotRealText::TooShort);
    }
    if text.chars().filter(|c| c.is_alphabetic()).nth(1).is_none() {
        return Some(NotRealText::NoWords);
    }
    // One character over and over, digits counted: "S5 S6" names two forms, "哈哈哈" nothing.
    let mut characters = text.chars().filter(|c| c.is_alphanumeric());
    let first = characters.next();
    if characters.all(|c| Some(c) == first) { Some(NotRealText::Repeated) } else { None }
}

/// Refuses text that says nothing.
///
/// # Errors
/// [`Problem::NotReal`] naming `label` and the rule broken.
pub fn check(text: &str, label: Label, min_chars: usize) -> Result<(), Problem> {
    match problem(text, min_chars) {
        None => Ok(()),
        Some(why) => Err(Problem::NotReal { label, why, min_chars }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn not_real(why: NotRealText) -> Result<(), Problem> {
        Err(Problem::NotReal { label: Label::Title, why, min_chars: 4 })
    }

    #[test]
    fn a_title_needs_length_words_and_more_than_one_letter_repeated() {
        assert_eq!(check("x", Label::Title, 4), not_real(NotRealText::TooShort));
        assert_eq!(check("  中三  ", Label::Title, 4), not_real(NotRealText::TooShort), "spaces around do not count");
        assert_eq!(check("1234", Label::Title, 4), not_real(NotRealText::NoWords));
        assert_eq!(check("！！！！", Label::Title, 4), not_real(NotRealText::NoWords));
        assert_eq!(check("xxxx", Label::Title, 4), not_real(NotRealText::Repeated));
        assert_eq!(check("哈哈 哈哈！", Label::Title, 4), not_real(NotRealText::Repeated));
        assert_eq!(check("中三數學", Label::Title, 4), Ok(()));
        assert_eq!(check("Maths", Label::Title, 4), Ok(()));
        assert_eq!(check("想加強", Label::CaseDescription, 0), Ok(()));
    }
}
