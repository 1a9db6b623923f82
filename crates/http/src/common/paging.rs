//! Page numbers from the query string.

use tutorhub_domain::shared::paging::PageRequest;

use crate::error::{ApiError, ApiResult};

/// The requested page, or a 400 naming the field that is out of range.
pub fn page_request(page: Option<i64>, page_size: Option<i64>) -> ApiResult<PageRequest> {
    PageRequest::new(page, page_size).map_err(|(field, message)| ApiError::invalid_field(field, message))
}
