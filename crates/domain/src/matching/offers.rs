//! Offers, the use cases: the owner offers the case to one applicant at one agreed fee; the
//! tutor confirms it (proposing the first lesson) or declines it within the offer's hours; a
//! site-wide job lapses what nobody answered, and the case is open again with its applicants.
//! Phones are exchanged only once the tutor confirms.

use std::sync::Arc;

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use thiserror::Error;
use uuid::Uuid;

use crate::accounts::ports::UserRepository;
use crate::billing::standing::Standing;
use crate::cases::lifecycle::{CaseAction, IllegalCaseTransition};
use crate::cases::ports::CaseRepository;
use crate::jobs::scheduler::Work;
use crate::matching::applications::{Applicant, ApplicantsError, owned_case};
use crate::matching::fit::Fit;
use crate::matching::model::{CaseApplication, CaseApplicationStatus, IllegalApplicationTransition};
use crate::matching::offer::{Offer, OfferStatus, agreed_fee, first_lesson, lessons_to_remind};
use crate::matching::ports::{ApplicationRepository, ConfirmOutcome, OfferOutcome};
use crate::notices::notifier::{Notice, Notifier};
use crate::shared::clock::Clock;
use crate::shared::money::Rate;
use crate::shared::storage::RepositoryError;
use crate::shared::validation::ValidationErrors;
use crate::tutors::model::TutorRef;
use crate::tutors::ports::TutorProfileRepository;

/// Offers lapsed per run of the job; more wait for the next run a minute later.
const LAPSES_PER_RUN: u32 = 500;

/// Why a tutor's answer to an offer was refused.
#[derive(Debug, Error)]
pub enum AnswerError {
    #[error("application_not_found")]
    NotFound,
    #[error("not_yours")]
    NotYours,
    /// No offer was made on this application.
    #[error("no_offer")]
    NoOffer,
    /// Answered already, or past its deadline (an open offer past it is as good as lapsed).
    #[error("offer_not_open: {0}")]
    NotOpen(OfferStatus),
    #[error("invalid: {0}")]
    Invalid(ValidationErrors),
    /// An invoice of the tutor's is overdue past the penalty day (its number).
    #[error("restricted: invoice {0}")]
    Restricted(String),
    #[error(transparent)]
    Repository(#[from] RepositoryError),
}

#[derive(Clone)]
pub struct Offers {
    cases: Arc<dyn CaseRepository>,
    applications: Arc<dyn ApplicationRepository>,
    users: Arc<dyn UserRepository>,
    tutors: Arc<dyn TutorProfileRepository>,
    notifier: Notifier,
    clock: Arc<dyn Clock>,
    standing: Standing,
    /// How long a tutor has to answer (`OFFER_HOURS`).
    hours: u32,
}

/// What the offers work with.
pub struct OfferPorts {
    pub cases: Arc<dyn CaseRepository>,
    pub applications: Arc<dyn ApplicationRepository>,
    pub users: Arc<dyn UserRepository>,
    pub tutors: Arc<dyn TutorProfileRepository>,
    pub notifier: Notifier,
    pub clock: Arc<dyn Clock>,
    /// Whether an overdue invoice keeps the tutor from confirming.
    pub standing: Standing,
}

impl Offers {
    pub fn new(ports: OfferPorts, hours: u32) -> Self {
        let OfferPorts { cases, applications, users, tutors, notifier, clock, standing } = ports;
        Self { cases, applications, users, tutors, notifier, clock, standing, hours: hours.max(1) }
    }

    /// Hours a tutor has to answer an offer.
    pub fn hours(&self) -> u32 {
        self.hours
    }

