//! The search read model (issue 13): a search index derived from the database, which stays the
//! only source of truth. The index follows every write by any process through the change feed.

pub mod ports;
pub mod version;
