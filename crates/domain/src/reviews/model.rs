//! A review, its parts and the rules of what may be typed.

use chrono::{DateTime, Utc};
use uuid::Uuid;

use crate::keyed_enum;
use crate::shared::contact_details::{self, Exchange};
use crate::shared::real_text;
use crate::shared::validation::{Label, Lines, Problem, ReviewsProblem, ValidationErrors, refuse_control_characters};

keyed_enum! {
    /// Whether the public sees a review.
    pub enum ReviewStatus {
        Visible => "visible",
        /// Hidden by the back office: not listed and not counted.
        Hidden => "hidden",
    }
}

/// One to five stars.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Stars(u8);

impl Stars {
    pub const MIN: u8 = 1;
    pub const MAX: u8 = 5;

    /// # Errors
    /// [`ReviewsProblem::Stars`] outside 1 to 5.
    pub fn parse(value: i64) -> Result<Self, ReviewsProblem> {
        u8::try_from(value)
            .ok()
            .filter(|v| (Self::MIN..=Self::MAX).contains(v))
            .map(Self)
            .ok_or(ReviewsProblem::Stars { min: Self::MIN, max: Self::MAX })
    }

    pub fn value(self) -> u8 {
        self.0
    }
}

/// A review's or a reply's words: at most [`ReviewText::MAX_CHARS`], line breaks allowed, and
/// no contact details (both are public).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReviewText(String);

impl ReviewText {
    pub const MAX_CHARS: usize = 500;

    /// `label` names the field in the problem ([`Label::ReviewText`], [`Label::Reply`]).
    ///
    /// # Errors
    /// The [`Problem`] of `label` when empty, too long, holding a control character or a
    /// contact detail.
    pub fn parse(raw: &str, label: Label) -> Result<Self, Problem> {
        let text = raw.trim();
        refuse_control_characters(text, label, Lines::Multi)?;
        match text.chars().count() {
            0 => Err(Problem::Missing(label)),
            n if n > Self::MAX_CHARS => Err(Problem::TooLong { label, max: Self::MAX_CHARS }),
            _ => {
                contact_details::refuse(text, label, Exchange::Review)?;
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

/// What a parent writes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReviewForm {
    pub stars: Stars,
    pub text: ReviewText,
}

impl ReviewForm {
    /// The fewest characters a review has: enough for what the lessons were like ("講解清楚，
    /// 有耐性，成績有進步"), where one character says nothing to the next parent.
    pub const TEXT_MIN_CHARS: usize = 10;

    /// # Errors
    /// A [`Problem`] per refused field (`rating`, `text`).
    pub fn parse(rating: i64, text: &str) -> Result<Self, ValidationErrors> {
        let mut errors = ValidationErrors::new();
        let stars = errors.check("rating", Stars::parse(rating));
        let text = errors.check(
            "text",
            ReviewText::parse(text, Label::ReviewText)
                .and_then(|text| real_text::check(text.as_str(), Label::ReviewText, Self::TEXT_MIN_CHARS).map(|()| text)),
        );
        errors.finish(|| Self { stars: stars.expect("checked"), text: text.expect("checked") })
    }
}

/// The tutor's one answer to a review.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reply {
    pub text: ReviewText,
    pub at: DateTime<Utc>,
}

/// A stored review.
#[derive(Debug, Clone, PartialEq)]
pub struct Review {
    /// Review number, for links and the back office.
    pub number: i64,
    pub tutor_id: Uuid,
    pub author_id: Uuid,
    /// The author's display name as stored; the public sees it masked.
    pub author_name: String,
    pub stars: Stars,
    pub text: ReviewText,
    pub reply: Option<Reply>,
    pub status: ReviewStatus,
    /// Members who reported it.
    pub reports: u32,
    /// The back office's last reason to hide or restore it.
    pub moderation_reason: Option<String>,
    /// The confirmed lessons it rests on, when it was written.
    pub lessons: u32,
    pub created_at: DateTime<Utc>,
}

/// A review to store.
#[derive(Debug, Clone, PartialEq)]
pub struct NewReview {
    pub tutor_id: Uuid,
    pub author_id: Uuid,
    pub form: ReviewForm,
    /// The confirmed lessons between the two at this moment.
    pub lessons: u32,
    pub created_at: DateTime<Utc>,
}

keyed_enum! {
    /// [`Eligibility`] without its data, as the API names it.
    pub enum EligibilityKind {
        CanReview => "can-review",
        NoLessons => "no-lessons",
        AlreadyReviewed => "already-reviewed",
        OwnProfile => "own-profile",
    }
}

/// Whether a member may review a tutor now, and if not why.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Eligibility {
    /// Resting on this many confirmed lessons.
    CanReview(u32),
    /// No confirmed lesson between the two yet (on the lesson record of a match or a booking).
    NoLessons,
    /// The member reviewed this tutor already (this review number).
    AlreadyReviewed(i64),
    /// A tutor does not review themself.
    OwnProfile,
}

impl Eligibility {
    pub fn kind(self) -> EligibilityKind {
        match self {
            Self::CanReview(_) => EligibilityKind::CanReview,
            Self::NoLessons => EligibilityKind::NoLessons,
            Self::AlreadyReviewed(_) => EligibilityKind::AlreadyReviewed,
            Self::OwnProfile => EligibilityKind::OwnProfile,
        }
    }

