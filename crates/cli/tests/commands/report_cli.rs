//! `tutorhub report` on the real binary over the demo data (cases posted over the last half
//! year, matches billed as they happened): the JSON holds together (the funnel never grows,
//! the levels, regions and weeks add up to the cases posted), the table has its sections, the
//! HTML page is one self-contained file with its charts, and a reversed period is refused in
//! words before anything is read.

use serde_json::Value;

use crate::support::{ok, tutorhub};

/// Today in Hong Kong, as the report's dates are.
fn today() -> chrono::NaiveDate {
    chrono::Utc::now().with_timezone(&chrono::FixedOffset::east_opt(8 * 3600).unwrap()).date_naive()
}

/// The year up to today: 366 days, the longest period a report covers.
fn a_year() -> (String, String) {
    let to = today();
    ((to - chrono::Days::new(365)).to_string(), to.to_string())
}

fn number(value: &Value) -> u64 {
    value.as_u64().unwrap_or_else(|| panic!("not a count: {value}"))
}

#[test]
fn the_report_of_the_demo_history_holds_together() {
    let dir = tempfile::tempdir().unwrap();
    assert!(tutorhub(dir.path(), &["seed", "--demo"], "").status.success());
    let (from, to) = a_year();

    let json = ok(tutorhub(dir.path(), &["report", "--from", &from, "--to", &to, "--json"], ""));
    let report: Value = serde_json::from_str(&json).unwrap();
    assert_eq!((report["from"].as_str(), report["to"].as_str(), number(&report["days"])), (Some(from.as_str()), Some(to.as_str()), 366));
    let cases = &report["cases"];
    let posted = number(&cases["posted"]);
    assert!(posted > 0 && number(&cases["confirmed"]) > 0, "the demo posts cases and matches some: {cases}");

    let funnel: Vec<u64> = report["funnel"].as_array().unwrap().iter().map(|step| number(&step["cases"])).collect();
    assert_eq!(funnel.len(), 6);
    assert_eq!(funnel[0], posted);
    assert!(funnel.windows(2).all(|pair| pair[0] >= pair[1]), "the funnel never grows: {funnel:?}");
    assert_eq!(report["funnel"][0]["percentOfPosted"], 100);
    for (figure, at_most) in
        [("approved", "posted"), ("withApplicant", "approved"), ("confirmed", "matched"), ("firstLessons", "confirmed")]
    {
        assert!(number(&cases[figure]) <= number(&cases[at_most]), "{figure} <= {at_most}: {cases}");
    }

    for groups in ["byLevel", "byRegion"] {
        let groups = report[groups].as_array().unwrap();
        for figure in ["posted", "approved", "matched", "confirmed", "unanswered"] {
            let sum: u64 = groups.iter().map(|group| number(&group[figure])).sum();
            assert_eq!(sum, number(&cases[figure]), "{figure} by group adds up: {groups:?}");
        }
        assert!(groups.iter().all(|group| group["name"].as_str().is_some_and(|name| name.is_ascii())), "English names: {groups:?}");
    }
    let weeks = report["weeks"].as_array().unwrap();
    assert_eq!(weeks.iter().map(|week| number(&week["posted"])).sum::<u64>(), posted);
    assert_eq!(weeks.iter().map(|week| number(&week["matched"])).sum::<u64>(), number(&cases["matched"]));
    assert!(number(&report["fees"]["invoiced"]) > 0 && report["fees"]["invoicedCents"].as_i64().unwrap() > 0, "{}", report["fees"]);
    assert!(number(&report["tutors"]["active"]) >= number(&report["tutors"]["applying"]));

    let table = ok(tutorhub(dir.path(), &["report", "--from", &from, "--to", &to], ""));
    for section in ["CASES", "BY LEVEL", "BY REGION", "WEEK OF", "FUNNEL", "TUTORS", "SERVICE FEES", "HK$"] {
        assert!(table.contains(section), "{section} in:\n{table}");
    }

    let page = dir.path().join("report.html");
    let written = tutorhub(dir.path(), &["report", "--from", &from, "--to", &to, "--html", page.to_str().unwrap()], "");
    assert!(written.status.success(), "{}", String::from_utf8_lossy(&written.stderr));
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(html.starts_with("<!DOCTYPE html>") && html.contains(r#"<html lang="en">"#), "{html}");
    // The weekly trend and the funnel, and the unanswered lists when a case went unanswered.
    let charts = if number(&cases["unanswered"]) > 0 { 4 } else { 2 };
    assert_eq!(html.matches("<svg").count(), charts, "{html}");
    assert!(!html.contains("http"), "no address to fetch, not even a namespace: {html}");
    assert!(!html.contains("<script"), "no script: {html}");
    assert!(html.contains(&format!("Market report, {from} to {to}")), "{html}");
}

#[test]
fn a_reversed_period_is_refused_before_anything_is_read() {
    let dir = tempfile::tempdir().unwrap();
    let refused = tutorhub(dir.path(), &["report", "--from", "2026-03-15", "--to", "2026-03-01"], "");
    assert!(!refused.status.success());
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert!(stderr.contains("the period is reversed: --from 2026-03-15 is after --to 2026-03-01"), "{stderr}");
    let too_long = tutorhub(dir.path(), &["report", "--from", "2025-01-01", "--to", "2026-01-02", "--json"], "");
    assert!(String::from_utf8_lossy(&too_long.stderr).contains("at most 366 days"), "{too_long:?}");
    assert!(!dir.path().join("tutorhub.db").exists(), "no database was opened");
}
