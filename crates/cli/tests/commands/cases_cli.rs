//! `tutorhub cases …` on the real binary: listing, showing, refusing illegal moves,
//! confirming destructive ones.

use std::process::Output;

use crate::support::tutorhub;

fn json(output: &Output) -> serde_json::Value {
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    serde_json::from_slice(&output.stdout).unwrap()
}

#[test]
fn the_back_office_lists_shows_and_closes_cases() {
    let dir = tempfile::tempdir().unwrap();
    assert!(tutorhub(dir.path(), &["seed", "--demo"], "").status.success());
    let approved = json(&tutorhub(dir.path(), &["cases", "list", "--status", "approved", "--per-page", "100", "--json"], ""));
    let first = approved["items"][0]["caseId"].as_i64().unwrap().to_string();
    assert_eq!(approved["items"].as_array().unwrap().len(), 100, "one page of 100");
    assert_eq!(approved["total"], 240, "the demo's cases are all approved");
    let shown = json(&tutorhub(dir.path(), &["cases", "show", &first, "--json"], ""));
    assert_eq!(shown["status"], "approved");

    // Without --yes it asks, and anything but yes changes nothing.
    let refused = tutorhub(dir.path(), &["cases", "close", &first], "n\n");
    assert!(!refused.status.success());
    assert!(String::from_utf8_lossy(&refused.stderr).contains("nothing changed"));
    let confirmed = tutorhub(dir.path(), &["cases", "close", &first], "y\n");
    assert!(String::from_utf8_lossy(&confirmed.stdout).contains("is now closed"), "{confirmed:?}");
    let closed = json(&tutorhub(dir.path(), &["cases", "list", "--status", "closed", "--json"], ""));
    assert_eq!(closed["items"][0]["caseId"].as_i64().unwrap().to_string(), first);

    // Illegal moves are refused with the domain's message.
    let again = tutorhub(dir.path(), &["cases", "approve", &first, "--yes"], "");
    assert!(!again.status.success());
    assert!(String::from_utf8_lossy(&again.stderr).contains("不能批核"), "{again:?}");
    let no_reason = tutorhub(dir.path(), &["cases", "reject", &first, "--reason", " ", "--yes"], "");
    assert!(String::from_utf8_lossy(&no_reason.stderr).contains("請填寫拒絕原因"));
    let table = tutorhub(dir.path(), &["cases", "list", "--per-page", "3"], "");
    let table = String::from_utf8_lossy(&table.stdout).to_string();
    // The shared table of the list commands (its alignment with Chinese text has a unit test).
    assert!(table.starts_with("ID") && table.lines().next().unwrap().ends_with("TITLE"), "{table}");
    assert_eq!(table.lines().count(), 4, "a header and 3 rows: {table}");
    assert!(!tutorhub(dir.path(), &["cases", "show", "999999"], "").status.success());
}
