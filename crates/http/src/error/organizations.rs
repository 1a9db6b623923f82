//! How an organization's document resubmission fails.

use tutorhub_domain::organizations::resubmission::ResubmitError;

use super::{ApiError, ErrorCode};
use crate::words::Words;

impl From<ResubmitError> for ApiError {
    fn from(error: ResubmitError) -> Self {
        match error {
            ResubmitError::Invalid(errors) => Self::invalid(&errors),
            ResubmitError::NotOrganization => Self::forbidden(ErrorCode::NotOrganization, error.say()),
            ResubmitError::NotRejected(_) => Self::conflict(ErrorCode::NotRejected, error.say()),
            ResubmitError::Gone => Self::unauthorized(ErrorCode::AccountGone, error.say()),
            ResubmitError::Storage => Self::internal(&error),
            ResubmitError::Repository(e) => e.into(),
        }
    }
}
