//! `tutorhub payments …`: the back office records money received against invoices: one payment
//! by hand, or a bank statement export matched by the invoice number in each line's
//! description. Each is recorded once, however often it is recorded or imported.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use anyhow::{Context, bail};
use chrono::NaiveDate;
use clap::{Args, Subcommand, ValueEnum};
use tutorhub_domain::audit::model::Decision;
use tutorhub_domain::billing::invoices::{MoneyIn, Recorded, RowOutcome, StatementRow, Unmatched};
use tutorhub_domain::billing::ledger::PaymentMethod;
use tutorhub_domain::billing::terms::hkd;

use crate::commands::audit;
use crate::commands::money::parse_cents;
use crate::config::{GlobalOpts, Sending};
use crate::labels::billing::{billing_error, unmatched};
use crate::wiring::Wiring;

/// A statement export larger than this is not a bank statement.
const MAX_STATEMENT_BYTES: u64 = 20 * 1024 * 1024;

#[derive(Debug, Args)]
pub struct PaymentsOpts {
    #[command(subcommand)]
    command: PaymentsCommand,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
enum Method {
    Fps,
    Bank,
    Cash,
}

impl From<Method> for PaymentMethod {
    fn from(m: Method) -> Self {
        match m {
            Method::Fps => PaymentMethod::Fps,
            Method::Bank => PaymentMethod::Bank,
            Method::Cash => PaymentMethod::Cash,
        }
    }
}

#[derive(Debug, Subcommand)]
enum PaymentsCommand {
    /// Record one payment received (once per method and reference).
    Record {
        /// The invoice number, e.g. INV-2026-000123.
        invoice: String,
        /// HKD, e.g. 800 or 800.53.
        #[arg(long)]
        amount: String,
        #[arg(long, value_enum)]
        method: Method,
        /// The FPS or bank reference (or the receipt book's number for cash).
        #[arg(long)]
        reference: String,
        /// The day the money arrived (YYYY-MM-DD, Hong Kong; the bank's date, which late
        /// interest runs to); today when unset.
        #[arg(long)]
        on: Option<NaiveDate>,
        /// Recorded on the line as who recorded it.
        #[arg(long, env = "TUTORHUB_REVIEWER", default_value = "back-office")]
        reviewer: String,
    },
    /// Record the money lines of a bank statement export (CSV) whose description names an
    /// invoice; prints what it recorded and a table of the lines it could not match.
    Import {
        file: PathBuf,
        #[arg(long, default_value = "date")]
        date_column: String,
        #[arg(long, default_value = "amount")]
        amount_column: String,
        #[arg(long, default_value = "description")]
        description_column: String,
        /// How the dates are written (chrono's format); YYYY-MM-DD and DD/MM/YYYY are tried
        /// when unset.
        #[arg(long)]
        date_format: Option<String>,
        /// How the statement's money came.
        #[arg(long, value_enum, default_value = "bank")]
        method: Method,
    },
}

pub async fn run(global: &GlobalOpts, opts: &PaymentsOpts) -> anyhow::Result<()> {
    let wiring = global.wiring(Sending::Yes).await?;
    let result = execute(&wiring, global, &opts.command).await;
    wiring.database.close().await;
    result
}

async fn execute(wiring: &Wiring, global: &GlobalOpts, command: &PaymentsCommand) -> anyhow::Result<()> {
    let billing = &wiring.billing();
    match command {
        PaymentsCommand::Record { invoice, amount, method, reference, on, reviewer } => {
            let cents = parse_cents(amount, false)?;
            let money = MoneyIn { cents, method: (*method).into(), reference, on: *on, by: reviewer };
            match billing.record_payment(invoice, money).await.map_err(billing_error)? {
                Recorded::New(view) => {
                    println!(
                        "recorded {} on {}; owed now {} ({})",
                        hkd(cents),
                        view.number,
                        hkd(view.statement.balance),
                        view.status.key()
                    );
                    if let Some(receipt) = view.invoice.receipt_number() {
                        println!("paid in full: receipt {receipt} sent to the tutor");
                    }
                    let (method, balance) = (PaymentMethod::from(*method).key(), view.statement.balance);
                    let details = format!("amount_cents={cents} method={method} reference={reference:?} balance_cents={balance}");
                    audit::record(wiring, global, Decision::PaymentRecorded, &format!("invoice {}", view.number), None, &details).await?;
                }
                // Nothing changed, so there is no decision to write down.
                Recorded::Already(number) => println!("already recorded on {number}: nothing changed"),
            }
        }
        PaymentsCommand::Import { file, date_column, amount_column, description_column, date_format, method } => {
            let columns = Columns { date: date_column, amount: amount_column, description: description_column };
            let (rows, unreadable) = read_statement(file, &columns, date_format.as_deref())?;
            let outcomes = billing.import(&rows, (*method).into(), &format!("import {}", file.display())).await.map_err(billing_error)?;
            report(&rows, &outcomes, &unreadable);
            // One entry for the whole import, however many lines it recorded (none included:
            // reading a statement in is the clerk's act either way).
            let details = format!("method={} {}", PaymentMethod::from(*method).key(), counts(&outcomes, &unreadable));
            audit::record(wiring, global, Decision::BankStatementImported, &format!("statement {}", file.display()), None, &details)
                .await?;
        }
    }
    Ok(())
}

/// A line of the file that could not be read: its number and why.
type Unreadable = (usize, String);

struct Columns<'a> {
    date: &'a str,
    amount: &'a str,
    description: &'a str,
}

