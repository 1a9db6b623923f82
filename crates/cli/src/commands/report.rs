//! `tutorhub report --from DATE --to DATE`: the marketplace in figures for a period of Hong
//! Kong dates (issue 36): a table for people, `--json` for machines (money in cents, waits in
//! seconds), `--html FILE` for a one-page report with charts a manager opens in a browser.
//!
//! Case figures follow the cases posted in the period up to its end (see
//! `tutorhub_domain::reports::figures`), so the same period reads the same on any later day.

use std::path::PathBuf;

use anyhow::Context;
use chrono::NaiveDate;
use clap::Args;
use serde_json::{Value, json};
use tutorhub_domain::billing::terms::hkd;
use tutorhub_domain::reports::figures::{CaseFigures, Group, MarketReport, Ranked, percent};
use tutorhub_domain::reports::model::{MAX_DAYS, Period, PeriodError};

use crate::commands::listing::table;
use crate::commands::report_html;
use crate::commands::report_words::{duration, level_name, name, share, stage_name};
use crate::config::{GlobalOpts, Sending};

#[derive(Debug, Args)]
pub struct ReportOpts {
    /// The first day of the period (YYYY-MM-DD, Hong Kong).
    #[arg(long)]
    from: NaiveDate,
    /// The last day of the period, included (YYYY-MM-DD, Hong Kong).
    #[arg(long)]
    to: NaiveDate,
    /// JSON instead of a table: money in cents, waits in seconds.
    #[arg(long, conflicts_with = "html")]
    json: bool,
    /// Write a one-page report with charts to FILE (HTML, self-contained: opens offline).
    #[arg(long, value_name = "FILE")]
    html: Option<PathBuf>,
}

pub async fn run(global: &GlobalOpts, opts: &ReportOpts) -> anyhow::Result<()> {
    // The dates first: a wrong period stops before the database is opened.
    let period = Period::new(opts.from, opts.to).map_err(|error| period_error(error, opts))?;
    let wiring = global.wiring(Sending::No).await?;
    let result = wiring.market_reports().report(period).await;
    wiring.database.close().await;
    let report = result.context("cannot compute the report")?;
    if let Some(path) = &opts.html {
        std::fs::write(path, report_html::page(&report)).with_context(|| format!("cannot write {}", path.display()))?;
        eprintln!("report written to {}", path.display());
    } else if opts.json {
        println!("{}", serde_json::to_string_pretty(&report_json(&report))?);
    } else {
        print!("{}", text(&report));
    }
    Ok(())
}

fn period_error(error: PeriodError, opts: &ReportOpts) -> anyhow::Error {
    match error {
        PeriodError::Reversed => {
            anyhow::anyhow!("the period is reversed: --from {} is after --to {}; give the earlier date first", opts.from, opts.to)
        }
        PeriodError::TooLong { days } => {
            anyhow::anyhow!("the period is {days} days long; a report covers at most {MAX_DAYS} days: run one per year")
        }
    }
}

fn case_json(f: &CaseFigures) -> Value {
    json!({
        "posted": f.posted,
        "approved": f.approved,
        "withApplicant": f.with_applicant,
        "answeredWithin24h": f.answered_within_day,
        "medianSecondsToFirstApplicant": f.median_to_first_applicant,
        "matched": f.matched,
        "medianSecondsToMatch": f.median_to_match,
        "confirmed": f.confirmed,
        "firstLessons": f.first_lessons,
        "endedEarly": f.ended_early,
        "rematched": f.rematched,
        "unanswered": f.unanswered,
    })
}

/// A group's figures with its stored key under `field` and its English name.
fn group_json(group: &Group, field: &str, english: String) -> Value {
    let mut value = case_json(&group.figures);
    value[field] = json!(group.key);
    value["name"] = json!(english);
    value
}

fn ranked_json(ranked: &[Ranked], field: &str) -> Value {
    Value::Array(ranked.iter().map(|r| json!({ field: r.name, "name": name(&r.name), "cases": r.cases })).collect())
}

fn report_json(report: &MarketReport) -> Value {
    let (posted, fees, tutors) = (report.cases.posted, &report.fees, &report.tutors);
    json!({
        "from": report.period.first_day().to_string(),
        "to": report.period.last_day().to_string(),
        "days": report.period.days(),
        "cases": case_json(&report.cases),
        "byLevel": report.by_level.iter().map(|g| group_json(g, "level", level_name(&g.key))).collect::<Vec<_>>(),
        "byRegion": report.by_region.iter().map(|g| group_json(g, "region", name(&g.key))).collect::<Vec<_>>(),
        "funnel": report.funnel.iter().map(|s| json!({
            "stage": s.stage.key(),
            "cases": s.cases,
            "percentOfPosted": percent(s.cases, posted),
        })).collect::<Vec<_>>(),
        "weeks": report.weeks.iter().map(|w| json!({
            "weekOf": w.starts_on.to_string(),
            "posted": w.posted,
            "matched": w.matched,
        })).collect::<Vec<_>>(),
        "unansweredDistricts": ranked_json(&report.unanswered_districts, "district"),
        "unansweredSubjects": ranked_json(&report.unanswered_subjects, "subject"),
        "tutors": { "applying": tutors.applying, "approved": tutors.approved, "active": tutors.active },
        "fees": {
            "invoiced": fees.invoiced,
            "invoicedCents": fees.invoiced_cents,
            "payments": fees.payments,
            "collectedCents": fees.collected_cents,
            "overdue": fees.overdue,
            "overdueCents": fees.overdue_cents,
        },
    })
}

