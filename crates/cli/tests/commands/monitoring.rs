//! The monitoring kit in `ops/`: the Grafana dashboard and the Prometheus alert rules load as
//! they are and read only metrics the real `tutorhub serve` exports on its metrics listener
//! (`METRICS_BIND`), and that listener is the only place the metrics are served.

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::support::{Server, free_port, serve_with, wait_until_up};

fn ops(path: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../ops").join(path)
}

fn read(path: &str) -> String {
    std::fs::read_to_string(ops(path)).unwrap_or_else(|error| panic!("ops/{path}: {error}"))
}

fn dashboard() -> Value {
    serde_json::from_str(&read("grafana/tutorhub-dashboard.json")).unwrap_or_else(|error| panic!("the dashboard is not JSON: {error}"))
}

fn yaml(path: &str) -> Value {
    serde_yaml::from_str(&read(path)).unwrap_or_else(|error| panic!("ops/{path} is not YAML: {error}"))
}

/// The rules of every group of `alerts.yml`.
fn alert_rules() -> Vec<Value> {
    let rules = yaml("prometheus/alerts.yml");
    let groups = rules["groups"].as_array().expect("alerts.yml has groups");
    groups.iter().flat_map(|group| group["rules"].as_array().expect("each group has rules").clone()).collect()
}

/// Every panel of the dashboard, those a row holds (a collapsed row keeps its own) included.
fn panels(dashboard: &Value) -> Vec<&Value> {
    fn walk<'a>(list: &'a Value, into: &mut Vec<&'a Value>) {
        for panel in list.as_array().into_iter().flatten() {
            into.push(panel);
            walk(&panel["panels"], into);
        }
    }
    let mut all = Vec::new();
    walk(&dashboard["panels"], &mut all);
    all
}

/// Every PromQL expression of the kit, with where it stands: the dashboard's targets, then the
/// alert rules.
fn expressions() -> Vec<(String, String)> {
    let dashboard = dashboard();
    let mut all = Vec::new();
    for panel in panels(&dashboard) {
        for target in panel["targets"].as_array().into_iter().flatten() {
            let expr = target["expr"].as_str().unwrap_or_else(|| panic!("a target of panel {} has no expr", panel["title"]));
            all.push((format!("panel {} ({})", panel["id"], panel["title"]), expr.to_string()));
        }
    }
    for rule in alert_rules() {
        let expr = rule["expr"].as_str().unwrap_or_else(|| panic!("alert {} has no expr", rule["alert"]));
        all.push((format!("alert {}", rule["alert"]), expr.to_string()));
    }
    all
}

// --- Reading metric names out of PromQL ------------------------------------------------------

/// A metric an expression reads.
#[derive(Debug, PartialEq)]
struct Reads {
    name: String,
    /// Read through `rate()`, `irate()` or `increase()`: it must count up (a counter, or a
    /// histogram's buckets, sum or count), and a counter must be read no other way.
    through_rate: bool,
}

/// Aggregations, which may take `by (…)` or `without (…)` before their parenthesis.
const AGGREGATIONS: &[&str] = &[
    "sum",
    "min",
    "max",
    "avg",
    "group",
    "stddev",
    "stdvar",
    "count",
    "count_values",
    "bottomk",
    "topk",
    "quantile",
    "limitk",
    "limit_ratio",
];
/// Keywords followed by a list of label names.
const LABEL_LISTS: &[&str] = &["by", "without", "on", "ignoring", "group_left", "group_right"];
/// Other words of the language that are no metric.
const KEYWORDS: &[&str] = &["bool", "and", "or", "unless", "offset", "atan2", "inf", "nan"];
/// Functions of counters.
const OF_COUNTERS: &[&str] = &["rate", "irate", "increase"];

fn is_word(byte: u8) -> bool {
    byte.is_ascii_alphanumeric() || byte == b'_' || byte == b':'
}

/// The index just past the quoted string that starts at `start` (`"…"`, `'…'` with escapes,
/// or a raw `` `…` ``).
fn past_string(s: &[u8], start: usize) -> usize {
    let quote = s[start];
    let mut i = start + 1;
    while i < s.len() {
        match s[i] {
            b'\\' if quote != b'`' => i += 2,
            byte if byte == quote => return i + 1,
            _ => i += 1,
        }
    }
    s.len()
}

