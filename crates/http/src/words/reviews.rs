//! The words of reviews: its validation problems and its failures, in both languages.

use tutorhub_domain::reviews::writing::ReviewError;
use tutorhub_domain::shared::language::Language;
use tutorhub_domain::shared::validation::ReviewsProblem;

use super::matching::invalid;
use super::{InputWords, Words, pick};

impl Words for ReviewsProblem {
    fn words(&self, language: Language) -> String {
        match *self {
            Self::Stars { min, max } => {
                pick(language, format!("評分須為 {min} 至 {max} 星"), format!("The rating must be {min} to {max} stars."))
            }
            Self::NoReportReason => pick(language, "請說明舉報原因", "Please say why you are reporting this review."),
        }
    }
}

impl Words for ReviewError {
    fn words(&self, language: Language) -> String {
        match self {
            Self::Invalid(errors) => invalid(errors, language),
            Self::TutorNotFound => pick(language, "找不到此導師", "This tutor was not found."),
            Self::OwnProfile => pick(language, "不可評價自己", "You cannot review yourself."),
            Self::NoLessons => pick(
                language,
                "要有至少一堂經確認的課堂（配對個案或獲接受的預約），才可評價這位導師",
                "You can review this tutor once at least one lesson (of a match or an accepted booking) has been confirmed.",
            ),
            Self::AlreadyReviewed => pick(language, "你已評價這位導師", "You have already reviewed this tutor."),
            Self::NotFound => pick(language, "找不到這則評價", "This review was not found."),
            Self::NotTheTutor => pick(language, "只有被評價的導師可以回覆", "Only the tutor who was reviewed can reply."),
            Self::AlreadyReplied => pick(language, "這則評價已有回覆", "This review already has a reply."),
            Self::OwnReview => pick(
                language,
                "不可舉報自己寫的評價；如要修改內容，請聯絡客戶服務",
                "You cannot report your own review. To change it, please contact customer service.",
            ),
            Self::Repository(_) => InputWords::Internal.words(language),
        }
    }
}

#[cfg(test)]
mod tests {
    use tutorhub_domain::shared::language::Language::{En, ZhHk};

    use super::*;

    #[test]
    fn reviews_read_as_before_in_chinese_and_have_english() {
        let stars = ReviewsProblem::Stars { min: 1, max: 5 };
        assert_eq!(stars.words(ZhHk), "評分須為 1 至 5 星");
        assert_eq!(stars.words(En), "The rating must be 1 to 5 stars.");
        assert_eq!(ReviewsProblem::NoReportReason.words(ZhHk), "請說明舉報原因");
        assert_eq!(ReviewError::NoLessons.words(ZhHk), "要有至少一堂經確認的課堂（配對個案或獲接受的預約），才可評價這位導師");
        assert_eq!(ReviewError::OwnReview.words(ZhHk), "不可舉報自己寫的評價；如要修改內容，請聯絡客戶服務");
        assert!(ReviewError::OwnReview.words(En).starts_with("You cannot report your own review."));
    }
}
