//! Booking a tutor from their profile: pending -> accepted | declined | cancelled.
//! The tutor accepts or declines a pending booking; the booker may cancel a pending or an
//! accepted one (plans change after a yes, too).

use chrono::{DateTime, Utc};
use thiserror::Error;
use uuid::Uuid;

use crate::keyed_enum;
use crate::shared::contact_details::{self, Exchange};
use crate::shared::validation::{Lines, ValidationErrors, refuse_control_characters};
use crate::tutors::model::TutorSubject;

keyed_enum! {
    pub enum BookingStatus {
        Pending => "pending",
        Accepted => "accepted",
        Declined => "declined",
        Cancelled => "cancelled",
    }
}

keyed_enum! {
    /// Who does what to a booking.
    pub enum BookingAction {
        Accept => "accept",
        Decline => "decline",
        Cancel => "cancel",
    }
}

keyed_enum! {
    /// Where the lessons of a booking happen: what a tutor weighs first (travel, a room, a camera).
    pub enum LessonPlace {
        /// The tutor comes to the student's home.
        Home => "home",
        TutorPlace => "tutor-place",
        Centre => "centre",
        Online => "online",
    }
}

impl BookingStatus {
    pub fn label(self) -> &'static str {
        match self {
            Self::Pending => "待確認",
            Self::Accepted => "已接受",
            Self::Declined => "已拒絕",
            Self::Cancelled => "已取消",
        }
    }

    /// The state after `action`.
    ///
    /// # Errors
    /// [`IllegalBookingTransition`] when the state does not allow it.
    pub fn after(self, action: BookingAction) -> Result<Self, IllegalBookingTransition> {
        use BookingAction as A;
        use BookingStatus as S;
        match (self, action) {
            (S::Pending, A::Accept) => Ok(S::Accepted),
            (S::Pending, A::Decline) => Ok(S::Declined),
            (S::Pending | S::Accepted, A::Cancel) => Ok(S::Cancelled),
            (from, action) => Err(IllegalBookingTransition { from, action }),
        }
    }

    /// The states from which `action` is allowed, for a conditional update in storage.
    pub fn allowing(action: BookingAction) -> Vec<Self> {
        Self::ALL.iter().copied().filter(|s| s.after(action).is_ok()).collect()
    }
}

