//! The words of matching: its validation problems and its failures, in both languages.

use tutorhub_domain::matching::applications::{ApplicantsError, ApplyError, WithdrawError};
use tutorhub_domain::matching::fit::NotTaught;
use tutorhub_domain::matching::invitations::{INVITATIONS_PER_CASE, InviteError};
use tutorhub_domain::matching::model::{CaseApplicationStatus, IllegalApplicationTransition};
use tutorhub_domain::matching::offer::OfferStatus;
use tutorhub_domain::matching::offers::AnswerError;
use tutorhub_domain::matching::recommendations::RecommendError;
use tutorhub_domain::shared::catalogue::{self, Level};
use tutorhub_domain::shared::language::Language::{self, En, ZhHk};
use tutorhub_domain::shared::money::Rate;
use tutorhub_domain::shared::rate_limits::APPLIES_PER_TUTOR;
use tutorhub_domain::shared::validation::{MatchingProblem, ValidationErrors};

use super::{InputWords, Words, pick, thousands};

impl Words for MatchingProblem {
    fn words(&self, language: Language) -> String {
        match *self {
            Self::FeeMustBe { fee } => {
                pick(language, format!("每堂學費須為 {fee}"), format!("The fee per lesson must be {}.", money(fee, En)))
            }
            Self::FeeBetween { low, high } => pick(
                language,
                format!("每堂學費須介於 {low} 至 {high} 之間"),
                format!("The fee per lesson must be between {} and {}.", money(low, En), money(high, En)),
            ),
            Self::FirstLessonOffHours => pick(
                language,
                "第一堂時間須為早上 7 時至晚上 10 時之間的整刻鐘",
                "The first lesson must start on the hour or at :15, :30 or :45, between 7:00 and 22:00.",
            ),
            Self::FirstLessonPast => pick(language, "第一堂的時間必須在現在之後", "The first lesson must be later than now."),
            Self::FirstLessonTooFar { days } => {
                pick(language, format!("第一堂須在 {days} 日內"), format!("The first lesson must be within {days} days."))
            }
        }
    }
}

/// An amount as the language writes it: "HK$1200" stays as the Chinese sentences always had
/// it; English groups thousands ("HK$1,200").
fn money(rate: Rate, language: Language) -> String {
    match language {
        ZhHk => rate.to_string(),
        En => {
            let cents = rate.cents();
            let whole = format!("HK${}", thousands(cents / 100));
            if cents % 100 == 0 { whole } else { format!("{whole}.{:02}", (cents % 100).abs()) }
        }
    }
}

/// A stored name of the catalogue (a level, a subject) in `language`: the catalogue's English
/// name in English, as typed when it has none (a tertiary subject).
fn catalogue_name(name: &str, language: Language) -> &str {
    match language {
        ZhHk => name,
        En => catalogue::english(name).unwrap_or(name),
    }
}

/// A level: "中學" / "Secondary".
fn level(level: &Level, language: Language) -> &'static str {
    match language {
        ZhHk => level.label,
        En => catalogue::english(level.label).unwrap_or(level.label),
    }
}

/// A subject at its level, as profiles list it: "中學 數學" / "Secondary Mathematics".
pub(super) fn subject(level_key: &str, name: &str, language: Language) -> String {
    let level_name = catalogue::level(level_key).map_or(level_key, |found| level(found, language));
    format!("{level_name} {}", catalogue_name(name, language))
}

/// What a tutor who does not teach a case lacks: "任何中學科目" / "any Secondary subject", or
/// "「中學 數學」或「中學 物理」" / "\"Secondary Mathematics\" or \"Secondary Physics\"".
fn not_taught(missing: &NotTaught, language: Language) -> String {
    match missing {
        NotTaught::Level(found) => pick(language, format!("任何{}科目", found.label), format!("any {} subject", level(found, En))),
        NotTaught::Subjects { level: found, subjects } => {
            let each = |language: Language| subjects.iter().map(move |name| subject(found.key, name, language));
            pick(
                language,
                each(ZhHk).map(|s| format!("「{s}」")).collect::<Vec<_>>().join("或"),
                each(En).map(|s| format!("\"{s}\"")).collect::<Vec<_>>().join(" or "),
            )
        }
    }
}

/// An application's state as the sentences name it.
fn application_status(status: CaseApplicationStatus, language: Language) -> &'static str {
    let (zh, en) = match status {
        CaseApplicationStatus::Applied => ("已申請", "Applied"),
        CaseApplicationStatus::Offered => ("待導師確認", "Awaiting the tutor's confirmation"),
        CaseApplicationStatus::Selected => ("已獲選", "Selected"),
        CaseApplicationStatus::Declined => ("未獲選", "Not selected"),
        CaseApplicationStatus::Withdrawn => ("已撤回", "Withdrawn"),
        CaseApplicationStatus::Refused => ("導師已婉拒", "Declined by the tutor"),
        CaseApplicationStatus::Lapsed => ("逾時未確認", "Not confirmed in time"),
        CaseApplicationStatus::Ended => ("配對已結束", "Match ended"),
    };
    match language {
        ZhHk => zh,
        En => en,
    }
}

