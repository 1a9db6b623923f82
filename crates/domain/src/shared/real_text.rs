//! Whether free text others will read says something: a case titled "x" or "！！！！", a
//! review of one character, are not posts. Characters are counted as typed after trimming, as
//! the length limits count them; letters are alphabetic characters, Chinese ones included.
//! `frontend/src/lib/real-text.ts` mirrors it; `tests/vectors/contact-details.json` holds the
//! examples both sides are tested against.

/// Which rule a text broke, first broken first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NotRealText {
    /// Fewer characters than the field needs.
    TooShort,
    /// Fewer than two letters: only digits, signs or one letter.
    NoWords,
    /// One letter over and over ("哈哈哈哈", "xxxx").
    Repeated,
}

impl NotRealText {
    /// The key the shared test vectors use.
    pub fn key(self) -> &'static str {
        match self {
            Self::TooShort => "tooShort",
            Self::NoWords => "noWords",
            Self::Repeated => "repeated",
        }
    }
}

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
/// A zh-HK message naming `label` and the rule broken.
pub fn check(text: &str, label: &str, min_chars: usize) -> Result<(), String> {
    match problem(text, min_chars) {
        None => Ok(()),
        Some(NotRealText::TooShort) => Err(format!("{label}最少要有 {min_chars} 個字")),
        Some(NotRealText::NoWords) => Err(format!("{label}要有文字，不可只有數字或符號")),
        Some(NotRealText::Repeated) => Err(format!("{label}不可只重複同一個字")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_title_needs_length_words_and_more_than_one_letter_repeated() {
        assert_eq!(check("x", "標題", 4), Err("標題最少要有 4 個字".into()));
        assert_eq!(check("  中三  ", "標題", 4), Err("標題最少要有 4 個字".into()), "spaces around do not count");
        assert_eq!(check("1234", "標題", 4), Err("標題要有文字，不可只有數字或符號".into()));
        assert_eq!(check("！！！！", "標題", 4), Err("標題要有文字，不可只有數字或符號".into()));
        assert_eq!(check("xxxx", "標題", 4), Err("標題不可只重複同一個字".into()));
        assert_eq!(check("哈哈 哈哈！", "標題", 4), Err("標題不可只重複同一個字".into()));
        assert_eq!(check("中三數學", "標題", 4), Ok(()));
        assert_eq!(check("Maths", "標題", 4), Ok(()));
        assert_eq!(check("想加強", "個案描述", 0), Ok(()));
    }
}
