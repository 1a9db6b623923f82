//! A member's own cases and the matching of tutors with them (`POST /cases` and
//! `PUT /cases/{caseId}` live beside `GET` in `cases_api`, one OpenAPI path item each): `GET /cases/mine`, `POST /cases/apply`, `GET /cases/applied`,
//! `GET /cases/{caseId}/applications`, `POST /cases/{caseId}/applications/{applicationId}/select`,
//! `POST /cases/applied/{applicationId}/withdraw`, `GET /cases/recommended`.

use chrono::{DateTime, Utc};
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};
use tutorhub_domain::cases::posting::CasePosting;
use tutorhub_domain::matching::applications::{Applicant, Matching};
use tutorhub_domain::matching::model::CaseApplication;
use tutorhub_domain::matching::recommendations::{FitReason, Recommendations};
use uuid::Uuid;

use crate::Tag;
use crate::cases::api::{CasePage, CaseSummary};
use crate::common::auth::BearerAuth;
use crate::common::contact::ContactBody;
use crate::common::keys::Key;
use crate::common::paging::page_request;
use crate::error::documented::{Answer, BAD_REQUEST, CONFLICT, FORBIDDEN, NOT_FOUND, PAYLOAD_TOO_LARGE, TOO_MANY_REQUESTS, UNAUTHORIZED};
use tutorhub_domain::matching::model::CaseApplicationStatus;

/// What a tutor sends to apply.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase")]
pub struct ApplyBody {
    /// The case number.
    pub case_id: i64,
    /// Free text, e.g. 星期一至三 晚上7時後.
    pub available_times: String,
}

/// An application to a case.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase")]
pub struct ApplicationBody {
    /// Opaque application id.
    pub id: String,
    /// The case number.
    pub case_id: i64,
    pub available_times: String,
    pub status: Key<CaseApplicationStatus>,
    pub created_at: DateTime<Utc>,
}

impl From<&CaseApplication> for ApplicationBody {
    fn from(a: &CaseApplication) -> Self {
        Self {
            id: a.id.to_string(),
            case_id: a.case_number,
            available_times: a.available_times.as_str().into(),
            status: a.status.into(),
            created_at: a.created_at,
        }
    }
}

/// One of the caller's applications, with its case; the owner's contact once selected.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase")]
pub struct AppliedCaseBody {
    #[oai(flatten)]
    pub application: ApplicationBody,
    pub case: CaseSummary,
    #[oai(skip_serializing_if_is_none)]
    pub owner_contact: Option<ContactBody>,
}

#[derive(Debug, Clone, Object)]
pub struct AppliedCaseList {
    pub items: Vec<AppliedCaseBody>,
}

/// The public face of a tutor, as a card.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase")]
pub struct TutorCardBody {
    /// Opaque user id; the profile is at /tutor/{id}.
    pub id: String,
    /// The user number.
    pub user_id: i64,
    pub name: String,
    #[oai(skip_serializing_if_is_none)]
    pub avatar: Option<String>,
}

/// An applicant as the case's owner sees them; the phone only once selected.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase")]
pub struct ApplicantBody {
    #[oai(flatten)]
    pub application: ApplicationBody,
    pub tutor: TutorCardBody,
    #[oai(skip_serializing_if_is_none)]
    pub contact: Option<ContactBody>,
}

impl From<&Applicant> for ApplicantBody {
    fn from(a: &Applicant) -> Self {
        Self {
            application: (&a.application).into(),
            tutor: TutorCardBody {
                id: a.tutor.id.to_string(),
                user_id: a.tutor.number,
                name: a.tutor.name.as_str().into(),
                avatar: a.tutor.avatar.clone(),
            },
            contact: a.contact().map(Into::into),
        }
    }
}

/// A case with its applicants, for its owner.
#[derive(Debug, Clone, Object)]
pub struct ApplicantList {
    pub case: CaseSummary,
    pub items: Vec<ApplicantBody>,
}

/// An open case recommended to a tutor, with how well it fits and why.
#[derive(Debug, Clone, Object)]
pub struct RecommendedCase {
    pub case: CaseSummary,
    /// Higher fits better (at most 100).
    pub score: u32,
    /// What fits: subject or level, district or region, fee, gender.
    pub reasons: Vec<Key<FitReason>>,
}

#[derive(Debug, Clone, Object)]
pub struct RecommendedCaseList {
    /// Best first, at most six.
    pub items: Vec<RecommendedCase>,
}

pub struct MatchingApi {
    pub posting: CasePosting,
    pub matching: Matching,
    pub recommendations: Recommendations,
}

#[OpenApi(tag = "Tag::Cases")]
impl MatchingApi {
    /// The caller's own cases, in every state, newest first
    #[oai(path = "/cases/mine", method = "get", operation_id = "listMyCases")]
    async fn mine(
        &self,
        auth: BearerAuth,
        /// Page number, from 1.
        page: Query<Option<i64>>,
        /// Items per page, 1 to 100 (default 20).
        #[oai(name = "pageSize")]
        page_size: Query<Option<i64>>,
    ) -> Answer<Json<CasePage>, { BAD_REQUEST | UNAUTHORIZED }> {
        let request = page_request(page.0, page_size.0)?;
        Ok(Json(CasePage::of(self.posting.mine(auth.user_id(), request).await?, self.matching.cap())))
    }

