//! Reviews (issue 12): `GET`/`POST /tutors/{id}/reviews`, `GET /tutors/{id}/review-eligibility`,
//! `POST /reviews/{reviewId}/reply`, `POST /reviews/{reviewId}/reports`. Public answers name the
//! author masked (陳**) and carry no id, phone or e-mail of anybody.

use chrono::{DateTime, Utc};
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, Object, OpenApi};
use tutorhub_domain::reviews::model::{Eligibility, EligibilityKind, Review};
use tutorhub_domain::reviews::writing::Reviews;
use tutorhub_domain::shared::identity::DisplayName;
use tutorhub_domain::tutors::model::TutorRef;

use crate::Tag;
use crate::common::auth::BearerAuth;
use crate::common::keys::Key;
use crate::common::paging::page_request;
use crate::error::ApiError;
use crate::error::documented::{Answer, BAD_REQUEST, CONFLICT, FORBIDDEN, NOT_FOUND, PAYLOAD_TOO_LARGE, UNAUTHORIZED};
use tutorhub_domain::reviews::writing::ReviewError;

/// The tutor's answer to a review.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase")]
pub struct ReplyBody {
    pub text: String,
    pub replied_at: DateTime<Utc>,
}

/// A review as anyone may read it.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase")]
pub struct ReviewBody {
    /// The review number.
    pub review_id: i64,
    /// 1 to 5 stars.
    pub rating: u8,
    pub text: String,
    /// The author's name masked, e.g. 陳**.
    pub author_name: String,
    /// The confirmed lessons it rests on (0 for a review from before the lesson record).
    pub lessons: u32,
    pub created_at: DateTime<Utc>,
    #[oai(skip_serializing_if_is_none)]
    pub reply: Option<ReplyBody>,
}

impl From<&Review> for ReviewBody {
    fn from(r: &Review) -> Self {
        Self {
            review_id: r.number,
            rating: r.stars.value(),
            text: r.text.as_str().into(),
            author_name: DisplayName::from_stored(r.author_name.clone()).masked(),
            lessons: r.lessons,
            created_at: r.created_at,
            reply: r.reply.as_ref().map(|reply| ReplyBody { text: reply.text.as_str().into(), replied_at: reply.at }),
        }
    }
}

/// A page of a tutor's visible reviews, newest first, with their count and average.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase")]
pub struct ReviewPage {
    pub items: Vec<ReviewBody>,
    /// Matches across all pages.
    pub total: u64,
    /// From 1.
    pub page: u32,
    pub page_size: u32,
    /// Visible reviews of the tutor.
    pub review_count: u32,
    /// Their mean stars to one decimal; absent without reviews.
    #[oai(skip_serializing_if_is_none)]
    pub average_rating: Option<f64>,
}

/// Whether the caller may review the tutor now.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase")]
pub struct ReviewEligibility {
    pub status: Key<EligibilityKind>,
    /// For `can-review`: the confirmed lessons the review would rest on.
    #[oai(skip_serializing_if_is_none)]
    pub lessons: Option<u32>,
    /// For `already-reviewed`: the caller's review.
    #[oai(skip_serializing_if_is_none)]
    pub review_id: Option<i64>,
}

impl From<Eligibility> for ReviewEligibility {
    fn from(e: Eligibility) -> Self {
        let (lessons, review_id) = match e {
            Eligibility::CanReview(lessons) => (Some(lessons), None),
            Eligibility::AlreadyReviewed(number) => (None, Some(number)),
            Eligibility::NoLessons | Eligibility::OwnProfile => (None, None),
        };
        Self { status: Key(e.kind()), lessons, review_id }
    }
}

/// What a reviewer sends.
#[derive(Debug, Clone, Object)]
pub struct ReviewRequest {
    /// 1 to 5 stars.
    pub rating: i64,
    /// At most 500 characters.
    pub text: String,
}

/// A tutor's reply.
#[derive(Debug, Clone, Object)]
pub struct ReplyRequest {
    /// At most 500 characters.
    pub text: String,
}

/// Why a member reports a review.
#[derive(Debug, Clone, Object)]
pub struct ReportRequest {
    /// At most 200 characters.
    pub reason: String,
}

/// A report was received.
#[derive(Debug, Clone, Object)]
pub struct ReportReceived {
    pub received: bool,
}