    /// The owner offers the case to one applicant at `fee` per lesson (the case's when `None`;
    /// else the case's, the tutor's asking fee or one between). The case waits for the tutor,
    /// who is texted; the other applicants keep their place. Of two racing offers one wins.
    ///
    /// # Errors
    /// `CaseNotFound`, `NotOwner`, `ApplicationNotFound`, `Invalid` (the fee), `IllegalCase`
    /// (not open, e.g. an offer is waiting already), `IllegalApplication` (not open).
    pub async fn offer(
        &self,
        owner: Uuid,
        case_number: i64,
        application_id: Uuid,
        fee: Option<Rate>,
    ) -> Result<Applicant, ApplicantsError> {
        let case = owned_case(self.cases.as_ref(), owner, case_number).await?;
        case.status.after(CaseAction::Offer)?;
        let application = self
            .applications
            .find(application_id)
            .await?
            .filter(|a| a.case_number == case_number)
            .ok_or(ApplicantsError::ApplicationNotFound)?;
        let status = application.status.move_to(CaseApplicationStatus::Offered)?;
        // A tutor who may not confirm (an overdue service fee) is not offered a case they would
        // only hold up; the family is not told why, which is the tutor's business.
        if self.standing.restricting_invoice(application.tutor_id).await?.is_some() {
            return Err(ApplicantsError::TutorUnavailable);
        }
        let profile = self.tutors.find_profile(TutorRef::Id(application.tutor_id)).await?;
        let asked = profile.as_ref().map(|p| p.rate);
        let fit = Fit::of_profile(profile.as_ref(), &case.details);
        let fee = agreed_fee(case.details.rate, asked, fee)
            .map_err(|problem| ApplicantsError::Invalid(ValidationErrors::single("feePerLesson", problem)))?;
        let offer = Offer::open(case_number, application_id, application.tutor_id, fee, self.clock.now(), self.hours);
        match self.applications.offer(&offer).await? {
            OfferOutcome::Offered => {}
            OfferOutcome::CaseNotOpen => {
                let now = owned_case(self.cases.as_ref(), owner, case_number).await?;
                return Err(IllegalCaseTransition { from: now.status, action: CaseAction::Offer }.into());
            }
            OfferOutcome::ApplicationNotOpen => {
                let now = self.applications.find(application_id).await?.ok_or(ApplicantsError::ApplicationNotFound)?;
                return Err(IllegalApplicationTransition { from: now.status, to: CaseApplicationStatus::Offered }.into());
            }
        }
        let tutor = self.users.find_by_id(application.tutor_id).await?.ok_or(ApplicantsError::ApplicationNotFound)?;
        self.notifier.tell(&tutor, &Notice::Offered { case: case_number, hours: self.hours }).await;
        Ok(Applicant { application: CaseApplication { status, ..application }, tutor, offer: Some(offer), fit })
    }

    /// The tutor confirms the offer on their application and proposes the first lesson: the
    /// case is matched, the two see each other's phone, the owner is texted, and the other
    /// applicants see on their page that another tutor was chosen (no SMS to each).
    ///
    /// # Errors
    /// `NotFound`, `NotYours`, `NoOffer`, `NotOpen` (answered, or past its deadline), `Invalid`
    /// (the first lesson's time).
    pub async fn confirm(&self, tutor: Uuid, application_id: Uuid, first_lesson_at: DateTime<Utc>) -> Result<Offer, AnswerError> {
        let now = self.clock.now();
        let offer = self.answerable(tutor, application_id, now).await?;
        if let Some(invoice) = self.standing.restricting_invoice(tutor).await? {
            return Err(AnswerError::Restricted(invoice));
        }
        let first = first_lesson(first_lesson_at, now)
            .map_err(|problem| AnswerError::Invalid(ValidationErrors::single("firstLessonAt", problem)))?;
        match self.applications.confirm(offer.id, first, now).await? {
            ConfirmOutcome::Confirmed => {}
            ConfirmOutcome::NotOpen => return Err(self.now_closed(application_id).await),
        }
        self.tell_owner(offer.case_number, &Notice::OfferConfirmed { case: offer.case_number }).await;
        Ok(Offer { status: OfferStatus::Confirmed, decided_at: Some(now), first_lesson_at: Some(first), ..offer })
    }

