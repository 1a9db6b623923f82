//! The tutor directory: `GET /tutors`, `GET /tutors/{id}`, `GET /users` (spec §7: active tutors only).
//! Public answers carry public fields only: never a phone, e-mail or birth date.

use std::sync::Arc;

use crate::common::sort::TutorSort;
use chrono::{DateTime, Utc};
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};
use serde::Serialize;
use tutorhub_domain::shared::paging::{Page, PageRequest};
use tutorhub_domain::tutors::directory::{BrowseTutorsError, TutorDirectory};
use tutorhub_domain::tutors::model::{TrackRecord, TutorGender, TutorProfile, TutorRef};
use tutorhub_domain::tutors::search::{TutorFilter, TutorOwnQuery, TutorQuery};

use crate::Tag;
use crate::common::keys::Key;
use crate::common::paging::page_request;
use crate::common::prepared::{AnswerKey, Prepared, PreparedAnswers, rfc3339};
use crate::common::search::SearchParams;
use crate::error::ApiError;
use crate::error::documented::{Answer, BAD_REQUEST, NOT_FOUND};
use crate::system::catalogue::ChoiceView;
use tutorhub_domain::accounts::user::Role;

/// A tutor as anyone may see them (spec §3 "user as listed" and "tutor user", less private fields).
#[derive(Debug, Clone, Object, Serialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct PublicTutor {
    /// The user's opaque id.
    pub id: String,
    /// The user number ("用戶編號 1024"); `/tutors/{id}` accepts it too.
    pub user_id: i64,
    /// Always `tutor`.
    pub role: Key<Role>,
    pub is_tutor: bool,
    pub is_tutor_profile_active: bool,
    pub name: String,
    /// Public URL path of the avatar.
    #[oai(skip_serializing_if_is_none)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub avatar: Option<String>,
    pub education: String,
    /// "level subject" strings, e.g. "中學 數學".
    pub subjects: Vec<String>,
    /// The levels taught, e.g. "小學、中學".
    pub grade_level: String,
    /// Free text, e.g. "星期一至五 晚上".
    pub available_times: String,
    /// The area, e.g. 藍田.
    pub location: String,
    pub district: String,
    pub region: String,
    /// When the tutor gave it: a case may prefer one.
    #[oai(skip_serializing_if_is_none)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub gender: Option<Key<TutorGender>>,
    /// The first teaching mode's key, e.g. `one-to-one`.
    pub teaching_mode: String,
    /// Its zh-HK label, e.g. 一對一.
    pub teaching_mode_label: String,
    /// Every mode the tutor teaches in, first one first.
    pub teaching_modes: Vec<ChoiceView>,
    /// The districts where the tutor teaches, e.g. 觀塘區.
    pub teaching_districts: Vec<String>,
    /// HKD per lesson.
    pub rate: f64,
    pub bio: String,
    /// Years of teaching experience.
    pub experience_years: u32,
    pub exam_results: String,
    pub course_features: String,
    /// When the back office approved the tutor.
    #[serde(serialize_with = "rfc3339")]
    pub approved_at: DateTime<Utc>,
    /// Visible reviews from parents and students with lessons behind them.
    pub review_count: u32,
    /// Their mean stars (1 to 5) to one decimal; absent without reviews.
    #[oai(skip_serializing_if_is_none)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub average_rating: Option<f64>,
    /// What the tutor has done here: only on the profile (`GET /tutors/{id}`), not in lists.
    #[oai(skip_serializing_if_is_none)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub record: Option<TrackRecordBody>,
}

/// A tutor's record, counted by the platform.
#[derive(Debug, Clone, Object, Serialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct TrackRecordBody {
    /// Cases whose owner chose this tutor.
    pub matched_cases: u64,
    /// Bookings this tutor accepted.
    pub accepted_bookings: u64,
    /// When the tutor's account was created.
    #[serde(serialize_with = "rfc3339")]
    pub member_since: DateTime<Utc>,
    /// Lessons confirmed as held on the tutor's lesson records.
    pub lessons_held: u64,
    /// The share of settled lessons confirmed without a dispute, whole percent; only from 5
    /// settled lessons.
    #[oai(skip_serializing_if_is_none)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub undisputed_percent: Option<u64>,
}

impl From<(&TutorProfile, TrackRecord)> for PublicTutor {
    fn from((profile, record): (&TutorProfile, TrackRecord)) -> Self {
        let record = TrackRecordBody {
            matched_cases: record.matched_cases,
            accepted_bookings: record.accepted_bookings,
            member_since: record.member_since,
            lessons_held: record.lessons_held,
            undisputed_percent: record.undisputed_percent(),
        };
        Self { record: Some(record), ..profile.into() }
    }
}

