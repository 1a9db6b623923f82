//! The back office verifies organizations from their registration documents, or refuses
//! with a reason. The organization is told by SMS and sees the outcome on its profile.
//!
//! A pending organization may be verified or rejected. A decided one keeps its decision
//! unless the back office explicitly re-decides (revoking a verification, or verifying after
//! a rejection); every decision is recorded with its reviewer and time.

use std::sync::Arc;

use chrono::Utc;
use thiserror::Error;

use crate::accounts::directory::{UserDirectory, UserDirectoryError, UserRef};
use crate::accounts::ports::{OrgReview, UserDirectoryRepository, UserFilter};
use crate::accounts::user::{OrgVerification, User, UserType};
use crate::notices::notifier::{Notice, Notifier};
use crate::shared::paging::{Page, PageRequest};
use crate::shared::storage::RepositoryError;
use crate::shared::validation::{Label, Lines, refuse_control_characters};
use crate::tutors::model::limits::REASON_MAX_CHARS;

/// What the back office decided.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OrgDecision {
    Verify,
    Reject { reason: String },
}

#[derive(Debug, Error)]
pub enum OrgVerificationError {
    #[error(transparent)]
    Directory(#[from] UserDirectoryError),
    /// The account (its user number) is not an organization.
    #[error("not_organization: user {0}")]
    NotOrganization(i64),
    /// The decision would leave the state as it is.
    #[error("unchanged: {0}")]
    Unchanged(OrgVerification),
    /// Already decided; changing a decision must be asked for explicitly.
    #[error("already_decided: {0}")]
    AlreadyDecided(OrgVerification),
    #[error("reason_required")]
    ReasonRequired,
    /// Longer than [`REASON_MAX_CHARS`].
    #[error("reason_too_long")]
    ReasonTooLong,
    #[error("reason_has_control_characters")]
    ReasonHasControlCharacters,
    #[error(transparent)]
    Repository(#[from] RepositoryError),
}

/// What a decision did.
#[derive(Debug, Clone, PartialEq)]
pub struct OrgDecided {
    /// The organization after the decision.
    pub user: User,
    pub previous: OrgVerification,
    /// Whether the SMS went out (a failed SMS does not undo the decision).
    pub notified: bool,
}

#[derive(Clone)]
pub struct OrgVerifications {
    directory: UserDirectory,
    store: Arc<dyn UserDirectoryRepository>,
    notifier: Notifier,
}

impl OrgVerifications {
    pub fn new(directory: UserDirectory, store: Arc<dyn UserDirectoryRepository>, notifier: Notifier) -> Self {
        Self { directory, store, notifier }
    }

    /// Organizations in `status` (all of them when `None`), newest first.
    ///
    /// # Errors
    /// When storage fails.
    pub async fn list(&self, status: Option<OrgVerification>, page: PageRequest) -> Result<Page<User>, RepositoryError> {
        let filter = UserFilter { user_type: Some(UserType::Organization), org_verification: status, ..UserFilter::default() };
        self.directory.list(filter, page).await
    }

    /// Checks a decision without making it: the organization and its current state, or the
    /// error [`Self::decide`] would give. The back office shows it before asking to confirm.
    ///
    /// # Errors
    /// As [`Self::decide`].
    pub async fn preview(
        &self,
        org: &UserRef,
        decision: &OrgDecision,
        redecide: bool,
    ) -> Result<(User, OrgVerification), OrgVerificationError> {
        let (outcome, _) = outcome_of(decision)?;
        let user = self.directory.find(org).await?;
        let current = current_state(&user)?;
        if current == outcome {
            return Err(OrgVerificationError::Unchanged(current));
        }
        if current != OrgVerification::Pending && !redecide {
            return Err(OrgVerificationError::AlreadyDecided(current));
        }
        Ok((user, current))
    }

    /// Verifies or rejects the organization `org`. `redecide` allows changing an earlier
    /// decision; without it only a pending organization is decided.
    ///
    /// # Errors
    /// `ReasonRequired`/`ReasonTooLong` for a bad reason (checked first); `Directory`
    /// (not found); `NotOrganization`; `Unchanged`; `AlreadyDecided`; storage failures.
    pub async fn decide(
        &self,
        org: &UserRef,
        decision: &OrgDecision,
        reviewer: &str,
        redecide: bool,
    ) -> Result<OrgDecided, OrgVerificationError> {
        let (user, current) = self.preview(org, decision, redecide).await?;
        let (outcome, reason) = outcome_of(decision)?;
        let review = OrgReview { outcome, reason: reason.clone(), reviewer: reviewer.to_string(), decided_at: Utc::now() };
        if !self.store.decide_org(user.id, current, &review).await? {
            // Someone else decided between our read and our write: report what they decided.
            let now = current_state(&self.directory.find(org).await?)?;
            return Err(if now == outcome { OrgVerificationError::Unchanged(now) } else { OrgVerificationError::AlreadyDecided(now) });
        }
        // The organization's name is its own choice of text: not in our SMS (see `notify`).
        let notice = match reason {
            None => Notice::OrgVerified,
            Some(reason) => Notice::OrgRejected { reason },
        };
        let notified = self.notifier.tell(&user, &notice).await;
        Ok(OrgDecided { user: self.directory.find(org).await?, previous: current, notified })
    }
}

fn outcome_of(decision: &OrgDecision) -> Result<(OrgVerification, Option<String>), OrgVerificationError> {
    Ok(match decision {
        OrgDecision::Verify => (OrgVerification::Verified, None),
        OrgDecision::Reject { reason } => (OrgVerification::Rejected, Some(clean_reason(reason)?)),
    })
}

fn current_state(user: &User) -> Result<OrgVerification, OrgVerificationError> {
    match (user.user_type, user.org_verification) {
        (UserType::Organization, Some(state)) => Ok(state),
        _ => Err(OrgVerificationError::NotOrganization(user.number)),
    }
}

fn clean_reason(raw: &str) -> Result<String, OrgVerificationError> {
    let reason = raw.trim();
    if refuse_control_characters(reason, Label::RejectionReason, Lines::Multi).is_err() {
        return Err(OrgVerificationError::ReasonHasControlCharacters);
    }
    match reason.chars().count() {
        0 => Err(OrgVerificationError::ReasonRequired),
        n if n > REASON_MAX_CHARS => Err(OrgVerificationError::ReasonTooLong),
        _ => Ok(reason.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Mutex;

    use super::*;
    use crate::accounts::ports::{MockOrgDocumentRepository, MockUserDirectoryRepository, MockUserRepository};
    use crate::accounts::sessions::tests_support::user;
    use crate::shared::messaging::{DeliveryError, MockSmsSender};

    fn org(state: OrgVerification) -> User {
        User { user_type: UserType::Organization, org_verification: Some(state), ..user() }
    }

    /// The use case over a store whose organization starts in `state`; `decide_org` moves it
    /// (compare-and-set, as the SQL does) and the SMS sender answers `sms_ok`.
    fn service(state: Option<User>, sms_ok: bool, sent: Arc<Mutex<Vec<String>>>) -> (OrgVerifications, Arc<Mutex<Vec<OrgReview>>>) {
        let stored = Arc::new(Mutex::new(state));
        let reviews = Arc::new(Mutex::new(Vec::new()));
        let mut users = MockUserRepository::new();
        let read = stored.clone();
        users.expect_find_by_id().returning(move |_| Ok(read.lock().unwrap().clone()));
        let mut directory = MockUserDirectoryRepository::new();
        let (write, log) = (stored, reviews.clone());
        directory.expect_decide_org().returning(move |_, from, review| {
            let mut guard = write.lock().unwrap();
            let Some(user) = guard.as_mut().filter(|u| u.org_verification == Some(from)) else { return Ok(false) };
            user.org_verification = Some(review.outcome);
            user.org_rejection_reason = review.reason.clone();
            log.lock().unwrap().push(review.clone());
            Ok(true)
        });
        let mut sms = MockSmsSender::new();
        sms.expect_send_sms().returning(move |_, body| {
            sent.lock().unwrap().push(body.to_string());
            if sms_ok { Ok(()) } else { Err(DeliveryError("gateway down".into())) }
        });
        let directory: Arc<dyn UserDirectoryRepository> = Arc::new(directory);
        let users: Arc<MockUserRepository> = Arc::new(users);
        let lookup = UserDirectory::new(directory.clone(), users.clone(), Arc::new(MockOrgDocumentRepository::new()));
        (OrgVerifications::new(lookup, directory, crate::notices::notifier::testing::notifier(users, Arc::new(sms))), reviews)
    }

    fn by_id() -> UserRef {
        UserRef::Id(user().id)
    }

    fn reject(reason: &str) -> OrgDecision {
        OrgDecision::Reject { reason: reason.into() }
    }

    #[tokio::test]
    async fn verifying_a_pending_organization_records_it_and_tells_them() {
        let sent = Arc::new(Mutex::new(Vec::new()));
        let (s, reviews) = service(Some(org(OrgVerification::Pending)), true, sent.clone());
        let done = s.decide(&by_id(), &OrgDecision::Verify, "staff", false).await.unwrap();
        assert_eq!(
            (done.previous, done.user.org_verification, done.notified),
            (OrgVerification::Pending, Some(OrgVerification::Verified), true)
        );
        assert_eq!(reviews.lock().unwrap()[0].reviewer, "staff");
        let verified = crate::notices::notifier::testing::sms(Notice::OrgVerified);
        assert_eq!(sent.lock().unwrap().as_slice(), [verified], "no name: the organization chose it");
    }

    #[tokio::test]
    async fn a_rejection_keeps_its_reason_and_sends_it_even_when_the_sms_fails() {
        let sent = Arc::new(Mutex::new(Vec::new()));
        let (s, reviews) = service(Some(org(OrgVerification::Pending)), false, sent.clone());
        let done = s.decide(&by_id(), &reject("  商業登記證已過期 "), "staff", false).await.unwrap();
        assert_eq!(done.user.org_rejection_reason.as_deref(), Some("商業登記證已過期"));
        assert!(!done.notified, "the decision stands without the SMS");
        assert_eq!(reviews.lock().unwrap()[0].reason.as_deref(), Some("商業登記證已過期"));
        let rejected = crate::notices::notifier::testing::sms(Notice::OrgRejected { reason: "商業登記證已過期".into() });
        assert_eq!(sent.lock().unwrap().as_slice(), [rejected]);
    }

    #[tokio::test]
    async fn a_rejection_needs_a_short_reason_before_anything_is_read() {
        let (s, _) = service(None, true, Arc::default());
        assert!(matches!(s.decide(&by_id(), &reject(" "), "staff", false).await, Err(OrgVerificationError::ReasonRequired)));
        let long = "字".repeat(REASON_MAX_CHARS + 1);
        assert!(matches!(s.decide(&by_id(), &reject(&long), "staff", false).await, Err(OrgVerificationError::ReasonTooLong)));
    }

    #[tokio::test]
    async fn a_decided_organization_changes_only_when_asked_to_redecide() {
        let sent = Arc::new(Mutex::new(Vec::new()));
        let (s, reviews) = service(Some(org(OrgVerification::Verified)), true, sent.clone());
        let again = s.decide(&by_id(), &OrgDecision::Verify, "staff", true).await.unwrap_err();
        assert!(matches!(again, OrgVerificationError::Unchanged(OrgVerification::Verified)), "{again:?}");
        let refused = s.decide(&by_id(), &reject("文件不符"), "staff", false).await.unwrap_err();
        assert!(matches!(refused, OrgVerificationError::AlreadyDecided(OrgVerification::Verified)));
        assert!(reviews.lock().unwrap().is_empty() && sent.lock().unwrap().is_empty());

        let revoked = s.decide(&by_id(), &reject("文件不符"), "staff", true).await.unwrap();
        assert_eq!((revoked.previous, revoked.user.org_verification), (OrgVerification::Verified, Some(OrgVerification::Rejected)));
        let restored = s.decide(&by_id(), &OrgDecision::Verify, "staff", true).await.unwrap();
        assert_eq!(restored.user.org_rejection_reason, None);
        assert_eq!(reviews.lock().unwrap().len(), 2);
    }

    #[tokio::test]
    async fn individuals_and_unknown_accounts_are_clear_errors() {
        let (s, _) = service(Some(user()), true, Arc::default());
        let individual = s.decide(&by_id(), &OrgDecision::Verify, "staff", false).await.unwrap_err();
        assert!(matches!(individual, OrgVerificationError::NotOrganization(1001)), "{individual:?}");
        let (s, _) = service(None, true, Arc::default());
        let unknown = s.decide(&by_id(), &OrgDecision::Verify, "staff", false).await.unwrap_err();
        assert!(matches!(unknown, OrgVerificationError::Directory(UserDirectoryError::NotFound(_))));
    }
}
