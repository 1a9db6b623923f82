//! The words of lessons: its validation problems and its failures, in both languages.

use tutorhub_domain::lessons::model::{LessonStatus, REOPEN_WITHIN_DAYS};
use tutorhub_domain::lessons::record::LessonError;
use tutorhub_domain::shared::language::Language;
use tutorhub_domain::shared::rate_limits::LESSON_ENTRIES_PER_ARRANGEMENT;
use tutorhub_domain::shared::validation::LessonsProblem;

use super::billing::first_problem;
use super::{InputWords, Words, pick};

impl Words for LessonsProblem {
    fn words(&self, language: Language) -> String {
        match *self {
            Self::HeldInFuture => pick(language, "上堂時間不可在將來", "The lesson time cannot be in the future."),
            Self::HeldTooLongAgo { days } => {
                pick(language, format!("只可記錄 {days} 日內的課堂"), format!("Only lessons from the last {days} days can be recorded."))
            }
            Self::HeldBeforeMatch => pick(language, "課堂時間不可早於配對確認", "The lesson cannot be before the match was confirmed."),
            Self::Overlaps => pick(language, "這個時間與另一堂的紀錄重疊", "This time overlaps another lesson on the record."),
            Self::CancelStarted => pick(language, "只可取消尚未開始的課堂", "Only a lesson that has not started yet can be cancelled."),
            Self::CancelTooFarAhead { days } => {
                pick(language, format!("只可取消 {days} 日內的課堂"), format!("Only lessons in the next {days} days can be cancelled."))
            }
            Self::EndNoteMissing => pick(language, "請說明結束的原因", "Please give a reason for ending."),
        }
    }
}

impl Words for LessonError {
    fn words(&self, language: Language) -> String {
        match self {
            Self::NotFound => pick(language, "找不到這個補習安排", "This tutoring arrangement was not found."),
            Self::NotTheTutor => pick(language, "只有導師可以記錄上堂", "Only the tutor can record a lesson."),
            Self::NotTheFamily => {
                pick(language, "只有學生或家長一方可以確認或提出異議", "Only the student or parent can confirm or dispute a lesson.")
            }
            Self::Invalid(errors) => first_problem(errors, language),
            Self::AlreadyRecorded => pick(language, "這個時間已有一堂記錄", "A lesson is already recorded at this time."),
            Self::NotAnswerable(status) => pick(
                language,
                format!("這一堂的狀態為「{}」，不能再確認或提出異議", lesson_status(*status, Language::ZhHk)),
                format!("This lesson is {}, so it can no longer be confirmed or disputed.", lesson_status(*status, Language::En)),
            ),
            Self::NotDisputed(status) => pick(
                language,
                format!("這一堂的狀態為「{}」，沒有待處理的異議", lesson_status(*status, Language::ZhHk)),
                format!("This lesson is {}, so there is no dispute to settle.", lesson_status(*status, Language::En)),
            ),
            Self::Ended => pick(language, "這個補習安排已經結束", "This tutoring arrangement has ended."),
            Self::NotReopenable => pick(
                language,
                format!("只有學生或家長一方在第一堂確認前或之後 {REOPEN_WITHIN_DAYS} 日內結束配對，才可重新開放個案"),
                format!(
                    "The case can be reopened only when the student or parent ended the match before the first lesson was confirmed \
                     or within {REOPEN_WITHIN_DAYS} days of it."
                ),
            ),
            Self::TooMany => {
                let max = LESSON_ENTRIES_PER_ARRANGEMENT.max;
                pick(
                    language,
                    format!("今日記錄次數已達上限（每個補習安排每 24 小時最多 {max} 次），請明天再試"),
                    format!("You have reached today's limit ({max} entries per arrangement in 24 hours). Please try again tomorrow."),
                )
            }
            Self::Repository(_) => InputWords::Internal.words(language),
        }
    }
}

/// A lesson's status as a sentence names it: zh-HK as the record shows it, English in lower case.
pub fn lesson_status(status: LessonStatus, language: Language) -> &'static str {
    let (zh, en) = match status {
        LessonStatus::Recorded => ("待確認", "awaiting confirmation"),
        LessonStatus::Confirmed => ("已確認", "confirmed"),
        LessonStatus::Disputed => ("有異議", "disputed"),
        LessonStatus::NotHeld => ("未有上堂", "not held"),
        LessonStatus::Cancelled => ("已取消", "cancelled"),
    };
    match language {
        Language::ZhHk => zh,
        Language::En => en,
    }
}

#[cfg(test)]
mod tests {
    use tutorhub_domain::shared::language::Language::{En, ZhHk};
    use tutorhub_domain::shared::validation::{Label, Problem, ValidationErrors};

    use super::*;

    #[test]
    fn refusals_read_as_before_in_zh_hk_and_have_english() {
        let answered = LessonError::NotAnswerable(LessonStatus::Disputed);
        assert_eq!(answered.words(ZhHk), "這一堂的狀態為「有異議」，不能再確認或提出異議");
        assert_eq!(answered.words(En), "This lesson is disputed, so it can no longer be confirmed or disputed.");
        assert_eq!(LessonError::NotReopenable.words(ZhHk), "只有學生或家長一方在第一堂確認前或之後 14 日內結束配對，才可重新開放個案");
        assert_eq!(LessonError::TooMany.words(ZhHk), "今日記錄次數已達上限（每個補習安排每 24 小時最多 20 次），請明天再試");
        let missing = LessonError::Invalid(ValidationErrors::single("reason", Problem::Missing(Label::CancelReason)));
        assert_eq!((missing.words(ZhHk), missing.words(En)), ("請填寫取消原因".into(), "Please fill in the reason for cancelling.".into()));
    }

    #[test]
    fn lesson_rules_read_as_before_in_zh_hk_and_have_english() {
        assert_eq!(LessonsProblem::HeldTooLongAgo { days: 14 }.words(ZhHk), "只可記錄 14 日內的課堂");
        assert_eq!(LessonsProblem::HeldTooLongAgo { days: 14 }.words(En), "Only lessons from the last 14 days can be recorded.");
        assert_eq!(LessonsProblem::CancelTooFarAhead { days: 60 }.words(ZhHk), "只可取消 60 日內的課堂");
        assert_eq!(LessonsProblem::EndNoteMissing.words(ZhHk), "請說明結束的原因");
    }
}
