//! A search as the visitor typed it, and how it is read into a [`SearchFilter`].

use super::filter::SearchFilter;
use super::names;
use crate::shared::catalogue;
use crate::shared::keywords::Keywords;
use crate::shared::money::{Rate, parse_min_rate};
use crate::shared::sort_order::SortOrder;
use crate::shared::validation::{CasesProblem, Label, Problem, ValidationErrors};

/// A search as typed, before any rule was checked: the filters every search has, the words
/// typed and the order asked for, and `own`, what only this search filters on.
///
/// Saved searches store the case board's as JSON (`#[serde(default)]` keeps old rows
/// readable); the words and the order are not part of what they store: a saved search keeps
/// keywords of its own, and alerts come as cases do.
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct SearchQuery<Own> {
    pub level: Option<String>,
    pub subjects: Vec<String>,
    pub region: Option<String>,
    pub districts: Vec<String>,
    pub areas: Vec<String>,
    pub min_rate: Option<String>,
    pub max_rate: Option<String>,
    /// Typed words (`q`).
    #[serde(skip)]
    pub q: Option<String>,
    /// The order asked for (`sort`), a [`SortOrder`] key.
    #[serde(skip)]
    pub sort: Option<String>,
    #[serde(flatten)]
    pub own: Own,
}

/// What only one search filters on, as typed: how it is read, and the rules the shared
/// filters follow in that search.
pub trait OwnQuery {
    /// The same, read and checked.
    type Filter;
    /// The orders this search offers.
    const SORTS: &'static [SortOrder];
    /// The longest subject a free-text level's search takes (tertiary).
    const FREE_TEXT_SUBJECT_MAX_CHARS: usize;

    /// Reads it, each refused field with its problem in `errors`. It is read after the level
    /// and the region and before the shared names, as the form has them: errors come in the
    /// form's order, and the first one is the answer's banner. `level` is the level chosen.
    fn read(&self, level: Option<&'static str>, errors: &mut ValidationErrors) -> Self::Filter;
}

impl<Own: OwnQuery> SearchQuery<Own> {
    /// The search: its filters, the words typed, narrowing it to the level and subjects they
    /// name (`shared::narrowing`), and the order.
    ///
    /// Every level and region key and every subject, district and area name must be the
    /// catalogue's; only a free-text level's subject is typed text. A non-numeric fee bound
    /// is ignored (spec §5).
    ///
    /// # Errors
    /// A [`Problem`] per refused field: as [`Self::read_filters`], then `q` when the words are
    /// too long or too many, `sort` for an order this search does not offer.
    pub fn read(&self) -> Result<SearchFilter<Own::Filter>, ValidationErrors> {
        let mut errors = ValidationErrors::new();
        let filter = self.filters(&mut errors);
        let words = errors.check("q", Keywords::parse(self.q.as_deref()));
        let sort = errors.check("sort", SortOrder::parse(self.sort.as_deref(), Own::SORTS));
        match (words, sort) {
            (Some(words), Some(sort)) => errors.finish(|| {
                let (filter, words) = filter.narrowed_by(&words);
                SearchFilter { words, sort, ..filter }
            }),
            _ => Err(errors),
        }
    }

    /// The filters alone, without the words and the order (what a saved search stores).
    ///
    /// # Errors
    /// A [`Problem`] per refused field, in the form's order: `level`, `region`, the search's
    /// own fields, `subjects`, `districts`, `areas`, `maxRate` below `minRate`.
    pub fn read_filters(&self) -> Result<SearchFilter<Own::Filter>, ValidationErrors> {
        let mut errors = ValidationErrors::new();
        let filter = self.filters(&mut errors);
        errors.finish(|| filter)
    }