    /// Apply to a case as a tutor
    ///
    /// Active tutors only, to approved cases of others, once per case (a second apply is
    /// 409), while the case has fewer applicants than the cap.
    #[oai(path = "/cases/apply", method = "post", operation_id = "applyToCase")]
    async fn apply(
        &self,
        auth: BearerAuth,
        body: Json<ApplyBody>,
    ) -> Answer<
        Json<ApplicationBody>,
        { BAD_REQUEST | UNAUTHORIZED | FORBIDDEN | NOT_FOUND | CONFLICT | TOO_MANY_REQUESTS | PAYLOAD_TOO_LARGE },
    > {
        let application = self.matching.apply(auth.user_id(), body.case_id, &body.available_times).await?;
        Ok(Json((&application).into()))
    }

    /// The caller's applications, newest first
    ///
    /// Each with its case; once the tutor is selected, the owner's name and phone.
    #[oai(path = "/cases/applied", method = "get", operation_id = "listAppliedCases")]
    async fn applied(&self, auth: BearerAuth) -> Answer<Json<AppliedCaseList>, UNAUTHORIZED> {
        let cap = self.matching.cap();
        let items = self
            .matching
            .applied(auth.user_id())
            .await?
            .into_iter()
            .map(|a| AppliedCaseBody {
                application: (&a.application).into(),
                case: CaseSummary::of(&a.case, cap),
                owner_contact: a.owner_contact.map(Into::into),
            })
            .collect();
        Ok(Json(AppliedCaseList { items }))
    }

    /// Open cases recommended to the caller, an active tutor
    ///
    /// Parents' open cases in the tutor's subjects, scored on subject, place, fee and gender,
    /// best first; none of the tutor's own, full or already applied to.
    #[oai(path = "/cases/recommended", method = "get", operation_id = "listRecommendedCases")]
    async fn recommended(&self, auth: BearerAuth) -> Answer<Json<RecommendedCaseList>, { UNAUTHORIZED | FORBIDDEN }> {
        let cap = self.matching.cap();
        let items = self
            .recommendations
            .cases_for(auth.user_id())
            .await?
            .into_iter()
            .map(|fit| RecommendedCase {
                case: CaseSummary::of(&fit.case, cap),
                score: fit.score,
                reasons: fit.reasons.into_iter().map(Key).collect(),
            })
            .collect();
        Ok(Json(RecommendedCaseList { items }))
    }

    /// The applicants of one's own case
    ///
    /// The owner only. The selected applicant carries their phone.
    #[oai(path = "/cases/:caseId/applications", method = "get", operation_id = "listCaseApplications")]
    async fn applications(
        &self,
        auth: BearerAuth,
        /// The case number.
        #[oai(name = "caseId")]
        case_id: Path<i64>,
    ) -> Answer<Json<ApplicantList>, { BAD_REQUEST | UNAUTHORIZED | FORBIDDEN | NOT_FOUND }> {
        let (case, applicants) = self.matching.applicants(auth.user_id(), case_id.0).await?;
        Ok(Json(ApplicantList { case: CaseSummary::of(&case, self.matching.cap()), items: applicants.iter().map(Into::into).collect() }))
    }

    /// Choose one applicant
    ///
    /// The owner only. The case becomes matched, this application selected and the others
    /// declined; answers the applicant with their phone. A case already matched answers 409.
    #[oai(path = "/cases/:caseId/applications/:applicationId/select", method = "post", operation_id = "selectApplicant")]
    async fn select(
        &self,
        auth: BearerAuth,
        /// The case number.
        #[oai(name = "caseId")]
        case_id: Path<i64>,
        /// The application id.
        #[oai(name = "applicationId")]
        application_id: Path<Uuid>,
    ) -> Answer<Json<ApplicantBody>, { BAD_REQUEST | UNAUTHORIZED | FORBIDDEN | NOT_FOUND | CONFLICT }> {
        let applicant = self.matching.select(auth.user_id(), case_id.0, application_id.0).await?;
        Ok(Json((&applicant).into()))
    }

    /// Withdraw one's application
    ///
    /// The applying tutor only, while the application is still `applied` (selected, declined
    /// or withdrawn ones answer 409). The owner no longer sees it, its place under the cap is
    /// free, and the tutor may apply to the case again.
    #[oai(path = "/cases/applied/:applicationId/withdraw", method = "post", operation_id = "withdrawApplication")]
    async fn withdraw(
        &self,
        auth: BearerAuth,
        /// The application id.
        #[oai(name = "applicationId")]
        application_id: Path<Uuid>,
    ) -> Answer<Json<ApplicationBody>, { BAD_REQUEST | UNAUTHORIZED | FORBIDDEN | NOT_FOUND | CONFLICT }> {
        let application = self.matching.withdraw(auth.user_id(), application_id.0).await?;
        Ok(Json((&application).into()))
    }
}
