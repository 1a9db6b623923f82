//! Two `tutorhub serve` processes on one PostgreSQL database and one S3-compatible bucket,
//! each with a data folder of its own, as behind a load balancer: what one server takes in,
//! the other serves; a limit reached on one holds on the other; each periodic job runs once;
//! the back office reads private documents from the bucket.
//!
//! Needs `scripts/with-postgres.sh` and `scripts/with-s3.sh` (as `make test` runs it);
//! without them it is skipped, unless `TUTORHUB_REQUIRE_POSTGRES=1` or `TUTORHUB_REQUIRE_S3=1`.

use std::path::Path;
use std::process::Command;
use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::Executor;

use crate::support::{Server, free_port, ok, wait_until_up};

/// The shared site: database, bucket and signing secret, as each server's environment.
struct Site {
    env: Vec<(&'static str, String)>,
}

impl Site {
    async fn new() -> Option<Site> {
        let Ok(postgres) = std::env::var("TUTORHUB_TEST_POSTGRES_URL") else {
            assert!(
                std::env::var("TUTORHUB_REQUIRE_POSTGRES").as_deref() != Ok("1"),
                "TUTORHUB_REQUIRE_POSTGRES=1 but no PostgreSQL is set up"
            );
            eprintln!("skipping: run under scripts/with-postgres.sh");
            return None;
        };
        let bucket = bucket_env()?;
        let name = format!("t_{}", uuid::Uuid::new_v4().simple());
        let admin = tutorhub_adapters::Database::connect(&postgres).await.unwrap();
        admin.pool().execute(format!("CREATE DATABASE {name}").as_str()).await.unwrap();
        admin.close().await;
        let (server, _) = postgres.rsplit_once('/').unwrap();
        let mut env = bucket;
        env.extend([
            ("DATABASE_URL", format!("{server}/{name}")),
            ("STORAGE", "s3".into()),
            ("JWT_SECRET", "a secret every server of the site shares, 32+ bytes".into()),
            ("CASES_AUTO_APPROVE", "true".into()),
            ("ALERT_ROUND_SECONDS", "1".into()),
            ("LOGIN_ATTEMPTS_PER_ADDRESS", "6".into()),
        ]);
        Some(Site { env })
    }

    fn command(&self, data_dir: &Path) -> Command {
        let mut command = crate::support::command(data_dir);
        command.envs(self.env.iter().map(|(k, v)| (*k, v.as_str())));
        command
    }

    fn serve(&self, data_dir: &Path, port: u16) -> Server {
        crate::support::serve_with(data_dir, port, &[], &self.env)
    }

