//! The audit trail through the real binary, over the demo data: every back-office command that
//! changes data leaves exactly one entry, saying who (`--by`, `TUTORHUB_OPERATOR` or the OS
//! user), what, about what and why; `audit list` reads it back; and a decision the trail
//! cannot record fails loudly, the decision standing.

use std::path::Path;
use std::process::Output;

use serde_json::Value;
use tutorhub_adapters::Database;
use tutorhub_domain::shared::catalogue;

use crate::support::ok;

const CLERK: &str = "clerk-name";

/// Runs the binary with `env` added; the operator is never inherited from the test's own
/// environment, and nothing is typed on stdin (every deciding command here has `--yes`).
fn run(dir: &Path, args: &[&str], env: &[(&str, &str)]) -> Output {
    crate::support::command(dir)
        .env_remove("TUTORHUB_OPERATOR")
        .env_remove("TUTORHUB_REVIEWER")
        .envs(env.iter().copied())
        .args(args)
        .output()
        .expect("the tutorhub binary runs")
}

fn json(output: Output) -> Value {
    serde_json::from_str(&ok(output)).unwrap()
}

/// `args` as the clerk: `--by clerk-name` added.
fn by_clerk<'a>(args: &[&'a str]) -> Vec<&'a str> {
    [args, &["--by", CLERK]].concat()
}

/// The whole trail, newest first.
fn trail(dir: &Path) -> Vec<Value> {
    json(run(dir, &["audit", "list", "--json", "--limit", "1000"], &[])).as_array().unwrap().clone()
}

/// Runs one deciding command and checks that it left exactly one entry, the newest: by
/// `actor`, `(decision, subject, reason)`, the entries before untouched.
fn decides(dir: &Path, args: &[&str], env: &[(&str, &str)], actor: &str, expected: (&str, &str, Option<&str>)) {
    let before = trail(dir);
    ok(run(dir, args, env));
    let after = trail(dir);
    assert_eq!(after.len(), before.len() + 1, "{args:?} leaves exactly one entry: {after:#?}");
    let newest = &after[0];
    let (decision, subject, reason) = expected;
    assert_eq!(
        (newest["actor"].as_str(), newest["decision"].as_str(), newest["subject"].as_str(), newest["reason"].as_str()),
        (Some(actor), Some(decision), Some(subject), reason),
        "{args:?}: {newest}"
    );
    assert!(newest["number"].as_i64().is_some() && newest["at"].as_str().is_some() && newest["details"].is_string(), "{newest}");
    assert_eq!(after[1..], before[..], "{args:?} left the entries before as they were");
}

/// Two users, each with a pending tutor application to teach the catalogue's first subject.
async fn two_applicants(dir: &Path) {
    let level = catalogue::LEVELS.iter().find(|level| !level.subjects.is_empty()).unwrap();
    let subject = format!("{} {}", level.label, level.subjects[0]);
    crate::support::applicants::pending_tutor_applicants(dir, &[("91234567", &subject), ("92345678", &subject)]).await;
}

/// Puts cases `pending` (the demo's are all approved) and the latest lesson in dispute, as
/// posting and a family's answer would.
async fn pending_cases_and_a_disputed_lesson(dir: &Path, cases: &[&str]) {
    let database = Database::open(&Database::sqlite_url(dir)).await.unwrap();
    for case in cases {
        sqlx::query("UPDATE cases SET status = 'pending' WHERE number = $1")
            .bind(case.parse::<i64>().unwrap())
            .execute(database.pool())
            .await
            .unwrap();
    }
    let dispute = "UPDATE lessons SET status = 'disputed', reason = 'the tutor never came' \
                   WHERE number = (SELECT MAX(number) FROM lessons WHERE status <> 'cancelled')";
    sqlx::query(dispute).execute(database.pool()).await.unwrap();
    database.close().await;
}

