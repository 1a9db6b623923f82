//! A tutor's application to a case: applied -> offered | declined | withdrawn, and an offered
//! one -> selected (the tutor confirmed) | refused (the tutor declined) | lapsed (no answer in
//! time). When the family ends a match and opens the case again, the selected one -> ended and
//! the declined ones -> applied.

use chrono::{DateTime, Utc};
use thiserror::Error;
use uuid::Uuid;

use crate::keyed_enum;
use crate::shared::contact_details::{self, Exchange};
use crate::shared::validation::{Lines, refuse_control_characters};

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
    pub fn label(self) -> &'static str {
        match self {
            Self::Applied => "已申請",
            Self::Offered => "待導師確認",
            Self::Selected => "已獲選",
            Self::Declined => "未獲選",
            Self::Withdrawn => "已撤回",
            Self::Refused => "導師已婉拒",
            Self::Lapsed => "逾時未確認",
            Self::Ended => "配對已結束",
        }
    }

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
#[error("申請狀態為「{}」，不能改為「{}」", .from.label(), .to.label())]
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
    /// A zh-HK message when empty, too long, holding a control character or a contact detail.
    pub fn parse(raw: &str) -> Result<Self, String> {
        let text = raw.trim();
        refuse_control_characters(text, "可上堂時間", Lines::Single)?;
        match text.chars().count() {
            0 => Err("請填寫可上堂時間".into()),
            n if n > Self::MAX_CHARS => Err(format!("可上堂時間不可多於 {} 個字", Self::MAX_CHARS)),
            _ => {
                contact_details::refuse(text, "可上堂時間", Exchange::Case)?;
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
        assert!(refused.starts_with("為保障雙方，可上堂時間不可包含電話號碼"), "{refused}");
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
        assert_eq!(S::Selected.move_to(S::Declined).unwrap_err().to_string(), "申請狀態為「已獲選」，不能改為「未獲選」");
    }

    #[test]
    fn available_times_are_required_and_bounded() {
        assert_eq!(AvailableTimes::parse("  星期六 下午 ").unwrap().as_str(), "星期六 下午");
        assert!(AvailableTimes::parse("   ").is_err());
        assert!(AvailableTimes::parse(&"一".repeat(201)).is_err());
        assert_eq!(AvailableTimes::parse("星期六\0").unwrap_err(), "可上堂時間不可包含控制字元");
    }
}