    fn run(&self, data_dir: &Path, args: &[&str]) -> String {
        ok(self.command(data_dir).args(args).output().unwrap())
    }
}

async fn login(client: &reqwest::Client, base: &str, phone: &str, password: &str) -> reqwest::Response {
    client.post(format!("{base}/users/login")).json(&json!({ "identifier": phone, "password": password })).send().await.unwrap()
}

async fn token(client: &reqwest::Client, base: &str, phone: &str) -> String {
    let response = login(client, base, phone, "demo1234").await;
    assert_eq!(response.status(), StatusCode::OK);
    response.json::<Value>().await.unwrap()["token"].as_str().unwrap().to_string()
}

/// A 1x1 PNG, as a phone's camera roll would give (any real PNG passes the upload check).
const PNG: &[u8] = &[
    0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00,
    0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1F, 0x15, 0xC4, 0x89, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63,
    0xF8, 0xCF, 0xC0, 0xF0, 0x1F, 0x00, 0x05, 0x00, 0x01, 0xFF, 0x89, 0x99, 0x3D, 0x1D, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E, 0x44,
    0xAE, 0x42, 0x60, 0x82,
];

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_servers_share_uploads_limits_search_and_jobs() {
    tutorhub_adapters::tls::install_crypto_provider();
    let Some(site) = Site::new().await else { return };
    let (dir_a, dir_b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    site.run(dir_a.path(), &["seed", "--demo"]);
    let (port_a, port_b) = (free_port(), free_port());
    let (mut a, mut b) = (site.serve(dir_a.path(), port_a), site.serve(dir_b.path(), port_b));
    let client = reqwest::Client::new();
    let (on_a, on_b) = (format!("http://127.0.0.1:{port_a}"), format!("http://127.0.0.1:{port_b}"));
    wait_until_up(&client, &on_a, &mut a).await;
    wait_until_up(&client, &on_b, &mut b).await;

    // An avatar uploaded through A is served by B, from the bucket: neither folder holds it.
    let tutor = token(&client, &on_a, "50000001").await;
    let me: Value = client.get(format!("{on_a}/users/me")).bearer_auth(&tutor).send().await.unwrap().json().await.unwrap();
    let part = reqwest::multipart::Part::bytes(PNG.to_vec()).file_name("me.png").mime_str("image/png").unwrap();
    let uploaded = client
        .put(format!("{on_a}/users/{}", me["id"].as_str().unwrap()))
        .bearer_auth(&tutor)
        .multipart(reqwest::multipart::Form::new().part("avatar", part))
        .send()
        .await
        .unwrap();
    assert_eq!(uploaded.status(), StatusCode::OK);
    let avatar = uploaded.json::<Value>().await.unwrap()["avatar"].as_str().unwrap().to_string();
    let served = client.get(format!("{on_b}{avatar}")).send().await.unwrap();
    assert_eq!(served.status(), StatusCode::OK, "{avatar} on B");
    assert!(served.headers()[reqwest::header::CACHE_CONTROL].to_str().unwrap().contains("immutable"));
    assert_eq!(served.bytes().await.unwrap().as_ref(), PNG);
    assert!(!dir_a.path().join("media").exists() && !dir_b.path().join("media").exists(), "uploads stay off the servers' disks");

    // The back office exports the demo organization's private documents (seeded through A)
    // from the bucket, on B's machine.
    let out = dir_b.path().join("export");
    let exported = site.run(dir_b.path(), &["documents", "export", "63456789", "--out", out.to_str().unwrap(), "--yes"]);
    assert_eq!(exported.lines().count(), 2, "{exported}");
    assert!(std::fs::read(out.join("business-registration.pdf")).unwrap().starts_with(b"%PDF"));

    // A case posted through A is found by B's very next search.
    let parent = token(&client, &on_a, "61234567").await;
    let start = (chrono::Utc::now() + chrono::TimeDelta::days(7)).format("%Y-%m-%d").to_string();
    let posted = client
        .post(format!("{on_a}/cases"))
        .bearer_auth(&parent)
        .json(&json!({
            "postType": "student-seeking-tutor", "postTitle": "中三數學 伺服器測試", "level": "secondary", "grade": "中三",
            "subjects": ["數學"], "location": "藍田", "rate": 300, "sessionLength": 90, "sessionsPerWeek": 1,
            "description": "兩部伺服器一同服務", "preferredGender": "no limit", "startDate": start,
        }))
        .send()
        .await
        .unwrap();
    assert_eq!(posted.status(), StatusCode::OK);
    let case_id = posted.json::<Value>().await.unwrap()["caseId"].as_i64().unwrap();
    let found: Value = client.get(format!("{on_b}/cases?q=伺服器測試")).send().await.unwrap().json().await.unwrap();
    let numbers: Vec<_> = found["items"].as_array().unwrap().iter().map(|c| c["caseId"].as_i64().unwrap()).collect();
    assert_eq!(numbers, [case_id]);

    // A login limit reached through A holds on B (this address made 2 logins above; 6 allowed).
    let mut refused_on_a = false;
    for _ in 0..10 {
        let status = login(&client, &on_a, "61234567", "wrong password").await.status();
        if status == StatusCode::TOO_MANY_REQUESTS {
            refused_on_a = true;
            break;
        }
        assert_eq!(status, StatusCode::UNAUTHORIZED);
    }
    assert!(refused_on_a, "A applies the address's login limit");
    assert_eq!(login(&client, &on_b, "61234567", "demo1234").await.status(), StatusCode::TOO_MANY_REQUESTS, "B counts what A counted");

    // Each job runs once per period for the site: the ten-minute sweep ran once though two
    // servers started, and alert rounds (every second) never ran twice within a second.
    tokio::time::sleep(Duration::from_secs(3)).await;
    let runs = |job: &str| -> Vec<Value> {
        serde_json::from_str::<Vec<Value>>(&site.run(dir_b.path(), &["jobs", "runs", "--job", job, "--limit", "1000", "--json"])).unwrap()
    };
    let sweeps = runs("sweep");
    assert_eq!(sweeps.len(), 1, "{sweeps:?}");
    let rounds = runs("alert-delivery");
    assert!(rounds.len() >= 2, "{rounds:?}");
    let starts: Vec<_> = rounds.iter().map(|r| chrono::DateTime::parse_from_rfc3339(r["startedAt"].as_str().unwrap()).unwrap()).collect();
    for pair in starts.windows(2) {
        assert!(pair[0] - pair[1] >= chrono::TimeDelta::milliseconds(1000), "two rounds within a second: {rounds:?}");
    }
    let listed = site.run(dir_a.path(), &["jobs", "list"]);
    assert!(listed.contains("alert-delivery") && listed.contains("sweep"), "{listed}");
}

/// The S3 settings of `scripts/with-s3.sh`'s server, without choosing `STORAGE=s3`.
fn bucket_env() -> Option<Vec<(&'static str, String)>> {
    let (Ok(endpoint), Ok(bucket)) = (std::env::var("TUTORHUB_TEST_S3_ENDPOINT"), std::env::var("TUTORHUB_TEST_S3_BUCKET")) else {
        assert!(std::env::var("TUTORHUB_REQUIRE_S3").as_deref() != Ok("1"), "TUTORHUB_REQUIRE_S3=1 but no S3 server is set up");
        eprintln!("skipping: run under scripts/with-s3.sh");
        return None;
    };
    Some(vec![("S3_ENDPOINT", endpoint), ("S3_BUCKET", bucket), ("S3_REGION", "us-east-1".into()), ("S3_PATH_STYLE", "true".into())])
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_site_moves_its_uploads_into_the_bucket_and_serves_them_from_there() {
    tutorhub_adapters::tls::install_crypto_provider();
    let Some(bucket) = bucket_env() else { return };
    let storage_s3 = [bucket.as_slice(), &[("STORAGE", "s3".to_string())]].concat();
    let dir = tempfile::tempdir().unwrap();
    ok(crate::support::tutorhub(dir.path(), &["seed", "--demo"], ""));
    // How many files a run copied, from its closing line.
    let migrate = || -> usize {
        let output = crate::support::command(dir.path())
            .envs(bucket.iter().map(|(k, v)| (*k, v.as_str())))
            .args(["storage", "migrate", "--to", "s3"])
            .output()
            .unwrap();
        let said = String::from_utf8(output.stderr).unwrap();
        assert!(output.status.success(), "{said}");
        let line = said.lines().find(|line| line.contains("files copied into bucket")).unwrap_or_else(|| panic!("{said}"));
        line.split(' ').next().unwrap().parse().unwrap()
    };
    assert!(migrate() > 0, "the demo's avatars and documents are copied");
    assert_eq!(migrate(), 0, "a second run copies nothing");

    // The local folders go away; the site now serves its uploads from the bucket.
    std::fs::rename(dir.path().join("media"), dir.path().join("media.old")).unwrap();
    std::fs::rename(dir.path().join("private"), dir.path().join("private.old")).unwrap();
    let port = free_port();
    let mut server = crate::support::serve_with(dir.path(), port, &[], &storage_s3);
    let client = reqwest::Client::new();
    let base = format!("http://127.0.0.1:{port}");
    wait_until_up(&client, &base, &mut server).await;
    let tutors: Value = client.get(format!("{base}/tutors?pageSize=50")).send().await.unwrap().json().await.unwrap();
    let avatars: Vec<_> =
        tutors["items"].as_array().unwrap().iter().filter_map(|t| t["avatar"].as_str()).filter(|a| a.starts_with("/media/")).collect();
    assert!(!avatars.is_empty(), "the demo tutors have avatars");
    for avatar in avatars {
        let local = std::fs::read(dir.path().join("media.old").join(avatar.trim_start_matches("/media/"))).unwrap();
        let served = client.get(format!("{base}{avatar}")).send().await.unwrap();
        assert_eq!(served.status(), StatusCode::OK, "{avatar}");
        assert_eq!(served.bytes().await.unwrap().as_ref(), local.as_slice());
    }
}
