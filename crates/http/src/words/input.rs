//! The words of failures no use case raises: the framework's (a malformed parameter, an unknown
//! path), a 500, a server at its limits, and the shared upload and rate-limit refusals.

use tutorhub_domain::shared::language::Language;
use tutorhub_domain::shared::rate_limits::RateLimited;
use tutorhub_domain::shared::upload::{UploadError, UploadPurpose};

use super::{Words, pick};

/// A failure of the request itself rather than of a use case.
#[derive(Debug, Clone, Copy)]
pub enum InputWords {
    /// A query or path parameter that did not parse, named.
    Parameter(&'static str),
    /// The short message beside that parameter.
    Format,
    /// An id in the path that is not one.
    PathId,
    NoSuchPath,
    Method,
    TooLarge,
    MediaType,
    LogIn,
    Request,
    Incorrect,
    Internal,
    /// Password hashing at its bound.
    Busy,
    /// A request past the server's deadline.
    Timeout,
    /// A body over the server's size limit.
    BodyTooLarge,
    /// Beside a query parameter holding a control character (see [`ControlInParameter`]).
    ControlCharacters,
}

impl Words for InputWords {
    fn words(&self, language: Language) -> String {
        match self {
            Self::Parameter(name) => {
                pick(language, format!("參數「{name}」格式不正確"), format!("The parameter \"{name}\" is not in the right format."))
            }
            Self::Format => pick(language, "格式不正確", "Not in the right format."),
            Self::PathId => pick(language, "網址中的編號格式不正確", "The number in the address is not valid."),
            Self::NoSuchPath => pick(language, "找不到此頁面或資源", "This page or resource was not found."),
            Self::Method => pick(language, "不支援此請求方法", "This request method is not supported."),
            Self::TooLarge => pick(language, "上載的資料太大", "What you sent is too large."),
            Self::MediaType => pick(language, "不支援此內容格式", "This content type is not supported."),
            Self::LogIn => pick(language, "請先登入", "Please log in first."),
            Self::Request => pick(language, "請求格式不正確", "The request is not in the right format."),
            Self::Incorrect => pick(language, "資料不正確", "Some details are not valid."),
            Self::Internal => pick(language, "系統暫時出現問題，請稍後再試", "Something went wrong on our side. Please try again later."),
            Self::Busy => pick(language, "系統繁忙，請稍後再試", "We are busy right now. Please try again in a moment."),
            Self::Timeout => pick(language, "請求逾時，請稍後再試", "The request took too long. Please try again later."),
            Self::BodyTooLarge => {
                pick(language, "上載的資料太大（每個檔案最大 5MB）", "What you sent is too large (5 MB per file at most).")
            }
            Self::ControlCharacters => pick(language, "不可包含控制字元", "Cannot contain control characters."),
        }
    }
}

/// A query parameter holding a control character, named: the query guard's refusal.
#[derive(Debug, Clone, Copy)]
pub struct ControlInParameter<'a>(pub &'a str);

impl Words for ControlInParameter<'_> {
    fn words(&self, language: Language) -> String {
        let name = self.0;
        pick(language, format!("參數「{name}」不可包含控制字元"), format!("The parameter \"{name}\" cannot contain control characters."))
    }
}

impl Words for RateLimited {
    fn words(&self, language: Language) -> String {
        let seconds = self.retry_after_seconds;
        if seconds <= 60 {
            pick(
                language,
                format!("請求過於頻密，請於 {seconds} 秒後再試"),
                format!("Too many requests. Please try again in {seconds} {}.", if seconds == 1 { "second" } else { "seconds" }),
            )
        } else {
            let minutes = seconds.div_ceil(60);
            pick(
                language,
                format!("請求過於頻密，請於 {minutes} 分鐘後再試"),
                format!("Too many requests. Please try again in {minutes} minutes."),
            )
        }
    }
}

impl Words for UploadError {
    fn words(&self, language: Language) -> String {
        match self {
            Self::Empty => pick(language, "檔案是空的，請重新選擇", "The file is empty. Please choose it again."),
            Self::TooLarge => pick(language, "檔案超過大小上限（最大 5MB）", "The file is too large (5 MB at most)."),
            Self::WrongType(UploadPurpose::Avatar) => {
                pick(language, "頭像只接受 JPEG、PNG 或 WebP 圖片", "A profile photo must be a JPEG, PNG or WebP image.")
            }
            Self::WrongType(UploadPurpose::Document) => {
                pick(language, "文件只接受 PDF、JPEG 或 PNG 格式", "A document must be a PDF, JPEG or PNG file.")
            }
            Self::WrongType(UploadPurpose::PaymentProof) => pick(
                language,
                "付款證明只接受 JPEG、PNG 或 WebP 圖片（例如轉賬紀錄的截圖）",
                "Proof of payment must be a JPEG, PNG or WebP image (a screenshot of the transfer, for example).",
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_limit_says_how_long_to_wait_in_seconds_then_minutes() {
        assert_eq!(RateLimited { retry_after_seconds: 42 }.words(Language::ZhHk), "請求過於頻密，請於 42 秒後再試");
        assert_eq!(RateLimited { retry_after_seconds: 61 }.words(Language::ZhHk), "請求過於頻密，請於 2 分鐘後再試");
        assert_eq!(RateLimited { retry_after_seconds: 1 }.words(Language::En), "Too many requests. Please try again in 1 second.");
        assert_eq!(RateLimited { retry_after_seconds: 61 }.words(Language::En), "Too many requests. Please try again in 2 minutes.");
    }
}
