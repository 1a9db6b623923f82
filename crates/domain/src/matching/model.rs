//! A tutor's application to a case: applied -> offered | declined | withdrawn, and an offered
//! one -> selected (the tutor confirmed) | refused (the tutor declined) | lapsed (no answer in
//! time). When the family ends a match and opens the case again, the selected one -> ended and
//! the declined ones -> applied.

use chrono::{DateTime, Utc};
use thiserror::Error;
use uuid::Uuid;

use crate::keyed_enum;
use crate::shared::contact_details::{self, Exchange};
use crate::shared::validation::{Label, Lines, Problem, refuse_control_characters};

keyed_enum! {
    pub enum CaseApplicationStatus {
        Applied => "applied",
        /// The owner chose this tutor, who has not answered yet.
        Offered => "offered",
        /// The tutor confirmed the offer: the match.
        Selected => "selected",
        /// Another tutor's offer was confirmed.
        Declined => "declined",
        Withdrawn => "withdrawn",
        /// The tutor declined the offer.
        Refused => "refused",
        /// The offer passed its deadline unanswered.
        Lapsed => "lapsed",
        /// The match was ended and its case opened again to the others.
        Ended => "ended",
    }
}

impl CaseApplicationStatus {
    /// An offer was made on the application (it may have been answered since).
    pub fn was_offered(self) -> bool {
        matches!(self, Self::Offered | Self::Selected | Self::Refused | Self::Lapsed | Self::Ended)
    }

    /// The state after moving to `to`: an open application is offered, declined or withdrawn;
    /// an offered one is confirmed, refused or lapses. Each only once.
    ///
    /// # Errors
    /// [`IllegalApplicationTransition`] for every other pair.
    pub fn move_to(self, to: Self) -> Result<Self, IllegalApplicationTransition> {
        match (self, to) {
            (Self::Applied, Self::Offered | Self::Declined | Self::Withdrawn) => Ok(to),
            (Self::Offered, Self::Selected | Self::Refused | Self::Lapsed) => Ok(to),
            // A case opened again after its match ended: the match's tutor steps out, the
            // others are applicants again.
            (Self::Selected, Self::Ended) | (Self::Declined, Self::Applied) => Ok(to),
            (from, to) => Err(IllegalApplicationTransition { from, to }),
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
#[error("illegal_application_transition: {from} -> {to}")]
pub struct IllegalApplicationTransition {
    pub from: CaseApplicationStatus,
    pub to: CaseApplicationStatus,
}

/// The free text a tutor gives with an application ("星期一至三 晚上7時後").
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AvailableTimes(String);

impl AvailableTimes {
    pub const MAX_CHARS: usize = 200;

    /// The owner reads it before any match: like a post, it carries no way to reach the tutor.
    ///
    /// # Errors
    /// The [`Problem`] of [`Label::AvailableTimes`] when empty, too long, holding a control
    /// character or a contact detail.
    pub fn parse(raw: &str) -> Result<Self, Problem> {
        let text = raw.trim();
        refuse_control_characters(text, Label::AvailableTimes, Lines::Single)?;
        match text.chars().count() {
            0 => Err(Problem::Missing(Label::AvailableTimes)),
            n if n > Self::MAX_CHARS => Err(Problem::TooLong { label: Label::AvailableTimes, max: Self::MAX_CHARS }),
            _ => {
                contact_details::refuse(text, Label::AvailableTimes, Exchange::Case)?;
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

/// A stored application.
#[derive(Debug, Clone, PartialEq)]
pub struct CaseApplication {
    pub id: Uuid,
    pub case_number: i64,
    pub tutor_id: Uuid,
    pub available_times: AvailableTimes,
    pub status: CaseApplicationStatus,
    pub created_at: DateTime<Utc>,
}

#[cfg(test)]
mod tests {

    #[test]
    fn available_times_carry_no_way_to_reach_the_tutor() {
        assert!(AvailableTimes::parse("星期六 14:00-16:00").is_ok());
        let refused = AvailableTimes::parse("星期六 下午，WhatsApp 9123 4567").unwrap_err();
        assert!(matches!(refused, Problem::ContactDetails { label: Label::AvailableTimes, .. }), "{refused:?}");
    }

    use super::*;
    use CaseApplicationStatus as S;

    #[test]
    fn only_an_open_or_offered_application_moves_and_never_back() {
        let allowed = [
            (S::Applied, S::Offered),
            (S::Applied, S::Declined),
            (S::Applied, S::Withdrawn),
            (S::Offered, S::Selected),
            (S::Offered, S::Refused),
            (S::Offered, S::Lapsed),
            (S::Selected, S::Ended),
            (S::Declined, S::Applied),
        ];
        for from in S::ALL {
            for to in S::ALL {
                let allowed = allowed.contains(&(*from, *to));
                assert_eq!(from.move_to(*to).is_ok(), allowed, "{from} -> {to}");
                if !allowed {
                    assert_eq!(from.move_to(*to).unwrap_err(), IllegalApplicationTransition { from: *from, to: *to });
                }
            }
        }
        assert_eq!(S::Selected.move_to(S::Declined).unwrap_err().to_string(), "illegal_application_transition: selected -> declined");
    }

    #[test]
    fn available_times_are_required_and_bounded() {
        assert_eq!(AvailableTimes::parse("  星期六 下午 ").unwrap().as_str(), "星期六 下午");
        assert_eq!(AvailableTimes::parse("   ").unwrap_err(), Problem::Missing(Label::AvailableTimes));
        assert_eq!(AvailableTimes::parse(&"一".repeat(201)).unwrap_err(), Problem::TooLong { label: Label::AvailableTimes, max: 200 });
        assert_eq!(AvailableTimes::parse("星期六\0").unwrap_err(), Problem::ControlCharacters(Label::AvailableTimes));
    }
}
