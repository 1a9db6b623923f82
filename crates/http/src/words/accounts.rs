//! The words of accounts: its validation problems, its failures and what its endpoints answer
//! when they succeed, in both languages.

use tutorhub_domain::accounts::current_user::CurrentUserError;
use tutorhub_domain::accounts::passwords::{ChangePasswordError, ResetError, ResetRequestError};
use tutorhub_domain::accounts::phone_verification::{SendCodeError, VerifyCodeError};
use tutorhub_domain::accounts::registration::RegistrationError;
use tutorhub_domain::accounts::sessions::{LoginError, RefreshError};
use tutorhub_domain::shared::language::Language::{self, En, ZhHk};
use tutorhub_domain::shared::validation::{AccountsProblem, ValidationErrors};

use super::{InputWords, Words, capitalised, label, pick};

impl Words for AccountsProblem {
    fn words(&self, language: Language) -> String {
        match self {
            Self::PhoneInvalid => {
                pick(language, "請輸入有效的香港電話號碼（8 位數字）", "Please enter a valid Hong Kong phone number (8 digits).")
            }
            Self::EmailInvalid => pick(language, "請輸入有效的電郵地址", "Please enter a valid email address."),
            Self::NameBidiControls => {
                pick(language, "名稱不可包含文字方向控制字元", "The name cannot contain characters that change the direction of the text.")
            }
            Self::NameSymbols => pick(
                language,
                "名稱只可包含英文字母或中文字，不可包含數字或符號",
                "The name can only have English letters or Chinese characters, not numbers or symbols.",
            ),
            Self::NameTooManyChinese { max } => {
                pick(language, format!("中文字最多 {max} 個"), format!("The name can have at most {max} Chinese characters."))
            }
            Self::NameTooManyEnglish { max } => {
                pick(language, format!("英文字母最多 {max} 個"), format!("The name can have at most {max} English letters."))
            }
            Self::NameNoLetters => {
                pick(language, "名稱必須包含最少一個英文字母或中文字", "The name needs at least one English letter or Chinese character.")
            }
            Self::PasswordRule { min_chars } => pick(
                language,
                format!("密碼必須最少 {min_chars} 個字元，並包含英文字母及數字"),
                format!("The password needs at least {min_chars} characters, with both letters and numbers."),
            ),
            Self::TooYoung { min_age } => pick(
                language,
                format!("根據服務條款，用戶須年滿 {min_age} 歲"),
                format!("Under our terms of service, users must be at least {min_age} years old."),
            ),
            Self::RoleNotAllowed => pick(language, "只可以註冊一般用戶帳戶", "You can only sign up for a regular user account."),
            Self::OrgDocumentsMissing => pick(
                language,
                "機構註冊須上載商業登記證及地址證明",
                "To sign up as an organisation, upload your business registration certificate and proof of address.",
            ),
            Self::DocumentTooLarge(field) => pick(
                language,
                format!("{}檔案超過大小上限，最大 5MB", label(*field, ZhHk)),
                format!("The {} file is too large (5 MB at most).", label(*field, En)),
            ),
            Self::DocumentRefused { label: field, error } => pick(
                language,
                format!("{}：{}", label(*field, ZhHk), error.words(ZhHk)),
                format!("{}: {}", capitalised(label(*field, En)), error.words(En)),
            ),
            Self::PhoneTaken => {
                pick(language, "此電話號碼已被使用，請勿重複註冊", "This phone number already has an account. Please log in instead.")
            }
            Self::EmailTaken => {
                pick(language, "此電郵已被註冊，請使用其他電郵", "This email is already registered. Please use another one.")
            }
            Self::PhoneMissing => pick(language, "請輸入電話號碼", "Please enter your phone number."),
            Self::PasswordMissing => pick(language, "請輸入密碼", "Please enter your password."),
        }
    }
}

/// What the account endpoints answer when they succeed, and the one refusal they share.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AccountsWords {
    /// Check-phone: no account has this phone.
    PhoneFree,
    /// A verification code went out by SMS.
    CodeSent,
    /// The code was right.
    PhoneVerified,
    /// The account was created.
    Registered,
    /// The reset link went out (or would have: unknown phones get the same answer).
    ResetLinkSent,
    /// A reset link set a new password.
    PasswordReset,
    /// The signed-in user changed their password.
    PasswordChanged,
    /// A request about another member's account.
    NotYourAccount,
}

