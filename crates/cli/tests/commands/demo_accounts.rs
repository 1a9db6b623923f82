//! `tutorhub seed --demo` adds the demo accounts once.

use std::process::Command;

fn seed_demo(data_dir: &std::path::Path) -> String {
    let output = Command::new(env!("CARGO_BIN_EXE_tutorhub"))
        .args(["seed", "--demo"])
        .env("DATA_DIR", data_dir)
        .env_remove("DATABASE_URL")
        .env("LOG_FORMAT", "text")
        .output()
        .expect("the tutorhub binary runs");
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8_lossy(&output.stderr).into_owned()
}

#[test]
fn demo_accounts_are_added_once() {
    let dir = tempfile::tempdir().unwrap();
    assert!(seed_demo(dir.path()).contains("added 3 demo accounts (password demo1234)"));
    assert!(seed_demo(dir.path()).contains("added 0 demo accounts"));
}