/// The statement's rows, and the lines that could not be read (line, why).
fn read_statement(file: &Path, columns: &Columns<'_>, date_format: Option<&str>) -> anyhow::Result<(Vec<StatementRow>, Vec<Unreadable>)> {
    let size = std::fs::metadata(file).with_context(|| format!("cannot read {}", file.display()))?.len();
    if size > MAX_STATEMENT_BYTES {
        bail!("{} is {size} bytes; a statement export is at most {MAX_STATEMENT_BYTES}", file.display());
    }
    let mut reader = csv::ReaderBuilder::new().flexible(true).trim(csv::Trim::All).from_path(file)?;
    let headers: HashMap<String, usize> =
        reader.headers()?.iter().enumerate().map(|(i, h)| (h.trim_start_matches('\u{feff}').trim().to_lowercase(), i)).collect();
    let column = |name: &str| {
        headers.get(&name.to_lowercase()).copied().with_context(|| {
            let mut known: Vec<&String> = headers.keys().collect();
            known.sort();
            format!(
                "no column {name:?} in {} (it has {known:?}); name it with --date-column, --amount-column or --description-column",
                file.display()
            )
        })
    };
    let (date, amount, description) = (column(columns.date)?, column(columns.amount)?, column(columns.description)?);
    let (mut rows, mut unreadable) = (Vec::new(), Vec::new());
    for (i, record) in reader.records().enumerate() {
        let line = i + 2; // after the header, from 1
        let record = match record {
            Ok(record) => record,
            Err(e) => {
                unreadable.push((line, e.to_string()));
                continue;
            }
        };
        let field = |i: usize| record.get(i).unwrap_or("").to_string();
        match (parse_date(&field(date), date_format), parse_cents(&field(amount), true)) {
            (Some(on), Ok(cents)) => rows.push(StatementRow { line, on, amount: cents, description: field(description) }),
            (None, _) => unreadable.push((line, format!("unreadable date {:?}", field(date)))),
            (_, Err(e)) => unreadable.push((line, e.to_string())),
        }
    }
    Ok((rows, unreadable))
}

fn parse_date(raw: &str, format: Option<&str>) -> Option<NaiveDate> {
    match format {
        Some(format) => NaiveDate::parse_from_str(raw, format).ok(),
        None => ["%Y-%m-%d", "%d/%m/%Y", "%Y/%m/%d"].iter().find_map(|f| NaiveDate::parse_from_str(raw, f).ok()),
    }
}

/// What an import did, as the audit trail keeps it: `recorded=1 already=0 unmatched=3 unreadable=1`.
fn counts(outcomes: &[RowOutcome], unreadable: &[Unreadable]) -> String {
    let count = |want: fn(&RowOutcome) -> bool| outcomes.iter().filter(|o| want(o)).count();
    format!(
        "recorded={} already={} unmatched={} unreadable={}",
        count(|o| matches!(o, RowOutcome::Recorded(_))),
        count(|o| matches!(o, RowOutcome::AlreadyRecorded(_))),
        count(|o| matches!(o, RowOutcome::Unmatched(_))),
        unreadable.len()
    )
}

fn report(rows: &[StatementRow], outcomes: &[RowOutcome], unreadable: &[Unreadable]) {
    let count = |want: fn(&RowOutcome) -> bool| outcomes.iter().filter(|o| want(o)).count();
    let recorded = count(|o| matches!(o, RowOutcome::Recorded(_)));
    let already = count(|o| matches!(o, RowOutcome::AlreadyRecorded(_)));
    for (row, outcome) in rows.iter().zip(outcomes) {
        if let RowOutcome::Recorded(number) = outcome {
            println!("line {:>5}  {}  {:>14}  recorded on {number}", row.line, row.on, hkd(row.amount));
        }
    }
    println!("{recorded} recorded, {already} already recorded before");
    let left: Vec<(&StatementRow, &Unmatched)> = rows
        .iter()
        .zip(outcomes)
        .filter_map(|(row, o)| match o {
            RowOutcome::Unmatched(why) => Some((row, why)),
            _ => None,
        })
        .collect();
    if left.is_empty() && unreadable.is_empty() {
        return;
    }
    println!("\nlines not matched to an invoice ({}):", left.len() + unreadable.len());
    println!("{:>5}  {:<10} {:>14}  {:<40}  WHY", "LINE", "DATE", "AMOUNT", "DESCRIPTION");
    for (row, why) in left {
        let description: String = row.description.chars().take(40).collect();
        println!("{:>5}  {:<10} {:>14}  {:<40}  {}", row.line, row.on, hkd(row.amount), description, unmatched(why));
    }
    for (line, why) in unreadable {
        println!("{line:>5}  {:<10} {:>14}  {:<40}  {why}", "", "", "");
    }
}
