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

impl CaseStatus {
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

/// A change the case's state does not allow. Worded at the edges (the API's words, the back
/// office's labels), which name the state and the action.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
#[error("illegal_case_transition: {from} {action}")]
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
    fn final_states_refuse_everything_naming_the_state_and_the_action() {
        let error = CaseStatus::Matched.after(CaseAction::Edit).unwrap_err();
        assert_eq!(error, IllegalCaseTransition { from: CaseStatus::Matched, action: CaseAction::Edit });
        assert_eq!(error.to_string(), "illegal_case_transition: matched edit");
        assert!(CaseAction::ALL.iter().all(|a| CaseStatus::Closed.after(*a).is_err()));
        let waiting = CaseStatus::Offered.after(CaseAction::Offer).unwrap_err();
        assert_eq!(waiting, IllegalCaseTransition { from: CaseStatus::Offered, action: CaseAction::Offer });
    }
}
