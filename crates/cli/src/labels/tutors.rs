//! The back office's zh-HK words for tutors.

use tutorhub_domain::tutors::applications::ReviewApplicationError;
use tutorhub_domain::tutors::directory::TutorListingError;
use tutorhub_domain::tutors::model::limits::REASON_MAX_CHARS;
use tutorhub_domain::tutors::model::{DecisionError, TutorApplicationStatus};

/// An application's state (catalogue-zh-HK.md).
pub fn application_status(status: TutorApplicationStatus) -> &'static str {
    match status {
        TutorApplicationStatus::Pending => "審批中",
        TutorApplicationStatus::Approved => "已批核",
        TutorApplicationStatus::Rejected => "已拒絕",
    }
}

/// Why a decision on an application was refused: "此申請已經已批核，不可再審批".
pub fn decision_error(error: &DecisionError) -> String {
    match error {
        DecisionError::NotPending(status) => format!("此申請已經{}，不可再審批", application_status(*status)),
        DecisionError::ReasonRequired => "請填寫拒絕原因".into(),
        DecisionError::ReasonTooLong => format!("拒絕原因不可多於 {REASON_MAX_CHARS} 個字"),
        DecisionError::ReasonHasControlCharacters => "拒絕原因不可包含控制字元".into(),
    }
}

/// Why an application could not be shown or decided, for the clerk.
pub fn review_error(error: &ReviewApplicationError) -> String {
    match error {
        ReviewApplicationError::NotFound(number) => format!("找不到申請編號 {number}"),
        ReviewApplicationError::Decision(e) => decision_error(e),
        ReviewApplicationError::ApplicantGone => "申請人的帳戶不存在".into(),
        ReviewApplicationError::Repository(e) => e.to_string(),
    }
}

/// Why a tutor could not be listed or hidden, for the clerk.
pub fn listing_error(error: &TutorListingError) -> String {
    match error {
        TutorListingError::NotATutor => "此用戶不是導師（沒有導師檔案）".into(),
        TutorListingError::Repository(e) => e.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refusals_read_as_the_domain_wrote_them() {
        let decided = ReviewApplicationError::Decision(DecisionError::NotPending(TutorApplicationStatus::Approved));
        assert_eq!(review_error(&decided), "此申請已經已批核，不可再審批");
        assert_eq!(review_error(&ReviewApplicationError::NotFound(12)), "找不到申請編號 12");
        assert_eq!(decision_error(&DecisionError::ReasonTooLong), "拒絕原因不可多於 300 個字");
    }
}
