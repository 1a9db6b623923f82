//! Saved searches: what a tutor asked to hear about, and how.

use chrono::{DateTime, Utc};
use uuid::Uuid;

use crate::cases::model::Case;
use crate::cases::search::{CaseFilter, CaseQuery, SubjectMatch};
use crate::keyed_enum;
use crate::shared::catalogue;
use crate::shared::keywords::Keywords;
pub use crate::shared::messages::{FeeBounds, SearchSummary, SummaryPart};
use crate::shared::text_terms::TextTerms;
use crate::shared::validation::{AlertsProblem, Label, Lines, Problem, ValidationErrors, refuse_control_characters};

/// Saved searches one tutor may keep.
pub const MAX_SAVED_SEARCHES: u32 = 10;
/// Keywords of one saved search, and the length of each.
pub const MAX_KEYWORDS: usize = 5;
pub const MAX_KEYWORD_CHARS: usize = 20;

keyed_enum! {
    /// How a tutor hears about matching cases.
    pub enum AlertChannel {
        Sms => "sms",
        Email => "email",
    }
}

/// What a saved search looks for: the case board's filters, and words a case must contain.
#[derive(Debug, Clone, PartialEq)]
pub struct Criteria {
    /// As the board's filters were set (kept raw, so the screen can show and edit them).
    pub query: CaseQuery,
    /// Words, as typed (stored and shown); a matching case has what they name, as the board's
    /// search finds it: a level or a subject they name, and every other word in its text.
    pub keywords: Keywords,
    /// None for a stored search the catalogue no longer understands: it matches nothing.
    /// Narrowed by the words naming a level or a subject (`CaseFilter::narrowed_by`).
    filter: Option<CaseFilter>,
    /// The words left to find in a case's text.
    words: Keywords,
}

impl Criteria {
    /// What a tutor asks to save: every name the catalogue's, as on the board (they are stored
    /// and shown again), and something must narrow the search.
    ///
    /// # Errors
    /// Per field: the board's messages for unknown keys (`level`, `region`, `postType`), names
    /// outside the catalogue (`grades`, `subjects`, `districts`, `areas`), `keywords` when too
    /// many or too long, `criteria` when nothing narrows the search.
    pub fn parse(query: CaseQuery, typed: &str) -> Result<Self, ValidationErrors> {
        let (filter, mut errors) = match CaseFilter::public_search(&query) {
            Ok(filter) => (filter, ValidationErrors::new()),
            Err(errors) => (CaseFilter::public(), errors),
        };
        let keywords = errors.check("keywords", parse_keywords(typed)).unwrap_or_default();
        if errors.is_empty() && filter == CaseFilter::public() && keywords.is_empty() {
            errors.add("criteria", AlertsProblem::NothingNarrows);
        }
        errors.finish(|| {
            let (filter, words) = filter.narrowed_by(&keywords);
            Self { query, keywords, filter: Some(filter), words }
        })
    }

    /// A stored search, read without judging it again: one the catalogue has outgrown is kept
    /// (its owner can see and delete it) but matches nothing.
    pub fn from_stored(query: CaseQuery, keywords: &str) -> Self {
        let filter = CaseFilter::public_search(&query).ok();
        // Stored keywords passed these rules when saved; a stored text they refuse finds nothing.
        let keywords = Keywords::parse(Some(keywords)).unwrap_or_else(|_| Keywords::finding_nothing());
        let (filter, words) = match filter {
            Some(filter) => {
                let (filter, words) = filter.narrowed_by(&keywords);
                (Some(filter), words)
            }
            None => (None, keywords.clone()),
        };
        Self { query, keywords, filter, words }
    }

    /// Whether a newly approved case is one this search looks for.
    pub fn matches(&self, case: &CaseText<'_>) -> bool {
        self.filter.as_ref().is_some_and(|f| f.matches(case.case)) && self.words.found_in(&case.terms)
    }

    /// The level key, when the search names one: the store narrows candidates by it.
    pub fn level(&self) -> Option<&'static str> {
        self.filter.as_ref().and_then(|f| f.level)
    }

    /// The region, when the search names one.
    pub fn region(&self) -> Option<&'static str> {
        self.filter.as_ref().and_then(|f| f.region)
    }

    /// What the search looks for, for its owner's screen, an alert's footer and the page an
    /// unsubscribe link opens; worded at the edges, e.g. 中學・數學・觀塘區・每堂 HK$300 起.
    pub fn summary(&self) -> SearchSummary {
        let Some(f) = &self.filter else { return SearchSummary::Outdated };
        let mut parts: Vec<SummaryPart> = Vec::new();
        if let Some(level) = f.level.and_then(catalogue::level) {
            parts.push(SummaryPart::Level(level.key));
        }
        if !f.own.grades.is_empty() {
            parts.push(SummaryPart::Grades(f.own.grades.clone()));
        }
        match &f.subjects {
            Some(SubjectMatch::AnyOf(names)) => parts.push(SummaryPart::Subjects(names.clone())),
            Some(SubjectMatch::Containing(text)) => parts.push(SummaryPart::SubjectText(text.clone())),
            None => {}
        }
        let places = if !f.areas.is_empty() {
            f.areas.clone()
        } else if !f.districts.is_empty() {
            f.districts.clone()
        } else {
            f.region.map(|region| vec![region.to_string()]).unwrap_or_default()
        };
        if !places.is_empty() {
            parts.push(SummaryPart::Places(places));
        }
        let fee = match (f.min_rate, f.max_rate) {
            (Some(min), Some(max)) => Some(FeeBounds::Between(min, max)),
            (Some(min), None) => Some(FeeBounds::From(min)),
            (None, Some(max)) => Some(FeeBounds::UpTo(max)),
            (None, None) => None,
        };
        parts.extend(fee.map(SummaryPart::Fee));
        if !self.keywords.is_empty() {
            parts.push(SummaryPart::Keywords(self.keywords.words().to_vec()));
        }
        SearchSummary::Looking(parts)
    }
}

