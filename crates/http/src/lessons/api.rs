//! `GET /arrangements/{arrangementId}` (one page per confirmed match or accepted booking, for
//! its two sides only), `POST /arrangements/{arrangementId}/lessons` (the tutor records a
//! lesson held), `POST /arrangements/{arrangementId}/cancellations` (either side, ahead of
//! time), `POST /lessons/{lessonNumber}/confirm` and `…/dispute` (the family's answer),
//! `POST /arrangements/{arrangementId}/end` (either side) and `…/reopen` (the family, the case).

use chrono::{DateTime, Utc};
use poem_openapi::param::Path;
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};
use tutorhub_domain::billing::invoices::Billing;
use tutorhub_domain::lessons::model::{
    ArrangementKind, ArrangementSide, EndReason, Ending, Lesson, LessonConfirmedBy, LessonStatus, answer_deadline,
};
use tutorhub_domain::lessons::record::{ArrangementPage, LessonRecord};
use uuid::Uuid;

use crate::Tag;
use crate::common::auth::BearerAuth;
use crate::common::keys::Key;
use crate::error::documented::{Answer, BAD_REQUEST, CONFLICT, FORBIDDEN, NOT_FOUND, PAYLOAD_TOO_LARGE, TOO_MANY_REQUESTS, UNAUTHORIZED};

/// One lesson of the record.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase")]
pub struct LessonBody {
    /// The lesson number (the back office's handle).
    pub number: i64,
    pub starts_at: DateTime<Utc>,
    /// 0 for a cancellation.
    pub minutes: u32,
    pub status: Key<LessonStatus>,
    pub recorded_by: Key<ArrangementSide>,
    pub recorded_at: DateTime<Utc>,
    /// Until when the family may confirm or dispute a recorded lesson; after it, it is confirmed.
    pub answer_by: DateTime<Utc>,
    /// The dispute's or the cancellation's reason.
    #[oai(skip_serializing_if_is_none)]
    pub reason: Option<String>,
    #[oai(skip_serializing_if_is_none)]
    pub confirmed_by: Option<Key<LessonConfirmedBy>>,
    /// A cancellation with less than 24 hours' notice.
    pub late: bool,
    /// The back office's reason when it settled a dispute.
    #[oai(skip_serializing_if_is_none)]
    pub resolution: Option<String>,
}

impl From<&Lesson> for LessonBody {
    fn from(l: &Lesson) -> Self {
        Self {
            number: l.number,
            starts_at: l.starts_at,
            minutes: l.minutes,
            status: l.status.into(),
            recorded_by: l.recorded_by.into(),
            recorded_at: l.recorded_at,
            answer_by: answer_deadline(l.recorded_at),
            reason: l.reason.clone(),
            confirmed_by: l.confirmed_by.map(Key),
            late: l.late,
            resolution: l.resolution.clone(),
        }
    }
}

/// What the lessons confirmed come to.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase")]
pub struct LessonTotalsBody {
    /// Lessons held and confirmed.
    pub held: u32,
    pub minutes: u32,
    /// Their tuition at the agreed fee, HKD (a match's; a booking has no fee on record). Paid
    /// to the tutor directly: for the family's budgeting.
    #[oai(skip_serializing_if_is_none)]
    pub tuition: Option<f64>,
}

/// How an arrangement ended.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase")]
pub struct EndingBody {
    pub ended_by: Key<ArrangementSide>,
    pub reason: Key<EndReason>,
    #[oai(skip_serializing_if_is_none)]
    pub note: Option<String>,
    pub ended_at: DateTime<Utc>,
    /// When the family opened the match's case again.
    #[oai(skip_serializing_if_is_none)]
    pub reopened_at: Option<DateTime<Utc>>,
}

impl From<&Ending> for EndingBody {
    fn from(e: &Ending) -> Self {
        Self { ended_by: e.by.into(), reason: e.reason.into(), note: e.note.clone(), ended_at: e.at, reopened_at: e.reopened_at }
    }
}

