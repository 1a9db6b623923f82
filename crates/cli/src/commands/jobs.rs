//! `tutorhub jobs list|runs`: the site's periodic jobs, which server runs them and how their
//! runs went (every server of the site shares one record).

use clap::{Args, Subcommand};
use serde_json::json;
use tutorhub_domain::jobs::model::{Job, JobRun, JobState};

use crate::commands::listing::{keyed, table};
use crate::config::{GlobalOpts, Sending};

#[derive(Debug, Args)]
pub struct JobsOpts {
    #[command(subcommand)]
    command: JobsCommand,
}

#[derive(Debug, Subcommand)]
enum JobsCommand {
    /// Every job: how often it runs, the server running it now, its last run.
    List {
        #[arg(long)]
        json: bool,
    },
    /// The latest runs, newest first: which server ran each, when, how it went.
    Runs {
        /// Only this job's runs.
        #[arg(long, value_parser = keyed::<Job>())]
        job: Option<Job>,
        #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..=1000))]
        limit: u32,
        #[arg(long)]
        json: bool,
    },
}

fn time(at: Option<chrono::DateTime<chrono::Utc>>) -> String {
    at.map_or_else(|| "-".into(), |at| at.format("%Y-%m-%d %H:%M:%S").to_string())
}

fn state_json(s: &JobState) -> serde_json::Value {
    json!({
        "name": s.name,
        "everySeconds": s.every_seconds,
        "runningOn": s.running_on,
        "lastStartedAt": s.last_started_at.map(|t| t.to_rfc3339()),
        "lastFinishedAt": s.last_finished_at.map(|t| t.to_rfc3339()),
        "lastOutcome": s.last_outcome.as_ref().map(|(outcome, _)| outcome),
        "lastDetail": s.last_outcome.as_ref().map(|(_, detail)| detail),
        "runs": s.runs,
    })
}

fn run_json(r: &JobRun) -> serde_json::Value {
    json!({
        "job": r.job,
        "owner": r.owner,
        "startedAt": r.started_at.to_rfc3339(),
        "finishedAt": r.finished_at.to_rfc3339(),
        "outcome": r.outcome,
        "detail": r.detail,
    })
}

pub async fn run(global: &GlobalOpts, opts: &JobsOpts) -> anyhow::Result<()> {
    let wiring = global.wiring(Sending::No).await?;
    let ledger = wiring.job_ledger();
    let result = async {
        match &opts.command {
            JobsCommand::List { json } => {
                let jobs = ledger.list().await?;
                if *json {
                    println!("{}", serde_json::to_string_pretty(&jobs.iter().map(state_json).collect::<Vec<_>>())?);
                } else if jobs.is_empty() {
                    eprintln!("no job has run yet: `tutorhub serve` runs them");
                } else {
                    let headers = ["JOB", "EVERY", "RUNNING ON", "LAST START", "LAST END", "OUTCOME", "RUNS"];
                    let rows: Vec<Vec<String>> = jobs
                        .iter()
                        .map(|s| {
                            vec![
                                s.name.clone(),
                                format!("{}s", s.every_seconds),
                                s.running_on.clone().unwrap_or_else(|| "-".into()),
                                time(s.last_started_at),
                                time(s.last_finished_at),
                                s.last_outcome.as_ref().map_or_else(|| "-".into(), |(outcome, detail)| format!("{outcome}: {detail}")),
                                s.runs.to_string(),
                            ]
                        })
                        .collect();
                    print!("{}", table(&headers, &rows));
                }
            }
            JobsCommand::Runs { job, limit, json } => {
                let runs = ledger.runs(*job, *limit).await?;
                if *json {
                    println!("{}", serde_json::to_string_pretty(&runs.iter().map(run_json).collect::<Vec<_>>())?);
                } else if runs.is_empty() {
                    eprintln!("no runs recorded");
                } else {
                    let headers = ["JOB", "STARTED", "FINISHED", "SERVER", "OUTCOME"];
                    let rows: Vec<Vec<String>> = runs
                        .iter()
                        .map(|r| {
                            vec![
                                r.job.clone(),
                                time(Some(r.started_at)),
                                time(Some(r.finished_at)),
                                r.owner.clone(),
                                format!("{}: {}", r.outcome, r.detail),
                            ]
                        })
                        .collect();
                    print!("{}", table(&headers, &rows));
                }
            }
        }
        anyhow::Ok(())
    }
    .await;
    wiring.database.close().await;
    result
}
