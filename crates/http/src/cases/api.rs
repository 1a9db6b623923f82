//! The case board and posting: `GET /cases`, `GET /cases/public`, `GET /cases/{caseId}`,
//! `POST /cases`, `PUT /cases/{caseId}`.

use crate::billing::api::ServiceFeeBody;
use std::sync::Arc;
use tutorhub_domain::billing::terms::ServiceFee;

use chrono::{DateTime, Utc};
use poem::Request;
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};
use serde::Serialize;
use tutorhub_domain::cases::board::CaseBoard;
use tutorhub_domain::cases::fee_guidance::FeeGuidance;
use tutorhub_domain::cases::fees::{FeeGuide, FeeQuery, FeeScope, MIN_SAMPLE};
use tutorhub_domain::cases::model::Case;
use tutorhub_domain::cases::posting::CasePosting;
use tutorhub_domain::cases::search::CaseOwnQuery;
use tutorhub_domain::shared::paging::Page;
use uuid::Uuid;

use crate::Tag;
use crate::common::auth::{BearerAuth, optional_user};
use crate::common::keys::Key;
use crate::common::paging::page_request;
use crate::common::prepared::{AnswerKey, Prepared, PreparedAnswers, rfc3339};
use crate::common::search::SearchParams;
use crate::common::sort::CaseSort;
use crate::error::documented::{Answer, BAD_REQUEST, CONFLICT, FORBIDDEN, NOT_FOUND, PAYLOAD_TOO_LARGE, UNAUTHORIZED};
use tutorhub_domain::cases::model::CaseForm;
use tutorhub_domain::cases::model::{CaseStatus, PostType, PreferredGender};

/// A case as lists show it.
#[derive(Debug, Clone, Object, Serialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct CaseSummary {
    /// Opaque id.
    pub id: String,
    /// The case number shown on screen ("個案編號 10234") and used in paths.
    pub case_id: i64,
    pub post_type: Key<PostType>,
    pub post_title: String,
    /// The description's first line, cut to fit a card.
    pub excerpt: String,
    /// Education level key, e.g. `secondary`.
    pub level: String,
    pub grade: String,
    pub subjects: Vec<String>,
    /// The grade, a space, then the subjects: "中三 數學、英文".
    pub subject: String,
    /// The area, e.g. 藍田.
    pub location: String,
    pub district: String,
    pub region: String,
    /// HKD per lesson.
    pub rate: f64,
    /// Minutes per lesson.
    pub session_length: i64,
    pub sessions_per_week: i64,
    pub preferred_gender: Key<PreferredGender>,
    /// `YYYY-MM-DD`.
    pub start_date: String,
    pub status: Key<CaseStatus>,
    /// Tutors who applied.
    pub applicant_count: u32,
    /// The case takes no more applications: it reached the applicant cap.
    pub full: bool,
    #[serde(serialize_with = "rfc3339")]
    pub created_at: DateTime<Utc>,
}

/// A case with everything the owner wrote.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase")]
pub struct CaseDetail {
    #[oai(flatten)]
    pub summary: CaseSummary,
    pub description: String,
    /// The caller posted this case: they may edit it and see who applied.
    pub mine: bool,
    /// What a tutor matched at the case's fee pays us, and how it is computed (stated before
    /// applying; the offer states it at the agreed fee).
    pub service_fee: ServiceFeeBody,
}

/// One page of cases.
#[derive(Debug, Clone, Object, Serialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct CasePage {
    pub items: Vec<CaseSummary>,
    /// Matches across all pages.
    pub total: u64,
    /// From 1.
    pub page: u32,
    pub page_size: u32,
}

