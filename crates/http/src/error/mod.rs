//! The one error shape of the API and the one place where failures become HTTP statuses.
//!
//! Every failure answers `{"code", "error", "errors"?}` with `error` in the request's language
//! (see [`crate::words`]), whether it comes from a use case ([`ApiError`]) or from the framework
//! (bad parameters, unknown paths), see [`framework_error`]. A 500 never carries internals;
//! they go to the log.

mod accounts;
mod alerts;
mod billing;
mod bookings;
mod cases;
pub mod documented;
mod lessons;
mod matching;
mod organizations;
mod reviews;
mod tutors;

use poem::http::StatusCode;
use poem::{IntoResponse, Response};
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, Enum, Object};
use tutorhub_domain::accounts::ports::HashingBusy;
use tutorhub_domain::shared::rate_limits::RateLimited;
use tutorhub_domain::shared::storage::RepositoryError;
use tutorhub_domain::shared::validation::{Problem, ValidationErrors};

use crate::words::{InputWords, Words};

/// Every `code` a failure answers: stable and machine-readable, a closed set (an enum in the
/// OpenAPI document, a union type in the generated client).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum)]
#[oai(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum ErrorCode {
    AccountGone,
    AlreadyApplied,
    AlreadyInvited,
    AlreadyRegistered,
    AlreadyReplied,
    AlreadyReviewed,
    AlreadyTutor,
    ApplicationPending,
    AvatarTooLarge,
    BadRequest,
    BookingPending,
    CaseFull,
    CaseNotOpen,
    Changed,
    CodeExpired,
    Forbidden,
    IllegalTransition,
    InvitationLimit,
    InvitationsOff,
    InvoiceOverdue,
    Internal,
    LessonAlreadyRecorded,
    LoginFailed,
    MailUnavailable,
    MethodNotAllowed,
    NoLessons,
    NotAFit,
    NotAnActiveTutor,
    NotFound,
    NotOrganization,
    NotOwner,
    NotRejected,
    NotTheBooker,
    NotTheFamily,
    NotTheTutor,
    NotYourApplication,
    OutsideTeaching,
    OwnCase,
    OwnProfile,
    OwnReview,
    PayloadTooLarge,
    PhoneNotVerified,
    PhoneTaken,
    ProofLimit,
    RateLimited,
    RefreshTokenInvalid,
    RefreshTokenReused,
    RequestTimeout,
    ResendTooSoon,
    ResetLinkInvalid,
    SavedSearchLimit,
    ServerBusy,
    SmsUnavailable,
    TooManyAttempts,
    TutorUnavailable,
    TutorsOnly,
    Unauthorized,
    UnsupportedMediaType,
    ValidationFailed,
}

/// One rejected field.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase")]
pub struct FieldErrorBody {
    /// The field as the client names it.
    pub field: String,
    /// What is wrong with it, in the request's language.
    pub message: String,
}

/// What every failure answers.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase")]
pub struct ErrorBody {
    /// A stable machine-readable code, e.g. `VALIDATION_FAILED`, `NOT_FOUND`.
    pub code: ErrorCode,
    /// A message for people, in the request's language (`Accept-Language`: zh-HK or en).
    pub error: String,
    /// Per-field messages, present when input was rejected.
    #[oai(skip_serializing_if_is_none)]
    pub errors: Option<Vec<FieldErrorBody>>,
}

impl ErrorBody {
    pub fn new(code: ErrorCode, error: impl Into<String>) -> Self {
        Self { code, error: error.into(), errors: None }
    }

    /// A failure about one field, named so the form can mark it.
    pub fn for_field(code: ErrorCode, field: &str, message: impl Into<String>) -> Self {
        let message = message.into();
        Self { code, error: message.clone(), errors: Some(vec![FieldErrorBody { field: field.into(), message }]) }
    }
}

#[derive(Debug, Clone, ApiResponse)]
pub enum ApiError {
    /// 輸入資料不正確
    #[oai(status = 400)]
    BadRequest(Json<ErrorBody>),
    /// 未登入或登入已過期
    #[oai(status = 401)]
    Unauthorized(Json<ErrorBody>),
    /// 沒有權限
    #[oai(status = 403)]
    Forbidden(Json<ErrorBody>),
    /// 找不到
    #[oai(status = 404)]
    NotFound(Json<ErrorBody>),
    /// 與現有資料衝突
    #[oai(status = 409)]
    Conflict(Json<ErrorBody>),
    /// 檔案太大
    #[oai(status = 413)]
    PayloadTooLarge(Json<ErrorBody>),
    /// 請求過於頻密
    #[oai(status = 429)]
    TooManyRequests(Json<ErrorBody>),
    /// 系統錯誤
    #[oai(status = 500)]
    Internal(Json<ErrorBody>),
    /// 服務暫時未能使用（例如短訊或電郵供應商未能發送），請稍後再試
    #[oai(status = 503)]
    ServiceUnavailable(Json<ErrorBody>),
}

pub type ApiResult<T> = Result<T, ApiError>;

impl ApiError {
    pub fn bad_request(code: ErrorCode, message: impl Into<String>) -> Self {
        Self::BadRequest(Json(ErrorBody::new(code, message)))
    }

