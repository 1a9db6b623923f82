//! Uploaded files: public avatars and private organization documents, on the local disk
//! (`STORAGE=local`) or in an S3-compatible bucket (`STORAGE=s3`), and the copy between them.

pub mod local;
pub mod migration;
pub mod s3;
