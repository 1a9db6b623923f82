//! The words of bookings: its validation problems and its failures, in both languages.

use tutorhub_domain::bookings::model::{BookingAction, BookingStatus, IllegalBookingTransition};
use tutorhub_domain::bookings::requests::BookingError;
use tutorhub_domain::shared::language::Language::{self, En, ZhHk};
use tutorhub_domain::shared::rate_limits::BOOKINGS_PER_MEMBER;
use tutorhub_domain::shared::validation::BookingsProblem;

use super::matching::{invalid, subject};
use super::{InputWords, Words, pick};

impl Words for BookingsProblem {
    fn words(&self, language: Language) -> String {
        match self {
            Self::SubjectNotTaught { level, name } => pick(
                language,
                format!("這位導師沒有教授「{}」，請選擇導師任教的科目", subject(level, name, ZhHk)),
                format!("This tutor does not teach \"{}\". Please choose one of the tutor's subjects.", subject(level, name, En)),
            ),
        }
    }
}

/// A booking's state as the sentences name it.
fn status(status: BookingStatus, language: Language) -> &'static str {
    let (zh, en) = match status {
        BookingStatus::Pending => ("待確認", "Pending"),
        BookingStatus::Accepted => ("已接受", "Accepted"),
        BookingStatus::Declined => ("已拒絕", "Declined"),
        BookingStatus::Cancelled => ("已取消", "Cancelled"),
    };
    match language {
        ZhHk => zh,
        En => en,
    }
}

impl Words for IllegalBookingTransition {
    fn words(&self, language: Language) -> String {
        let (zh, en) = match self.action {
            BookingAction::Accept => ("接受", "accepted"),
            BookingAction::Decline => ("拒絕", "declined"),
            BookingAction::Cancel => ("取消", "cancelled"),
        };
        pick(
            language,
            format!("預約狀態為「{}」，不能{zh}", status(self.from, ZhHk)),
            format!("This booking is \"{}\" and cannot be {en}.", status(self.from, En)),
        )
    }
}

impl Words for BookingError {
    fn words(&self, language: Language) -> String {
        match self {
            Self::Invalid(errors) => invalid(errors, language),
            Self::TutorNotFound => pick(language, "找不到這位導師", "This tutor was not found."),
            Self::OwnProfile => pick(language, "不可預約自己", "You cannot book yourself."),
            Self::Pending => pick(
                language,
                "你已向這位導師提出預約，請等候導師回覆",
                "You have already sent this tutor a booking. Please wait for the tutor's reply.",
            ),
            Self::TooMany => {
                let max = BOOKINGS_PER_MEMBER.max;
                pick(
                    language,
                    format!("預約次數已達上限（每 24 小時最多 {max} 個），請稍後再試"),
                    format!("You have reached the limit of {max} bookings in 24 hours. Please try again later."),
                )
            }
            Self::NotFound => pick(language, "找不到這個預約", "This booking was not found."),
            Self::NotTheTutor => pick(language, "只有導師本人可以接受或拒絕預約", "Only the tutor can accept or decline a booking."),
            Self::NotTheBooker => pick(language, "只有預約者本人可以取消預約", "Only the person who made the booking can cancel it."),
            Self::Illegal(e) => e.words(language),
            Self::Repository(_) => InputWords::Internal.words(language),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bookings_read_as_before_in_chinese_and_have_english() {
        let illegal = IllegalBookingTransition { from: BookingStatus::Declined, action: BookingAction::Accept };
        assert_eq!(illegal.words(ZhHk), "預約狀態為「已拒絕」，不能接受");
        assert_eq!(illegal.words(En), "This booking is \"Declined\" and cannot be accepted.");
        let not_taught = BookingsProblem::SubjectNotTaught { level: "secondary", name: "化學".into() };
        assert_eq!(not_taught.words(ZhHk), "這位導師沒有教授「中學 化學」，請選擇導師任教的科目");
        assert_eq!(not_taught.words(En), "This tutor does not teach \"Secondary Chemistry\". Please choose one of the tutor's subjects.");
        assert_eq!(BookingError::TooMany.words(ZhHk), "預約次數已達上限（每 24 小時最多 20 個），請稍後再試");
        assert_eq!(BookingError::Pending.words(ZhHk), "你已向這位導師提出預約，請等候導師回覆");
        assert!(BookingError::Pending.words(En).ends_with('.'));
    }
}