/// The index just past the group that opens at `start` (`{…}`, `[…]`, `(…)`), strings inside
/// skipped whole.
fn past_group(s: &[u8], start: usize, open: u8, close: u8) -> usize {
    let mut depth = 0_usize;
    let mut i = start;
    while i < s.len() {
        match s[i] {
            b'"' | b'\'' | b'`' => {
                i = past_string(s, i);
                continue;
            }
            byte if byte == open => depth += 1,
            byte if byte == close => {
                depth -= 1;
                if depth == 0 {
                    return i + 1;
                }
            }
            _ => {}
        }
        i += 1;
    }
    s.len()
}

/// The metric names `expr` reads: identifiers that are no function, aggregation or keyword,
/// outside label matchers (`{…}`), label lists (`by (…)`, `on (…)`, …), strings, ranges
/// (`[5m]`), numbers and durations, and Grafana's variables (`$__rate_interval`, `${name}`).
fn metrics_read(expr: &str) -> Vec<Reads> {
    let s = expr.as_bytes();
    let mut reads = Vec::new();
    // The function each open parenthesis belongs to; None for a mere grouping.
    let mut calls: Vec<Option<String>> = Vec::new();
    // A function or aggregation whose parenthesis comes next (past a `by (…)` for the latter).
    let mut pending: Option<String> = None;
    let mut i = 0;
    while i < s.len() {
        match s[i] {
            b'"' | b'\'' | b'`' => i = past_string(s, i),
            b'#' => {
                while i < s.len() && s[i] != b'\n' {
                    i += 1;
                }
            }
            b'{' => i = past_group(s, i, b'{', b'}'),
            b'[' => i = past_group(s, i, b'[', b']'),
            b'(' => {
                calls.push(pending.take());
                i += 1;
            }
            b')' => {
                calls.pop();
                i += 1;
            }
            b'$' => {
                i += 1;
                if s.get(i) == Some(&b'{') {
                    i = past_group(s, i, b'{', b'}');
                } else {
                    while i < s.len() && is_word(s[i]) {
                        i += 1;
                    }
                }
            }
            byte if byte.is_ascii_digit() || byte == b'.' => {
                while i < s.len() && (is_word(s[i]) || s[i] == b'.') {
                    i += 1;
                }
            }
            byte if byte.is_ascii_alphabetic() || byte == b'_' || byte == b':' => {
                let start = i;
                while i < s.len() && is_word(s[i]) {
                    i += 1;
                }
                let word = &expr[start..i];
                let lower = word.to_ascii_lowercase();
                let mut next = i;
                while next < s.len() && s[next].is_ascii_whitespace() {
                    next += 1;
                }
                let called = s.get(next) == Some(&b'(');
                if LABEL_LISTS.contains(&lower.as_str()) {
                    if called {
                        i = past_group(s, next, b'(', b')');
                    }
                } else if KEYWORDS.contains(&lower.as_str()) {
                    // A word of the language: nothing read.
                } else if called || AGGREGATIONS.contains(&lower.as_str()) {
                    pending = Some(lower);
                } else {
                    let through_rate = calls.iter().flatten().any(|function| OF_COUNTERS.contains(&function.as_str()));
                    reads.push(Reads { name: word.to_string(), through_rate });
                }
            }
            _ => i += 1,
        }
    }
    reads
}

#[test]
fn the_reader_finds_metric_names_and_nothing_else() {
    let expr = r#"histogram_quantile(0.99, sum by (le, instance) (rate(a_bucket{http_route=~"/cases/{id}", x!="y)"}[5m:30s] offset 1h)))
          > on (instance) group_left (le) max without (job) (b_gauge) * 1e-3 / $scale
          or label_replace(sum(increase(c_total[$__rate_interval])), "task", "$1", "job", "(.*)")
          unless count(d:recorded) > bool 0 # e_comment
          and ignoring (x) time() - e_seconds @ end()"#;
    let reads = metrics_read(expr);
    let read = |name: &str, through_rate: bool| Reads { name: name.to_string(), through_rate };
    assert_eq!(
        reads,
        [read("a_bucket", true), read("b_gauge", false), read("c_total", true), read("d:recorded", false), read("e_seconds", false)]
    );
}

