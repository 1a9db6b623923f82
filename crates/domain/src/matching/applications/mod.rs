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
use crate::tutors::ports::TutorProfileRepository;

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
    tutors: Arc<dyn TutorProfileRepository>,
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
        tutors: Arc<dyn TutorProfileRepository>,
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
mod tests;