impl Words for AccountsWords {
    fn words(&self, language: Language) -> String {
        match self {
            Self::PhoneFree => pick(language, "此電話號碼可以使用", "This phone number is available."),
            Self::CodeSent => pick(language, "驗證碼已發送，請查看手機短訊", "We have sent you a code. Please check your SMS messages."),
            Self::PhoneVerified => {
                pick(language, "電話號碼已驗證！請繼續填寫你的資料。", "Your phone number is verified! Please continue with your details.")
            }
            Self::Registered => pick(language, "註冊成功！請登入。", "You have signed up! Please log in."),
            Self::ResetLinkSent => pick(
                language,
                "重設密碼連結已發送到你的電郵，請查看收件匣或垃圾郵件。",
                "We have sent a link to reset your password to your email. Please check your inbox or spam folder.",
            ),
            Self::PasswordReset => {
                pick(language, "密碼已重設，請用新密碼登入。", "Your password has been reset. Please log in with your new password.")
            }
            Self::PasswordChanged => pick(language, "密碼已更新", "Your password has been updated."),
            Self::NotYourAccount => pick(language, "你只可以修改自己的資料", "You can only change your own details."),
        }
    }
}

/// The banner of a refused form: its first problem.
pub(super) fn invalid(errors: &ValidationErrors, language: Language) -> String {
    errors.fields().first().map_or_else(|| InputWords::Incorrect.words(language), |first| first.problem.words(language))
}

/// "帳戶不存在，請重新登入": the token named an account that is gone.
pub(super) fn account_gone(language: Language) -> String {
    pick(language, "帳戶不存在，請重新登入", "This account no longer exists. Please log in again.")
}

/// "檔案儲存失敗，請稍後再試": uploaded files could not be stored.
pub(super) fn storage_failed(language: Language) -> String {
    pick(language, "檔案儲存失敗，請稍後再試", "We could not store your files. Please try again later.")
}

impl Words for CurrentUserError {
    fn words(&self, language: Language) -> String {
        match self {
            Self::Gone => account_gone(language),
            Self::Repository(_) => InputWords::Internal.words(language),
        }
    }
}

impl Words for SendCodeError {
    fn words(&self, language: Language) -> String {
        match self {
            Self::InvalidPhone(problem) => problem.words(language),
            Self::PhoneTaken => AccountsProblem::PhoneTaken.words(language),
            Self::TooSoon(seconds) => pick(
                language,
                format!("驗證碼已發送，請於 {seconds} 秒後再重新發送"),
                format!(
                    "A code has just been sent. Please wait {seconds} {} before asking for another.",
                    if *seconds == 1 { "second" } else { "seconds" }
                ),
            ),
            Self::RateLimited(limited) => limited.words(language),
            Self::Delivery => pick(language, "短訊暫時未能發送，請稍後再試", "We could not send the SMS just now. Please try again later."),
            Self::Repository(_) => InputWords::Internal.words(language),
        }
    }
}

impl Words for VerifyCodeError {
    fn words(&self, language: Language) -> String {
        match self {
            Self::InvalidPhone(problem) => problem.words(language),
            Self::MalformedCode => pick(language, "請輸入 6 位數字驗證碼", "Please enter the 6-digit code."),
            Self::NoCode => pick(language, "請先發送驗證碼", "Please ask for a code first."),
            Self::Expired => pick(language, "驗證碼已過期，請重新發送", "The code has expired. Please ask for a new one."),
            Self::TooManyAttempts => {
                pick(language, "輸入錯誤次數過多，請重新發送驗證碼", "Too many wrong tries. Please ask for a new code.")
            }
            Self::Wrong => pick(language, "驗證碼不正確，請重新輸入", "The code is not correct. Please try again."),
            Self::Repository(_) => InputWords::Internal.words(language),
        }
    }
}

impl Words for RegistrationError {
    fn words(&self, language: Language) -> String {
        match self {
            Self::Invalid(errors) | Self::Taken(errors) => invalid(errors, language),
            Self::PhoneNotVerified => pick(language, "請先完成電話號碼驗證", "Please verify your phone number first."),
            Self::Storage => storage_failed(language),
            Self::Busy(_) => InputWords::Busy.words(language),
            Self::Repository(_) => InputWords::Internal.words(language),
        }
    }
}

impl Words for ResetRequestError {
    fn words(&self, language: Language) -> String {
        match self {
            Self::InvalidPhone(problem) => problem.words(language),
            Self::RateLimited(limited) => limited.words(language),
            Self::Delivery => {
                pick(language, "電郵暫時未能發送，請稍後再試", "We could not send the email just now. Please try again later.")
            }
            Self::Repository(_) => InputWords::Internal.words(language),
        }
    }
}

