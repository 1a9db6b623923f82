//! The `tutorhub` binary's integration tests, as one test binary (`cargo test -p tutorhub-cli
//! --test commands`; one file's tests: `--test commands monitoring::`). Each former
//! `tests/<file>.rs` is a module here (`tests/cli.rs` is the module `cli`).
//!
//! One binary rather than one per file: each test binary links the whole stack, so N files
//! cost N links and N executables on disk (CI once ran out of disk linking them); one binary
//! costs one. The tests of all modules run in one process; the servers they start are child
//! processes, and `support::free_port` never hands a port out twice in this process.

mod support;

mod applications_cli;
mod audit_cli;
mod back_office_cli;
mod billing_cli;
mod cases_cli;
mod cli;
mod demo_accounts;
mod demo_data;
mod monitoring;
mod providers_cli;
mod report_cli;
mod reviews_cli;
mod search_cli;
mod server_logs;
mod several_servers;
