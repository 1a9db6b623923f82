//! Typed words that name a level or a subject narrow a search to it.
//!
//! A parent typing "中學 數學" means secondary maths, not every text where 數 or 學 appears
//! (which finds kindergarten and painting tutors). So a word that is a level's name (中學,
//! DSE, primary…) or a subject's (數學, 化學, physics…), or a run of them ("中學數學"), becomes
//! the filter it names and leaves the words; the rest are still looked for in the text. A word
//! is only taken when all of it names something the chosen (or named) level holds: "數學"
//! at the kindergarten level is its 幼兒數學, while "數學班" stays a word.

use crate::shared::catalogue::{self, Level};
use crate::shared::keywords::Keywords;

/// What the words named, and the words left to look for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Narrowed {
    /// The level named, when no level was chosen and the words name one level only.
    pub level: Option<&'static str>,
    /// Subjects named, each of which a result must have (at the level, when there is one).
    pub subjects: Vec<&'static str>,
    pub words: Keywords,
}

/// Reads `words` against the catalogue, with the level the visitor chose, if any.
pub fn narrow(words: &Keywords, chosen: Option<&'static str>) -> Narrowed {
    let named: Vec<(&String, Vec<Name>)> = words.words().iter().filter_map(|word| Some((word, names_in(word)?))).collect();
    let mut levels: Vec<&'static str> = named.iter().flat_map(|(_, names)| names.iter().filter_map(Name::level)).collect();
    levels.sort_unstable();
    levels.dedup();
    // A level is taken from the words only when they name one, and none other was chosen.
    let level = match (chosen, levels.as_slice()) {
        (Some(chosen), _) => Some(chosen),
        (None, [one]) => Some(*one),
        _ => None,
    }
    .and_then(catalogue::level);
    let mut subjects: Vec<&'static str> = Vec::new();
    let mut taken: Vec<&str> = Vec::new();
    for (word, names) in &named {
        let Some(resolved) = resolve(names, level) else { continue };
        taken.push(word.as_str());
        for subject in resolved {
            if !subjects.contains(&subject) {
                subjects.push(subject);
            }
        }
    }
    // The level named becomes a filter when a word naming it was taken: "幼稚園化學" names no
    // kindergarten subject, so it stays a word and narrows nothing.
    let named_level = match (chosen, levels.as_slice()) {
        (None, [one]) => {
            named.iter().any(|(word, names)| taken.contains(&word.as_str()) && names.contains(&Name::Level(one))).then_some(*one)
        }
        _ => None,
    };
    Narrowed { level: named_level, subjects, words: words.without(|word| taken.contains(&word)) }
}

/// One name a word holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Name {
    Level(&'static str),
    /// A subject as typed (a catalogue name, or an alias resolved to one).
    Subject(&'static str),
}

impl Name {
    fn level(&self) -> Option<&'static str> {
        match self {
            Self::Level(key) => Some(key),
            Self::Subject(_) => None,
        }
    }
}

/// Other ways people write a level: exams and English names.
const LEVEL_ALIASES: &[(&str, &str)] = &[
    ("幼稚園", "kindergarten"),
    ("幼兒", "kindergarten"),
    ("kindergarten", "kindergarten"),
    ("小學", "primary"),
    ("primary", "primary"),
    ("中學", "secondary"),
    ("初中", "secondary"),
    ("高中", "secondary"),
    ("secondary", "secondary"),
    ("dse", "secondary"),
    ("hkdse", "secondary"),
    ("文憑試", "secondary"),
    ("大學", "tertiary"),
    ("大專", "tertiary"),
    ("university", "tertiary"),
    ("興趣班", "interest"),
];

/// English names of the catalogue's subjects, as people type them.
const SUBJECT_ALIASES: &[(&str, &str)] = &[
    ("math", "數學"),
    ("maths", "數學"),
    ("mathematics", "數學"),
    ("english", "英文"),
    ("chinese", "中文"),
    ("physics", "物理"),
    ("chemistry", "化學"),
    ("chem", "化學"),
    ("biology", "生物"),
    ("bio", "生物"),
    ("economics", "經濟"),
    ("econ", "經濟"),
    ("geography", "地理"),
    ("history", "歷史"),
    ("ict", "資訊及通訊科技"),
    ("bafs", "企業、會計與財務概論"),
    ("putonghua", "普通話"),
];

/// The names `word` is made of, longest first from its start ("中學數學" = 中學 + 數學); None
/// when any part of it names nothing.
fn names_in(word: &str) -> Option<Vec<Name>> {
    let mut names = Vec::new();
    let mut rest = word;
    while !rest.is_empty() {
        let (name, len) = longest_name_at(rest)?;
        names.push(name);
        rest = &rest[len..];
    }
    (!names.is_empty()).then_some(names)
}

