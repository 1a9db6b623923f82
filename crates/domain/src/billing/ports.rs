//! Where invoices, their ledgers, due-date moves, reminders sent and proofs of payment live.

use async_trait::async_trait;
use chrono::{DateTime, NaiveDate, Utc};
use uuid::Uuid;

use crate::billing::ledger::{Line, NewLine};
use crate::billing::model::{Billable, DueChange, Invoice, Proof, Reminder, Settlement};
use crate::billing::terms::LateTerms;
use crate::shared::storage::RepositoryError;

/// What became of lines appended to a ledger.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Appended {
    Done,
    /// Someone else wrote to the ledger since it was read: read it again and retry.
    Stale,
    /// A line with this key is recorded already (on this invoice or another: its number).
    Duplicate(i64),
}

#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait InvoiceRepository: Send + Sync {
    /// Matches confirmed with the fee stated, with a confirmed lesson and no invoice yet (at
    /// most `limit`; only `arrangement`'s when given).
    ///
    /// # Errors
    /// `Unavailable` when the store fails.
    async fn billable(&self, limit: u32, arrangement: Option<Uuid>) -> Result<Vec<Billable>, RepositoryError>;

    /// Issues the invoice of `billable` with its fee line, in one transaction, once per match:
    /// `None` when the match has one already (also when two servers race).
    ///
    /// # Errors
    /// `Unavailable` when the store fails.
    async fn issue(
        &self,
        billable: &Billable,
        late: LateTerms,
        issued_at: DateTime<Utc>,
        due_on: NaiveDate,
        fee_line: NewLine,
    ) -> Result<Option<Invoice>, RepositoryError>;

    /// # Errors
    /// `Unavailable` when the store fails.
    async fn find(&self, id: i64) -> Result<Option<Invoice>, RepositoryError>;

    /// The ledger, in the order written.
    ///
    /// # Errors
    /// `Unavailable` when the store fails.
    async fn lines(&self, id: i64) -> Result<Vec<Line>, RepositoryError>;

    /// A tutor's invoices, latest first.
    ///
    /// # Errors
    /// `Unavailable` when the store fails.
    async fn for_tutor(&self, tutor: Uuid) -> Result<Vec<Invoice>, RepositoryError>;

    /// Invoices, latest first (at most `limit`): all, or those not settled.
    ///
    /// # Errors
    /// `Unavailable` when the store fails.
    async fn list(&self, unsettled_only: bool, limit: u32) -> Result<Vec<Invoice>, RepositoryError>;

    /// Invoices whose match ended within `window` of its first lesson and that have no line
    /// keyed `short-match:{id}` yet.
    ///
    /// # Errors
    /// `Unavailable` when the store fails.
    async fn ended_unreviewed(&self, limit: u32, window: chrono::Duration) -> Result<Vec<Invoice>, RepositoryError>;

    /// Appends `lines` after the ledger's first `after` lines, in one transaction, and settles
    /// the invoice when `settle` is given (unless it is settled already): `Stale` when the
    /// ledger has more lines than `after` by then or the due date is no longer `due_on` (the
    /// lines were computed under it), `Duplicate` when a key is taken.
    ///
    /// # Errors
    /// `Unavailable` when the store fails (then nothing was written).
    async fn append(
        &self,
        id: i64,
        after: u32,
        due_on: NaiveDate,
        lines: &[NewLine],
        settle: Option<Settlement>,
    ) -> Result<Appended, RepositoryError>;

    /// Moves the due date of an unsettled invoice, keeping the move: false when it is settled.
    ///
    /// # Errors
    /// `Unavailable` when the store fails.
    async fn move_due(&self, id: i64, change: &DueChange) -> Result<bool, RepositoryError>;

    /// The moves of the due date, oldest first.
    ///
    /// # Errors
    /// `Unavailable` when the store fails.
    async fn due_changes(&self, id: i64) -> Result<Vec<DueChange>, RepositoryError>;

    /// Claims the reminder for the invoice's current due date: true for the one caller that
    /// sends it (of several servers too), false once it is claimed.
    ///
    /// # Errors
    /// `Unavailable` when the store fails.
    async fn claim_reminder(&self, id: i64, reminder: Reminder, due_on: NaiveDate, at: DateTime<Utc>) -> Result<bool, RepositoryError>;

    /// Keeps a proof of payment, unless the invoice has `max` already (then false).
    ///
    /// # Errors
    /// `Unavailable` when the store fails.
    async fn add_proof(&self, id: i64, proof: &Proof, max: u32) -> Result<bool, RepositoryError>;

    /// # Errors
    /// `Unavailable` when the store fails.
    async fn proofs(&self, id: i64) -> Result<Vec<Proof>, RepositoryError>;

    /// Unsettled invoices due from `from` to `to` (both included): those a reminder may be due
    /// on, whatever their number.
    ///
    /// # Errors
    /// `Unavailable` when the store fails.
    async fn unsettled_due_between(&self, from: NaiveDate, to: NaiveDate) -> Result<Vec<Invoice>, RepositoryError>;

    /// The tutor's unsettled invoices due before `before`: the only ones that may restrict them.
    ///
    /// # Errors
    /// `Unavailable` when the store fails.
    async fn unsettled_due_before(&self, tutor: Uuid, before: NaiveDate) -> Result<Vec<Invoice>, RepositoryError>;
}
