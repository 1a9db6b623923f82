//! The back office's view of accounts: searching them, and recording decisions on
//! organizations.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use uuid::Uuid;

use crate::accounts::user::{OrgVerification, Role, User, UserType};
use crate::shared::paging::{Page, PageRequest};
use crate::shared::storage::RepositoryError;

/// Which accounts to list; every field narrows the list, `Default` lists everyone.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct UserFilter {
    /// Part of the name (any case), the e-mail or the phone's digits.
    pub search: Option<String>,
    pub user_type: Option<UserType>,
    pub role: Option<Role>,
    /// Only accounts that are tutors (`isTutor`), whatever their role.
    pub tutors_only: bool,
    /// Only organizations in this verification state.
    pub org_verification: Option<OrgVerification>,
}

/// One decision of the back office on an organization, kept for the record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrgReview {
    /// The state the decision led to: `Verified` or `Rejected`.
    pub outcome: OrgVerification,
    /// Present for a rejection.
    pub reason: Option<String>,
    pub reviewer: String,
    pub decided_at: DateTime<Utc>,
}

#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait UserDirectoryRepository: Send + Sync {
    /// Accounts matching `filter`, newest first, with the exact total.
    ///
    /// # Errors
    /// `Unavailable` when the store fails.
    async fn search(&self, filter: &UserFilter, page: PageRequest) -> Result<Page<User>, RepositoryError>;

    /// # Errors
    /// `Unavailable` when the store fails.
    async fn find_by_number(&self, number: i64) -> Result<Option<User>, RepositoryError>;

    /// Moves the organization `user_id` from `from` to `review.outcome` (keeping the reason of
    /// a rejection on the account) and records the review, in one transaction. Returns false,
    /// changing nothing, when the account is not an organization in state `from` any more
    /// (someone else decided meanwhile).
    ///
    /// # Errors
    /// `Unavailable` when the store fails.
    async fn decide_org(&self, user_id: Uuid, from: OrgVerification, review: &OrgReview) -> Result<bool, RepositoryError>;

    /// Every review of an organization, oldest first.
    ///
    /// # Errors
    /// `Unavailable` when the store fails.
    async fn org_reviews(&self, user_id: Uuid) -> Result<Vec<OrgReview>, RepositoryError>;
}