/// A case with the terms keywords are looked for in, cut once for every saved search.
pub struct CaseText<'a> {
    pub case: &'a Case,
    terms: TextTerms,
}

impl<'a> CaseText<'a> {
    pub fn new(case: &'a Case) -> Self {
        Self { case, terms: TextTerms::of(&case.details.searchable_text()) }
    }
}

/// The board's words (`Keywords`), held to a saved search's own limits: every round checks
/// each new case against every saved search.
fn parse_keywords(raw: &str) -> Result<Keywords, Problem> {
    refuse_control_characters(raw, Label::Keywords, Lines::Single)?;
    let keywords = Keywords::parse(Some(raw)).map_err(Problem::from)?;
    if keywords.finds_nothing() {
        return Err(AlertsProblem::KeywordsWithoutWords.into());
    }
    if keywords.words().iter().any(|word| word.chars().count() > MAX_KEYWORD_CHARS) {
        return Err(AlertsProblem::KeywordTooLong { max: MAX_KEYWORD_CHARS }.into());
    }
    if keywords.words().len() > MAX_KEYWORDS {
        return Err(Problem::TooMany { label: Label::Keywords, max: MAX_KEYWORDS });
    }
    Ok(keywords)
}

/// A stored saved search.
#[derive(Debug, Clone, PartialEq)]
pub struct SavedSearch {
    /// Short number, for links (the unsubscribe link names it).
    pub number: i64,
    pub tutor_id: Uuid,
    pub criteria: Criteria,
    pub channel: AlertChannel,
    /// Stopped from an alert's link (no alerts until resumed).
    pub stopped: bool,
    pub created_at: DateTime<Utc>,
}

/// A saved search to store.
#[derive(Debug, Clone, PartialEq)]
pub struct NewSavedSearch {
    pub tutor_id: Uuid,
    pub criteria: Criteria,
    pub channel: AlertChannel,
    pub created_at: DateTime<Utc>,
}

