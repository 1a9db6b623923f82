//! Reviews of tutors: reading, writing, replying and reporting.

pub mod api;