    /// The tutor declines: the case is open again, the owner is texted and may choose again.
    ///
    /// # Errors
    /// `NotFound`, `NotYours`, `NoOffer`, `NotOpen`.
    pub async fn decline(&self, tutor: Uuid, application_id: Uuid) -> Result<Offer, AnswerError> {
        let now = self.clock.now();
        let offer = self.answerable(tutor, application_id, now).await?;
        if !self.applications.end_offer(offer.id, OfferStatus::Declined, now).await? {
            return Err(self.now_closed(application_id).await);
        }
        self.tell_owner(offer.case_number, &Notice::OfferDeclined { case: offer.case_number }).await;
        Ok(Offer { status: OfferStatus::Declined, decided_at: Some(now), ..offer })
    }

    /// Lapses the open offers past their deadline: each case is open again and its owner
    /// texted. Safe on several servers at once: each offer lapses (and is told) once.
    ///
    /// # Errors
    /// `Repository` when storage fails (the first failure, after trying every due offer); what
    /// lapsed stays lapsed.
    pub async fn lapse_due(&self) -> Result<usize, RepositoryError> {
        let now = self.clock.now();
        let (mut lapsed, mut failed) = (0, None);
        for offer in self.applications.due_offers(now, LAPSES_PER_RUN).await? {
            // One offer the store cannot end must not hold up the others behind it.
            match self.applications.end_offer(offer.id, OfferStatus::Lapsed, now).await {
                Ok(true) => {
                    lapsed += 1;
                    self.tell_owner(offer.case_number, &Notice::OfferLapsed { case: offer.case_number }).await;
                }
                Ok(false) => {}
                Err(e) => failed = failed.or(Some(e)),
            }
        }
        failed.map_or(Ok(lapsed), Err)
    }

    /// The evening before first lessons, texts both sides of each once (on several servers
    /// too: the store hands each lesson to one of them). Outside the evening, nothing.
    ///
    /// # Errors
    /// `Repository` when storage fails.
    pub async fn remind_first_lessons(&self) -> Result<usize, RepositoryError> {
        let now = self.clock.now();
        let Some((from, to)) = lessons_to_remind(now) else { return Ok(0) };
        let due = self.applications.claim_reminders(from, to, now).await?;
        for offer in &due {
            self.notifier.tell_id(offer.tutor_id, &Notice::FirstLessonTomorrow { case: offer.case_number, tutor: true }).await;
            self.tell_owner(offer.case_number, &Notice::FirstLessonTomorrow { case: offer.case_number, tutor: false }).await;
        }
        Ok(due.len())
    }

    /// The tutor's open offer on their application, still within its deadline.
    async fn answerable(&self, tutor: Uuid, application_id: Uuid, now: DateTime<Utc>) -> Result<Offer, AnswerError> {
        let application = self.applications.find(application_id).await?.ok_or(AnswerError::NotFound)?;
        if application.tutor_id != tutor {
            return Err(AnswerError::NotYours);
        }
        let offer = self.applications.offers(&[application_id]).await?.pop().ok_or(AnswerError::NoOffer)?;
        if !offer.is_answerable(now) {
            return Err(AnswerError::NotOpen(offer.status));
        }
        Ok(offer)
    }

    /// Why an answer that lost a race was refused: the offer's state now.
    async fn now_closed(&self, application_id: Uuid) -> AnswerError {
        match self.applications.offers(&[application_id]).await {
            Ok(mut offers) => offers.pop().map_or(AnswerError::NoOffer, |o| AnswerError::NotOpen(o.status)),
            Err(e) => e.into(),
        }
    }

