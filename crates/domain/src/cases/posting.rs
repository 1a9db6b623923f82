//! Posting and editing one's own cases, and seeing them in any state.

use std::sync::Arc;

use chrono::NaiveDate;
use thiserror::Error;
use uuid::Uuid;

use crate::accounts::ports::UserRepository;
use crate::cases::lifecycle::{CaseAction, IllegalCaseTransition};
use crate::cases::model::{Case, CaseDetails, CaseForm, CaseStatus, NewCase, PostType};
use crate::cases::ports::CaseRepository;
use crate::cases::search::CaseFilter;
use crate::shared::clock::Clock;
use crate::shared::hong_kong;
use crate::shared::paging::{Page, PageRequest};
use crate::shared::storage::RepositoryError;
use crate::shared::validation::ValidationErrors;

#[derive(Debug, Error)]
pub enum PostCaseError {
    #[error("invalid: {0}")]
    Invalid(ValidationErrors),
    /// A tutor-seeking-student case by a member who is not a tutor.
    #[error("tutors_only")]
    TutorsOnly,
    #[error("account_gone")]
    AccountGone,
    #[error("not_found")]
    NotFound,
    #[error("not_owner")]
    NotOwner,
    #[error(transparent)]
    Illegal(#[from] IllegalCaseTransition),
    /// The case's state moved between reading and writing it.
    #[error("changed")]
    Changed,
    #[error(transparent)]
    Repository(#[from] RepositoryError),
}

#[derive(Debug, Error)]
pub enum ViewCaseError {
    #[error("not_found")]
    NotFound,
    #[error(transparent)]
    Repository(#[from] RepositoryError),
}

/// A member's own cases: post, edit, list, view.
#[derive(Clone)]
pub struct CasePosting {
    cases: Arc<dyn CaseRepository>,
    users: Arc<dyn UserRepository>,
    /// Today's date, for a case's start date.
    clock: Arc<dyn Clock>,
    /// `CASES_AUTO_APPROVE=true`: new and edited cases skip moderation.
    auto_approve: bool,
}

impl CasePosting {
    pub fn new(cases: Arc<dyn CaseRepository>, users: Arc<dyn UserRepository>, clock: Arc<dyn Clock>, auto_approve: bool) -> Self {
        Self { cases, users, clock, auto_approve }
    }

    /// Checks the form and who may post it; answers the details to store. The start date is
    /// from today on (Hong Kong), or the one the edited case had (`kept`).
    async fn checked(&self, author: Uuid, form: &CaseForm, kept: Option<NaiveDate>) -> Result<CaseDetails, PostCaseError> {
        let today = hong_kong::date(self.clock.now());
        let details = CaseDetails::parse_to_post(form, today, kept).map_err(PostCaseError::Invalid)?;
        if details.post_type == PostType::TutorSeekingStudent {
            let user = self.users.find_by_id(author).await?.ok_or(PostCaseError::AccountGone)?;
            if !user.is_tutor {
                return Err(PostCaseError::TutorsOnly);
            }
        }
        Ok(details)
    }

    fn moderated(&self, status: CaseStatus) -> CaseStatus {
        if self.auto_approve && status == CaseStatus::Pending { CaseStatus::Approved } else { status }
    }

    /// Posts a case; it waits for moderation unless moderation is off.
    ///
    /// # Errors
    /// `Invalid` with every failing field (a start date before today among them);
    /// `TutorsOnly` for a tutor-seeking-student case by a non-tutor; `Repository` when storage
    /// fails.
    pub async fn post(&self, owner: Uuid, form: &CaseForm) -> Result<Case, PostCaseError> {
        let details = self.checked(owner, form, None).await?;
        let new = NewCase {
            id: Uuid::new_v4(),
            owner_id: Some(owner),
            details,
            status: self.moderated(CaseStatus::Pending),
            created_at: self.clock.now(),
        };
        let mut stored = self.cases.insert(vec![new]).await?;
        stored.pop().ok_or(PostCaseError::NotFound)
    }

    /// Replaces the content of one's own case; a changed case goes back to moderation.
    ///
    /// # Errors
    /// `NotFound`, `NotOwner` (another member's case), `Illegal` (matched or closed),
    /// `Changed` (its state moved meanwhile), plus those of [`CasePosting::post`].
    pub async fn update(&self, editor: Uuid, number: i64, form: &CaseForm) -> Result<Case, PostCaseError> {
        let case = self.cases.find_by_number(number).await?.ok_or(PostCaseError::NotFound)?;
        if !case.is_owned_by(editor) {
            return Err(PostCaseError::NotOwner);
        }
        let to = self.moderated(case.status.after(CaseAction::Edit)?);
        let details = self.checked(editor, form, Some(case.details.start_date)).await?;
        if !self.cases.update_details(number, details, case.status, to, self.clock.now()).await? {
            return Err(PostCaseError::Changed);
        }
        self.cases.find_by_number(number).await?.ok_or(PostCaseError::NotFound)
    }

    /// A case as `viewer` may see it: approved cases for anyone, others only for their owner,
    /// and a matched case also for the tutor who confirmed it (they teach from it).
    ///
    /// # Errors
    /// `NotFound` when missing or not visible to the viewer (indistinguishable on purpose).
    pub async fn view(&self, viewer: Option<Uuid>, number: i64) -> Result<Case, ViewCaseError> {
        let case = self.cases.find_by_number(number).await?.ok_or(ViewCaseError::NotFound)?;
        if case.is_visible_to(viewer) {
            return Ok(case);
        }
        match viewer {
            Some(viewer) if case.status == CaseStatus::Matched && self.cases.matched_tutor(number).await? == Some(viewer) => Ok(case),
            _ => Err(ViewCaseError::NotFound),
        }
    }

    /// The member's own cases in every state, newest first.
    ///
    /// # Errors
    /// `Repository` when storage fails.
    pub async fn mine(&self, owner: Uuid, page: PageRequest) -> Result<Page<Case>, RepositoryError> {
        self.cases.search(&CaseFilter::owned_by(owner), page).await
    }
}

#[cfg(test)]
mod tests {
    use chrono::Utc;

    use super::*;
    use crate::accounts::ports::MockUserRepository;
    use crate::cases::model::tests::valid_form;
    use crate::cases::ports::MockCaseRepository;
    use crate::shared::clock::ManualClock;
    use crate::shared::validation::{CasesProblem, Problem};

    /// A clock at a Hong Kong wall-clock time; `valid_form` starts on 2026-12-01.
    fn clock_at(local: &str) -> Arc<dyn Clock> {
        Arc::new(ManualClock::at(hong_kong::at(local)))
    }

    fn before_the_start() -> Arc<dyn Clock> {
        clock_at("2026-11-20T10:00")
    }

    fn stored(owner: Uuid, status: CaseStatus) -> Case {
        Case {
            id: Uuid::new_v4(),
            number: 10001,
            owner_id: Some(owner),
            details: CaseDetails::parse(&valid_form()).unwrap(),
            status,
            applicant_count: 0,
            created_at: Utc::now(),
            updated_at: Utc::now(),
        }
    }

    #[tokio::test]
    async fn new_cases_wait_for_moderation_unless_it_is_off() {
        for (auto, want) in [(false, CaseStatus::Pending), (true, CaseStatus::Approved)] {
            let mut cases = MockCaseRepository::new();
            cases
                .expect_insert()
                .withf(move |new| new[0].status == want)
                .returning(|new| Ok(new.into_iter().map(|n| Case { number: 1, ..stored(n.owner_id.unwrap(), n.status) }).collect()));
            let posting = CasePosting::new(Arc::new(cases), Arc::new(MockUserRepository::new()), before_the_start(), auto);
            assert_eq!(posting.post(Uuid::new_v4(), &valid_form()).await.unwrap().status, want);
        }
    }

    #[tokio::test]
    async fn refuses_another_members_case_and_final_states() {
        let owner = Uuid::new_v4();
        let mut cases = MockCaseRepository::new();
        cases.expect_find_by_number().returning(move |_| Ok(Some(stored(owner, CaseStatus::Matched))));
        let posting = CasePosting::new(Arc::new(cases), Arc::new(MockUserRepository::new()), before_the_start(), false);
        assert!(matches!(posting.update(Uuid::new_v4(), 10001, &valid_form()).await, Err(PostCaseError::NotOwner)));
        assert!(matches!(posting.update(owner, 10001, &valid_form()).await, Err(PostCaseError::Illegal(_))));
    }

    #[tokio::test]
    async fn shows_unapproved_cases_only_to_their_owner() {
        let owner = Uuid::new_v4();
        let mut cases = MockCaseRepository::new();
        cases.expect_find_by_number().returning(move |_| Ok(Some(stored(owner, CaseStatus::Pending))));
        let posting = CasePosting::new(Arc::new(cases), Arc::new(MockUserRepository::new()), before_the_start(), false);
        assert!(posting.view(Some(owner), 10001).await.is_ok());
        assert!(matches!(posting.view(Some(Uuid::new_v4()), 10001).await, Err(ViewCaseError::NotFound)));
        assert!(matches!(posting.view(None, 10001).await, Err(ViewCaseError::NotFound)));
    }

    #[tokio::test]
    async fn a_new_case_starts_from_today_and_an_edit_may_keep_its_date() {
        let owner = Uuid::new_v4();
        let mut cases = MockCaseRepository::new();
        cases.expect_insert().never();
        cases.expect_find_by_number().returning(move |_| Ok(Some(stored(owner, CaseStatus::Approved))));
        cases.expect_update_details().times(1).returning(|_, _, _, _, _| Ok(true));
        // Ten days after the stored case's start date.
        let posting = CasePosting::new(Arc::new(cases), Arc::new(MockUserRepository::new()), clock_at("2026-12-11T09:00"), false);
        let Err(PostCaseError::Invalid(errors)) = posting.post(owner, &valid_form()).await else { panic!("a past start date was posted") };
        assert_eq!(errors.get("startDate"), Some(&Problem::Cases(CasesProblem::StartDatePast)));
        posting.update(owner, 10001, &valid_form()).await.unwrap();
        let another_past_date = CaseForm { start_date: "2026-12-10".into(), ..valid_form() };
        assert!(matches!(posting.update(owner, 10001, &another_past_date).await, Err(PostCaseError::Invalid(_))));
    }
}
