//! `tutorhub seed`: demo data (idempotent) or bulk cases for benchmarks.

use chrono::Utc;
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use tutorhub_domain::cases::model::CaseStatus;
use tutorhub_domain::cases::search::CaseFilter;
use tutorhub_domain::shared::paging::PageRequest;
use uuid::Uuid;

use crate::config::{GlobalOpts, Sending};
use crate::demo::CaseGenerator;
use crate::demo_tutors;
use crate::wiring::Wiring;

/// Owner of the demo cases; finding any of its cases means the demo data is already there.
pub const DEMO_OWNER: Uuid = Uuid::from_u128(0x0000_0000_0000_4000_8000_0000_0000_d3e0);
const DEMO_CASES: usize = 240;
const BATCH: usize = 1000;
const DEMO_TUTORS: usize = 60;

#[derive(Debug, Args)]
#[group(required = true, multiple = true)]
pub struct SeedOpts {
    /// Add the demo data set once (running it again changes nothing).
    #[arg(long)]
    pub demo: bool,
    /// Add N more approved cases, for benchmarks.
    #[arg(long, value_name = "N")]
    pub cases: Option<usize>,
    /// Add N approved tutors (phones 6000 0000 up, no photos), for benchmarks.
    #[arg(long, value_name = "N")]
    pub tutors: Option<usize>,
}

pub async fn run(global: &GlobalOpts, opts: &SeedOpts) -> anyhow::Result<()> {
    let app = global.wiring(Sending::No).await?;
    if opts.demo {
        let added = crate::demo_accounts::ensure_demo_accounts(&app).await?;
        eprintln!("added {added} demo accounts (password {})", crate::demo_accounts::DEMO_PASSWORD);
        let demo_filter = CaseFilter::owned_by(DEMO_OWNER);
        if app.cases.search(&demo_filter, PageRequest::first(1)).await?.total > 0 {
            eprintln!("demo data is already present: nothing to do");
        } else {
            insert_cases(&app, DEMO_CASES, 2025, Some(DEMO_OWNER)).await?;
            eprintln!("added {DEMO_CASES} demo cases");
        }
        if app.users.find_by_phone(&demo_tutors::demo_phone(0)).await?.is_some() {
            eprintln!("demo tutors are already present: nothing to do");
        } else {
            let added = demo_tutors::insert_demo_tutors(&app, DEMO_TUTORS).await?;
            eprintln!("added {added} demo tutors (password {})", demo_tutors::DEMO_TUTOR_PASSWORD);
        }
        let reviews = crate::demo_history::ensure_demo_history(&app).await?;
        if reviews > 0 {
            eprintln!("added past parents' matched cases and {reviews} reviews of demo tutors");
        }
    }
    if let Some(count) = opts.cases {
        let numbers = insert_cases(&app, count, rand::random(), None).await?;
        // Bulk cases for benchmarks are news to nobody: no alert round should match them.
        if let Some((first, last)) = numbers {
            tutorhub_adapters::SqlAlertRepository::new(&app.database).forget_queued_cases(first, last).await?;
        }
        eprintln!("added {count} cases");
    }
    if let Some(count) = opts.tutors {
        demo_tutors::insert_bench_tutors(&app, count).await?;
        eprintln!("added {count} tutors");
    }
    app.database.close().await;
    Ok(())
}

/// Inserts `count` approved cases; answers the lowest and highest case numbers they were given.
async fn insert_cases(app: &Wiring, count: usize, seed: u64, owner: Option<Uuid>) -> anyhow::Result<Option<(i64, i64)>> {
    let mut generator = CaseGenerator::new(seed, Utc::now());
    let progress = ProgressBar::new(count as u64).with_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} cases ({per_sec}, {eta} left)").expect("the progress template is valid"),
    );
    let mut left = count;
    let mut range: Option<(i64, i64)> = None;
    while left > 0 {
        let batch = left.min(BATCH);
        let cases = (0..batch).map(|_| generator.next_case(owner, CaseStatus::Approved)).collect();
        let stored = app.cases.insert(cases).await?;
        for case in [stored.first(), stored.last()].into_iter().flatten() {
            range = Some(range.map_or((case.number, case.number), |(lo, hi): (i64, i64)| (lo.min(case.number), hi.max(case.number))));
        }
        progress.inc(batch as u64);
        left -= batch;
    }
    progress.finish_and_clear();
    Ok(range)
}
