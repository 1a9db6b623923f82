//! Each operation documents only the failures it can answer.
//!
//! An operation returns `Answer<T, { NOT_FOUND | CONFLICT }>`: the same [`ApiError`] inside,
//! but `openapi.yaml` lists only those statuses for it (and 500, which any operation answers
//! when storage fails). `?` converts any use-case error as before.
//!
//! If an operation ever answers a status it does not list, the answer still goes out (the
//! truth beats the document) and the mismatch is logged as an error; the API tests turn it
//! into a failure (`panic_on_undocumented_statuses`), so a new failure path that is not
//! documented does not pass `make test`.

use std::sync::atomic::{AtomicBool, Ordering};

use poem::{IntoResponse, Response};
use poem_openapi::ApiResponse;
use poem_openapi::registry::{MetaResponses, Registry};

use super::ApiError;

pub const BAD_REQUEST: u16 = 1 << 0;
pub const UNAUTHORIZED: u16 = 1 << 1;
pub const FORBIDDEN: u16 = 1 << 2;
pub const NOT_FOUND: u16 = 1 << 3;
pub const CONFLICT: u16 = 1 << 4;
pub const PAYLOAD_TOO_LARGE: u16 = 1 << 5;
pub const TOO_MANY_REQUESTS: u16 = 1 << 6;
pub const UNAVAILABLE: u16 = 1 << 7;
/// Only 500: the operation takes no input and fails only when storage does.
pub const SERVER_FAULT_ONLY: u16 = 0;

/// The result of an operation that can fail only with the statuses in `S` (and 500).
pub type Answer<T, const S: u16> = Result<T, Failure<S>>;

/// An [`ApiError`] of an operation that documents the statuses in `S`.
#[derive(Debug)]
pub struct Failure<const S: u16>(ApiError);

/// The bit of `status` in a set; 500 is in every set.
const fn bit(status: u16) -> Option<u16> {
    match status {
        400 => Some(BAD_REQUEST),
        401 => Some(UNAUTHORIZED),
        403 => Some(FORBIDDEN),
        404 => Some(NOT_FOUND),
        409 => Some(CONFLICT),
        413 => Some(PAYLOAD_TOO_LARGE),
        429 => Some(TOO_MANY_REQUESTS),
        503 => Some(UNAVAILABLE),
        _ => None,
    }
}

const fn documents(set: u16, status: u16) -> bool {
    match bit(status) {
        Some(bit) => set & bit != 0,
        None => status == 500,
    }
}

static STRICT: AtomicBool = AtomicBool::new(false);

/// Makes an undocumented status a panic instead of a logged error: for the API tests.
pub fn panic_on_undocumented_statuses() {
    STRICT.store(true, Ordering::Relaxed);
}

impl<const S: u16, E: Into<ApiError>> From<E> for Failure<S> {
    fn from(error: E) -> Self {
        Self(error.into())
    }
}

impl<const S: u16> ApiResponse for Failure<S> {
    fn meta() -> MetaResponses {
        let mut meta = ApiError::meta();
        meta.responses.retain(|response| response.status.is_some_and(|status| documents(S, status)));
        meta
    }

    fn register(registry: &mut Registry) {
        ApiError::register(registry);
    }
}

impl<const S: u16> IntoResponse for Failure<S> {
    fn into_response(self) -> Response {
        let response = self.0.into_response();
        let status = response.status().as_u16();
        if !documents(S, status) {
            assert!(!STRICT.load(Ordering::Relaxed), "an operation answered {status}, which it does not document");
            tracing::error!(status, "an operation answered a status its OpenAPI document does not list");
        }
        response
    }
}

impl<const S: u16> From<Failure<S>> for poem::Error {
    fn from(failure: Failure<S>) -> Self {
        poem::Error::from_response(failure.into_response())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_set_lists_its_statuses_and_500() {
        let statuses: Vec<_> = Failure::<{ NOT_FOUND | CONFLICT }>::meta().responses.iter().filter_map(|r| r.status).collect();
        assert_eq!(statuses, [404, 409, 500]);
    }

    #[test]
    fn the_answer_is_the_errors_whatever_the_set() {
        let failure: Failure<NOT_FOUND> = ApiError::not_found("找不到").into();
        assert_eq!(failure.into_response().status(), 404);
    }
}
