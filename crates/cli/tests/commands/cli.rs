//! The real `tutorhub` binary: the committed OpenAPI document and form limits, seeding, migrating.

use std::path::Path;
use std::process::{Command, Output};

fn tutorhub(data_dir: &Path, args: &[&str]) -> Output {
    let output = Command::new(env!("CARGO_BIN_EXE_tutorhub"))
        .args(args)
        .env("DATA_DIR", data_dir)
        .env_remove("DATABASE_URL")
        .env("LOG_FORMAT", "text")
        .output()
        .expect("the tutorhub binary runs");
    assert!(output.status.success(), "tutorhub {args:?} failed: {}", String::from_utf8_lossy(&output.stderr));
    output
}

#[test]
fn the_committed_openapi_yaml_is_what_the_server_generates() {
    let dir = tempfile::tempdir().unwrap();
    let generated = String::from_utf8(tutorhub(dir.path(), &["openapi"]).stdout).unwrap();
    let committed = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../openapi.yaml"))
        .expect("openapi.yaml is committed at the repository root");
    assert!(generated == committed, "openapi.yaml is stale: run `make openapi` (it regenerates openapi.yaml and the frontend client)");
}

#[test]
fn the_committed_catalogue_names_are_the_catalogues() {
    let dir = tempfile::tempdir().unwrap();
    let generated = String::from_utf8(tutorhub(dir.path(), &["catalogue-names"]).stdout).unwrap();
    let committed = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../frontend/src/i18n/catalogue-names-en.ts"))
        .expect("frontend/src/i18n/catalogue-names-en.ts is committed");
    assert!(generated == committed, "frontend/src/i18n/catalogue-names-en.ts is stale: run `make openapi` (it regenerates it)");
}

#[test]
fn the_committed_form_limits_are_what_the_server_enforces() {
    let dir = tempfile::tempdir().unwrap();
    let generated = String::from_utf8(tutorhub(dir.path(), &["form-limits"]).stdout).unwrap();
    let committed = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../frontend/src/api/form-limits.ts"))
        .expect("frontend/src/api/form-limits.ts is committed");
    assert!(generated == committed, "frontend/src/api/form-limits.ts is stale: run `make openapi` (it regenerates it with openapi.yaml)");
}

#[test]
fn seeding_the_demo_twice_adds_it_once() {
    let dir = tempfile::tempdir().unwrap();
    let first = tutorhub(dir.path(), &["seed", "--demo"]);
    assert!(String::from_utf8_lossy(&first.stderr).contains("added 240 demo cases"));
    let second = tutorhub(dir.path(), &["seed", "--demo"]);
    assert!(String::from_utf8_lossy(&second.stderr).contains("already present"));
    tutorhub(dir.path(), &["seed", "--cases", "1500"]);
    tutorhub(dir.path(), &["migrate"]);
    assert!(dir.path().join("tutorhub.db").exists());
}
