//! The words of cases: its validation problems and its failures, in both languages, and the
//! names of a case's states and of what may be done to one.

use tutorhub_domain::cases::board::BrowseCasesError;
use tutorhub_domain::cases::fee_guidance::FeeGuideError;
use tutorhub_domain::cases::lifecycle::{CaseAction, IllegalCaseTransition};
use tutorhub_domain::cases::model::CaseStatus;
use tutorhub_domain::cases::moderation::ModerationError;
use tutorhub_domain::cases::posting::{PostCaseError, ViewCaseError};
use tutorhub_domain::shared::catalogue;
use tutorhub_domain::shared::language::Language::{self, En, ZhHk};
use tutorhub_domain::shared::validation::{CasesProblem, Label, Problem, ValidationErrors};

use super::{InputWords, Words, pick};

impl Words for CasesProblem {
    fn words(&self, language: Language) -> String {
        match self {
            Self::StartDatePast => pick(language, "開始日期不可早於今天", "The start date cannot be before today."),
            Self::NoSubject => pick(language, "請選擇最少一個科目", "Please choose at least one subject."),
            Self::TooManySubjects { max } => {
                pick(language, format!("最多只可選擇 {max} 個科目"), format!("You can choose at most {max} subjects."))
            }
            Self::OneFreeTextSubject { level } => pick(
                language,
                format!("{}程度只可填寫一個科目", level_name(level, ZhHk)),
                format!("Enter only one subject for {}.", level_name(level, En)),
            ),
            Self::SubjectNotOfLevel { subject, level } => pick(
                language,
                format!("「{subject}」不是{}的科目", level_name(level, ZhHk)),
                format!("“{}” is not one of the {} subjects.", catalogue_name(subject, En), level_name(level, En)),
            ),
            Self::MaxRateBelowMinRate => pick(language, "最高學費不可低於最低學費", "The highest fee cannot be lower than the lowest fee."),
        }
    }
}

/// A case's state as its owner sees it: "審批中" / "Under review".
pub fn case_status(status: CaseStatus, language: Language) -> &'static str {
    let (zh, en) = match status {
        CaseStatus::Pending => ("審批中", "Under review"),
        CaseStatus::Approved => ("已批核", "Approved"),
        CaseStatus::Rejected => ("已拒絕", "Rejected"),
        CaseStatus::Offered => ("待導師確認", "Waiting for the tutor"),
        CaseStatus::Matched => ("已配對", "Matched"),
        CaseStatus::Closed => ("已關閉", "Closed"),
    };
    if language == ZhHk { zh } else { en }
}

/// A level's name by its key: the catalogue's ("中學"), or its English ("Secondary"); the key
/// itself for a level the catalogue no longer has.
pub fn level_name(key: &str, language: Language) -> String {
    catalogue::level(key).map_or_else(|| key.to_string(), |level| catalogue_name(level.label, language))
}

/// A name of the catalogue (a level, grade, subject or place) in `language`: as stored in zh-HK,
/// the catalogue's English name in English (the name as kept when it has none: typed text).
pub fn catalogue_name(name: &str, language: Language) -> String {
    match language {
        ZhHk => name.to_string(),
        En => catalogue::english(name).map_or_else(|| name.to_string(), str::to_string),
    }
}

impl Words for IllegalCaseTransition {
    /// "個案狀態為「已配對」，不能修改" / "This case is matched, so it cannot be edited."
    fn words(&self, language: Language) -> String {
        let zh_action = match self.action {
            CaseAction::Approve => "批核",
            CaseAction::Reject => "拒絕",
            CaseAction::Edit => "修改",
            CaseAction::Offer => "選擇導師",
            CaseAction::Match => "確認配對",
            CaseAction::Reopen => "重新開放",
            CaseAction::Close => "關閉",
        };
        let en_state = match self.from {
            CaseStatus::Pending => "under review",
            CaseStatus::Approved => "approved",
            CaseStatus::Rejected => "rejected",
            CaseStatus::Offered => "waiting for the tutor's answer",
            CaseStatus::Matched => "matched",
            CaseStatus::Closed => "closed",
        };
        let en_action = match self.action {
            CaseAction::Approve => "it cannot be approved",
            CaseAction::Reject => "it cannot be rejected",
            CaseAction::Edit => "it cannot be edited",
            CaseAction::Offer => "a tutor cannot be chosen",
            CaseAction::Match => "the match cannot be confirmed",
            CaseAction::Reopen => "it cannot be reopened",
            CaseAction::Close => "it cannot be closed",
        };
        pick(
            language,
            format!("個案狀態為「{}」，不能{zh_action}", case_status(self.from, ZhHk)),
            format!("This case is {en_state}, so {en_action}."),
        )
    }
}