/// The case figures as (what, how many, share of posted) rows.
fn case_rows(f: &CaseFigures) -> Vec<Vec<String>> {
    let row = |what: &str, n: u64| vec![what.to_string(), n.to_string(), share(n, f.posted)];
    let wait = |what: &str, seconds: Option<i64>| vec![what.to_string(), duration(seconds), String::new()];
    vec![
        row("Posted", f.posted),
        row("Approved", f.approved),
        row("With an applicant", f.with_applicant),
        row("First applicant within 24 h", f.answered_within_day),
        wait("Median time to the first applicant", f.median_to_first_applicant),
        row("Matched (tutor chosen)", f.matched),
        wait("Median time to a match", f.median_to_match),
        row("Confirmed by the tutor", f.confirmed),
        row("First lesson held", f.first_lessons),
        row("Ended early", f.ended_early),
        row("Re-matched", f.rematched),
        row("Approved, no applicant", f.unanswered),
    ]
}

/// The columns after the group's name, in [`group_row`]'s order; the waits are medians.
const GROUP_HEADERS: [&str; 12] = [
    "POSTED",
    "APPROVED",
    "APPLIED",
    "<24H",
    "MATCHED",
    "CONFIRMED",
    "LESSON",
    "ENDED EARLY",
    "RE-MATCHED",
    "UNANSWERED",
    "TO APPLICANT",
    "TO MATCH",
];

/// One row of a by-level or by-region table.
fn group_row(label: String, f: &CaseFigures) -> Vec<String> {
    let counts = [f.posted, f.approved, f.with_applicant, f.answered_within_day, f.matched, f.confirmed, f.first_lessons, f.ended_early];
    let mut row = vec![label];
    row.extend(counts.iter().map(u64::to_string));
    row.extend([f.rematched.to_string(), f.unanswered.to_string(), duration(f.median_to_first_applicant), duration(f.median_to_match)]);
    row
}

fn group_table(title: &str, groups: &[Group], english: impl Fn(&str) -> String, all: &CaseFigures) -> String {
    let mut headers = vec![title];
    headers.extend(GROUP_HEADERS);
    let mut rows: Vec<Vec<String>> = groups.iter().map(|g| group_row(english(&g.key), &g.figures)).collect();
    rows.push(group_row("All".to_string(), all));
    table(&headers, &rows)
}

fn ranked_table(title: &str, ranked: &[Ranked]) -> String {
    if ranked.is_empty() {
        return format!("{title}\nnone\n");
    }
    let rows: Vec<Vec<String>> = ranked.iter().map(|r| vec![name(&r.name), r.cases.to_string()]).collect();
    table(&[title, "CASES"], &rows)
}

fn text(report: &MarketReport) -> String {
    let period = &report.period;
    let (cases, tutors, fees) = (&report.cases, &report.tutors, &report.fees);
    let mut out = format!(
        "Market report, {} to {} ({} days, Hong Kong dates)\nCases posted in the period, followed to the end of {}.\n\n",
        period.first_day(),
        period.last_day(),
        period.days(),
        period.last_day()
    );
    let mut section = |text: String| {
        out.push_str(&text);
        out.push('\n');
    };
    section(table(&["CASES", "COUNT", "OF POSTED"], &case_rows(cases)));
    section(group_table("BY LEVEL", &report.by_level, level_name, cases));
    section(group_table("BY REGION", &report.by_region, name, cases));
    let weeks: Vec<Vec<String>> =
        report.weeks.iter().map(|w| vec![w.starts_on.to_string(), w.posted.to_string(), w.matched.to_string()]).collect();
    section(table(&["WEEK OF", "POSTED", "MATCHED"], &weeks));
    let funnel: Vec<Vec<String>> =
        report.funnel.iter().map(|s| vec![stage_name(s.stage).to_string(), s.cases.to_string(), share(s.cases, cases.posted)]).collect();
    section(table(&["FUNNEL", "CASES", "OF POSTED"], &funnel));
    section(ranked_table("UNANSWERED DISTRICT", &report.unanswered_districts));
    section(ranked_table("UNANSWERED SUBJECT", &report.unanswered_subjects));
    let tutor_rows = vec![
        vec!["Applying (distinct tutors)".to_string(), tutors.applying.to_string()],
        vec!["Approved (tutor applications)".to_string(), tutors.approved.to_string()],
        vec!["Active (applied, confirmed or taught)".to_string(), tutors.active.to_string()],
    ];
    section(table(&["TUTORS", "COUNT"], &tutor_rows));
    let fee_rows = vec![
        vec!["Invoiced".to_string(), fees.invoiced.to_string(), hkd(fees.invoiced_cents)],
        vec!["Collected".to_string(), fees.payments.to_string(), hkd(fees.collected_cents)],
        vec![format!("Overdue on {}", period.last_day()), fees.overdue.to_string(), hkd(fees.overdue_cents)],
    ];
    section(table(&["SERVICE FEES", "COUNT", "AMOUNT"], &fee_rows));
    out
}
