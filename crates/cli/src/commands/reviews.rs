//! `tutorhub reviews …`: the back office's moderation of reviews.

use clap::{Args, Subcommand};
use serde_json::json;
use tutorhub_domain::audit::model::Decision;
use tutorhub_domain::reviews::model::{Review, ReviewStatus};
use tutorhub_domain::reviews::moderation::ReviewModerationError;

use crate::commands::audit;
use crate::commands::confirm::confirm;
use crate::commands::listing::{Paging, keyed, page_json, print_page};
use crate::config::{GlobalOpts, Sending};
use crate::wiring::Wiring;

#[derive(Debug, Args)]
pub struct ReviewsOpts {
    #[command(subcommand)]
    command: ReviewsCommand,
}

/// Hiding or restoring one review.
#[derive(Debug, Args)]
struct Change {
    /// The review number.
    id: i64,
    /// Why, recorded with the review.
    #[arg(long, value_parser = audit::reason_arg)]
    reason: String,
    /// Recorded as the moderator.
    #[arg(long, env = "TUTORHUB_REVIEWER", default_value = "back-office")]
    reviewer: String,
    /// Do not ask for confirmation.
    #[arg(long)]
    yes: bool,
}

#[derive(Debug, Subcommand)]
enum ReviewsCommand {
    /// List reviews, newest first.
    List {
        /// Only reviews in this state.
        #[arg(long, value_parser = keyed::<ReviewStatus>())]
        status: Option<ReviewStatus>,
        /// Only reviews members reported.
        #[arg(long)]
        reported: bool,
        #[command(flatten)]
        paging: Paging,
        /// One JSON page ({items, total, page, pageSize}) instead of a table.
        #[arg(long)]
        json: bool,
    },
    /// Show one review in full, with its report count and any moderation reason.
    Show {
        id: i64,
        #[arg(long)]
        json: bool,
    },
    /// Hide a review: off the tutor's profile and out of the average.
    Hide(Change),
    /// Show a hidden review again.
    Restore(Change),
}

pub async fn run(global: &GlobalOpts, opts: &ReviewsOpts) -> anyhow::Result<()> {
    let wiring = global.wiring(Sending::No).await?;
    let result = execute(&wiring, global, &opts.command).await;
    wiring.database.close().await;
    result
}

async fn execute(wiring: &Wiring, global: &GlobalOpts, command: &ReviewsCommand) -> anyhow::Result<()> {
    let moderation = &wiring.review_moderation();
    match command {
        ReviewsCommand::List { status, reported, paging, json } => {
            let page = moderation.list(*status, *reported, paging.request()?).await?;
            if *json {
                println!("{}", serde_json::to_string_pretty(&page_json(&page, review_json))?);
            } else {
                let headers = ["ID", "STATUS", "STARS", "REPORTS", "TUTOR", "TEXT"];
                print_page(&page, "reviews", &headers, |r| {
                    vec![
                        r.number.to_string(),
                        r.status.key().into(),
                        r.stars.value().to_string(),
                        r.reports.to_string(),
                        r.tutor_id.to_string(),
                        r.text.as_str().chars().take(30).collect::<String>().replace('\n', " "),
                    ]
                });
            }
        }
        ReviewsCommand::Show { id, json } => {
            let review = moderation.show(*id).await.map_err(refusal)?;
            if *json {
                println!("{}", serde_json::to_string_pretty(&review_json(&review))?);
            } else {
                for (key, value) in review_json(&review).as_object().into_iter().flatten() {
                    println!("{key:<17} {}", value.as_str().map_or_else(|| value.to_string(), str::to_string));
                }
            }
        }
        ReviewsCommand::Hide(change) => {
            confirm(change.yes, &format!("隱藏評價 {}，原因：{}？", change.id, change.reason))?;
            let review = moderation.hide(change.id, &change.reason, &change.reviewer).await.map_err(refusal)?;
            report(&review);
            record(wiring, global, Decision::ReviewHidden, &review, &change.reason).await?;
        }
        ReviewsCommand::Restore(change) => {
            confirm(change.yes, &format!("恢復顯示評價 {}，原因：{}？", change.id, change.reason))?;
            let review = moderation.restore(change.id, &change.reason, &change.reviewer).await.map_err(refusal)?;
            report(&review);
            record(wiring, global, Decision::ReviewRestored, &review, &change.reason).await?;
        }
    }
    Ok(())
}

/// The clerk's words for a refused moderation (the domain names it, the back office words it).
fn refusal(error: ReviewModerationError) -> anyhow::Error {
    match error {
        ReviewModerationError::NotFound(number) => anyhow::anyhow!("review {number} not found"),
        ReviewModerationError::Unchanged { number, status } => anyhow::anyhow!("review {number} is already {}", status.key()),
        ReviewModerationError::NoReason => anyhow::anyhow!("a reason is required"),
        ReviewModerationError::Repository(e) => e.into(),
    }
}

/// The review's moderation, in the audit trail.
async fn record(wiring: &Wiring, global: &GlobalOpts, decision: Decision, review: &Review, reason: &str) -> anyhow::Result<()> {
    let details = format!("tutor={} stars={}", review.tutor_id, review.stars.value());
    audit::record(wiring, global, decision, &format!("review {}", review.number), Some(reason), &details).await
}

fn report(review: &Review) {
    println!("review {} is now {}", review.number, review.status.key());
}

fn review_json(r: &Review) -> serde_json::Value {
    json!({
        "reviewId": r.number,
        "status": r.status.key(),
        "rating": r.stars.value(),
        "text": r.text.as_str(),
        "tutorId": r.tutor_id.to_string(),
        "authorId": r.author_id.to_string(),
        "authorName": r.author_name,
        "reply": r.reply.as_ref().map(|reply| reply.text.as_str()),
        "reports": r.reports,
        "moderationReason": r.moderation_reason,
        "createdAt": r.created_at.to_rfc3339(),
    })
}
