//! Where tutors' applications to cases live.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use uuid::Uuid;

use crate::matching::model::CaseApplication;
use crate::matching::offer::{Offer, OfferStatus};
use crate::shared::storage::RepositoryError;

/// What became of an application the store was asked to add.
#[derive(Debug, Clone, PartialEq)]
pub enum ApplyOutcome {
    Applied(CaseApplication),
    /// The case already has the most applicants it takes.
    Full,
    /// The case is not (or no longer) approved, so it takes no applications.
    NotOpen,
}

/// What became of an offer the store was asked to make.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OfferOutcome {
    /// The case waits for the tutor; the application is offered.
    Offered,
    /// The case was not approved any more (another offer won, or it was closed).
    CaseNotOpen,
    /// The application is not an open application to this case.
    ApplicationNotOpen,
}

/// What became of a confirmation.
#[derive(Debug, Clone, PartialEq)]
pub enum ConfirmOutcome {
    /// The case is matched, the application selected, the case's other open applications
    /// declined.
    Confirmed,
    /// The offer was not open any more (declined, lapsed, or past its deadline).
    NotOpen,
}

/// Tutors' applications to cases.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait ApplicationRepository: Send + Sync {
    /// Adds an application atomically: the case MUST be approved and below `cap` applicants
    /// at the moment of writing, and its applicant count goes up in the same transaction,
    /// so concurrent applications never exceed the cap. A withdrawn application of the same
    /// tutor to the same case reopens instead (its id stays; times, status and `created_at`
    /// are the new ones): one row per tutor and case, always.
    ///
    /// # Errors
    /// `Conflict` when this tutor already has an open or decided application to this case
    /// (the store's unique index decides, also under concurrency); `Unavailable` when the
    /// store fails.
    async fn apply(&self, application: CaseApplication, cap: u32) -> Result<ApplyOutcome, RepositoryError>;

    /// # Errors
    /// `Unavailable` when the store fails.
    async fn find(&self, id: Uuid) -> Result<Option<CaseApplication>, RepositoryError>;

    /// A tutor's applications, newest first (at most `limit`).
    ///
    /// # Errors
    /// `Unavailable` when the store fails.
    async fn for_tutor(&self, tutor_id: Uuid, limit: u32) -> Result<Vec<CaseApplication>, RepositoryError>;

    /// A case's applications, oldest first.
    ///
    /// # Errors
    /// `Unavailable` when the store fails.
    async fn for_case(&self, case_number: i64) -> Result<Vec<CaseApplication>, RepositoryError>;

    /// In one transaction: the case goes approved -> offered (conditionally, so of two
    /// concurrent offers exactly one wins), the application applied -> offered, and the offer
    /// is stored. The other applications keep their place.
    ///
    /// # Errors
    /// `Unavailable` when the store fails (then nothing changed).
    async fn offer(&self, offer: &Offer) -> Result<OfferOutcome, RepositoryError>;

    /// The latest offer of each of `applications` that has one.
    ///
    /// # Errors
    /// `Unavailable` when the store fails.
    async fn offers(&self, applications: &[Uuid]) -> Result<Vec<Offer>, RepositoryError>;

    /// In one transaction, when the offer is open and `at` is before its deadline: the offer
    /// -> confirmed with the first lesson's time, the case offered -> matched, the application
    /// -> selected and the case's other open applications -> declined.
    ///
    /// # Errors
    /// `Unavailable` when the store fails (then nothing changed).
    async fn confirm(&self, offer_id: Uuid, first_lesson_at: DateTime<Utc>, at: DateTime<Utc>) -> Result<ConfirmOutcome, RepositoryError>;

    /// In one transaction, when the offer is open: the offer -> `to` (declined or lapsed), its
    /// application -> refused or lapsed (still listed and counted), and the case offered
    /// -> approved, open again with its other applicants. Answers whether this call ended it:
    /// of a confirmation, a decline and lapse jobs on several servers, exactly one wins.
    ///
    /// # Errors
    /// `Unavailable` when the store fails (then nothing changed).
    async fn end_offer(&self, offer_id: Uuid, to: OfferStatus, at: DateTime<Utc>) -> Result<bool, RepositoryError>;

    /// Open offers whose deadline is at or before `now`, oldest deadline first (at most `limit`).
    ///
    /// # Errors
    /// `Unavailable` when the store fails.
    async fn due_offers(&self, now: DateTime<Utc>, limit: u32) -> Result<Vec<Offer>, RepositoryError>;

    /// Marks, at `at`, the confirmed offers whose first lesson is in `[from, to)` and that were
    /// not reminded yet, and answers them: each is answered to one caller only, however many
    /// servers ask at once.
    ///
    /// # Errors
    /// `Unavailable` when the store fails.
    async fn claim_reminders(&self, from: DateTime<Utc>, to: DateTime<Utc>, at: DateTime<Utc>) -> Result<Vec<Offer>, RepositoryError>;

    /// In one transaction: the application applied -> withdrawn and the case's applicant
    /// count down by one, freeing a place under the cap. Takes the case row first, like
    /// `apply` and `offer`, so a withdrawal racing an offer either wins (the offer then finds
    /// the application not open) or loses (the application is no longer applied).
    /// Answers whether this call withdrew it.
    ///
    /// # Errors
    /// `Unavailable` when the store fails (then nothing changed).
    async fn withdraw(&self, case_number: i64, application_id: Uuid, at: DateTime<Utc>) -> Result<bool, RepositoryError>;
}

/// An owner's invitation to a tutor to apply to their case.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Invitation {
    pub case_number: i64,
    pub tutor_id: Uuid,
    pub created_at: DateTime<Utc>,
}

/// What became of an invitation the store was asked to add.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InviteOutcome {
    Invited,
    /// This tutor was already invited to this case.
    AlreadyInvited,
    /// The case has sent as many invitations as it may.
    CaseLimit,
    /// The tutor had as many invitations as they may in the last 24 hours.
    TutorLimit,
    /// The tutor turned invitations off.
    Declined,
}

/// Invitations to apply, and the tutors who turned them off.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait InvitationRepository: Send + Sync {
    /// Adds an invitation atomically: the case has fewer than `per_case` invitations, the
    /// tutor fewer than `per_tutor_per_day` since a day before it, the tutor has not turned
    /// invitations off, and no invitation of this tutor to this case exists, all at the moment
    /// of writing, so concurrent invitations never exceed a limit.
    ///
    /// # Errors
    /// `Unavailable` when the store fails (then nothing changed).
    async fn invite(&self, invitation: &Invitation, per_case: u32, per_tutor_per_day: u32) -> Result<InviteOutcome, RepositoryError>;

    /// The tutors invited to a case.
    ///
    /// # Errors
    /// `Unavailable` when the store fails.
    async fn invited_to(&self, case_number: i64) -> Result<Vec<Uuid>, RepositoryError>;

    /// Those of `tutors` who turned invitations off.
    ///
    /// # Errors
    /// `Unavailable` when the store fails.
    async fn declining(&self, tutors: &[Uuid]) -> Result<Vec<Uuid>, RepositoryError>;

    /// Turns a tutor's invitations off (`declining`) or on again.
    ///
    /// # Errors
    /// `Unavailable` when the store fails.
    async fn set_declining(&self, tutor_id: Uuid, declining: bool, at: DateTime<Utc>) -> Result<(), RepositoryError>;
}