    pub fn unauthorized(code: ErrorCode, message: impl Into<String>) -> Self {
        Self::Unauthorized(Json(ErrorBody::new(code, message)))
    }

    pub fn forbidden(code: ErrorCode, message: impl Into<String>) -> Self {
        Self::Forbidden(Json(ErrorBody::new(code, message)))
    }

    pub fn not_found(message: impl Into<String>) -> Self {
        Self::NotFound(Json(ErrorBody::new(ErrorCode::NotFound, message)))
    }

    pub fn conflict(code: ErrorCode, message: impl Into<String>) -> Self {
        Self::Conflict(Json(ErrorBody::new(code, message)))
    }

    pub fn too_many_requests(code: ErrorCode, message: impl Into<String>) -> Self {
        Self::TooManyRequests(Json(ErrorBody::new(code, message)))
    }

    /// Every rejected field with its problem in words; the first one is also the banner's.
    pub fn invalid(errors: &ValidationErrors) -> Self {
        let fields: Vec<FieldErrorBody> =
            errors.fields().iter().map(|e| FieldErrorBody { field: e.field.to_string(), message: e.problem.say() }).collect();
        let error = fields.first().map_or_else(|| InputWords::Incorrect.say(), |first| first.message.clone());
        Self::BadRequest(Json(ErrorBody { code: ErrorCode::ValidationFailed, error, errors: Some(fields) }))
    }

    pub fn invalid_field(field: &'static str, problem: impl Into<Problem>) -> Self {
        Self::invalid(&ValidationErrors::single(field, problem))
    }

    /// Logs the cause and answers a 500 that reveals nothing of it.
    pub fn internal(cause: &dyn std::error::Error) -> Self {
        tracing::error!(error = %cause, "request failed");
        Self::Internal(Json(ErrorBody::new(ErrorCode::Internal, InputWords::Internal.say())))
    }

    /// A provider we depend on (SMS, mail) failed: the user may simply try again later, so
    /// this is a 503 with the use case's message, not a 500. The provider's reason was
    /// logged by its adapter.
    pub fn unavailable(code: ErrorCode, cause: &(impl std::error::Error + Words)) -> Self {
        tracing::warn!(code = ?code, error = %cause, "request failed: a provider is unavailable");
        Self::ServiceUnavailable(Json(ErrorBody::new(code, cause.say())))
    }
}

impl From<HashingBusy> for ApiError {
    /// Password hashing is at its bound (a burst of logins): a 503 the user may retry in a
    /// moment, like a provider outage, not a 500.
    fn from(_: HashingBusy) -> Self {
        tracing::warn!("request refused: password hashing is at its concurrency limit");
        Self::ServiceUnavailable(Json(ErrorBody::new(ErrorCode::ServerBusy, InputWords::Busy.say())))
    }
}

impl From<RepositoryError> for ApiError {
    fn from(error: RepositoryError) -> Self {
        Self::internal(&error)
    }
}

impl From<RateLimited> for ApiError {
    fn from(error: RateLimited) -> Self {
        ApiError::too_many_requests(ErrorCode::RateLimited, error.say())
    }
}

/// Turns errors raised outside our handlers (unparsable parameters, unknown paths, wrong
/// methods, oversized bodies) into the same JSON shape.
pub fn framework_error(error: poem::Error) -> Response {
    // Our own handlers' errors already carry the right body.
    if error.is_from_response() {
        return error.into_response();
    }
    let status = error.status();
    let body = if let Some(param) = error.downcast_ref::<poem_openapi::error::ParseParamError>() {
        ErrorBody {
            code: ErrorCode::ValidationFailed,
            error: InputWords::Parameter(param.name).say(),
            errors: Some(vec![FieldErrorBody { field: param.name.to_string(), message: InputWords::Format.say() }]),
        }
    } else if error.is::<poem_openapi::error::ParsePathError>() {
        // Path segments are ids and numbers; the internal parameter name would mean nothing.
        ErrorBody::new(ErrorCode::BadRequest, InputWords::PathId.say())
    } else {
        match status {
            StatusCode::NOT_FOUND => ErrorBody::new(ErrorCode::NotFound, InputWords::NoSuchPath.say()),
            StatusCode::METHOD_NOT_ALLOWED => ErrorBody::new(ErrorCode::MethodNotAllowed, InputWords::Method.say()),
            StatusCode::PAYLOAD_TOO_LARGE => ErrorBody::new(ErrorCode::PayloadTooLarge, InputWords::TooLarge.say()),
            StatusCode::UNSUPPORTED_MEDIA_TYPE => ErrorBody::new(ErrorCode::UnsupportedMediaType, InputWords::MediaType.say()),
            StatusCode::UNAUTHORIZED => ErrorBody::new(ErrorCode::Unauthorized, InputWords::LogIn.say()),
            s if s.is_client_error() => ErrorBody::new(ErrorCode::BadRequest, InputWords::Request.say()),
            _ => {
                tracing::error!(error = %error, "request failed");
                ErrorBody::new(ErrorCode::Internal, InputWords::Internal.say())
            }
        }
    };
    let status = if status.is_server_error() { StatusCode::INTERNAL_SERVER_ERROR } else { status };
    Json(body).with_status(status).into_response()
}
