//! Running the real `tutorhub` binary on a data folder, as an operator would.
#![allow(dead_code)]

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

/// Runs the binary on `data_dir` (SQLite) with `stdin` as the operator's typing; an empty
/// `stdin` is no answer at all, as in a script without a terminal.
pub fn tutorhub(data_dir: &Path, args: &[&str], stdin: &str) -> Output {
    let mut child = command(data_dir)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the tutorhub binary runs");
    child.stdin.take().unwrap().write_all(stdin.as_bytes()).unwrap();
    child.wait_with_output().unwrap()
}

/// The binary on `data_dir` (SQLite, outboxes, readable logs), ready for arguments.
pub fn command(data_dir: &Path) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_tutorhub"));
    command
        .env("DATA_DIR", data_dir)
        .env_remove("DATABASE_URL")
        .env_remove("RUST_BACKTRACE")
        .env_remove("SMS_PROVIDER")
        .env_remove("MAIL_PROVIDER")
        .env("LOG_FORMAT", "text");
    command
}

/// The standard output of a successful run.
pub fn ok(output: Output) -> String {
    assert!(output.status.success(), "failed: {}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8(output.stdout).unwrap()
}
