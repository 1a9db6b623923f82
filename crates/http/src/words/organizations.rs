//! The words of organizations: its validation problems and its failures, in both languages.

use tutorhub_domain::accounts::user::OrgVerification;
use tutorhub_domain::organizations::resubmission::ResubmitError;
use tutorhub_domain::shared::language::Language;
use tutorhub_domain::shared::validation::OrganizationsProblem;

use super::accounts::{account_gone, invalid, storage_failed};
use super::{InputWords, Words, pick};

impl Words for OrganizationsProblem {
    fn words(&self, language: Language) -> String {
        match self {
            Self::NoNewDocument => pick(language, "請上載最少一份新文件", "Please upload at least one new document."),
        }
    }
}

impl Words for ResubmitError {
    fn words(&self, language: Language) -> String {
        match self {
            Self::Invalid(errors) => invalid(errors, language),
            Self::NotOrganization => {
                pick(language, "只有機構帳戶需要提交認證文件", "Only organisation accounts need to submit verification documents.")
            }
            Self::NotRejected(OrgVerification::Verified) => pick(
                language,
                "你的機構帳戶已通過認證，毋須重新提交文件",
                "Your organisation account is already verified. There is no need to submit documents again.",
            ),
            Self::NotRejected(_) => pick(
                language,
                "你的文件正在審批中，毋須重新提交",
                "Your documents are under review. There is no need to submit them again.",
            ),
            Self::Gone => account_gone(language),
            Self::Storage => storage_failed(language),
            Self::Repository(_) => InputWords::Internal.words(language),
        }
    }
}

#[cfg(test)]
mod tests {
    use tutorhub_domain::shared::language::Language::{En, ZhHk};

    use super::*;

    #[test]
    fn resubmission_refusals_read_as_before_in_chinese_and_have_english() {
        assert_eq!(ResubmitError::NotRejected(OrgVerification::Pending).words(ZhHk), "你的文件正在審批中，毋須重新提交");
        assert_eq!(ResubmitError::NotRejected(OrgVerification::Verified).words(ZhHk), "你的機構帳戶已通過認證，毋須重新提交文件");
        assert_eq!(OrganizationsProblem::NoNewDocument.words(ZhHk), "請上載最少一份新文件");
        assert_eq!(OrganizationsProblem::NoNewDocument.words(En), "Please upload at least one new document.");
    }
}
