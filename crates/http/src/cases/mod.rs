//! The case board, and posting and editing one's own cases.

pub mod api;