impl BookingAction {
    fn label(self) -> &'static str {
        match self {
            Self::Accept => "接受",
            Self::Decline => "拒絕",
            Self::Cancel => "取消",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
#[error("預約狀態為「{}」，不能{}", .from.label(), .action.label())]
pub struct IllegalBookingTransition {
    pub from: BookingStatus,
    pub action: BookingAction,
}

/// The free-text time a booker asks for ("星期三 19:00-21:00"); the tutor reads it before accepting,
/// so it carries no contact details.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BookingTime(String);

impl BookingTime {
    pub const MAX_CHARS: usize = 100;

    /// # Errors
    /// A zh-HK message when empty, too long, holding a control character or a contact detail.
    pub fn parse(raw: &str) -> Result<Self, String> {
        let text = raw.trim();
        refuse_control_characters(text, "預約時間", Lines::Single)?;
        match text.chars().count() {
            0 => Err("請填寫預約時間".into()),
            n if n > Self::MAX_CHARS => Err(format!("預約時間不可多於 {} 個字", Self::MAX_CHARS)),
            _ => {
                contact_details::refuse(text, "預約時間", Exchange::Booking)?;
                Ok(Self(text.to_string()))
            }
        }
    }

    pub fn from_stored(text: String) -> Self {
        Self(text)
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// What a booker tells the tutor besides the time, so the tutor can decide before accepting.
/// Each part is optional: spec §7 books with a time alone, and older clients still do. The
/// message carries no contact details: the two sides see each other's phone once the tutor
/// accepts.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct BookingDetails {
    /// One of the subjects the tutor teaches (checked against the profile when booking).
    pub subject: Option<TutorSubject>,
    pub place: Option<LessonPlace>,
    /// A short note to the tutor; empty when none. Never put in an SMS.
    pub message: String,
}

impl BookingDetails {
    pub const MESSAGE_MAX_CHARS: usize = 300;
    /// A level label, a space and a subject of at most 30 characters fit well within this.
    const SUBJECT_MAX_CHARS: usize = 40;

    /// Reads the subject ("中學 數學") and the message as typed; blank means not given.
    ///
    /// # Errors
    /// A zh-HK message per refused field (`subject`, `message`).
    pub fn parse(subject: Option<&str>, place: Option<LessonPlace>, message: Option<&str>) -> Result<Self, ValidationErrors> {
        let mut errors = ValidationErrors::new();
        let subject = match subject.map(str::trim).filter(|s| !s.is_empty()) {
            // Longer than any "level subject" can be: refused without reading (or repeating) it.
            Some(raw) if raw.chars().count() > Self::SUBJECT_MAX_CHARS => {
                errors.add("subject", "科目不正確");
                None
            }
            Some(raw) => errors.check("subject", TutorSubject::parse(raw)).map(Some).unwrap_or(None),
            None => None,
        };
        let message = message.unwrap_or_default().trim();
        if let Err(problem) = refuse_control_characters(message, "留言", Lines::Multi) {
            errors.add("message", problem);
        } else if message.chars().count() > Self::MESSAGE_MAX_CHARS {
            errors.add("message", format!("留言不可多於 {} 個字", Self::MESSAGE_MAX_CHARS));
        } else if let Err(problem) = contact_details::refuse(message, "留言", Exchange::Booking) {
            errors.add("message", problem);
        }
        let message = message.to_string();
        errors.finish(|| Self { subject, place, message })
    }
}

/// The only user type that books today (spec §3).
pub const BOOKER_USER_TYPE: &str = "student";

/// A stored booking.
#[derive(Debug, Clone, PartialEq)]
pub struct Booking {
    pub id: Uuid,
    pub tutor_id: Uuid,
    pub user_id: Uuid,
    pub user_type: String,
    pub booking_time: BookingTime,
    pub details: BookingDetails,
    pub status: BookingStatus,
    pub created_at: DateTime<Utc>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use BookingAction as A;
    use BookingStatus as S;

    #[test]
    fn allows_the_lifecycle_and_refuses_every_other_change() {
        let allowed = [
            (S::Pending, A::Accept, S::Accepted),
            (S::Pending, A::Decline, S::Declined),
            (S::Pending, A::Cancel, S::Cancelled),
            (S::Accepted, A::Cancel, S::Cancelled),
        ];
        for from in S::ALL {
            for action in A::ALL {
                let want = allowed.iter().find(|(f, a, _)| f == from && a == action).map(|(_, _, to)| *to);
                match want {
                    Some(to) => assert_eq!(from.after(*action), Ok(to)),
                    None => assert_eq!(from.after(*action), Err(IllegalBookingTransition { from: *from, action: *action })),
                }
            }
        }
        assert_eq!(S::Declined.after(A::Accept).unwrap_err().to_string(), "預約狀態為「已拒絕」，不能接受");
        assert_eq!(S::allowing(A::Cancel), [S::Pending, S::Accepted]);
    }

    #[test]
    fn details_are_optional_and_checked_when_given() {
        assert_eq!(BookingDetails::parse(None, None, None).unwrap(), BookingDetails::default());
        assert_eq!(BookingDetails::parse(Some(" "), None, Some("  ")).unwrap(), BookingDetails::default());
        let details = BookingDetails::parse(Some("中學 數學"), Some(LessonPlace::Online), Some(" 中三，想操卷\n謝謝 ")).unwrap();
        assert_eq!(details.subject.unwrap().label(), "中學 數學");
        assert_eq!((details.place, details.message.as_str()), (Some(LessonPlace::Online), "中三，想操卷\n謝謝"));

        let errors = BookingDetails::parse(Some("中學 烹飪"), None, Some(&"好".repeat(301))).unwrap_err();
        assert_eq!(errors.get("subject"), Some("科目「中學 烹飪」不正確，請以「教育程度 科目」填寫，例如「中學 數學」"));
        assert_eq!(errors.get("message"), Some("留言不可多於 300 個字"));
        assert_eq!(BookingDetails::parse(None, None, Some("a\u{7}")).unwrap_err().get("message"), Some("留言不可包含控制字元"));
        assert_eq!(BookingDetails::parse(Some(&"數".repeat(5000)), None, None).unwrap_err().get("subject"), Some("科目不正確"));
    }

    #[test]
    fn the_time_and_the_message_carry_no_contact_details() {
        let errors = BookingDetails::parse(None, None, Some("中三學生，加我微信傾")).unwrap_err();
        assert_eq!(
            errors.get("message"),
            Some(
                "為保障雙方，留言不可包含通訊軟件帳號（如 WhatsApp、微信）或其他聯絡方法；導師接受預約後，雙方會在「我的預約」看到對方的電話。"
            )
        );
        assert!(BookingTime::parse("星期三 19:00 電話 6123 4567").unwrap_err().starts_with("為保障雙方，預約時間不可包含電話號碼"));
        assert!(BookingTime::parse("逢星期六 14:00-16:00，12/1 開始").is_ok());
        assert!(BookingDetails::parse(None, None, Some("中三，每堂1.5小時，HK$400")).is_ok());
    }

    #[test]
    fn booking_time_is_required() {
        assert_eq!(BookingTime::parse("").unwrap_err(), "請填寫預約時間");
        assert_eq!(BookingTime::parse(" 星期三 19:00-21:00 ").unwrap().as_str(), "星期三 19:00-21:00");
        assert_eq!(BookingTime::parse("星期三\0").unwrap_err(), "預約時間不可包含控制字元");
        assert_eq!(BookingTime::parse("星期三\n19:00").unwrap_err(), "預約時間不可包含控制字元");
    }
}
