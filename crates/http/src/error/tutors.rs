//! How tutor application and tutor directory failures answer.

use poem_openapi::payload::Json;
use tutorhub_domain::tutors::applications::SubmitApplicationError;
use tutorhub_domain::tutors::directory::BrowseTutorsError;

use super::{ApiError, ErrorBody, ErrorCode};
use crate::words::Words;

impl From<SubmitApplicationError> for ApiError {
    fn from(error: SubmitApplicationError) -> Self {
        match error {
            SubmitApplicationError::Invalid(errors) => Self::invalid(&errors),
            SubmitApplicationError::AvatarTooLarge => {
                Self::PayloadTooLarge(Json(ErrorBody::for_field(ErrorCode::AvatarTooLarge, "avatar", error.say())))
            }
            SubmitApplicationError::AlreadyPending => Self::conflict(ErrorCode::ApplicationPending, error.say()),
            SubmitApplicationError::AlreadyTutor => Self::conflict(ErrorCode::AlreadyTutor, error.say()),
            SubmitApplicationError::Gone => Self::unauthorized(ErrorCode::AccountGone, error.say()),
            SubmitApplicationError::Files(e) => Self::internal(&e),
            SubmitApplicationError::Repository(e) => e.into(),
        }
    }
}

impl From<BrowseTutorsError> for ApiError {
    fn from(error: BrowseTutorsError) -> Self {
        match error {
            BrowseTutorsError::Invalid(errors) => Self::invalid(&errors),
            BrowseTutorsError::NotFound => Self::not_found(error.say()),
            BrowseTutorsError::Repository(e) => e.into(),
        }
    }
}
