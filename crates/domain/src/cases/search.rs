//! Searching the case board: what a visitor can filter on.

use crate::cases::model::{CaseStatus, PostType};
use crate::shared::catalogue;
use crate::shared::keywords::Keywords;
use crate::shared::money::{Rate, parse_min_rate};
use crate::shared::narrowing::narrow;
use crate::shared::sort_order::SortOrder;
use crate::shared::validation::{CasesProblem, Label, Lines, Problem, ValidationErrors, refuse_control_characters};
use uuid::Uuid;

/// The raw query of a case search, as typed into the filters (stored as JSON by saved searches).
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct CaseQuery {
    pub level: Option<String>,
    pub grades: Vec<String>,
    pub subjects: Vec<String>,
    pub region: Option<String>,
    pub districts: Vec<String>,
    pub areas: Vec<String>,
    pub min_rate: Option<String>,
    pub max_rate: Option<String>,
    pub post_type: Option<String>,
}

/// How subjects are matched, on the case board and in the tutor directory alike: catalogue
/// names exactly, or free text (tertiary) by substring.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum SubjectMatch {
    AnyOf(Vec<String>),
    Containing(String),
}

/// A validated case search. Empty lists and `None` mean "no limit".
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct CaseFilter {
    pub status: Option<CaseStatus>,
    /// Only this user's cases.
    pub owner_id: Option<Uuid>,
    pub post_type: Option<PostType>,
    pub level: Option<&'static str>,
    pub grades: Vec<String>,
    pub subjects: Option<SubjectMatch>,
    pub region: Option<&'static str>,
    pub districts: Vec<String>,
    pub areas: Vec<String>,
    /// Cases below this fee are left out.
    pub min_rate: Option<Rate>,
    /// Cases above this fee are left out.
    pub max_rate: Option<Rate>,
    /// Subjects the typed words named (`shared::narrowing`): a case must have every one.
    pub required_subjects: Vec<String>,
    /// Typed words, each found in the case's text (the search index's business: [`Self::matches`]
    /// leaves them to it).
    pub words: Keywords,
    pub sort: SortOrder,
}

impl CaseFilter {
    /// Everything on the public board.
    pub fn public() -> Self {
        Self { status: Some(CaseStatus::Approved), ..Self::everything() }
    }

    /// Every case in any state; narrowed by the caller.
    pub fn everything() -> Self {
        Self {
            status: None,
            owner_id: None,
            post_type: None,
            level: None,
            grades: Vec::new(),
            subjects: None,
            region: None,
            districts: Vec::new(),
            areas: Vec::new(),
            min_rate: None,
            max_rate: None,
            required_subjects: Vec::new(),
            words: Keywords::none(),
            sort: SortOrder::Best,
        }
    }

    /// Builds a search of the public board from what the visitor typed.
    ///
    /// Every level, region and post type key and every grade, subject, district and area name
    /// must be the catalogue's (see `Names`); only a free-text level's subject is typed
    /// text. A non-numeric minimum fee is ignored (spec §5). The legacy `postType=approved`
    /// means the public board itself.
    ///
    /// # Errors
    /// A [`Problem`] per refused field.
    pub fn public_search(query: &CaseQuery) -> Result<Self, ValidationErrors> {
        let mut errors = ValidationErrors::new();
        let mut filter = Self::public();

        if let Some(key) = non_empty(&query.level) {
            filter.level = errors.check("level", catalogue::level(key).map(|l| l.key).ok_or(Problem::Incorrect(Label::Level)));
        }
        if let Some(name) = non_empty(&query.region) {
            filter.region = errors.check("region", catalogue::region(name).map(|r| r.name).ok_or(Problem::Incorrect(Label::Region)));
        }
        if let Some(key) = non_empty(&query.post_type).filter(|key| *key != "approved") {
            filter.post_type = errors.check("postType", PostType::parse(key).ok_or(Problem::Incorrect(Label::PostType)));
        }
        let names = Names::read(filter.level, &query.grades, &query.subjects, &query.districts, &query.areas, &mut errors);
        filter.grades = names.grades;
        filter.districts = names.districts;
        filter.areas = names.areas;
        filter.subjects = names.subjects;
        (filter.min_rate, filter.max_rate) = fee_range(query.min_rate.as_deref(), query.max_rate.as_deref(), &mut errors);
        errors.finish(|| filter)
    }

