//! Searching the case board: what a visitor can filter on. The filters every search has, and
//! how they are read, are `shared::search`'s; the board adds grades and the post type, and its
//! other readers (the back office, one's own cases) a status and an owner.

use crate::cases::model::{Case, CaseStatus, PostType, limits};
use crate::shared::search::filter::SearchFilter;
pub use crate::shared::search::filter::SubjectMatch;
use crate::shared::search::names;
use crate::shared::search::query::{OwnQuery, SearchQuery, non_empty};
use crate::shared::sort_order::SortOrder;
use crate::shared::validation::{Label, Problem, ValidationErrors};
use uuid::Uuid;

/// The raw query of a case search, as typed into the filters (stored as JSON by saved searches).
pub type CaseQuery = SearchQuery<CaseOwnQuery>;

/// What only the case board is searched by, as typed: grades and the post type.
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct CaseOwnQuery {
    pub grades: Vec<String>,
    pub post_type: Option<String>,
}

/// A validated case search.
pub type CaseFilter = SearchFilter<CaseOwn>;

/// What only a case search filters on. Empty lists and `None` mean "no limit".
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct CaseOwn {
    pub status: Option<CaseStatus>,
    /// Only this user's cases.
    pub owner_id: Option<Uuid>,
    pub post_type: Option<PostType>,
    pub grades: Vec<String>,
}

impl CaseOwn {
    /// The public board: approved cases, whoever posted them.
    pub fn public() -> Self {
        Self { status: Some(CaseStatus::Approved), ..Self::default() }
    }
}

impl OwnQuery for CaseOwnQuery {
    type Filter = CaseOwn;
    const SORTS: &'static [SortOrder] = SortOrder::CASES;
    /// A typed subject is held to the length a case's own free-text subject may have.
    const FREE_TEXT_SUBJECT_MAX_CHARS: usize = limits::FREE_TEXT_SUBJECT_MAX_CHARS;

    /// A visitor searches the public board: the post type key and the grades (of the chosen
    /// level, of any level when none is) narrow it. The legacy `postType=approved` means the
    /// public board itself.
    fn read(&self, level: Option<&'static str>, errors: &mut ValidationErrors) -> CaseOwn {
        let post_type = non_empty(&self.post_type)
            .filter(|key| *key != "approved")
            .and_then(|key| errors.check("postType", PostType::parse(key).ok_or(Problem::Incorrect(Label::PostType))));
        let grades = errors.check("grades", names::grades(level, &self.grades)).unwrap_or_default();
        CaseOwn { post_type, grades, ..CaseOwn::public() }
    }
}

impl CaseFilter {
    /// Everything on the public board.
    pub fn public() -> Self {
        Self { own: CaseOwn::public(), ..Self::default() }
    }

    /// Every case in any state; narrowed by the caller.
    pub fn everything() -> Self {
        Self::default()
    }

    /// Every case in `status` (in any, when None): the back office's lists.
    pub fn in_status(status: Option<CaseStatus>) -> Self {
        Self { own: CaseOwn { status, ..CaseOwn::default() }, ..Self::default() }
    }

    /// The cases `owner` posted, in any state.
    pub fn owned_by(owner: Uuid) -> Self {
        Self { own: CaseOwn { owner_id: Some(owner), ..CaseOwn::default() }, ..Self::default() }
    }

    /// Builds a search of the public board from its filters alone, without words or an order
    /// (saved searches keep keywords of their own): [`SearchQuery::read_filters`].
    ///
    /// # Errors
    /// A [`Problem`] per refused field.
    pub fn public_search(query: &CaseQuery) -> Result<Self, ValidationErrors> {
        query.read_filters()
    }

    /// Builds a search of the public board from the filters, the words typed (`q`) and the
    /// order asked for (`sort`), given beside them: [`SearchQuery::read`].
    ///
    /// # Errors
    /// As [`Self::public_search`]; `q` when the words are too long or too many; `sort` for an
    /// order the case board does not have.
    pub fn board_search(query: &CaseQuery, typed: Option<&str>, sort: Option<&str>) -> Result<Self, ValidationErrors> {
        CaseQuery { q: typed.map(String::from), sort: sort.map(String::from), ..query.clone() }.read()
    }

    /// Whether `case` is one this search finds: the same rules as the store's query, for
    /// checking one new case against saved searches (alerts, which keep their own keywords)
    /// without asking the store. Typed words are not checked here.
    pub fn matches(&self, case: &Case) -> bool {
        let d = &case.details;
        let within = |list: &[String], value: &str| list.is_empty() || list.iter().any(|v| v == value);
        self.own.status.is_none_or(|s| s == case.status)
            && self.own.owner_id.is_none_or(|o| case.owner_id == Some(o))
            && self.own.post_type.is_none_or(|p| p == d.post_type)
            && self.level.is_none_or(|l| l == d.level.key)
            && within(&self.own.grades, &d.grade)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shared::keywords::Keywords;
    use crate::shared::money::Rate;
    use crate::shared::validation::CasesProblem;

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
            own: CaseOwnQuery { post_type: Some("approved".into()), ..Default::default() },
            ..Default::default()
        };
        let errors = CaseFilter::public_search(&query).unwrap_err();
        assert_eq!(errors.fields().iter().map(|e| e.field).collect::<Vec<_>>(), ["level", "region"]);
        assert_eq!(errors.get("level"), Some(&Problem::Incorrect(Label::Level)));
        assert_eq!(errors.get("region"), Some(&Problem::Incorrect(Label::Region)));
    }

    #[test]
    fn the_boards_own_fields_are_reported_where_the_form_has_them() {
        let query = CaseQuery {
            region: Some("火星".into()),
            subjects: vec!["煉金術".into()],
            own: CaseOwnQuery { grades: vec!["大五".into()], post_type: Some("wanted".into()) },
            ..Default::default()
        };
        let errors = CaseFilter::public_search(&query).unwrap_err();
        assert_eq!(errors.fields().iter().map(|e| e.field).collect::<Vec<_>>(), ["region", "postType", "grades", "subjects"]);
        let query = CaseQuery {
            level: Some("secondary".into()),
            own: CaseOwnQuery { grades: vec!["中三".into()], post_type: Some("tutor-seeking-student".into()) },
            ..Default::default()
        };
        let filter = CaseFilter::public_search(&query).unwrap();
        let own = CaseOwn { post_type: Some(PostType::TutorSeekingStudent), grades: vec!["中三".into()], ..CaseOwn::public() };
        assert_eq!(filter.own, own);
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
    fn a_typed_subject_is_held_to_a_cases_length() {
        let max = limits::FREE_TEXT_SUBJECT_MAX_CHARS;
        let query = CaseQuery { level: Some("tertiary".into()), subjects: vec!["長".repeat(max + 1)], ..Default::default() };
        let errors = CaseFilter::public_search(&query).unwrap_err();
        assert_eq!(errors.get("subjects"), Some(&Problem::TooLong { label: Label::Subject, max }));
    }
}
