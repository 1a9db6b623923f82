//! The adapters' integration tests (the stores' contracts on both engines, files, SMS, mail),
//! as one test binary (`cargo test -p tutorhub-adapters --test stores`; one file's tests:
//! `--test stores search_index::`). Each former `tests/<file>.rs` is a module here.
//!
//! One binary rather than one per file: each test binary links the whole stack, so N files
//! cost N links and N executables on disk (CI once ran out of disk linking them); one binary
//! costs one. The tests of all modules run in one process, so none may change process-wide
//! state (environment variables, the cache layers' switch, a global recorder or subscriber).

// `#[macro_use]`: `on_both_engines!` is in scope in every module declared after it.
#[macro_use]
mod support;

mod account_stores;
mod alert_repository;
mod audit_trail;
mod case_repository;
mod change_feed;
mod connection_pool;
#[cfg(unix)]
mod data_dir_permissions;
mod file_store;
mod invitation_repository;
mod invoice_repository;
mod job_ledger;
mod lesson_repository;
mod market_report;
mod matching_repository;
mod rate_limits;
mod refresh_token_repository;
mod review_repository;
mod search_index;
mod sms_gateway;
mod smtp_mailer;
mod tutor_repository;
mod user_directory;
mod user_repository;
