//! `tutorhub invoices …`: the back office's side of the service fee: list, show (on any date),
//! waive, adjust, refund, move a due date, and export the proofs of payment tutors uploaded.
//! N is always the invoice number (`INV-2026-000123`).

use std::path::PathBuf;

use chrono::NaiveDate;
use clap::{Args, Subcommand};
use serde_json::json;
use tutorhub_domain::audit::model::Decision;
use tutorhub_domain::billing::invoices::{InvoiceView, Listed};
use tutorhub_domain::billing::ledger::LineKind;
use tutorhub_domain::billing::terms::hkd;
use tutorhub_domain::shared::hong_kong;

use crate::commands::audit;
use crate::commands::confirm::confirm;
use crate::commands::money::parse_cents;
use crate::config::{GlobalOpts, Sending};
use crate::labels::billing::{billing_error, line_reason};
use crate::wiring::Wiring;

#[derive(Debug, Args)]
pub struct InvoicesOpts {
    #[command(subcommand)]
    command: InvoicesCommand,
}

/// Who changes an invoice, and whether to ask first.
#[derive(Debug, Args)]
pub struct Who {
    /// Recorded on the line or the move as who made it.
    #[arg(long, env = "TUTORHUB_REVIEWER", default_value = "back-office")]
    pub reviewer: String,
    /// Do not ask for confirmation.
    #[arg(long)]
    pub yes: bool,
}

#[derive(Debug, Subcommand)]
enum InvoicesCommand {
    /// Invoices, latest first, with what each owes today.
    List {
        /// Only those past their due date and still owed.
        #[arg(long, conflicts_with = "credit")]
        overdue: bool,
        /// Only those owing the tutor money (a short match, or paid twice): to refund.
        #[arg(long)]
        credit: bool,
        /// A JSON array instead of a table.
        #[arg(long)]
        json: bool,
    },
    /// One invoice's statement, line by line: today's, or on another date.
    Show {
        number: String,
        /// The date of the statement (YYYY-MM-DD, Hong Kong), e.g. to see what was owed then.
        #[arg(long)]
        on: Option<NaiveDate>,
        #[arg(long)]
        json: bool,
    },
    /// Forgive what an invoice owes today, late charges included.
    Waive {
        number: String,
        #[arg(long)]
        reason: String,
        #[command(flatten)]
        who: Who,
    },
    /// Correct what an invoice owes: a positive amount adds, a negative one takes off (HKD).
    Adjust {
        number: String,
        #[arg(long, allow_hyphen_values = true)]
        amount: String,
        #[arg(long)]
        reason: String,
        #[command(flatten)]
        who: Who,
    },
    /// Record money paid back to the tutor out of a credit (a short match, or paid twice).
    Refund {
        number: String,
        /// HKD, at most the credit.
        #[arg(long)]
        amount: String,
        /// The bank's or FPS reference of the refund.
        #[arg(long)]
        reference: String,
        #[command(flatten)]
        who: Who,
    },
    /// Move the due date (an extension, or a correction), to any date, including a past one:
    /// late charges, reminders and the restriction follow from it at once.
    Due {
        number: String,
        #[arg(long)]
        date: NaiveDate,
        #[arg(long)]
        reason: String,
        #[command(flatten)]
        who: Who,
    },
    /// Save the proofs of payment a tutor uploaded into a folder, to check against the bank.
    Proofs {
        number: String,
        #[arg(long)]
        out: PathBuf,
    },
}

pub async fn run(global: &GlobalOpts, opts: &InvoicesOpts) -> anyhow::Result<()> {
    let sending = match opts.command {
        InvoicesCommand::List { .. } | InvoicesCommand::Show { .. } | InvoicesCommand::Proofs { .. } => Sending::No,
        _ => Sending::Yes,
    };
    let wiring = global.wiring(sending).await?;
    let result = execute(&wiring, global, &opts.command).await;
    wiring.database.close().await;
    result
}

