//! `tutorhub orgs list|verify|reject`: the back office verifies organizations from their
//! registration documents (`tutorhub documents export`), or refuses with a reason.

use clap::{Args, Subcommand};
use tutorhub_domain::accounts::user::OrgVerification;
use tutorhub_domain::audit::model::Decision;
use tutorhub_domain::organizations::verification::{OrgDecision, OrgVerificationError};

use crate::commands::audit;
use crate::commands::confirm::confirm;
use crate::commands::listing::{Paging, keyed, page_json, print_page};
use crate::commands::users::{hong_kong, user_json, user_ref};
use crate::config::{GlobalOpts, Sending};
use crate::labels::organizations::verification_error;
use crate::labels::users::org_verification;
use crate::wiring::Wiring;

#[derive(Debug, Args)]
pub struct OrgsOpts {
    #[command(subcommand)]
    command: OrgsCommand,
}

#[derive(Debug, Args)]
struct Decide {
    /// User number, user id or phone number of the organization.
    org: String,
    /// Do not ask for confirmation.
    #[arg(long)]
    yes: bool,
    /// Change an earlier decision (revoke a verification, or verify after a rejection).
    #[arg(long)]
    redecide: bool,
    /// Recorded as the reviewer.
    #[arg(long, env = "TUTORHUB_REVIEWER", default_value = "back-office")]
    reviewer: String,
}

#[derive(Debug, Subcommand)]
enum OrgsCommand {
    /// List organizations, newest first.
    List {
        /// Only organizations in this verification state.
        #[arg(long, value_parser = keyed::<OrgVerification>())]
        status: Option<OrgVerification>,
        #[command(flatten)]
        paging: Paging,
        /// One JSON page `{items, total, page, pageSize}` instead of a table.
        #[arg(long)]
        json: bool,
    },
    /// Verify an organization; it is told by SMS.
    Verify(Decide),
    /// Refuse to verify an organization, with a reason it is told by SMS.
    Reject {
        #[command(flatten)]
        decide: Decide,
        /// Why (sent to the organization and shown on its profile).
        #[arg(long)]
        reason: String,
    },
}

pub async fn run(global: &GlobalOpts, opts: &OrgsOpts) -> anyhow::Result<()> {
    let sending = match opts.command {
        OrgsCommand::List { .. } => Sending::No,
        OrgsCommand::Verify(_) | OrgsCommand::Reject { .. } => Sending::Yes,
    };
    let wiring = global.wiring(sending).await?;
    let result = execute(&wiring, global, &opts.command).await;
    wiring.database.close().await;
    result
}

async fn execute(wiring: &Wiring, global: &GlobalOpts, command: &OrgsCommand) -> anyhow::Result<()> {
    let orgs = &wiring.org_verifications();
    let (decide, decision) = match command {
        OrgsCommand::List { status, paging, json } => {
            let page = orgs.list(*status, paging.request()?).await?;
            if *json {
                println!("{}", serde_json::to_string_pretty(&page_json(&page, user_json))?);
            } else {
                let headers = ["NO", "STATUS", "REGISTERED", "PHONE", "NAME", "REASON"];
                print_page(&page, "organizations", &headers, |u| {
                    vec![
                        u.number.to_string(),
                        u.org_verification.map_or("-", org_verification).into(),
                        u.created_at.with_timezone(&hong_kong()).format("%Y-%m-%d").to_string(),
                        u.phone.local().into(),
                        u.name.as_str().into(),
                        u.org_rejection_reason.clone().unwrap_or_default(),
                    ]
                });
            }
            return Ok(());
        }
        OrgsCommand::Verify(decide) => (decide, OrgDecision::Verify),
        OrgsCommand::Reject { decide, reason } => (decide, OrgDecision::Reject { reason: reason.clone() }),
    };
    let org = user_ref(&decide.org)?;
    let (user, current) = orgs.preview(&org, &decision, decide.redecide).await.map_err(explain)?;
    let action = match &decision {
        OrgDecision::Verify => "Verify".to_string(),
        OrgDecision::Reject { reason } => format!("Reject (reason: {})", reason.trim()),
    };
    let question =
        format!("{action} organization {} {} (now {})? It is told by SMS.", user.number, user.name.as_str(), org_verification(current));
    confirm(decide.yes, &question)?;
    let done = orgs.decide(&org, &decision, &decide.reviewer, decide.redecide).await.map_err(explain)?;
    let state = done.user.org_verification.map_or("-", |v| v.key());
    println!("organization {} is now {state}", done.user.number);
    if done.notified {
        eprintln!("the organization was told by SMS");
    } else {
        eprintln!("warning: the SMS to the organization could not be sent; tell them another way");
    }
    let (decided, reason) = match &decision {
        OrgDecision::Verify => (Decision::OrganizationVerified, None),
        OrgDecision::Reject { reason } => (Decision::OrganizationRejected, Some(reason.as_str())),
    };
    let details = format!("from={} redecide={}", done.previous.key(), decide.redecide);
    audit::record(wiring, global, decided, &format!("user {}", done.user.number), reason, &details).await
}

/// The refusal in the clerk's words, plus what to type when a decision is to be changed.
fn explain(error: OrgVerificationError) -> anyhow::Error {
    let words = verification_error(&error);
    match error {
        OrgVerificationError::AlreadyDecided(_) => anyhow::anyhow!("{words} (add --redecide to change the decision)"),
        _ => anyhow::anyhow!(words),
    }
}