    async fn tell_owner(&self, case_number: i64, notice: &Notice) {
        if let Ok(Some(case)) = self.cases.find_by_number(case_number).await
            && let Some(owner) = case.owner_id
        {
            self.notifier.tell_id(owner, notice).await;
        }
    }
}

/// The lapse job: every minute, on whichever server takes the lease.
pub struct OfferLapse(pub Offers);

#[async_trait]
impl Work for OfferLapse {
    async fn run(&self, _now: DateTime<Utc>) -> Result<String, String> {
        self.0.lapse_due().await.map(|n| format!("{n} offers lapsed")).map_err(|e| e.to_string())
    }
}

/// The reminder job: every ten minutes, on whichever server takes the lease.
pub struct FirstLessonReminders(pub Offers);

#[async_trait]
impl Work for FirstLessonReminders {
    async fn run(&self, _now: DateTime<Utc>) -> Result<String, String> {
        self.0.remind_first_lessons().await.map(|n| format!("{n} first lessons reminded")).map_err(|e| e.to_string())
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Mutex;

    use chrono::{Duration, TimeZone};

    use super::*;
    use crate::accounts::ports::MockUserRepository;
    use crate::accounts::user::User;
    use crate::cases::model::{Case, CaseDetails, CaseStatus};
    use crate::cases::ports::MockCaseRepository;
    use crate::matching::model::AvailableTimes;
    use crate::matching::ports::MockApplicationRepository;
    use crate::notices::notifier::testing::sms;
    use crate::shared::clock::ManualClock;
    use crate::shared::messaging::MockSmsSender;
    use crate::shared::validation::{MatchingProblem, Problem};
    use crate::tutors::ports::MockTutorProfileRepository;

    fn start() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 27, 12, 0, 0).unwrap()
    }

    struct World {
        owner: Uuid,
        tutor: Uuid,
        application: CaseApplication,
        offer: Arc<Mutex<Option<Offer>>>,
        clock: Arc<ManualClock>,
        sent: Arc<Mutex<Vec<String>>>,
    }

    impl World {
        fn new() -> Self {
            let tutor = Uuid::new_v4();
            let application = CaseApplication {
                id: Uuid::new_v4(),
                case_number: 10234,
                tutor_id: tutor,
                available_times: AvailableTimes::from_stored("星期六".into()),
                status: CaseApplicationStatus::Applied,
                created_at: start(),
            };
            Self {
                owner: Uuid::new_v4(),
                tutor,
                application,
                offer: Arc::new(Mutex::new(None)),
                clock: Arc::new(ManualClock::at(start())),
                sent: Arc::new(Mutex::new(Vec::new())),
            }
        }

