//! The figures of a report, computed from its facts; nothing here reads a store or a clock.
//!
//! The cohort rule: case figures are about the cases posted in the period, following what
//! happened to them up to the period's end and nothing after it, so a report of a past period
//! reads the same whenever it is run. A case posted on the last day has had less time to find
//! a tutor than one posted on the first; the weekly trend shows it.
//!
//! Medians are durations in seconds, `None` when no case has one. Of an even count the median
//! is the lower of the two middle values: always a wait some case really had, in whole seconds.

use std::collections::{BTreeMap, HashSet};

use chrono::{DateTime, Duration, NaiveDate, Utc};

use crate::billing::ledger::LineKind;
use crate::cases::model::CaseStatus;
use crate::keyed_enum;
use crate::lessons::model::REOPEN_WITHIN_DAYS;
use crate::reports::facts::{CaseFacts, InvoiceFacts, ReportFacts, TutorActivity, TutorEvent};
use crate::reports::model::{Period, week_of};
use crate::shared::catalogue;
use crate::shared::hong_kong;

/// A case is answered quickly when its first applicant came within this many hours of its
/// approval (exactly 24 hours counts).
pub const ANSWERED_WITHIN_HOURS: i64 = 24;

/// How many districts and subjects the unanswered lists name.
pub const TOP_UNANSWERED: usize = 10;

/// The case figures of some cases of the cohort: all of them, or those of one level or region.
///
/// Cases are what families post (student seeking tutor): a tutor's own advert is not a case to
/// fill, so it is not counted. "By the end" is the end of the period's last day (Hong Kong).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CaseFigures {
    /// Cases posted in the period.
    pub posted: u64,
    /// Of them, those moderation let through by the end. For a case approved before approval
    /// times were kept: approved, offered or matched now, or applied to (tutors apply only to
    /// public cases).
    pub approved: u64,
    /// Those with at least one applicant by the end.
    pub with_applicant: u64,
    /// Those whose first applicant came within [`ANSWERED_WITHIN_HOURS`] of approval (of
    /// posting, for a case approved before approval times were kept): tutors cannot apply sooner.
    pub answered_within_day: u64,
    /// Median seconds from approval (as above) to the first applicant, over the cases with one.
    pub median_to_first_applicant: Option<i64>,
    /// Those whose owner chose a tutor (an offer was made) by the end.
    pub matched: u64,
    /// Median seconds from posting to the first offer, over the matched cases.
    pub median_to_match: Option<i64>,
    /// Those whose chosen tutor confirmed an offer by the end.
    pub confirmed: u64,
    /// Those with a confirmed match whose first lesson was held: a lesson confirmed (by the
    /// family, its silence or the back office) that was recorded by the end.
    pub first_lessons: u64,
    /// Those with a confirmed match that either side ended by the end, before its first held
    /// lesson or within [`REOPEN_WITHIN_DAYS`] days of it: the match did not work out (the
    /// family may open the case again in that window).
    pub ended_early: u64,
    /// Those whose owner chose a tutor again (a second offer) by the end, after an offer was
    /// declined or lapsed or a match ended: only then is a case open to offers again.
    pub rematched: u64,
    /// Approved cases with no applicant by the end.
    pub unanswered: u64,
}

/// The case figures of one level or one region.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Group {
    /// A level's key (`secondary`) or a region's stored name.
    pub key: String,
    pub figures: CaseFigures,
}

keyed_enum! {
    /// The steps from a posted case to its first lesson.
    pub enum FunnelStage {
        Posted => "posted",
        Approved => "approved",
        Applied => "applied",
        Matched => "matched",
        Confirmed => "confirmed",
        FirstLesson => "first-lesson",
    }
}

/// The cases that reached a step and every step before it, so the counts never grow.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FunnelStep {
    pub stage: FunnelStage,
    pub cases: u64,
}

/// One week of the period (Monday to Sunday, Hong Kong dates).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Week {
    pub starts_on: NaiveDate,
    /// Cases of the cohort posted that week.
    pub posted: u64,
    /// Cases of the cohort whose owner first chose a tutor that week.
    pub matched: u64,
}

/// A district or a subject (stored names) and how many unanswered cases name it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ranked {
    pub name: String,
    pub cases: u64,
}