    /// The filters, each refused one left out and reported in `errors`.
    fn filters(&self, errors: &mut ValidationErrors) -> SearchFilter<Own::Filter> {
        let level = non_empty(&self.level)
            .and_then(|key| errors.check("level", catalogue::level(key).map(|l| l.key).ok_or(Problem::Incorrect(Label::Level))));
        let region = non_empty(&self.region)
            .and_then(|name| errors.check("region", catalogue::region(name).map(|r| r.name).ok_or(Problem::Incorrect(Label::Region))));
        let own = self.own.read(level, errors);
        let subjects = errors.check("subjects", names::subjects(level, &self.subjects, Own::FREE_TEXT_SUBJECT_MAX_CHARS)).flatten();
        let districts = errors.check("districts", names::districts(&self.districts)).unwrap_or_default();
        let areas = errors.check("areas", names::areas(&self.areas)).unwrap_or_default();
        let (min_rate, max_rate) = fee_range(self.min_rate.as_deref(), self.max_rate.as_deref(), errors);
        SearchFilter {
            level,
            subjects,
            region,
            districts,
            areas,
            min_rate,
            max_rate,
            required_subjects: Vec::new(),
            words: Keywords::none(),
            sort: SortOrder::Best,
            own,
        }
    }
}

/// The fee range asked for: each bound as [`parse_min_rate`] reads it (a non-numeric one is
/// ignored, spec §5), and a maximum below the minimum refused rather than finding nothing.
fn fee_range(min: Option<&str>, max: Option<&str>, errors: &mut ValidationErrors) -> (Option<Rate>, Option<Rate>) {
    let (min, max) = (min.and_then(parse_min_rate), max.and_then(parse_min_rate));
    if let (Some(low), Some(high)) = (min, max)
        && high < low
    {
        errors.add("maxRate", CasesProblem::MaxRateBelowMinRate);
    }
    (min, max)
}

/// The trimmed value, unless blank.
pub(crate) fn non_empty(value: &Option<String>) -> Option<&str> {
    value.as_deref().map(str::trim).filter(|v| !v.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shared::search::filter::SubjectMatch;

    /// A search with nothing of its own, as the tutor directory is.
    #[derive(Debug, Clone, Default, PartialEq)]
    struct Plain;

    impl OwnQuery for Plain {
        type Filter = ();
        const SORTS: &'static [SortOrder] = SortOrder::TUTORS;
        const FREE_TEXT_SUBJECT_MAX_CHARS: usize = 40;
        fn read(&self, _: Option<&'static str>, _: &mut ValidationErrors) {}
    }

    fn fields(errors: &ValidationErrors) -> Vec<&'static str> {
        errors.fields().iter().map(|e| e.field).collect()
    }

    #[test]
    fn an_empty_query_limits_nothing() {
        assert_eq!(SearchQuery::<Plain>::default().read(), Ok(SearchFilter::default()));
    }

    #[test]
    fn reads_every_shared_filter_and_drops_blanks_and_repeats() {
        let query = SearchQuery::<Plain> {
            level: Some(" secondary ".into()),
            subjects: vec!["數學".into(), " ".into(), "數學".into()],
            region: Some("九龍".into()),
            districts: vec!["觀塘區".into(), "觀塘區".into()],
            areas: vec!["藍田".into()],
            min_rate: Some("250".into()),
            max_rate: Some("abc".into()),
            ..Default::default()
        };
        let filter = query.read().unwrap();
        assert_eq!((filter.level, filter.region), (Some("secondary"), Some("九龍")));
        assert_eq!(filter.subjects, Some(SubjectMatch::AnyOf(vec!["數學".into()])));
        assert_eq!((filter.districts.as_slice(), filter.areas.as_slice()), (&["觀塘區".to_string()][..], &["藍田".to_string()][..]));
        assert_eq!((filter.min_rate, filter.max_rate), (Some(Rate::from_cents(25000)), None));
    }

    #[test]
    fn typed_words_naming_a_subject_narrow_and_the_order_is_one_offered() {
        let query = SearchQuery::<Plain> { q: Some("DSE 化學 耐心".into()), sort: Some("rating".into()), ..Default::default() };
        let filter = query.read().unwrap();
        assert_eq!((filter.level, filter.required_subjects.as_slice()), (Some("secondary"), &["化學".to_string()][..]));
        assert_eq!((filter.words.words(), filter.sort), (&["耐心".to_string()][..], SortOrder::Rating));
        let refused = SearchQuery::<Plain> { sort: Some("price".into()), ..Default::default() };
        assert_eq!(fields(&refused.read().unwrap_err()), ["sort"]);
    }

    #[test]
    fn every_refused_field_is_reported_in_the_forms_order() {
        let query = SearchQuery::<Plain> {
            level: Some("college".into()),
            region: Some("火星".into()),
            subjects: vec!["煉金術".into()],
            districts: vec!["火星區".into()],
            areas: vec!["火星".into()],
            min_rate: Some("400".into()),
            max_rate: Some("200".into()),
            q: Some("長".repeat(101)),
            sort: Some("price".into()),
            own: Plain,
        };
        let errors = query.read().unwrap_err();
        assert_eq!(fields(&errors), ["level", "region", "subjects", "districts", "areas", "maxRate", "q", "sort"]);
        assert_eq!(errors.get("maxRate"), Some(&Problem::Cases(CasesProblem::MaxRateBelowMinRate)));
        assert_eq!(fields(&query.read_filters().unwrap_err()), ["level", "region", "subjects", "districts", "areas", "maxRate"]);
    }
}
