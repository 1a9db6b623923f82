//! The one error shape of the API and the one place where failures become HTTP statuses.
//!
//! Every failure answers `{"code", "error", "errors"?}` with `error` in zh-HK, whether it comes
//! from a use case ([`ApiError`]) or from the framework (bad parameters, unknown paths), see
//! [`framework_error`]. A 500 never carries internals; they go to the log.

use poem::http::StatusCode;
use poem::{IntoResponse, Response};
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, Object};
use tutorhub_domain::case_board::BrowseCasesError;
use tutorhub_domain::ports::{HashingBusy, RepositoryError};
use tutorhub_domain::validation::ValidationErrors;

/// One rejected field.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase")]
pub struct FieldErrorBody {
    /// The field as the client names it.
    pub field: String,
    /// What is wrong with it, in zh-HK.
    pub message: String,
}

/// What every failure answers.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase")]
pub struct ErrorBody {
    /// A stable machine-readable code, e.g. `VALIDATION_FAILED`, `NOT_FOUND`.
    pub code: String,
    /// A message for people, in zh-HK.
    pub error: String,
    /// Per-field messages, present when input was rejected.
    #[oai(skip_serializing_if_is_none)]
    pub errors: Option<Vec<FieldErrorBody>>,
}

impl ErrorBody {
    pub fn new(code: &str, error: impl Into<String>) -> Self {
        Self { code: code.into(), error: error.into(), errors: None }
    }
}

#[derive(Debug, ApiResponse)]
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
    pub fn bad_request(code: &str, message: impl Into<String>) -> Self {
        Self::BadRequest(Json(ErrorBody::new(code, message)))
    }

    pub fn not_found(message: impl Into<String>) -> Self {
        Self::NotFound(Json(ErrorBody::new("NOT_FOUND", message)))
    }

    pub fn invalid(errors: &ValidationErrors) -> Self {
        let fields = errors
            .fields()
            .iter()
            .map(|e| FieldErrorBody { field: e.field.to_string(), message: e.message.clone() })
            .collect();
        Self::BadRequest(Json(ErrorBody {
            code: "VALIDATION_FAILED".into(),
            error: errors.to_string(),
            errors: Some(fields),
        }))
    }

    pub fn invalid_field(field: &'static str, message: impl Into<String>) -> Self {
        Self::invalid(&ValidationErrors::single(field, message))
    }

    /// Logs the cause and answers a 500 that reveals nothing of it.
    pub fn internal(cause: &dyn std::error::Error) -> Self {
        tracing::error!(error = %cause, "request failed");
        Self::Internal(Json(ErrorBody::new("INTERNAL", "系統暫時出現問題，請稍後再試")))
    }

    /// A provider we depend on (SMS, mail) failed: the user may simply try again later, so
    /// this is a 503 with the use case's zh-HK message, not a 500. The provider's reason was
    /// logged by its adapter.
    pub fn unavailable(code: &str, cause: &dyn std::error::Error) -> Self {
        tracing::warn!(code, error = %cause, "request failed: a provider is unavailable");
        Self::ServiceUnavailable(Json(ErrorBody::new(code, cause.to_string())))
    }
}

impl From<HashingBusy> for ApiError {
    /// Password hashing is at its bound (a burst of logins): a 503 the user may retry in a
    /// moment, like a provider outage, not a 500.
    fn from(error: HashingBusy) -> Self {
        tracing::warn!("request refused: password hashing is at its concurrency limit");
        Self::ServiceUnavailable(Json(ErrorBody::new("SERVER_BUSY", error.to_string())))
    }
}

impl From<RepositoryError> for ApiError {
    fn from(error: RepositoryError) -> Self {
        Self::internal(&error)
    }
}

impl From<BrowseCasesError> for ApiError {
    fn from(error: BrowseCasesError) -> Self {
        match error {
            BrowseCasesError::Invalid(errors) => Self::invalid(&errors),
            BrowseCasesError::NotFound => Self::not_found(error.to_string()),
            BrowseCasesError::Repository(e) => e.into(),
        }
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
            code: "VALIDATION_FAILED".into(),
            error: format!("參數「{}」格式不正確", param.name),
            errors: Some(vec![FieldErrorBody { field: param.name.to_string(), message: "格式不正確".into() }]),
        }
    } else if error.is::<poem_openapi::error::ParsePathError>() {
        // Path segments are ids and numbers; the internal parameter name would mean nothing.
        ErrorBody::new("BAD_REQUEST", "網址中的編號格式不正確")
    } else {
        match status {
            StatusCode::NOT_FOUND => ErrorBody::new("NOT_FOUND", "找不到此頁面或資源"),
            StatusCode::METHOD_NOT_ALLOWED => ErrorBody::new("METHOD_NOT_ALLOWED", "不支援此請求方法"),
            StatusCode::PAYLOAD_TOO_LARGE => ErrorBody::new("PAYLOAD_TOO_LARGE", "上載的資料太大"),
            StatusCode::UNSUPPORTED_MEDIA_TYPE => ErrorBody::new("UNSUPPORTED_MEDIA_TYPE", "不支援此內容格式"),
            StatusCode::UNAUTHORIZED => ErrorBody::new("UNAUTHORIZED", "請先登入"),
            s if s.is_client_error() => ErrorBody::new("BAD_REQUEST", "請求格式不正確"),
            _ => {
                tracing::error!(error = %error, "request failed");
                ErrorBody::new("INTERNAL", "系統暫時出現問題，請稍後再試")
            }
        }
    };
    let status = if status.is_server_error() { StatusCode::INTERNAL_SERVER_ERROR } else { status };
    Json(body).with_status(status).into_response()
}
