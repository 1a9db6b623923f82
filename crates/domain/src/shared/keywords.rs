//! The words a visitor types into a search box (`q`), mixed with the filters of the case board
//! and the tutor directory.

use super::text_terms::{TextTerms, fold_width};
use super::validation::{Label, Problem, SearchProblem};

/// Typed words, lower-cased, without punctuation or repeats.
///
/// A word is a run of letters and digits in any script, so "DSE數學" is one word and "大埔 英文"
/// two. Every word must be found in a result. Text that holds no word at all (only
/// punctuation) finds nothing rather than everything: the visitor asked for something.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct Keywords {
    words: Vec<String>,
    /// Something was typed, but no word in it.
    unsearchable: bool,
}

/// Why typed words were refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeywordsError {
    TooLong,
    TooManyWords,
}

impl From<KeywordsError> for Problem {
    fn from(error: KeywordsError) -> Self {
        let label = Label::SearchWords;
        match error {
            KeywordsError::TooLong => SearchProblem::WordsTooLong { max: Keywords::MAX_CHARS }.into(),
            KeywordsError::TooManyWords => Problem::TooMany { label, max: Keywords::MAX_WORDS },
        }
    }
}

impl Keywords {
    /// Longer text is not a search a person types; it would only cost the index work.
    pub const MAX_CHARS: usize = 100;
    pub const MAX_WORDS: usize = 10;

    /// No words: the filters alone decide.
    pub fn none() -> Self {
        Self::default()
    }

    /// The words of `typed`; blank or absent text means no words.
    ///
    /// # Errors
    /// Text longer than [`Self::MAX_CHARS`] characters or with more than [`Self::MAX_WORDS`] words.
    pub fn parse(typed: Option<&str>) -> Result<Self, KeywordsError> {
        let typed = typed.map(str::trim).unwrap_or_default();
        if typed.chars().count() > Self::MAX_CHARS {
            return Err(KeywordsError::TooLong);
        }
        let mut words: Vec<String> = Vec::new();
        for word in typed.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()) {
            let word = fold_width(word).to_lowercase();
            if !words.contains(&word) {
                words.push(word);
            }
        }
        if words.len() > Self::MAX_WORDS {
            return Err(KeywordsError::TooManyWords);
        }
        Ok(Self { unsearchable: words.is_empty() && !typed.is_empty(), words })
    }

    /// These words without those `taken` elsewhere (by `shared::narrowing`, which makes filters
    /// of them); what was unsearchable stays so.
    pub fn without(&self, taken: impl Fn(&str) -> bool) -> Self {
        Self { words: self.words.iter().filter(|word| !taken(word)).cloned().collect(), unsearchable: self.unsearchable }
    }

    /// Something that finds nothing (a stored text these rules refuse).
    pub fn finding_nothing() -> Self {
        Self { words: Vec::new(), unsearchable: true }
    }

    /// Whether every word is in `text`, as the search index finds words (`text_terms`).
    pub fn found_in(&self, text: &TextTerms) -> bool {
        !self.unsearchable && self.words.iter().all(|word| text.has_word(word))
    }

    /// The words, each of which a result must contain.
    pub fn words(&self) -> &[String] {
        &self.words
    }

    /// No words were typed: results come newest first.
    pub fn is_empty(&self) -> bool {
        self.words.is_empty() && !self.unsearchable
    }

    /// Something was typed but nothing searchable: the search finds nothing.
    pub fn finds_nothing(&self) -> bool {
        self.unsearchable
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(typed: &str) -> Vec<String> {
        Keywords::parse(Some(typed)).unwrap().words().to_vec()
    }

    #[test]
    fn splits_on_spaces_and_punctuation_and_lower_cases() {
        assert_eq!(words("  DSE數學, IB Physics!"), ["dse數學", "ib", "physics"]);
        assert_eq!(words("大埔　英文 英文"), ["大埔", "英文"]);
    }

    #[test]
    fn full_width_letters_and_digits_are_the_same_words() {
        assert_eq!(words("ＤＳＥ　５科"), ["dse", "5科"]);
    }

    #[test]
    fn blank_text_is_no_search_but_punctuation_finds_nothing() {
        assert!(Keywords::parse(None).unwrap().is_empty());
        assert!(Keywords::parse(Some("   ")).unwrap().is_empty());
        let punctuation = Keywords::parse(Some("?!…、")).unwrap();
        assert!(!punctuation.is_empty());
        assert!(punctuation.finds_nothing());
    }

    #[test]
    fn refuses_text_too_long_or_with_too_many_words() {
        assert_eq!(Keywords::parse(Some(&"數".repeat(101))), Err(KeywordsError::TooLong));
        assert!(Keywords::parse(Some(&"數".repeat(100))).is_ok());
        assert_eq!(Keywords::parse(Some("a b c d e f g h i j k")), Err(KeywordsError::TooManyWords));
    }
}
