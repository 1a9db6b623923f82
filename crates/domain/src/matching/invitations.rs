//! Inviting tutors to apply (issue 12): the owner of an open case sees the active tutors who
//! fit it best (可能合適的導師, scored like the cases recommended to tutors) and may invite a
//! few of them. An invitation is one SMS that links to the case; the tutor still decides and
//! applies as anyone would. Tutors can turn invitations off.
//!
//! Only the owner of a student's or parent's case (學生搵導師) invites, and only the tutors
//! the suggestions would show: a subject of the case at its level, as the store is asked for
//! suggestions, and the rest of [`fit`]. A tutor's own post cannot text competing tutors.
//!
//! The limits keep this from becoming a way to text tutors at will: at most
//! [`INVITATIONS_PER_CASE`] per case and [`INVITATIONS_PER_TUTOR_PER_DAY`] per tutor in any 24
//! hours, both checked by the store in the write itself.

use std::collections::HashSet;
use std::sync::Arc;

use chrono::Utc;
use thiserror::Error;
use uuid::Uuid;

use crate::accounts::ports::UserRepository;
use crate::accounts::user::UserType;
use crate::cases::model::{Case, PostType};
use crate::cases::ports::CaseRepository;
use crate::cases::search::SubjectMatch;
use crate::matching::ports::{ApplicationRepository, Invitation, InvitationRepository, InviteOutcome};
use crate::matching::recommendations::{FitReason, fit};
use crate::notices::notifier::{Inviter, Notice, Notifier};
use crate::shared::paging::PageRequest;
use crate::shared::storage::RepositoryError;
use crate::tutors::model::{TutorProfile, TutorRef};
use crate::tutors::ports::TutorProfileRepository;
use crate::tutors::search::TutorFilter;

/// Invitations one case may send.
pub const INVITATIONS_PER_CASE: u32 = 10;
/// Invitations one tutor receives in any 24 hours.
pub const INVITATIONS_PER_TUTOR_PER_DAY: u32 = 5;
/// How many suggestions the owner sees.
pub const SUGGESTED: usize = 6;
/// The most recently approved tutors in the case's subjects that are scored.
const CANDIDATES: i64 = 100;

/// A tutor suggested for a case, with how well they fit and whether they can be invited.
#[derive(Debug, Clone, PartialEq)]
pub struct TutorSuggestion {
    pub tutor: TutorProfile,
    pub score: u32,
    pub reasons: Vec<FitReason>,
    pub invited: bool,
    /// False when the tutor turned invitations off.
    pub accepts_invitations: bool,
}

#[derive(Debug, Error)]
pub enum InviteError {
    #[error("case_not_found")]
    CaseNotFound,
    #[error("not_owner")]
    NotOwner,
    #[error("case_not_open")]
    CaseNotOpen,
    #[error("tutor_not_found")]
    TutorNotFound,
    /// The tutor turned invitations off.
    #[error("invitations_off")]
    Declined,
    #[error("not_a_fit")]
    NotAFit,
    #[error("tutors_post")]
    TutorsPost,
    #[error("already_applied")]
    AlreadyApplied,
    #[error("already_invited")]
    AlreadyInvited,
    /// [`INVITATIONS_PER_CASE`] sent for this case.
    #[error("case_invitation_limit")]
    CaseLimit,
    /// [`INVITATIONS_PER_TUTOR_PER_DAY`] received by the tutor in 24 hours.
    #[error("tutor_invitation_limit")]
    TutorLimit,
    #[error(transparent)]
    Repository(#[from] RepositoryError),
}

#[derive(Clone)]
pub struct Invitations {
    cases: Arc<dyn CaseRepository>,
    users: Arc<dyn UserRepository>,
    tutors: Arc<dyn TutorProfileRepository>,
    applications: Arc<dyn ApplicationRepository>,
    invitations: Arc<dyn InvitationRepository>,
    notifier: Notifier,
    cap: u32,
}

impl Invitations {
    pub fn new(
        cases: Arc<dyn CaseRepository>,
        users: Arc<dyn UserRepository>,
        tutors: Arc<dyn TutorProfileRepository>,
        applications: Arc<dyn ApplicationRepository>,
        invitations: Arc<dyn InvitationRepository>,
        notifier: Notifier,
        cap: u32,
    ) -> Self {
        Self { cases, users, tutors, applications, invitations, notifier, cap: cap.max(1) }
    }