/// The sentence of a refused form: its first field's problem.
pub(super) fn invalid(errors: &ValidationErrors, language: Language) -> String {
    errors.fields().first().map_or_else(|| InputWords::Incorrect.words(language), |first| first.problem.words(language))
}

fn case_not_found(language: Language) -> String {
    pick(language, "找不到這個補習個案", "This tutoring case was not found.")
}

fn application_not_found(language: Language) -> String {
    pick(language, "找不到這份申請", "This application was not found.")
}

impl Words for IllegalApplicationTransition {
    fn words(&self, language: Language) -> String {
        pick(
            language,
            format!("申請狀態為「{}」，不能改為「{}」", application_status(self.from, ZhHk), application_status(self.to, ZhHk)),
            format!(
                "This application is \"{}\" and cannot be changed to \"{}\".",
                application_status(self.from, En),
                application_status(self.to, En)
            ),
        )
    }
}

impl Words for ApplyError {
    fn words(&self, language: Language) -> String {
        match self {
            Self::Invalid(errors) => invalid(errors, language),
            Self::CaseNotFound => case_not_found(language),
            Self::NotATutor => pick(
                language,
                "請以導師身份登入，並通過導師審批後才可申請",
                "Please log in as a tutor. You can apply once your tutor profile is approved.",
            ),
            Self::OwnCase => pick(language, "不可申請自己刊登的個案", "You cannot apply to a case you posted."),
            Self::NotOpen => pick(language, "這個個案已不接受申請", "This case is no longer taking applications."),
            Self::OutsideTeaching(missing) => pick(
                language,
                format!("你未有登記教授{}，不可申請這個個案", not_taught(missing, ZhHk)),
                format!("You have not registered to teach {}, so you cannot apply to this case.", not_taught(missing, En)),
            ),
            Self::AlreadyApplied => pick(language, "你已申請這個個案", "You have already applied to this case."),
            Self::Full => pick(language, "這個個案的申請人數已滿", "This case already has all the applicants it can take."),
            Self::Restricted(invoice) => pick(
                language,
                format!("你的服務費發票 {invoice} 逾期未繳，繳清前不能申請個案"),
                format!("Your service fee invoice {invoice} is overdue. You can apply to cases again once it is paid."),
            ),
            Self::TooMany => {
                let max = APPLIES_PER_TUTOR.max;
                pick(
                    language,
                    format!("申請次數已達上限（每 24 小時最多 {max} 次），請稍後再試"),
                    format!("You have reached the limit of {max} applications in 24 hours. Please try again later."),
                )
            }
            Self::Repository(_) => InputWords::Internal.words(language),
        }
    }
}

impl Words for ApplicantsError {
    fn words(&self, language: Language) -> String {
        match self {
            Self::CaseNotFound => case_not_found(language),
            Self::NotOwner => pick(
                language,
                "只有個案的刊登者可以查看及選擇申請人",
                "Only the person who posted the case can see and choose its applicants.",
            ),
            Self::ApplicationNotFound => application_not_found(language),
            Self::TutorUnavailable => pick(
                language,
                "這位導師暫時未能接受配對，請選擇其他申請人",
                "This tutor cannot take on a match right now. Please choose another applicant.",
            ),
            Self::Invalid(errors) => invalid(errors, language),
            Self::IllegalCase(e) => e.words(language),
            Self::IllegalApplication(e) => e.words(language),
            Self::Repository(_) => InputWords::Internal.words(language),
        }
    }
}

impl Words for WithdrawError {
    fn words(&self, language: Language) -> String {
        match self {
            Self::NotFound => application_not_found(language),
            Self::NotYours => {
                pick(language, "只有提出申請的導師可以撤回這份申請", "Only the tutor who applied can withdraw this application.")
            }
            Self::NotOpen(status) => pick(
                language,
                format!("申請狀態為「{}」，不能撤回", application_status(*status, ZhHk)),
                format!("This application is \"{}\" and cannot be withdrawn.", application_status(*status, En)),
            ),
            Self::Repository(_) => InputWords::Internal.words(language),
        }
    }
}

impl Words for AnswerError {
    fn words(&self, language: Language) -> String {
        match self {
            Self::NotFound => application_not_found(language),
            Self::NotYours => pick(language, "只有獲邀的導師可以回覆這個邀約", "Only the tutor who received this offer can answer it."),
            Self::NoOffer => pick(language, "這份申請沒有待確認的邀約", "There is no offer waiting for an answer on this application."),
            Self::NotOpen(OfferStatus::Confirmed) => pick(language, "你已確認這個邀約", "You have already confirmed this offer."),
            Self::NotOpen(OfferStatus::Declined) => pick(language, "你已婉拒這個邀約", "You have already declined this offer."),
            Self::NotOpen(OfferStatus::Open | OfferStatus::Lapsed) => pick(
                language,
                "這個邀約已逾時，個案已重新開放給其他導師",
                "This offer has expired, and the case is open to other tutors again.",
            ),
            Self::Invalid(errors) => invalid(errors, language),
            Self::Restricted(invoice) => pick(
                language,
                format!("你的服務費發票 {invoice} 逾期未繳，繳清前不能確認配對"),
                format!("Your service fee invoice {invoice} is overdue. You can confirm a match once it is paid."),
            ),
            Self::Repository(_) => InputWords::Internal.words(language),
        }
    }
}

