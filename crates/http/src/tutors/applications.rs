//! Applying to become a tutor: `POST /profiles/{userId}` (spec §7) and the applicant's view of
//! their application, `GET /profiles/me/application`.

use chrono::{DateTime, Utc};
use poem_openapi::param::Path;
use poem_openapi::payload::Json;
use poem_openapi::types::multipart::Upload;
use poem_openapi::{ApiResponse, Multipart, Object, OpenApi};
use tutorhub_domain::accounts::current_user::Accounts;
use tutorhub_domain::shared::validation::{Label, TutorsProblem, ValidationErrors};
use tutorhub_domain::tutors::applications::TutorApplications;
use tutorhub_domain::tutors::model::{ApplicationDetails, TutorApplication, TutorApplicationForm};

use crate::Tag;
use crate::common::auth::BearerAuth;
use crate::common::auth::own_account;
use crate::common::keys::Key;
use crate::error::ApiError;
use crate::error::documented::{Answer, BAD_REQUEST, CONFLICT, FORBIDDEN, PAYLOAD_TOO_LARGE, UNAUTHORIZED};
use crate::words::application_status;
use tutorhub_domain::tutors::model::{TutorApplicationStatus, TutorGender};

/// The tutor application form (spec §3): every field of the spec required (one of `teachingMode`
/// and `teachingModes` will do); gender and teaching districts optional. Numbers travel as text
/// and are checked by the server, so a bad one gets a field message rather than a framework error.
#[derive(Debug, Multipart)]
#[oai(rename_all = "camelCase")]
pub struct TutorApplicationUpload {
    pub name: Option<String>,
    /// Hong Kong phone number.
    pub contact_number: Option<String>,
    pub education: Option<String>,
    /// Whole years.
    pub age: Option<String>,
    /// Years of teaching experience.
    pub teaching_experience: Option<String>,
    /// "level subject" items, comma-separated and/or repeated, e.g. "中學 數學, 中學 物理".
    pub subjects: Vec<String>,
    pub exam_results: Option<String>,
    pub course_features: Option<String>,
    /// An area from the catalogue, e.g. 藍田.
    pub teaching_area: Option<String>,
    /// When the tutor can teach (free text).
    pub teaching_schedule: Option<String>,
    /// A teaching mode key, e.g. `one-to-one`.
    pub teaching_mode: Option<String>,
    /// `male` or `female`; may be left out.
    pub gender: Option<String>,
    /// Further teaching mode keys, repeated: one of `teachingMode` and `teachingModes` is needed.
    #[oai(default, validator(max_items = 5))]
    pub teaching_modes: Vec<String>,
    /// District names where the tutor teaches, repeated (e.g. 觀塘區); none means the area's district.
    #[oai(default, validator(max_items = 18))]
    pub teaching_districts: Vec<String>,
    /// HKD per lesson.
    pub required_fee: Option<String>,
    pub bio: Option<String>,
    /// JPEG, PNG or WebP, at most 5 MB.
    pub avatar: Option<Upload>,
}

/// An application as its applicant sees it.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase")]
pub struct TutorApplicationView {
    pub id: String,
    /// The application number.
    pub application_id: i64,
    pub status: Key<TutorApplicationStatus>,
    /// 審批中, 已批核 or 已拒絕.
    pub status_label: String,
    #[oai(skip_serializing_if_is_none)]
    pub rejection_reason: Option<String>,
    pub submitted_at: DateTime<Utc>,
    #[oai(skip_serializing_if_is_none)]
    pub reviewed_at: Option<DateTime<Utc>>,
    pub name: String,
    pub contact_number: String,
    pub education: String,
    pub age: u32,
    pub teaching_experience: u32,
    pub subjects: Vec<String>,
    pub exam_results: String,
    pub course_features: String,
    pub teaching_area: String,
    pub teaching_schedule: String,
    #[oai(skip_serializing_if_is_none)]
    pub gender: Option<Key<TutorGender>>,
    /// The first teaching mode's key.
    pub teaching_mode: String,
    /// Every teaching mode key, first one first.
    pub teaching_modes: Vec<String>,
    /// District names where the tutor teaches.
    pub teaching_districts: Vec<String>,
    /// HKD per lesson.
    pub required_fee: f64,
    pub bio: String,
    /// Public URL path of the avatar.
    pub avatar: String,
}

impl From<&TutorApplication> for TutorApplicationView {
    fn from(a: &TutorApplication) -> Self {
        let d = &a.details;
        Self {
            id: a.id.to_string(),
            application_id: a.number,
            status: a.status.into(),
            status_label: application_status(a.status, crate::words::language()).into(),
            rejection_reason: a.rejection_reason.clone(),
            submitted_at: a.submitted_at,
            reviewed_at: a.reviewed_at,
            name: d.name.as_str().into(),
            contact_number: d.contact_number.as_str().into(),
            education: d.education.clone(),
            age: d.age,
            teaching_experience: d.teaching_experience,
            subjects: d.subject_labels(),
            exam_results: d.exam_results.clone(),
            course_features: d.course_features.clone(),
            teaching_area: d.place.area.into(),
            teaching_schedule: d.teaching_schedule.clone(),
            gender: d.gender.map(Key),
            teaching_mode: d.teaching_mode().into(),
            teaching_modes: d.teaching_modes.iter().map(|m| m.key.into()).collect(),
            teaching_districts: d.teaching_districts.iter().map(|d| (*d).into()).collect(),
            required_fee: d.required_fee.dollars(),
            bio: d.bio.clone(),
            avatar: a.avatar.clone(),
        }
    }
}