// --- The exposition the server answers -----------------------------------------------------

struct Exposition {
    text: String,
    /// Every series name (`x_bucket`, `x_sum`, `x_count` for a histogram `x`).
    series: BTreeSet<String>,
    /// The `# TYPE` of each family.
    kinds: BTreeMap<String, String>,
}

impl Exposition {
    fn parse(text: String) -> Self {
        let (mut series, mut kinds) = (BTreeSet::new(), BTreeMap::new());
        for line in text.lines().map(str::trim) {
            if let Some(declared) = line.strip_prefix("# TYPE ") {
                let mut words = declared.split_whitespace();
                if let (Some(name), Some(kind)) = (words.next(), words.next()) {
                    kinds.insert(name.to_string(), kind.to_string());
                }
            } else if !line.is_empty() && !line.starts_with('#') {
                let end = line.find(|c: char| c == '{' || c.is_whitespace()).unwrap_or(line.len());
                series.insert(line[..end].to_string());
            }
        }
        Self { text, series, kinds }
    }

    /// Whether `series` counts up (a counter, or a histogram's or summary's buckets, sum and
    /// count) rather than being a gauge; None when no `# TYPE` line names its family.
    fn counts_up(&self, series: &str) -> Option<bool> {
        if let Some(kind) = self.kinds.get(series) {
            return Some(kind.as_str() == "counter");
        }
        ["_bucket", "_sum", "_count", "_total"].iter().find_map(|suffix| {
            let kind = self.kinds.get(series.strip_suffix(suffix)?)?;
            Some(matches!(kind.as_str(), "counter" | "histogram" | "summary"))
        })
    }
}

