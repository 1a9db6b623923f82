//! The report as one self-contained HTML page (`tutorhub report --html FILE`): inline CSS and
//! inline SVG charts (`report_svg`), no script and no address to fetch, so it opens offline on
//! a phone or a desktop and travels as one file. Every text put into it is escaped.

use std::fmt::Write;

use tutorhub_domain::billing::terms::hkd;
use tutorhub_domain::reports::figures::{CaseFigures, Group, MarketReport, Ranked};

use crate::commands::report_svg::{Bar, escape, horizontal_bars, weekly_bars};
use crate::commands::report_words::{duration, level_name, name, share, stage_name};

const STYLE: &str = r#"
body{margin:0;font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#222;background:#f5f6f8}
main{max-width:980px;margin:0 auto;padding:14px}
h1{font-size:1.45rem;margin:.3em 0}
h2{font-size:1.1rem;margin:1.5em 0 .5em}
.sub{color:#555;margin:0 0 1em}
.tiles{display:grid;grid-template-columns:repeat(auto-fill,minmax(165px,1fr));gap:10px}
.tile,.card{background:#fff;border-radius:8px;padding:10px 12px;box-shadow:0 1px 2px rgba(0,0,0,.1)}
.tile b{display:block;font-size:1.3rem}
.tile span{color:#555;font-size:.85rem}
.two{display:grid;grid-template-columns:repeat(auto-fit,minmax(300px,1fr));gap:12px}
svg{display:block;width:100%;height:auto;max-width:760px;font-size:15px}
svg text{fill:#333}
svg .axis{fill:#666;font-size:12px}
.scroll{overflow-x:auto}
table{border-collapse:collapse;width:100%;background:#fff;font-size:.9rem}
th,td{padding:6px 8px;border-bottom:1px solid #e2e4e8;text-align:right;white-space:nowrap}
th:first-child,td:first-child{text-align:left}
tr.all td{font-weight:600}
dt{font-weight:600;margin-top:.5em}
dd{margin:0 0 0 1em;color:#444}
@media print{body{background:#fff}.tile,.card{box-shadow:none;border:1px solid #ddd}}
"#;

/// Each figure in one line, as the page explains them under the charts.
const DEFINITIONS: &[(&str, &str)] = &[
    ("Cases", "what families posted in the period (tutors' own adverts are not counted), followed to the end of its last day"),
    (
        "Approved",
        "let through by moderation by the end (for cases from before approval times were kept: open, offered or matched now, or applied to)",
    ),
    ("First applicant within 24 h", "the first tutor applied within 24 hours of the approval (of the posting, for those older cases)"),
    ("Matched", "the owner chose a tutor: an offer was made"),
    ("Confirmed", "the chosen tutor confirmed the offer"),
    ("First lesson held", "a lesson of the match was confirmed (by the family, its silence or the back office)"),
    ("Ended early", "a confirmed match ended before its first lesson or within 14 days of it"),
    ("Re-matched", "the owner chose a tutor again after an offer was declined or lapsed, or a match ended"),
    ("Unanswered", "approved cases without any applicant by the end"),
    ("Tutors applying", "distinct tutors who applied to any case in the period"),
    ("Tutors approved", "tutor applications approved in the period"),
    ("Active tutors", "distinct tutors who applied, confirmed a match or recorded a lesson held in the period"),
    ("Invoiced", "service fee invoices issued in the period, at their fee as issued"),
    ("Collected", "payments received in the period (refunds not taken off)"),
    ("Overdue", "invoices still owing on the last day, past their due date"),
];

/// The whole page.
pub fn page(report: &MarketReport) -> String {
    let period = &report.period;
    let (cases, fees) = (&report.cases, &report.fees);
    let title = escape(&format!("Market report, {} to {}", period.first_day(), period.last_day()));
    let mut html = format!(
        r#"<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>{title}</title><style>{STYLE}</style></head><body><main><h1>{title}</h1><p class="sub">{} days, Hong Kong dates. Case figures follow the cases posted in the period up to the end of {}.</p>"#,
        period.days(),
        period.last_day(),
    );
    html.push_str(&tiles(report));

    html.push_str("<h2>Weekly trend</h2><div class=\"card\">");
    html.push_str(&weekly_bars("Cases posted and matched, week by week", &report.weeks));
    html.push_str("</div><h2>Funnel</h2><div class=\"card\">");
    let steps: Vec<Bar> = report
        .funnel
        .iter()
        .map(|s| Bar {
            label: stage_name(s.stage).into(),
            value: s.cases,
            caption: format!("{} ({})", s.cases, share(s.cases, cases.posted)),
        })
        .collect();
    html.push_str(&horizontal_bars("From posted to first lesson", &steps, cases.posted, "#59a14f"));
    html.push_str("</div>");

    html.push_str("<h2>Approved cases without an applicant</h2>");
    if report.unanswered_districts.is_empty() {
        html.push_str("<p>None: every approved case had an applicant.</p>");
    } else {
        html.push_str("<div class=\"two\"><div class=\"card\">");
        html.push_str(&ranked("Unanswered cases by district", &report.unanswered_districts));
        html.push_str("</div><div class=\"card\">");
        html.push_str(&ranked("Unanswered cases by subject", &report.unanswered_subjects));
        html.push_str("</div></div>");
    }

    html.push_str("<h2>By level</h2>");
    html.push_str(&group_table("Level", &report.by_level, level_name, cases));
    html.push_str("<h2>By region</h2>");
    html.push_str(&group_table("Region", &report.by_region, name, cases));

    let tutors = &report.tutors;
    html.push_str("<h2>Tutors</h2>");
    html.push_str(&table(
        &["Tutors", "Count"],
        &[
            vec!["Applying (distinct tutors)".into(), tutors.applying.to_string()],
            vec!["Approved (tutor applications)".into(), tutors.approved.to_string()],
            vec!["Active (applied, confirmed or taught)".into(), tutors.active.to_string()],
        ],
    ));
    html.push_str("<h2>Service fees</h2>");
    html.push_str(&table(
        &["Service fees", "Count", "Amount"],
        &[
            vec!["Invoiced".into(), fees.invoiced.to_string(), hkd(fees.invoiced_cents)],
            vec!["Collected".into(), fees.payments.to_string(), hkd(fees.collected_cents)],
            vec![format!("Overdue on {}", period.last_day()), fees.overdue.to_string(), hkd(fees.overdue_cents)],
        ],
    ));

    html.push_str("<h2>How the figures are counted</h2><div class=\"card\"><dl>");
    for (what, meaning) in DEFINITIONS {
        let _ = write!(html, "<dt>{}</dt><dd>{}</dd>", escape(what), escape(meaning));
    }
    html.push_str("</dl></div></main></body></html>\n");
    html
}

/// The key figures, one tile each: the figure, then what it is and its share of the posted.
fn tiles(report: &MarketReport) -> String {
    let (c, t, f) = (&report.cases, &report.tutors, &report.fees);
    let of_posted = |n: u64| format!("{} of posted", share(n, c.posted));
    let tiles: Vec<(String, String)> = vec![
        (c.posted.to_string(), "cases posted".into()),
        (c.approved.to_string(), format!("approved, {}", of_posted(c.approved))),
        (c.answered_within_day.to_string(), format!("first applicant within 24 h, {}", of_posted(c.answered_within_day))),
        (duration(c.median_to_first_applicant), "median wait for a first applicant".into()),
        (c.matched.to_string(), format!("matched, {}", of_posted(c.matched))),
        (duration(c.median_to_match), "median time to a match".into()),
        (c.confirmed.to_string(), format!("confirmed, {}", of_posted(c.confirmed))),
        (c.first_lessons.to_string(), "first lessons held".into()),
        (c.ended_early.to_string(), format!("ended early, {} re-matched", c.rematched)),
        (c.unanswered.to_string(), "approved, no applicant".into()),
        (t.active.to_string(), format!("active tutors, {} applying", t.applying)),
        (hkd(f.invoiced_cents), format!("invoiced, {}", plural(f.invoiced, "invoice"))),
        (hkd(f.collected_cents), format!("collected, {}", plural(f.payments, "payment"))),
        (hkd(f.overdue_cents), format!("overdue, {}", plural(f.overdue, "invoice"))),
    ];
    let mut html = String::from("<div class=\"tiles\">");
    for (figure, what) in tiles {
        let _ = write!(html, "<div class=\"tile\"><b>{}</b><span>{}</span></div>", escape(&figure), escape(&what));
    }
    html.push_str("</div>");
    html
}

fn ranked(title: &str, ranked: &[Ranked]) -> String {
    let bars: Vec<Bar> = ranked.iter().map(|r| Bar { label: name(&r.name), value: r.cases, caption: r.cases.to_string() }).collect();
    horizontal_bars(title, &bars, 0, "#e15759")
}

/// A table of text cells (escaped here), the first column left-aligned, the others right.
fn table(headers: &[&str], rows: &[Vec<String>]) -> String {
    let mut html = String::from("<div class=\"scroll\"><table><thead><tr>");
    for header in headers {
        let _ = write!(html, "<th>{}</th>", escape(header));
    }
    html.push_str("</tr></thead><tbody>");
    for row in rows {
        html.push_str("<tr>");
        for cell in row {
            let _ = write!(html, "<td>{}</td>", escape(cell));
        }
        html.push_str("</tr>");
    }
    html.push_str("</tbody></table></div>");
    html
}

fn group_cells(label: String, f: &CaseFigures) -> Vec<String> {
    let counts = [f.posted, f.approved, f.with_applicant, f.answered_within_day, f.matched, f.confirmed, f.first_lessons];
    let mut cells = vec![label];
    cells.extend(counts.iter().map(u64::to_string));
    cells.extend([f.ended_early, f.rematched, f.unanswered].iter().map(u64::to_string));
    cells.extend([duration(f.median_to_first_applicant), duration(f.median_to_match)]);
    cells
}

fn group_table(title: &str, groups: &[Group], english: impl Fn(&str) -> String, all: &CaseFigures) -> String {
    let headers = [
        title,
        "Posted",
        "Approved",
        "Applied",
        "Within 24 h",
        "Matched",
        "Confirmed",
        "First lesson",
        "Ended early",
        "Re-matched",
        "Unanswered",
        "Median to applicant",
        "Median to match",
    ];
    let rows: Vec<Vec<String>> = groups.iter().map(|g| group_cells(english(&g.key), &g.figures)).collect();
    let html = table(&headers, &rows);
    // The total row, marked so it reads as one.
    let total: String = group_cells("All".into(), all).iter().map(|cell| format!("<td>{}</td>", escape(cell))).collect();
    html.replace("</tbody>", &format!("<tr class=\"all\">{total}</tr></tbody>"))
}

/// `1 invoice`, `2 invoices`.
fn plural(count: u64, noun: &str) -> String {
    if count == 1 { format!("1 {noun}") } else { format!("{count} {noun}s") }
}
