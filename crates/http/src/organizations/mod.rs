//! An organization's registration documents.

pub mod api;
