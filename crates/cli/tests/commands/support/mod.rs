//! Running the real `tutorhub` binary on a data folder, as an operator would.
#![allow(dead_code)]

pub mod applicants;

use std::io::Write;
use std::path::Path;
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

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
        .env_remove("STORAGE")
        .env_remove("S3_BUCKET")
        .env_remove("S3_ENDPOINT")
        .env_remove("S3_REGION")
        .env_remove("S3_PATH_STYLE")
        .env_remove("TRUSTED_PROXIES")
        .env("LOG_FORMAT", "text");
    command
}

/// The standard output of a successful run.
pub fn ok(output: Output) -> String {
    assert!(output.status.success(), "failed: {}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8(output.stdout).unwrap()
}

/// The server process, killed (by its handle) when the test ends, passed or not.
pub struct Server(pub Child);

impl Server {
    /// Stops the server as an operator does (SIGTERM) and waits for it: it finishes the
    /// requests in flight and writes out its queued log lines, which killing it would lose.
    /// Close the clients' idle connections first, or it waits for them.
    pub fn stop(mut self) -> std::process::ExitStatus {
        let signalled = Command::new("kill").args(["-TERM", &self.0.id().to_string()]).status().unwrap();
        assert!(signalled.success(), "kill -TERM failed");
        self.0.wait().unwrap()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// A loopback port free now, and never handed out before in this test process: tests that
/// run at once each start servers, and the kernel may offer a port just given back again.
pub fn free_port() -> u16 {
    static GIVEN: std::sync::Mutex<Vec<u16>> = std::sync::Mutex::new(Vec::new());
    loop {
        let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let mut given = GIVEN.lock().unwrap();
        if !given.contains(&port) {
            given.push(port);
            return port;
        }
    }
}

pub fn serve(data_dir: &Path, port: u16, args: &[&str]) -> Server {
    serve_with(data_dir, port, args, &[])
}

/// [`serve`] with more settings in its environment.
pub fn serve_with(data_dir: &Path, port: u16, args: &[&str], env: &[(&str, String)]) -> Server {
    let log = std::fs::File::create(data_dir.join("server.log")).unwrap();
    let child = command(data_dir)
        // Tests run servers side by side: no metrics listener unless a test asks for one.
        .env("METRICS_BIND", "off")
        .envs(env.iter().map(|(k, v)| (*k, v.as_str())))
        .arg("serve")
        .args(["--bind", &format!("127.0.0.1:{port}")])
        .args(args)
        .stdout(Stdio::null())
        .stderr(log)
        .spawn()
        .expect("the tutorhub binary starts");
    Server(child)
}

pub async fn wait_until_up(client: &reqwest::Client, base: &str, server: &mut Server) {
    let deadline = Instant::now() + Duration::from_secs(60);
    while Instant::now() < deadline {
        if let Ok(Some(status)) = server.0.try_wait() {
            panic!("tutorhub serve exited early: {status}");
        }
        if client.get(format!("{base}/health")).send().await.is_ok_and(|r| r.status().is_success()) {
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("tutorhub serve did not answer /health within 60 s");
}
