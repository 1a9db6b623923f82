//! Uploaded files: public avatars and private organization documents.

pub mod local;
