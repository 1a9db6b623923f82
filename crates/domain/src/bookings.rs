//! Booking a tutor: a member asks for a time, the tutor accepts or declines, the booker
//! may cancel. On a tutor's page others' bookings show a masked name and never a phone.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use chrono::Utc;
use thiserror::Error;
use uuid::Uuid;

use crate::booking::{BOOKER_USER_TYPE, Booking, BookingAction, BookingStatus, BookingTime, IllegalBookingTransition};
use crate::matching::Contact;
use crate::notify::Notifier;
use crate::ports::{BookingRepository, RepositoryError, UserRepository};
use crate::user::User;
use crate::validation::ValidationErrors;

/// How many bookings a list shows.
const LIST_LIMIT: u32 = 100;

#[derive(Debug, Error)]
pub enum BookingError {
    #[error("{0}")]
    Invalid(ValidationErrors),
    #[error("找不到這位導師")]
    TutorNotFound,
    #[error("不可預約自己")]
    OwnProfile,
    #[error("找不到這個預約")]
    NotFound,
    #[error("只有導師本人可以接受或拒絕預約")]
    NotTheTutor,
    #[error("只有預約者本人可以取消預約")]
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
    notifier: Notifier,
}

impl Bookings {
    pub fn new(bookings: Arc<dyn BookingRepository>, users: Arc<dyn UserRepository>, notifier: Notifier) -> Self {
        Self { bookings, users, notifier }
    }

    /// A member books an active tutor for a free-text time; the booking starts pending.
    ///
    /// # Errors
    /// `Invalid` (booking time), `TutorNotFound`, `OwnProfile`.
    pub async fn book(&self, booker: Uuid, tutor_id: Uuid, booking_time: &str) -> Result<BookingView, BookingError> {
        let time = BookingTime::parse(booking_time)
            .map_err(|message| BookingError::Invalid(ValidationErrors::single("bookingTime", message)))?;
        let tutor = self.active_tutor(tutor_id).await?;
        if booker == tutor_id {
            return Err(BookingError::OwnProfile);
        }
        let booker_user = self.users.find_by_id(booker).await?.ok_or(BookingError::NotFound)?;
        let booking = self
            .bookings
            .insert(Booking {
                id: Uuid::new_v4(),
                tutor_id,
                user_id: booker,
                user_type: BOOKER_USER_TYPE.into(),
                booking_time: time,
                status: BookingStatus::Pending,
                created_at: Utc::now(),
            })
            .await?;
        let text = format!("{} 想預約你的補習時間：{}。請登入「我的預約」接受或拒絕。", booker_user.name.as_str(), booking.booking_time.as_str());
        self.notifier.tell(&tutor, &text).await;
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
        let tutor = self.users.find_by_id(booking.tutor_id).await?.ok_or(BookingError::NotFound)?;
        let time = booking.booking_time.as_str().to_string();
        match action {
            BookingAction::Accept => {
                self.notifier.tell_id(booking.user_id, &format!("導師 {} 已接受你的預約（{time}），請登入查看聯絡資料。", tutor.name.as_str())).await;
            }
            BookingAction::Decline => {
                self.notifier.tell_id(booking.user_id, &format!("導師 {} 未能接受你的預約（{time}）。", tutor.name.as_str())).await;
            }
            BookingAction::Cancel => {
                self.notifier.tell(&tutor, &format!("一個預約（{time}）已被預約者取消。")).await;
            }
        }
        let mut views = self.views(actor, vec![booking]).await?;
        views.pop().ok_or(BookingError::NotFound)
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
                let booker_name = booker.as_ref().map_or_else(
                    || "**".to_string(),
                    |b| if party { b.name.as_str().to_string() } else { b.name.masked() },
                );
                let other = if viewer == booking.tutor_id { booker.as_ref() } else { tutor.as_ref() };
                let counterpart = (party && booking.status == BookingStatus::Accepted)
                    .then(|| other.map(|o| Contact { name: o.name.as_str().into(), phone: o.phone.clone() }))
                    .flatten();
                BookingView {
                    tutor_name: tutor.as_ref().map_or_else(String::new, |t| t.name.as_str().to_string()),
                    booker_name,
                    mine: viewer == booking.user_id,
                    counterpart,
                    booking,
                }
            })
            .collect())
    }
}