async fn execute(wiring: &Wiring, global: &GlobalOpts, command: &InvoicesCommand) -> anyhow::Result<()> {
    let billing = &wiring.billing();
    match command {
        InvoicesCommand::List { overdue, credit, json } => {
            let only = if *overdue {
                Listed::Overdue
            } else if *credit {
                Listed::Credit
            } else {
                Listed::All
            };
            let views = billing.list(only).await.map_err(billing_error)?;
            if *json {
                println!("{}", serde_json::to_string_pretty(&views.iter().map(summary_json).collect::<Vec<_>>())?);
            } else if views.is_empty() {
                println!("no invoices");
            } else {
                println!("{:<16} {:>6} {:<8} {:<10} {:>14} {:>14} {:>4}", "INVOICE", "CASE", "STATUS", "DUE", "FEE", "OWED TODAY", "LATE");
                for v in &views {
                    println!(
                        "{:<16} {:>6} {:<8} {:<10} {:>14} {:>14} {:>4}",
                        v.number,
                        v.invoice.case_number,
                        v.status.key(),
                        v.invoice.due_on,
                        hkd(v.invoice.fee.amount),
                        hkd(v.statement.balance),
                        v.statement.days_overdue
                    );
                }
            }
        }
        InvoicesCommand::Show { number, on, json } => {
            let view = billing.show(number, *on).await.map_err(billing_error)?;
            if *json {
                println!("{}", serde_json::to_string_pretty(&detail_json(&view))?);
            } else {
                print_statement(&view);
            }
        }
        InvoicesCommand::Waive { number, reason, who } => {
            confirm(who.yes, &format!("豁免發票 {number} 今日的全部欠款，原因：{reason}？"))?;
            let view = billing.waive(number, reason, &who.reviewer).await.map_err(billing_error)?;
            print_statement(&view);
            let waived = view.statement.lines.iter().rev().find(|l| l.kind == LineKind::Waiver).map_or(0, |l| l.amount);
            record(wiring, global, Decision::InvoiceWaived, &view, Some(reason.as_str()), &format!("amount_cents={waived}")).await?;
        }
        InvoicesCommand::Adjust { number, amount, reason, who } => {
            let cents = parse_cents(amount, true)?;
            confirm(who.yes, &format!("發票 {number} 調整 {}，原因：{reason}？", hkd(cents)))?;
            let view = billing.adjust(number, cents, reason, &who.reviewer).await.map_err(billing_error)?;
            print_statement(&view);
            record(wiring, global, Decision::InvoiceAdjusted, &view, Some(reason.as_str()), &format!("amount_cents={cents}")).await?;
        }
        InvoicesCommand::Refund { number, amount, reference, who } => {
            let cents = parse_cents(amount, false)?;
            confirm(who.yes, &format!("記錄發票 {number} 退款 {}（參考編號 {reference}）？", hkd(cents)))?;
            let view = billing.refund(number, cents, reference, &who.reviewer).await.map_err(billing_error)?;
            print_statement(&view);
            record(wiring, global, Decision::InvoiceRefunded, &view, None, &format!("amount_cents={cents} reference={reference:?}"))
                .await?;
        }
        InvoicesCommand::Due { number, date, reason, who } => {
            confirm(who.yes, &format!("把發票 {number} 的到期日改為 {date}，原因：{reason}？"))?;
            let view = billing.move_due(number, *date, reason, &who.reviewer).await.map_err(billing_error)?;
            print_statement(&view);
            let from = view.due_changes.last().map_or_else(String::new, |c| c.from.to_string());
            record(wiring, global, Decision::InvoiceDueDateMoved, &view, Some(reason.as_str()), &format!("from={from} to={date}")).await?;
        }
        InvoicesCommand::Proofs { number, out } => {
            let images = billing.proof_images(number).await.map_err(billing_error)?;
            // As with an organization's documents: recorded before any file is written.
            let details = format!("proofs={} out={:?}", images.len(), out.display().to_string());
            audit::record(wiring, global, Decision::PaymentProofsExported, &format!("invoice {number}"), None, &details).await?;
            std::fs::create_dir_all(out)?;
            for (i, (proof, bytes)) in images.iter().enumerate() {
                let extension = proof.file_key.rsplit('.').next().unwrap_or("img");
                let path = out.join(format!("{number}-proof-{}.{extension}", i + 1));
                std::fs::write(&path, bytes)?;
                let at = hong_kong::local(proof.uploaded_at).format("%Y-%m-%d %H:%M");
                println!("{}  uploaded {at}  reference {}", path.display(), proof.reference);
            }
            if images.is_empty() {
                println!("no proofs of payment for {number}");
            }
        }
    }
    Ok(())
}

