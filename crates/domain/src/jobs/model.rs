//! The jobs, and what the ledger keeps of them.

use chrono::{DateTime, Utc};

crate::keyed_enum! {
    /// Every periodic job of the site: a closed set, so `jobs list` always shows them all.
    pub enum Job {
        /// Sends the case alerts that are due (saved searches; held overnight in quiet hours).
        AlertDelivery => "alert-delivery",
        /// Removes rate-limit windows that have ended, job runs older than a week and the
        /// search change feed's oldest changes.
        Sweep => "sweep",
        /// Lapses the offers their tutors did not answer in time, opening the cases again.
        OfferLapse => "offer-lapse",
        /// Texts both sides the evening before a first lesson.
        FirstLessonReminders => "first-lesson-reminders",
        /// Confirms the lessons families did not answer within 72 hours.
        LessonAutoConfirm => "lesson-auto-confirm",
        /// Issues the service fee's invoices after first confirmed lessons, and credits short matches.
        Invoicing => "invoicing",
        /// Texts tutors about unpaid invoices before, on and after their due dates.
        InvoiceReminders => "invoice-reminders",
    }
}

/// How a run ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// Done; what it did, in a few words (`3 alerts sent`).
    Done(String),
    /// Failed; why. The next period tries again.
    Failed(String),
}

impl Outcome {
    pub fn key(&self) -> &'static str {
        match self {
            Outcome::Done(_) => "ok",
            Outcome::Failed(_) => "failed",
        }
    }

    pub fn detail(&self) -> &str {
        match self {
            Outcome::Done(detail) | Outcome::Failed(detail) => detail,
        }
    }
}

/// A job's lease, held by one server while it runs the job.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Lease {
    pub job: Job,
    pub owner: String,
    pub started_at: DateTime<Utc>,
}

/// A job as the ledger knows it now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JobState {
    /// The stored name; a job this version no longer has still shows.
    pub name: String,
    pub every_seconds: u64,
    /// The server running it now, while its lease lasts.
    pub running_on: Option<String>,
    pub last_started_at: Option<DateTime<Utc>>,
    pub last_finished_at: Option<DateTime<Utc>>,
    /// `ok` or `failed`, and what it said.
    pub last_outcome: Option<(String, String)>,
    pub runs: u64,
}

/// One finished run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JobRun {
    pub job: String,
    pub owner: String,
    pub started_at: DateTime<Utc>,
    pub finished_at: DateTime<Utc>,
    pub outcome: String,
    pub detail: String,
}
