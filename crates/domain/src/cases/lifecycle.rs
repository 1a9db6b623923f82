//! What may happen to a case after it is posted: moderation, editing, matching, closing.
//!
//! pending -> approved | rejected; approved -> offered | closed; pending and rejected may
//! also be closed. An offer waits for the chosen tutor: confirmed it is matched, declined or
//! lapsed the case is approved (open) again. An edit sends a pending, approved or rejected case
//! back to moderation; an offered case waits for the tutor's answer (`OFFER_HOURS`) instead.
//! A matched case the family ended early opens again; closed is final.

use thiserror::Error;

use crate::cases::model::CaseStatus;
use crate::keyed_enum;

keyed_enum! {
    /// Something done to a case.
    pub enum CaseAction {
        Approve => "approve",
        Reject => "reject",
        Edit => "edit",
        /// The owner chooses an applicant: an offer the tutor confirms or declines.
        Offer => "offer",
        /// The chosen tutor confirms the offer.
        Match => "match",
        /// The offer was declined or lapsed, or the family ended the match early: the case
        /// takes applications again.
        Reopen => "reopen",
        Close => "close",
    }
}

impl CaseAction {
    fn label(self) -> &'static str {
        match self {
            Self::Approve => "批核",
            Self::Reject => "拒絕",
            Self::Edit => "修改",
            Self::Offer => "選擇導師",
            Self::Match => "確認配對",
            Self::Reopen => "重新開放",
            Self::Close => "關閉",
        }
    }
}

impl CaseStatus {
    /// The zh-HK name of the state, as the owner sees it.
    pub fn label(self) -> &'static str {
        match self {
            Self::Pending => "審批中",
            Self::Approved => "已批核",
            Self::Rejected => "已拒絕",
            Self::Offered => "待導師確認",
            Self::Matched => "已配對",
            Self::Closed => "已關閉",
        }
    }

    /// The state after `action`, when the action is allowed in this state.
    /// An edit answers `Pending`; the caller skips moderation when it is switched off.
    ///
    /// # Errors
    /// [`IllegalCaseTransition`] for every other pair.
    pub fn after(self, action: CaseAction) -> Result<Self, IllegalCaseTransition> {
        use CaseAction as A;
        use CaseStatus as S;
        match (self, action) {
            (S::Pending, A::Approve) => Ok(S::Approved),
            (S::Pending, A::Reject) => Ok(S::Rejected),
            (S::Pending | S::Approved | S::Rejected, A::Edit) => Ok(S::Pending),
            (S::Approved, A::Offer) => Ok(S::Offered),
            (S::Offered, A::Match) => Ok(S::Matched),
            (S::Offered | S::Matched, A::Reopen) => Ok(S::Approved),
            (S::Pending | S::Approved | S::Rejected, A::Close) => Ok(S::Closed),
            (from, action) => Err(IllegalCaseTransition { from, action }),
        }
    }
}

/// A change the case's state does not allow.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
#[error("個案狀態為「{}」，不能{}", .from.label(), .action.label())]
pub struct IllegalCaseTransition {
    pub from: CaseStatus,
    pub action: CaseAction,
}

#[cfg(test)]
mod tests {
    use super::*;

    const ALLOWED: &[(CaseStatus, CaseAction, CaseStatus)] = &[
        (CaseStatus::Pending, CaseAction::Approve, CaseStatus::Approved),
        (CaseStatus::Pending, CaseAction::Reject, CaseStatus::Rejected),
        (CaseStatus::Pending, CaseAction::Edit, CaseStatus::Pending),
        (CaseStatus::Approved, CaseAction::Edit, CaseStatus::Pending),
        (CaseStatus::Rejected, CaseAction::Edit, CaseStatus::Pending),
        (CaseStatus::Approved, CaseAction::Offer, CaseStatus::Offered),
        (CaseStatus::Offered, CaseAction::Match, CaseStatus::Matched),
        (CaseStatus::Offered, CaseAction::Reopen, CaseStatus::Approved),
        (CaseStatus::Matched, CaseAction::Reopen, CaseStatus::Approved),
        (CaseStatus::Pending, CaseAction::Close, CaseStatus::Closed),
        (CaseStatus::Approved, CaseAction::Close, CaseStatus::Closed),
        (CaseStatus::Rejected, CaseAction::Close, CaseStatus::Closed),
    ];

    #[test]
    fn allows_exactly_the_lifecycle_and_refuses_every_other_change() {
        for from in CaseStatus::ALL {
            for action in CaseAction::ALL {
                let expected = ALLOWED.iter().find(|(f, a, _)| f == from && a == action).map(|(_, _, to)| *to);
                match (from.after(*action), expected) {
                    (Ok(to), Some(want)) => assert_eq!(to, want, "{from} {action}"),
                    (Err(e), None) => assert_eq!(e, IllegalCaseTransition { from: *from, action: *action }),
                    (got, want) => panic!("{from} {action}: got {got:?}, want {want:?}"),
                }
            }
        }
    }

    #[test]
    fn final_states_refuse_everything_with_a_clear_message() {
        let error = CaseStatus::Matched.after(CaseAction::Edit).unwrap_err();
        assert_eq!(error.to_string(), "個案狀態為「已配對」，不能修改");
        assert!(CaseAction::ALL.iter().all(|a| CaseStatus::Closed.after(*a).is_err()));
        let waiting = CaseStatus::Offered.after(CaseAction::Offer).unwrap_err();
        assert_eq!(waiting.to_string(), "個案狀態為「待導師確認」，不能選擇導師");
    }
}