#[derive(Debug, ApiResponse)]
pub enum ReviewCreated {
    /// 評價已刊登
    #[oai(status = 201)]
    Created(Json<ReviewBody>),
}

pub struct ReviewsApi {
    pub reviews: Reviews,
}

fn tutor_ref(id: &str) -> Result<TutorRef, ApiError> {
    TutorRef::parse(id).ok_or_else(|| ReviewError::TutorNotFound.into())
}

#[OpenApi(tag = "Tag::Tutors")]
impl ReviewsApi {
    /// An active tutor's reviews, newest first
    #[oai(path = "/tutors/:id/reviews", method = "get", operation_id = "listTutorReviews")]
    async fn list(
        &self,
        /// The user number or the user id.
        id: Path<String>,
        /// Page number, from 1.
        page: Query<Option<i64>>,
        /// Items per page, 1 to 100 (default 20).
        #[oai(name = "pageSize")]
        page_size: Query<Option<i64>>,
    ) -> Answer<Json<ReviewPage>, { BAD_REQUEST | NOT_FOUND }> {
        let request = page_request(page.0, page_size.0)?;
        let found = self.reviews.of_tutor(tutor_ref(&id.0)?, request).await?;
        Ok(Json(ReviewPage {
            items: found.page.items.iter().map(Into::into).collect(),
            total: found.page.total,
            page: found.page.request.page(),
            page_size: found.page.request.page_size(),
            review_count: found.summary.count,
            average_rating: found.summary.average(),
        }))
    }

    /// Whether the caller may review the tutor now
    ///
    /// After a case of the caller's matched with the tutor, or a booking the tutor accepted,
    /// and a week of lessons; once per tutor.
    #[oai(path = "/tutors/:id/review-eligibility", method = "get", operation_id = "getReviewEligibility")]
    async fn eligibility(&self, auth: BearerAuth, id: Path<String>) -> Answer<Json<ReviewEligibility>, { UNAUTHORIZED | NOT_FOUND }> {
        Ok(Json(self.reviews.eligibility(auth.user_id(), tutor_ref(&id.0)?).await?.into()))
    }

    /// Review a tutor
    ///
    /// Only a member eligible by `review-eligibility` (else 403 or 409); 1 to 5 stars and at
    /// most 500 characters. The tutor is told by SMS that a review arrived.
    #[oai(path = "/tutors/:id/reviews", method = "post", operation_id = "createReview")]
    async fn create(
        &self,
        auth: BearerAuth,
        id: Path<String>,
        body: Json<ReviewRequest>,
    ) -> Answer<ReviewCreated, { BAD_REQUEST | UNAUTHORIZED | FORBIDDEN | NOT_FOUND | CONFLICT | PAYLOAD_TOO_LARGE }> {
        let review = self.reviews.write(auth.user_id(), tutor_ref(&id.0)?, body.rating, &body.text).await?;
        Ok(ReviewCreated::Created(Json((&review).into())))
    }

    /// Reply to a review of oneself, once
    #[oai(path = "/reviews/:reviewId/reply", method = "post", operation_id = "replyToReview")]
    async fn reply(
        &self,
        auth: BearerAuth,
        /// The review number.
        #[oai(name = "reviewId")]
        review_id: Path<i64>,
        body: Json<ReplyRequest>,
    ) -> Answer<Json<ReviewBody>, { BAD_REQUEST | UNAUTHORIZED | FORBIDDEN | NOT_FOUND | CONFLICT | PAYLOAD_TOO_LARGE }> {
        let review = self.reviews.reply(auth.user_id(), review_id.0, &body.text).await?;
        Ok(Json((&review).into()))
    }

    /// Report a review to the back office
    ///
    /// Any member but its author (403 OWN_REVIEW), with a reason; reporting the same review again
    /// changes nothing.
    #[oai(path = "/reviews/:reviewId/reports", method = "post", operation_id = "reportReview")]
    async fn report(
        &self,
        auth: BearerAuth,
        /// The review number.
        #[oai(name = "reviewId")]
        review_id: Path<i64>,
        body: Json<ReportRequest>,
    ) -> Answer<Json<ReportReceived>, { BAD_REQUEST | UNAUTHORIZED | FORBIDDEN | NOT_FOUND | PAYLOAD_TOO_LARGE }> {
        self.reviews.report(auth.user_id(), review_id.0, &body.reason).await?;
        Ok(Json(ReportReceived { received: true }))
    }
}