    /// Builds a search of the public board from the filters, the words typed (`q`) and the
    /// order asked for (`sort`). Words naming a level or a subject narrow the search to it
    /// (`shared::narrowing`); the others are looked for in the text.
    ///
    /// # Errors
    /// As [`Self::public_search`]; `q` when the words are too long or too many; `sort` for an
    /// order the case board does not have.
    pub fn board_search(query: &CaseQuery, typed: Option<&str>, sort: Option<&str>) -> Result<Self, ValidationErrors> {
        let (filter, mut errors) = match Self::public_search(query) {
            Ok(filter) => (Some(filter), ValidationErrors::new()),
            Err(errors) => (None, errors),
        };
        let words = errors.check("q", Keywords::parse(typed));
        let sort = errors.check("sort", SortOrder::parse(sort, SortOrder::CASES));
        match (filter, words, sort) {
            (Some(filter), Some(words), Some(sort)) => errors.finish(|| {
                let (filter, words) = filter.narrowed_by(&words);
                Self { words, sort, ..filter }
            }),
            _ => Err(errors),
        }
    }
}

impl CaseFilter {
    /// This search narrowed to the level and subjects `words` name (`shared::narrowing`), and
    /// the words left to look for in the text. The board and saved searches both read words so.
    pub fn narrowed_by(self, words: &Keywords) -> (Self, Keywords) {
        let narrowed = narrow(words, self.level);
        let required_subjects = narrowed.subjects.iter().map(|s| s.to_string()).collect();
        (Self { level: self.level.or(narrowed.level), required_subjects, ..self }, narrowed.words)
    }

    /// Whether `case` is one this search finds: the same rules as the store's query, for
    /// checking one new case against saved searches (alerts, which keep their own keywords)
    /// without asking the store. Typed words are not checked here.
    pub fn matches(&self, case: &crate::cases::model::Case) -> bool {
        let d = &case.details;
        let within = |list: &[String], value: &str| list.is_empty() || list.iter().any(|v| v == value);
        self.status.is_none_or(|s| s == case.status)
            && self.owner_id.is_none_or(|o| case.owner_id == Some(o))
            && self.post_type.is_none_or(|p| p == d.post_type)
            && self.level.is_none_or(|l| l == d.level.key)
            && within(&self.grades, &d.grade)
            && self.region.is_none_or(|r| r == d.place.region)
            && within(&self.districts, d.place.district)
            && within(&self.areas, d.place.area)
            && self.min_rate.is_none_or(|min| d.rate >= min)
            && self.max_rate.is_none_or(|max| d.rate <= max)
            && self.required_subjects.iter().all(|needed| d.subjects.contains(needed))
            && match &self.subjects {
                None => true,
                Some(SubjectMatch::AnyOf(names)) => d.subjects.iter().any(|s| names.contains(s)),
                Some(SubjectMatch::Containing(text)) => {
                    let text = text.to_lowercase();
                    d.subjects.iter().any(|s| s.to_lowercase().contains(&text))
                }
            }
    }
}

/// The fee range asked for: each bound as [`parse_min_rate`] reads it (a non-numeric one is
/// ignored, spec §5), and a maximum below the minimum refused rather than finding nothing.
pub(crate) fn fee_range(min: Option<&str>, max: Option<&str>, errors: &mut ValidationErrors) -> (Option<Rate>, Option<Rate>) {
    let (min, max) = (min.and_then(parse_min_rate), max.and_then(parse_min_rate));
    if let (Some(low), Some(high)) = (min, max)
        && high < low
    {
        errors.add("maxRate", CasesProblem::MaxRateBelowMinRate);
    }
    (min, max)
}

