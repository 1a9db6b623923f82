//! What every area's routes use: authentication, paging, the query both searches read, uploads,
//! the caller's address, the contact card of a match, and the guards in front of every request.

pub mod auth;
pub mod body_limit;
pub mod client;
pub mod contact;
pub mod keys;
pub mod paging;
pub mod prepared;
pub mod query_guard;
pub mod request_log;
pub mod search;
pub mod sort;
pub mod uploads;
