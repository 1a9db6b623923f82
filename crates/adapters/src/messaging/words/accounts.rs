//! The words of accounts' messages: the phone verification code's SMS and the password reset
//! e-mail.

use tutorhub_domain::shared::language::Language;

use super::count;

/// The code's SMS after our name.
pub(super) fn code_sms(code: &str, ttl_minutes: i64, language: Language) -> String {
    match language {
        Language::ZhHk => format!("你的驗證碼是 {code}，{ttl_minutes} 分鐘內有效。請勿將驗證碼告訴任何人。"),
        Language::En => {
            let ttl = count(ttl_minutes, "minute", "minutes");
            format!("Your verification code is {code}. It is valid for {ttl}. Never tell anyone your code.")
        }
    }
}

/// The reset e-mail's subject and body, to the account named `name`.
pub(super) fn reset_mail(name: &str, link: &str, ttl_minutes: i64, language: Language) -> (String, String) {
    match language {
        Language::ZhHk => (
            "重設你的 tutorhub 密碼".into(),
            format!(
                "{name}你好：\n\n\
                 我們收到重設你 tutorhub 帳戶密碼的要求。請在 {ttl_minutes} 分鐘內打開以下連結設定新密碼（連結只可使用一次）：\n\n\
                 {link}\n\n\
                 如果你沒有提出這個要求，請忽略這封電郵，你的密碼不會改變。\n\n\
                 tutorhub 補習配對平台"
            ),
        ),
        Language::En => {
            let ttl = count(ttl_minutes, "minute", "minutes");
            // The link opens the English page: the site's address, then /en before the page.
            let link = match link.find("/reset-password") {
                Some(at) => format!("{}{}{}", &link[..at], super::ENGLISH_PREFIX, &link[at..]),
                None => link.to_string(),
            };
            (
                "Reset your tutorhub password".into(),
                format!(
                    "Hello {name},\n\nWe received a request to reset the password of your tutorhub account. Open the link below within \
                     {ttl} to set a new password (the link works only once):\n\n{link}\n\nIf you did not ask for this, please ignore \
                     this email: your password will not change.\n\ntutorhub, the tutor matching platform"
                ),
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use tutorhub_domain::shared::messages::{Mail, MessageWords, Sms};

    use super::super::Wording;
    use super::super::tests::has_chinese;
    use super::*;

    const LINK: &str = "https://tutorhub.example.hk/reset-password?token=token-1";

    #[test]
    fn the_code_reads_as_it_always_did_in_chinese_and_plainly_in_english() {
        let code = Sms::PhoneCode { code: "123456".into(), ttl_minutes: 10 };
        assert_eq!(Wording.sms(&code, Language::ZhHk), "【tutorhub】你的驗證碼是 123456，10 分鐘內有效。請勿將驗證碼告訴任何人。");
        assert_eq!(
            Wording.sms(&code, Language::En),
            "tutorhub: Your verification code is 123456. It is valid for 10 minutes. Never tell anyone your code."
        );
    }

    #[test]
    fn the_reset_mail_has_the_link_and_its_time_in_both_languages() {
        let reset = Mail::PasswordReset { name: "陳太".into(), link: LINK.into(), ttl_minutes: 30 };
        let (subject, body) = Wording.mail(&reset, Language::ZhHk);
        assert_eq!(subject, "重設你的 tutorhub 密碼");
        assert_eq!(
            body,
            format!(
                "陳太你好：\n\n\
                 我們收到重設你 tutorhub 帳戶密碼的要求。請在 30 分鐘內打開以下連結設定新密碼（連結只可使用一次）：\n\n\
                 {LINK}\n\n\
                 如果你沒有提出這個要求，請忽略這封電郵，你的密碼不會改變。\n\n\
                 tutorhub 補習配對平台"
            )
        );
        let (subject, body) = Wording.mail(&reset, Language::En);
        assert_eq!(subject, "Reset your tutorhub password");
        assert!(body.starts_with("Hello 陳太,\n\n") && body.contains("within 30 minutes"), "{body}");
        assert!(body.contains("\n\nhttps://tutorhub.example.hk/en/reset-password?token=token-1\n\n"), "the English page: {body}");
        assert!(!has_chinese(&body.replace("陳太", "")), "only the name the member chose: {body}");
    }
}