/// What tutors did in the period, whatever case it was about.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct TutorFigures {
    /// Distinct tutors who applied to a case in the period.
    pub applying: u64,
    /// Tutor applications approved in the period.
    pub approved: u64,
    /// Distinct tutors who applied to a case, confirmed a match or recorded a lesson held in
    /// the period.
    pub active: u64,
}

/// The service fee's money, in whole HK cents.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct FeeFigures {
    /// Invoices issued in the period (by their Hong Kong date).
    pub invoiced: u64,
    /// The sum of their fees as issued.
    pub invoiced_cents: i64,
    /// Payments received in the period: ledger payment lines dated in it, on any invoice.
    pub payments: u64,
    /// Their sum; refunds are not taken off.
    pub collected_cents: i64,
    /// Invoices unpaid past their due date on the period's last day: due before it and still
    /// owing on it (the ledger's lines dated up to it; late charges accrued but not yet
    /// written are left out).
    pub overdue: u64,
    /// What those owed on the last day.
    pub overdue_cents: i64,
}

/// The marketplace in figures for one period.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MarketReport {
    pub period: Period,
    pub cases: CaseFigures,
    /// Every level of the catalogue, in its order (then any other level a case names).
    pub by_level: Vec<Group>,
    /// Every region of the catalogue, in its order (then any other region a case names).
    pub by_region: Vec<Group>,
    pub funnel: Vec<FunnelStep>,
    pub weeks: Vec<Week>,
    /// Districts of the unanswered cases, most cases first, at most [`TOP_UNANSWERED`].
    pub unanswered_districts: Vec<Ranked>,
    /// Subjects of the unanswered cases (a case counts once for each), likewise.
    pub unanswered_subjects: Vec<Ranked>,
    pub tutors: TutorFigures,
    pub fees: FeeFigures,
}

impl MarketReport {
    /// The report of `period` from what the store returned. Facts outside the cohort or after
    /// the period's end are left out here too, whatever the store sent.
    pub fn from_facts(period: Period, facts: &ReportFacts) -> Self {
        let until = period.end();
        let outcomes: Vec<Outcome<'_>> =
            facts.cases.iter().filter(|case| period.contains(case.posted_at)).map(|case| Outcome::of(case, until)).collect();
        let all: Vec<&Outcome<'_>> = outcomes.iter().collect();
        let unanswered: Vec<&CaseFacts> = outcomes.iter().filter(|o| o.unanswered()).map(|o| o.case).collect();
        let levels: Vec<&str> = catalogue::LEVELS.iter().map(|level| level.key).collect();
        let regions: Vec<&str> = catalogue::REGIONS.iter().map(|region| region.name).collect();
        Self {
            period,
            cases: tally(&all),
            by_level: groups(&outcomes, &levels, |case| case.level.as_str()),
            by_region: groups(&outcomes, &regions, |case| case.region.as_str()),
            funnel: funnel(&outcomes),
            weeks: weeks(&period, &outcomes),
            unanswered_districts: top(unanswered.iter().map(|case| case.district.clone())),
            unanswered_subjects: top(unanswered.iter().flat_map(|case| distinct(&case.subjects))),
            tutors: tutors(&period, &facts.tutor_events),
            fees: fees(&period, &facts.invoices),
        }
    }
}

/// `part` of `whole` in whole per cent, rounded half up; `None` of nothing.
pub fn percent(part: u64, whole: u64) -> Option<u64> {
    (whole > 0).then(|| (part.saturating_mul(100) + whole / 2) / whole)
}

/// The median of `values`: the lower middle one of an even count (see the module's note).
pub fn median(mut values: Vec<i64>) -> Option<i64> {
    if values.is_empty() {
        return None;
    }
    values.sort_unstable();
    Some(values[(values.len() - 1) / 2])
}

/// What happened to one case of the cohort by `until`.
struct Outcome<'a> {
    case: &'a CaseFacts,
    approved: bool,
    /// From the approval (or, unknown, the posting) to the first applicant.
    to_first_applicant: Option<Duration>,
    first_offer_at: Option<DateTime<Utc>>,
    /// Offers made by `until`.
    offers: usize,
    confirmed: bool,
    first_lesson: bool,
    ended_early: bool,
}

