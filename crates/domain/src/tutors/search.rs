//! Searching tutors: what a visitor can filter on (spec §2 home tab 0, §5, §6).

use crate::cases::search::{Names, SubjectMatch, fee_range, non_empty};
use crate::shared::catalogue;
use crate::shared::keywords::Keywords;
use crate::shared::money::Rate;
use crate::shared::narrowing::narrow;
use crate::shared::sort_order::SortOrder;
use crate::shared::validation::{Label, Problem, ValidationErrors};

/// The raw query of a tutor search, as typed into the filters.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct TutorQuery {
    pub level: Option<String>,
    pub subjects: Vec<String>,
    pub region: Option<String>,
    pub districts: Vec<String>,
    pub areas: Vec<String>,
    pub min_rate: Option<String>,
    pub max_rate: Option<String>,
    /// Typed words (`q`).
    pub q: Option<String>,
    /// The order asked for (`sort`), a [`SortOrder`] key.
    pub sort: Option<String>,
}

/// A validated tutor search over active profiles only. Empty lists and `None` mean "no limit".
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct TutorFilter {
    /// Level key: the tutor teaches some subject at this level.
    pub level: Option<&'static str>,
    /// Subject names (within `level` when given).
    pub subjects: Option<SubjectMatch>,
    pub region: Option<&'static str>,
    pub districts: Vec<String>,
    pub areas: Vec<String>,
    /// Tutors whose fee per lesson is below this are left out.
    pub min_rate: Option<Rate>,
    /// Tutors whose fee per lesson is above this are left out.
    pub max_rate: Option<Rate>,
    /// Subjects the typed words named (`shared::narrowing`): a tutor must teach every one (at
    /// `level`, when there is one).
    pub required_subjects: Vec<String>,
    /// Typed words, each found in the tutor's profile.
    pub words: Keywords,
    pub sort: SortOrder,
}

impl TutorFilter {
    /// Builds a search from what the visitor typed: every key and name the catalogue's, as the
    /// case board reads them (`Names`); a non-numeric fee bound is ignored; words naming a
    /// level or a subject narrow the search to it (`shared::narrowing`).
    ///
    /// # Errors
    /// A problem per refused field: `level`, `region`, `subjects`, `districts`, `areas`,
    /// `maxRate` below `minRate`, `q` when the words are too long or too many, `sort`.
    pub fn parse(query: &TutorQuery) -> Result<Self, ValidationErrors> {
        let mut errors = ValidationErrors::new();
        let mut filter = Self::default();
        if let Some(key) = non_empty(&query.level) {
            filter.level = errors.check("level", catalogue::level(key).map(|l| l.key).ok_or(Problem::Incorrect(Label::Level)));
        }
        if let Some(name) = non_empty(&query.region) {
            filter.region = errors.check("region", catalogue::region(name).map(|r| r.name).ok_or(Problem::Incorrect(Label::Region)));
        }
        let names = Names::read(filter.level, &[], &query.subjects, &query.districts, &query.areas, &mut errors);
        filter.districts = names.districts;
        filter.areas = names.areas;
        filter.subjects = names.subjects;
        (filter.min_rate, filter.max_rate) = fee_range(query.min_rate.as_deref(), query.max_rate.as_deref(), &mut errors);
        if let Some(words) = errors.check("q", Keywords::parse(query.q.as_deref())) {
            let narrowed = narrow(&words, filter.level);
            filter.level = filter.level.or(narrowed.level);
            filter.required_subjects = narrowed.subjects.iter().map(|s| s.to_string()).collect();
            filter.words = narrowed.words;
        }
        if let Some(sort) = errors.check("sort", SortOrder::parse(query.sort.as_deref(), SortOrder::TUTORS)) {
            filter.sort = sort;
        }
        errors.finish(|| filter)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_empty_query_lists_every_active_tutor() {
        assert_eq!(TutorFilter::parse(&TutorQuery::default()).unwrap(), TutorFilter::default());
    }

    #[test]
    fn reads_level_subjects_area_and_minimum_fee() {
        let query = TutorQuery {
            level: Some("secondary".into()),
            subjects: vec!["數學".into(), " ".into(), "數學".into()],
            region: Some("九龍".into()),
            areas: vec!["藍田".into()],
            min_rate: Some("250".into()),
            ..Default::default()
        };
        let filter = TutorFilter::parse(&query).unwrap();
        assert_eq!(filter.level, Some("secondary"));
        assert_eq!(filter.subjects, Some(SubjectMatch::AnyOf(vec!["數學".into()])));
        assert_eq!(filter.region, Some("九龍"));
        assert_eq!(filter.min_rate, Some(Rate::from_cents(25000)));
    }

    #[test]
    fn a_public_exam_subject_typed_narrows_to_tutors_teaching_it_at_that_level() {
        let query = TutorQuery { q: Some("DSE 化學".into()), sort: Some("rating".into()), ..Default::default() };
        let filter = TutorFilter::parse(&query).unwrap();
        assert_eq!(filter.level, Some("secondary"));
        assert_eq!(filter.required_subjects, ["化學"]);
        assert!(filter.words.is_empty());
        assert_eq!(filter.sort, SortOrder::Rating);
    }

    #[test]
    fn refuses_unknown_level_and_region_and_ignores_a_non_numeric_fee() {
        let query =
            TutorQuery { level: Some("x".into()), region: Some("火星".into()), min_rate: Some("abc".into()), ..Default::default() };
        let errors = TutorFilter::parse(&query).unwrap_err();
        assert_eq!(errors.fields().iter().map(|e| e.field).collect::<Vec<_>>(), ["level", "region"]);
        assert_eq!(
            (errors.get("level"), errors.get("region")),
            (Some(&Problem::Incorrect(Label::Level)), Some(&Problem::Incorrect(Label::Region)))
        );
        let query = TutorQuery { min_rate: Some("abc".into()), ..Default::default() };
        assert_eq!(TutorFilter::parse(&query).unwrap().min_rate, None);
    }
}