impl Words for ResetError {
    fn words(&self, language: Language) -> String {
        match self {
            Self::InvalidPassword(problem) => problem.words(language),
            Self::InvalidLink => {
                pick(language, "重設連結無效或已過期，請重新申請", "This reset link is not valid or has expired. Please ask for a new one.")
            }
            Self::Busy(_) => InputWords::Busy.words(language),
            Self::Repository(_) => InputWords::Internal.words(language),
        }
    }
}

impl Words for ChangePasswordError {
    fn words(&self, language: Language) -> String {
        match self {
            Self::OldPasswordMissing => pick(language, "請輸入舊密碼", "Please enter your current password."),
            Self::InvalidPassword(problem) => problem.words(language),
            Self::WrongOldPassword => pick(language, "舊密碼不正確", "Your current password is not correct."),
            Self::Gone => account_gone(language),
            Self::RateLimited(limited) => limited.words(language),
            Self::Busy(_) => InputWords::Busy.words(language),
            Self::Repository(_) => InputWords::Internal.words(language),
        }
    }
}

impl Words for LoginError {
    fn words(&self, language: Language) -> String {
        match self {
            Self::Invalid(errors) => invalid(errors, language),
            Self::WrongCredentials => {
                pick(language, "電話號碼或密碼不正確，請重新輸入", "The phone number or password is not correct. Please try again.")
            }
            Self::RateLimited(limited) => limited.words(language),
            Self::Busy(_) => InputWords::Busy.words(language),
            Self::Repository(_) => InputWords::Internal.words(language),
        }
    }
}

impl Words for RefreshError {
    fn words(&self, language: Language) -> String {
        match self {
            Self::Invalid => pick(language, "登入已過期，請重新登入", "Your session has expired. Please log in again."),
            Self::Reused => pick(language, "登入已失效，請重新登入", "Your session is no longer valid. Please log in again."),
            Self::Repository(_) => InputWords::Internal.words(language),
        }
    }
}

#[cfg(test)]
mod tests {
    use tutorhub_domain::shared::upload::{UploadError, UploadPurpose};
    use tutorhub_domain::shared::validation::{Label, Problem};

    use super::*;

    #[test]
    fn account_rules_read_as_before_in_chinese_and_have_english() {
        let name = Problem::Accounts(AccountsProblem::NameTooManyChinese { max: 6 });
        assert_eq!(name.words(ZhHk), "中文字最多 6 個");
        assert_eq!(name.words(En), "The name can have at most 6 Chinese characters.");
        let password = AccountsProblem::PasswordRule { min_chars: 8 };
        assert_eq!(password.words(ZhHk), "密碼必須最少 8 個字元，並包含英文字母及數字");
        assert_eq!(password.words(En), "The password needs at least 8 characters, with both letters and numbers.");
        let document =
            AccountsProblem::DocumentRefused { label: Label::AddressProof, error: UploadError::WrongType(UploadPurpose::Document) };
        assert_eq!(document.words(ZhHk), "地址證明：文件只接受 PDF、JPEG 或 PNG 格式");
        assert_eq!(document.words(En), "Proof of address: A document must be a PDF, JPEG or PNG file.");
        assert_eq!(AccountsProblem::DocumentTooLarge(Label::BusinessRegistration).words(ZhHk), "商業登記證檔案超過大小上限，最大 5MB");
        assert_eq!(AccountsProblem::TooYoung { min_age: 15 }.words(ZhHk), "根據服務條款，用戶須年滿 15 歲");
    }

    #[test]
    fn account_failures_read_as_before_in_chinese_and_have_english() {
        assert_eq!(SendCodeError::TooSoon(42).words(ZhHk), "驗證碼已發送，請於 42 秒後再重新發送");
        assert_eq!(SendCodeError::TooSoon(42).words(En), "A code has just been sent. Please wait 42 seconds before asking for another.");
        assert_eq!(LoginError::WrongCredentials.words(ZhHk), "電話號碼或密碼不正確，請重新輸入");
        assert_eq!(RefreshError::Invalid.words(En), "Your session has expired. Please log in again.");
        let taken = RegistrationError::Taken(ValidationErrors::single("email", AccountsProblem::EmailTaken));
        assert_eq!(taken.words(ZhHk), "此電郵已被註冊，請使用其他電郵");
        assert_eq!(AccountsWords::Registered.words(ZhHk), "註冊成功！請登入。");
    }
}