impl<'a> Outcome<'a> {
    fn of(case: &'a CaseFacts, until: DateTime<Utc>) -> Self {
        let by_end = |at: Option<DateTime<Utc>>| at.filter(|at| *at < until);
        let applied = by_end(case.first_applied_at);
        let offers: Vec<_> = case.offers.iter().filter(|offer| offer.made_at < until).collect();
        // The confirmed matches, each with its first held lesson.
        let matches: Vec<_> = offers
            .iter()
            .filter(|offer| by_end(offer.confirmed_at).is_some())
            .map(|offer| (by_end(offer.ended_at), by_end(offer.first_lesson_at)))
            .collect();
        let window = Duration::days(REOPEN_WITHIN_DAYS);
        // A case approved before approval times were kept: its status and applicants say.
        let public = matches!(case.status, CaseStatus::Approved | CaseStatus::Offered | CaseStatus::Matched);
        let approved = match case.approved_at {
            Some(at) => at < until,
            None => public || applied.is_some(),
        };
        // Tutors can apply from the approval on: the wait counts from it when it is known (and
        // from the posting for a case applied to before its recorded approval: one approved
        // before approval times were kept, then moderated again).
        let open_from = case.approved_at.filter(|approved| applied.is_none_or(|applied| *approved <= applied)).unwrap_or(case.posted_at);
        Self {
            case,
            approved,
            to_first_applicant: applied.map(|at| at - open_from),
            first_offer_at: offers.iter().map(|offer| offer.made_at).min(),
            offers: offers.len(),
            confirmed: !matches.is_empty(),
            first_lesson: matches.iter().any(|(_, first)| first.is_some()),
            ended_early: matches.iter().any(|(ended, first)| ended.is_some_and(|ended| first.is_none_or(|first| ended <= first + window))),
        }
    }

    fn answered_within_day(&self) -> bool {
        // Compared exactly: 24 hours and a fraction of a second is not within a day.
        self.to_first_applicant.is_some_and(|waited| waited <= Duration::hours(ANSWERED_WITHIN_HOURS))
    }

    fn unanswered(&self) -> bool {
        self.approved && self.to_first_applicant.is_none()
    }

    /// How many funnel steps, from the first, the case reached in a row.
    fn depth(&self) -> usize {
        let applied = self.to_first_applicant.is_some();
        let steps = [true, self.approved, applied, self.first_offer_at.is_some(), self.confirmed, self.first_lesson];
        steps.iter().take_while(|reached| **reached).count()
    }
}

/// Whole seconds from `from` to `to`; never negative (a clock set back is not a negative wait).
fn seconds(from: DateTime<Utc>, to: DateTime<Utc>) -> i64 {
    (to - from).num_seconds().max(0)
}

fn count(n: usize) -> u64 {
    u64::try_from(n).unwrap_or(u64::MAX)
}

