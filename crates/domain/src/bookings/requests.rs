//! Booking a tutor: a member asks for a time, the tutor accepts or declines, the booker
//! may cancel. On a tutor's page others' bookings show a masked name and never a phone.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use chrono::Utc;
use thiserror::Error;
use uuid::Uuid;

use crate::accounts::ports::UserRepository;
use crate::accounts::user::User;
use crate::bookings::model::{
    BOOKER_USER_TYPE, Booking, BookingAction, BookingDetails, BookingStatus, BookingTime, IllegalBookingTransition, LessonPlace,
};
use crate::bookings::ports::BookingRepository;
use crate::matching::applications::Contact;
use crate::notices::notifier::{Notice, Notifier};
use crate::shared::rate_limits::BOOKINGS_PER_MEMBER;
use crate::shared::storage::{Constraint, RepositoryError};
use crate::shared::validation::{BookingsProblem, ValidationErrors};
use crate::tutors::model::TutorRef;
use crate::tutors::ports::TutorProfileRepository;

/// How many bookings a list shows.
const LIST_LIMIT: u32 = 100;

/// What a member sends to book a tutor, as typed.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct BookingForm {
    /// Free text: "星期三 19:00-21:00".
    pub booking_time: String,
    /// "中學 數學": one of the tutor's subjects.
    pub subject: Option<String>,
    pub place: Option<LessonPlace>,
    pub message: Option<String>,
}