        /// Offers wired to mocks that keep one offer the way the store would.
        fn offers(&self) -> Offers {
            let owner = self.owner;
            let mut cases = MockCaseRepository::new();
            cases.expect_find_by_number().returning(move |number| {
                Ok(Some(Case {
                    id: Uuid::new_v4(),
                    number,
                    owner_id: Some(owner),
                    details: CaseDetails::parse(&crate::cases::model::tests::valid_form()).unwrap(),
                    status: CaseStatus::Approved,
                    applicant_count: 1,
                    created_at: start(),
                    updated_at: start(),
                }))
            });
            let mut applications = MockApplicationRepository::new();
            let application = self.application.clone();
            applications.expect_find().returning(move |_| Ok(Some(application.clone())));
            let kept = self.offer.clone();
            applications.expect_offer().returning(move |offer| {
                *kept.lock().unwrap() = Some(offer.clone());
                Ok(OfferOutcome::Offered)
            });
            let kept = self.offer.clone();
            applications.expect_offers().returning(move |_| Ok(kept.lock().unwrap().clone().into_iter().collect()));
            let kept = self.offer.clone();
            applications.expect_confirm().returning(move |_, first, at| {
                let mut offer = kept.lock().unwrap();
                let offer = offer.as_mut().unwrap();
                if !offer.is_answerable(at) {
                    return Ok(ConfirmOutcome::NotOpen);
                }
                (offer.status, offer.first_lesson_at) = (OfferStatus::Confirmed, Some(first));
                Ok(ConfirmOutcome::Confirmed)
            });
            let kept = self.offer.clone();
            applications.expect_end_offer().returning(move |_, to, _| {
                let mut offer = kept.lock().unwrap();
                let offer = offer.as_mut().unwrap();
                let open = offer.status == OfferStatus::Open;
                if open {
                    offer.status = to;
                }
                Ok(open)
            });
            let kept = self.offer.clone();
            applications.expect_due_offers().returning(move |now, _| {
                Ok(kept.lock().unwrap().clone().into_iter().filter(|o| o.status == OfferStatus::Open && o.expires_at <= now).collect())
            });
            let mut tutors = MockTutorProfileRepository::new();
            tutors.expect_find_profile().returning(|_| Ok(None));
            let mut users = MockUserRepository::new();
            users.expect_find_by_id().returning(|id| Ok(Some(User { id, ..crate::accounts::sessions::tests_support::user() })));
            let sent = self.sent.clone();
            let mut sms = MockSmsSender::new();
            sms.expect_send_sms().returning(move |_, body| {
                sent.lock().unwrap().push(body.to_string());
                Ok(())
            });
            let users: Arc<dyn UserRepository> = Arc::new(users);
            let notifier = crate::notices::notifier::testing::notifier(users.clone(), Arc::new(sms));
            let ports = OfferPorts {
                cases: Arc::new(cases),
                applications: Arc::new(applications),
                users,
                tutors: Arc::new(tutors),
                notifier,
                clock: self.clock.clone(),
                standing: crate::billing::standing::testing::clear(),
            };
            Offers::new(ports, 24)
        }
    }

    #[tokio::test]
    async fn the_tutor_answers_within_24_hours_and_not_a_second_later() {
        let world = World::new();
        let offers = world.offers();
        let made = offers.offer(world.owner, 10234, world.application.id, None).await.unwrap();
        assert_eq!(made.application.status, CaseApplicationStatus::Offered);
        assert!(made.contact().is_none(), "no phone before the tutor confirms");
        assert_eq!(made.offer.as_ref().unwrap().fee, Rate::from_cents(30000), "the case's fee when none is named");
        world.clock.advance(Duration::hours(24));
        let first = world.clock.now() + Duration::days(2);
        let error = offers.confirm(world.tutor, world.application.id, first).await.unwrap_err();
        assert!(matches!(error, AnswerError::NotOpen(OfferStatus::Open)), "{error:?}");
        // The job lapses it once; a second run (another server) finds nothing.
        assert_eq!(offers.lapse_due().await.unwrap(), 1);
        assert_eq!(offers.lapse_due().await.unwrap(), 0);
        let texts = world.sent.lock().unwrap().clone();
        assert_eq!(texts.len(), 2, "{texts:?}");
        assert_eq!(texts, [sms(Notice::Offered { case: 10234, hours: 24 }), sms(Notice::OfferLapsed { case: 10234 })]);
    }

    #[tokio::test]
    async fn a_confirmation_within_the_deadline_proposes_the_first_lesson() {
        let world = World::new();
        let offers = world.offers();
        offers.offer(world.owner, 10234, world.application.id, None).await.unwrap();
        world.clock.advance(Duration::hours(23));
        let error = offers.confirm(world.tutor, world.application.id, world.clock.now() - Duration::minutes(15)).await.unwrap_err();
        let AnswerError::Invalid(errors) = error else { panic!("{error:?}") };
        assert_eq!(errors.get("firstLessonAt"), Some(&Problem::Matching(MatchingProblem::FirstLessonPast)));
        assert!(matches!(offers.confirm(Uuid::new_v4(), world.application.id, start()).await, Err(AnswerError::NotYours)));
        let first = world.clock.now() + Duration::days(3);
        let confirmed = offers.confirm(world.tutor, world.application.id, first).await.unwrap();
        assert_eq!((confirmed.status, confirmed.first_lesson_at), (OfferStatus::Confirmed, Some(first)));
        assert_eq!(offers.lapse_due().await.unwrap(), 0, "a confirmed offer never lapses");
        let error = offers.decline(world.tutor, world.application.id).await.unwrap_err();
        assert!(matches!(error, AnswerError::NotOpen(OfferStatus::Confirmed)), "{error:?}");
    }

