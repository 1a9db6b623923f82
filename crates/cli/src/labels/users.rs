//! The back office's zh-HK words for users.

use tutorhub_domain::accounts::directory::UserDirectoryError;
use tutorhub_domain::accounts::user::{OrgVerification, UserType};

/// An account's type, in the words of the registration form.
pub fn user_type(user_type: UserType) -> &'static str {
    match user_type {
        UserType::Individual => "個人",
        UserType::Organization => "機構",
    }
}

/// An organization's verification state, as the organization sees it on its profile.
pub fn org_verification(state: OrgVerification) -> &'static str {
    match state {
        OrgVerification::Pending => "審批中",
        OrgVerification::Verified => "已認證",
        OrgVerification::Rejected => "未獲認證",
    }
}

/// Why an account could not be shown, for the clerk: "找不到用戶 1024".
pub fn directory_error(error: &UserDirectoryError) -> String {
    match error {
        UserDirectoryError::NotFound(user) => format!("找不到用戶 {user}"),
        UserDirectoryError::Repository(e) => e.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use tutorhub_domain::accounts::directory::UserRef;

    use super::*;

    #[test]
    fn an_unknown_account_is_named() {
        assert_eq!(directory_error(&UserDirectoryError::NotFound(UserRef::Number(4242))), "找不到用戶 4242");
        assert_eq!(org_verification(OrgVerification::Rejected), "未獲認證");
    }
}
