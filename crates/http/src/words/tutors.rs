//! The words of tutors: its validation problems, its failures and an application's state, in
//! both languages.

use tutorhub_domain::shared::language::Language::{self, En, ZhHk};
use tutorhub_domain::shared::validation::TutorsProblem;
use tutorhub_domain::tutors::applications::SubmitApplicationError;
use tutorhub_domain::tutors::directory::BrowseTutorsError;
use tutorhub_domain::tutors::model::TutorApplicationStatus;

use super::accounts::{account_gone, invalid};
use super::profiles::avatar_too_large;
use super::{InputWords, Words, label, pick};

impl Words for TutorsProblem {
    fn words(&self, language: Language) -> String {
        match self {
            Self::SubjectFormat { typed } => pick(
                language,
                format!("科目「{typed}」不正確，請以「教育程度 科目」填寫，例如「中學 數學」"),
                format!("The subject \"{typed}\" is not valid. Write the level, then the subject, e.g. \"中學 數學\" (Secondary, Maths)."),
            ),
            Self::NoSubjects => pick(language, "請填寫最少一個任教科目", "Please fill in at least one subject you teach."),
            Self::UnknownTeachingMode { key } => {
                pick(language, format!("教學模式「{key}」不正確"), format!("The teaching mode \"{key}\" is not valid."))
            }
            Self::NoTeachingMode => pick(language, "請選擇最少一個教學模式", "Please choose at least one teaching mode."),
            Self::UnknownDistrict { name } => {
                pick(language, format!("地區「{name}」不正確"), format!("The district \"{name}\" is not valid."))
            }
            Self::ExperienceOverAge => {
                pick(language, "教學經驗年數不可多於年齡", "Your years of teaching experience cannot be more than your age.")
            }
            Self::AvatarMissing => pick(language, "請上載頭像", "Please upload a profile photo."),
            Self::Avatar(error) => error.words(language),
            Self::NotWholeNumber(field) => {
                pick(language, format!("{}必須是整數", label(*field, ZhHk)), format!("The {} must be a whole number.", label(*field, En)))
            }
            Self::FeeNotNumber => pick(language, "每堂學費必須是數字", "The fee per lesson must be a number."),
        }
    }
}

/// An application's state, as its applicant sees it: 審批中, 已批核 or 已拒絕.
pub fn application_status(status: TutorApplicationStatus, language: Language) -> &'static str {
    let (zh, en) = match status {
        TutorApplicationStatus::Pending => ("審批中", "Under review"),
        TutorApplicationStatus::Approved => ("已批核", "Approved"),
        TutorApplicationStatus::Rejected => ("已拒絕", "Rejected"),
    };
    match language {
        ZhHk => zh,
        En => en,
    }
}

impl Words for SubmitApplicationError {
    fn words(&self, language: Language) -> String {
        match self {
            Self::Invalid(errors) => invalid(errors, language),
            Self::AvatarTooLarge => avatar_too_large(language),
            Self::AlreadyPending => pick(
                language,
                "你的導師申請正在審批中，請耐心等候結果",
                "Your tutor application is under review. Please wait for the result.",
            ),
            Self::AlreadyTutor => pick(language, "你已經是導師，無須再次申請", "You are already a tutor. There is no need to apply again."),
            Self::Gone => account_gone(language),
            Self::Files(_) | Self::Repository(_) => InputWords::Internal.words(language),
        }
    }
}

impl Words for BrowseTutorsError {
    fn words(&self, language: Language) -> String {
        match self {
            Self::Invalid(errors) => invalid(errors, language),
            Self::NotFound => pick(language, "找不到此用戶", "This user could not be found."),
            Self::Repository(_) => InputWords::Internal.words(language),
        }
    }
}

#[cfg(test)]
mod tests {
    use tutorhub_domain::shared::validation::{Label, Problem};

    use super::*;

    #[test]
    fn tutor_rules_read_as_before_in_chinese_and_have_english() {
        let subject = Problem::Tutors(TutorsProblem::SubjectFormat { typed: "數學".into() });
        assert_eq!(subject.words(ZhHk), "科目「數學」不正確，請以「教育程度 科目」填寫，例如「中學 數學」");
        assert_eq!(
            subject.words(En),
            "The subject \"數學\" is not valid. Write the level, then the subject, e.g. \"中學 數學\" (Secondary, Maths)."
        );
        assert_eq!(TutorsProblem::NotWholeNumber(Label::Age).words(ZhHk), "年齡必須是整數");
        assert_eq!(TutorsProblem::NotWholeNumber(Label::Age).words(En), "The age must be a whole number.");
        assert_eq!(TutorsProblem::UnknownDistrict { name: "火星".into() }.words(ZhHk), "地區「火星」不正確");
        assert_eq!(SubmitApplicationError::AlreadyTutor.words(ZhHk), "你已經是導師，無須再次申請");
        assert_eq!(application_status(TutorApplicationStatus::Rejected, ZhHk), "已拒絕");
        assert_eq!(application_status(TutorApplicationStatus::Pending, En), "Under review");
    }
}
