//! The back office's side of cases: review, approve, reject with a reason, close.
//! The owner hears the outcome by SMS.

use std::sync::Arc;

use chrono::Utc;
use thiserror::Error;

use crate::cases::lifecycle::{CaseAction, IllegalCaseTransition};
use crate::cases::model::{Case, CaseStatus};
use crate::cases::ports::CaseRepository;
use crate::cases::search::CaseFilter;
use crate::notices::notifier::{Notice, Notifier};
use crate::shared::paging::{Page, PageRequest};
use crate::shared::storage::RepositoryError;
use crate::shared::validation::{Label, Lines, refuse_control_characters};

#[derive(Debug, Error)]
pub enum ModerationError {
    /// No case has this number.
    #[error("not_found: {0}")]
    NotFound(i64),
    #[error(transparent)]
    Illegal(#[from] IllegalCaseTransition),
    /// A rejection with a blank reason.
    #[error("reason_required")]
    ReasonRequired,
    /// A rejection reason with a control character in it.
    #[error("reason_has_control_characters")]
    ReasonHasControlCharacters,
    #[error(transparent)]
    Repository(#[from] RepositoryError),
}

#[derive(Clone)]
pub struct CaseModeration {
    cases: Arc<dyn CaseRepository>,
    notifier: Notifier,
}

impl CaseModeration {
    pub fn new(cases: Arc<dyn CaseRepository>, notifier: Notifier) -> Self {
        Self { cases, notifier }
    }

    /// Cases in `status` (every state when `None`), newest first.
    ///
    /// # Errors
    /// `Repository` when storage fails.
    pub async fn list(&self, status: Option<CaseStatus>, page: PageRequest) -> Result<Page<Case>, ModerationError> {
        Ok(self.cases.search(&CaseFilter::in_status(status), page).await?)
    }

    /// # Errors
    /// `NotFound`; `Repository` when storage fails.
    pub async fn show(&self, number: i64) -> Result<Case, ModerationError> {
        self.cases.find_by_number(number).await?.ok_or(ModerationError::NotFound(number))
    }

    /// # Errors
    /// `NotFound`; `Illegal` unless the case is pending.
    pub async fn approve(&self, number: i64) -> Result<Case, ModerationError> {
        let case = self.act(number, CaseAction::Approve).await?;
        self.tell_owner(&case, &Notice::CaseApproved { case: number }).await;
        Ok(case)
    }

    /// # Errors
    /// `ReasonRequired` for a blank reason, `ReasonHasControlCharacters`; `NotFound`;
    /// `Illegal` unless the case is pending.
    pub async fn reject(&self, number: i64, reason: &str) -> Result<Case, ModerationError> {
        let reason = reason.trim();
        if reason.is_empty() {
            return Err(ModerationError::ReasonRequired);
        }
        refuse_control_characters(reason, Label::RejectionReason, Lines::Multi).map_err(|_| ModerationError::ReasonHasControlCharacters)?;
        let case = self.act(number, CaseAction::Reject).await?;
        self.tell_owner(&case, &Notice::CaseRejected { case: number, reason: reason.to_string() }).await;
        Ok(case)
    }

    /// # Errors
    /// `NotFound`; `Illegal` for a matched or closed case.
    pub async fn close(&self, number: i64) -> Result<Case, ModerationError> {
        let case = self.act(number, CaseAction::Close).await?;
        self.tell_owner(&case, &Notice::CaseClosed { case: number }).await;
        Ok(case)
    }

    async fn act(&self, number: i64, action: CaseAction) -> Result<Case, ModerationError> {
        let case = self.show(number).await?;
        let to = case.status.after(action)?;
        if !self.cases.transition(number, case.status, to, Utc::now()).await? {
            // Someone else changed it meanwhile: judge the action against the new state.
            let now = self.show(number).await?;
            return Err(now.status.after(action).err().unwrap_or(IllegalCaseTransition { from: now.status, action }).into());
        }
        self.show(number).await
    }

    async fn tell_owner(&self, case: &Case, notice: &Notice) {
        if let Some(owner) = case.owner_id {
            self.notifier.tell_id(owner, notice).await;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::accounts::ports::MockUserRepository;
    use crate::cases::model::tests::case_with_status;
    use crate::cases::ports::MockCaseRepository;
    use crate::shared::messaging::MockSmsSender;

    fn case(status: CaseStatus) -> Case {
        case_with_status(10001, status)
    }

    fn moderation(cases: MockCaseRepository) -> CaseModeration {
        CaseModeration::new(
            Arc::new(cases),
            crate::notices::notifier::testing::notifier(Arc::new(MockUserRepository::new()), Arc::new(MockSmsSender::new())),
        )
    }

    #[tokio::test]
    async fn refuses_to_approve_a_rejected_case_without_writing() {
        let mut cases = MockCaseRepository::new();
        cases.expect_find_by_number().returning(|_| Ok(Some(case(CaseStatus::Rejected))));
        cases.expect_transition().never();
        let error = moderation(cases).approve(10001).await.unwrap_err();
        assert!(matches!(
            error,
            ModerationError::Illegal(IllegalCaseTransition { from: CaseStatus::Rejected, action: CaseAction::Approve })
        ));
    }

    #[tokio::test]
    async fn the_owner_hears_the_number_and_the_reason_but_not_the_title() {
        let owner = crate::accounts::sessions::tests_support::user();
        let mut reads = vec![case(CaseStatus::Rejected), case(CaseStatus::Pending)];
        let mut cases = MockCaseRepository::new();
        cases.expect_find_by_number().returning(move |_| Ok(Some(Case { owner_id: Some(owner.id), ..reads.pop().unwrap() })));
        cases.expect_transition().returning(|_, _, _, _| Ok(true));
        let mut users = MockUserRepository::new();
        users.expect_find_by_id().returning(|_| Ok(Some(crate::accounts::sessions::tests_support::user())));
        let mut sms = MockSmsSender::new();
        let rejected =
            crate::notices::notifier::testing::sms(Notice::CaseRejected { case: 10001, reason: "聯絡資料不應寫在描述".into() });
        sms.expect_send_sms().withf(move |_, body| body == rejected).times(1).returning(|_, _| Ok(()));
        let moderation = CaseModeration::new(Arc::new(cases), crate::notices::notifier::testing::notifier(Arc::new(users), Arc::new(sms)));
        moderation.reject(10001, " 聯絡資料不應寫在描述 ").await.unwrap();
    }

    #[tokio::test]
    async fn a_rejection_needs_a_reason() {
        assert!(matches!(moderation(MockCaseRepository::new()).reject(10001, "  ").await, Err(ModerationError::ReasonRequired)));
        let error = moderation(MockCaseRepository::new()).reject(10001, "內容\0不符").await.unwrap_err();
        assert!(matches!(error, ModerationError::ReasonHasControlCharacters), "{error:?}");
    }
}