/// `/metrics` of the server's metrics listener, asked again until it answers (it starts beside
/// the public listener, not necessarily before it).
async fn scrape(client: &reqwest::Client, url: &str, server: &mut Server) -> Exposition {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        if let Ok(Some(status)) = server.0.try_wait() {
            panic!("tutorhub serve exited early: {status}");
        }
        match client.get(url).send().await {
            Ok(answer) if answer.status().is_success() => return Exposition::parse(answer.text().await.unwrap()),
            other => assert!(Instant::now() < deadline, "{url} did not answer within 10 s: {other:?}"),
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// A server on free ports, its metrics on a listener of their own; answering once this returns.
async fn start(dir: &std::path::Path, client: &reqwest::Client) -> (Server, String, String) {
    let (port, metrics_port) = (free_port(), free_port());
    let mut server = serve_with(dir, port, &[], &[("METRICS_BIND", format!("127.0.0.1:{metrics_port}"))]);
    let base = format!("http://127.0.0.1:{port}");
    wait_until_up(client, &base, &mut server).await;
    (server, base, format!("http://127.0.0.1:{metrics_port}/metrics"))
}

// --- The kit against the real server -------------------------------------------------------

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_dashboard_and_the_alerts_read_only_metrics_the_server_exports() {
    tutorhub_adapters::tls::install_crypto_provider();
    let dir = tempfile::tempdir().unwrap();
    let client = reqwest::Client::new();
    let (mut server, base, metrics) = start(dir.path(), &client).await;

    // A few public requests, as visitors make; the last finds no case (404).
    for path in ["/cases", "/tutors", "/cases/1"] {
        let answer = client.get(format!("{base}{path}")).header("accept", "application/json").send().await.unwrap();
        assert!(answer.status().as_u16() < 500, "GET {path}: {}", answer.status());
    }

    let reads: Vec<(String, Reads)> = expressions()
        .into_iter()
        .flat_map(|(place, expr)| metrics_read(&expr).into_iter().map(move |read| (place.clone(), read)))
        .collect();
    assert!(reads.len() > 20, "the kit reads hardly any metric: {reads:?}");
    // `up` is Prometheus's own, one per target it scrapes: no server exports it.
    let wanted: BTreeSet<&str> = reads.iter().map(|(_, read)| read.name.as_str()).filter(|name| *name != "up").collect();

    // Some figures show once the server has done something (its scheduler's first round of
    // jobs, a first database connection): ask again for a while before judging.
    let deadline = Instant::now() + Duration::from_secs(30);
    let exposition = loop {
        let exposition = scrape(&client, &metrics, &mut server).await;
        if wanted.iter().all(|name| exposition.series.contains(*name)) || Instant::now() > deadline {
            break exposition;
        }
        tokio::time::sleep(Duration::from_millis(250)).await;
    };

    let mut wrong = Vec::new();
    for (place, read) in &reads {
        let name = &read.name;
        if name == "up" {
            continue;
        }
        if !exposition.series.contains(name) {
            wrong.push(format!("{place} reads {name}, which the server does not export"));
            continue;
        }
        match exposition.counts_up(name) {
            None => wrong.push(format!("{place} reads {name}, whose family has no # TYPE line")),
            Some(false) if read.through_rate => wrong.push(format!("{place} takes rate() or increase() of the gauge {name}")),
            Some(true) if !read.through_rate => wrong.push(format!("{place} reads the counter {name} without rate() or increase()")),
            Some(_) => {}
        }
    }
    assert!(wrong.is_empty(), "{}\n\nThe server's /metrics:\n{}", wrong.join("\n"), exposition.text);

    // Routes are labelled by their template, never by the path asked (a series per case).
    assert!(exposition.text.contains(r#"http_route="/cases/{caseId}""#), "{}", exposition.text);
    assert!(!exposition.text.contains(r#"http_route="/cases/1""#), "{}", exposition.text);

    // Its idle connections closed, so the server stops at once rather than waiting them out.
    drop(client);
    assert!(server.stop().success());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_metrics_are_served_on_their_own_listener_only() {
    tutorhub_adapters::tls::install_crypto_provider();
    let dir = tempfile::tempdir().unwrap();
    let client = reqwest::Client::new();
    let (mut server, base, metrics) = start(dir.path(), &client).await;

    // The metrics listener answers the exposition (so what follows is no accident of a server
    // without metrics)...
    let exposition = scrape(&client, &metrics, &mut server).await;
    assert!(exposition.text.contains("# TYPE "), "{}", exposition.text);

    // ...which the public listener never shows, whatever the client asks for.
    for accept in ["*/*", "text/plain", "text/html"] {
        let answer = client.get(format!("{base}/metrics")).header("accept", accept).send().await.unwrap();
        let body = answer.text().await.unwrap();
        assert!(!body.contains("# TYPE"), "the public listener served the metrics (Accept: {accept}):\n{body}");
    }

    // And the metrics listener serves nothing of the API.
    let origin = metrics.trim_end_matches("/metrics");
    let api = client.get(format!("{origin}/tutors")).send().await.unwrap();
    assert_eq!(api.status().as_u16(), 404, "the metrics listener answered /tutors");

    drop(client);
    assert!(server.stop().success());
}

// --- The files as Grafana and Prometheus load them ------------------------------------------

#[test]
fn the_dashboard_imports_as_it_is() {
    let dashboard = dashboard();
    assert_eq!(dashboard["uid"], "tutorhub");
    assert_eq!(dashboard["title"], "tutorhub");
    assert_eq!(dashboard["schemaVersion"], 39);
    assert_eq!(dashboard["refresh"], "30s");
    assert_eq!(dashboard["time"]["from"], "now-6h");
    let variables = dashboard["templating"]["list"].as_array().expect("templating.list");
    assert!(
        variables
            .iter()
            .any(|variable| variable["name"] == "datasource" && variable["type"] == "datasource" && variable["query"] == "prometheus"),
        "no `datasource` variable of Prometheus data sources: {variables:?}"
    );

    let panels = panels(&dashboard);
    let mut ids = BTreeSet::new();
    for panel in &panels {
        let id = panel["id"].as_u64().unwrap_or_else(|| panic!("panel {} has no id", panel["title"]));
        assert!(ids.insert(id), "panel id {id} is used twice");
        let grid = &panel["gridPos"];
        for field in ["h", "w", "x", "y"] {
            assert!(grid[field].is_u64(), "panel {id} has no gridPos.{field}");
        }
        assert!(grid["x"].as_u64().unwrap() + grid["w"].as_u64().unwrap() <= 24, "panel {id} is wider than the dashboard");
        if panel["type"] == "row" {
            continue;
        }
        assert!(matches!(panel["type"].as_str(), Some("timeseries" | "stat")), "panel {id} is a {}", panel["type"]);
        assert!(panel["title"].as_str().is_some_and(|title| !title.is_empty()), "panel {id} has no title");
        assert_eq!(panel["datasource"]["type"], "prometheus", "panel {id} has no Prometheus datasource");
        assert_eq!(panel["datasource"]["uid"], "${datasource}", "panel {id} does not use the datasource variable");
        let targets = panel["targets"].as_array().filter(|targets| !targets.is_empty());
        let targets = targets.unwrap_or_else(|| panic!("panel {id} has no targets"));
        let mut ref_ids = BTreeSet::new();
        for target in targets {
            assert!(target["expr"].as_str().is_some_and(|expr| !expr.trim().is_empty()), "a target of panel {id} has no expr");
            assert!(target["legendFormat"].is_string(), "a target of panel {id} has no legendFormat");
            let ref_id = target["refId"].as_str().unwrap_or_else(|| panic!("a target of panel {id} has no refId"));
            assert!(ref_ids.insert(ref_id), "panel {id} has two targets {ref_id}");
        }
    }

    let rows: Vec<&str> = panels.iter().filter(|panel| panel["type"] == "row").filter_map(|panel| panel["title"].as_str()).collect();
    assert_eq!(rows, ["Traffic", "Database", "Search", "Jobs", "Messages", "Limits", "Password hashing", "Service fees"]);
}

#[test]
fn every_alert_says_what_it_means_and_how_bad() {
    let is_duration =
        |text: &str| text.starts_with(|c: char| c.is_ascii_digit()) && text.ends_with(['s', 'm', 'h', 'd', 'w', 'y']) && text.is_ascii();
    let mut names = BTreeSet::new();
    for rule in alert_rules() {
        let name = rule["alert"].as_str().unwrap_or_else(|| panic!("a rule without an alert name: {rule}")).to_string();
        assert!(rule["expr"].as_str().is_some_and(|expr| !expr.trim().is_empty()), "{name} has no expr");
        assert!(rule["for"].as_str().is_some_and(is_duration), "{name} has no `for` duration");
        assert!(
            matches!(rule["labels"]["severity"].as_str(), Some("critical" | "warning" | "info")),
            "{name} has no severity (critical, warning or info)"
        );
        for annotation in ["summary", "description"] {
            let text = rule["annotations"][annotation].as_str();
            assert!(text.is_some_and(|text| !text.trim().is_empty()), "{name} has no {annotation}");
        }
        if name == "InvoicesOverdue" {
            assert_eq!(rule["labels"]["severity"], "info", "overdue invoices are for information");
        }
        assert!(names.insert(name.clone()), "{name} twice");
    }
    let expected = [
        "HighLatencyP99",
        "HighErrorRate",
        "JobNotRunning",
        "SmsFailures",
        "SearchIndexLag",
        "ServerDown",
        "PasswordHashingSaturated",
        "InvoicesOverdue",
    ];
    assert_eq!(names, expected.iter().map(|name| (*name).to_string()).collect::<BTreeSet<_>>());

    // The example scrape configuration loads these rules and scrapes the default address.
    let config = yaml("prometheus/prometheus.yml");
    let rule_files = config["rule_files"].as_array().expect("prometheus.yml has rule_files");
    assert!(rule_files.iter().any(|file| file.as_str() == Some("alerts.yml")), "prometheus.yml does not load alerts.yml");
    let jobs = config["scrape_configs"].as_array().expect("prometheus.yml has scrape_configs");
    let tutorhub = jobs.iter().find(|job| job["job_name"] == "tutorhub").expect("a scrape job named tutorhub (ServerDown reads its up)");
    let targets = tutorhub["static_configs"][0]["targets"].as_array().expect("static targets");
    assert!(targets.iter().any(|target| target.as_str() == Some("127.0.0.1:9464")), "{targets:?}");
}
