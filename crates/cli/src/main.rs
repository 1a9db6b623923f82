//! `tutorhub`: the server and the back office in one binary.

mod avatar;
mod commands;
mod config;
mod demo;
mod demo_tutors;
mod demo_accounts;
mod demo_documents;
mod messaging;
mod wiring;

use clap::{Parser, Subcommand};

use crate::config::{LogFormat, SecurityOpts, StoreOpts};

#[derive(Debug, Parser)]
#[command(name = "tutorhub", version, about = "tutorhub：香港私人補習配對平台 — server and back office")]
struct Cli {
    #[command(flatten)]
    store: StoreOpts,
    #[command(flatten)]
    security: SecurityOpts,
    /// Log line format (logs go to stderr).
    #[arg(long, env = "LOG_FORMAT", value_enum, default_value = "json", global = true)]
    log_format: LogFormat,
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Serve the API and the web app (migrates the database first).
    Serve(commands::serve::ServeOpts),
    /// Bring the database schema up to date.
    Migrate,
    /// Print the OpenAPI document of the API.
    Openapi,
    /// Fill the database with demo or benchmark data.
    Seed(commands::seed::SeedOpts),
    /// Moderate tutoring cases: list, show, approve, reject, close.
    Cases(commands::cases::CasesOpts),
    /// Review tutor applications (back office).
    Applications(commands::applications::ApplicationsOpts),
    /// Hide a tutor or list them again (back office); `users list --tutors` lists tutors.
    Tutors(commands::tutors::TutorsOpts),
    /// Look up accounts, private fields included (back office).
    Users(commands::users::UsersOpts),
    /// Verify or reject organizations (back office).
    Orgs(commands::orgs::OrgsOpts),
    /// Export an organization's registration documents (back office).
    Documents(commands::documents::DocumentsOpts),
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    config::init_logging(cli.log_format);
    match &cli.command {
        Command::Serve(opts) => commands::serve::run(&cli.store, &cli.security, opts).await,
        Command::Migrate => {
            cli.store.open().await?.close().await;
            eprintln!("database is up to date");
            Ok(())
        }
        Command::Openapi => commands::openapi::run().await,
        Command::Seed(opts) => commands::seed::run(&cli.store, &cli.security, opts).await,
        Command::Cases(opts) => commands::cases::run(&cli.store, &cli.security, opts).await,
        Command::Applications(opts) => commands::applications::run(&cli.store, &cli.security, opts).await,
        Command::Tutors(opts) => commands::tutors::run(&cli.store, &cli.security, opts).await,
        Command::Users(opts) => commands::users::run(&cli.store, &cli.security, opts).await,
        Command::Orgs(opts) => commands::orgs::run(&cli.store, &cli.security, opts).await,
        Command::Documents(opts) => commands::documents::run(&cli.store, &cli.security, opts).await,
    }
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    #[test]
    fn the_command_line_definition_is_consistent() {
        super::Cli::command().debug_assert();
    }
}