    /// The tutors who fit the owner's case best, for a student's or parent's case open to
    /// applications; none for a case that is not (a tutor's post, pending, full, matched,
    /// closed). Tutors who applied are left out: the owner sees them among the applicants.
    ///
    /// # Errors
    /// `CaseNotFound`, `NotOwner`; `Repository` when storage fails.
    pub async fn suggestions(&self, owner: Uuid, case_number: i64) -> Result<Vec<TutorSuggestion>, InviteError> {
        let case = self.owned_case(owner, case_number).await?;
        if !self.is_open(&case) || !takes_invitations(&case) {
            return Ok(Vec::new());
        }
        let candidates = self.tutors.search_profiles(&candidate_filter(&case), page_of_candidates()).await?.items;
        let applied = self.applicants(case_number).await?;
        let invited: HashSet<Uuid> = self.invitations.invited_to(case_number).await?.into_iter().collect();
        let ids: Vec<Uuid> = candidates.iter().map(|t| t.user_id).collect();
        let declining: HashSet<Uuid> = self.invitations.declining(&ids).await?.into_iter().collect();
        let mut suggestions: Vec<TutorSuggestion> = candidates
            .into_iter()
            .filter(|tutor| tutor.user_id != owner && !applied.contains(&tutor.user_id))
            .filter_map(|tutor| {
                let scored = fit(&tutor, &case)?;
                Some(TutorSuggestion {
                    invited: invited.contains(&tutor.user_id),
                    accepts_invitations: !declining.contains(&tutor.user_id),
                    score: scored.score,
                    reasons: scored.reasons,
                    tutor,
                })
            })
            .collect();
        // Candidates come most recently approved first; a stable sort keeps that among equals.
        suggestions.sort_by_key(|s| std::cmp::Reverse(s.score));
        suggestions.truncate(SUGGESTED);
        Ok(suggestions)
    }

    /// The owner invites an active tutor to apply: stored within the limits, then one SMS to
    /// the tutor with the case number, its link and who invites (a student or parent, or an
    /// organisation), nothing the owner wrote.
    ///
    /// # Errors
    /// `CaseNotFound`, `NotOwner`, `TutorsPost`, `CaseNotOpen`, `TutorNotFound` (also a
    /// deactivated tutor or the owner), `NotAFit` (a tutor the suggestions would not show),
    /// `AlreadyApplied`, and from the store `AlreadyInvited`, `CaseLimit`, `TutorLimit`, `Declined`.
    pub async fn invite(&self, owner: Uuid, case_number: i64, tutor_id: Uuid) -> Result<(), InviteError> {
        let case = self.owned_case(owner, case_number).await?;
        if !takes_invitations(&case) {
            return Err(InviteError::TutorsPost);
        }
        if !self.is_open(&case) {
            return Err(InviteError::CaseNotOpen);
        }
        let profile = match self.tutors.find_profile(TutorRef::Id(tutor_id)).await? {
            Some(profile) if profile.active && tutor_id != owner => profile,
            _ => return Err(InviteError::TutorNotFound),
        };
        // Only tutors the suggestions would show: an invitation is not a way to text any tutor.
        // `fit` starts with one of the case's subjects at its level, as applying requires (what
        // `candidate_filter` asks the store): an invitation never leads to a refused application.
        if fit(&profile, &case).is_none() {
            return Err(InviteError::NotAFit);
        }
        if self.applicants(case_number).await?.contains(&tutor_id) {
            return Err(InviteError::AlreadyApplied);
        }
        // Read before the invitation is stored: once stored, the SMS must go.
        let by = match self.users.find_by_id(owner).await? {
            Some(user) if user.user_type == UserType::Organization => Inviter::Organization,
            _ => Inviter::Family,
        };
        let invitation = Invitation { case_number, tutor_id, created_at: Utc::now() };
        match self.invitations.invite(&invitation, INVITATIONS_PER_CASE, INVITATIONS_PER_TUTOR_PER_DAY).await? {
            InviteOutcome::Invited => {}
            InviteOutcome::AlreadyInvited => return Err(InviteError::AlreadyInvited),
            InviteOutcome::CaseLimit => return Err(InviteError::CaseLimit),
            InviteOutcome::TutorLimit => return Err(InviteError::TutorLimit),
            InviteOutcome::Declined => return Err(InviteError::Declined),
        }
        self.notifier.tell_id(tutor_id, &Notice::Invited { case: case_number, by }).await;
        Ok(())
    }

