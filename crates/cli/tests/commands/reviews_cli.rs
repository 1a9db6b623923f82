//! `tutorhub reviews …` on the real binary: the demo's reviews listed, shown, hidden with a
//! reason and restored; refusals for a missing reason or an unchanged state.

use std::process::Output;

use crate::support::tutorhub;

fn json(output: &Output) -> serde_json::Value {
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    serde_json::from_slice(&output.stdout).unwrap()
}

#[test]
fn the_back_office_hides_a_review_with_a_reason_and_restores_it() {
    let dir = tempfile::tempdir().unwrap();
    assert!(tutorhub(dir.path(), &["seed", "--demo"], "").status.success());
    let all = json(&tutorhub(dir.path(), &["reviews", "list", "--json"], ""));
    assert_eq!(all["total"], 17, "the demo's past parents reviewed eleven tutors, six of them twice");
    let first = all["items"][0]["reviewId"].as_i64().unwrap().to_string();
    let shown = json(&tutorhub(dir.path(), &["reviews", "show", &first, "--json"], ""));
    assert_eq!((shown["status"].as_str(), shown["reports"].as_u64()), (Some("visible"), Some(0)));
    assert!(shown["authorName"].is_string() && shown["rating"].as_u64().is_some_and(|r| (1..=5).contains(&r)));

    // A reason is required; without --yes it asks, and anything but yes changes nothing.
    let no_reason = tutorhub(dir.path(), &["reviews", "hide", &first, "--yes"], "");
    assert!(!no_reason.status.success());
    let blank = tutorhub(dir.path(), &["reviews", "hide", &first, "--reason", " ", "--yes"], "");
    assert!(String::from_utf8_lossy(&blank.stderr).contains("a reason is required"), "{blank:?}");
    let refused = tutorhub(dir.path(), &["reviews", "hide", &first, "--reason", "人身攻擊"], "n\n");
    assert!(String::from_utf8_lossy(&refused.stderr).contains("nothing changed"));
    let hidden = tutorhub(dir.path(), &["reviews", "hide", &first, "--reason", "人身攻擊", "--reviewer", "amy"], "y\n");
    assert!(String::from_utf8_lossy(&hidden.stdout).contains("is now hidden"), "{hidden:?}");
    let again = tutorhub(dir.path(), &["reviews", "hide", &first, "--reason", "再次", "--yes"], "");
    assert!(String::from_utf8_lossy(&again.stderr).contains("is already hidden"), "{again:?}");
    let listed = json(&tutorhub(dir.path(), &["reviews", "list", "--status", "hidden", "--json"], ""));
    assert_eq!(listed["items"][0]["moderationReason"], "人身攻擊");
    assert_eq!(json(&tutorhub(dir.path(), &["reviews", "list", "--status", "visible", "--json"], ""))["total"], 16);

    let restored = tutorhub(dir.path(), &["reviews", "restore", &first, "--reason", "申訴成立", "--yes"], "");
    assert!(String::from_utf8_lossy(&restored.stdout).contains("is now visible"), "{restored:?}");
    assert_eq!(json(&tutorhub(dir.path(), &["reviews", "list", "--reported", "--json"], ""))["total"], 0);
    let table = String::from_utf8_lossy(&tutorhub(dir.path(), &["reviews", "list", "--per-page", "2"], "").stdout).to_string();
    assert!(table.starts_with("ID") && table.lines().count() == 3, "{table}");
    assert!(!tutorhub(dir.path(), &["reviews", "show", "999999"], "").status.success());
}
