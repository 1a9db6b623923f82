//! A member's own cases and the matching of tutors with them (`POST /cases` and
//! `PUT /cases/{caseId}` live beside `GET` in `cases_api`, one OpenAPI path item each): `GET /cases/mine`, `POST /cases/apply`, `GET /cases/applied`,
//! `GET /cases/{caseId}/applications`, `POST /cases/{caseId}/applications/{applicationId}/select`
//! (an offer to that tutor), `POST /cases/applied/{applicationId}/confirm` and `…/decline` (the
//! tutor's answer), `POST /cases/applied/{applicationId}/withdraw`, `GET /cases/recommended`.

use crate::billing::api::ServiceFeeBody;
use chrono::{DateTime, Utc};
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};
use tutorhub_domain::billing::terms::ServiceFee;
use tutorhub_domain::cases::posting::CasePosting;
use tutorhub_domain::matching::applications::{Applicant, Matching};
use tutorhub_domain::matching::fit::{FitGap, FitGrade};
use tutorhub_domain::matching::model::CaseApplication;
use tutorhub_domain::matching::offer::{Offer, OfferStatus};
use tutorhub_domain::matching::offers::Offers;
use tutorhub_domain::matching::recommendations::{FitReason, Recommendations};
use tutorhub_domain::shared::money::Rate;
use tutorhub_domain::shared::validation::ValidationErrors;
use uuid::Uuid;

use crate::Tag;
use crate::cases::api::{CasePage, CaseSummary};
use crate::common::auth::BearerAuth;
use crate::common::contact::ContactBody;
use crate::common::keys::Key;
use crate::common::paging::page_request;
use crate::error::ApiError;
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

/// An offer of a case to a chosen applicant, and what became of it.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase")]
pub struct OfferBody {
    /// Opaque offer id; once confirmed, the arrangement's (`GET /arrangements/{id}`, the page `/lesson-record/{id}`).
    pub id: String,
    /// The one agreed fee per lesson, HKD: every later page and total uses it.
    pub fee_per_lesson: f64,
    pub status: Key<OfferStatus>,
    pub created_at: DateTime<Utc>,
    /// The tutor answers before this, or the offer lapses and the case is open again.
    pub expires_at: DateTime<Utc>,
    /// The first lesson, as the tutor proposed it on confirming.
    #[oai(skip_serializing_if_is_none)]
    pub first_lesson_at: Option<DateTime<Utc>>,
}

impl From<&Offer> for OfferBody {
    fn from(o: &Offer) -> Self {
        Self {
            id: o.id.to_string(),
            fee_per_lesson: o.fee.dollars(),
            status: o.status.into(),
            created_at: o.created_at,
            expires_at: o.expires_at,
            first_lesson_at: o.first_lesson_at,
        }
    }
}

/// What the owner sends to choose an applicant.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase")]
pub struct ChooseBody {
    /// The fee per lesson offered, HKD: the case's (the default), the tutor's asking fee, or
    /// an amount between the two.
    pub fee_per_lesson: Option<f64>,
}

/// What the chosen tutor sends to confirm an offer.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase")]
pub struct ConfirmOfferBody {
    /// The first lesson's date and time, after now and within 60 days (RFC 3339, e.g.
    /// `2026-12-01T19:00:00+08:00`).
    pub first_lesson_at: DateTime<Utc>,
}

/// One of the caller's applications, with its case and any offer; the owner's contact once
/// the tutor confirmed.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase")]
pub struct AppliedCaseBody {
    #[oai(flatten)]
    pub application: ApplicationBody,
    pub case: CaseSummary,
    #[oai(skip_serializing_if_is_none)]
    pub offer: Option<OfferBody>,
    /// With an offer: the service fee at its agreed fee, stated before the tutor confirms.
    #[oai(skip_serializing_if_is_none)]
    pub service_fee: Option<ServiceFeeBody>,
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

/// An applicant as the case's owner sees them, with any offer made; the phone only once the
/// tutor confirmed. `fit` says how the tutor fits the case now: `full` (teaches one of its
/// subjects at its level, in its district, for no more than it pays), `partial` (teaches it,
/// elsewhere or for more) or `outside` (does not teach it: an application from before tutors
/// were held to what they teach, or a profile changed since).
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase")]
pub struct ApplicantBody {
    #[oai(flatten)]
    pub application: ApplicationBody,
    pub tutor: TutorCardBody,
    #[oai(skip_serializing_if_is_none)]
    pub offer: Option<OfferBody>,
    #[oai(skip_serializing_if_is_none)]
    pub contact: Option<ContactBody>,
    pub fit: Key<FitGrade>,
    /// What of the case the tutor does not meet, for the owner to see plainly: nothing at its
    /// level, none of its subjects there, not its district, a fee above the case's. Empty when
    /// `fit` is `full`.
    pub fit_gaps: Vec<Key<FitGap>>,
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
            offer: a.offer.as_ref().map(Into::into),
            contact: a.contact().map(Into::into),
            fit: a.fit.grade().into(),
            fit_gaps: a.fit.gaps().iter().copied().map(Key).collect(),
        }
    }
}