    /// Whether the user takes invitations (everyone does until they turn them off).
    ///
    /// # Errors
    /// When storage fails.
    pub async fn accepting(&self, tutor_id: Uuid) -> Result<bool, RepositoryError> {
        Ok(self.invitations.declining(&[tutor_id]).await?.is_empty())
    }

    /// # Errors
    /// When storage fails.
    pub async fn set_accepting(&self, tutor_id: Uuid, accepting: bool) -> Result<(), RepositoryError> {
        self.invitations.set_declining(tutor_id, !accepting, Utc::now()).await
    }

    async fn owned_case(&self, owner: Uuid, case_number: i64) -> Result<Case, InviteError> {
        let case = self.cases.find_by_number(case_number).await?.ok_or(InviteError::CaseNotFound)?;
        if !case.is_owned_by(owner) {
            return Err(if case.is_public() { InviteError::NotOwner } else { InviteError::CaseNotFound });
        }
        Ok(case)
    }

    fn is_open(&self, case: &Case) -> bool {
        case.is_public() && case.applicant_count < self.cap
    }

    /// Tutors with an application to the case, withdrawn ones too: they have seen it.
    async fn applicants(&self, case_number: i64) -> Result<HashSet<Uuid>, RepositoryError> {
        Ok(self.applications.for_case(case_number).await?.into_iter().map(|a| a.tutor_id).collect())
    }
}

/// Active tutors who teach one of the case's subjects at its level; at a free-text level
/// (tertiary) any tutor of the level, whose subject the score then compares by name.
fn candidate_filter(case: &Case) -> TutorFilter {
    let level = case.details.level;
    let free_text = level.free_text_subject();
    TutorFilter {
        level: Some(level.key),
        subjects: (!free_text).then(|| SubjectMatch::AnyOf(case.details.subjects.clone())),
        ..TutorFilter::default()
    }
}

/// Only a student's or parent's case invites tutors: a tutor's own post does not text others.
fn takes_invitations(case: &Case) -> bool {
    case.details.post_type == PostType::StudentSeekingTutor
}

fn page_of_candidates() -> PageRequest {
    PageRequest::new(Some(1), Some(CANDIDATES)).expect("a page the paging rules allow")
}

#[cfg(test)]
mod tests {
    use std::sync::Mutex;

    use super::*;

    use crate::accounts::ports::MockUserRepository;
    use crate::accounts::sessions::tests_support::user;
    use crate::accounts::user::User;
    use crate::cases::model::CaseStatus;
    use crate::cases::ports::MockCaseRepository;
    use crate::matching::model::{AvailableTimes, CaseApplication, CaseApplicationStatus};
    use crate::matching::ports::{MockApplicationRepository, MockInvitationRepository};
    use crate::matching::recommendations::tests::case;
    use crate::notices::notifier::testing::{recording_notifier, sms};

    use crate::shared::paging::Page;
    use crate::tutors::model::tests::approved_profile;
    use crate::tutors::ports::MockTutorProfileRepository;

    const OWNER: Uuid = Uuid::from_u128(1);

    /// The owner's open case 20: 中三 數學 in 藍田 for HK$480 a lesson of 90 minutes.
    fn open_case() -> Case {
        Case { owner_id: Some(OWNER), ..case(20, "secondary", "中三", "數學", "藍田", 480.0, "no limit") }
    }

    fn tutor(n: u128) -> TutorProfile {
        approved_profile(Uuid::from_u128(n))
    }

    struct World {
        case: Case,
        /// The owner's kind of account.
        owner: UserType,
        tutors: Vec<TutorProfile>,
        applied: Vec<Uuid>,
        invited: Vec<Uuid>,
        declining: Vec<Uuid>,
        outcome: InviteOutcome,
    }

    impl World {
        fn new() -> Self {
            Self {
                case: open_case(),
                owner: UserType::Individual,
                tutors: vec![tutor(2)],
                applied: vec![],
                invited: vec![],
                declining: vec![],
                outcome: InviteOutcome::Invited,
            }
        }

