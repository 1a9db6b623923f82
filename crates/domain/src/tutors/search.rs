//! Searching tutors: what a visitor can filter on (spec §2 home tab 0, §5, §6). The tutor
//! directory is searched by the filters every search has (`shared::search`) and nothing else.

use crate::cases::model::limits;
use crate::shared::search::filter::SearchFilter;
use crate::shared::search::query::{OwnQuery, SearchQuery};
use crate::shared::sort_order::SortOrder;
use crate::shared::validation::ValidationErrors;

/// The raw query of a tutor search, as typed into the filters.
pub type TutorQuery = SearchQuery<TutorOwnQuery>;

/// The tutor directory has no filter of its own; this names the rules its search follows.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct TutorOwnQuery;

impl OwnQuery for TutorOwnQuery {
    type Filter = ();
    const SORTS: &'static [SortOrder] = SortOrder::TUTORS;
    /// A typed subject is held to a case's length, as the board holds it: one rule for a
    /// typed subject in either search.
    const FREE_TEXT_SUBJECT_MAX_CHARS: usize = limits::FREE_TEXT_SUBJECT_MAX_CHARS;

    fn read(&self, _: Option<&'static str>, _: &mut ValidationErrors) {}
}

/// A validated tutor search over active profiles only. Empty lists and `None` mean "no limit";
/// a level and subjects hold for the same taught subject.
pub type TutorFilter = SearchFilter<()>;

impl TutorFilter {
    /// Builds a search from what the visitor typed: [`SearchQuery::read`].
    ///
    /// # Errors
    /// A problem per refused field: `level`, `region`, `subjects`, `districts`, `areas`,
    /// `maxRate` below `minRate`, `q` when the words are too long or too many, `sort`.
    pub fn parse(query: &TutorQuery) -> Result<Self, ValidationErrors> {
        query.read()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shared::validation::{Label, Problem};

    #[test]
    fn an_empty_query_lists_every_active_tutor() {
        assert_eq!(TutorFilter::parse(&TutorQuery::default()).unwrap(), TutorFilter::default());
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
    fn a_typed_subject_is_held_to_the_length_the_board_holds_it_to() {
        let max = limits::FREE_TEXT_SUBJECT_MAX_CHARS;
        let query = TutorQuery { level: Some("tertiary".into()), subjects: vec!["長".repeat(max + 1)], ..Default::default() };
        assert_eq!(TutorFilter::parse(&query).unwrap_err().get("subjects"), Some(&Problem::TooLong { label: Label::Subject, max }));
    }
}