    #[tokio::test]
    async fn both_sides_are_reminded_the_evening_before_the_first_lesson() {
        use crate::shared::hong_kong::at;
        let world = World::new();
        let mut offers = world.offers();
        let offer = Offer {
            status: OfferStatus::Confirmed,
            first_lesson_at: Some(at("2026-12-01T19:00")),
            ..Offer::open(10234, world.application.id, world.tutor, Rate::from_cents(30000), start(), 24)
        };
        let mut applications = MockApplicationRepository::new();
        applications
            .expect_claim_reminders()
            .withf(|from, to, _| (*from, *to) == (at("2026-12-01T00:00"), at("2026-12-02T00:00")))
            .times(1)
            .returning(move |_, _, _| Ok(vec![offer.clone()]));
        offers.applications = Arc::new(applications);
        offers.clock = Arc::new(ManualClock::at(at("2026-11-30T17:50")));
        assert_eq!(offers.remind_first_lessons().await.unwrap(), 0, "not yet evening: the store is not asked");
        offers.clock = Arc::new(ManualClock::at(at("2026-11-30T18:00")));
        assert_eq!(offers.remind_first_lessons().await.unwrap(), 1);
        let texts = world.sent.lock().unwrap().clone();
        assert_eq!(texts.len(), 2, "{texts:?}");
        let tomorrow = |tutor| sms(Notice::FirstLessonTomorrow { case: 10234, tutor });
        assert_eq!(texts, [tomorrow(true), tomorrow(false)], "the tutor's links to their applications, the owner's to their cases");
    }

    #[tokio::test]
    async fn an_offer_the_store_cannot_end_does_not_hold_up_the_others() {
        let world = World::new();
        let mut offers = world.offers();
        let due = |n| Offer { expires_at: start(), ..Offer::open(n, Uuid::new_v4(), world.tutor, Rate::from_cents(30000), start(), 1) };
        let (broken, fine) = (due(10234), due(10235));
        let broken_id = broken.id;
        let mut applications = MockApplicationRepository::new();
        applications.expect_due_offers().returning(move |_, _| Ok(vec![broken.clone(), fine.clone()]));
        applications
            .expect_end_offer()
            .returning(move |id, _, _| if id == broken_id { Err(RepositoryError::Unavailable("corrupt row".into())) } else { Ok(true) });
        offers.applications = Arc::new(applications);
        world.clock.advance(Duration::hours(1));
        assert!(offers.lapse_due().await.is_err(), "the failure is reported");
        let texts = world.sent.lock().unwrap().clone();
        assert!(texts.contains(&sms(Notice::OfferLapsed { case: 10235 })), "the next offer lapsed: {texts:?}");
    }

    #[tokio::test]
    async fn a_fee_outside_the_two_asks_is_refused_and_nothing_is_offered() {
        let world = World::new();
        let offers = world.offers();
        let error = offers.offer(world.owner, 10234, world.application.id, Some(Rate::from_cents(50000))).await.unwrap_err();
        let ApplicantsError::Invalid(errors) = error else { panic!("{error:?}") };
        // No asking fee on file: the one fee is the case's.
        assert_eq!(errors.get("feePerLesson"), Some(&Problem::Matching(MatchingProblem::FeeMustBe { fee: Rate::from_cents(30000) })));
        assert!(world.offer.lock().unwrap().is_none());
        assert!(world.sent.lock().unwrap().is_empty());
    }
}