/// The names of a search's list filters, read against the catalogue.
pub(crate) struct Names {
    pub grades: Vec<String>,
    pub subjects: Option<SubjectMatch>,
    pub districts: Vec<String>,
    pub areas: Vec<String>,
}

impl Names {
    /// Grades and subjects of `level` (of any level when none is chosen), districts and areas
    /// of the catalogue; each refused field gets its problem in `errors`. The subjects of a
    /// free-text level (tertiary) are what was typed, within a case's own length.
    pub(crate) fn read(
        level: Option<&'static str>,
        grades: &[String],
        subjects: &[String],
        districts: &[String],
        areas: &[String],
        errors: &mut ValidationErrors,
    ) -> Self {
        let level = level.and_then(catalogue::level);
        let levels: &[catalogue::Level] = level.map_or(catalogue::LEVELS, std::slice::from_ref);
        let in_levels = |names: fn(&catalogue::Level) -> &'static [&'static str], name: &str| {
            levels.iter().find_map(|l| names(l).iter().find(|n| **n == name).copied())
        };
        let grades = catalogued(grades, |g| in_levels(|l| l.grades, g));
        let grades = errors.check("grades", grades.ok_or(Problem::Incorrect(Label::Grades)));
        let subjects = if level.is_some_and(|l| l.free_text_subject()) {
            errors.check("subjects", free_text_subject(subjects)).filter(|t| !t.is_empty()).map(SubjectMatch::Containing)
        } else {
            let named = catalogued(subjects, |s| in_levels(|l| l.subjects, s));
            errors.check("subjects", named.ok_or(Problem::Incorrect(Label::Subjects))).filter(|n| !n.is_empty()).map(SubjectMatch::AnyOf)
        };
        let districts = catalogued(districts, |d| catalogue::district(d).map(|(_, d)| d.name));
        let districts = errors.check("districts", districts.ok_or(Problem::Incorrect(Label::Districts)));
        let areas = catalogued(areas, |a| catalogue::place(a).map(|p| p.area));
        let areas = errors.check("areas", areas.ok_or(Problem::Incorrect(Label::Areas)));
        Self { grades: grades.unwrap_or_default(), subjects, districts: districts.unwrap_or_default(), areas: areas.unwrap_or_default() }
    }
}

