//! How booking failures answer.

use tutorhub_domain::bookings::requests::BookingError;

use super::{ApiError, ErrorCode};
use crate::words::Words;

impl From<BookingError> for ApiError {
    fn from(e: BookingError) -> Self {
        let message = e.say();
        match e {
            BookingError::Invalid(errors) => ApiError::invalid(&errors),
            BookingError::TutorNotFound | BookingError::NotFound => ApiError::not_found(message),
            BookingError::OwnProfile => ApiError::bad_request(ErrorCode::OwnProfile, message),
            BookingError::Pending => ApiError::conflict(ErrorCode::BookingPending, message),
            BookingError::TooMany => ApiError::too_many_requests(ErrorCode::RateLimited, message),
            BookingError::NotTheTutor => ApiError::forbidden(ErrorCode::NotTheTutor, message),
            BookingError::NotTheBooker => ApiError::forbidden(ErrorCode::NotTheBooker, message),
            BookingError::Illegal(_) => ApiError::conflict(ErrorCode::IllegalTransition, message),
            BookingError::Repository(e) => e.into(),
        }
    }
}