        /// The use case over this world, and the SMS it sends.
        fn invitations(self) -> (Invitations, Arc<Mutex<Vec<String>>>) {
            let World { case, owner, tutors, applied, invited, declining, outcome } = self;
            let mut users = MockUserRepository::new();
            users.expect_find_by_id().returning(move |id| Ok((id == OWNER).then(|| User { id, user_type: owner, ..user() })));
            let mut cases = MockCaseRepository::new();
            cases.expect_find_by_number().returning(move |n| Ok((n == case.number).then(|| case.clone())));
            let mut profiles = MockTutorProfileRepository::new();
            let listed = tutors.clone();
            profiles.expect_search_profiles().returning(move |_, page| Ok(Page { items: listed.clone(), total: 1, request: page }));
            profiles.expect_find_profile().returning(move |r| {
                let TutorRef::Id(id) = r else { panic!() };
                Ok(tutors.iter().find(|t| t.user_id == id).cloned())
            });
            let mut applications = MockApplicationRepository::new();
            applications.expect_for_case().returning(move |number| {
                Ok(applied
                    .iter()
                    .map(|&tutor_id| CaseApplication {
                        id: Uuid::new_v4(),
                        case_number: number,
                        tutor_id,
                        available_times: AvailableTimes::parse("週末").unwrap(),
                        status: CaseApplicationStatus::Withdrawn,
                        created_at: Utc::now(),
                    })
                    .collect())
            });
            let mut store = MockInvitationRepository::new();
            store.expect_invited_to().returning(move |_| Ok(invited.clone()));
            store.expect_declining().returning(move |ids| Ok(ids.iter().copied().filter(|id| declining.contains(id)).collect()));
            store.expect_invite().returning(move |_, per_case, per_tutor| {
                assert_eq!((per_case, per_tutor), (INVITATIONS_PER_CASE, INVITATIONS_PER_TUTOR_PER_DAY));
                Ok(outcome)
            });
            let (notifier, sent) = recording_notifier();
            let invitations = Invitations::new(
                Arc::new(cases),
                Arc::new(users),
                Arc::new(profiles),
                Arc::new(applications),
                Arc::new(store),
                notifier,
                30,
            );
            (invitations, sent)
        }
    }

    #[tokio::test]
    async fn suggests_fitting_tutors_best_first_with_whether_they_can_be_invited() {
        let mut elsewhere = tutor(3);
        elsewhere.subjects.retain(|s| s.level == "secondary" && s.name == "物理");
        let (invitations, _) = World {
            tutors: vec![elsewhere, tutor(2), tutor(4), tutor(5), approved_profile(OWNER)],
            applied: vec![Uuid::from_u128(5)],
            invited: vec![Uuid::from_u128(4)],
            declining: vec![Uuid::from_u128(2)],
            ..World::new()
        }
        .invitations();
        let suggestions = invitations.suggestions(OWNER, 20).await.unwrap();
        let seen: Vec<(u128, u32, bool, bool)> =
            suggestions.iter().map(|s| (s.tutor.user_id.as_u128(), s.score, s.invited, s.accepts_invitations)).collect();
        // Tutor 3 teaches only physics at the level (the store would not have found them); 5
        // applied (even if withdrawn); the owner is left out.
        assert_eq!(seen, [(2, 90, false, false), (4, 90, true, true)]);
        assert_eq!(suggestions[0].reasons, [FitReason::Subject, FitReason::District, FitReason::Fee]);
    }

    #[tokio::test]
    async fn only_the_owner_of_an_open_case_sees_suggestions_or_invites() {
        let (invitations, sent) = World::new().invitations();
        assert!(matches!(invitations.suggestions(Uuid::new_v4(), 20).await, Err(InviteError::NotOwner)));
        assert!(matches!(invitations.invite(Uuid::new_v4(), 20, Uuid::from_u128(2)).await, Err(InviteError::NotOwner)));
        assert!(matches!(invitations.invite(OWNER, 21, Uuid::from_u128(2)).await, Err(InviteError::CaseNotFound)));
        let (full, _) = World { case: Case { applicant_count: 30, ..open_case() }, ..World::new() }.invitations();
        assert!(full.suggestions(OWNER, 20).await.unwrap().is_empty());
        assert!(matches!(full.invite(OWNER, 20, Uuid::from_u128(2)).await, Err(InviteError::CaseNotOpen)));
        let (matched, _) = World { case: Case { status: CaseStatus::Matched, ..open_case() }, ..World::new() }.invitations();
        assert!(matches!(matched.invite(OWNER, 20, Uuid::from_u128(2)).await, Err(InviteError::CaseNotOpen)));
        assert!(sent.lock().unwrap().is_empty());
    }