/// "找不到這個補習個案": a case missing, or one the reader may not see.
fn case_not_found(language: Language) -> String {
    pick(language, "找不到這個補習個案", "This tutoring case could not be found.")
}

/// The banner of a refused form: its first problem.
pub(crate) fn first_problem(errors: &ValidationErrors, language: Language) -> String {
    errors.fields().first().map_or_else(|| InputWords::Incorrect.words(language), |first| first.problem.words(language))
}

impl Words for PostCaseError {
    fn words(&self, language: Language) -> String {
        match self {
            Self::Invalid(errors) => first_problem(errors, language),
            Self::TutorsOnly => {
                pick(language, "只有導師可以刊登「導師招學生」個案", "Only tutors can post “Tutor seeking students” cases.")
            }
            Self::AccountGone => pick(language, "帳戶不存在，請重新登入", "This account no longer exists. Please log in again."),
            Self::NotFound => case_not_found(language),
            Self::NotOwner => pick(language, "只有個案的刊登者可以修改這個個案", "Only the person who posted this case can change it."),
            Self::Illegal(illegal) => illegal.words(language),
            Self::Changed => pick(language, "個案剛被更改，請重新載入後再試", "This case has just changed. Please reload and try again."),
            Self::Repository(_) => InputWords::Internal.words(language),
        }
    }
}

impl Words for ViewCaseError {
    fn words(&self, language: Language) -> String {
        match self {
            Self::NotFound => case_not_found(language),
            Self::Repository(_) => InputWords::Internal.words(language),
        }
    }
}

impl Words for BrowseCasesError {
    fn words(&self, language: Language) -> String {
        match self {
            Self::Invalid(errors) => first_problem(errors, language),
            Self::NotFound => case_not_found(language),
            Self::Repository(_) => InputWords::Internal.words(language),
        }
    }
}

impl Words for FeeGuideError {
    fn words(&self, language: Language) -> String {
        match self {
            Self::Invalid(errors) => first_problem(errors, language),
            Self::Repository(_) => InputWords::Internal.words(language),
        }
    }
}

impl Words for ModerationError {
    fn words(&self, language: Language) -> String {
        match self {
            Self::NotFound(number) => pick(language, format!("找不到個案 {number}"), format!("Case {number} could not be found.")),
            Self::Illegal(illegal) => illegal.words(language),
            Self::ReasonRequired => Problem::Missing(Label::RejectionReason).words(language),
            Self::ReasonHasControlCharacters => Problem::ControlCharacters(Label::RejectionReason).words(language),
            Self::Repository(_) => InputWords::Internal.words(language),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn case_rules_read_as_before_in_chinese_and_have_english() {
        let past = CasesProblem::StartDatePast;
        assert_eq!(past.words(ZhHk), "開始日期不可早於今天");
        assert_eq!(past.words(En), "The start date cannot be before today.");
        let one = CasesProblem::OneFreeTextSubject { level: "tertiary" };
        assert_eq!(one.words(ZhHk), "大學或以上程度只可填寫一個科目");
        assert_eq!(one.words(En), "Enter only one subject for University or above.");
        let other = CasesProblem::SubjectNotOfLevel { subject: "幼兒中文".into(), level: "secondary" };
        assert_eq!(other.words(ZhHk), "「幼兒中文」不是中學的科目");
        assert!(other.words(En).ends_with("is not one of the Secondary subjects."), "{}", other.words(En));
        assert_eq!(CasesProblem::TooManySubjects { max: 6 }.words(ZhHk), "最多只可選擇 6 個科目");
        assert_eq!(Problem::from(CasesProblem::MaxRateBelowMinRate).words(ZhHk), "最高學費不可低於最低學費");
    }

    #[test]
    fn a_refused_change_names_the_state_and_the_action() {
        let edit = IllegalCaseTransition { from: CaseStatus::Matched, action: CaseAction::Edit };
        assert_eq!(edit.words(ZhHk), "個案狀態為「已配對」，不能修改");
        assert_eq!(edit.words(En), "This case is matched, so it cannot be edited.");
        let offer = IllegalCaseTransition { from: CaseStatus::Offered, action: CaseAction::Offer };
        assert_eq!(offer.words(ZhHk), "個案狀態為「待導師確認」，不能選擇導師");
        assert_eq!(PostCaseError::NotFound.words(ZhHk), "找不到這個補習個案");
        assert_eq!(PostCaseError::NotFound.words(En), "This tutoring case could not be found.");
        assert_eq!(ModerationError::ReasonRequired.words(ZhHk), "請填寫拒絕原因");
        assert_eq!(ModerationError::ReasonHasControlCharacters.words(ZhHk), "拒絕原因不可包含控制字元");
    }
}
