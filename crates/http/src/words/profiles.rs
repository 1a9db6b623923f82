//! The words of profiles: its validation problems and its failures, in both languages.

use tutorhub_domain::profiles::editing::UpdateProfileError;
use tutorhub_domain::shared::language::Language;
use tutorhub_domain::shared::validation::ProfilesProblem;

use super::accounts::{account_gone, invalid};
use super::{InputWords, Words, pick};

impl Words for ProfilesProblem {
    fn words(&self, language: Language) -> String {
        match self {
            Self::AvatarTutorsOnly => pick(language, "只有導師可以上載頭像", "Only tutors can upload a profile photo."),
            Self::Avatar(error) => error.words(language),
        }
    }
}

/// "頭像檔案超過大小上限（最大 5MB）": a profile photo over the upload limit.
pub(super) fn avatar_too_large(language: Language) -> String {
    pick(language, "頭像檔案超過大小上限（最大 5MB）", "The profile photo is too large (5 MB at most).")
}

impl Words for UpdateProfileError {
    fn words(&self, language: Language) -> String {
        match self {
            Self::Invalid(errors) => invalid(errors, language),
            Self::AvatarTooLarge => avatar_too_large(language),
            Self::PhoneNotVerified => pick(language, "請先完成電話驗證再提交", "Please verify your phone number before saving."),
            Self::PhoneTaken => {
                pick(language, "此電話號碼已被使用，請使用其他號碼", "This phone number is already in use. Please use another one.")
            }
            Self::Gone => account_gone(language),
            Self::RateLimited(limited) => limited.words(language),
            Self::Files(_) | Self::Repository(_) => InputWords::Internal.words(language),
        }
    }
}

#[cfg(test)]
mod tests {
    use tutorhub_domain::shared::language::Language::{En, ZhHk};
    use tutorhub_domain::shared::upload::{UploadError, UploadPurpose};
    use tutorhub_domain::shared::validation::AccountsProblem;

    use super::*;

    #[test]
    fn profile_refusals_read_as_before_in_chinese_and_have_english() {
        assert_eq!(ProfilesProblem::AvatarTutorsOnly.words(ZhHk), "只有導師可以上載頭像");
        assert_eq!(ProfilesProblem::AvatarTutorsOnly.words(En), "Only tutors can upload a profile photo.");
        assert_eq!(ProfilesProblem::Avatar(UploadError::WrongType(UploadPurpose::Avatar)).words(ZhHk), "頭像只接受 JPEG、PNG 或 WebP 圖片");
        assert_eq!(UpdateProfileError::PhoneTaken.words(ZhHk), "此電話號碼已被使用，請使用其他號碼");
        assert_eq!(UpdateProfileError::AvatarTooLarge.words(En), "The profile photo is too large (5 MB at most).");
        // A phone problem of a profile reads as at registration.
        assert_eq!(AccountsProblem::PhoneInvalid.words(ZhHk), "請輸入有效的香港電話號碼（8 位數字）");
    }
}
