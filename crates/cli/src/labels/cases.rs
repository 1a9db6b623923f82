//! The back office's zh-HK words for cases.

use tutorhub_domain::cases::lifecycle::IllegalCaseTransition;
use tutorhub_domain::cases::moderation::ModerationError;
use tutorhub_domain::shared::language::Language;
use tutorhub_http::words::Words;

/// "個案狀態為「已關閉」，不能批核": the API's zh-HK words, as the owner reads them.
pub fn illegal_transition(illegal: &IllegalCaseTransition) -> String {
    illegal.words(Language::ZhHk)
}

/// Why a moderation command was refused, for the clerk.
pub fn moderation_error(error: &ModerationError) -> String {
    match error {
        ModerationError::NotFound(number) => format!("找不到個案 {number}"),
        ModerationError::Illegal(illegal) => illegal_transition(illegal),
        ModerationError::ReasonRequired => "請填寫拒絕原因".into(),
        ModerationError::ReasonHasControlCharacters => "拒絕原因不可包含控制字元".into(),
        ModerationError::Repository(e) => e.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tutorhub_domain::cases::lifecycle::CaseAction;
    use tutorhub_domain::cases::model::CaseStatus;

    #[test]
    fn refusals_read_as_the_domain_wrote_them() {
        let closed = IllegalCaseTransition { from: CaseStatus::Closed, action: CaseAction::Approve };
        assert_eq!(moderation_error(&ModerationError::Illegal(closed)), "個案狀態為「已關閉」，不能批核");
        assert_eq!(moderation_error(&ModerationError::NotFound(10001)), "找不到個案 10001");
        assert_eq!(moderation_error(&ModerationError::ReasonRequired), "請填寫拒絕原因");
    }
}
