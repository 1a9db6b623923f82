//! `tutorhub lessons …`: the back office's side of the lesson record, settling what a family
//! disputed.

use clap::{Args, Subcommand};
use serde_json::json;
use tutorhub_domain::audit::model::Decision;
use tutorhub_domain::lessons::model::Lesson;
use tutorhub_domain::shared::hong_kong;

use crate::commands::audit;
use crate::commands::confirm::confirm;
use crate::config::{GlobalOpts, Sending};
use crate::labels::lessons::lesson_error;
use crate::wiring::Wiring;

#[derive(Debug, Args)]
pub struct LessonsOpts {
    #[command(subcommand)]
    command: LessonsCommand,
}

#[derive(Debug, Subcommand)]
enum LessonsCommand {
    /// Disputed lessons, oldest first, with the family's reason.
    Disputes {
        /// A JSON array instead of a table.
        #[arg(long)]
        json: bool,
    },
    /// Settle a disputed lesson: it was held (confirmed) or not.
    Resolve {
        /// The lesson number.
        number: i64,
        /// The lesson was held: it counts as confirmed.
        #[arg(long, conflicts_with = "not_held", required_unless_present = "not_held")]
        held: bool,
        /// The lesson was not held.
        #[arg(long)]
        not_held: bool,
        /// Why, recorded with the lesson; both sides read it.
        #[arg(long)]
        reason: String,
        /// Do not ask for confirmation.
        #[arg(long)]
        yes: bool,
    },
}

pub async fn run(global: &GlobalOpts, opts: &LessonsOpts) -> anyhow::Result<()> {
    let wiring = global.wiring(Sending::No).await?;
    let result = execute(&wiring, global, &opts.command).await;
    wiring.database.close().await;
    result
}

async fn execute(wiring: &Wiring, global: &GlobalOpts, command: &LessonsCommand) -> anyhow::Result<()> {
    let record = &wiring.lesson_record();
    match command {
        LessonsCommand::Disputes { json } => {
            let disputes = record.disputes().await?;
            if *json {
                println!("{}", serde_json::to_string_pretty(&disputes.iter().map(lesson_json).collect::<Vec<_>>())?);
            } else if disputes.is_empty() {
                println!("no disputed lessons");
            } else {
                println!("{:<8} {:<17} {:>7}  {:<36}  REASON", "LESSON", "STARTS (HKT)", "MINUTES", "ARRANGEMENT");
                for l in &disputes {
                    let starts = hong_kong::local(l.starts_at).format("%Y-%m-%d %H:%M");
                    let reason = l.reason.as_deref().unwrap_or_default();
                    println!("{:<8} {:<17} {:>7}  {:<36}  {reason}", l.number, starts, l.minutes, l.arrangement_id);
                }
            }
        }
        LessonsCommand::Resolve { number, held, reason, yes, .. } => {
            let outcome = if *held { "已上堂" } else { "未有上堂" };
            confirm(*yes, &format!("課堂 {number} 判為「{outcome}」，原因：{reason}？"))?;
            let lesson = record.resolve(*number, *held, reason).await.map_err(lesson_error)?;
            println!("lesson {} is now {}", lesson.number, lesson.status.key());
            let details = format!("held={held} status={} arrangement={}", lesson.status.key(), lesson.arrangement_id);
            let subject = format!("lesson {number}");
            audit::record(wiring, global, Decision::LessonDisputeResolved, &subject, Some(reason.as_str()), &details).await?;
        }
    }
    Ok(())
}

fn lesson_json(l: &Lesson) -> serde_json::Value {
    json!({
        "lessonNumber": l.number,
        "arrangementId": l.arrangement_id.to_string(),
        "startsAt": l.starts_at.to_rfc3339(),
        "minutes": l.minutes,
        "status": l.status.key(),
        "reason": l.reason,
        "recordedAt": l.recorded_at.to_rfc3339(),
    })
}
