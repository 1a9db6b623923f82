//! How text becomes searchable terms, for Traditional Chinese and English alike: the one rule
//! by which typed words are found, by the search index (`adapters::search`) and by a saved
//! search looking at a new case (`alerts`), so an alert finds what the board would.
//!
//! Chinese is written without spaces, so words cannot be found by splitting. Each run of
//! Chinese characters is cut into overlapping pairs ("補習數學" → 補習, 習數, 數學): a typed word
//! of two or more characters is found when all its pairs are, the usual way search engines
//! handle CJK without a dictionary, and neither misses a new word nor a name. A lone character
//! stays one term, and a lone character typed is looked for inside the pairs ("數" finds
//! "數學"). Runs of other letters and digits are words, lower-cased, full-width forms as ASCII
//! ("ＤＳＥ", "DSE", "dse" are one word), as typed words are read (`shared::keywords`).

use std::collections::HashSet;

/// Characters written without spaces between words: Han (with its extensions), kana, Hangul
/// (letters only: the kana block's punctuation separates like any other).
pub fn is_cjk(c: char) -> bool {
    c.is_alphanumeric()
        && matches!(c,
        '\u{3040}'..='\u{30FF}' | '\u{3400}'..='\u{4DBF}' | '\u{4E00}'..='\u{9FFF}' | '\u{AC00}'..='\u{D7AF}'
        | '\u{F900}'..='\u{FAFF}' | '\u{20000}'..='\u{3134F}')
}

/// Full-width letters, digits and signs (ＤＳＥ, ５, what Chinese input methods often type) as
/// their ASCII forms, so "ＤＳＥ" and "DSE" are one word wherever either was written.
pub fn fold_width(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
            '\u{3000}' => ' ',
            _ => c,
        })
        .collect()
}

/// One term and where it was in the text (byte offsets), for an index that marks matches.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TermSpan {
    pub from: usize,
    pub to: usize,
    pub term: String,
}

/// The terms of `text`, in order, with their places.
pub fn term_spans(text: &str) -> Vec<TermSpan> {
    let mut out: Vec<TermSpan> = Vec::new();
    let mut push = |from: usize, to: usize, term: String| out.push(TermSpan { from, to, term });
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

/// The terms of `text`, in order.
pub fn terms(text: &str) -> Vec<String> {
    term_spans(text).into_iter().map(|span| span.term).collect()
}

/// A lone Chinese character: looked for inside the pairs, not as a term of its own.
pub fn lone_cjk(term: &str) -> Option<char> {
    let mut chars = term.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if is_cjk(c) => Some(c),
        _ => None,
    }
}

/// The terms of one text, to find typed words in without an index (a new case, checked against
/// the saved searches).
#[derive(Debug, Clone, Default)]
pub struct TextTerms(HashSet<String>);

impl TextTerms {
    pub fn of(text: &str) -> Self {
        Self(terms(text).into_iter().collect())
    }

    /// Whether a typed word is found: every one of its terms is.
    pub fn has_word(&self, word: &str) -> bool {
        let terms = terms(word);
        !terms.is_empty() && terms.iter().all(|term| self.has_term(term))
    }

    fn has_term(&self, term: &str) -> bool {
        match lone_cjk(term) {
            // As the index's `c.?|.c` over its terms: a lone character, or either half of a pair.
            Some(c) => self.0.iter().any(|t| t.chars().count() <= 2 && t.contains(c)),
            None => self.0.contains(term),
        }
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
    fn spans_know_where_each_term_was() {
        let spans = term_spans("英文ab");
        assert_eq!(spans, [TermSpan { from: 0, to: 6, term: "英文".into() }, TermSpan { from: 6, to: 8, term: "ab".into() }]);
    }

    #[test]
    fn a_word_is_found_when_all_its_terms_are() {
        let text = TextTerms::of("沙田中四數學補習\nDSE 5** 導師，IB Physics");
        for word in ["數學", "中四數學", "dse", "DSE數學", "physics", "數", "四", "ｄｓｅ", "5"] {
            assert!(text.has_word(word), "{word}");
        }
        // Whole words in English; pairs that are not in the text; a character not there.
        for word in ["phys", "數補", "英文", "大", "", "!!"] {
            assert!(!text.has_word(word), "{word}");
        }
    }
}
