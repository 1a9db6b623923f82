//! Suggested tutors and invitations to apply (issue 12): `GET /cases/{caseId}/suggested-tutors`,
//! `POST /cases/{caseId}/invitations`, and a tutor's own switch,
//! `GET`/`PUT /self-users/me/invitation-settings`.

use poem_openapi::param::Path;
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};
use tutorhub_domain::matching::invitations::{Invitations, TutorSuggestion};
use tutorhub_domain::matching::recommendations::FitReason;
use uuid::Uuid;

use crate::Tag;
use crate::common::auth::BearerAuth;
use crate::common::keys::Key;
use crate::error::documented::{Answer, BAD_REQUEST, CONFLICT, FORBIDDEN, NOT_FOUND, PAYLOAD_TOO_LARGE, UNAUTHORIZED};
use crate::tutors::directory::PublicTutor;

/// A tutor who may suit the owner's case: public fields only, with how well and why.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase")]
pub struct SuggestedTutor {
    pub tutor: PublicTutor,
    /// Higher fits better (at most 100).
    pub score: u32,
    /// What fits: subject or level, district or region, fee, gender.
    pub reasons: Vec<Key<FitReason>>,
    /// The owner already invited this tutor to this case.
    pub invited: bool,
    /// False when the tutor turned invitations off.
    pub accepts_invitations: bool,
}

impl From<&TutorSuggestion> for SuggestedTutor {
    fn from(s: &TutorSuggestion) -> Self {
        Self {
            tutor: (&s.tutor).into(),
            score: s.score,
            reasons: s.reasons.iter().copied().map(Key).collect(),
            invited: s.invited,
            accepts_invitations: s.accepts_invitations,
        }
    }
}

#[derive(Debug, Clone, Object)]
pub struct SuggestedTutorList {
    /// Best first, at most six; empty while the case is not open to applications.
    pub items: Vec<SuggestedTutor>,
}

/// Whom to invite.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase")]
pub struct InviteBody {
    /// The tutor's opaque user id.
    pub tutor_id: Uuid,
}

/// An invitation sent.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase")]
pub struct InvitationBody {
    /// The case number.
    pub case_id: i64,
    pub tutor_id: Uuid,
}

/// Whether the caller takes invitations to apply.
#[derive(Debug, Clone, Object)]
pub struct InvitationSettings {
    pub accepting: bool,
}

pub struct InvitationsApi {
    pub invitations: Invitations,
}

#[OpenApi(tag = "Tag::Cases")]
impl InvitationsApi {
    /// Tutors who may suit one's own case
    ///
    /// The owner only. Active tutors teaching the case's subjects at its level, scored on
    /// subject, place, fee and gender, best first; tutors who applied are left out. A tutor's
    /// own post (`tutor-seeking-student`) suggests nobody.
    #[oai(path = "/cases/:caseId/suggested-tutors", method = "get", operation_id = "listSuggestedTutors")]
    async fn suggested(
        &self,
        auth: BearerAuth,
        /// The case number.
        #[oai(name = "caseId")]
        case_id: Path<i64>,
    ) -> Answer<Json<SuggestedTutorList>, { BAD_REQUEST | UNAUTHORIZED | FORBIDDEN | NOT_FOUND }> {
        let suggestions = self.invitations.suggestions(auth.user_id(), case_id.0).await?;
        Ok(Json(SuggestedTutorList { items: suggestions.iter().map(Into::into).collect() }))
    }

    /// Invite a tutor to apply to one's own case
    ///
    /// The owner of an open student's or parent's case only (a tutor's own post invites
    /// nobody), and only a tutor the suggestions would show: one of the case's subjects at its
    /// level (409 `NOT_A_FIT` otherwise). The tutor gets one SMS with the case's link and who
    /// invites. At most 10 invitations per case and 5 per tutor in
    /// any 24 hours; a tutor who turned invitations off, applied or was invited already
    /// answers 409.
    #[oai(path = "/cases/:caseId/invitations", method = "post", operation_id = "inviteTutor")]
    async fn invite(
        &self,
        auth: BearerAuth,
        /// The case number.
        #[oai(name = "caseId")]
        case_id: Path<i64>,
        body: Json<InviteBody>,
    ) -> Answer<Json<InvitationBody>, { BAD_REQUEST | UNAUTHORIZED | FORBIDDEN | NOT_FOUND | CONFLICT | PAYLOAD_TOO_LARGE }> {
        self.invitations.invite(auth.user_id(), case_id.0, body.tutor_id).await?;
        Ok(Json(InvitationBody { case_id: case_id.0, tutor_id: body.tutor_id }))
    }

    /// Whether the caller takes invitations to apply
    #[oai(path = "/self-users/me/invitation-settings", method = "get", operation_id = "getInvitationSettings")]
    async fn settings(&self, auth: BearerAuth) -> Answer<Json<InvitationSettings>, UNAUTHORIZED> {
        Ok(Json(InvitationSettings { accepting: self.invitations.accepting(auth.user_id()).await? }))
    }

    /// Turn invitations to apply on or off
    #[oai(path = "/self-users/me/invitation-settings", method = "put", operation_id = "updateInvitationSettings")]
    async fn update_settings(
        &self,
        auth: BearerAuth,
        body: Json<InvitationSettings>,
    ) -> Answer<Json<InvitationSettings>, { BAD_REQUEST | UNAUTHORIZED | PAYLOAD_TOO_LARGE }> {
        self.invitations.set_accepting(auth.user_id(), body.accepting).await?;
        Ok(Json(InvitationSettings { accepting: body.accepting }))
    }
}
