//! How matching failures answer: applying, applicants, offers and their answers, withdrawal,
//! invitations.

use tutorhub_domain::matching::applications::{ApplicantsError, ApplyError, WithdrawError};
use tutorhub_domain::matching::invitations::InviteError;
use tutorhub_domain::matching::offers::AnswerError;
use tutorhub_domain::matching::recommendations::RecommendError;

use super::{ApiError, ErrorCode};
use crate::words::Words;

impl From<ApplyError> for ApiError {
    fn from(e: ApplyError) -> Self {
        let message = e.say();
        match e {
            ApplyError::Invalid(errors) => ApiError::invalid(&errors),
            ApplyError::CaseNotFound => ApiError::not_found(message),
            ApplyError::NotATutor => ApiError::forbidden(ErrorCode::NotAnActiveTutor, message),
            ApplyError::OwnCase => ApiError::forbidden(ErrorCode::OwnCase, message),
            ApplyError::NotOpen => ApiError::conflict(ErrorCode::CaseNotOpen, message),
            ApplyError::OutsideTeaching(_) => ApiError::conflict(ErrorCode::OutsideTeaching, message),
            ApplyError::AlreadyApplied => ApiError::conflict(ErrorCode::AlreadyApplied, message),
            ApplyError::Full => ApiError::conflict(ErrorCode::CaseFull, message),
            ApplyError::Restricted(_) => ApiError::forbidden(ErrorCode::InvoiceOverdue, message),
            ApplyError::TooMany => ApiError::too_many_requests(ErrorCode::RateLimited, message),
            ApplyError::Repository(e) => e.into(),
        }
    }
}

impl From<RecommendError> for ApiError {
    fn from(e: RecommendError) -> Self {
        let message = e.say();
        match e {
            RecommendError::NotATutor => ApiError::forbidden(ErrorCode::NotAnActiveTutor, message),
            RecommendError::Repository(e) => e.into(),
        }
    }
}

impl From<ApplicantsError> for ApiError {
    fn from(e: ApplicantsError) -> Self {
        let message = e.say();
        match e {
            ApplicantsError::CaseNotFound | ApplicantsError::ApplicationNotFound => ApiError::not_found(message),
            ApplicantsError::NotOwner => ApiError::forbidden(ErrorCode::NotOwner, message),
            ApplicantsError::Invalid(errors) => ApiError::invalid(&errors),
            ApplicantsError::IllegalCase(_) | ApplicantsError::IllegalApplication(_) => {
                ApiError::conflict(ErrorCode::IllegalTransition, message)
            }
            ApplicantsError::TutorUnavailable => ApiError::conflict(ErrorCode::TutorUnavailable, message),
            ApplicantsError::Repository(e) => e.into(),
        }
    }
}

impl From<AnswerError> for ApiError {
    fn from(e: AnswerError) -> Self {
        let message = e.say();
        match e {
            AnswerError::NotFound => ApiError::not_found(message),
            AnswerError::NotYours => ApiError::forbidden(ErrorCode::NotYourApplication, message),
            AnswerError::NoOffer | AnswerError::NotOpen(_) => ApiError::conflict(ErrorCode::IllegalTransition, message),
            AnswerError::Invalid(errors) => ApiError::invalid(&errors),
            AnswerError::Restricted(_) => ApiError::forbidden(ErrorCode::InvoiceOverdue, message),
            AnswerError::Repository(e) => e.into(),
        }
    }
}

impl From<WithdrawError> for ApiError {
    fn from(e: WithdrawError) -> Self {
        let message = e.say();
        match e {
            WithdrawError::NotFound => ApiError::not_found(message),
            WithdrawError::NotYours => ApiError::forbidden(ErrorCode::NotYourApplication, message),
            WithdrawError::NotOpen(_) => ApiError::conflict(ErrorCode::IllegalTransition, message),
            WithdrawError::Repository(e) => e.into(),
        }
    }
}

impl From<InviteError> for ApiError {
    fn from(e: InviteError) -> Self {
        let message = e.say();
        match e {
            InviteError::CaseNotFound | InviteError::TutorNotFound => ApiError::not_found(message),
            InviteError::NotOwner => ApiError::forbidden(ErrorCode::NotOwner, message),
            InviteError::CaseNotOpen => ApiError::conflict(ErrorCode::CaseNotOpen, message),
            InviteError::Declined => ApiError::conflict(ErrorCode::InvitationsOff, message),
            // A tutor's own post is a case no tutor fits as an invitee.
            InviteError::NotAFit | InviteError::TutorsPost => ApiError::conflict(ErrorCode::NotAFit, message),
            InviteError::AlreadyApplied => ApiError::conflict(ErrorCode::AlreadyApplied, message),
            InviteError::AlreadyInvited => ApiError::conflict(ErrorCode::AlreadyInvited, message),
            InviteError::CaseLimit | InviteError::TutorLimit => ApiError::conflict(ErrorCode::InvitationLimit, message),
            InviteError::Repository(e) => e.into(),
        }
    }
}