    #[tokio::test]
    async fn an_invitation_texts_the_tutor_who_invites_and_the_case_link_and_nothing_the_owner_wrote() {
        let (invitations, sent) = World::new().invitations();
        invitations.invite(OWNER, 20, Uuid::from_u128(2)).await.unwrap();
        assert_eq!(sent.lock().unwrap().as_slice(), [sms(Notice::Invited { case: 20, by: Inviter::Family })]);
        let (invitations, sent) = World { owner: UserType::Organization, ..World::new() }.invitations();
        invitations.invite(OWNER, 20, Uuid::from_u128(2)).await.unwrap();
        assert_eq!(sent.lock().unwrap().as_slice(), [sms(Notice::Invited { case: 20, by: Inviter::Organization })]);
    }

    /// The defect of issue 39: the level alone let a maths case text tutors of other subjects.
    #[tokio::test]
    async fn only_tutors_the_suggestions_would_show_can_be_invited() {
        let mut physics_only = tutor(2);
        physics_only.subjects.retain(|s| s.name == "物理");
        let (invitations, sent) = World { tutors: vec![physics_only], ..World::new() }.invitations();
        assert!(invitations.suggestions(OWNER, 20).await.unwrap().is_empty());
        assert!(matches!(invitations.invite(OWNER, 20, Uuid::from_u128(2)).await, Err(InviteError::NotAFit)));
        let mut maths_elsewhere = tutor(2);
        maths_elsewhere.subjects.retain(|s| s.name == "數學" && s.level == "primary");
        let (invitations, _) = World { tutors: vec![maths_elsewhere], ..World::new() }.invitations();
        assert!(matches!(invitations.invite(OWNER, 20, Uuid::from_u128(2)).await, Err(InviteError::NotAFit)), "maths, at another level");
        assert!(sent.lock().unwrap().is_empty());
    }

    #[tokio::test]
    async fn a_tutors_own_post_suggests_and_invites_nobody() {
        let mut post = open_case();
        post.details.post_type = PostType::TutorSeekingStudent;
        let (invitations, sent) = World { case: post, ..World::new() }.invitations();
        assert!(invitations.suggestions(OWNER, 20).await.unwrap().is_empty());
        let refused = invitations.invite(OWNER, 20, Uuid::from_u128(2)).await.unwrap_err();
        assert!(matches!(refused, InviteError::TutorsPost), "{refused}");
        assert!(sent.lock().unwrap().is_empty());
    }

    #[tokio::test]
    async fn no_invitation_to_inactive_tutors_applicants_or_over_a_limit() {
        let inactive = TutorProfile { active: false, ..tutor(2) };
        let (invitations, _) = World { tutors: vec![inactive], ..World::new() }.invitations();
        assert!(matches!(invitations.invite(OWNER, 20, Uuid::from_u128(2)).await, Err(InviteError::TutorNotFound)));
        let (invitations, _) = World { applied: vec![Uuid::from_u128(2)], ..World::new() }.invitations();
        assert!(matches!(invitations.invite(OWNER, 20, Uuid::from_u128(2)).await, Err(InviteError::AlreadyApplied)));
        let mut kindergarten_only = tutor(2);
        kindergarten_only.subjects.retain(|s| s.level == "kindergarten");
        let (invitations, _) = World { tutors: vec![kindergarten_only], ..World::new() }.invitations();
        assert!(matches!(invitations.invite(OWNER, 20, Uuid::from_u128(2)).await, Err(InviteError::NotAFit)));
        for (outcome, expected) in [
            (InviteOutcome::AlreadyInvited, "already_invited"),
            (InviteOutcome::CaseLimit, "case_invitation_limit"),
            (InviteOutcome::TutorLimit, "tutor_invitation_limit"),
            (InviteOutcome::Declined, "invitations_off"),
        ] {
            let (invitations, sent) = World { outcome, ..World::new() }.invitations();
            let refused = invitations.invite(OWNER, 20, Uuid::from_u128(2)).await.unwrap_err();
            assert_eq!(refused.to_string(), expected, "{refused:?}");
            assert!(sent.lock().unwrap().is_empty(), "{outcome:?} sends nothing");
        }
    }
}
