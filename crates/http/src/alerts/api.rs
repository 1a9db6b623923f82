//! Saved searches (issue 12): `GET`/`POST /alerts`, `PUT`/`DELETE /alerts/{searchId}`, and
//! `POST /alerts/unsubscribe`, which the link in an alert opens without a login.

use chrono::{DateTime, Utc};
use poem_openapi::param::Path;
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, Object, OpenApi};
use tutorhub_domain::alerts::model::{AlertChannel, MAX_SAVED_SEARCHES, SavedSearch};
use tutorhub_domain::alerts::saved_searches::{SavedSearchForm, SavedSearches};
use tutorhub_domain::cases::search::{CaseOwnQuery, CaseQuery};

use crate::Tag;
use crate::cases::api::CaseSummary;
use crate::common::auth::BearerAuth;
use crate::common::keys::Key;
use crate::error::documented::{Answer, BAD_REQUEST, CONFLICT, FORBIDDEN, NOT_FOUND, PAYLOAD_TOO_LARGE, UNAUTHORIZED};
use crate::words::Words;

/// The case board's filters, as `GET /cases` takes them, and words every case must contain.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase")]
pub struct SavedSearchRequest {
    /// Education level key.
    pub level: Option<String>,
    #[oai(default, validator(max_items = 20))]
    pub grades: Vec<String>,
    #[oai(default, validator(max_items = 20))]
    pub subjects: Vec<String>,
    pub region: Option<String>,
    #[oai(default, validator(max_items = 20))]
    pub districts: Vec<String>,
    #[oai(default, validator(max_items = 30))]
    pub areas: Vec<String>,
    /// Minimum fee per lesson in HKD.
    pub min_rate: Option<String>,
    /// Maximum fee per lesson in HKD.
    pub max_rate: Option<String>,
    pub post_type: Option<String>,
    /// Up to 5 words separated by spaces, each at most 20 characters.
    #[oai(default, validator(max_length = 200))]
    pub keywords: String,
    pub channel: Key<AlertChannel>,
}

impl SavedSearchRequest {
    fn form(self) -> SavedSearchForm {
        SavedSearchForm {
            query: CaseQuery {
                level: self.level,
                subjects: self.subjects,
                region: self.region,
                districts: self.districts,
                areas: self.areas,
                min_rate: self.min_rate,
                max_rate: self.max_rate,
                own: CaseOwnQuery { grades: self.grades, post_type: self.post_type },
                ..CaseQuery::default()
            },
            keywords: self.keywords,
            channel: self.channel.0,
        }
    }
}

/// A saved search, with what it looks for in words.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase")]
pub struct SavedSearchBody {
    /// The saved search's number.
    pub search_id: i64,
    /// What it looks for, e.g. 中學・數學・觀塘區.
    pub summary: String,
    pub level: Option<String>,
    pub grades: Vec<String>,
    pub subjects: Vec<String>,
    pub region: Option<String>,
    pub districts: Vec<String>,
    pub areas: Vec<String>,
    pub min_rate: Option<String>,
    pub max_rate: Option<String>,
    pub post_type: Option<String>,
    pub keywords: String,
    pub channel: Key<AlertChannel>,
    /// Stopped from an alert's link: no alerts until resumed.
    pub stopped: bool,
    pub created_at: DateTime<Utc>,
}

impl From<&SavedSearch> for SavedSearchBody {
    fn from(s: &SavedSearch) -> Self {
        let q = s.criteria.query.clone();
        Self {
            search_id: s.number,
            summary: s.criteria.summary().say(),
            level: q.level,
            grades: q.own.grades,
            subjects: q.subjects,
            region: q.region,
            districts: q.districts,
            areas: q.areas,
            min_rate: q.min_rate,
            max_rate: q.max_rate,
            post_type: q.own.post_type,
            keywords: s.criteria.keywords.words().join(" "),
            channel: Key(s.channel),
            stopped: s.stopped,
            created_at: s.created_at,
        }
    }
}

/// A case one of the saved searches matched.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase")]
pub struct MatchedCase {
    pub search_id: i64,
    pub matched_at: DateTime<Utc>,
    pub case: CaseSummary,
}

/// The caller's saved searches and what they matched lately.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase")]
pub struct SavedSearchList {
    /// Oldest first.
    pub items: Vec<SavedSearchBody>,
    /// How many one may keep.
    pub max: u32,
    /// Still open cases the searches matched, newest first.
    pub recent_matches: Vec<MatchedCase>,
}

/// The token of an unsubscribe link (`/u/{token}`).
#[derive(Debug, Clone, Object)]
pub struct UnsubscribeRequest {
    #[oai(validator(max_length = 64))]
    pub token: String,
}

