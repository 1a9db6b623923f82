//! The audit trail on both engines: entries come back newest first, from a time on, as many as
//! asked; and the database itself refuses to change or remove them (TRUNCATE too on
//! PostgreSQL), whoever asks, leaving every row as it was.

use chrono::{DateTime, Duration, Utc};
use sqlx::Executor;
use tutorhub_adapters::{Database, Engine, SqlAuditTrail};
use tutorhub_domain::audit::model::{AuditEntry, Decision, NewAuditEntry};
use tutorhub_domain::audit::ports::AuditTrail;

/// Millisecond precision, as stored.
fn now() -> DateTime<Utc> {
    DateTime::from_timestamp_millis(Utc::now().timestamp_millis()).unwrap()
}

fn entry(actor: &str, decision: Decision, subject: &str, reason: Option<&str>, details: &str) -> NewAuditEntry {
    NewAuditEntry::new(actor, decision, subject, reason, details).unwrap()
}

/// Three decisions an hour apart, oldest first, as the trail answered them.
async fn three_decisions(trail: &SqlAuditTrail, start: DateTime<Utc>) -> Vec<AuditEntry> {
    let entries = [
        entry("amy", Decision::CaseApproved, "case 10001", None, ""),
        entry("bob", Decision::InvoiceAdjusted, "invoice INV-2026-000001", Some("half a lesson"), "amount_cents=-5000"),
        entry("amy", Decision::DocumentsExported, "user 1024", None, "documents=2"),
    ];
    let mut kept = Vec::new();
    for (hours, new) in (0..).zip(entries.iter()) {
        kept.push(trail.append(new, start + Duration::hours(hours)).await.unwrap());
    }
    kept
}

async fn entries_come_back_newest_first_from_a_time_on(db: Database) {
    let trail = SqlAuditTrail::new(db.pool().clone());
    assert!(trail.list(None, 10).await.unwrap().is_empty());
    let start = now();
    let kept = three_decisions(&trail, start).await;
    assert!(kept[0].number < kept[1].number && kept[1].number < kept[2].number, "numbered in the order appended: {kept:?}");
    assert_eq!(
        (kept[1].at, kept[1].actor.as_str(), kept[1].decision, kept[1].subject.as_str()),
        (start + Duration::hours(1), "bob", Decision::InvoiceAdjusted, "invoice INV-2026-000001")
    );
    assert_eq!((kept[1].reason.as_deref(), kept[1].details.as_str()), (Some("half a lesson"), "amount_cents=-5000"));
    assert_eq!(kept[0].reason, None);

    let all = trail.list(None, 10).await.unwrap();
    assert_eq!(all, kept.iter().rev().cloned().collect::<Vec<_>>(), "newest first, each read back as answered");
    assert_eq!(trail.list(None, 2).await.unwrap(), all[..2].to_vec(), "the latest two");
    let since = trail.list(Some(start + Duration::hours(1)), 10).await.unwrap();
    assert_eq!(since, all[..2].to_vec(), "from a time on, that time included");
    assert!(trail.list(Some(start + Duration::hours(3)), 10).await.unwrap().is_empty());
}

async fn the_database_refuses_to_change_or_remove_an_entry(db: Database) {
    let trail = SqlAuditTrail::new(db.pool().clone());
    let kept = three_decisions(&trail, now()).await;
    let before = trail.list(None, 10).await.unwrap();
    let number = kept[1].number;

    let mut refused = vec![
        format!("UPDATE audit_trail SET actor = 'mallory' WHERE number = {number}"),
        "UPDATE audit_trail SET reason = NULL".to_string(),
        format!("DELETE FROM audit_trail WHERE number = {number}"),
        "DELETE FROM audit_trail".to_string(),
    ];
    if db.engine() == Engine::Postgres {
        refused.push("TRUNCATE audit_trail".to_string());
    }
    for sql in &refused {
        let Err(error) = db.pool().execute(sql.as_str()).await else { panic!("{sql} was not refused") };
        assert!(error.to_string().contains("append-only"), "{sql}: {error}");
    }
    assert_eq!(trail.list(None, 10).await.unwrap(), before, "every row as it was");

    // Appending goes on as before, after the last number.
    let next = trail.append(&entry("amy", Decision::CaseClosed, "case 10002", None, ""), now()).await.unwrap();
    assert!(next.number > kept[2].number);
}

on_both_engines!(entries_come_back_newest_first_from_a_time_on, the_database_refuses_to_change_or_remove_an_entry);
