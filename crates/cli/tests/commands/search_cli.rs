//! The search index follows writes by other processes: a running `tutorhub serve` finds what
//! the back office (`tutorhub cases close`, `tutorhub tutors deactivate`) changed on its very
//! next search, without a restart.

use serde_json::Value;

use crate::support::{free_port, ok, serve, tutorhub, wait_until_up};

async fn get(client: &reqwest::Client, url: &str) -> Value {
    let response = client.get(url).send().await.unwrap();
    assert_eq!(response.status(), 200, "{url}");
    response.json().await.unwrap()
}

fn numbers(page: &Value, key: &str) -> Vec<i64> {
    page["items"].as_array().unwrap().iter().map(|item| item[key].as_i64().unwrap()).collect()
}

#[tokio::test]
async fn a_running_server_finds_what_the_back_office_changed_on_its_next_search() {
    tutorhub_adapters::tls::install_crypto_provider();
    let dir = tempfile::tempdir().unwrap();
    ok(tutorhub(dir.path(), &["seed", "--demo"], ""));
    let port = free_port();
    let mut server = serve(dir.path(), port, &[]);
    let client = reqwest::Client::new();
    let base = format!("http://127.0.0.1:{port}");
    wait_until_up(&client, &base, &mut server).await;

    // Words from the demo cases' descriptions, mixed with a filter.
    let url = format!("{base}/cases?q=考評局&level=secondary&pageSize=100");
    let before = get(&client, &url).await;
    let total = before["total"].as_u64().unwrap();
    assert!(total > 0, "the demo has cases that mention 考評局");
    let first = numbers(&before, "caseId")[0];
    ok(tutorhub(dir.path(), &["cases", "close", &first.to_string(), "--yes"], ""));
    let after = get(&client, &url).await;
    assert_eq!(after["total"].as_u64().unwrap(), total - 1);
    assert!(!numbers(&after, "caseId").contains(&first));

    // A tutor found by name is gone from search once the back office hides them.
    let tutors = get(&client, &format!("{base}/tutors?pageSize=1")).await;
    let (number, name) = (tutors["items"][0]["userId"].as_i64().unwrap(), tutors["items"][0]["name"].as_str().unwrap().to_string());
    let by_name = format!("{base}/tutors?q={name}");
    assert!(numbers(&get(&client, &by_name).await, "userId").contains(&number), "{name} is found by name");
    ok(tutorhub(dir.path(), &["tutors", "deactivate", &number.to_string(), "--yes"], ""));
    assert!(!numbers(&get(&client, &by_name).await, "userId").contains(&number));
}
