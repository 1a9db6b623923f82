//! Where saved searches and their alerts live, and how unsubscribe links are signed.

use async_trait::async_trait;
use chrono::{DateTime, Duration, Utc};
use uuid::Uuid;

use crate::alerts::model::{AlertChannel, AlertMatch, Criteria, NewSavedSearch, SavedSearch};
use crate::shared::storage::RepositoryError;

/// What became of a saved search the store was asked to add.
#[derive(Debug, Clone, PartialEq)]
pub enum SaveOutcome {
    Saved(Box<SavedSearch>),
    /// The tutor keeps as many saved searches as allowed.
    LimitReached,
}

/// A message to send: the matches it covers, read when it is sent (a deleted saved search's
/// matches are gone by then).
#[derive(Debug, Clone, PartialEq)]
pub struct ClaimedMessage {
    pub id: i64,
    pub tutor_id: Uuid,
    pub channel: AlertChannel,
    /// (saved search, case number), oldest first.
    pub matches: Vec<(i64, i64)>,
    /// This worker's claim: finishing needs it, so a claim that ran out cannot finish twice.
    pub claimed_until: DateTime<Utc>,
}

/// How a claimed message ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MessageEnd {
    Sent,
    /// Nothing left to say (its saved searches were deleted) or nobody to say it to.
    Cancelled,
}

/// A case a saved search matched, for its owner's page.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MatchRecord {
    pub search: i64,
    pub case_number: i64,
    pub at: DateTime<Utc>,
}

/// Saved searches, the cases waiting to be matched against them, and the alerts' outbox.
///
/// Delivery runs on every server at once: each step below is atomic, so however many workers
/// race, a case is matched once, a match joins one message, and a message is sent once.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait AlertRepository: Send + Sync {
    /// Adds a saved search if the tutor has fewer than `max` (checked in the write).
    ///
    /// # Errors
    /// `Unavailable` when the store fails.
    async fn insert_search(&self, search: NewSavedSearch, max: u32) -> Result<SaveOutcome, RepositoryError>;

    /// A tutor's saved searches, oldest first.
    ///
    /// # Errors
    /// `Unavailable` when the store fails.
    async fn searches_of(&self, tutor_id: Uuid) -> Result<Vec<SavedSearch>, RepositoryError>;

    /// # Errors
    /// `Unavailable` when the store fails.
    async fn find_search(&self, number: i64) -> Result<Option<SavedSearch>, RepositoryError>;

    /// Replaces what a saved search looks for and its channel; false when it is not there.
    ///
    /// # Errors
    /// `Unavailable` when the store fails.
    async fn update_search(&self, number: i64, criteria: &Criteria, channel: AlertChannel) -> Result<bool, RepositoryError>;

    /// Deletes a saved search with its matches (the history on its owner's page too), at once;
    /// false when it was not there.
    ///
    /// # Errors
    /// `Unavailable` when the store fails.
    async fn delete_search(&self, number: i64) -> Result<bool, RepositoryError>;

    /// Stops a saved search's alerts (its matches still waiting go) or resumes them; false
    /// when it is not there.
    ///
    /// # Errors
    /// `Unavailable` when the store fails.
    async fn set_stopped(&self, number: i64, stopped: bool) -> Result<bool, RepositoryError>;

    /// The latest cases a tutor's saved searches matched, newest first.
    ///
    /// # Errors
    /// `Unavailable` when the store fails.
    async fn recent_matches(&self, tutor_id: Uuid, limit: u32) -> Result<Vec<MatchRecord>, RepositoryError>;

    /// Cases that became public and were not matched yet, oldest first (the store queues them
    /// as they are approved, whoever approves them).
    ///
    /// # Errors
    /// `Unavailable` when the store fails.
    async fn opened_cases(&self, limit: u32) -> Result<Vec<i64>, RepositoryError>;

    /// Saved searches, not stopped, of active tutors, that could match a case at this level and
    /// region (no level, or this one; no region, or this one).
    ///
    /// # Errors
    /// `Unavailable` when the store fails.
    async fn candidates(&self, level: &str, region: &str) -> Result<Vec<SavedSearch>, RepositoryError>;

    /// Takes the case off the queue and stores its matches, in one transaction; false (storing
    /// nothing) when another worker took it first.
    ///
    /// # Errors
    /// `Unavailable` when the store fails.
    async fn record_matches(&self, case_number: i64, matches: &[AlertMatch], at: DateTime<Utc>) -> Result<bool, RepositoryError>;

    /// Tutors and channels with matches in no message yet whose last message is at least `gap`
    /// before `at`, longest waiting first: those still inside their hour never crowd out others.
    ///
    /// # Errors
    /// `Unavailable` when the store fails.
    async fn waiting(&self, at: DateTime<Utc>, gap: Duration, limit: u32) -> Result<Vec<(Uuid, AlertChannel)>, RepositoryError>;

    /// Gathers the tutor's waiting matches on the channel into one new message, unless the last
    /// message on it is less than `gap` old; answers the message's id, or None.
    ///
    /// # Errors
    /// `Unavailable` when the store fails (then nothing changed).
    async fn compose(
        &self,
        tutor_id: Uuid,
        channel: AlertChannel,
        at: DateTime<Utc>,
        gap: Duration,
    ) -> Result<Option<i64>, RepositoryError>;

    /// Claims one unsent message until `at + lease` (one whose earlier claim ran out too), if it
    /// was claimed fewer than `max_attempts` times: a provider that keeps refusing it does not
    /// cost a call every lease for ever (such a message ends cancelled). Its matches are those
    /// of saved searches still there and not stopped.
    ///
    /// # Errors
    /// `Unavailable` when the store fails.
    async fn claim_message(&self, at: DateTime<Utc>, lease: Duration, max_attempts: u32)
    -> Result<Option<ClaimedMessage>, RepositoryError>;

    /// Marks a claimed message sent or cancelled, if the claim is still this one. A cancelled
    /// message gives its hour back: the tutor's next match on the channel need not wait.
    ///
    /// # Errors
    /// `Unavailable` when the store fails.
    async fn finish_message(
        &self,
        id: i64,
        claimed_until: DateTime<Utc>,
        end: MessageEnd,
        at: DateTime<Utc>,
    ) -> Result<bool, RepositoryError>;
}

/// Signs the one-tap unsubscribe links, so that they work without logging in and cannot be
/// guessed for other people's saved searches.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
pub trait LinkSigner: Send + Sync {
    /// A short token naming the saved search, e.g. `123-Xb4kQ9aZ0pLm`.
    fn unsubscribe_token(&self, search: i64) -> String;

    /// The saved search a genuine token names.
    fn verify_unsubscribe(&self, token: &str) -> Option<i64>;
}
