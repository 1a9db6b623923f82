//! Where tutor applications and tutor profiles live: two ports, as the business has two
//! things. An application is a form the back office decides on; a profile is the public tutor
//! the directory shows. Approving an application is the one write that spans both (it stores
//! the profile in the same transaction), so it belongs to the applications' port, which owns
//! the decision. Changing a member's name, phone or avatar belongs to the profiles' port: the
//! profile follows the account's identity. One SQL adapter implements both over the same
//! tables (`crates/adapters/src/sql/tutors/`).

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use uuid::Uuid;

use crate::shared::identity::{DisplayName, Phone};
use crate::shared::paging::{Page, PageRequest};
use crate::shared::storage::RepositoryError;
use crate::tutors::model::{NewTutorApplication, TrackRecord, TutorApplication, TutorApplicationStatus, TutorProfile, TutorRef};
use crate::tutors::search::TutorFilter;

/// Applications to become a tutor, and the back office's decisions on them.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait TutorApplicationRepository: Send + Sync {
    /// Stores a new pending application and returns it with its number.
    ///
    /// # Errors
    /// `Conflict` when the user already has a pending application: the store MUST enforce
    /// one pending application per user (also under concurrency); `Unavailable` otherwise.
    async fn insert_application(&self, application: NewTutorApplication) -> Result<TutorApplication, RepositoryError>;

    /// # Errors
    /// `Unavailable` when the store fails.
    async fn find_application(&self, number: i64) -> Result<Option<TutorApplication>, RepositoryError>;

    /// The user's most recent application, whatever its status.
    ///
    /// # Errors
    /// `Unavailable` when the store fails.
    async fn latest_application(&self, user_id: Uuid) -> Result<Option<TutorApplication>, RepositoryError>;

    /// Applications, oldest first, optionally of one status.
    ///
    /// # Errors
    /// `Unavailable` when the store fails.
    async fn list_applications(&self, status: Option<TutorApplicationStatus>) -> Result<Vec<TutorApplication>, RepositoryError>;

    /// In one transaction: marks the application approved (only if still pending), stores
    /// `profile` (replacing an earlier one of the user), and makes the account a tutor with an
    /// active profile and the profile's avatar. Returns false, changing nothing, when the
    /// application was no longer pending.
    ///
    /// # Errors
    /// `Unavailable` when the store fails (then nothing changed).
    async fn approve_application(
        &self,
        number: i64,
        reviewer: &str,
        at: DateTime<Utc>,
        profile: &TutorProfile,
    ) -> Result<bool, RepositoryError>;

    /// Marks the application rejected with `reason`, only if still pending (else false).
    ///
    /// # Errors
    /// `Unavailable` when the store fails.
    async fn reject_application(&self, number: i64, reviewer: &str, reason: &str, at: DateTime<Utc>) -> Result<bool, RepositoryError>;
}

/// Tutors' public profiles, and the tutor flags of their accounts kept consistent with them.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait TutorProfileRepository: Send + Sync {
    /// Active profiles matching `filter`, newest approval first, with the exact total.
    ///
    /// # Errors
    /// `Unavailable` when the store fails.
    async fn search_profiles(&self, filter: &TutorFilter, page: PageRequest) -> Result<Page<TutorProfile>, RepositoryError>;

    /// A profile, active or not.
    ///
    /// # Errors
    /// `Unavailable` when the store fails.
    async fn find_profile(&self, tutor: TutorRef) -> Result<Option<TutorProfile>, RepositoryError>;

    /// The tutor's matched cases, accepted bookings and when they joined.
    ///
    /// # Errors
    /// `Unavailable` when the store fails.
    async fn track_record(&self, user_id: Uuid) -> Result<TrackRecord, RepositoryError>;

    /// Lists or hides a profile, and sets the account's `isTutorProfileActive` to match.
    /// Returns false when the user has no profile.
    ///
    /// # Errors
    /// `Unavailable` when the store fails.
    async fn set_profile_active(&self, user_id: Uuid, active: bool, at: DateTime<Utc>) -> Result<bool, RepositoryError>;

    /// Sets the account's name (and phone and avatar, when given) and makes the user's tutor
    /// profile, if any, follow, in one transaction.
    ///
    /// # Errors
    /// `Conflict` when the new phone belongs to another account (the unique index decides,
    /// also under concurrency); `Unavailable` when the store fails. Either way nothing changed.
    async fn update_identity(&self, user_id: Uuid, update: IdentityUpdate, at: DateTime<Utc>) -> Result<(), RepositoryError>;
}

/// What [`TutorProfileRepository::update_identity`] writes; `None` keeps the current value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IdentityUpdate {
    pub name: DisplayName,
    /// A new phone, already verified by the caller.
    pub phone: Option<Phone>,
    /// The public path of a new avatar.
    pub avatar: Option<String>,
}

/// The tutor directory's search index: active tutors found by filters and typed words, fast at
/// the size of the whole market. A read model derived from the [`TutorProfileRepository`].
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait TutorIndex: Send + Sync {
    /// The profiles of the active tutors `filter` finds on `page`, by relevance when it has
    /// words and newest approval first otherwise, with the exact total; each as the store held
    /// it (its reviews counted) at a read no older than the call (read now, or kept since). The
    /// answer includes every write committed before the call, by any process. A profile changed
    /// meanwhile may be as changed, and may be hidden.
    ///
    /// # Errors
    /// `Unavailable` when the index or the store behind it fails.
    async fn find(&self, filter: &TutorFilter, page: PageRequest) -> Result<Page<TutorProfile>, RepositoryError>;
}
