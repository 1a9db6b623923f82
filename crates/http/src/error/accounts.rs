//! How account failures answer: registration, phone codes, sessions, passwords, profiles.

use poem_openapi::payload::Json;
use tutorhub_domain::accounts::current_user::CurrentUserError;
use tutorhub_domain::accounts::passwords::{ChangePasswordError, ResetError, ResetRequestError};
use tutorhub_domain::accounts::phone_verification::{SendCodeError, VerifyCodeError};
use tutorhub_domain::accounts::registration::RegistrationError;
use tutorhub_domain::accounts::sessions::{LoginError, RefreshError};
use tutorhub_domain::profiles::editing::UpdateProfileError;

use super::{ApiError, ErrorBody, ErrorCode};
use crate::words::Words;

impl From<CurrentUserError> for ApiError {
    fn from(error: CurrentUserError) -> Self {
        match error {
            CurrentUserError::Gone => ApiError::unauthorized(ErrorCode::AccountGone, error.say()),
            CurrentUserError::Repository(e) => e.into(),
        }
    }
}

impl From<UpdateProfileError> for ApiError {
    fn from(error: UpdateProfileError) -> Self {
        match error {
            UpdateProfileError::Invalid(errors) => Self::invalid(&errors),
            UpdateProfileError::AvatarTooLarge => {
                Self::PayloadTooLarge(Json(ErrorBody::for_field(ErrorCode::AvatarTooLarge, "avatar", error.say())))
            }
            UpdateProfileError::PhoneNotVerified => {
                Self::BadRequest(Json(ErrorBody::for_field(ErrorCode::PhoneNotVerified, "phone", error.say())))
            }
            UpdateProfileError::PhoneTaken => Self::Conflict(Json(ErrorBody::for_field(ErrorCode::PhoneTaken, "phone", error.say()))),
            UpdateProfileError::Gone => Self::unauthorized(ErrorCode::AccountGone, error.say()),
            UpdateProfileError::RateLimited(e) => e.into(),
            UpdateProfileError::Files(e) => Self::internal(&e),
            UpdateProfileError::Repository(e) => e.into(),
        }
    }
}

impl From<SendCodeError> for ApiError {
    fn from(error: SendCodeError) -> Self {
        match error {
            SendCodeError::InvalidPhone(problem) => ApiError::invalid_field("phoneNumber", problem),
            SendCodeError::PhoneTaken => ApiError::conflict(ErrorCode::PhoneTaken, error.say()),
            SendCodeError::TooSoon(_) => ApiError::too_many_requests(ErrorCode::ResendTooSoon, error.say()),
            SendCodeError::RateLimited(e) => e.into(),
            SendCodeError::Delivery => ApiError::unavailable(ErrorCode::SmsUnavailable, &error),
            SendCodeError::Repository(e) => e.into(),
        }
    }
}

impl From<VerifyCodeError> for ApiError {
    fn from(error: VerifyCodeError) -> Self {
        match error {
            VerifyCodeError::InvalidPhone(problem) => ApiError::invalid_field("phone", problem),
            VerifyCodeError::MalformedCode | VerifyCodeError::Wrong => field_refused("code", &error),
            VerifyCodeError::NoCode | VerifyCodeError::Expired => ApiError::bad_request(ErrorCode::CodeExpired, error.say()),
            VerifyCodeError::TooManyAttempts => ApiError::too_many_requests(ErrorCode::TooManyAttempts, error.say()),
            VerifyCodeError::Repository(e) => e.into(),
        }
    }
}

impl From<RegistrationError> for ApiError {
    fn from(error: RegistrationError) -> Self {
        match error {
            RegistrationError::Invalid(errors) => ApiError::invalid(&errors),
            RegistrationError::PhoneNotVerified => ApiError::forbidden(ErrorCode::PhoneNotVerified, error.say()),
            RegistrationError::Taken(errors) => {
                let ApiError::BadRequest(Json(mut body)) = ApiError::invalid(&errors) else { unreachable!() };
                body.code = ErrorCode::AlreadyRegistered;
                ApiError::Conflict(Json(body))
            }
            RegistrationError::Storage => ApiError::internal(&error),
            RegistrationError::Busy(e) => e.into(),
            RegistrationError::Repository(e) => e.into(),
        }
    }
}

impl From<ResetRequestError> for ApiError {
    fn from(error: ResetRequestError) -> Self {
        match error {
            ResetRequestError::InvalidPhone(problem) => ApiError::invalid_field("phone", problem),
            ResetRequestError::RateLimited(e) => e.into(),
            ResetRequestError::Delivery => ApiError::unavailable(ErrorCode::MailUnavailable, &error),
            ResetRequestError::Repository(e) => e.into(),
        }
    }
}

impl From<ResetError> for ApiError {
    fn from(error: ResetError) -> Self {
        match error {
            ResetError::InvalidPassword(problem) => ApiError::invalid_field("newPassword", problem),
            ResetError::InvalidLink => ApiError::bad_request(ErrorCode::ResetLinkInvalid, error.say()),
            ResetError::Busy(e) => e.into(),
            ResetError::Repository(e) => e.into(),
        }
    }
}

impl From<ChangePasswordError> for ApiError {
    fn from(error: ChangePasswordError) -> Self {
        match error {
            ChangePasswordError::OldPasswordMissing | ChangePasswordError::WrongOldPassword => field_refused("oldPassword", &error),
            ChangePasswordError::InvalidPassword(problem) => ApiError::invalid_field("password", problem),
            ChangePasswordError::Gone => ApiError::unauthorized(ErrorCode::AccountGone, error.say()),
            ChangePasswordError::RateLimited(e) => e.into(),
            ChangePasswordError::Busy(e) => e.into(),
            ChangePasswordError::Repository(e) => e.into(),
        }
    }
}

impl From<LoginError> for ApiError {
    fn from(error: LoginError) -> Self {
        match error {
            LoginError::Invalid(errors) => ApiError::invalid(&errors),
            // The client reads `errors[0].message` (spec §7).
            LoginError::WrongCredentials => {
                ApiError::Unauthorized(Json(ErrorBody::for_field(ErrorCode::LoginFailed, "password", error.say())))
            }
            LoginError::RateLimited(e) => e.into(),
            LoginError::Busy(e) => e.into(),
            LoginError::Repository(e) => e.into(),
        }
    }
}

impl From<RefreshError> for ApiError {
    fn from(error: RefreshError) -> Self {
        let code = match error {
            RefreshError::Invalid => ErrorCode::RefreshTokenInvalid,
            RefreshError::Reused => ErrorCode::RefreshTokenReused,
            RefreshError::Repository(e) => return e.into(),
        };
        ApiError::unauthorized(code, error.say())
    }
}

/// A refusal the form shows beside `field`, answered as a failed validation of that field.
fn field_refused(field: &str, error: &impl Words) -> ApiError {
    ApiError::BadRequest(Json(ErrorBody::for_field(ErrorCode::ValidationFailed, field, error.say())))
}