/// A confirmed match or an accepted booking, with its lessons, as one of its sides reads it.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase")]
pub struct ArrangementBody {
    /// The offer's id for a match, the booking's for a booking.
    pub id: String,
    pub kind: Key<ArrangementKind>,
    /// The case number of a match.
    #[oai(skip_serializing_if_is_none)]
    pub case_id: Option<i64>,
    pub tutor_name: String,
    pub family_name: String,
    /// The reader's side.
    pub side: Key<ArrangementSide>,
    /// The agreed fee per lesson, HKD (a match's).
    #[oai(skip_serializing_if_is_none)]
    pub fee_per_lesson: Option<f64>,
    /// When the tutor confirmed or accepted: lessons are recorded from then on.
    pub since: DateTime<Utc>,
    /// Latest start first.
    pub lessons: Vec<LessonBody>,
    pub totals: LessonTotalsBody,
    /// Set once either side ended it.
    #[oai(skip_serializing_if_is_none)]
    pub ended: Option<EndingBody>,
    /// The reader (the family) may open the match's case again now: they ended it before the
    /// first confirmed lesson or within 14 days of it.
    pub can_reopen: bool,
}

impl From<&ArrangementPage> for ArrangementBody {
    fn from(p: &ArrangementPage) -> Self {
        let a = &p.arrangement;
        Self {
            id: a.id.to_string(),
            kind: a.kind.into(),
            case_id: a.case_number,
            tutor_name: p.tutor_name.clone(),
            family_name: p.family_name.clone(),
            side: p.side.into(),
            fee_per_lesson: a.fee.map(|f| f.dollars()),
            since: a.since,
            lessons: p.lessons.iter().map(Into::into).collect(),
            totals: LessonTotalsBody { held: p.totals.held, minutes: p.totals.minutes, tuition: p.totals.tuition.map(|t| t.dollars()) },
            ended: a.ended.as_ref().map(Into::into),
            can_reopen: p.can_reopen,
        }
    }
}

/// A lesson held, as the tutor records it.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase")]
pub struct RecordLessonBody {
    /// When it started: not in the future, at most 14 days back, not before the match.
    pub starts_at: DateTime<Utc>,
    /// 15 to 300.
    pub minutes: Option<i64>,
}

/// A lesson cancelled ahead of time.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase")]
pub struct CancelLessonBody {
    /// When it was to start: still to come, within 60 days.
    pub starts_at: DateTime<Utc>,
    /// Why, at most 200 characters.
    pub reason: String,
}

/// The family's dispute of a recorded lesson.
#[derive(Debug, Clone, Object)]
pub struct DisputeLessonBody {
    /// What is wrong with the record, at most 200 characters; the back office reads it.
    pub reason: String,
}

/// Why one side ends an arrangement.
#[derive(Debug, Clone, Object)]
pub struct EndArrangementBody {
    /// One of `schedule`, `teaching`, `attendance`, `student-needs`, `other`.
    pub reason: String,
    /// At most 200 characters; required for `other`.
    #[oai(default)]
    pub note: String,
}

/// The case opened again.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase")]
pub struct ReopenedCase {
    /// The case number, open to applications again.
    pub case_id: i64,
}

pub struct LessonsApi {
    pub record: LessonRecord,
    /// Issues the service fee once a match's first lesson is confirmed.
    pub billing: Billing,
}

#[OpenApi(tag = "Tag::Lessons")]
impl LessonsApi {
    /// One arrangement and its lessons
    ///
    /// Its two sides only (anyone else: 404): the lessons and their states, and what the
    /// confirmed ones come to at the agreed fee.
    #[oai(path = "/arrangements/:arrangementId", method = "get", operation_id = "getArrangement")]
    async fn get(
        &self,
        auth: BearerAuth,
        /// The offer's id of a match, or the booking's id.
        #[oai(name = "arrangementId")]
        arrangement_id: Path<Uuid>,
    ) -> Answer<Json<ArrangementBody>, { BAD_REQUEST | UNAUTHORIZED | NOT_FOUND }> {
        Ok(Json((&self.record.page(auth.user_id(), arrangement_id.0).await?).into()))
    }

    /// Record a lesson held
    ///
    /// The tutor only (the family: 403). The family is texted to confirm it within 72 hours;
    /// unanswered, it is confirmed then. One lesson per start (409); at most 20 entries per
    /// arrangement a day (429).
    #[oai(path = "/arrangements/:arrangementId/lessons", method = "post", operation_id = "recordLesson")]
    async fn record(
        &self,
        auth: BearerAuth,
        /// The offer's id of a match, or the booking's id.
        #[oai(name = "arrangementId")]
        arrangement_id: Path<Uuid>,
        body: Json<RecordLessonBody>,
    ) -> Answer<Json<LessonBody>, { BAD_REQUEST | UNAUTHORIZED | FORBIDDEN | NOT_FOUND | CONFLICT | TOO_MANY_REQUESTS | PAYLOAD_TOO_LARGE }>
    {
        let lesson = self.record.record(auth.user_id(), arrangement_id.0, body.starts_at, body.minutes).await?;
        Ok(Json((&lesson).into()))
    }

