//! `tutorhub cases …`: the back office's moderation of cases.

use clap::{Args, Subcommand};
use serde_json::json;
use tutorhub_domain::audit::model::Decision;
use tutorhub_domain::cases::model::{Case, CaseStatus};
use tutorhub_domain::cases::moderation::ModerationError;

use crate::commands::audit;
use crate::commands::confirm::confirm;
use crate::commands::listing::{Paging, keyed, page_json, print_page};
use crate::config::{GlobalOpts, Sending};
use crate::labels::cases::moderation_error;
use crate::wiring::Wiring;

#[derive(Debug, Args)]
pub struct CasesOpts {
    #[command(subcommand)]
    command: CasesCommand,
}

#[derive(Debug, Subcommand)]
enum CasesCommand {
    /// List cases, newest first.
    List {
        /// Only cases in this state.
        #[arg(long, value_parser = keyed::<CaseStatus>())]
        status: Option<CaseStatus>,
        #[command(flatten)]
        paging: Paging,
        /// One JSON page ({items, total, page, pageSize}, as the API's) instead of a table.
        #[arg(long)]
        json: bool,
    },
    /// Show one case in full.
    Show {
        id: i64,
        #[arg(long)]
        json: bool,
    },
    /// Approve a pending case: it becomes public; the owner is told by SMS.
    Approve {
        id: i64,
        /// Do not ask for confirmation.
        #[arg(long)]
        yes: bool,
    },
    /// Reject a pending case with a reason the owner is told by SMS.
    Reject {
        id: i64,
        #[arg(long, value_parser = audit::reason_arg)]
        reason: String,
        #[arg(long)]
        yes: bool,
    },
    /// Close a case: it leaves the public lists and takes no more applications.
    Close {
        id: i64,
        #[arg(long)]
        yes: bool,
    },
}

pub async fn run(global: &GlobalOpts, opts: &CasesOpts) -> anyhow::Result<()> {
    let sending = match opts.command {
        CasesCommand::List { .. } | CasesCommand::Show { .. } => Sending::No,
        CasesCommand::Approve { .. } | CasesCommand::Reject { .. } | CasesCommand::Close { .. } => Sending::Yes,
    };
    let wiring = global.wiring(sending).await?;
    let result = execute(&wiring, global, &opts.command).await;
    wiring.database.close().await;
    result
}

async fn execute(wiring: &Wiring, global: &GlobalOpts, command: &CasesCommand) -> anyhow::Result<()> {
    let moderation = &wiring.moderation();
    match command {
        CasesCommand::List { status, paging, json } => {
            let page = moderation.list(*status, paging.request()?).await.map_err(refused)?;
            if *json {
                println!("{}", serde_json::to_string_pretty(&page_json(&page, case_json))?);
            } else {
                let headers = ["ID", "STATUS", "APPL", "SUBJECT", "AREA", "RATE", "TITLE"];
                print_page(&page, "cases", &headers, |case| {
                    let d = &case.details;
                    vec![
                        case.number.to_string(),
                        case.status.key().into(),
                        case.applicant_count.to_string(),
                        d.subject_line(),
                        d.place.area.to_string(),
                        d.rate.dollars().to_string(),
                        d.title.clone(),
                    ]
                });
            }
        }
        CasesCommand::Show { id, json } => {
            let case = moderation.show(*id).await.map_err(refused)?;
            if *json {
                println!("{}", serde_json::to_string_pretty(&case_json(&case))?);
            } else {
                for (key, value) in case_json(&case).as_object().into_iter().flatten() {
                    println!("{key:<16} {}", value.as_str().map_or_else(|| value.to_string(), str::to_string));
                }
            }
        }
        CasesCommand::Approve { id, yes } => {
            confirm(*yes, &format!("批核個案 {id}（批核後公開）？"))?;
            report(&moderation.approve(*id).await.map_err(refused)?);
            audit::record(wiring, global, Decision::CaseApproved, &format!("case {id}"), None, "").await?;
        }
        CasesCommand::Reject { id, reason, yes } => {
            confirm(*yes, &format!("拒絕個案 {id}，原因：{reason}？"))?;
            report(&moderation.reject(*id, reason).await.map_err(refused)?);
            audit::record(wiring, global, Decision::CaseRejected, &format!("case {id}"), Some(reason.as_str()), "").await?;
        }
        CasesCommand::Close { id, yes } => {
            confirm(*yes, &format!("關閉個案 {id}（不再公開或接受申請）？"))?;
            let case = moderation.close(*id).await.map_err(refused)?;
            report(&case);
            let details = format!("applicants={}", case.applicant_count);
            audit::record(wiring, global, Decision::CaseClosed, &format!("case {id}"), None, &details).await?;
        }
    }
    Ok(())
}

/// A refusal of the domain in the clerk's words (zh-HK).
fn refused(error: ModerationError) -> anyhow::Error {
    anyhow::anyhow!(moderation_error(&error))
}

fn report(case: &Case) {
    println!("case {} is now {}", case.number, case.status.key());
}

fn case_json(case: &Case) -> serde_json::Value {
    let d = &case.details;
    json!({
        "caseId": case.number,
        "id": case.id.to_string(),
        "status": case.status.key(),
        "ownerId": case.owner_id.map(|id| id.to_string()),
        "postType": d.post_type.key(),
        "postTitle": d.title,
        "level": d.level.key,
        "grade": d.grade,
        "subjects": d.subjects,
        "subject": d.subject_line(),
        "location": d.place.area,
        "district": d.place.district,
        "region": d.place.region,
        "rate": d.rate.dollars(),
        "sessionLength": d.session_minutes,
        "sessionsPerWeek": d.sessions_per_week,
        "preferredGender": d.preferred_gender.key(),
        "startDate": d.start_date.format("%Y-%m-%d").to_string(),
        "description": d.description,
        "applicantCount": case.applicant_count,
        "createdAt": case.created_at.to_rfc3339(),
        "updatedAt": case.updated_at.to_rfc3339(),
    })
}
