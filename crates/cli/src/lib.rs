//! `tutorhub`: the server and the back office in one binary. The library half holds the
//! commands and the composition root (`wiring`), which the API tests build through too.

pub mod config;
/// The market the demo data imitates; `tests/commands/demo_data.rs` checks the seeded data against it.
pub mod demo_market;
pub mod messaging;
/// `serve`'s metrics listener, its probes, and the database waits taken from sqlx's events.
pub mod monitoring;
pub mod wiring;

mod avatar;
mod background;
mod commands;
mod demo;
mod demo_accounts;
mod demo_documents;
mod demo_history;
mod demo_tutors;
mod labels;

use clap::{Parser, Subcommand};

use crate::config::{GlobalOpts, LogFormat};

#[derive(Debug, Parser)]
#[command(name = "tutorhub", version, about = "tutorhub：香港私人補習配對平台 — server and back office")]
struct Cli {
    #[command(flatten)]
    global: GlobalOpts,
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
    /// Print the limits the server enforces on the forms, as frontend/src/api/form-limits.ts.
    FormLimits,
    /// Print the catalogue's English names, as frontend/src/i18n/catalogue-names-en.ts.
    CatalogueNames,
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
    /// Moderate reviews of tutors: list, show, hide, restore (back office).
    Reviews(commands::reviews::ReviewsOpts),
    /// Settle disputed lessons of the lesson record: list, resolve (back office).
    Lessons(commands::lessons::LessonsOpts),
    /// The service fee's invoices: list, show on a date, waive, adjust, refund, move a due date (back office).
    Invoices(commands::invoices::InvoicesOpts),
    /// Record money received: one payment, or a bank statement export (back office).
    Payments(commands::payments::PaymentsOpts),
    /// The site's periodic jobs (alert delivery, clean-ups): which server runs them, their runs.
    Jobs(commands::jobs::JobsOpts),
    /// Read the audit trail of the back office's decisions: who, when, what and why.
    Audit(commands::audit::AuditOpts),
    /// The marketplace in figures for a period: table, --json or --html FILE.
    Report(commands::report::ReportOpts),
    /// Move uploads from the data folder into an S3-compatible bucket.
    Storage(commands::storage::StorageOpts),
}

/// Parses the command line and runs the command.
///
/// # Errors
/// The command failed; the message says why.
pub async fn run() -> anyhow::Result<()> {
    let cli = Cli::parse();
    let global = &cli.global;
    let serving = matches!(cli.command, Command::Serve(_));
    let metrics = matches!(&cli.command, Command::Serve(opts) if !opts.metrics_bind.eq_ignore_ascii_case("off"));
    let _logging = config::init_logging(cli.log_format, serving, metrics);
    match &cli.command {
        Command::Serve(opts) => commands::serve::run(global, opts).await,
        Command::Migrate => {
            global.store.open().await?.close().await;
            eprintln!("database is up to date");
            Ok(())
        }
        Command::Openapi => commands::openapi::run().await,
        Command::FormLimits => {
            commands::form_limits::run();
            Ok(())
        }
        Command::CatalogueNames => {
            commands::catalogue_names::run();
            Ok(())
        }
        Command::Seed(opts) => commands::seed::run(global, opts).await,
        Command::Cases(opts) => commands::cases::run(global, opts).await,
        Command::Applications(opts) => commands::applications::run(global, opts).await,
        Command::Tutors(opts) => commands::tutors::run(global, opts).await,
        Command::Users(opts) => commands::users::run(global, opts).await,
        Command::Orgs(opts) => commands::orgs::run(global, opts).await,
        Command::Documents(opts) => commands::documents::run(global, opts).await,
        Command::Reviews(opts) => commands::reviews::run(global, opts).await,
        Command::Lessons(opts) => commands::lessons::run(global, opts).await,
        Command::Invoices(opts) => commands::invoices::run(global, opts).await,
        Command::Payments(opts) => commands::payments::run(global, opts).await,
        Command::Jobs(opts) => commands::jobs::run(global, opts).await,
        Command::Audit(opts) => commands::audit::run(global, opts).await,
        Command::Report(opts) => commands::report::run(global, opts).await,
        Command::Storage(opts) => commands::storage::run(global, opts).await,
    }
}

#[cfg(test)]
mod tests {
    use clap::{CommandFactory, Parser};

    #[test]
    fn the_command_line_definition_is_consistent() {
        super::Cli::command().debug_assert();
    }

    #[test]
    fn links_point_at_the_bound_address_unless_a_public_one_is_set() {
        let site = |args: &[&str]| {
            let cli = super::Cli::try_parse_from([&["tutorhub"], args, &["migrate"]].concat()).unwrap();
            cli.global.site.public_base_url()
        };
        assert_eq!(site(&["--bind", "127.0.0.1:9000"]), "http://127.0.0.1:9000");
        assert_eq!(site(&["--bind", "0.0.0.0:80", "--public-base-url", "https://tutorhub.hk"]), "https://tutorhub.hk");
    }

    #[test]
    fn the_database_pool_takes_one_to_a_thousand_connections() {
        let parse = |args: &[&str]| super::Cli::try_parse_from([&["tutorhub"], args, &["migrate"]].concat());
        assert_eq!(parse(&[]).unwrap().global.store.database_connections, None);
        assert_eq!(parse(&["--database-connections", "8"]).unwrap().global.store.database_connections, Some(8));
        for wrong in ["0", "1001", "many"] {
            assert!(parse(&["--database-connections", wrong]).is_err(), "{wrong}");
        }
    }

    #[tokio::test]
    async fn the_database_opens_with_the_connections_asked_for() {
        let dir = tempfile::tempdir().unwrap();
        let url = tutorhub_adapters::Database::sqlite_url(dir.path());
        let args = ["tutorhub", "--database-url", &url, "--database-connections", "3", "migrate"];
        let database = super::Cli::try_parse_from(args).unwrap().global.store.open().await.unwrap();
        assert_eq!(database.pool().options().get_max_connections(), 3);
    }
}
