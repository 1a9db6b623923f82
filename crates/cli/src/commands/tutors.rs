//! `tutorhub tutors activate|deactivate USER`: listing or hiding a tutor's public profile.

use anyhow::Context;
use clap::{Args, Subcommand};
use tutorhub_domain::audit::model::Decision;
use tutorhub_domain::tutors::model::TutorRef;

use crate::commands::audit;
use crate::commands::confirm::confirm;
use crate::config::{GlobalOpts, Sending};
use crate::labels::tutors::listing_error;

#[derive(Debug, Args)]
pub struct TutorsOpts {
    #[command(subcommand)]
    command: TutorsCommand,
}

#[derive(Debug, Subcommand)]
enum TutorsCommand {
    /// List the tutor in search again and let them apply to cases.
    Activate {
        /// User number or user id.
        user: String,
    },
    /// Hide the tutor from search and their profile page; they cannot apply to cases meanwhile.
    Deactivate {
        /// User number or user id.
        user: String,
        /// Do not ask for confirmation.
        #[arg(long)]
        yes: bool,
    },
}

pub async fn run(global: &GlobalOpts, opts: &TutorsOpts) -> anyhow::Result<()> {
    let (user, active, yes) = match &opts.command {
        TutorsCommand::Activate { user } => (user, true, true),
        TutorsCommand::Deactivate { user, yes } => (user, false, *yes),
    };
    let tutor = TutorRef::parse(user).context("USER must be a user number or a user id")?;
    confirm(yes, &format!("Hide tutor {user} from search and their profile page?"))?;
    let wiring = global.wiring(Sending::No).await?;
    let result = async {
        let profile = wiring.tutor_listing().set_active(tutor, active).await.map_err(|e| anyhow::anyhow!(listing_error(&e)))?;
        println!(
            "tutor {} ({}) is now {}",
            profile.user_number,
            profile.name,
            if profile.active { "active: listed in search" } else { "inactive: hidden" }
        );
        let decision = if active { Decision::TutorActivated } else { Decision::TutorDeactivated };
        let (subject, details) = (format!("user {}", profile.user_number), format!("user={}", profile.user_id));
        audit::record(&wiring, global, decision, &subject, None, &details).await
    }
    .await;
    wiring.database.close().await;
    result
}