impl From<&TutorProfile> for PublicTutor {
    fn from(profile: &TutorProfile) -> Self {
        Self {
            id: profile.user_id.to_string(),
            user_id: profile.user_number,
            role: Key(Role::Tutor),
            is_tutor: true,
            is_tutor_profile_active: profile.active,
            name: profile.name.clone(),
            avatar: profile.avatar.clone(),
            education: profile.education.clone(),
            subjects: profile.subject_labels(),
            grade_level: profile.grade_level.clone(),
            available_times: profile.available_times.clone(),
            location: profile.place.area.into(),
            district: profile.place.district.into(),
            region: profile.place.region.into(),
            gender: profile.gender.map(Key),
            teaching_mode: profile.teaching_mode().into(),
            teaching_mode_label: profile
                .teaching_mode_choices()
                .into_iter()
                .find(|m| m.key == profile.teaching_mode())
                .map_or("", |m| m.label)
                .into(),
            teaching_modes: profile.teaching_mode_choices().into_iter().map(ChoiceView::from).collect(),
            teaching_districts: profile.teaching_districts.clone(),
            rate: profile.rate.dollars(),
            bio: profile.bio.clone(),
            experience_years: profile.experience_years,
            exam_results: profile.exam_results.clone(),
            course_features: profile.course_features.clone(),
            approved_at: profile.approved_at,
            review_count: profile.reviews.count,
            average_rating: profile.reviews.average(),
            record: None,
        }
    }
}

/// One page of tutors.
#[derive(Debug, Clone, Object, Serialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct TutorPage {
    pub items: Vec<PublicTutor>,
    /// Matches across all pages.
    pub total: u64,
    /// From 1.
    pub page: u32,
    pub page_size: u32,
}

impl From<Page<TutorProfile>> for TutorPage {
    fn from(page: Page<TutorProfile>) -> Self {
        Self {
            items: page.items.iter().map(PublicTutor::from).collect(),
            total: page.total,
            page: page.request.page(),
            page_size: page.request.page_size(),
        }
    }
}

pub struct TutorsApi {
    pub directory: TutorDirectory,
    /// The directory's pages as sent, while nothing in it changes.
    pub prepared: Arc<PreparedAnswers>,
}

#[OpenApi(tag = "Tag::Tutors")]
impl TutorsApi {
    /// Search active tutors
    ///
    /// Filters combine with AND; list filters match any of their values. Level and subjects
    /// match the same taught subject. Every key and name must be the catalogue's
    /// (`GET /catalogue`): anything else is a 400 naming the field. With words (`q`), every word must be found in the
    /// profile (name, subjects, education, exam results, course features, teaching areas,
    /// bio) and the best matches come first; without, the newest approval first.
    #[allow(clippy::too_many_arguments)]
    #[oai(path = "/tutors", method = "get", operation_id = "searchTutors")]
    async fn search(
        &self,
        /// Education level key.
        level: Query<Option<String>>,
        /// Subject names within the level (repeat for several); for `tertiary`, free text matched within the subject.
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
        /// Words to find, in Chinese or English (at most 100 characters), e.g. `DSE 數學`. A word
        /// naming a level or a subject (中學, DSE, 數學, physics) narrows the search to tutors teaching it.
        q: Query<Option<String>>,
        /// The order: `best` (default: the best matches for `q` first, else the newest approval),
        /// `newest`, `feeLow`, `feeHigh` (fee per lesson, then newest) or `rating` (the best rated
        /// first, weighing how many reviews; tutors without reviews last).
        sort: Query<Option<TutorSort>>,
        /// Page number, from 1.
        #[oai(validator(minimum(value = "1"), maximum(value = "10000")))]
        page: Query<Option<i64>>,
        /// Items per page, 1 to 100 (default 20).
        #[oai(name = "pageSize", validator(minimum(value = "1"), maximum(value = "100")))]
        page_size: Query<Option<i64>>,
    ) -> Answer<Prepared<TutorPage>, BAD_REQUEST> {
        let params = SearchParams { level, subjects, region, districts, areas, min_rate, max_rate, q, sort, page, page_size };
        let (filter, paging) = params.read(TutorOwnQuery)?;
        let search = || async { Ok(self.directory.search(&filter, paging).await?.into()) };
        Ok(self.prepared.answer(AnswerKey::Tutors(filter.clone(), paging), search).await?)
    }

    /// One active tutor's public profile
    #[oai(path = "/tutors/:id", method = "get", operation_id = "getTutor")]
    async fn get(
        &self,
        /// The user number or the user id.
        id: Path<String>,
    ) -> Answer<Json<PublicTutor>, NOT_FOUND> {
        let tutor = TutorRef::parse(&id.0).ok_or(BrowseTutorsError::NotFound)?;
        let (profile, record) = self.directory.profile(tutor).await?;
        Ok(Json((&profile, record).into()))
    }

    /// Users as listed for search: active tutors only, public fields only
    #[oai(path = "/users", method = "get", operation_id = "listUsers")]
    async fn users(
        &self,
        /// Words to find in the tutors' profiles, as for `GET /tutors`.
        q: Query<Option<String>>,
        /// Page number, from 1.
        page: Query<Option<i64>>,
        /// Items per page, 1 to 100 (default 100).
        #[oai(name = "pageSize")]
        page_size: Query<Option<i64>>,
    ) -> Answer<Json<Vec<PublicTutor>>, BAD_REQUEST> {
        let request = page_request(page.0, page_size.0.or(Some(i64::from(PageRequest::MAX_SIZE))))?;
        let filter = TutorFilter::parse(&TutorQuery { q: q.0, ..TutorQuery::default() }).map_err(|e| ApiError::invalid(&e))?;
        let page = self.directory.search(&filter, request).await?;
        Ok(Json(page.items.iter().map(PublicTutor::from).collect()))
    }
}
