//! How text becomes searchable terms, for Traditional Chinese and English alike.
//!
//! Chinese is written without spaces, so words cannot be found by splitting. Each run of
//! Chinese characters is cut into overlapping pairs ("補習數學" → 補習, 習數, 數學): a typed word
//! of two or more characters is found when all its pairs are, the usual way search engines
//! handle CJK without a dictionary, and neither misses a new word nor a name. A lone character
//! stays one term. Runs of other letters and digits are words, lower-cased, full-width forms as
//! ASCII ("ＤＳＥ", "DSE", "dse" are one word), as typed words are read (`shared::keywords`).

use tantivy::tokenizer::{Token, TokenStream, Tokenizer};
use tutorhub_domain::shared::keywords::fold_width;

/// The name the index schema knows the tokenizer by.
pub const TOKENIZER: &str = "tutorhub_words";

/// Characters written without spaces between words: Han (with its extensions), kana, Hangul
/// (letters only: the kana block's punctuation separates like any other).
pub fn is_cjk(c: char) -> bool {
    c.is_alphanumeric()
        && matches!(c,
        '\u{3040}'..='\u{30FF}' | '\u{3400}'..='\u{4DBF}' | '\u{4E00}'..='\u{9FFF}' | '\u{AC00}'..='\u{D7AF}'
        | '\u{F900}'..='\u{FAFF}' | '\u{20000}'..='\u{3134F}')
}

/// The terms of `text`, in order.
pub fn terms(text: &str) -> Vec<String> {
    tokens(text).into_iter().map(|t| t.text).collect()
}

fn tokens(text: &str) -> Vec<Token> {
    let mut out: Vec<Token> = Vec::new();
    let mut push = |from: usize, to: usize, term: String| {
        let position = out.len();
        out.push(Token { offset_from: from, offset_to: to, position, text: term, position_length: 1 });
    };
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    let end_of = |i: usize| chars.get(i + 1).map_or(text.len(), |&(at, _)| at);
    let mut i = 0;
    while i < chars.len() {
        let (start, c) = chars[i];
        if is_cjk(c) {
            let run_end = (i..chars.len()).find(|&j| !is_cjk(chars[j].1)).unwrap_or(chars.len());
            if run_end - i == 1 {
                push(start, end_of(i), c.to_string());
            }
            for j in i..run_end.saturating_sub(1) {
                push(chars[j].0, end_of(j + 1), text[chars[j].0..end_of(j + 1)].to_string());
            }
            i = run_end;
        } else if c.is_alphanumeric() {
            let run_end = (i..chars.len()).find(|&j| !chars[j].1.is_alphanumeric() || is_cjk(chars[j].1)).unwrap_or(chars.len());
            let word_end = chars.get(run_end).map_or(text.len(), |&(at, _)| at);
            push(start, word_end, fold_width(&text[start..word_end]).to_lowercase());
            i = run_end;
        } else {
            i += 1;
        }
    }
    out
}

/// [`terms`] as a tantivy tokenizer, registered under [`TOKENIZER`].
#[derive(Clone, Default)]
pub struct WordTokenizer;

pub struct WordStream {
    tokens: Vec<Token>,
    /// The current token plus one (0 before the first).
    next: usize,
}

impl Tokenizer for WordTokenizer {
    type TokenStream<'a> = WordStream;

    fn token_stream<'a>(&'a mut self, text: &'a str) -> WordStream {
        WordStream { tokens: tokens(text), next: 0 }
    }
}

impl TokenStream for WordStream {
    fn advance(&mut self) -> bool {
        self.next += 1;
        self.next <= self.tokens.len()
    }

    fn token(&self) -> &Token {
        &self.tokens[self.next - 1]
    }

    fn token_mut(&mut self) -> &mut Token {
        &mut self.tokens[self.next - 1]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chinese_runs_become_overlapping_pairs_and_other_words_lower_case() {
        assert_eq!(terms("DSE數學補習"), ["dse", "數學", "學補", "補習"]);
        assert_eq!(terms("IB Physics, 大埔"), ["ib", "physics", "大埔"]);
        assert_eq!(terms("奧數 / Year 6"), ["奧數", "year", "6"]);
        assert_eq!(terms("ＤＳＥ ５**"), ["dse", "5"]);
    }

    #[test]
    fn a_lone_character_is_one_term_and_punctuation_none() {
        assert_eq!(terms("中 三"), ["中", "三"]);
        assert!(terms("？！…、 -").is_empty());
    }

    #[test]
    fn the_stream_yields_the_terms_with_their_offsets() {
        let mut tokenizer = WordTokenizer;
        let mut stream = tokenizer.token_stream("英文ab");
        let mut seen = Vec::new();
        while stream.advance() {
            let t = stream.token();
            seen.push((t.text.clone(), t.offset_from, t.offset_to));
        }
        assert_eq!(seen, [("英文".to_string(), 0, 6), ("ab".to_string(), 6, 8)]);
    }
}