    /// Record a lesson cancelled ahead of time
    ///
    /// Either side, with a reason; under 24 hours' notice it is marked late.
    #[oai(path = "/arrangements/:arrangementId/cancellations", method = "post", operation_id = "cancelLesson")]
    async fn cancel(
        &self,
        auth: BearerAuth,
        /// The offer's id of a match, or the booking's id.
        #[oai(name = "arrangementId")]
        arrangement_id: Path<Uuid>,
        body: Json<CancelLessonBody>,
    ) -> Answer<Json<LessonBody>, { BAD_REQUEST | UNAUTHORIZED | NOT_FOUND | CONFLICT | TOO_MANY_REQUESTS | PAYLOAD_TOO_LARGE }> {
        let lesson = self.record.cancel(auth.user_id(), arrangement_id.0, body.starts_at, &body.reason).await?;
        Ok(Json((&lesson).into()))
    }

    /// Confirm a recorded lesson
    ///
    /// The family only, within 72 hours of the recording (then, or once answered: 409).
    #[oai(path = "/lessons/:lessonNumber/confirm", method = "post", operation_id = "confirmLesson")]
    async fn confirm(
        &self,
        auth: BearerAuth,
        /// The lesson number.
        #[oai(name = "lessonNumber")]
        lesson_number: Path<i64>,
    ) -> Answer<Json<LessonBody>, { BAD_REQUEST | UNAUTHORIZED | FORBIDDEN | NOT_FOUND | CONFLICT }> {
        let lesson = self.record.confirm(auth.user_id(), lesson_number.0).await?;
        // A match's first confirmed lesson makes its service fee due: issued now rather than
        // at the invoicing job's next round (best effort; the job issues it otherwise).
        if let Err(e) = self.billing.issue_for(lesson.arrangement_id).await {
            tracing::warn!(error = %e, "invoicing after a confirmed lesson failed; the job retries");
        }
        Ok(Json((&lesson).into()))
    }

    /// Dispute a recorded lesson
    ///
    /// The family only, within 72 hours, with a reason; the back office settles it
    /// (`tutorhub lessons resolve`).
    #[oai(path = "/lessons/:lessonNumber/dispute", method = "post", operation_id = "disputeLesson")]
    async fn dispute(
        &self,
        auth: BearerAuth,
        /// The lesson number.
        #[oai(name = "lessonNumber")]
        lesson_number: Path<i64>,
        body: Json<DisputeLessonBody>,
    ) -> Answer<Json<LessonBody>, { BAD_REQUEST | UNAUTHORIZED | FORBIDDEN | NOT_FOUND | CONFLICT | PAYLOAD_TOO_LARGE }> {
        Ok(Json((&self.record.dispute(auth.user_id(), lesson_number.0, &body.reason).await?).into()))
    }

    /// End an arrangement
    ///
    /// Either side, once (409 after), with a reason from the short list and a note; the
    /// other side is texted, and no lesson is recorded after.
    #[oai(path = "/arrangements/:arrangementId/end", method = "post", operation_id = "endArrangement")]
    async fn end(
        &self,
        auth: BearerAuth,
        /// The offer's id of a match, or the booking's id.
        #[oai(name = "arrangementId")]
        arrangement_id: Path<Uuid>,
        body: Json<EndArrangementBody>,
    ) -> Answer<Json<ArrangementBody>, { BAD_REQUEST | UNAUTHORIZED | NOT_FOUND | CONFLICT | PAYLOAD_TOO_LARGE }> {
        Ok(Json((&self.record.end(auth.user_id(), arrangement_id.0, &body.reason, &body.note).await?).into()))
    }

    /// Open the ended match's case again
    ///
    /// The family, when they ended the match before the first confirmed lesson or within 14
    /// days of it, once (409 otherwise): the case is back on the board (no second moderation)
    /// and its other applicants are listed again.
    #[oai(path = "/arrangements/:arrangementId/reopen", method = "post", operation_id = "reopenCase")]
    async fn reopen(
        &self,
        auth: BearerAuth,
        /// The offer's id of the match.
        #[oai(name = "arrangementId")]
        arrangement_id: Path<Uuid>,
    ) -> Answer<Json<ReopenedCase>, { BAD_REQUEST | UNAUTHORIZED | NOT_FOUND | CONFLICT }> {
        Ok(Json(ReopenedCase { case_id: self.record.reopen(auth.user_id(), arrangement_id.0).await? }))
    }
}
