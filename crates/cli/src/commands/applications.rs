//! `tutorhub applications …`: the back office's review of tutor applications.

use clap::{Args, Subcommand};
use serde_json::json;
use tutorhub_domain::audit::model::Decision as Audited;
use tutorhub_domain::tutors::applications::ReviewApplicationError;
use tutorhub_domain::tutors::model::{Decision, TutorApplication, TutorApplicationStatus};

use crate::commands::audit;
use crate::commands::confirm::confirm;
use crate::commands::listing::{keyed, table};
use crate::config::{GlobalOpts, Sending};
use crate::labels::tutors::{application_status, review_error};
use crate::wiring::Wiring;

#[derive(Debug, Args)]
pub struct ApplicationsOpts {
    #[command(subcommand)]
    command: ApplicationsCommand,
}

#[derive(Debug, Args)]
struct Review {
    /// The application number.
    id: i64,
    /// Do not ask for confirmation.
    #[arg(long)]
    yes: bool,
    /// Recorded as the reviewer.
    #[arg(long, env = "TUTORHUB_REVIEWER", default_value = "back-office")]
    reviewer: String,
}

#[derive(Debug, Subcommand)]
enum ApplicationsCommand {
    /// List tutor applications, oldest first.
    List {
        /// Only applications in this state.
        #[arg(long, value_parser = keyed::<TutorApplicationStatus>())]
        status: Option<TutorApplicationStatus>,
        /// One JSON array instead of a table.
        #[arg(long)]
        json: bool,
    },
    /// Every field of one application and where its avatar is stored.
    Show {
        id: i64,
        #[arg(long)]
        json: bool,
    },
    /// Approve: the applicant becomes a tutor with a public profile, and is told by SMS.
    Approve(Review),
    /// Reject with a reason, which the applicant is told by SMS.
    Reject {
        #[command(flatten)]
        review: Review,
        /// Why (sent to the applicant).
        #[arg(long)]
        reason: String,
    },
}

fn to_json(a: &TutorApplication, wiring: &Wiring) -> serde_json::Value {
    let d = &a.details;
    json!({
        "id": a.number,
        "uuid": a.id.to_string(),
        "userId": a.user_id.to_string(),
        "status": a.status.key(),
        "name": d.name.as_str(),
        "contactNumber": d.contact_number.as_str(),
        "education": d.education,
        "age": d.age,
        "teachingExperience": d.teaching_experience,
        "subjects": d.subject_labels(),
        "examResults": d.exam_results,
        "courseFeatures": d.course_features,
        "teachingArea": d.place.area,
        "teachingSchedule": d.teaching_schedule,
        "teachingMode": d.teaching_mode(),
        "gender": d.gender.map(|g| g.key()),
        "teachingModes": d.teaching_modes.iter().map(|m| m.key).collect::<Vec<_>>(),
        "teachingDistricts": d.teaching_districts,
        "requiredFee": d.required_fee.dollars(),
        "bio": d.bio,
        "avatar": a.avatar,
        "avatarFile": wiring.public_file_location(&a.avatar),
        "rejectionReason": a.rejection_reason,
        "reviewer": a.reviewer,
        "submittedAt": a.submitted_at.to_rfc3339(),
        "reviewedAt": a.reviewed_at.map(|t| t.to_rfc3339()),
    })
}

pub async fn run(global: &GlobalOpts, opts: &ApplicationsOpts) -> anyhow::Result<()> {
    let sending = match opts.command {
        ApplicationsCommand::List { .. } | ApplicationsCommand::Show { .. } => Sending::No,
        ApplicationsCommand::Approve(_) | ApplicationsCommand::Reject { .. } => Sending::Yes,
    };
    let wiring = global.wiring(sending).await?;
    let applications = &wiring.tutor_applications();
    let result = async {
        match &opts.command {
            ApplicationsCommand::List { status, json } => {
                let list = applications.list(*status).await?;
                if *json {
                    let items: Vec<_> = list.iter().map(|a| to_json(a, &wiring)).collect();
                    println!("{}", serde_json::to_string_pretty(&items)?);
                } else if list.is_empty() {
                    eprintln!("no applications");
                } else {
                    let headers = ["ID", "STATUS", "SUBMITTED", "NAME", "AREA", "FEE", "SUBJECTS"];
                    let rows: Vec<Vec<String>> = list
                        .iter()
                        .map(|a| {
                            vec![
                                a.number.to_string(),
                                a.status.key().into(),
                                a.submitted_at.format("%Y-%m-%d").to_string(),
                                a.details.name.as_str().into(),
                                a.details.place.area.to_string(),
                                a.details.required_fee.to_string(),
                                a.details.subject_labels().join("、"),
                            ]
                        })
                        .collect();
                    print!("{}", table(&headers, &rows));
                }
            }
            ApplicationsCommand::Show { id, json } => {
                let a = applications.find(*id).await.map_err(refused)?;
                let value = to_json(&a, &wiring);
                if *json {
                    println!("{}", serde_json::to_string_pretty(&value)?);
                } else {
                    println!("application {} ({})", a.number, application_status(a.status));
                    for (key, field) in value.as_object().into_iter().flatten() {
                        let shown = match field {
                            serde_json::Value::String(s) => s.clone(),
                            serde_json::Value::Null => "-".into(),
                            other => other.to_string(),
                        };
                        println!("  {key:<20} {shown}");
                    }
                }
            }
            ApplicationsCommand::Approve(review) => {
                let a = applications.find(review.id).await.map_err(refused)?;
                let question = format!("Approve application {} of {}? They become a listed tutor.", a.number, a.details.name.as_str());
                confirm(review.yes, &question)?;
                let done = applications.decide(review.id, &Decision::Approve, &review.reviewer).await.map_err(refused)?;
                report(&done.application, done.notified);
                let (subject, details) = (format!("application {}", done.application.number), format!("user={}", done.application.user_id));
                audit::record(&wiring, global, Audited::TutorApplicationApproved, &subject, None, &details).await?;
            }
            ApplicationsCommand::Reject { review, reason } => {
                let a = applications.find(review.id).await.map_err(refused)?;
                let question = format!("Reject application {} of {}?", a.number, a.details.name.as_str());
                confirm(review.yes, &question)?;
                let decision = Decision::Reject { reason: reason.clone() };
                let done = applications.decide(review.id, &decision, &review.reviewer).await.map_err(refused)?;
                report(&done.application, done.notified);
                let (subject, details) = (format!("application {}", done.application.number), format!("user={}", done.application.user_id));
                audit::record(&wiring, global, Audited::TutorApplicationRejected, &subject, Some(reason.as_str()), &details).await?;
            }
        }
        anyhow::Ok(())
    }
    .await;
    wiring.database.close().await;
    result
}

/// A refusal of the domain in the clerk's words (zh-HK).
fn refused(error: ReviewApplicationError) -> anyhow::Error {
    anyhow::anyhow!(review_error(&error))
}

fn report(a: &TutorApplication, notified: bool) {
    println!("application {} is now {}", a.number, a.status.key());
    if notified {
        eprintln!("the applicant was told by SMS");
    } else {
        eprintln!("warning: the SMS to the applicant could not be sent; tell them another way");
    }
}