/// A case that matched one of a tutor's saved searches, waiting for its message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AlertMatch {
    pub search: i64,
    pub tutor_id: Uuid,
    pub channel: AlertChannel,
    pub case_number: i64,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cases::search::CaseOwnQuery;
    use crate::matching::recommendations::tests::case;
    use crate::shared::money::Rate;

    fn query(level: &str, subjects: &[&str], districts: &[&str]) -> CaseQuery {
        CaseQuery {
            level: Some(level.into()),
            subjects: subjects.iter().map(|s| s.to_string()).collect(),
            districts: districts.iter().map(|s| s.to_string()).collect(),
            ..CaseQuery::default()
        }
    }

    #[test]
    fn a_saved_search_matches_like_the_board_and_needs_every_keyword() {
        let maths_in_kwun_tong = Criteria::parse(query("secondary", &["數學"], &["觀塘區"]), "").unwrap();
        assert!(maths_in_kwun_tong.matches(&CaseText::new(&case(1, "secondary", "中三", "數學", "藍田", 480.0, "no limit"))));
        assert!(!maths_in_kwun_tong.matches(&CaseText::new(&case(2, "secondary", "中三", "數學", "旺角", 480.0, "no limit"))));
        assert!(!maths_in_kwun_tong.matches(&CaseText::new(&case(3, "secondary", "中三", "物理", "藍田", 480.0, "no limit"))));
        let with_words = Criteria::parse(query("secondary", &[], &[]), "  DSE   想加強 ").unwrap();
        assert_eq!(with_words.keywords.words(), ["dse", "想加強"]);
        // `case` describes every case as 想加強 and titles it grade + subject; DSE names the
        // secondary level (as on the board), not a word the text must hold.
        assert!(with_words.matches(&CaseText::new(&case(4, "secondary", "中六", "數學", "藍田", 480.0, "no limit"))));
        let more_words = Criteria::parse(query("secondary", &[], &[]), "DSE 衝刺").unwrap();
        assert!(!more_words.matches(&CaseText::new(&case(4, "secondary", "中六", "數學", "藍田", 480.0, "no limit"))));
        let words_only = Criteria::parse(CaseQuery::default(), "想加強 中六").unwrap();
        assert!(words_only.matches(&CaseText::new(&case(5, "secondary", "中六", "數學", "藍田", 480.0, "no limit"))));
    }

    #[test]
    fn keywords_are_found_as_the_boards_search_finds_them() {
        // `case` titles a case grade + subject ("中六數學") and describes it as 想加強.
        let sixth_form_maths = case(6, "secondary", "中六", "數學", "藍田", 480.0, "no limit");
        let sixth_form_maths = CaseText::new(&sixth_form_maths);
        let found = |typed: &str| Criteria::parse(CaseQuery::default(), typed).unwrap().matches(&sixth_form_maths);
        // Words split on punctuation too, pairs anywhere, a lone character inside a pair.
        assert!(found("中六,數學"));
        assert!(found("六數"));
        assert!(found("數"));
        assert!(found("藍田"));
        // A pair the text does not hold, though each character is in it.
        assert!(!found("學中"));
        // A level's name is the level, for the board and for an alert.
        assert!(found("中學"));
        assert!(!found("小學"));
        assert!(!found("中學 英文"), "and a subject's name the subject");
        let refused = Criteria::parse(CaseQuery::default(), "？！").unwrap_err();
        assert_eq!(refused.fields()[0].problem, Problem::Alerts(AlertsProblem::KeywordsWithoutWords));
    }

    #[test]
    fn refuses_unknown_keys_too_many_words_and_a_search_for_everything() {
        let errors = Criteria::parse(CaseQuery { level: Some("x".into()), ..CaseQuery::default() }, "a b c d e f").unwrap_err();
        assert_eq!(errors.fields().iter().map(|e| e.field).collect::<Vec<_>>(), ["level", "keywords"]);
        assert_eq!(errors.fields()[1].problem, Problem::TooMany { label: Label::Keywords, max: MAX_KEYWORDS });
        let everything = Criteria::parse(CaseQuery::default(), " ").unwrap_err();
        assert_eq!(everything.fields()[0].field, "criteria");
        assert_eq!(everything.fields()[0].problem, Problem::Alerts(AlertsProblem::NothingNarrows));
        let long = Criteria::parse(CaseQuery::default(), &"長".repeat(21)).unwrap_err();
        assert_eq!(long.get("keywords"), Some(&Problem::Alerts(AlertsProblem::KeywordTooLong { max: MAX_KEYWORD_CHARS })));
        let control = Criteria::parse(CaseQuery::default(), "數學\u{1b}").unwrap_err();
        assert_eq!(control.get("keywords"), Some(&Problem::ControlCharacters(Label::Keywords)));
    }

    #[test]
    fn names_must_be_the_catalogues_and_a_stored_search_the_catalogue_outgrew_matches_nothing() {
        let query = CaseQuery {
            level: Some("secondary".into()),
            subjects: vec!["<script>".into()],
            districts: vec!["火星區".into()],
            areas: vec!["藍田".into()],
            own: CaseOwnQuery { grades: vec!["小一".into()], ..CaseOwnQuery::default() },
            ..CaseQuery::default()
        };
        let errors = Criteria::parse(query, "").unwrap_err();
        assert_eq!(errors.fields().iter().map(|e| e.field).collect::<Vec<_>>(), ["grades", "subjects", "districts"]);
        let tertiary = CaseQuery { level: Some("tertiary".into()), subjects: vec!["量子力學".into()], ..CaseQuery::default() };
        assert!(Criteria::parse(tertiary, "").is_ok(), "a free-text level's subject is typed text");
        let retired = Criteria::from_stored(CaseQuery { level: Some("retired-level".into()), ..CaseQuery::default() }, "dse");
        assert!(!retired.matches(&CaseText::new(&case(1, "secondary", "中三", "數學", "藍田", 480.0, "no limit"))));
        assert_eq!(retired.summary(), SearchSummary::Outdated);
    }

    #[test]
    fn says_what_it_looks_for_in_catalogue_words() {
        let criteria =
            Criteria::parse(CaseQuery { min_rate: Some("300".into()), ..query("secondary", &["數學", "物理"], &["觀塘區"]) }, "DSE")
                .unwrap();
        assert_eq!(
            criteria.summary(),
            SearchSummary::Looking(vec![
                SummaryPart::Level("secondary"),
                SummaryPart::Subjects(vec!["數學".into(), "物理".into()]),
                SummaryPart::Places(vec!["觀塘區".into()]),
                SummaryPart::Fee(FeeBounds::From(Rate::from_cents(30_000))),
                SummaryPart::Keywords(vec!["dse".into()]),
            ])
        );
        assert_eq!((criteria.level(), criteria.region()), (Some("secondary"), None));
        let region = CaseQuery { region: Some("九龍".into()), max_rate: Some("400".into()), ..CaseQuery::default() };
        assert_eq!(
            Criteria::parse(region, "").unwrap().summary(),
            SearchSummary::Looking(vec![
                SummaryPart::Places(vec!["九龍".into()]),
                SummaryPart::Fee(FeeBounds::UpTo(Rate::from_cents(40_000))),
            ])
        );
        assert_eq!(Criteria::from_stored(CaseQuery::default(), "").summary(), SearchSummary::Looking(vec![]), "every case");
    }
}
