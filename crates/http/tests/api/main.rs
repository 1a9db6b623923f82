//! The API's integration tests, as one test binary (`cargo test -p tutorhub-http --test api`;
//! one file's tests: `--test api daily_caps::`). Each former `tests/<file>.rs` is a module here.
//!
//! One binary rather than one per file: each test binary links the whole stack (~80 MB), so N
//! files cost N links and N executables on disk (CI once ran out of disk linking them); one
//! binary costs one. The tests of all modules then run in one process: a file whose tests
//! change process-wide state (the metrics recorder: `tests/metrics_api.rs`) stays a binary of
//! its own, sharing `support` through `#[path]`.

mod support;

mod billing_api;
mod cases_api;
mod daily_caps;
mod hardening;
mod languages_api;
mod lessons_api;
mod matching_api;
mod org_documents_api;
mod profile_edit_api;
mod provider_outage;
mod registration_api;
mod self_user_api;
mod server_limits;
mod sessions_api;
mod tutors_api;
mod web_app;