impl Words for InviteError {
    fn words(&self, language: Language) -> String {
        match self {
            Self::CaseNotFound => case_not_found(language),
            Self::NotOwner => pick(language, "只有個案的刊登者可以邀請導師", "Only the person who posted the case can invite tutors."),
            Self::CaseNotOpen => {
                pick(language, "個案公開接受申請時才可邀請導師", "You can invite tutors only while the case is open to applications.")
            }
            Self::TutorNotFound => pick(language, "找不到這位導師", "This tutor was not found."),
            Self::Declined => pick(language, "這位導師暫不接受邀請", "This tutor is not taking invitations at the moment."),
            Self::NotAFit => pick(
                language,
                "這位導師的任教科目或要求與個案不符，不可邀請",
                "This tutor's subjects or terms do not match the case, so you cannot invite them.",
            ),
            Self::TutorsPost => {
                pick(language, "只有學生或家長刊登的個案可以邀請導師", "Only cases posted by students or parents can invite tutors.")
            }
            Self::AlreadyApplied => pick(language, "這位導師已申請你的個案", "This tutor has already applied to your case."),
            Self::AlreadyInvited => pick(language, "你已邀請這位導師", "You have already invited this tutor."),
            Self::CaseLimit => pick(
                language,
                format!("每個個案最多可邀請 {INVITATIONS_PER_CASE} 位導師"),
                format!("You can invite at most {INVITATIONS_PER_CASE} tutors to each case."),
            ),
            Self::TutorLimit => pick(
                language,
                "這位導師在 24 小時內收到的邀請已達上限，請稍後再試",
                "This tutor has received as many invitations as allowed in 24 hours. Please try again later.",
            ),
            Self::Repository(_) => InputWords::Internal.words(language),
        }
    }
}

impl Words for RecommendError {
    fn words(&self, language: Language) -> String {
        match self {
            Self::NotATutor => pick(language, "只有已通過審批的導師可以查看推薦個案", "Only approved tutors can see recommended cases."),
            Self::Repository(_) => InputWords::Internal.words(language),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matching_reads_as_before_in_chinese_and_has_english() {
        let fee = MatchingProblem::FeeBetween { low: Rate::from_cents(35_000), high: Rate::from_cents(120_050) };
        assert_eq!(fee.words(ZhHk), "每堂學費須介於 HK$350 至 HK$1200.50 之間");
        assert_eq!(fee.words(En), "The fee per lesson must be between HK$350 and HK$1,200.50.");

        let withdrawn = WithdrawError::NotOpen(CaseApplicationStatus::Selected);
        assert_eq!(withdrawn.words(ZhHk), "申請狀態為「已獲選」，不能撤回");
        assert_eq!(withdrawn.words(En), "This application is \"Selected\" and cannot be withdrawn.");

        let secondary = catalogue::level("secondary").unwrap();
        let level_only = ApplyError::OutsideTeaching(NotTaught::Level(secondary));
        assert_eq!(level_only.words(ZhHk), "你未有登記教授任何中學科目，不可申請這個個案");
        assert_eq!(level_only.words(En), "You have not registered to teach any Secondary subject, so you cannot apply to this case.");
        let subjects =
            ApplyError::OutsideTeaching(NotTaught::Subjects { level: secondary, subjects: vec!["數學".into(), "英文".into()] });
        assert_eq!(subjects.words(ZhHk), "你未有登記教授「中學 數學」或「中學 英文」，不可申請這個個案");

        assert_eq!(ApplyError::TooMany.words(ZhHk), "申請次數已達上限（每 24 小時最多 30 次），請稍後再試");
        assert_eq!(AnswerError::NotOpen(OfferStatus::Lapsed).words(ZhHk), "這個邀約已逾時，個案已重新開放給其他導師");
        assert_eq!(InviteError::CaseLimit.words(ZhHk), "每個個案最多可邀請 10 位導師");
        let illegal = IllegalApplicationTransition { from: CaseApplicationStatus::Selected, to: CaseApplicationStatus::Declined };
        assert_eq!(illegal.words(ZhHk), "申請狀態為「已獲選」，不能改為「未獲選」");
        for (problem, zh) in [
            (MatchingProblem::FeeMustBe { fee: Rate::from_cents(30_000) }, "每堂學費須為 HK$300"),
            (MatchingProblem::FirstLessonPast, "第一堂的時間必須在現在之後"),
            (MatchingProblem::FirstLessonOffHours, "第一堂時間須為早上 7 時至晚上 10 時之間的整刻鐘"),
            (MatchingProblem::FirstLessonTooFar { days: 60 }, "第一堂須在 60 日內"),
        ] {
            assert_eq!(problem.words(ZhHk), zh);
            assert!(problem.words(En).ends_with('.'), "{problem:?}");
        }
    }
}