/// The invoice's change, in the audit trail.
async fn record(
    wiring: &Wiring,
    global: &GlobalOpts,
    decision: Decision,
    view: &InvoiceView,
    reason: Option<&str>,
    details: &str,
) -> anyhow::Result<()> {
    audit::record(wiring, global, decision, &format!("invoice {}", view.number), reason, details).await
}

/// The statement as the back office reads it: every line, why, and the balance.
fn print_statement(v: &InvoiceView) {
    let s = &v.statement;
    println!("{}  case {}  tutor {}  status {}", v.number, v.invoice.case_number, v.tutor_name, v.status.key());
    println!("due {}  statement on {}  {} days overdue", s.due_on, s.on, s.days_overdue);
    for c in &v.due_changes {
        println!("  due date moved {} -> {} by {}: {}", c.from, c.to, c.by, c.reason);
    }
    println!("{:<10} {:<10} {:>14}  {:<14}  WHY", "DATE", "KIND", "AMOUNT", "BY");
    for l in &s.lines {
        let accrued = if l.accrued { " (accrued to date)" } else { "" };
        let reference = l.reference.as_deref().map(|r| format!(" [{r}]")).unwrap_or_default();
        let by = l.by.as_deref().unwrap_or("system");
        println!("{:<10} {:<10} {:>14}  {by:<14}  {}{reference}{accrued}", l.on, l.kind.key(), hkd(l.amount), line_reason(&l.reason));
    }
    println!("{:<10} {:<10} {:>14}", "", "BALANCE", hkd(s.balance));
    if let Some(receipt) = v.invoice.receipt_number() {
        println!("receipt {receipt}");
    }
    for p in &v.proofs {
        println!("  proof of payment, reference {} (tutorhub invoices proofs {} --out DIR)", p.reference, v.number);
    }
}

fn summary_json(v: &InvoiceView) -> serde_json::Value {
    json!({
        "number": v.number,
        "caseId": v.invoice.case_number,
        "tutorId": v.invoice.tutor_id.to_string(),
        "status": v.status.key(),
        "issuedAt": v.invoice.issued_at.to_rfc3339(),
        "dueOn": v.invoice.due_on.to_string(),
        "feeCents": v.invoice.fee.amount,
        "balanceCents": v.statement.balance,
        "daysOverdue": v.statement.days_overdue,
        "receiptNumber": v.invoice.receipt_number(),
    })
}

fn detail_json(v: &InvoiceView) -> serde_json::Value {
    let mut out = summary_json(v);
    out["statementOn"] = json!(v.statement.on.to_string());
    out["lines"] = v
        .statement
        .lines
        .iter()
        .map(|l| {
            json!({
                "on": l.on.to_string(),
                "kind": l.kind.key(),
                "amountCents": l.amount,
                "reason": line_reason(&l.reason),
                "method": l.method.map(|m| m.key()),
                "reference": l.reference,
                "by": l.by,
                "accrued": l.accrued,
            })
        })
        .collect();
    out["dueChanges"] =
        v.due_changes.iter().map(|c| json!({"from": c.from.to_string(), "to": c.to.to_string(), "reason": c.reason, "by": c.by})).collect();
    out["proofs"] = v.proofs.iter().map(|p| json!({"reference": p.reference, "uploadedAt": p.uploaded_at.to_rfc3339()})).collect();
    out
}
