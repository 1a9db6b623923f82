//! Pages of results, numbered from 1.

use crate::shared::validation::{Label, Problem, SearchProblem, ValidationErrors};

/// Which page of a list to read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PageRequest {
    page: u32,
    page_size: u32,
}

impl PageRequest {
    pub const DEFAULT_SIZE: u32 = 20;
    pub const MAX_SIZE: u32 = 100;
    /// Deep offsets are costly and no person pages that far; the UI offers search instead.
    pub const MAX_PAGE: u32 = 10_000;

    /// # Errors
    /// The field (`page` or `pageSize`) that is out of range, and its range.
    pub fn new(page: Option<i64>, page_size: Option<i64>) -> Result<Self, (&'static str, Problem)> {
        let page = page.unwrap_or(1);
        let page_size = page_size.unwrap_or(Self::DEFAULT_SIZE as i64);
        let out_of_range = |label, max: u32| Problem::OutOfRange { label, min: 1, max: i64::from(max), unit: None };
        if !(1..=Self::MAX_PAGE as i64).contains(&page) {
            return Err(("page", out_of_range(Label::Page, Self::MAX_PAGE)));
        }
        if !(1..=Self::MAX_SIZE as i64).contains(&page_size) {
            return Err(("pageSize", out_of_range(Label::PageSize, Self::MAX_SIZE)));
        }
        Ok(Self { page: page as u32, page_size: page_size as u32 })
    }

    pub fn first(page_size: u32) -> Self {
        Self { page: 1, page_size: page_size.clamp(1, Self::MAX_SIZE) }
    }

    pub fn page(self) -> u32 {
        self.page
    }

    pub fn page_size(self) -> u32 {
        self.page_size
    }

    pub fn offset(self) -> u64 {
        u64::from(self.page - 1) * u64::from(self.page_size)
    }

    /// Search results a visitor may page through: the search index collects every result up to
    /// the page asked for, so deeper pages would cost memory and time in proportion to their
    /// depth. Nobody pages that far; words and filters narrow the list instead.
    pub const MAX_SEARCH_DEPTH: u64 = 10_000;

    /// A page of search results within [`Self::MAX_SEARCH_DEPTH`].
    ///
    /// # Errors
    /// [`SearchProblem::TooDeep`] for the field `page`.
    pub fn within_search_depth(self) -> Result<Self, ValidationErrors> {
        if self.offset() + u64::from(self.page_size) <= Self::MAX_SEARCH_DEPTH {
            return Ok(self);
        }
        let mut errors = ValidationErrors::new();
        errors.add("page", SearchProblem::TooDeep { max: Self::MAX_SEARCH_DEPTH });
        Err(errors)
    }
}

impl Default for PageRequest {
    fn default() -> Self {
        Self::first(Self::DEFAULT_SIZE)
    }
}

/// One page of items and the exact number of matches across all pages.
#[derive(Debug, Clone, PartialEq)]
pub struct Page<T> {
    pub items: Vec<T>,
    pub total: u64,
    pub request: PageRequest,
}

impl<T> Page<T> {
    pub fn map<U>(self, f: impl FnMut(T) -> U) -> Page<U> {
        Page { items: self.items.into_iter().map(f).collect(), total: self.total, request: self.request }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_to_the_first_page_of_twenty() {
        let request = PageRequest::new(None, None).unwrap();
        assert_eq!((request.page(), request.page_size(), request.offset()), (1, 20, 0));
    }

    #[test]
    fn search_results_are_paged_only_to_the_depth_an_index_collects_cheaply() {
        assert!(PageRequest::new(Some(100), Some(100)).unwrap().within_search_depth().is_ok());
        let errors = PageRequest::new(Some(101), Some(100)).unwrap().within_search_depth().unwrap_err();
        assert_eq!(errors.fields()[0].field, "page");
        assert!(PageRequest::new(Some(501), Some(20)).unwrap().within_search_depth().is_err());
    }

    #[test]
    fn refuses_out_of_range_pages_and_sizes() {
        assert_eq!(PageRequest::new(Some(0), None).unwrap_err().0, "page");
        assert_eq!(PageRequest::new(None, Some(101)).unwrap_err().0, "pageSize");
        assert_eq!(PageRequest::new(Some(3), Some(100)).unwrap().offset(), 200);
    }
}