/// The caller's latest application, absent when they never applied.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase")]
pub struct MyApplication {
    #[oai(skip_serializing_if_is_none)]
    pub application: Option<TutorApplicationView>,
}

#[derive(Debug, ApiResponse)]
pub enum SubmitResponse {
    /// 申請已提交，等候審批
    #[oai(status = 201)]
    Created(Json<TutorApplicationView>),
}

fn number_field(errors: &mut ValidationErrors, field: &'static str, label: Label, raw: Option<&str>) -> Option<i64> {
    let raw = raw.map(str::trim).filter(|r| !r.is_empty())?;
    raw.parse::<i64>().map_err(|_| errors.add(field, TutorsProblem::NotWholeNumber(label))).ok()
}

/// The form as the domain reads it, and the errors of numbers that did not parse.
fn form_of(upload: &TutorApplicationUpload) -> (TutorApplicationForm, ValidationErrors) {
    let mut errors = ValidationErrors::new();
    let text = |value: &Option<String>| value.clone().unwrap_or_default();
    let age = number_field(&mut errors, "age", Label::Age, upload.age.as_deref());
    let teaching_experience =
        number_field(&mut errors, "teachingExperience", Label::TeachingExperience, upload.teaching_experience.as_deref());
    let required_fee = upload
        .required_fee
        .as_deref()
        .map(str::trim)
        .filter(|r| !r.is_empty())
        .and_then(|raw| raw.parse::<f64>().map_err(|_| errors.add("requiredFee", TutorsProblem::FeeNotNumber)).ok());
    let form = TutorApplicationForm {
        name: text(&upload.name),
        contact_number: text(&upload.contact_number),
        education: text(&upload.education),
        age,
        teaching_experience,
        subjects: upload.subjects.clone(),
        exam_results: text(&upload.exam_results),
        course_features: text(&upload.course_features),
        teaching_area: text(&upload.teaching_area),
        teaching_schedule: text(&upload.teaching_schedule),
        teaching_mode: text(&upload.teaching_mode),
        gender: text(&upload.gender),
        teaching_modes: upload.teaching_modes.clone(),
        teaching_districts: upload.teaching_districts.clone(),
        required_fee,
        bio: text(&upload.bio),
    };
    (form, errors)
}

/// Unparsable numbers plus every other field's error, so the form can mark them all at once.
fn with_field_errors(mut errors: ValidationErrors, form: &TutorApplicationForm) -> ValidationErrors {
    if let Err(others) = ApplicationDetails::parse(form) {
        for other in others.fields() {
            if !errors.fields().iter().any(|e| e.field == other.field) {
                errors.add(other.field, other.problem.clone());
            }
        }
    }
    errors
}

pub struct ProfilesApi {
    pub accounts: Accounts,
    pub applications: TutorApplications,
}

#[OpenApi(tag = "Tag::Tutors")]
impl ProfilesApi {
    /// Apply to become a tutor
    ///
    /// Multipart form of spec §3 with the avatar. Only for the caller's own account (else 403).
    /// One pending application per user (409); approval is done by the back office.
    #[oai(path = "/profiles/:userId", method = "post", operation_id = "submitTutorApplication")]
    async fn submit(
        &self,
        auth: BearerAuth,
        /// The caller's user id (or user number).
        #[oai(name = "userId")]
        user_id: Path<String>,
        form: TutorApplicationUpload,
    ) -> Answer<SubmitResponse, { BAD_REQUEST | UNAUTHORIZED | FORBIDDEN | CONFLICT | PAYLOAD_TOO_LARGE }> {
        let caller = own_account(&self.accounts, &auth, &user_id.0).await?;
        let (parsed, number_errors) = form_of(&form);
        if !number_errors.is_empty() {
            return Err(ApiError::invalid(&with_field_errors(number_errors, &parsed)).into());
        }
        let avatar = match form.avatar {
            Some(upload) => Some(upload.into_vec().await.map_err(|e| ApiError::internal(&e))?),
            None => None,
        };
        let application = self.applications.submit(caller.id, &parsed, avatar).await?;
        Ok(SubmitResponse::Created(Json((&application).into())))
    }

    /// The caller's latest tutor application and its state
    #[oai(path = "/profiles/me/application", method = "get", operation_id = "getMyTutorApplication")]
    async fn mine(&self, auth: BearerAuth) -> Answer<Json<MyApplication>, UNAUTHORIZED> {
        let latest = self.applications.latest_of(auth.user_id()).await?;
        Ok(Json(MyApplication { application: latest.as_ref().map(TutorApplicationView::from) }))
    }
}
