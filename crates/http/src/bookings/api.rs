//! Booking tutors: `POST /bookings`, `GET /tutors/{id}/bookings`, `GET /bookings/mine`,
//! `POST /bookings/{id}/accept|decline|cancel`.

use chrono::{DateTime, Utc};
use poem_openapi::param::Path;
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};
use tutorhub_domain::bookings::requests::{BookingForm, BookingView, Bookings};
use uuid::Uuid;

use crate::Tag;
use crate::common::auth::BearerAuth;
use crate::common::contact::ContactBody;
use crate::common::keys::Key;
use crate::error::documented::{Answer, BAD_REQUEST, CONFLICT, FORBIDDEN, NOT_FOUND, PAYLOAD_TOO_LARGE, TOO_MANY_REQUESTS, UNAUTHORIZED};
use tutorhub_domain::bookings::model::{BookingStatus, LessonPlace};

/// What a member sends to book a tutor.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase")]
pub struct BookingRequest {
    /// The tutor's user id.
    pub tutor_id: Uuid,
    /// Free text, e.g. 星期三 19:00-21:00.
    pub booking_time: String,
    /// One of the tutor's subjects, as the profile lists them, e.g. 中學 數學.
    pub subject: Option<String>,
    /// Where the lessons happen.
    pub lesson_place: Option<Key<LessonPlace>>,
    /// A short note to the tutor, at most 300 characters.
    pub message: Option<String>,
}

/// A booking as the caller may see it: others' names masked ("陳**"), never a phone except
/// the other side's once accepted.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase")]
pub struct BookingBody {
    pub id: String,
    pub tutor_id: String,
    pub tutor_name: String,
    /// The booker's user id, only for the booker and the tutor.
    #[oai(skip_serializing_if_is_none)]
    pub user_id: Option<String>,
    /// The booker's name; masked unless the caller is the booker or the tutor.
    pub user_name: String,
    /// `student`.
    pub user_type: String,
    pub booking_time: String,
    /// What the booker asked for; these three only for the booker and the tutor.
    #[oai(skip_serializing_if_is_none)]
    pub subject: Option<String>,
    #[oai(skip_serializing_if_is_none)]
    pub lesson_place: Option<Key<LessonPlace>>,
    #[oai(skip_serializing_if_is_none)]
    pub message: Option<String>,
    pub status: Key<BookingStatus>,
    /// The caller made this booking.
    pub mine: bool,
    /// The caller is the tutor booked.
    pub for_me: bool,
    /// The other side's name and phone, once accepted.
    #[oai(skip_serializing_if_is_none)]
    pub contact: Option<ContactBody>,
    pub created_at: DateTime<Utc>,
}

impl BookingBody {
    fn of(view: BookingView, viewer: Uuid) -> Self {
        let b = view.booking;
        let party = viewer == b.tutor_id || viewer == b.user_id;
        Self {
            id: b.id.to_string(),
            tutor_id: b.tutor_id.to_string(),
            tutor_name: view.tutor_name,
            user_id: party.then(|| b.user_id.to_string()),
            user_name: view.booker_name,
            user_type: b.user_type,
            booking_time: b.booking_time.as_str().into(),
            // The domain gives these to the two sides only.
            subject: b.details.subject.as_ref().map(|s| s.label()),
            lesson_place: b.details.place.map(Key),
            message: Some(b.details.message.clone()).filter(|m| !m.is_empty()),
            status: b.status.into(),
            mine: view.mine,
            for_me: viewer == b.tutor_id,
            contact: view.counterpart.map(Into::into),
            created_at: b.created_at,
        }
    }
}

#[derive(Debug, Clone, Object)]
pub struct BookingList {
    pub items: Vec<BookingBody>,
}

pub struct BookingsApi {
    pub bookings: Bookings,
}

#[OpenApi(tag = "Tag::Bookings")]
impl BookingsApi {
    /// Book a tutor
    ///
    /// Answers the booking, `pending` until the tutor accepts or declines.
    #[oai(path = "/bookings", method = "post", operation_id = "createBooking")]
    async fn book(
        &self,
        auth: BearerAuth,
        body: Json<BookingRequest>,
    ) -> Answer<Json<BookingBody>, { BAD_REQUEST | UNAUTHORIZED | NOT_FOUND | CONFLICT | TOO_MANY_REQUESTS | PAYLOAD_TOO_LARGE }> {
        let body = body.0;
        let form = BookingForm {
            booking_time: body.booking_time,
            subject: body.subject,
            place: body.lesson_place.map(|k| k.0),
            message: body.message,
        };
        let view = self.bookings.book(auth.user_id(), body.tutor_id, &form).await?;
        Ok(Json(BookingBody::of(view, auth.user_id())))
    }

    /// A tutor's bookings, newest first
    ///
    /// Others' names are masked ("陳**"); the tutor and each booker see their own rows in full.
    #[oai(path = "/tutors/:id/bookings", method = "get", operation_id = "listTutorBookings")]
    async fn of_tutor(
        &self,
        auth: BearerAuth,
        /// The tutor's user id.
        id: Path<Uuid>,
    ) -> Answer<Json<BookingList>, { BAD_REQUEST | UNAUTHORIZED | NOT_FOUND }> {
        let viewer = auth.user_id();
        let items = self.bookings.of_tutor(viewer, id.0).await?.into_iter().map(|v| BookingBody::of(v, viewer)).collect();
        Ok(Json(BookingList { items }))
    }

    /// Bookings the caller made or received, newest first
    #[oai(path = "/bookings/mine", method = "get", operation_id = "listMyBookings")]
    async fn mine(&self, auth: BearerAuth) -> Answer<Json<BookingList>, UNAUTHORIZED> {
        let viewer = auth.user_id();
        let items = self.bookings.mine(viewer).await?.into_iter().map(|v| BookingBody::of(v, viewer)).collect();
        Ok(Json(BookingList { items }))
    }

    /// Accept a booking (the tutor only)
    #[oai(path = "/bookings/:id/accept", method = "post", operation_id = "acceptBooking")]
    async fn accept(
        &self,
        auth: BearerAuth,
        /// The booking id.
        id: Path<Uuid>,
    ) -> Answer<Json<BookingBody>, { BAD_REQUEST | UNAUTHORIZED | FORBIDDEN | NOT_FOUND | CONFLICT }> {
        Ok(Json(BookingBody::of(self.bookings.accept(auth.user_id(), id.0).await?, auth.user_id())))
    }

    /// Decline a booking (the tutor only)
    #[oai(path = "/bookings/:id/decline", method = "post", operation_id = "declineBooking")]
    async fn decline(
        &self,
        auth: BearerAuth,
        /// The booking id.
        id: Path<Uuid>,
    ) -> Answer<Json<BookingBody>, { BAD_REQUEST | UNAUTHORIZED | FORBIDDEN | NOT_FOUND | CONFLICT }> {
        Ok(Json(BookingBody::of(self.bookings.decline(auth.user_id(), id.0).await?, auth.user_id())))
    }

    /// Cancel a booking (the booker only)
    #[oai(path = "/bookings/:id/cancel", method = "post", operation_id = "cancelBooking")]
    async fn cancel(
        &self,
        auth: BearerAuth,
        /// The booking id.
        id: Path<Uuid>,
    ) -> Answer<Json<BookingBody>, { BAD_REQUEST | UNAUTHORIZED | FORBIDDEN | NOT_FOUND | CONFLICT }> {
        Ok(Json(BookingBody::of(self.bookings.cancel(auth.user_id(), id.0).await?, auth.user_id())))
    }
}