impl CaseSummary {
    /// The summary of `case`, which is full once `cap` tutors applied.
    pub fn of(case: &Case, cap: u32) -> Self {
        let d = &case.details;
        Self {
            id: case.id.to_string(),
            case_id: case.number,
            post_type: d.post_type.into(),
            post_title: d.title.clone(),
            excerpt: d.excerpt(),
            level: d.level.key.into(),
            grade: d.grade.clone(),
            subjects: d.subjects.clone(),
            subject: d.subject_line(),
            location: d.place.area.into(),
            district: d.place.district.into(),
            region: d.place.region.into(),
            rate: d.rate.dollars(),
            session_length: d.session_minutes.into(),
            sessions_per_week: d.sessions_per_week.into(),
            preferred_gender: d.preferred_gender.into(),
            start_date: d.start_date.format("%Y-%m-%d").to_string(),
            status: case.status.into(),
            applicant_count: case.applicant_count,
            full: case.is_full(cap),
            created_at: case.created_at,
        }
    }
}

impl CaseDetail {
    /// The case as `viewer` (logged in or not) sees it.
    pub fn of(case: &Case, cap: u32, viewer: Option<Uuid>) -> Self {
        let mine = viewer.is_some() && viewer == case.owner_id;
        let d = &case.details;
        let service_fee = ServiceFee::of(d.rate, d.sessions_per_week).into();
        Self { summary: CaseSummary::of(case, cap), description: d.description.clone(), mine, service_fee }
    }
}

impl CasePage {
    pub fn of(page: Page<Case>, cap: u32) -> Self {
        Self {
            items: page.items.iter().map(|case| CaseSummary::of(case, cap)).collect(),
            total: page.total,
            page: page.request.page(),
            page_size: page.request.page_size(),
        }
    }
}

/// The case form (spec §3). Every field is required; missing ones are reported per field.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase")]
pub struct CaseFormBody {
    /// `student-seeking-tutor` (default) or `tutor-seeking-student` (tutors only).
    pub post_type: Option<String>,
    pub post_title: Option<String>,
    /// Education level key, e.g. `secondary`.
    pub level: Option<String>,
    /// The spec's name for `level`; used when `level` is absent.
    pub category: Option<String>,
    /// A grade of the level, e.g. 中三.
    pub grade: Option<String>,
    /// Subjects of the level; for `tertiary`, one free-text subject.
    pub subjects: Option<Vec<String>>,
    /// An area, e.g. 藍田.
    pub location: Option<String>,
    /// HKD per lesson.
    pub rate: Option<f64>,
    /// Minutes per lesson.
    pub session_length: Option<i64>,
    pub sessions_per_week: Option<i64>,
    pub description: Option<String>,
    /// `no limit` (default), `male` or `female`.
    pub preferred_gender: Option<String>,
    /// `YYYY-MM-DD`.
    pub start_date: Option<String>,
}

impl From<CaseFormBody> for CaseForm {
    fn from(body: CaseFormBody) -> Self {
        Self {
            post_type: body.post_type.unwrap_or_default(),
            post_title: body.post_title.unwrap_or_default(),
            level: body.level.or(body.category).unwrap_or_default(),
            grade: body.grade.unwrap_or_default(),
            subjects: body.subjects.unwrap_or_default(),
            location: body.location.unwrap_or_default(),
            rate: body.rate,
            session_length: body.session_length,
            sessions_per_week: body.sessions_per_week,
            description: body.description.unwrap_or_default(),
            preferred_gender: body.preferred_gender.unwrap_or_default(),
            start_date: body.start_date.unwrap_or_default(),
        }
    }
}

/// Where fees per hour of comparable cases sit (HKD per hour), for the fee fields.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase")]
pub struct FeeGuideBody {
    /// How wide the comparison had to look: the subject (and grade), the level in the region,
    /// or the level anywhere.
    pub scope: Key<FeeScope>,
    /// Comparable cases; the figures are absent when there are none.
    pub count: u64,
    /// A quarter of the cases offer less than this per hour.
    #[oai(skip_serializing_if_is_none)]
    pub lower_quartile: Option<f64>,
    #[oai(skip_serializing_if_is_none)]
    pub median: Option<f64>,
    /// A quarter of the cases offer more than this per hour.
    #[oai(skip_serializing_if_is_none)]
    pub upper_quartile: Option<f64>,
    /// Below this many cases the guide looks wider; a screen may say the figures are rough.
    pub min_sample: u64,
}

