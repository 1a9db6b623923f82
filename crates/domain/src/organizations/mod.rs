//! Organizations: the back office verifies them from their documents; a rejected one
//! resubmits; documents are exported only to the back office.

pub mod document_export;
pub mod resubmission;
pub mod verification;
