//! How saved search failures answer.

use tutorhub_domain::alerts::saved_searches::SavedSearchError;

use super::{ApiError, ErrorCode};
use crate::words::Words;

impl From<SavedSearchError> for ApiError {
    fn from(e: SavedSearchError) -> Self {
        let message = e.say();
        match e {
            SavedSearchError::Invalid(errors) => ApiError::invalid(&errors),
            SavedSearchError::NotATutor => ApiError::forbidden(ErrorCode::NotAnActiveTutor, message),
            SavedSearchError::TooMany => ApiError::conflict(ErrorCode::SavedSearchLimit, message),
            SavedSearchError::NotFound | SavedSearchError::BadLink => ApiError::not_found(message),
            SavedSearchError::Repository(e) => e.into(),
        }
    }
}
