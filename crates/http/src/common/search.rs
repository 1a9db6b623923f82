//! What both public searches (`GET /cases`, `GET /tutors`) do with their query string: read the
//! filters every search has and the page, as the domain's [`SearchQuery`], then check them
//! before any cache or index sees them. Each search adds what only it filters on.

use poem_openapi::param::Query;
use tutorhub_domain::shared::paging::PageRequest;
use tutorhub_domain::shared::search::filter::SearchFilter;
use tutorhub_domain::shared::search::query::{OwnQuery, SearchQuery};
use tutorhub_domain::shared::sort_order::SortOrder;

use crate::common::paging::page_request;
use crate::error::{ApiError, ApiResult};

/// The parameters every search takes, as poem-openapi read them; `Sort` is the search's closed
/// set of orders. Each operation still declares them itself, with its own descriptions:
/// poem-openapi documents one parameter per argument and cannot take a set of them from one
/// struct (poem-web/poem#241).
pub struct SearchParams<Sort> {
    pub level: Query<Option<String>>,
    pub subjects: Query<Option<Vec<String>>>,
    pub region: Query<Option<String>>,
    pub districts: Query<Option<Vec<String>>>,
    pub areas: Query<Option<Vec<String>>>,
    pub min_rate: Query<Option<String>>,
    pub max_rate: Query<Option<String>>,
    pub q: Query<Option<String>>,
    pub sort: Query<Option<Sort>>,
    pub page: Query<Option<i64>>,
    pub page_size: Query<Option<i64>>,
}

impl<Sort: Into<SortOrder>> SearchParams<Sort> {
    /// The search, with `own`, what only it filters on, and the page asked for: a 400 for
    /// what the catalogue does not hold, before any cache or index sees it.
    ///
    /// # Errors
    /// A 400 naming the field: `page` or `pageSize` out of range; each refused filter, `q` or
    /// `sort` (every one of them, the first one the banner); `page` deeper than a search pages.
    pub fn read<Own: OwnQuery>(self, own: Own) -> ApiResult<(SearchFilter<Own::Filter>, PageRequest)> {
        let paging = page_request(self.page.0, self.page_size.0)?;
        let query = SearchQuery {
            level: self.level.0,
            subjects: self.subjects.0.unwrap_or_default(),
            region: self.region.0,
            districts: self.districts.0.unwrap_or_default(),
            areas: self.areas.0.unwrap_or_default(),
            min_rate: self.min_rate.0,
            max_rate: self.max_rate.0,
            q: self.q.0,
            sort: self.sort.0.map(|sort| sort.into().key().to_string()),
            own,
        };
        let filter = query.read().map_err(|e| ApiError::invalid(&e))?;
        let paging = paging.within_search_depth().map_err(|e| ApiError::invalid(&e))?;
        Ok((filter, paging))
    }
}
