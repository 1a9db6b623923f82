//! How case failures answer: posting, editing, viewing and browsing.

use tutorhub_domain::cases::board::BrowseCasesError;
use tutorhub_domain::cases::fee_guidance::FeeGuideError;
use tutorhub_domain::cases::posting::{PostCaseError, ViewCaseError};

use super::{ApiError, ErrorCode};
use crate::words::Words;

impl From<BrowseCasesError> for ApiError {
    fn from(error: BrowseCasesError) -> Self {
        match error {
            BrowseCasesError::Invalid(errors) => Self::invalid(&errors),
            BrowseCasesError::NotFound => Self::not_found(error.say()),
            BrowseCasesError::Repository(e) => e.into(),
        }
    }
}

impl From<FeeGuideError> for ApiError {
    fn from(error: FeeGuideError) -> Self {
        match error {
            FeeGuideError::Invalid(errors) => Self::invalid(&errors),
            FeeGuideError::Repository(e) => e.into(),
        }
    }
}

impl From<PostCaseError> for ApiError {
    fn from(e: PostCaseError) -> Self {
        let message = e.say();
        match e {
            PostCaseError::Invalid(errors) => ApiError::invalid(&errors),
            PostCaseError::TutorsOnly => ApiError::forbidden(ErrorCode::TutorsOnly, message),
            PostCaseError::AccountGone => ApiError::unauthorized(ErrorCode::AccountGone, message),
            PostCaseError::NotFound => ApiError::not_found(message),
            PostCaseError::NotOwner => ApiError::forbidden(ErrorCode::NotOwner, message),
            PostCaseError::Illegal(_) => ApiError::conflict(ErrorCode::IllegalTransition, message),
            PostCaseError::Changed => ApiError::conflict(ErrorCode::Changed, message),
            PostCaseError::Repository(e) => e.into(),
        }
    }
}

impl From<ViewCaseError> for ApiError {
    fn from(e: ViewCaseError) -> Self {
        match e {
            ViewCaseError::NotFound => ApiError::not_found(e.say()),
            ViewCaseError::Repository(e) => e.into(),
        }
    }
}
