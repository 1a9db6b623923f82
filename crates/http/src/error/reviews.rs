//! How review failures answer.

use tutorhub_domain::reviews::writing::ReviewError;

use super::{ApiError, ErrorCode};
use crate::words::Words;

impl From<ReviewError> for ApiError {
    fn from(e: ReviewError) -> Self {
        let message = e.say();
        match e {
            ReviewError::Invalid(errors) => ApiError::invalid(&errors),
            ReviewError::TutorNotFound | ReviewError::NotFound => ApiError::not_found(message),
            ReviewError::OwnProfile => ApiError::forbidden(ErrorCode::OwnProfile, message),
            ReviewError::NoLessons => ApiError::forbidden(ErrorCode::NoLessons, message),
            ReviewError::NotTheTutor => ApiError::forbidden(ErrorCode::NotTheTutor, message),
            ReviewError::OwnReview => ApiError::forbidden(ErrorCode::OwnReview, message),
            ReviewError::AlreadyReviewed => ApiError::conflict(ErrorCode::AlreadyReviewed, message),
            ReviewError::AlreadyReplied => ApiError::conflict(ErrorCode::AlreadyReplied, message),
            ReviewError::Repository(e) => e.into(),
        }
    }
}
