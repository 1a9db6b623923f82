//! The back office's zh-HK words for cases.

use tutorhub_domain::cases::lifecycle::{CaseAction, IllegalCaseTransition};
use tutorhub_domain::cases::model::CaseStatus;
use tutorhub_domain::cases::moderation::ModerationError;

/// A case's state as its owner sees it.
pub fn case_status(status: CaseStatus) -> &'static str {
    match status {
        CaseStatus::Pending => "審批中",
        CaseStatus::Approved => "已批核",
        CaseStatus::Rejected => "已拒絕",
        CaseStatus::Offered => "待導師確認",
        CaseStatus::Matched => "已配對",
        CaseStatus::Closed => "已關閉",
    }
}

/// What may be done to a case, as a refusal names it ("不能批核").
pub fn case_action(action: CaseAction) -> &'static str {
    match action {
        CaseAction::Approve => "批核",
        CaseAction::Reject => "拒絕",
        CaseAction::Edit => "修改",
        CaseAction::Offer => "選擇導師",
        CaseAction::Match => "確認配對",
        CaseAction::Reopen => "重新開放",
        CaseAction::Close => "關閉",
    }
}

/// "個案狀態為「已關閉」，不能批核".
pub fn illegal_transition(illegal: &IllegalCaseTransition) -> String {
    format!("個案狀態為「{}」，不能{}", case_status(illegal.from), case_action(illegal.action))
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

    #[test]
    fn refusals_read_as_the_domain_wrote_them() {
        let closed = IllegalCaseTransition { from: CaseStatus::Closed, action: CaseAction::Approve };
        assert_eq!(moderation_error(&ModerationError::Illegal(closed)), "個案狀態為「已關閉」，不能批核");
        assert_eq!(moderation_error(&ModerationError::NotFound(10001)), "找不到個案 10001");
        assert_eq!(moderation_error(&ModerationError::ReasonRequired), "請填寫拒絕原因");
    }
}
