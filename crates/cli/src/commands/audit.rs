//! `tutorhub audit list`: the back office's decisions, newest first, with who made each, when,
//! about what and why; and [`record`], which every deciding command calls once its decision has
//! taken effect.

use chrono::{DateTime, NaiveDate, NaiveTime, Utc};
use clap::{Args, Subcommand};
use serde_json::json;
use tutorhub_domain::audit::model::{AuditEntry, Decision};
use tutorhub_domain::shared::hong_kong;

use crate::commands::listing::table;
use crate::config::{GlobalOpts, Sending};
use crate::wiring::Wiring;

#[derive(Debug, Args)]
pub struct AuditOpts {
    #[command(subcommand)]
    command: AuditCommand,
}

#[derive(Debug, Subcommand)]
enum AuditCommand {
    /// The latest decisions, newest first.
    List {
        /// Only decisions from this day (YYYY-MM-DD, from midnight in Hong Kong) or this time
        /// (RFC 3339, e.g. 2026-11-27T09:30:00+08:00) on.
        #[arg(long, value_parser = parse_since)]
        since: Option<DateTime<Utc>>,
        #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..=1000))]
        limit: u32,
        /// A JSON array instead of a table.
        #[arg(long)]
        json: bool,
    },
}

/// Writes down that this command's operator (`--by`, else the OS user) made `decision` about
/// `subject`. Call it once the decision has taken effect, and pass its error on: a decision the
/// trail could not record must not look like a success.
///
/// # Errors
/// The trail refused the entry or could not be written: the decision stands, unrecorded, and
/// the message says so.
pub async fn record(
    wiring: &Wiring,
    global: &GlobalOpts,
    decision: Decision,
    subject: &str,
    reason: Option<&str>,
    details: &str,
) -> anyhow::Result<()> {
    match wiring.audit_log().record(&global.operator(), decision, subject, reason, details).await {
        Ok(_) => Ok(()),
        Err(e) => Err(anyhow::anyhow!(
            "the decision was made ({} of {subject}) but was NOT recorded in the audit trail: {e}; \
             write it down by hand and tell whoever looks after the trail",
            decision.key()
        )),
    }
}

/// A `--reason` the trail can keep in full, checked before the decision is made: a decision
/// whose own rules allow a longer one would otherwise be made and then fail to be recorded.
/// Answers the value as typed; the decision's own rules (a blank reason) still apply.
pub fn reason_arg(value: &str) -> Result<String, String> {
    match tutorhub_domain::audit::model::reason(Some(value)) {
        Ok(_) => Ok(value.to_string()),
        Err(_) => Err(format!("at most {} characters", tutorhub_domain::audit::model::REASON_MAX_CHARS)),
    }
}

/// A day (from Hong Kong midnight) or an RFC 3339 time.
fn parse_since(value: &str) -> Result<DateTime<Utc>, String> {
    if let Ok(at) = DateTime::parse_from_rfc3339(value) {
        return Ok(at.with_timezone(&Utc));
    }
    let day = NaiveDate::parse_from_str(value, "%Y-%m-%d")
        .map_err(|_| "expected a day (YYYY-MM-DD, Hong Kong) or a time (RFC 3339, e.g. 2026-11-27T09:30:00+08:00)".to_string())?;
    let midnight = day.and_time(NaiveTime::MIN).and_local_timezone(hong_kong::offset()).single().expect("fixed offsets have no gaps");
    Ok(midnight.with_timezone(&Utc))
}

fn entry_json(e: &AuditEntry) -> serde_json::Value {
    json!({
        "number": e.number,
        "at": e.at.to_rfc3339(),
        "actor": e.actor,
        "decision": e.decision.key(),
        "subject": e.subject,
        "reason": e.reason,
        "details": e.details,
    })
}

pub async fn run(global: &GlobalOpts, opts: &AuditOpts) -> anyhow::Result<()> {
    let AuditCommand::List { since, limit, json } = &opts.command;
    let wiring = global.wiring(Sending::No).await?;
    let result = wiring.audit_log().list(*since, *limit).await;
    wiring.database.close().await;
    let entries = result?;
    if *json {
        println!("{}", serde_json::to_string_pretty(&entries.iter().map(entry_json).collect::<Vec<_>>())?);
    } else if entries.is_empty() {
        eprintln!("no decisions recorded");
    } else {
        let headers = ["NO", "AT (HKT)", "BY", "DECISION", "SUBJECT", "REASON", "DETAILS"];
        let rows: Vec<Vec<String>> = entries
            .iter()
            .map(|e| {
                vec![
                    e.number.to_string(),
                    hong_kong::local(e.at).format("%Y-%m-%d %H:%M:%S").to_string(),
                    e.actor.clone(),
                    e.decision.key().into(),
                    e.subject.clone(),
                    // One line a row: a reason written over several lines is shown on one.
                    e.reason.as_deref().map_or_else(|| "-".into(), |r| r.replace(['\r', '\n'], " ")),
                    e.details.clone(),
                ]
            })
            .collect();
        print!("{}", table(&headers, &rows));
        eprintln!("{} decisions, newest first", entries.len());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{parse_since, reason_arg};

    #[test]
    fn since_takes_a_hong_kong_day_or_an_exact_time() {
        assert_eq!(parse_since("2026-11-27").unwrap().to_rfc3339(), "2026-11-26T16:00:00+00:00");
        assert_eq!(parse_since("2026-11-27T09:30:00+08:00").unwrap().to_rfc3339(), "2026-11-27T01:30:00+00:00");
        assert_eq!(parse_since("2026-11-27T01:30:00Z").unwrap().to_rfc3339(), "2026-11-27T01:30:00+00:00");
        assert!(parse_since("27/11/2026").is_err() && parse_since("yesterday").is_err());
    }

    #[test]
    fn a_reason_too_long_for_the_trail_is_refused_before_anything_is_decided() {
        assert_eq!(reason_arg(" "), Ok(" ".to_string()), "a blank reason is the decision's to refuse");
        assert!(reason_arg(&"x".repeat(1000)).is_ok());
        assert!(reason_arg(&"x".repeat(1001)).is_err());
    }
}
