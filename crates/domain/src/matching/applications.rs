//! Matching tutors with cases: active tutors apply to approved cases they teach, with their
//! available times; the owner sees the applicants, those who fit first (`fit`), and offers the
//! case to one of them (`offers`). Only once that tutor confirms do the two see each other's
//! phone number.

use std::collections::HashMap;
use std::sync::Arc;

use thiserror::Error;
use uuid::Uuid;

use crate::accounts::ports::UserRepository;
use crate::accounts::user::User;
use crate::billing::standing::Standing;
use crate::cases::lifecycle::IllegalCaseTransition;
use crate::cases::model::Case;
use crate::cases::ports::CaseRepository;
use crate::matching::fit::{Fit, NotTaught, Teaching};
use crate::matching::model::{AvailableTimes, CaseApplication, CaseApplicationStatus, IllegalApplicationTransition};
use crate::matching::offer::Offer;
use crate::matching::ports::{ApplicationRepository, ApplyOutcome};
use crate::notices::notifier::{Notice, Notifier};
use crate::shared::clock::Clock;
use crate::shared::identity::Phone;
use crate::shared::rate_limits::APPLIES_PER_TUTOR;
use crate::shared::storage::{Constraint, RepositoryError};
use crate::shared::validation::ValidationErrors;
use crate::tutors::model::{TutorProfile, TutorRef};
use crate::tutors::ports::TutorRepository;

/// Applicants a case takes unless configured otherwise (`CASE_APPLICANT_CAP`).
pub const DEFAULT_APPLICANT_CAP: u32 = 30;
/// How many of a tutor's applications the list shows.
const APPLIED_LIST_LIMIT: u32 = 100;