/// Makes the trail refuse every new entry, as a full disk or a lost connection would.
async fn break_the_trail(dir: &Path) {
    let database = Database::open(&Database::sqlite_url(dir)).await.unwrap();
    let refuse = "CREATE TRIGGER audit_trail_down BEFORE INSERT ON audit_trail BEGIN SELECT RAISE(ABORT, 'the trail is down'); END";
    sqlx::query(refuse).execute(database.pool()).await.unwrap();
    database.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_back_office_decision_leaves_exactly_one_entry() {
    let temp = tempfile::tempdir().unwrap();
    let dir = temp.path();
    ok(run(dir, &["seed", "--demo"], &[]));
    assert!(trail(dir).is_empty(), "seeding decides nothing");
    let approved = json(run(dir, &["cases", "list", "--status", "approved", "--per-page", "10", "--json"], &[]));
    let cases: Vec<String> = approved["items"].as_array().unwrap().iter().map(|c| c["caseId"].as_i64().unwrap().to_string()).collect();
    let [to_approve, to_reject, to_close, unrecorded, refused] = [0, 1, 2, 3, 4].map(|i| cases[i].as_str());
    pending_cases_and_a_disputed_lesson(dir, &[to_approve, to_reject]).await;
    two_applicants(dir).await;

    // Cases.
    decides(dir, &by_clerk(&["cases", "approve", to_approve, "--yes"]), &[], CLERK, ("case-approved", &format!("case {to_approve}"), None));
    let why = "phone number in the description";
    let reject = by_clerk(&["cases", "reject", to_reject, "--reason", why, "--yes"]);
    decides(dir, &reject, &[], CLERK, ("case-rejected", &format!("case {to_reject}"), Some(why)));
    // Without --by: the operating-system user.
    let os_user = [("USER", "os-clerk"), ("LOGNAME", "os-clerk")];
    decides(dir, &["cases", "close", to_close, "--yes"], &os_user, "os-clerk", ("case-closed", &format!("case {to_close}"), None));

    // Tutor applications.
    let pending = json(run(dir, &["applications", "list", "--status", "pending", "--json"], &[]));
    let ids: Vec<String> = pending.as_array().unwrap().iter().map(|a| a["id"].as_i64().unwrap().to_string()).collect();
    assert_eq!(ids.len(), 2, "{pending}");
    let subject = format!("application {}", ids[0]);
    decides(dir, &by_clerk(&["applications", "approve", &ids[0], "--yes"]), &[], CLERK, ("tutor-application-approved", &subject, None));
    let why = "no exam certificates";
    let subject = format!("application {}", ids[1]);
    let reject = by_clerk(&["applications", "reject", &ids[1], "--reason", why, "--yes"]);
    decides(dir, &reject, &[], CLERK, ("tutor-application-rejected", &subject, Some(why)));

    // Tutors: hidden as the clerk; listed again by the operator named in the environment.
    let tutors = json(run(dir, &["users", "list", "--tutors", "--json"], &[]));
    let tutor = tutors["items"][0]["userId"].as_i64().unwrap().to_string();
    let subject = format!("user {tutor}");
    decides(dir, &by_clerk(&["tutors", "deactivate", &tutor, "--yes"]), &[], CLERK, ("tutor-deactivated", &subject, None));
    let operator = [("TUTORHUB_OPERATOR", "desk-clerk"), ("USER", "os-clerk")];
    decides(dir, &["tutors", "activate", &tutor], &operator, "desk-clerk", ("tutor-activated", &subject, None));

    // The demo's tutoring centre: its documents read, verified, then rejected after all.
    let org = json(run(dir, &["users", "show", "63456789", "--json"], &[]))["userId"].as_i64().unwrap().to_string();
    let subject = format!("user {org}");
    let out = dir.join("export");
    let export = by_clerk(&["documents", "export", "63456789", "--out", out.to_str().unwrap()]);
    decides(dir, &export, &[], CLERK, ("documents-exported", &subject, None));
    assert!(std::fs::read_dir(&out).unwrap().count() >= 1, "the documents were written too");
    decides(dir, &by_clerk(&["orgs", "verify", "63456789", "--yes"]), &[], CLERK, ("organization-verified", &subject, None));
    let why = "blurry address proof";
    let reject = by_clerk(&["orgs", "reject", "63456789", "--reason", why, "--redecide", "--yes"]);
    decides(dir, &reject, &[], CLERK, ("organization-rejected", &subject, Some(why)));

    // Reviews.
    let reviews = json(run(dir, &["reviews", "list", "--json"], &[]));
    let review = reviews["items"][0]["reviewId"].as_i64().unwrap().to_string();
    let subject = format!("review {review}");
    let (hide_why, restore_why) = ("personal attack", "appeal upheld");
    let hide = by_clerk(&["reviews", "hide", &review, "--reason", hide_why, "--yes"]);
    decides(dir, &hide, &[], CLERK, ("review-hidden", &subject, Some(hide_why)));
    let restore = by_clerk(&["reviews", "restore", &review, "--reason", restore_why, "--yes"]);
    decides(dir, &restore, &[], CLERK, ("review-restored", &subject, Some(restore_why)));

    // A lesson in dispute.
    let disputes = json(run(dir, &["lessons", "disputes", "--json"], &[]));
    let lesson = disputes[0]["lessonNumber"].as_i64().unwrap().to_string();
    let why = "the family was away that week";
    let resolve = by_clerk(&["lessons", "resolve", &lesson, "--not-held", "--reason", why, "--yes"]);
    decides(dir, &resolve, &[], CLERK, ("lesson-dispute-resolved", &format!("lesson {lesson}"), Some(why)));

    // Money: the most overdue invoice's due date moved, adjusted, paid (twice), refunded; an
    // open one waived; a bank statement imported.
    let invoices = json(run(dir, &["invoices", "list", "--json"], &[]));
    let all = invoices.as_array().unwrap();
    let late = all.iter().max_by_key(|i| i["daysOverdue"].as_u64()).unwrap();
    let open = all.iter().find(|i| i["status"] == "open").unwrap();
    let (number, other) = (late["number"].as_str().unwrap(), open["number"].as_str().unwrap());
    assert_ne!(number, other);
    let subject = format!("invoice {number}");
    let today = chrono::Utc::now().with_timezone(&chrono::FixedOffset::east_opt(8 * 3600).unwrap()).date_naive();
    let (today, why) = (today.to_string(), "tutor in hospital");
    let due = by_clerk(&["invoices", "due", number, "--date", &today, "--reason", why, "--yes"]);
    decides(dir, &due, &[], CLERK, ("invoice-due-date-moved", &subject, Some(why)));
    let why = "half a lesson";
    let adjust = by_clerk(&["invoices", "adjust", number, "--amount", "-100", "--reason", why, "--yes"]);
    decides(dir, &adjust, &[], CLERK, ("invoice-adjusted", &subject, Some(why)));
    assert!(trail(dir)[0]["details"].as_str().unwrap().contains("amount_cents=-10000"), "{:?}", trail(dir)[0]);
    let owed = late["feeCents"].as_i64().unwrap() - 10_000;
    let amount = format!("{}.{:02}", owed / 100, owed % 100);
    let pay = by_clerk(&["payments", "record", number, "--amount", &amount, "--method", "fps", "--reference", "FRN1"]);
    decides(dir, &pay, &[], CLERK, ("payment-recorded", &subject, None));
    // A payment recorded before changes nothing, and so is no decision.
    let entries = trail(dir).len();
    assert!(ok(run(dir, &pay, &[])).contains("already recorded"));
    assert_eq!(trail(dir).len(), entries);
    let twice = by_clerk(&["payments", "record", number, "--amount", "200", "--method", "bank", "--reference", "DUP-1"]);
    decides(dir, &twice, &[], CLERK, ("payment-recorded", &subject, None));
    let refund = by_clerk(&["invoices", "refund", number, "--amount", "200", "--reference", "RF1", "--yes"]);
    decides(dir, &refund, &[], CLERK, ("invoice-refunded", &subject, None));
    // Its proofs of payment read out of private storage (none uploaded in the demo: still read).
    let proofs = dir.join("proofs");
    let export = by_clerk(&["invoices", "proofs", number, "--out", proofs.to_str().unwrap()]);
    decides(dir, &export, &[], CLERK, ("payment-proofs-exported", &subject, None));
    let why = "trial period";
    let waive = by_clerk(&["invoices", "waive", other, "--reason", why, "--yes"]);
    decides(dir, &waive, &[], CLERK, ("invoice-waived", &format!("invoice {other}"), Some(why)));
    let csv = dir.join("statement.csv");
    std::fs::write(&csv, format!("date,amount,description\n{today},500.00,SALARY NOV\n")).unwrap();
    let import = by_clerk(&["payments", "import", csv.to_str().unwrap()]);
    decides(dir, &import, &[], CLERK, ("bank-statement-imported", &format!("statement {}", csv.display()), None));
    assert!(trail(dir)[0]["details"].as_str().unwrap().contains("recorded=0 already=0 unmatched=1"), "{:?}", trail(dir)[0]);

    // Reading the trail: newest first, from a time on, as many as asked, or as a table.
    let entries = trail(dir);
    assert_eq!(entries.len(), 21, "one entry a decision");
    let numbers: Vec<i64> = entries.iter().map(|e| e["number"].as_i64().unwrap()).collect();
    assert!(numbers.windows(2).all(|w| w[0] > w[1]), "newest first: {numbers:?}");
    assert_eq!(json(run(dir, &["audit", "list", "--json", "--limit", "3"], &[])).as_array().unwrap()[..], entries[..3]);
    let from_today = json(run(dir, &["audit", "list", "--json", "--limit", "1000", "--since", &today], &[]));
    assert_eq!(from_today.as_array().unwrap().len(), 21);
    let future = json(run(dir, &["audit", "list", "--json", "--since", "2999-01-01T00:00:00Z"], &[]));
    assert_eq!(future, serde_json::json!([]));
    let table = ok(run(dir, &["audit", "list"], &[]));
    assert!(table.starts_with("NO") && table.contains("DECISION") && table.contains("bank-statement-imported"), "{table}");
    assert!(!run(dir, &["audit", "list", "--since", "last week"], &[]).status.success());

    // An operator the trail could not record is refused before anything is decided.
    let nameless = run(dir, &["cases", "close", refused, "--yes", "--by", " "], &[]);
    assert!(!nameless.status.success());
    assert_eq!(json(run(dir, &["cases", "show", refused, "--json"], &[]))["status"], "approved");
    assert_eq!(trail(dir).len(), 21);

    // A decision the trail cannot record stands, and the command says so loudly.
    break_the_trail(dir).await;
    let failed = run(dir, &by_clerk(&["cases", "close", unrecorded, "--yes"]), &[]);
    let stderr = String::from_utf8_lossy(&failed.stderr);
    assert!(!failed.status.success(), "an unrecorded decision is no success");
    assert!(stderr.contains("NOT recorded") && stderr.contains(&format!("case {unrecorded}")), "{stderr}");
    assert!(String::from_utf8_lossy(&failed.stdout).contains("is now closed"), "{failed:?}");
    assert_eq!(json(run(dir, &["cases", "show", unrecorded, "--json"], &[]))["status"], "closed");
    assert_eq!(trail(dir).len(), 21);
}
