//! How the lesson record's failures answer.

use tutorhub_domain::lessons::record::LessonError;

use super::{ApiError, ErrorCode};
use crate::words::Words;

impl From<LessonError> for ApiError {
    fn from(e: LessonError) -> Self {
        let message = e.say();
        match e {
            LessonError::NotFound => ApiError::not_found(message),
            LessonError::NotTheTutor => ApiError::forbidden(ErrorCode::NotTheTutor, message),
            LessonError::NotTheFamily => ApiError::forbidden(ErrorCode::NotTheFamily, message),
            LessonError::Invalid(errors) => ApiError::invalid(&errors),
            LessonError::AlreadyRecorded => ApiError::conflict(ErrorCode::LessonAlreadyRecorded, message),
            LessonError::NotAnswerable(_) | LessonError::NotDisputed(_) | LessonError::Ended | LessonError::NotReopenable => {
                ApiError::conflict(ErrorCode::IllegalTransition, message)
            }
            LessonError::TooMany => ApiError::too_many_requests(ErrorCode::RateLimited, message),
            LessonError::Repository(e) => e.into(),
        }
    }
}