/// The saved search an unsubscribe link stopped.
#[derive(Debug, Clone, Object)]
pub struct LinkedSearch {
    /// What the saved search looks for.
    pub summary: String,
}

#[derive(Debug, ApiResponse)]
pub enum SavedSearchCreated {
    /// 已儲存搜尋
    #[oai(status = 201)]
    Created(Json<SavedSearchBody>),
}

#[derive(Debug, ApiResponse)]
pub enum SavedSearchDeleted {
    /// 已刪除
    #[oai(status = 204)]
    Done,
}

pub struct AlertsApi {
    pub saved_searches: SavedSearches,
    /// Answers `CaseSummary.full` (see the board).
    pub cap: u32,
}

#[OpenApi(tag = "Tag::Cases")]
impl AlertsApi {
    /// The caller's saved searches (case alerts)
    #[oai(path = "/alerts", method = "get", operation_id = "listSavedSearches")]
    async fn list(&self, auth: BearerAuth) -> Answer<Json<SavedSearchList>, UNAUTHORIZED> {
        let (searches, matches) = self.saved_searches.of(auth.user_id()).await?;
        Ok(Json(SavedSearchList {
            items: searches.iter().map(Into::into).collect(),
            max: MAX_SAVED_SEARCHES,
            recent_matches: matches
                .iter()
                .map(|(m, case)| MatchedCase { search_id: m.search, matched_at: m.at, case: CaseSummary::of(case, self.cap) })
                .collect(),
        }))
    }

    /// Save a search of the case board, to hear of new cases that match
    ///
    /// Active tutors only (else 403), at most 10 each (else 409). New matching cases come by
    /// SMS or e-mail: at most one message per channel an hour, none from 22:00 to 08:00.
    #[oai(path = "/alerts", method = "post", operation_id = "createSavedSearch")]
    async fn create(
        &self,
        auth: BearerAuth,
        body: Json<SavedSearchRequest>,
    ) -> Answer<SavedSearchCreated, { BAD_REQUEST | UNAUTHORIZED | FORBIDDEN | CONFLICT | PAYLOAD_TOO_LARGE }> {
        let saved = self.saved_searches.save(auth.user_id(), body.0.form()).await?;
        Ok(SavedSearchCreated::Created(Json((&saved).into())))
    }

    /// Change one of the caller's saved searches
    #[oai(path = "/alerts/:searchId", method = "put", operation_id = "updateSavedSearch")]
    async fn update(
        &self,
        auth: BearerAuth,
        /// The saved search's number.
        #[oai(name = "searchId")]
        search_id: Path<i64>,
        body: Json<SavedSearchRequest>,
    ) -> Answer<Json<SavedSearchBody>, { BAD_REQUEST | UNAUTHORIZED | NOT_FOUND | PAYLOAD_TOO_LARGE }> {
        let saved = self.saved_searches.change(auth.user_id(), search_id.0, body.0.form()).await?;
        Ok(Json((&saved).into()))
    }

    /// Delete one of the caller's saved searches; its alerts stop at once
    #[oai(path = "/alerts/:searchId", method = "delete", operation_id = "deleteSavedSearch")]
    async fn delete(
        &self,
        auth: BearerAuth,
        /// The saved search's number.
        #[oai(name = "searchId")]
        search_id: Path<i64>,
    ) -> Answer<SavedSearchDeleted, { BAD_REQUEST | UNAUTHORIZED | NOT_FOUND }> {
        self.saved_searches.delete(auth.user_id(), search_id.0).await?;
        Ok(SavedSearchDeleted::Done)
    }

    /// Resume one of the caller's stopped saved searches
    #[oai(path = "/alerts/:searchId/resume", method = "post", operation_id = "resumeSavedSearch")]
    async fn resume(
        &self,
        auth: BearerAuth,
        /// The saved search's number.
        #[oai(name = "searchId")]
        search_id: Path<i64>,
    ) -> Answer<Json<SavedSearchBody>, { BAD_REQUEST | UNAUTHORIZED | NOT_FOUND }> {
        Ok(Json((&self.saved_searches.resume(auth.user_id(), search_id.0).await?).into()))
    }

    /// Stop an alert from its link, without logging in
    ///
    /// The token is signed per saved search. The search is stopped, not deleted: its owner can
    /// resume it on the alerts page (`/alerts/{searchId}/resume`, logged in).
    #[oai(path = "/alerts/unsubscribe", method = "post", operation_id = "unsubscribeAlert")]
    async fn unsubscribe(
        &self,
        body: Json<UnsubscribeRequest>,
    ) -> Answer<Json<LinkedSearch>, { BAD_REQUEST | NOT_FOUND | PAYLOAD_TOO_LARGE }> {
        Ok(Json(LinkedSearch { summary: self.saved_searches.stop_from_link(&body.token).await?.say() }))
    }
}
