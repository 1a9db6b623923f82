//! The names of a search's list filters, read against the catalogue. A search makes cache keys
//! and index clauses of its names, so a name the catalogue does not hold is refused, never
//! carried.

use super::filter::SubjectMatch;
use crate::shared::catalogue::{self, Level};
use crate::shared::validation::{Label, Lines, Problem, refuse_control_characters};

/// Grades of `level` (of any level when none is chosen).
///
/// # Errors
/// [`Problem::Incorrect`] for the grades when one is not the catalogue's.
pub fn grades(level: Option<&'static str>, typed: &[String]) -> Result<Vec<String>, Problem> {
    catalogued(typed, |g| in_levels(level, |l| l.grades, g)).ok_or(Problem::Incorrect(Label::Grades))
}

/// Subjects of `level` (of any level when none is chosen), or None when none was typed. The
/// subjects of a free-text level (tertiary) are what was typed, at most `free_text_max`
/// characters, found within a subject.
///
/// # Errors
/// [`Problem::Incorrect`] for a name that is not the catalogue's; [`free_text_subject`]'s.
pub fn subjects(level: Option<&'static str>, typed: &[String], free_text_max: usize) -> Result<Option<SubjectMatch>, Problem> {
    if level.and_then(catalogue::level).is_some_and(Level::free_text_subject) {
        return Ok(Some(free_text_subject(typed, free_text_max)?).filter(|t| !t.is_empty()).map(SubjectMatch::Containing));
    }
    let named = catalogued(typed, |s| in_levels(level, |l| l.subjects, s)).ok_or(Problem::Incorrect(Label::Subjects))?;
    Ok(Some(named).filter(|n| !n.is_empty()).map(SubjectMatch::AnyOf))
}

/// Districts of the catalogue.
///
/// # Errors
/// [`Problem::Incorrect`] for the districts when one is not the catalogue's.
pub fn districts(typed: &[String]) -> Result<Vec<String>, Problem> {
    catalogued(typed, |d| catalogue::district(d).map(|(_, d)| d.name)).ok_or(Problem::Incorrect(Label::Districts))
}

/// Areas of the catalogue.
///
/// # Errors
/// [`Problem::Incorrect`] for the areas when one is not the catalogue's.
pub fn areas(typed: &[String]) -> Result<Vec<String>, Problem> {
    catalogued(typed, |a| catalogue::place(a).map(|p| p.area)).ok_or(Problem::Incorrect(Label::Areas))
}

/// `name` as one of `names` of `level` holds it, or of any level when none is chosen.
fn in_levels(level: Option<&'static str>, names: fn(&Level) -> &'static [&'static str], name: &str) -> Option<&'static str> {
    let levels: &[Level] = level.and_then(catalogue::level).map_or(catalogue::LEVELS, std::slice::from_ref);
    levels.iter().find_map(|l| names(l).iter().find(|n| **n == name).copied())
}

/// The catalogue's names among `values` (trimmed, blanks and repeats dropped, in order), or
/// None when any value is not one `known` finds.
fn catalogued(values: &[String], known: impl Fn(&str) -> Option<&'static str>) -> Option<Vec<String>> {
    let mut out: Vec<&'static str> = Vec::new();
    for value in values.iter().map(|v| v.trim()).filter(|v| !v.is_empty()) {
        let name = known(value)?;
        // Every name is the catalogue's, so this list is at most the catalogue's length.
        if !out.contains(&name) {
            out.push(name);
        }
    }
    Some(out.into_iter().map(String::from).collect())
}

/// A free-text subject to look for (tertiary): the words typed (trimmed, blanks and repeats
/// dropped), at most `max` characters, on one line. Empty when nothing was typed.
///
/// # Errors
/// [`Problem::TooLong`] or [`Problem::ControlCharacters`] for the subject.
pub fn free_text_subject(typed: &[String], max: usize) -> Result<String, Problem> {
    let (mut words, mut chars): (Vec<&str>, usize) = (Vec::new(), 0);
    for word in typed.iter().map(|v| v.trim()).filter(|v| !v.is_empty()) {
        if words.contains(&word) {
            continue;
        }
        // Counted as it goes, so a long list is refused without being read to its end.
        chars += word.chars().count() + usize::from(!words.is_empty());
        if chars > max {
            return Err(Problem::TooLong { label: Label::Subject, max });
        }
        words.push(word);
    }
    let text = words.join(" ");
    refuse_control_characters(&text, Label::Subject, Lines::Single)?;
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_typed_subject_is_held_to_its_length_and_one_line() {
        assert_eq!(free_text_subject(&["代數".into(), " 代數 ".into(), "幾何".into()], 40), Ok("代數 幾何".into()));
        assert_eq!(free_text_subject(&["長".repeat(41)], 40), Err(Problem::TooLong { label: Label::Subject, max: 40 }));
        assert_eq!(free_text_subject(&["代\u{7}數".into()], 40), Err(Problem::ControlCharacters(Label::Subject)));
    }

    #[test]
    fn names_are_the_catalogues_of_the_chosen_level_or_any() {
        assert_eq!(grades(Some("secondary"), &["中三".into()]), Ok(vec!["中三".to_string()]));
        assert_eq!(grades(Some("primary"), &["中三".into()]), Err(Problem::Incorrect(Label::Grades)));
        assert_eq!(grades(None, &["中三".into(), "小一".into()]), Ok(vec!["中三".to_string(), "小一".to_string()]));
        assert_eq!(subjects(Some("secondary"), &[" ".into()], 40), Ok(None));
        assert_eq!(subjects(Some("tertiary"), &["代數".into()], 40), Ok(Some(SubjectMatch::Containing("代數".into()))));
        assert_eq!(districts(&["火星區".into()]), Err(Problem::Incorrect(Label::Districts)));
    }
}
