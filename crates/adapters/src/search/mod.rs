//! The search index (tantivy): the case board and the tutor directory found by filters and
//! typed words, derived from the database and following its change feed.
//!
//! - `words`: how Chinese and English text becomes terms.
//! - `text_fields`, `queries`: indexed text, filters and typed words as named queries.
//! - `bits`, `newness`, `ranked`, `value_order`, `segment_cache`, `pages`: the documents each
//!   query matches, their newness, the best documents of each order and every document by fee
//!   or rating, kept per segment, and one page of a search with its exact total.
//! - `kept_rows`: the rows pages showed, kept under the documents that found them.
//! - `case_documents`, `tutor_documents`: one document per public case or listed tutor, built
//!   on `listing_fields`, what every document has and the filters both searches share.
//! - `live_index`: one index that changes while it is searched.
//! - `tantivy_search`: both indexes, built at start and following the feed.

pub mod bits;
pub mod case_documents;
pub mod kept_rows;
pub mod listing_fields;
pub mod live_index;
pub mod newness;
pub mod pages;
pub mod queries;
pub mod ranked;
pub mod segment_cache;
pub mod tantivy_search;
pub mod text_fields;
pub mod tutor_documents;
pub mod value_order;
pub mod words;