    /// From the confirmed lessons between the two and any earlier review: a review rests on
    /// at least one lesson both sides agree was held, so it is about teaching.
    pub fn decide(confirmed_lessons: u32, earlier: Option<i64>) -> Self {
        match (earlier, confirmed_lessons) {
            (Some(number), _) => Self::AlreadyReviewed(number),
            (None, 0) => Self::NoLessons,
            (None, lessons) => Self::CanReview(lessons),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shared::contact_details::ContactKind;
    use crate::shared::real_text::NotRealText;

    #[test]
    fn stars_are_one_to_five_and_text_is_required_up_to_500_characters() {
        assert_eq!(Stars::parse(5).unwrap().value(), 5);
        for bad in [0, 6, -1, 300] {
            assert_eq!(Stars::parse(bad).unwrap_err(), ReviewsProblem::Stars { min: 1, max: 5 });
        }
        let errors = ReviewForm::parse(0, "  ").unwrap_err();
        assert_eq!(errors.fields().iter().map(|e| e.field).collect::<Vec<_>>(), ["rating", "text"]);
        assert_eq!(errors.fields()[1].problem, Problem::Missing(Label::ReviewText));
        assert!(ReviewText::parse(&"好".repeat(500), Label::ReviewText).is_ok());
        let too_long = Problem::TooLong { label: Label::ReviewText, max: 500 };
        assert_eq!(ReviewText::parse(&"好".repeat(501), Label::ReviewText).unwrap_err(), too_long);
        assert_eq!(ReviewText::parse("好\u{7}", Label::Reply).unwrap_err(), Problem::ControlCharacters(Label::Reply));
        assert_eq!(ReviewText::parse(" 第一行\n第二行 ", Label::Reply).unwrap().as_str(), "第一行\n第二行");
    }

    #[test]
    fn a_review_says_something_and_carries_no_contact_details() {
        let text_error = |text: &str| ReviewForm::parse(5, text).unwrap_err().get("text").cloned();
        let not_real = |why| Some(Problem::NotReal { label: Label::ReviewText, why, min_chars: 10 });
        assert_eq!(text_error("好"), not_real(NotRealText::TooShort));
        assert_eq!(text_error("好好好好好好好好好好"), not_real(NotRealText::Repeated));
        assert_eq!(
            text_error("老師好好，有問題可以 WhatsApp 佢 6123 4567"),
            Some(Problem::ContactDetails { label: Label::ReviewText, found: ContactKind::Phone, exchange: Exchange::Review })
        );
        assert!(ReviewForm::parse(5, "講解清楚，女兒物理進步了").is_ok());
        assert!(ReviewText::parse("多謝支持！", Label::Reply).is_ok(), "a reply may be short");
        assert_eq!(
            ReviewText::parse("多謝，可加我微信再傾", Label::Reply).unwrap_err(),
            Problem::ContactDetails { label: Label::Reply, found: ContactKind::Messenger, exchange: Exchange::Review }
        );
    }

    #[test]
    fn a_review_rests_on_a_confirmed_lesson_and_is_written_once() {
        assert_eq!(Eligibility::decide(0, None), Eligibility::NoLessons);
        assert_eq!(Eligibility::decide(1, None), Eligibility::CanReview(1));
        assert_eq!(Eligibility::decide(7, None), Eligibility::CanReview(7));
        assert_eq!(Eligibility::decide(7, Some(12)), Eligibility::AlreadyReviewed(12));
    }
}