fn tally(outcomes: &[&Outcome<'_>]) -> CaseFigures {
    let mut figures = CaseFigures::default();
    let (mut to_applicant, mut to_match) = (Vec::new(), Vec::new());
    for o in outcomes {
        figures.posted += 1;
        figures.approved += u64::from(o.approved);
        if let Some(waited) = o.to_first_applicant {
            figures.with_applicant += 1;
            // Whole seconds, never negative (a clock set back is not a negative wait).
            to_applicant.push(waited.num_seconds().max(0));
        }
        figures.answered_within_day += u64::from(o.answered_within_day());
        if let Some(at) = o.first_offer_at {
            figures.matched += 1;
            to_match.push(seconds(o.case.posted_at, at));
        }
        figures.confirmed += u64::from(o.confirmed);
        figures.first_lessons += u64::from(o.first_lesson);
        figures.ended_early += u64::from(o.ended_early);
        figures.rematched += u64::from(o.offers >= 2);
        figures.unanswered += u64::from(o.unanswered());
    }
    figures.median_to_first_applicant = median(to_applicant);
    figures.median_to_match = median(to_match);
    figures
}

/// A group for each of the catalogue's `keys`, empty ones too (the table keeps its rows), then
/// one for each other key a case names (a level or region renamed since), in name order.
fn groups(outcomes: &[Outcome<'_>], keys: &[&str], key_of: impl Fn(&CaseFacts) -> &str) -> Vec<Group> {
    let mut all: Vec<String> = keys.iter().map(|key| (*key).to_string()).collect();
    let mut others: Vec<String> = outcomes.iter().map(|o| key_of(o.case)).filter(|key| !keys.contains(key)).map(str::to_string).collect();
    others.sort();
    others.dedup();
    all.extend(others);
    all.into_iter()
        .map(|key| {
            let members: Vec<&Outcome<'_>> = outcomes.iter().filter(|o| key_of(o.case) == key).collect();
            Group { figures: tally(&members), key }
        })
        .collect()
}

fn funnel(outcomes: &[Outcome<'_>]) -> Vec<FunnelStep> {
    FunnelStage::ALL
        .iter()
        .enumerate()
        .map(|(step, stage)| FunnelStep { stage: *stage, cases: count(outcomes.iter().filter(|o| o.depth() > step).count()) })
        .collect()
}

fn weeks(period: &Period, outcomes: &[Outcome<'_>]) -> Vec<Week> {
    let mut weeks: Vec<Week> = period.weeks().into_iter().map(|starts_on| Week { starts_on, posted: 0, matched: 0 }).collect();
    let week = |at: DateTime<Utc>| -> Option<usize> {
        let monday = week_of(hong_kong::date(at));
        weeks.iter().position(|week| week.starts_on == monday)
    };
    let mut posted = Vec::new();
    let mut matched = Vec::new();
    for o in outcomes {
        posted.extend(week(o.case.posted_at));
        matched.extend(o.first_offer_at.and_then(week));
    }
    for index in posted {
        weeks[index].posted += 1;
    }
    for index in matched {
        weeks[index].matched += 1;
    }
    weeks
}

/// Each subject of a case once.
fn distinct(subjects: &[String]) -> Vec<String> {
    let mut seen = HashSet::new();
    subjects.iter().filter(|subject| seen.insert(subject.as_str())).cloned().collect()
}

fn top(names: impl Iterator<Item = String>) -> Vec<Ranked> {
    let mut counts: BTreeMap<String, u64> = BTreeMap::new();
    for name in names {
        *counts.entry(name).or_default() += 1;
    }
    let mut ranked: Vec<Ranked> = counts.into_iter().map(|(name, cases)| Ranked { name, cases }).collect();
    // Most cases first; a stable sort keeps equal counts in name order, so the list is the
    // same on every run.
    ranked.sort_by_key(|r| std::cmp::Reverse(r.cases));
    ranked.truncate(TOP_UNANSWERED);
    ranked
}

fn tutors(period: &Period, events: &[TutorEvent]) -> TutorFigures {
    let in_period: Vec<&TutorEvent> = events.iter().filter(|event| period.contains(event.at)).collect();
    let distinct_tutors = |wanted: &[TutorActivity]| {
        in_period.iter().filter(|event| wanted.contains(&event.activity)).map(|event| event.tutor).collect::<HashSet<_>>().len()
    };
    TutorFigures {
        applying: count(distinct_tutors(&[TutorActivity::Applied])),
        approved: count(in_period.iter().filter(|event| event.activity == TutorActivity::Approved).count()),
        active: count(distinct_tutors(&[TutorActivity::Applied, TutorActivity::Confirmed, TutorActivity::RecordedLesson])),
    }
}

fn fees(period: &Period, invoices: &[InvoiceFacts]) -> FeeFigures {
    let mut figures = FeeFigures::default();
    let last_day = period.last_day();
    for invoice in invoices.iter().filter(|invoice| invoice.issued_at < period.end()) {
        if period.contains(invoice.issued_at) {
            figures.invoiced += 1;
            figures.invoiced_cents += invoice.fee_cents;
        }
        for payment in invoice.lines.iter().filter(|line| line.kind == LineKind::Payment && period.contains_day(line.on)) {
            figures.payments += 1;
            // A payment is a negative line: money the tutor no longer owes.
            figures.collected_cents -= payment.amount;
        }
        let owed: i64 = invoice.lines.iter().filter(|line| line.on <= last_day).map(|line| line.amount).sum();
        if invoice.due_on < last_day && owed > 0 {
            figures.overdue += 1;
            figures.overdue_cents += owed;
        }
    }
    figures
}