impl From<FeeGuide> for FeeGuideBody {
    fn from(guide: FeeGuide) -> Self {
        let q = guide.quartiles;
        Self {
            scope: Key(guide.scope),
            count: q.map_or(0, |q| q.count),
            lower_quartile: q.map(|q| q.lower.dollars()),
            median: q.map(|q| q.median.dollars()),
            upper_quartile: q.map(|q| q.upper.dollars()),
            min_sample: MIN_SAMPLE,
        }
    }
}

pub struct CasesApi {
    pub board: CaseBoard,
    pub fees: FeeGuidance,
    pub posting: CasePosting,
    /// Applicants a case takes, to show which cases are full.
    pub cap: u32,
    /// The board's pages as sent, while nothing on it changes.
    pub prepared: Arc<PreparedAnswers>,
}

#[OpenApi(tag = "Tag::Cases")]
impl CasesApi {
    /// Search approved cases
    ///
    /// Filters combine with AND; list filters match any of their values. Every key and name
    /// must be the catalogue's (`GET /catalogue`; grades and subjects of the chosen level):
    /// anything else is a 400 naming the field. With words (`q`), every word must be found in
    /// the case (title, subjects, grade, description, area, district) and the best matches come
    /// first; without, the newest first.
    #[allow(clippy::too_many_arguments)]
    #[oai(path = "/cases", method = "get", operation_id = "searchCases")]
    async fn search(
        &self,
        /// Education level key.
        level: Query<Option<String>>,
        /// Grades (repeat the parameter for several).
        grades: Query<Option<Vec<String>>>,
        /// Subjects; for level `tertiary`, free text matched within the subject.
        subjects: Query<Option<Vec<String>>>,
        /// Region name, e.g. 九龍.
        region: Query<Option<String>>,
        /// District names, e.g. 觀塘區.
        districts: Query<Option<Vec<String>>>,
        /// Area names, e.g. 藍田.
        areas: Query<Option<Vec<String>>>,
        /// Minimum fee per lesson in HKD; a non-numeric value is ignored.
        #[oai(name = "minRate")]
        min_rate: Query<Option<String>>,
        /// Maximum fee per lesson in HKD; a non-numeric value is ignored, one below `minRate` is a 400.
        #[oai(name = "maxRate")]
        max_rate: Query<Option<String>>,
        /// `student-seeking-tutor`, `tutor-seeking-student`, or `approved` (all: every listed case is approved).
        #[oai(name = "postType")]
        post_type: Query<Option<String>>,
        /// Words to find, in Chinese or English (at most 100 characters), e.g. `DSE 數學`. A word
        /// naming a level or a subject (中學, DSE, 數學, physics) narrows the search to it.
        q: Query<Option<String>>,
        /// The order: `best` (default: the best matches for `q` first, else the newest),
        /// `newest`, `feeLow` or `feeHigh` (fee per lesson, then newest).
        sort: Query<Option<CaseSort>>,
        /// Page number, from 1.
        #[oai(validator(minimum(value = "1"), maximum(value = "10000")))]
        page: Query<Option<i64>>,
        /// Items per page, 1 to 100 (default 20).
        #[oai(name = "pageSize", validator(minimum(value = "1"), maximum(value = "100")))]
        page_size: Query<Option<i64>>,
    ) -> Answer<Prepared<CasePage>, BAD_REQUEST> {
        let params = SearchParams { level, subjects, region, districts, areas, min_rate, max_rate, q, sort, page, page_size };
        let (filter, paging) = params.read(CaseOwnQuery { grades: grades.0.unwrap_or_default(), post_type: post_type.0 })?;
        let search = || async { Ok(CasePage::of(self.board.search(&filter, paging).await?, self.cap)) };
        Ok(self.prepared.answer(AnswerKey::Cases(filter.clone(), paging), search).await?)
    }

