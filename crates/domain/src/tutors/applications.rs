//! Becoming a tutor: a user files an application; the back office approves or rejects it.

use std::sync::Arc;

use chrono::Utc;
use thiserror::Error;
use uuid::Uuid;

use crate::accounts::ports::UserRepository;
use crate::shared::files::{FileStore, FileStoreError, Visibility};
use crate::shared::messages::{MessageWords, Sms};
use crate::shared::messaging::SmsSender;
use crate::shared::storage::{Constraint, RepositoryError};
use crate::shared::upload::{Upload, UploadError, UploadPurpose};
use crate::shared::validation::{Problem, TutorsProblem, ValidationErrors};
use crate::tutors::model::{
    ApplicationDetails, Decision, DecisionError, NewTutorApplication, TutorApplication, TutorApplicationForm, TutorApplicationStatus,
    TutorProfile,
};
use crate::tutors::ports::TutorApplicationRepository;

/// Folder of public avatars in the file store.
pub const AVATAR_FOLDER: &str = "avatars";

#[derive(Debug, Error)]
pub enum SubmitApplicationError {
    #[error("invalid: {0}")]
    Invalid(ValidationErrors),
    #[error("avatar_too_large")]
    AvatarTooLarge,
    #[error("application_pending")]
    AlreadyPending,
    #[error("already_tutor")]
    AlreadyTutor,
    /// The token named an account that no longer exists.
    #[error("account_gone")]
    Gone,
    #[error(transparent)]
    Files(#[from] FileStoreError),
    #[error(transparent)]
    Repository(#[from] RepositoryError),
}

#[derive(Debug, Error)]
pub enum ReviewApplicationError {
    /// No application has this number.
    #[error("application_not_found: {0}")]
    NotFound(i64),
    #[error(transparent)]
    Decision(#[from] DecisionError),
    /// The applicant's account was removed.
    #[error("applicant_gone")]
    ApplicantGone,
    #[error(transparent)]
    Repository(#[from] RepositoryError),
}

/// What a decision did.
#[derive(Debug, Clone, PartialEq)]
pub struct Reviewed {
    pub application: TutorApplication,
    /// Whether the applicant's SMS went out (a failed SMS does not undo the decision).
    pub notified: bool,
}

/// Tutor application use cases, for applicants (web) and staff (CLI).
#[derive(Clone)]
pub struct TutorApplications {
    users: Arc<dyn UserRepository>,
    tutors: Arc<dyn TutorApplicationRepository>,
    files: Arc<dyn FileStore>,
    sms: Arc<dyn SmsSender>,
    /// Words the decision's SMS in the applicant's language.
    words: Arc<dyn MessageWords>,
}

impl TutorApplications {
    pub fn new(
        users: Arc<dyn UserRepository>,
        tutors: Arc<dyn TutorApplicationRepository>,
        files: Arc<dyn FileStore>,
        sms: Arc<dyn SmsSender>,
        words: Arc<dyn MessageWords>,
    ) -> Self {
        Self { users, tutors, files, sms, words }
    }

    /// Files an application for `user_id`. Every field and the avatar are checked before
    /// anything is kept; a user has at most one pending application.
    ///
    /// # Errors
    /// `Invalid` (all field errors, the avatar's included), `AvatarTooLarge`, `AlreadyPending`,
    /// `AlreadyTutor`, `Gone`, or storage failures.
    pub async fn submit(
        &self,
        user_id: Uuid,
        form: &TutorApplicationForm,
        avatar: Option<Vec<u8>>,
    ) -> Result<TutorApplication, SubmitApplicationError> {
        let details = ApplicationDetails::parse(form);
        let avatar = match avatar.map(|bytes| Upload::check(bytes, UploadPurpose::Avatar)) {
            None => Err(Problem::from(TutorsProblem::AvatarMissing)),
            Some(Err(UploadError::TooLarge)) => return Err(SubmitApplicationError::AvatarTooLarge),
            Some(Err(error)) => Err(TutorsProblem::Avatar(error).into()),
            Some(Ok(upload)) => Ok(upload),
        };
        let (details, avatar) = match (details, avatar) {
            (Ok(details), Ok(avatar)) => (details, avatar),
            (details, avatar) => {
                let mut errors = details.err().unwrap_or_default();
                if let Err(problem) = avatar {
                    errors.add("avatar", problem);
                }
                return Err(SubmitApplicationError::Invalid(errors));
            }
        };
        let user = self.users.find_by_id(user_id).await?.ok_or(SubmitApplicationError::Gone)?;
        if user.is_tutor {
            return Err(SubmitApplicationError::AlreadyTutor);
        }
        if self.tutors.latest_application(user_id).await?.is_some_and(|a| a.status == TutorApplicationStatus::Pending) {
            return Err(SubmitApplicationError::AlreadyPending);
        }
        let stored = self.files.save(AVATAR_FOLDER, avatar.kind, Visibility::Public, avatar.bytes).await?;
        let avatar_path = stored.public_path().unwrap_or_default();
        let new = NewTutorApplication { id: Uuid::new_v4(), user_id, details, avatar: avatar_path, submitted_at: Utc::now() };
        match self.tutors.insert_application(new).await {
            // The store's one-pending rule decides a race between two submissions.
            Err(RepositoryError::Conflict(Constraint::PendingTutorApplication)) => Err(SubmitApplicationError::AlreadyPending),
            other => Ok(other?),
        }
    }

    /// The caller's latest application, if any.
    ///
    /// # Errors
    /// When storage fails.
    pub async fn latest_of(&self, user_id: Uuid) -> Result<Option<TutorApplication>, RepositoryError> {
        self.tutors.latest_application(user_id).await
    }

    /// Back office: applications, oldest first.
    ///
    /// # Errors
    /// When storage fails.
    pub async fn list(&self, status: Option<TutorApplicationStatus>) -> Result<Vec<TutorApplication>, RepositoryError> {
        self.tutors.list_applications(status).await
    }

    /// Back office: one application.
    ///
    /// # Errors
    /// `NotFound`, or when storage fails.
    pub async fn find(&self, number: i64) -> Result<TutorApplication, ReviewApplicationError> {
        self.tutors.find_application(number).await?.ok_or(ReviewApplicationError::NotFound(number))
    }

    /// Back office: approves or rejects a pending application and tells the applicant by SMS.
    /// Approval makes the user a tutor with an active public profile built from the application.
    ///
    /// # Errors
    /// `NotFound`, `Decision` (not pending, missing reason), `ApplicantGone`, storage failures.
    pub async fn decide(&self, number: i64, decision: &Decision, reviewer: &str) -> Result<Reviewed, ReviewApplicationError> {
        let application = self.find(number).await?;
        let (status, reason) = application.decide(decision)?;
        let user = self.users.find_by_id(application.user_id).await?.ok_or(ReviewApplicationError::ApplicantGone)?;
        let now = Utc::now();
        let changed = match (&status, &reason) {
            (TutorApplicationStatus::Approved, _) => {
                let profile = TutorProfile::from_application(&application, user.number, now);
                self.tutors.approve_application(number, reviewer, now, &profile).await?
            }
            (_, reason) => {
                let reason = reason.as_deref().unwrap_or_default();
                self.tutors.reject_application(number, reviewer, reason, now).await?
            }
        };
        if !changed {
            // Someone else decided between our read and our write: report what they decided.
            let current = self.find(number).await?;
            return Err(DecisionError::NotPending(current.status).into());
        }
        let message = match reason {
            None => Sms::TutorApproved { application: number },
            Some(reason) => Sms::TutorRejected { application: number, reason },
        };
        // The decision stands even when the SMS fails; the caller reports `notified: false`.
        let notified = self.sms.send_sms(&user.phone, &self.words.sms(&message, user.language)).await.is_ok();
        Ok(Reviewed { application: self.find(number).await?, notified })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::accounts::ports::MockUserRepository;
    use crate::accounts::user::{Role, User};
    use crate::shared::files::{MockFileStore, StoredFile};
    use crate::shared::identity::{DisplayName, Email, Phone};
    use crate::shared::messaging::MockSmsSender;
    use crate::tutors::model::tests::valid_form;
    use crate::tutors::ports::MockTutorApplicationRepository;
    use chrono::NaiveDate;

    const PNG: &[u8] = &[0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A, 0, 0];

    fn user(is_tutor: bool) -> User {
        User {
            id: Uuid::new_v4(),
            phone: Phone::parse("91234567").unwrap(),
            email: Email::parse("a@example.com").unwrap(),
            name: DisplayName::parse("陳大文").unwrap(),
            birthdate: NaiveDate::from_ymd_opt(2000, 1, 1).unwrap(),
            role: if is_tutor { Role::Tutor } else { Role::User },
            is_tutor,
            is_tutor_profile_active: is_tutor,
            ..crate::accounts::sessions::tests_support::user()
        }
    }

    fn application(status: TutorApplicationStatus) -> TutorApplication {
        TutorApplication {
            number: 7,
            id: Uuid::new_v4(),
            user_id: Uuid::new_v4(),
            details: ApplicationDetails::parse(&valid_form()).unwrap(),
            avatar: "/media/avatars/a.png".into(),
            status,
            rejection_reason: None,
            reviewer: None,
            submitted_at: Utc::now(),
            reviewed_at: None,
        }
    }

    fn service(
        users: MockUserRepository,
        tutors: MockTutorApplicationRepository,
        files: MockFileStore,
        sms: MockSmsSender,
    ) -> TutorApplications {
        TutorApplications::new(Arc::new(users), Arc::new(tutors), Arc::new(files), Arc::new(sms), crate::shared::messages::testing::words())
    }

    #[tokio::test]
    async fn a_missing_avatar_is_reported_with_the_other_fields_and_nothing_is_kept() {
        let s = service(MockUserRepository::new(), MockTutorApplicationRepository::new(), MockFileStore::new(), MockSmsSender::new());
        let mut form = valid_form();
        form.bio = String::new();
        match s.submit(Uuid::new_v4(), &form, None).await {
            Err(SubmitApplicationError::Invalid(errors)) => {
                let fields: Vec<_> = errors.fields().iter().map(|e| (e.field, e.problem.clone())).collect();
                let bio = Problem::Missing(crate::shared::validation::Label::Bio);
                assert_eq!(fields, [("bio", bio), ("avatar", Problem::Tutors(TutorsProblem::AvatarMissing))]);
            }
            other => panic!("expected Invalid, got {other:?}"),
        }
        let not_image = s.submit(Uuid::new_v4(), &valid_form(), Some(b"%PDF-1.7".to_vec())).await;
        let Err(SubmitApplicationError::Invalid(errors)) = not_image else { panic!("a PDF is no avatar") };
        let wrong_type = TutorsProblem::Avatar(UploadError::WrongType(UploadPurpose::Avatar));
        assert_eq!(errors.get("avatar"), Some(&Problem::Tutors(wrong_type)));
        let mut big = PNG.to_vec();
        big.resize(crate::shared::upload::MAX_UPLOAD_BYTES + 1, 0);
        assert!(matches!(s.submit(Uuid::new_v4(), &valid_form(), Some(big)).await, Err(SubmitApplicationError::AvatarTooLarge)));
    }

    #[tokio::test]
    async fn a_second_application_while_one_is_pending_is_refused_before_storing_anything() {
        let mut users = MockUserRepository::new();
        users.expect_find_by_id().returning(|_| Ok(Some(user(false))));
        let mut tutors = MockTutorApplicationRepository::new();
        tutors.expect_latest_application().returning(|_| Ok(Some(application(TutorApplicationStatus::Pending))));
        tutors.expect_insert_application().never();
        let s = service(users, tutors, MockFileStore::new(), MockSmsSender::new());
        let result = s.submit(Uuid::new_v4(), &valid_form(), Some(PNG.to_vec())).await;
        assert!(matches!(result, Err(SubmitApplicationError::AlreadyPending)));
    }

    #[tokio::test]
    async fn after_a_rejection_the_user_may_apply_again_and_the_avatar_is_stored_publicly() {
        let mut users = MockUserRepository::new();
        users.expect_find_by_id().returning(|_| Ok(Some(user(false))));
        let mut tutors = MockTutorApplicationRepository::new();
        tutors.expect_latest_application().returning(|_| Ok(Some(application(TutorApplicationStatus::Rejected))));
        tutors.expect_insert_application().times(1).returning(|new| {
            let mut stored = application(TutorApplicationStatus::Pending);
            stored.avatar = new.avatar;
            Ok(stored)
        });
        let mut files = MockFileStore::new();
        files
            .expect_save()
            .withf(|folder, _, visibility, _| folder == AVATAR_FOLDER && *visibility == Visibility::Public)
            .returning(|_, _, visibility, _| Ok(StoredFile { key: "avatars/x.png".into(), visibility }));
        let s = service(users, tutors, files, MockSmsSender::new());
        let stored = s.submit(Uuid::new_v4(), &valid_form(), Some(PNG.to_vec())).await.unwrap();
        assert_eq!(stored.avatar, "/media/avatars/x.png");
    }

    #[tokio::test]
    async fn a_tutor_cannot_apply_again() {
        let mut users = MockUserRepository::new();
        users.expect_find_by_id().returning(|_| Ok(Some(user(true))));
        let s = service(users, MockTutorApplicationRepository::new(), MockFileStore::new(), MockSmsSender::new());
        let result = s.submit(Uuid::new_v4(), &valid_form(), Some(PNG.to_vec())).await;
        assert!(matches!(result, Err(SubmitApplicationError::AlreadyTutor)));
    }

    #[tokio::test]
    async fn approval_stores_the_profile_and_tells_the_applicant() {
        let applicant = user(false);
        let mut users = MockUserRepository::new();
        users.expect_find_by_id().returning(move |_| Ok(Some(applicant.clone())));
        let mut tutors = MockTutorApplicationRepository::new();
        let mut reads = 0;
        tutors.expect_find_application().returning(move |_| {
            reads += 1;
            Ok(Some(application(if reads == 1 { TutorApplicationStatus::Pending } else { TutorApplicationStatus::Approved })))
        });
        tutors
            .expect_approve_application()
            .withf(|number, reviewer, _, profile| *number == 7 && reviewer == "staff" && profile.user_number == 1001 && profile.active)
            .times(1)
            .returning(|_, _, _, _| Ok(true));
        let approved = crate::shared::messages::testing::sms(Sms::TutorApproved { application: 7 });
        let mut sms = MockSmsSender::new();
        sms.expect_send_sms().withf(move |to, body| to.as_str() == "+85291234567" && body == approved).times(1).returning(|_, _| Ok(()));
        let s = service(users, tutors, MockFileStore::new(), sms);
        let reviewed = s.decide(7, &Decision::Approve, "staff").await.unwrap();
        assert_eq!(reviewed.application.status, TutorApplicationStatus::Approved);
        assert!(reviewed.notified);
    }

    #[tokio::test]
    async fn rejection_needs_a_reason_and_sends_it() {
        let applicant = user(false);
        let mut users = MockUserRepository::new();
        users.expect_find_by_id().returning(move |_| Ok(Some(applicant.clone())));
        let mut tutors = MockTutorApplicationRepository::new();
        tutors.expect_find_application().returning(|_| Ok(Some(application(TutorApplicationStatus::Pending))));
        tutors.expect_reject_application().withf(|_, _, reason, _| reason == "資料不足").times(1).returning(|_, _, _, _| Ok(true));
        let mut sms = MockSmsSender::new();
        let rejected = crate::shared::messages::testing::sms(Sms::TutorRejected { application: 7, reason: "資料不足".into() });
        sms.expect_send_sms().withf(move |_, body| body == rejected).times(1).returning(|_, _| Ok(()));
        let s = service(users, tutors, MockFileStore::new(), sms);
        let empty = s.decide(7, &Decision::Reject { reason: "  ".into() }, "staff").await;
        assert!(matches!(empty, Err(ReviewApplicationError::Decision(DecisionError::ReasonRequired))));
        s.decide(7, &Decision::Reject { reason: "資料不足".into() }, "staff").await.unwrap();
    }

    #[tokio::test]
    async fn a_decided_application_is_not_decided_again() {
        let mut users = MockUserRepository::new();
        users.expect_find_by_id().never();
        let mut tutors = MockTutorApplicationRepository::new();
        tutors.expect_find_application().returning(|_| Ok(Some(application(TutorApplicationStatus::Approved))));
        tutors.expect_approve_application().never();
        let s = service(users, tutors, MockFileStore::new(), MockSmsSender::new());
        let result = s.decide(7, &Decision::Approve, "staff").await;
        assert!(matches!(result, Err(ReviewApplicationError::Decision(DecisionError::NotPending(TutorApplicationStatus::Approved)))));
    }
}