#[derive(Debug, Error)]
pub enum BookingError {
    #[error("invalid: {0}")]
    Invalid(ValidationErrors),
    #[error("tutor_not_found")]
    TutorNotFound,
    #[error("own_profile")]
    OwnProfile,
    /// One pending booking per member and tutor: the tutor answers it before another.
    #[error("booking_pending")]
    Pending,
    /// The member's daily limit of new bookings ([`BOOKINGS_PER_MEMBER`]).
    #[error("too_many_bookings")]
    TooMany,
    #[error("booking_not_found")]
    NotFound,
    #[error("not_the_tutor")]
    NotTheTutor,
    #[error("not_the_booker")]
    NotTheBooker,
    #[error(transparent)]
    Illegal(#[from] IllegalBookingTransition),
    #[error(transparent)]
    Repository(#[from] RepositoryError),
}

/// A booking with the names of both sides, as one viewer may see it.
#[derive(Debug, Clone)]
pub struct BookingView {
    pub booking: Booking,
    pub tutor_name: String,
    /// The booker's full name for the tutor and the booker; "陳**" for anyone else.
    pub booker_name: String,
    /// The viewer made this booking.
    pub mine: bool,
    /// The other side's name and phone, once the booking is accepted and only for the two sides.
    pub counterpart: Option<Contact>,
}

#[derive(Clone)]
pub struct Bookings {
    bookings: Arc<dyn BookingRepository>,
    users: Arc<dyn UserRepository>,
    tutors: Arc<dyn TutorProfileRepository>,
    notifier: Notifier,
}

impl Bookings {
    pub fn new(
        bookings: Arc<dyn BookingRepository>,
        users: Arc<dyn UserRepository>,
        tutors: Arc<dyn TutorProfileRepository>,
        notifier: Notifier,
    ) -> Self {
        Self { bookings, users, tutors, notifier }
    }

    /// A member books an active tutor for a free-text time, optionally naming one of the
    /// tutor's subjects, where the lessons happen and a short message; the booking starts
    /// pending. The tutor is told by SMS that there is a booking, not what it says.
    ///
    /// # Errors
    /// `Invalid` (booking time, subject, message), `TutorNotFound`, `OwnProfile`, `Pending`
    /// (this member's booking of this tutor is still pending, also when two requests race),
    /// `TooMany` (the member's daily limit of new bookings).
    pub async fn book(&self, booker: Uuid, tutor_id: Uuid, form: &BookingForm) -> Result<BookingView, BookingError> {
        let (time, details) = Self::parse(form).map_err(BookingError::Invalid)?;
        let tutor = self.active_tutor(tutor_id).await?;
        if booker == tutor_id {
            return Err(BookingError::OwnProfile);
        }
        if let Some(subject) = &details.subject {
            let teaches = self.tutors.find_profile(TutorRef::Id(tutor_id)).await?.is_some_and(|p| p.subjects.contains(subject));
            if !teaches {
                let problem = BookingsProblem::SubjectNotTaught { level: subject.level, name: subject.name.clone() };
                return Err(BookingError::Invalid(ValidationErrors::single("subject", problem)));
            }
        }
        // Asked before counting, so repeating a booking that waits for its answer does not use
        // up the day's bookings; the store's unique index still decides when two race.
        if self.bookings.has_pending(tutor_id, booker).await? {
            return Err(BookingError::Pending);
        }
        self.notifier.throttle().hit("bookings", &booker.to_string(), BOOKINGS_PER_MEMBER).await.map_err(|_| BookingError::TooMany)?;
        let booking = self
            .bookings
            .insert(Booking {
                id: Uuid::new_v4(),
                tutor_id,
                user_id: booker,
                user_type: BOOKER_USER_TYPE.into(),
                booking_time: time,
                details,
                status: BookingStatus::Pending,
                created_at: Utc::now(),
            })
            .await
            .map_err(|e| match e {
                RepositoryError::Conflict(Constraint::PendingBooking) => BookingError::Pending,
                e => e.into(),
            })?;
        self.notifier.tell(&tutor, &Notice::BookingRequested { booker }).await;
        let mut views = self.views(booker, vec![booking]).await?;
        views.pop().ok_or(BookingError::NotFound)
    }

    /// A tutor's bookings as `viewer` may see them.
    ///
    /// # Errors
    /// `TutorNotFound` unless the id is an active tutor.
    pub async fn of_tutor(&self, viewer: Uuid, tutor_id: Uuid) -> Result<Vec<BookingView>, BookingError> {
        self.active_tutor(tutor_id).await?;
        let list = self.bookings.for_tutor(tutor_id, LIST_LIMIT).await?;
        self.views(viewer, list).await
    }

    /// Bookings the viewer made or received.
    ///
    /// # Errors
    /// `Repository` when storage fails.
    pub async fn mine(&self, viewer: Uuid) -> Result<Vec<BookingView>, BookingError> {
        let list = self.bookings.involving(viewer, LIST_LIMIT).await?;
        self.views(viewer, list).await
    }

    /// # Errors
    /// `NotFound`, `NotTheTutor`, `Illegal` unless pending.
    pub async fn accept(&self, tutor: Uuid, id: Uuid) -> Result<BookingView, BookingError> {
        self.act(tutor, id, BookingAction::Accept).await
    }

    /// # Errors
    /// `NotFound`, `NotTheTutor`, `Illegal` unless pending.
    pub async fn decline(&self, tutor: Uuid, id: Uuid) -> Result<BookingView, BookingError> {
        self.act(tutor, id, BookingAction::Decline).await
    }

    /// # Errors
    /// `NotFound`, `NotTheBooker`, `Illegal` unless pending or accepted.
    pub async fn cancel(&self, booker: Uuid, id: Uuid) -> Result<BookingView, BookingError> {
        self.act(booker, id, BookingAction::Cancel).await
    }

    async fn act(&self, actor: Uuid, id: Uuid, action: BookingAction) -> Result<BookingView, BookingError> {
        let booking = self.bookings.find(id).await?.ok_or(BookingError::NotFound)?;
        match action {
            BookingAction::Accept | BookingAction::Decline if booking.tutor_id != actor => {
                return Err(if booking.user_id == actor { BookingError::NotTheTutor } else { BookingError::NotFound });
            }
            BookingAction::Cancel if booking.user_id != actor => {
                return Err(if booking.tutor_id == actor { BookingError::NotTheBooker } else { BookingError::NotFound });
            }
            _ => {}
        }
        let to = booking.status.after(action)?;
        if !self.bookings.transition(id, BookingStatus::allowing(action), to, Utc::now()).await? {
            let now = self.bookings.find(id).await?.ok_or(BookingError::NotFound)?;
            return Err(IllegalBookingTransition { from: now.status, action }.into());
        }
        let booking = Booking { status: to, ..booking };
        let (tutor, booker) = (booking.tutor_id, booking.user_id);
        match action {
            BookingAction::Accept => self.notifier.tell_id(booker, &Notice::BookingAccepted { tutor }).await,
            BookingAction::Decline => self.notifier.tell_id(booker, &Notice::BookingDeclined { tutor }).await,
            BookingAction::Cancel => self.notifier.tell_id(tutor, &Notice::BookingCancelled { booker }).await,
        }
        let mut views = self.views(actor, vec![booking]).await?;
        views.pop().ok_or(BookingError::NotFound)
    }

    /// Every field of the form at once, so the booker sees all that is wrong together.
    fn parse(form: &BookingForm) -> Result<(BookingTime, BookingDetails), ValidationErrors> {
        let mut errors = ValidationErrors::new();
        let time = errors.check("bookingTime", BookingTime::parse(&form.booking_time));
        let details = BookingDetails::parse(form.subject.as_deref(), form.place, form.message.as_deref()).map_err(|e| errors.merge(e)).ok();
        match (time, details) {
            (Some(time), Some(details)) if errors.is_empty() => Ok((time, details)),
            _ => Err(errors),
        }
    }

    async fn active_tutor(&self, tutor_id: Uuid) -> Result<User, BookingError> {
        match self.users.find_by_id(tutor_id).await? {
            Some(user) if user.is_active_tutor() => Ok(user),
            _ => Err(BookingError::TutorNotFound),
        }
    }

    async fn views(&self, viewer: Uuid, list: Vec<Booking>) -> Result<Vec<BookingView>, BookingError> {
        let ids: Vec<Uuid> = list.iter().flat_map(|b| [b.tutor_id, b.user_id]).collect::<HashSet<_>>().into_iter().collect();
        let people: HashMap<Uuid, User> = self.users.find_by_ids(&ids).await?.into_iter().map(|u| (u.id, u)).collect();
        let name = |id: Uuid| people.get(&id).cloned();
        Ok(list
            .into_iter()
            .map(|booking| {
                let tutor = name(booking.tutor_id);
                let booker = name(booking.user_id);
                let party = viewer == booking.tutor_id || viewer == booking.user_id;
                let booker_name =
                    booker.as_ref().map_or_else(|| "**".to_string(), |b| if party { b.name.as_str().to_string() } else { b.name.masked() });
                let other = if viewer == booking.tutor_id { booker.as_ref() } else { tutor.as_ref() };
                let counterpart = (party && booking.status == BookingStatus::Accepted)
                    .then(|| other.map(|o| Contact { name: o.name.as_str().into(), phone: o.phone.clone() }))
                    .flatten();
                // What the booker asked for is between the two sides.
                let details = if party { booking.details } else { BookingDetails::default() };
                BookingView {
                    tutor_name: tutor.as_ref().map_or_else(String::new, |t| t.name.as_str().to_string()),
                    booker_name,
                    mine: viewer == booking.user_id,
                    counterpart,
                    booking: Booking { details, ..booking },
                }
            })
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Mutex;

    use super::*;
    use crate::accounts::ports::MockUserRepository;
    use crate::accounts::sessions::tests_support::user;
    use crate::bookings::ports::MockBookingRepository;
    use crate::notices::notifier::testing::{notifier, sms};
    use crate::shared::identity::{DisplayName, Phone};
    use crate::shared::messaging::MockSmsSender;
    use crate::shared::validation::Problem;
    use crate::tutors::model::tests::approved_profile;
    use crate::tutors::ports::MockTutorProfileRepository;

    const TUTOR_PHONE: &str = "+85251234567";

    /// Every id is a user: the booker `陳大文`, everybody else an active tutor `李老師`.
    fn people(booker: Uuid) -> MockUserRepository {
        let person = move |id: Uuid| {
            let mut u = User { id, ..user() };
            if id == booker {
                u.name = DisplayName::parse("陳大文").unwrap();
            } else {
                u.name = DisplayName::parse("李老師").unwrap();
                u.phone = Phone::parse(TUTOR_PHONE).unwrap();
                (u.is_tutor, u.is_tutor_profile_active) = (true, true);
            }
            u
        };
        let mut users = MockUserRepository::new();
        users.expect_find_by_id().returning(move |id| Ok(Some(person(id))));
        users.expect_find_by_ids().returning(move |ids| Ok(ids.iter().map(|id| person(*id)).collect()));
        users
    }

    /// Bookings that store whatever they get; `pending` answers `has_pending`.
    fn store(pending: bool) -> MockBookingRepository {
        let mut bookings = MockBookingRepository::new();
        bookings.expect_has_pending().returning(move |_, _| Ok(pending));
        bookings.expect_insert().returning(Ok);
        bookings
    }

    /// SMS sent so far, as (to, body).
    type SentSms = Arc<Mutex<Vec<(String, String)>>>;

    fn service(booker: Uuid, bookings: MockBookingRepository) -> (Bookings, SentSms) {
        let sent = Arc::new(Mutex::new(Vec::new()));
        let log = sent.clone();
        let mut sms = MockSmsSender::new();
        sms.expect_send_sms().returning(move |to, body| {
            log.lock().unwrap().push((to.as_str().to_string(), body.to_string()));
            Ok(())
        });
        let users: Arc<dyn UserRepository> = Arc::new(people(booker));
        // Every tutor teaches what `valid_form` lists: 中學 數學, 中學 物理, 小學 數學.
        let mut tutors = MockTutorProfileRepository::new();
        tutors.expect_find_profile().returning(|tutor| {
            let TutorRef::Id(id) = tutor else { panic!("bookings name tutors by id") };
            Ok(Some(approved_profile(id)))
        });
        (Bookings::new(Arc::new(bookings), users.clone(), Arc::new(tutors), notifier(users, Arc::new(sms))), sent)
    }

    fn at(time: &str) -> BookingForm {
        BookingForm { booking_time: time.into(), ..BookingForm::default() }
    }

    #[tokio::test]
    async fn the_tutors_sms_carries_no_member_text_and_a_second_one_within_the_hour_is_not_sent() {
        let (booker, tutor) = (Uuid::new_v4(), Uuid::new_v4());
        let (bookings, sent) = service(booker, store(false));
        // A link would be refused (`contact_details`); text posing as the site's is not.
        let phishing = "星期三 19:00 【tutorhub】你的帳戶已被暫停，請即回覆確認";
        let booked = bookings.book(booker, tutor, &BookingForm { message: Some(phishing.into()), ..at(phishing) }).await.unwrap();
        assert_eq!(booked.booking.booking_time.as_str(), phishing, "the booking keeps what was typed; only the SMS leaves it out");
        assert_eq!(booked.booking.details.message, phishing);
        assert_eq!(sent.lock().unwrap().as_slice(), [(TUTOR_PHONE.to_string(), sms(Notice::BookingRequested { booker }))]);
        // The same member again (say the first was cancelled meanwhile): stored, not texted.
        bookings.book(booker, tutor, &at("星期四 19:00")).await.unwrap();
        assert_eq!(sent.lock().unwrap().len(), 1);
    }

    #[tokio::test]
    async fn answers_and_cancellations_name_nobody_and_no_time() {
        let (booker, tutor) = (Uuid::new_v4(), Uuid::new_v4());
        let booking = Booking {
            id: Uuid::new_v4(),
            tutor_id: tutor,
            user_id: booker,
            user_type: BOOKER_USER_TYPE.into(),
            booking_time: BookingTime::from_stored("星期三 http://evil.example".into()),
            details: BookingDetails::default(),
            status: BookingStatus::Pending,
            created_at: Utc::now(),
        };
        let mut store = MockBookingRepository::new();
        store.expect_find().returning(move |_| Ok(Some(booking.clone())));
        store.expect_transition().returning(|_, _, _, _| Ok(true));
        let (bookings, sent) = service(booker, store);
        bookings.accept(tutor, Uuid::new_v4()).await.unwrap();
        bookings.cancel(booker, Uuid::new_v4()).await.unwrap();
        let sent = sent.lock().unwrap();
        let bodies: Vec<&str> = sent.iter().map(|(_, body)| body.as_str()).collect();
        assert_eq!(bodies, [sms(Notice::BookingAccepted { tutor }), sms(Notice::BookingCancelled { booker })]);
        for (_, body) in sent.iter() {
            for typed in ["星期三", "evil", "陳大文", "李老師"] {
                assert!(!body.contains(typed), "{body} contains {typed}");
            }
        }
    }

    #[tokio::test]
    async fn a_pending_booking_of_the_same_tutor_is_a_conflict_and_costs_nothing() {
        let booker = Uuid::new_v4();
        let mut store = MockBookingRepository::new();
        store.expect_has_pending().returning(|_, _| Ok(true));
        store.expect_insert().never();
        let (bookings, sent) = service(booker, store);
        let error = bookings.book(booker, Uuid::new_v4(), &at("星期三")).await.unwrap_err();
        assert!(matches!(error, BookingError::Pending), "{error:?}");
        assert!(sent.lock().unwrap().is_empty());

        // A race the read did not see: the store's index refuses the second insert.
        let mut store = MockBookingRepository::new();
        store.expect_has_pending().returning(|_, _| Ok(false));
        store.expect_insert().returning(|_| Err(RepositoryError::Conflict(Constraint::PendingBooking)));
        let (bookings, sent) = service(booker, store);
        assert!(matches!(bookings.book(booker, Uuid::new_v4(), &at("星期三")).await, Err(BookingError::Pending)));
        assert!(sent.lock().unwrap().is_empty());
    }

    #[tokio::test]
    async fn a_member_makes_at_most_the_daily_limit_of_new_bookings() {
        let booker = Uuid::new_v4();
        let mut store = MockBookingRepository::new();
        store.expect_has_pending().returning(|_, _| Ok(false));
        store.expect_insert().times(BOOKINGS_PER_MEMBER.max as usize).returning(Ok);
        let (bookings, _) = service(booker, store);
        for _ in 0..BOOKINGS_PER_MEMBER.max {
            bookings.book(booker, Uuid::new_v4(), &at("星期三")).await.unwrap();
        }
        let error = bookings.book(booker, Uuid::new_v4(), &at("星期三")).await.unwrap_err();
        assert!(matches!(error, BookingError::TooMany), "{error:?}");
    }

    #[tokio::test]
    async fn a_booking_names_one_of_the_tutors_subjects_and_reports_every_bad_field_at_once() {
        let (booker, tutor) = (Uuid::new_v4(), Uuid::new_v4());
        let (bookings, sent) = service(booker, store(false));
        let form = BookingForm {
            subject: Some("中學 數學".into()),
            place: Some(LessonPlace::Home),
            message: Some("中三，想加強代數".into()),
            ..at("星期三 19:00")
        };
        let booked = bookings.book(booker, tutor, &form).await.unwrap().booking.details;
        assert_eq!((booked.subject.unwrap().label(), booked.place), ("中學 數學".to_string(), Some(LessonPlace::Home)));
        assert!(!sent.lock().unwrap()[0].1.contains("代數"), "the message stays out of the SMS");

        let other = bookings.book(Uuid::new_v4(), tutor, &BookingForm { subject: Some("中學 化學".into()), ..at("星期三") }).await;
        let Err(BookingError::Invalid(errors)) = other else { panic!("{other:?}") };
        let not_taught = BookingsProblem::SubjectNotTaught { level: "secondary", name: "化學".into() };
        assert_eq!(errors.get("subject"), Some(&Problem::Bookings(not_taught)));

        let bad = BookingForm { subject: Some("數學".into()), message: Some("好".repeat(301)), ..at("") };
        let Err(BookingError::Invalid(errors)) = bookings.book(booker, tutor, &bad).await else { panic!() };
        let fields: Vec<_> = errors.fields().iter().map(|e| e.field).collect();
        assert_eq!(fields, ["bookingTime", "subject", "message"]);
    }

    #[tokio::test]
    async fn what_the_booker_asked_is_for_the_two_sides_only() {
        let (booker, tutor, stranger) = (Uuid::new_v4(), Uuid::new_v4(), Uuid::new_v4());
        let details = BookingDetails::parse(Some("中學 數學"), Some(LessonPlace::Home), Some("家住藍田")).unwrap();
        let booking = Booking {
            id: Uuid::new_v4(),
            tutor_id: tutor,
            user_id: booker,
            user_type: BOOKER_USER_TYPE.into(),
            booking_time: BookingTime::from_stored("星期三".into()),
            details: details.clone(),
            status: BookingStatus::Pending,
            created_at: Utc::now(),
        };
        let mut store = MockBookingRepository::new();
        store.expect_for_tutor().returning(move |_, _| Ok(vec![booking.clone()]));
        let (bookings, _) = service(booker, store);
        for (viewer, sees) in [(booker, details.clone()), (tutor, details), (stranger, BookingDetails::default())] {
            assert_eq!(bookings.of_tutor(viewer, tutor).await.unwrap()[0].booking.details, sees);
        }
    }
}
