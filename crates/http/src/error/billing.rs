//! How the service fee's failures answer.

use poem_openapi::payload::Json;
use tutorhub_domain::billing::invoices::BillingError;
use tutorhub_domain::shared::upload::UploadError;

use super::{ApiError, ErrorBody, ErrorCode};
use crate::words::Words;

impl From<BillingError> for ApiError {
    fn from(e: BillingError) -> Self {
        let message = e.say();
        match e {
            BillingError::NotFound => ApiError::not_found(message),
            BillingError::Invalid(errors) => ApiError::invalid(&errors),
            BillingError::Settled | BillingError::NoReceipt | BillingError::NothingOwed | BillingError::RefundTooLarge(_) => {
                ApiError::conflict(ErrorCode::IllegalTransition, message)
            }
            BillingError::TooManyProofs => ApiError::conflict(ErrorCode::ProofLimit, message),
            BillingError::Upload(UploadError::TooLarge) => {
                Self::PayloadTooLarge(Json(ErrorBody::for_field(ErrorCode::PayloadTooLarge, "file", message)))
            }
            BillingError::Upload(_) => Self::BadRequest(Json(ErrorBody::for_field(ErrorCode::ValidationFailed, "file", message))),
            BillingError::Busy => ApiError::conflict(ErrorCode::Changed, message),
            BillingError::Files(e) => ApiError::internal(&e),
            BillingError::Repository(e) => e.into(),
        }
    }
}
