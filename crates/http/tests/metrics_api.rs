//! The request metrics: OpenTelemetry's names and labels, one series per route however many
//! ids are asked for, nothing a client sent in a label, and `/metrics` only on its own listener.

// A binary of its own: it installs the process-wide metrics recorder (`Metrics::install`) and
// asserts on everything recorded in the process, which other tests running beside it would add to.
#[path = "api/support/mod.rs"]
mod support;

use poem::EndpointExt;
use poem::http::StatusCode;
use poem::test::TestClient;
use tutorhub_http::observability::{Metrics, metrics_app};

/// The duration series (`_count` lines) whose route label is `route`.
fn count_lines<'a>(exposition: &'a str, route: &str) -> Vec<&'a str> {
    let label = format!("http_route=\"{route}\"");
    exposition.lines().filter(|line| line.starts_with("http_server_request_duration_seconds_count{") && line.contains(&label)).collect()
}

#[tokio::test]
async fn a_thousand_case_pages_make_one_series_of_one_route() {
    let metrics = Metrics::install();
    let app = support::spawn().await;
    for number in 0..1_000 {
        let response = app.client.get(format!("/cases/{}", 500_000 + number)).header("Accept", "application/json").send().await;
        response.assert_status(StatusCode::NOT_FOUND);
    }
    let exposition = metrics.render();
    let lines = count_lines(&exposition, "/cases/{caseId}");
    let ours: Vec<_> = lines.iter().filter(|line| line.contains("http_response_status_code=\"404\"")).collect();
    assert_eq!(ours.len(), 1, "{exposition}");
    assert!(ours[0].contains("http_request_method=\"GET\""), "{}", ours[0]);
    let count: f64 = ours[0].rsplit(' ').next().unwrap().parse().unwrap();
    assert!(count >= 1_000.0, "{}", ours[0]);
    // No case number made a series of its own: no route label holds a digit.
    let routes: Vec<&str> = exposition.split("http_route=\"").skip(1).filter_map(|rest| rest.split('"').next()).collect();
    assert!(!routes.is_empty());
    assert!(routes.iter().all(|route| !route.contains(|c: char| c.is_ascii_digit())), "{routes:?}");
    // The histogram has buckets (a histogram, not a summary) and the in-flight gauge is back to 0.
    assert!(exposition.contains("# TYPE http_server_request_duration_seconds histogram"), "{exposition}");
    assert!(exposition.contains("http_server_request_duration_seconds_bucket{"), "{exposition}");
    assert!(exposition.contains("# TYPE http_server_active_requests gauge"), "{exposition}");
}

#[tokio::test]
async fn nothing_a_client_sends_becomes_a_label() {
    let metrics = Metrics::install();
    let app = support::spawn().await;
    let secrets = ["/cases?q=secretword-one", "/tutors?phone=91234567&q=secretword-two", "/no-such-page-secretword-three"];
    for uri in secrets {
        app.client.get(uri).header("Accept", "application/json").send().await;
    }
    app.client.request(poem::http::Method::from_bytes(b"BREW").unwrap(), "/cases").send().await;
    let exposition = metrics.render();
    for word in ["secretword", "91234567", "BREW"] {
        assert!(!exposition.contains(word), "{word} in {exposition}");
    }
    assert!(!count_lines(&exposition, "/cases").is_empty(), "{exposition}");
    assert!(!count_lines(&exposition, "other").is_empty(), "{exposition}");
    assert!(exposition.contains("http_request_method=\"_OTHER\""), "{exposition}");
}

#[tokio::test]
async fn the_public_app_does_not_serve_the_metrics() {
    let metrics = Metrics::install();
    let app = support::spawn().await;
    app.client.get("/cases").send().await.assert_status_is_ok();
    let response = app.client.get("/metrics").send().await;
    let body = response.0.into_body().into_string().await.unwrap();
    assert!(!body.contains("# TYPE"), "{body}");

    // Its own listener does, as Prometheus reads it.
    let own = TestClient::new(metrics_app(metrics, Vec::new()).map_to_response());
    let response = own.get("/metrics").send().await;
    response.assert_status_is_ok();
    response.assert_content_type("text/plain; version=0.0.4; charset=utf-8");
    let body = response.0.into_body().into_string().await.unwrap();
    assert!(body.contains("http_server_request_duration_seconds_count{"), "{body}");
}