#[derive(Debug, Error)]
pub enum ApplyError {
    #[error("invalid: {0}")]
    Invalid(ValidationErrors),
    #[error("case_not_found")]
    CaseNotFound,
    #[error("not_a_tutor")]
    NotATutor,
    #[error("own_case")]
    OwnCase,
    #[error("case_not_open")]
    NotOpen,
    /// The tutor's profile has nothing at the case's level, or none of its subjects there.
    #[error("outside_teaching")]
    OutsideTeaching(NotTaught),
    #[error("already_applied")]
    AlreadyApplied,
    #[error("case_full")]
    Full,
    /// An invoice of the tutor's is overdue past the penalty day (its number).
    #[error("restricted: invoice {0}")]
    Restricted(String),
    /// Apply calls are counted, refused ones too: an apply/withdraw loop stops here
    /// ([`APPLIES_PER_TUTOR`]).
    #[error("too_many_applications")]
    TooMany,
    #[error(transparent)]
    Repository(#[from] RepositoryError),
}

#[derive(Debug, Error)]
pub enum ApplicantsError {
    #[error("case_not_found")]
    CaseNotFound,
    #[error("not_owner")]
    NotOwner,
    #[error("application_not_found")]
    ApplicationNotFound,
    /// The tutor cannot take on a case now (the reason is theirs, not the owner's).
    #[error("tutor_unavailable")]
    TutorUnavailable,
    /// The offer's fee.
    #[error("invalid: {0}")]
    Invalid(ValidationErrors),
    #[error(transparent)]
    IllegalCase(#[from] IllegalCaseTransition),
    #[error(transparent)]
    IllegalApplication(#[from] IllegalApplicationTransition),
    #[error(transparent)]
    Repository(#[from] RepositoryError),
}

#[derive(Debug, Error)]
pub enum WithdrawError {
    #[error("application_not_found")]
    NotFound,
    #[error("not_yours")]
    NotYours,
    /// Only an open application is withdrawn; selected, declined and withdrawn ones stay.
    #[error("not_withdrawable: {0}")]
    NotOpen(CaseApplicationStatus),
    #[error(transparent)]
    Repository(#[from] RepositoryError),
}

/// A tutor's application with its case and the latest offer on it; the owner's phone once the
/// tutor confirmed.
#[derive(Debug, Clone)]
pub struct AppliedCase {
    pub application: CaseApplication,
    pub case: Case,
    pub offer: Option<Offer>,
    pub owner_contact: Option<Contact>,
}

/// Someone's name and phone, disclosed to the other side of a match.
#[derive(Debug, Clone, PartialEq)]
pub struct Contact {
    pub name: String,
    pub phone: Phone,
}

/// An application as the case's owner sees it, with the latest offer made on it and how the
/// tutor fits the case now (an application from before the rule, or a profile changed since,
/// may not).
#[derive(Debug, Clone)]
pub struct Applicant {
    pub application: CaseApplication,
    pub tutor: User,
    pub offer: Option<Offer>,
    pub fit: Fit,
}

impl Applicant {
    /// The tutor's phone, only once the tutor confirmed the offer.
    pub fn contact(&self) -> Option<Contact> {
        (self.application.status == CaseApplicationStatus::Selected)
            .then(|| Contact { name: self.tutor.name.as_str().into(), phone: self.tutor.phone.clone() })
    }
}

#[derive(Clone)]
pub struct Matching {
    cases: Arc<dyn CaseRepository>,
    applications: Arc<dyn ApplicationRepository>,
    users: Arc<dyn UserRepository>,
    /// Tutors' profiles: what they teach.
    tutors: Arc<dyn TutorRepository>,
    notifier: Notifier,
    clock: Arc<dyn Clock>,
    cap: u32,
    standing: Standing,
}

impl Matching {
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        cases: Arc<dyn CaseRepository>,
        applications: Arc<dyn ApplicationRepository>,
        users: Arc<dyn UserRepository>,
        tutors: Arc<dyn TutorRepository>,
        notifier: Notifier,
        clock: Arc<dyn Clock>,
        cap: u32,
        standing: Standing,
    ) -> Self {
        Self { cases, applications, users, tutors, notifier, clock, cap: cap.max(1), standing }
    }

    /// Applicants a case takes.
    pub fn cap(&self) -> u32 {
        self.cap
    }

    /// An active tutor applies to an approved case of someone else that they teach, once.
    ///
    /// # Errors
    /// `NotATutor`, `TooMany` (the tutor's daily limit of apply calls), `CaseNotFound`,
    /// `OwnCase`, `NotOpen`, `OutsideTeaching` (nothing at the case's level, or none of its
    /// subjects there: [`Teaching`]), `Invalid` (available times), `AlreadyApplied` (also when
    /// two requests race), `Full`. A withdrawn application to the same case reopens with the
    /// new times.
    pub async fn apply(&self, tutor_id: Uuid, case_number: i64, available_times: &str) -> Result<CaseApplication, ApplyError> {
        let tutor = self.users.find_by_id(tutor_id).await?.ok_or(ApplyError::NotATutor)?;
        if !tutor.is_active_tutor() {
            return Err(ApplyError::NotATutor);
        }
        if let Some(invoice) = self.standing.restricting_invoice(tutor_id).await? {
            return Err(ApplyError::Restricted(invoice));
        }
        self.notifier.throttle().hit("apply", &tutor_id.to_string(), APPLIES_PER_TUTOR).await.map_err(|_| ApplyError::TooMany)?;
        let case = self.cases.find_by_number(case_number).await?.ok_or(ApplyError::CaseNotFound)?;
        if case.is_owned_by(tutor_id) {
            return Err(ApplyError::OwnCase);
        }
        if !case.is_public() {
            return Err(ApplyError::NotOpen);
        }
        // Before the times: a tutor who cannot apply at all hears that first. Teaching it
        // elsewhere or for more is not refused: the owner weighs it, told on the list.
        let profile = self.tutors.find_profile(TutorRef::Id(tutor_id)).await?;
        if let Some(missing) = NotTaught::of(Teaching::of_profile(profile.as_ref(), &case.details), &case.details) {
            return Err(ApplyError::OutsideTeaching(missing));
        }
        let times = AvailableTimes::parse(available_times)
            .map_err(|problem| ApplyError::Invalid(ValidationErrors::single("availableTimes", problem)))?;
        let application = CaseApplication {
            id: Uuid::new_v4(),
            case_number,
            tutor_id,
            available_times: times,
            status: CaseApplicationStatus::Applied,
            created_at: self.clock.now(),
        };
        let stored = match self.applications.apply(application, self.cap).await {
            Ok(ApplyOutcome::Applied(stored)) => stored,
            Ok(ApplyOutcome::Full) => return Err(ApplyError::Full),
            Ok(ApplyOutcome::NotOpen) => return Err(ApplyError::NotOpen),
            Err(RepositoryError::Conflict(Constraint::ApplicationPerTutorAndCase)) => return Err(ApplyError::AlreadyApplied),
            Err(e) => return Err(e.into()),
        };
        if let Some(owner) = case.owner_id {
            self.notifier.tell_id(owner, &Notice::NewApplicant { case: case_number }).await;
        }
        Ok(stored)
    }

    /// The tutor's applications, newest first, each with its case and offer.
    ///
    /// # Errors
    /// `Repository` when storage fails.
    pub async fn applied(&self, tutor_id: Uuid) -> Result<Vec<AppliedCase>, RepositoryError> {
        let applications = self.applications.for_tutor(tutor_id, APPLIED_LIST_LIMIT).await?;
        let numbers: Vec<i64> = applications.iter().map(|a| a.case_number).collect();
        let cases: HashMap<i64, Case> = self.cases.find_by_numbers(&numbers).await?.into_iter().map(|c| (c.number, c)).collect();
        let mut offers = self.offers_of(&applications).await?;
        // Only a tutor who confirmed sees the owner's contact (spec: after the match).
        let owners: Vec<Uuid> = applications
            .iter()
            .filter(|a| a.status == CaseApplicationStatus::Selected)
            .filter_map(|a| cases.get(&a.case_number)?.owner_id)
            .collect();
        let owners: HashMap<Uuid, User> = self.users.find_by_ids(&owners).await?.into_iter().map(|u| (u.id, u)).collect();
        Ok(applications
            .into_iter()
            .filter_map(|application| {
                let case = cases.get(&application.case_number)?.clone();
                let owner_contact = match (application.status, case.owner_id) {
                    (CaseApplicationStatus::Selected, Some(owner)) => {
                        owners.get(&owner).map(|o| Contact { name: o.name.as_str().into(), phone: o.phone.clone() })
                    }
                    _ => None,
                };
                let offer = offers.remove(&application.id);
                Some(AppliedCase { application, case, offer, owner_contact })
            })
            .collect())
    }

    /// The tutor takes back an open application: the case's owner no longer sees it and the
    /// place under the cap is free again. The tutor may apply to the case again later (the
    /// application then reopens). No SMS: the owner has nothing to do about it.
    ///
    /// # Errors
    /// `NotFound`, `NotYours` (another user's application), `NotOpen` (selected, declined or
    /// already withdrawn, also when a racing selection won).
    pub async fn withdraw(&self, tutor_id: Uuid, application_id: Uuid) -> Result<CaseApplication, WithdrawError> {
        let application = self.applications.find(application_id).await?.ok_or(WithdrawError::NotFound)?;
        if application.tutor_id != tutor_id {
            return Err(WithdrawError::NotYours);
        }
        let status = application.status.move_to(CaseApplicationStatus::Withdrawn).map_err(|e| WithdrawError::NotOpen(e.from))?;
        if !self.applications.withdraw(application.case_number, application_id, self.clock.now()).await? {
            let now = self.applications.find(application_id).await?.ok_or(WithdrawError::NotFound)?;
            return Err(WithdrawError::NotOpen(now.status));
        }
        Ok(CaseApplication { status, ..application })
    }

    /// The applicants of one's own case, each with its offer and fit: those who fit fully
    /// first, then those who teach it elsewhere or for more, then those who do not teach it;
    /// oldest first within each. Withdrawn applications are gone.
    ///
    /// # Errors
    /// `CaseNotFound`, `NotOwner`.
    pub async fn applicants(&self, owner: Uuid, case_number: i64) -> Result<(Case, Vec<Applicant>), ApplicantsError> {
        let case = owned_case(self.cases.as_ref(), owner, case_number).await?;
        let applications: Vec<_> =
            self.applications.for_case(case_number).await?.into_iter().filter(|a| a.status != CaseApplicationStatus::Withdrawn).collect();
        let ids: Vec<Uuid> = applications.iter().map(|a| a.tutor_id).collect();
        let mut tutors: HashMap<Uuid, User> = self.users.find_by_ids(&ids).await?.into_iter().map(|u| (u.id, u)).collect();
        let profiles = self.profiles(&ids).await?;
        let mut offers = self.offers_of(&applications).await?;
        let mut out: Vec<Applicant> = applications
            .into_iter()
            .filter_map(|application| {
                let offer = offers.remove(&application.id);
                let fit = Fit::of_profile(profiles.get(&application.tutor_id), &case.details);
                tutors.remove(&application.tutor_id).map(|tutor| Applicant { application, tutor, offer, fit })
            })
            .collect();
        // Stable: the order of arrival stays within each grade.
        out.sort_by_key(|applicant| applicant.fit.grade().rank());
        Ok((case, out))
    }

    /// The profiles of `tutors`, one read each: a case has at most the applicant cap of them.
    async fn profiles(&self, tutors: &[Uuid]) -> Result<HashMap<Uuid, TutorProfile>, RepositoryError> {
        let mut profiles = HashMap::new();
        for &id in tutors {
            if let Some(profile) = self.tutors.find_profile(TutorRef::Id(id)).await? {
                profiles.insert(id, profile);
            }
        }
        Ok(profiles)
    }

    /// The latest offer on each of the applications that ever had one, by application.
    async fn offers_of(&self, applications: &[CaseApplication]) -> Result<HashMap<Uuid, Offer>, RepositoryError> {
        let offered: Vec<Uuid> = applications.iter().filter(|a| a.status.was_offered()).map(|a| a.id).collect();
        if offered.is_empty() {
            return Ok(HashMap::new());
        }
        Ok(self.applications.offers(&offered).await?.into_iter().map(|o| (o.application_id, o)).collect())
    }
}

/// One's own case; another member's approved case is `NotOwner`, any other is `CaseNotFound`.
pub(crate) async fn owned_case(cases: &dyn CaseRepository, owner: Uuid, case_number: i64) -> Result<Case, ApplicantsError> {
    let case = cases.find_by_number(case_number).await?.ok_or(ApplicantsError::CaseNotFound)?;
    if !case.is_owned_by(owner) {
        return Err(if case.is_public() { ApplicantsError::NotOwner } else { ApplicantsError::CaseNotFound });
    }
    Ok(case)
}

#[cfg(test)]
mod tests {
    use chrono::Utc;

    use super::*;
    use crate::accounts::ports::MockUserRepository;
    use crate::cases::ports::MockCaseRepository;
    use crate::matching::fit::{FitGap, FitGrade};
    use crate::matching::ports::MockApplicationRepository;
    use crate::shared::messaging::MockSmsSender;
    use crate::tutors::model::TutorSubject;
    use crate::tutors::model::tests::approved_profile;
    use crate::tutors::ports::MockTutorRepository;

    fn matching(applications: MockApplicationRepository) -> Matching {
        let users: Arc<dyn UserRepository> = Arc::new(MockUserRepository::new());
        let notifier = crate::notices::notifier::testing::notifier(users.clone(), Arc::new(MockSmsSender::new()));
        Matching::new(
            Arc::new(MockCaseRepository::new()),
            Arc::new(applications),
            users,
            Arc::new(MockTutorRepository::new()),
            notifier,
            clock(),
            DEFAULT_APPLICANT_CAP,
            crate::billing::standing::testing::clear(),
        )
    }

    fn clock() -> Arc<dyn Clock> {
        Arc::new(crate::shared::clock::SystemClock)
    }

    fn open_application(tutor_id: Uuid) -> CaseApplication {
        CaseApplication {
            id: Uuid::new_v4(),
            case_number: 10234,
            tutor_id,
            available_times: AvailableTimes::from_stored("星期六".into()),
            status: CaseApplicationStatus::Applied,
            created_at: Utc::now(),
        }
    }

    #[tokio::test]
    async fn a_withdrawal_that_loses_the_race_to_a_selection_names_the_new_state() {
        let tutor = Uuid::new_v4();
        let application = open_application(tutor);
        let id = application.id;
        let mut applications = MockApplicationRepository::new();
        let mut reads = vec![CaseApplication { status: CaseApplicationStatus::Selected, ..application.clone() }, application];
        applications.expect_find().times(2).returning(move |_| Ok(reads.pop()));
        applications.expect_withdraw().withf(move |case, app, _| *case == 10234 && *app == id).returning(|_, _, _| Ok(false));
        let error = matching(applications).withdraw(tutor, id).await.unwrap_err();
        assert!(matches!(error, WithdrawError::NotOpen(CaseApplicationStatus::Selected)), "{error:?}");
    }

    /// `owner`'s approved case 10234: 中三 數學、英文 at 藍田 for HK$300 a lesson.
    fn owners_case(owner: Uuid) -> Case {
        use crate::cases::model::{CaseDetails, CaseStatus};
        Case {
            id: Uuid::new_v4(),
            number: 10234,
            owner_id: Some(owner),
            details: CaseDetails::parse(&crate::cases::model::tests::valid_form()).unwrap(),
            status: CaseStatus::Approved,
            applicant_count: 0,
            created_at: Utc::now(),
            updated_at: Utc::now(),
        }
    }

    /// A profile teaching only these (level key, subject) pairs; otherwise `approved_profile`'s:
    /// 藍田 (觀塘區), HK$300 a lesson.
    fn teaching(tutor: Uuid, subjects: &[(&'static str, &str)]) -> TutorProfile {
        let subjects = subjects.iter().map(|&(level, name)| TutorSubject { level, name: name.to_string() }).collect();
        TutorProfile { subjects, ..approved_profile(tutor) }
    }

    /// [`owners_case`], a tutor 李老師 with `profile`, and every SMS recorded.
    fn applying(owner: Uuid, tutor: Uuid, profile: TutorProfile) -> (Matching, Arc<std::sync::Mutex<Vec<String>>>) {
        use crate::shared::identity::DisplayName;
        let case = owners_case(owner);
        let mut cases = MockCaseRepository::new();
        cases.expect_find_by_number().returning(move |_| Ok(Some(case.clone())));
        let mut users = MockUserRepository::new();
        users.expect_find_by_id().returning(move |id| {
            let mut u = User { id, ..crate::accounts::sessions::tests_support::user() };
            if id == tutor {
                u.name = DisplayName::parse("李老師").unwrap();
                (u.is_tutor, u.is_tutor_profile_active) = (true, true);
            }
            Ok(Some(u))
        });
        let mut applications = MockApplicationRepository::new();
        applications.expect_apply().returning(|a, _| Ok(ApplyOutcome::Applied(a)));
        let sent = Arc::new(std::sync::Mutex::new(Vec::new()));
        let log = sent.clone();
        let mut sms = MockSmsSender::new();
        sms.expect_send_sms().returning(move |_, body| {
            log.lock().unwrap().push(body.to_string());
            Ok(())
        });
        let mut tutors = MockTutorRepository::new();
        tutors.expect_find_profile().returning(move |_| Ok(Some(profile.clone())));
        let users: Arc<dyn UserRepository> = Arc::new(users);
        let notifier = crate::notices::notifier::testing::notifier(users.clone(), Arc::new(sms));
        (
            Matching::new(
                Arc::new(cases),
                Arc::new(applications),
                users,
                Arc::new(tutors),
                notifier,
                clock(),
                DEFAULT_APPLICANT_CAP,
                crate::billing::standing::testing::clear(),
            ),
            sent,
        )
    }

    #[tokio::test]
    async fn the_owner_is_texted_the_case_number_once_an_hour_and_apply_calls_are_limited() {
        let (owner, tutor) = (Uuid::new_v4(), Uuid::new_v4());
        let (matching, sent) = applying(owner, tutor, approved_profile(tutor));
        // An apply/withdraw loop: every apply succeeds, only the first is texted.
        for _ in 0..APPLIES_PER_TUTOR.max {
            matching.apply(tutor, 10234, "星期六 下午【tutorhub】請即回覆").await.unwrap();
        }
        assert_eq!(sent.lock().unwrap().as_slice(), [crate::notices::notifier::testing::sms(Notice::NewApplicant { case: 10234 })]);
        let error = matching.apply(tutor, 10234, "星期六").await.unwrap_err();
        assert!(matches!(error, ApplyError::TooMany), "{error:?}");
    }

    #[tokio::test]
    async fn only_the_applying_tutor_withdraws_and_nothing_is_written_otherwise() {
        let application = open_application(Uuid::new_v4());
        let id = application.id;
        let mut applications = MockApplicationRepository::new();
        applications.expect_find().returning(move |_| Ok(Some(application.clone())));
        applications.expect_withdraw().never();
        let error = matching(applications).withdraw(Uuid::new_v4(), id).await.unwrap_err();
        assert!(matches!(error, WithdrawError::NotYours), "{error:?}");
    }

    /// Issue 34: a kindergarten tutor applied to a secondary maths case.
    #[tokio::test]
    async fn a_tutor_who_does_not_teach_the_case_is_refused_saying_what_and_the_owner_hears_nothing() {
        let (owner, tutor) = (Uuid::new_v4(), Uuid::new_v4());
        let secondary = crate::shared::catalogue::level("secondary").unwrap();
        for (subjects, expected) in [
            (&[("kindergarten", "幼兒英文")][..], NotTaught::Level(secondary)),
            (
                &[("secondary", "物理"), ("primary", "數學")][..],
                NotTaught::Subjects { level: secondary, subjects: vec!["數學".into(), "英文".into()] },
            ),
        ] {
            let (matching, sent) = applying(owner, tutor, teaching(tutor, subjects));
            let error = matching.apply(tutor, 10234, "星期六").await.unwrap_err();
            let ApplyError::OutsideTeaching(missing) = error else { panic!("{error:?}") };
            assert_eq!(missing, expected);
            assert!(sent.lock().unwrap().is_empty(), "nothing stored, nobody texted");
        }
        // One of the case's subjects at its level is enough, wherever and for whatever fee.
        let elsewhere = TutorProfile {
            teaching_districts: vec!["屯門區".into()],
            place: crate::shared::catalogue::place("屯門").unwrap(),
            rate: crate::shared::money::Rate::from_cents(90000),
            ..teaching(tutor, &[("secondary", "英文")])
        };
        let (matching, _) = applying(owner, tutor, elsewhere);
        matching.apply(tutor, 10234, "星期六").await.unwrap();
    }

    #[tokio::test]
    async fn the_owner_sees_applicants_who_fit_first_each_with_its_gaps_in_order_of_arrival() {
        let owner = Uuid::new_v4();
        let [outside, partial, full, late_full] = [1, 2, 3, 4].map(Uuid::from_u128);
        let mut cases = MockCaseRepository::new();
        cases.expect_find_by_number().returning(move |_| Ok(Some(owners_case(owner))));
        let mut applications = MockApplicationRepository::new();
        // Oldest first, as the store answers; one withdrawn, which the owner no longer sees.
        let withdrawn = CaseApplication { status: CaseApplicationStatus::Withdrawn, ..open_application(Uuid::from_u128(5)) };
        let arrived =
            vec![open_application(outside), open_application(partial), withdrawn, open_application(full), open_application(late_full)];
        applications.expect_for_case().returning(move |_| Ok(arrived.clone()));
        let mut users = MockUserRepository::new();
        users
            .expect_find_by_ids()
            .returning(|ids| Ok(ids.iter().map(|&id| User { id, ..crate::accounts::sessions::tests_support::user() }).collect()));
        let mut tutors = MockTutorRepository::new();
        tutors.expect_find_profile().returning(move |tutor| {
            let TutorRef::Id(id) = tutor else { panic!("profiles are read by id") };
            Ok(Some(match id {
                id if id == outside => teaching(id, &[("kindergarten", "幼兒英文")]),
                // Maths, but in 沙田 only and for more than the case pays.
                id if id == partial => TutorProfile {
                    teaching_districts: vec!["沙田區".into()],
                    place: crate::shared::catalogue::place("沙田").unwrap(),
                    rate: crate::shared::money::Rate::from_cents(45000),
                    ..teaching(id, &[("secondary", "數學")])
                },
                id => teaching(id, &[("secondary", "英文")]),
            }))
        });
        let users: Arc<dyn UserRepository> = Arc::new(users);
        let notifier = crate::notices::notifier::testing::notifier(users.clone(), Arc::new(MockSmsSender::new()));
        let matching = Matching::new(
            Arc::new(cases),
            Arc::new(applications),
            users,
            Arc::new(tutors),
            notifier,
            clock(),
            DEFAULT_APPLICANT_CAP,
            crate::billing::standing::testing::clear(),
        );
        let (_, applicants) = matching.applicants(owner, 10234).await.unwrap();
        let seen: Vec<(Uuid, FitGrade, Vec<FitGap>)> =
            applicants.iter().map(|a| (a.tutor.id, a.fit.grade(), a.fit.gaps().to_vec())).collect();
        assert_eq!(
            seen,
            [
                (full, FitGrade::Full, vec![]),
                (late_full, FitGrade::Full, vec![]),
                (partial, FitGrade::Partial, vec![FitGap::District, FitGap::Fee]),
                (outside, FitGrade::Outside, vec![FitGap::Level]),
            ]
        );
    }
}
