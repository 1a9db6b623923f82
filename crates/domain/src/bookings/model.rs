//! Booking a tutor from their profile: pending -> accepted | declined | cancelled.
//! The tutor accepts or declines a pending booking; the booker may cancel a pending or an
//! accepted one (plans change after a yes, too).

use chrono::{DateTime, Utc};
use thiserror::Error;
use uuid::Uuid;

use crate::keyed_enum;
use crate::shared::contact_details::{self, Exchange};
use crate::shared::validation::{Label, Lines, Problem, ValidationErrors, refuse_control_characters};
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

#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
#[error("illegal_booking_transition: {action} from {from}")]
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
    /// The [`Problem`] of [`Label::BookingTime`] when empty, too long, holding a control
    /// character or a contact detail.
    pub fn parse(raw: &str) -> Result<Self, Problem> {
        let text = raw.trim();
        refuse_control_characters(text, Label::BookingTime, Lines::Single)?;
        match text.chars().count() {
            0 => Err(Problem::Missing(Label::BookingTime)),
            n if n > Self::MAX_CHARS => Err(Problem::TooLong { label: Label::BookingTime, max: Self::MAX_CHARS }),
            _ => {
                contact_details::refuse(text, Label::BookingTime, Exchange::Booking)?;
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
    /// A [`Problem`] per refused field (`subject`, `message`).
    pub fn parse(subject: Option<&str>, place: Option<LessonPlace>, message: Option<&str>) -> Result<Self, ValidationErrors> {
        let mut errors = ValidationErrors::new();
        let subject = match subject.map(str::trim).filter(|s| !s.is_empty()) {
            // Longer than any "level subject" can be: refused without reading (or repeating) it.
            Some(raw) if raw.chars().count() > Self::SUBJECT_MAX_CHARS => {
                errors.add("subject", Problem::Incorrect(Label::Subject));
                None
            }
            Some(raw) => errors.check("subject", TutorSubject::parse(raw)).map(Some).unwrap_or(None),
            None => None,
        };
        let message = message.unwrap_or_default().trim();
        if let Err(problem) = refuse_control_characters(message, Label::Message, Lines::Multi) {
            errors.add("message", problem);
        } else if message.chars().count() > Self::MESSAGE_MAX_CHARS {
            errors.add("message", Problem::TooLong { label: Label::Message, max: Self::MESSAGE_MAX_CHARS });
        } else if let Err(problem) = contact_details::refuse(message, Label::Message, Exchange::Booking) {
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
    use crate::shared::contact_details::ContactKind;
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
        assert_eq!(S::Declined.after(A::Accept).unwrap_err().to_string(), "illegal_booking_transition: accept from declined");
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
        // The subject's own rule (the tutors' area) refused it.
        assert!(errors.get("subject").is_some(), "{errors}");
        assert_eq!(errors.get("message"), Some(&Problem::TooLong { label: Label::Message, max: 300 }));
        assert_eq!(
            BookingDetails::parse(None, None, Some("a\u{7}")).unwrap_err().get("message"),
            Some(&Problem::ControlCharacters(Label::Message))
        );
        assert_eq!(
            BookingDetails::parse(Some(&"數".repeat(5000)), None, None).unwrap_err().get("subject"),
            Some(&Problem::Incorrect(Label::Subject))
        );
    }

    #[test]
    fn the_time_and_the_message_carry_no_contact_details() {
        let errors = BookingDetails::parse(None, None, Some("中三學生，加我微信傾")).unwrap_err();
        assert_eq!(
            errors.get("message"),
            Some(&Problem::ContactDetails { label: Label::Message, found: ContactKind::Messenger, exchange: Exchange::Booking })
        );
        assert_eq!(
            BookingTime::parse("星期三 19:00 電話 6123 4567").unwrap_err(),
            Problem::ContactDetails { label: Label::BookingTime, found: ContactKind::Phone, exchange: Exchange::Booking }
        );
        assert!(BookingTime::parse("逢星期六 14:00-16:00，12/1 開始").is_ok());
        assert!(BookingDetails::parse(None, None, Some("中三，每堂1.5小時，HK$400")).is_ok());
    }

    #[test]
    fn booking_time_is_required() {
        assert_eq!(BookingTime::parse("").unwrap_err(), Problem::Missing(Label::BookingTime));
        assert_eq!(BookingTime::parse(" 星期三 19:00-21:00 ").unwrap().as_str(), "星期三 19:00-21:00");
        assert_eq!(BookingTime::parse("星期三\0").unwrap_err(), Problem::ControlCharacters(Label::BookingTime));
        assert_eq!(BookingTime::parse("星期三\n19:00").unwrap_err(), Problem::ControlCharacters(Label::BookingTime));
    }
}