/// A case with its applicants, for its owner.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase")]
pub struct ApplicantList {
    pub case: CaseSummary,
    /// Those who fit fully first, then partly, then those who do not teach the case; in order
    /// of arrival within each.
    pub items: Vec<ApplicantBody>,
    /// Hours a chosen tutor has to confirm an offer (`OFFER_HOURS`), for the choose dialog.
    pub offer_hours: u32,
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
    pub offers: Offers,
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
    /// 409), while the case has fewer applicants than the cap. Only to a case the tutor
    /// teaches: one of its subjects at its level on the tutor's profile (a typed tertiary
    /// subject matches when either name holds the other, ignoring case); otherwise 409
    /// `OUTSIDE_TEACHING`, its message naming what the profile lacks.
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
    /// Each with its case and any offer; once the tutor confirmed, the owner's name and phone.
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
                offer: a.offer.as_ref().map(Into::into),
                service_fee: a.offer.as_ref().map(|o| ServiceFee::of(o.fee, a.case.details.sessions_per_week).into()),
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
    /// The owner only. Each applicant carries any offer made and how they fit the case, those
    /// who fit first; the tutor who confirmed, their phone.
    #[oai(path = "/cases/:caseId/applications", method = "get", operation_id = "listCaseApplications")]
    async fn applications(
        &self,
        auth: BearerAuth,
        /// The case number.
        #[oai(name = "caseId")]
        case_id: Path<i64>,
    ) -> Answer<Json<ApplicantList>, { BAD_REQUEST | UNAUTHORIZED | FORBIDDEN | NOT_FOUND }> {
        let (case, applicants) = self.matching.applicants(auth.user_id(), case_id.0).await?;
        Ok(Json(ApplicantList {
            case: CaseSummary::of(&case, self.matching.cap()),
            items: applicants.iter().map(Into::into).collect(),
            offer_hours: self.offers.hours(),
        }))
    }

    /// Choose one applicant: offer them the case
    ///
    /// The owner only, while the case is open. The tutor is texted and has `OFFER_HOURS` (24)
    /// to confirm; meanwhile the case is `offered` (off the board, no second offer: 409) and the
    /// other applicants keep their place. No phone is exchanged until the tutor confirms.
    /// `feePerLesson` is the case's fee unless named; a named one lies between the case's and
    /// the tutor's asking fee (else 400). A tutor who cannot take on a case now (an overdue
    /// service fee, not disclosed): 409 `TUTOR_UNAVAILABLE`.
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
        body: Json<ChooseBody>,
    ) -> Answer<Json<ApplicantBody>, { BAD_REQUEST | UNAUTHORIZED | FORBIDDEN | NOT_FOUND | CONFLICT | PAYLOAD_TOO_LARGE }> {
        let fee = body
            .fee_per_lesson
            .map(Rate::from_dollars)
            .transpose()
            .map_err(|problem| ApiError::invalid(&ValidationErrors::single("feePerLesson", problem)))?;
        let applicant = self.offers.offer(auth.user_id(), case_id.0, application_id.0, fee).await?;
        Ok(Json((&applicant).into()))
    }

    /// Confirm an offer, proposing the first lesson
    ///
    /// The chosen tutor only, before the offer's deadline (after it, or once answered: 409).
    /// The case is matched; the two now see each other's phone, the owner is texted, and the
    /// other applicants see that another tutor was chosen.
    #[oai(path = "/cases/applied/:applicationId/confirm", method = "post", operation_id = "confirmOffer")]
    async fn confirm(
        &self,
        auth: BearerAuth,
        /// The application id.
        #[oai(name = "applicationId")]
        application_id: Path<Uuid>,
        body: Json<ConfirmOfferBody>,
    ) -> Answer<Json<OfferBody>, { BAD_REQUEST | UNAUTHORIZED | FORBIDDEN | NOT_FOUND | CONFLICT | PAYLOAD_TOO_LARGE }> {
        let offer = self.offers.confirm(auth.user_id(), application_id.0, body.first_lesson_at).await?;
        Ok(Json((&offer).into()))
    }

    /// Decline an offer
    ///
    /// The chosen tutor only, before the offer's deadline. The case is open again and its
    /// owner, texted, may choose another applicant.
    #[oai(path = "/cases/applied/:applicationId/decline", method = "post", operation_id = "declineOffer")]
    async fn decline(
        &self,
        auth: BearerAuth,
        /// The application id.
        #[oai(name = "applicationId")]
        application_id: Path<Uuid>,
    ) -> Answer<Json<OfferBody>, { BAD_REQUEST | UNAUTHORIZED | FORBIDDEN | NOT_FOUND | CONFLICT }> {
        let offer = self.offers.decline(auth.user_id(), application_id.0).await?;
        Ok(Json((&offer).into()))
    }

    /// Withdraw one's application
    ///
    /// The applying tutor only, while the application is still `applied` (any other state,
    /// an offer waiting for the tutor's answer too, answers 409: the tutor declines it instead). The owner no longer sees it, its place under the cap is
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
