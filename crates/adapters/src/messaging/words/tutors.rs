//! The words of the back office's decision on a tutor application, told to the applicant.

use tutorhub_domain::shared::language::Language;

/// Approval, after our name.
pub(super) fn approved_sms(application: i64, language: Language) -> String {
    match language {
        Language::ZhHk => {
            format!("恭喜！你的導師申請（申請編號 {application}）已獲批核。你的導師檔案已經公開，現在可以切換至導師模式申請補習個案。")
        }
        Language::En => format!(
            "Congratulations! Your tutor application (no. {application}) has been approved. Your tutor profile is now public: \
             switch to tutor mode to apply for cases."
        ),
    }
}

/// Rejection for staff's `reason` (passed on as typed), after our name.
pub(super) fn rejected_sms(application: i64, reason: &str, language: Language) -> String {
    match language {
        Language::ZhHk => format!("你的導師申請（申請編號 {application}）未獲批核。原因：{reason}。你可以更新資料後再次申請。"),
        Language::En => format!(
            "Your tutor application (no. {application}) was not approved. Reason: {reason}. You can update your details and apply again."
        ),
    }
}

#[cfg(test)]
mod tests {
    use tutorhub_domain::shared::messages::{MessageWords, Sms};

    use super::super::Wording;
    use super::super::tests::has_chinese;
    use super::*;

    #[test]
    fn the_decisions_read_as_they_always_did_in_chinese() {
        assert_eq!(
            Wording.sms(&Sms::TutorApproved { application: 7 }, Language::ZhHk),
            "【tutorhub】恭喜！你的導師申請（申請編號 7）已獲批核。你的導師檔案已經公開，現在可以切換至導師模式申請補習個案。"
        );
        assert_eq!(
            Wording.sms(&Sms::TutorRejected { application: 7, reason: "資料不足".into() }, Language::ZhHk),
            "【tutorhub】你的導師申請（申請編號 7）未獲批核。原因：資料不足。你可以更新資料後再次申請。"
        );
    }

    #[test]
    fn the_decisions_have_english_words() {
        let approved = Wording.sms(&Sms::TutorApproved { application: 7 }, Language::En);
        assert!(approved.starts_with("tutorhub: Congratulations! Your tutor application (no. 7) has been approved."), "{approved}");
        assert!(!has_chinese(&approved), "{approved}");
        let rejected = Wording.sms(&Sms::TutorRejected { application: 7, reason: "not enough detail".into() }, Language::En);
        assert_eq!(
            rejected,
            "tutorhub: Your tutor application (no. 7) was not approved. Reason: not enough detail. \
             You can update your details and apply again."
        );
    }
}
