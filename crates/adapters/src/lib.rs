//! Adapters: the technology behind the domain's ports.

pub mod case_repository;
pub mod database;
pub mod sql;

pub use case_repository::SqlCaseRepository;
pub use database::{Database, DatabaseError, Engine};