    /// The newest approved cases, for the home page
    #[oai(path = "/cases/public", method = "get", operation_id = "listPublicCases")]
    async fn public(
        &self,
        /// Page number, from 1.
        #[oai(validator(minimum(value = "1"), maximum(value = "10000")))]
        page: Query<Option<i64>>,
        /// Items per page, 1 to 100 (default 20).
        #[oai(name = "pageSize", validator(minimum(value = "1"), maximum(value = "100")))]
        page_size: Query<Option<i64>>,
    ) -> Answer<Prepared<CasePage>, BAD_REQUEST> {
        let paging = page_request(page.0, page_size.0)?;
        let latest = || async { Ok(CasePage::of(self.board.latest(paging).await?, self.cap)) };
        Ok(self.prepared.answer(AnswerKey::LatestCases(paging), latest).await?)
    }

    /// Fee guidance for a fee field
    ///
    /// Fees per hour of moderated cases parents posted: the subject (and grade) when at least
    /// `minSample` compare, else the level in the region, else the level anywhere.
    #[oai(path = "/cases/fee-guide", method = "get", operation_id = "getFeeGuide")]
    async fn fee_guide(
        &self,
        /// Education level key.
        level: Query<String>,
        /// A grade of the level, e.g. 中三.
        grade: Query<Option<String>>,
        /// A subject of the level, e.g. 數學.
        subject: Query<Option<String>>,
        /// Region name, e.g. 九龍.
        region: Query<Option<String>>,
    ) -> Answer<Json<FeeGuideBody>, BAD_REQUEST> {
        let query = FeeQuery { level: level.0, grade: grade.0, subject: subject.0, region: region.0 };
        Ok(Json(self.fees.guide(&query).await?.into()))
    }

    /// One case by its number
    ///
    /// An approved case for anyone; a pending, rejected, offered, matched or closed one only
    /// for its owner (send the bearer token), and a matched one also for the tutor who
    /// confirmed it; else 404.
    #[oai(path = "/cases/:caseId", method = "get", operation_id = "getCase")]
    async fn get(
        &self,
        request: &Request,
        /// The case number.
        #[oai(name = "caseId")]
        case_id: Path<i64>,
    ) -> Answer<Json<CaseDetail>, { BAD_REQUEST | NOT_FOUND }> {
        let viewer = optional_user(request);
        let case = self.posting.view(viewer, case_id.0).await?;
        Ok(Json(CaseDetail::of(&case, self.cap, viewer)))
    }

    /// Post a case
    ///
    /// It waits for the back office's approval (unless `CASES_AUTO_APPROVE=true`). Only
    /// tutors may post `tutor-seeking-student` cases.
    #[oai(path = "/cases", method = "post", operation_id = "postCase")]
    async fn post(
        &self,
        auth: BearerAuth,
        body: Json<CaseFormBody>,
    ) -> Answer<Json<CaseDetail>, { BAD_REQUEST | UNAUTHORIZED | FORBIDDEN | PAYLOAD_TOO_LARGE }> {
        let case = self.posting.post(auth.user_id(), &body.0.into()).await?;
        Ok(Json(CaseDetail::of(&case, self.cap, Some(auth.user_id()))))
    }

    /// Update one's own case
    ///
    /// The owner only (403 otherwise); an offered, matched or closed case cannot change (409). The
    /// changed case goes back to moderation.
    #[oai(path = "/cases/:caseId", method = "put", operation_id = "updateCase")]
    async fn update(
        &self,
        auth: BearerAuth,
        /// The case number.
        #[oai(name = "caseId")]
        case_id: Path<i64>,
        body: Json<CaseFormBody>,
    ) -> Answer<Json<CaseDetail>, { BAD_REQUEST | UNAUTHORIZED | FORBIDDEN | NOT_FOUND | CONFLICT | PAYLOAD_TOO_LARGE }> {
        let case = self.posting.update(auth.user_id(), case_id.0, &body.0.into()).await?;
        Ok(Json(CaseDetail::of(&case, self.cap, Some(auth.user_id()))))
    }
}