/// The catalogue's names among `values` (trimmed, blanks and repeats dropped, in order), or
/// None when any value is not one `known` finds. A search makes cache keys and index clauses
/// of its names, so a name the catalogue does not hold is refused, never carried.
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
/// dropped), within the length a case's own free-text subject may have, on one line. Empty
/// when nothing was typed.
///
/// # Errors
/// [`Problem::TooLong`] or [`Problem::ControlCharacters`] for the subject.
pub(crate) fn free_text_subject(typed: &[String]) -> Result<String, Problem> {
    let max = crate::cases::model::limits::FREE_TEXT_SUBJECT_MAX_CHARS;
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

/// The trimmed value, unless blank.
pub(crate) fn non_empty(value: &Option<String>) -> Option<&str> {
    value.as_deref().map(str::trim).filter(|v| !v.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_empty_query_is_the_whole_public_board() {
        assert_eq!(CaseFilter::public_search(&CaseQuery::default()).unwrap(), CaseFilter::public());
    }

    #[test]
    fn ignores_a_non_numeric_minimum_fee_and_keeps_a_numeric_one() {
        let mut query = CaseQuery { min_rate: Some("abc".into()), ..Default::default() };
        assert_eq!(CaseFilter::public_search(&query).unwrap().min_rate, None);
        query.min_rate = Some("300".into());
        assert_eq!(CaseFilter::public_search(&query).unwrap().min_rate, Some(Rate::from_cents(30000)));
    }

    #[test]
    fn tertiary_subjects_are_free_text() {
        let query = CaseQuery { level: Some("tertiary".into()), subjects: vec!["代數".into()], ..Default::default() };
        assert_eq!(CaseFilter::public_search(&query).unwrap().subjects, Some(SubjectMatch::Containing("代數".into())));
    }

    #[test]
    fn refuses_unknown_level_and_region_but_accepts_legacy_post_type() {
        let query = CaseQuery {
            level: Some("college".into()),
            region: Some("火星".into()),
            post_type: Some("approved".into()),
            ..Default::default()
        };
        let errors = CaseFilter::public_search(&query).unwrap_err();
        assert_eq!(errors.fields().iter().map(|e| e.field).collect::<Vec<_>>(), ["level", "region"]);
        assert_eq!(errors.get("level"), Some(&Problem::Incorrect(Label::Level)));
        assert_eq!(errors.get("region"), Some(&Problem::Incorrect(Label::Region)));
    }

    #[test]
    fn the_board_takes_typed_words_and_reports_every_refused_field() {
        let filter = CaseFilter::board_search(&CaseQuery::default(), Some("DSE 數學 耐心"), Some("feeHigh")).unwrap();
        assert_eq!(filter.words.words(), ["耐心"]);
        assert_eq!(
            (filter.level, filter.required_subjects.as_slice(), filter.sort),
            (Some("secondary"), &["數學".to_string()][..], SortOrder::FeeHighest)
        );
        let bad = CaseQuery { level: Some("college".into()), ..Default::default() };
        let errors = CaseFilter::board_search(&bad, Some(&"長".repeat(101)), Some("rating")).unwrap_err();
        assert_eq!(errors.fields().iter().map(|e| e.field).collect::<Vec<_>>(), ["level", "q", "sort"]);
        let too_long = crate::shared::validation::SearchProblem::WordsTooLong { max: Keywords::MAX_CHARS };
        assert_eq!(errors.get("q"), Some(&Problem::Search(too_long)));
    }

    #[test]
    fn a_fee_range_keeps_both_bounds_and_refuses_one_upside_down() {
        let query = CaseQuery { min_rate: Some("200".into()), max_rate: Some("400".into()), ..Default::default() };
        let filter = CaseFilter::public_search(&query).unwrap();
        assert_eq!((filter.min_rate, filter.max_rate), (Some(Rate::from_cents(20000)), Some(Rate::from_cents(40000))));
        let upside_down = CaseQuery { min_rate: Some("400".into()), max_rate: Some("200".into()), ..Default::default() };
        let errors = CaseFilter::public_search(&upside_down).unwrap_err();
        assert_eq!(errors.fields().iter().map(|e| e.field).collect::<Vec<_>>(), ["maxRate"]);
        assert_eq!(errors.get("maxRate"), Some(&Problem::Cases(CasesProblem::MaxRateBelowMinRate)));
    }

    #[test]
    fn a_subject_named_in_the_words_is_one_every_case_found_has() {
        let filter = CaseFilter::board_search(&CaseQuery::default(), Some("化學"), None).unwrap();
        let mut case = crate::cases::model::tests::case_with_status(1, CaseStatus::Approved);
        case.details.subjects = vec!["物理".into()];
        assert!(!filter.matches(&case));
        case.details.subjects.push("化學".into());
        assert!(filter.matches(&case));
    }

    #[test]
    fn a_typed_subject_is_held_to_a_cases_length_and_one_line() {
        let max = crate::cases::model::limits::FREE_TEXT_SUBJECT_MAX_CHARS;
        assert_eq!(free_text_subject(&["代數".into(), " 代數 ".into(), "幾何".into()]), Ok("代數 幾何".into()));
        assert_eq!(free_text_subject(&["長".repeat(max + 1)]), Err(Problem::TooLong { label: Label::Subject, max }));
        assert_eq!(free_text_subject(&["代\u{7}數".into()]), Err(Problem::ControlCharacters(Label::Subject)));
    }

    #[test]
    fn drops_blank_and_repeated_values() {
        let query = CaseQuery { districts: vec!["觀塘區".into(), " ".into(), "觀塘區".into()], ..Default::default() };
        assert_eq!(CaseFilter::public_search(&query).unwrap().districts, ["觀塘區"]);
    }
}