/// The longest name `text` starts with, and its length in bytes.
fn longest_name_at(text: &str) -> Option<(Name, usize)> {
    let levels = LEVEL_ALIASES.iter().map(|&(alias, key)| (alias, Name::Level(key)));
    let labels = catalogue::LEVELS.iter().map(|level| (level.label, Name::Level(level.key)));
    let aliases = SUBJECT_ALIASES.iter().map(|&(alias, name)| (alias, Name::Subject(name)));
    let subjects = catalogue::LEVELS.iter().flat_map(|level| level.subjects.iter()).map(|&name| (name, Name::Subject(name)));
    levels
        .chain(labels)
        .chain(aliases)
        .chain(subjects)
        .filter(|(written, _)| !is_catch_all(written) && text.starts_with(*written))
        .max_by_key(|(written, _)| written.len())
        .map(|(written, name)| (name, written.len()))
}

/// "其他" and "全科" are catalogue subjects, but a word, not a subject, when typed.
fn is_catch_all(name: &str) -> bool {
    matches!(name, "其他" | "全科")
}

/// The subjects a word's names come to at `level`: a name it holds, or its one subject
/// ending in the name (幼兒數學 for 數學 at kindergarten); with no level, any level's name.
/// None when a subject is not found there, or a level named is another one.
fn resolve(names: &[Name], level: Option<&'static Level>) -> Option<Vec<&'static str>> {
    let mut subjects = Vec::new();
    for name in names {
        match (*name, level) {
            (Name::Level(key), Some(level)) if key != level.key => return None,
            (Name::Level(_), _) => {}
            (Name::Subject(subject), Some(level)) => subjects.push(subject_at(level, subject)?),
            (Name::Subject(subject), None) => subjects.push(subject),
        }
    }
    Some(subjects)
}

fn subject_at(level: &'static Level, subject: &str) -> Option<&'static str> {
    if let Some(name) = level.subjects.iter().find(|name| **name == subject) {
        return Some(name);
    }
    let mut ending = level.subjects.iter().filter(|name| name.ends_with(subject));
    match (ending.next(), ending.next()) {
        (Some(name), None) => Some(name),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn narrowed(typed: &str, chosen: Option<&'static str>) -> (Option<&'static str>, Vec<&'static str>, Vec<String>) {
        let n = narrow(&Keywords::parse(Some(typed)).unwrap(), chosen);
        (n.level, n.subjects, n.words.words().to_vec())
    }

    #[test]
    fn a_level_and_a_subject_become_filters() {
        assert_eq!(narrowed("中學 數學", None), (Some("secondary"), vec!["數學"], vec![]));
        assert_eq!(narrowed("中學數學", None), (Some("secondary"), vec!["數學"], vec![]));
        assert_eq!(narrowed("DSE chemistry 沙田", None), (Some("secondary"), vec!["化學"], vec!["沙田".to_string()]));
    }

    #[test]
    fn a_subject_alone_narrows_to_the_subject_at_any_level() {
        assert_eq!(narrowed("數學", None), (None, vec!["數學"], vec![]));
        assert_eq!(narrowed("物理 化學", None), (None, vec!["物理", "化學"], vec![]));
    }

    #[test]
    fn at_a_chosen_level_a_subject_is_that_level_s() {
        assert_eq!(narrowed("數學", Some("kindergarten")), (None, vec!["幼兒數學"], vec![]));
        // No 化學 at kindergarten: the word is looked for in the text.
        assert_eq!(narrowed("化學", Some("kindergarten")), (None, vec![], vec!["化學".to_string()]));
        // Another level named than the one chosen: not a filter.
        assert_eq!(narrowed("小學", Some("secondary")), (None, vec![], vec!["小學".to_string()]));
    }

    #[test]
    fn other_words_and_partial_names_stay_words() {
        assert_eq!(narrowed("數學班 耐心", None), (None, vec![], vec!["數學班".to_string(), "耐心".to_string()]));
        assert_eq!(narrowed("其他", None), (None, vec![], vec!["其他".to_string()]));
        assert_eq!(narrowed("數", None), (None, vec![], vec!["數".to_string()]));
    }

    #[test]
    fn two_levels_named_narrow_to_neither() {
        assert_eq!(narrowed("小學 中學", None), (None, vec![], vec![]));
        assert_eq!(narrowed("幼稚園化學", None), (None, vec![], vec!["幼稚園化學".to_string()]));
    }
}
