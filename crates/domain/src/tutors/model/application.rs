//! The application a user files to become a tutor: the form, its rules, and the back
//! office's decision.

use chrono::{DateTime, Utc};
use uuid::Uuid;

use crate::cases::model::{in_range, required_text};
use crate::keyed_enum;
use crate::shared::catalogue::{self, Choice, Place};
use crate::shared::contact_details::{self, Exchange};
use crate::shared::identity::{DisplayName, MINIMUM_AGE, Phone};
use crate::shared::money::Rate;
use crate::shared::validation::{Label, Lines, Problem, TutorsProblem, Unit, ValidationErrors, refuse_control_characters};

keyed_enum! {
    /// pending -> approved | rejected; nothing moves out of approved or rejected.
    pub enum TutorApplicationStatus {
        Pending => "pending",
        Approved => "approved",
        Rejected => "rejected",
    }
}

keyed_enum! {
    /// A tutor's gender, when they give it: parents may prefer one (a case's preferred gender).
    pub enum TutorGender {
        Male => "male",
        Female => "female",
    }
}

/// Limits of the application form, shared by the checks and the messages naming them.
pub mod limits {
    use std::ops::RangeInclusive;

    pub const SHORT_TEXT_MAX_CHARS: usize = 200;
    pub const LONG_TEXT_MAX_CHARS: usize = 1000;
    pub const SUBJECTS_MAX: usize = 12;
    pub const FREE_TEXT_SUBJECT_MAX_CHARS: usize = 30;
    pub const AGE: RangeInclusive<i64> = super::MINIMUM_AGE as i64..=90;
    pub const EXPERIENCE_YEARS: RangeInclusive<i64> = 0..=70;
    pub const REASON_MAX_CHARS: usize = 300;
    /// Every district of the catalogue may be chosen.
    pub const TEACHING_DISTRICTS_MAX: usize = 18;
}

/// The application form as the client sent it (spec §3), before any rule was checked.
/// The avatar travels beside it, as bytes.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct TutorApplicationForm {
    pub name: String,
    pub contact_number: String,
    pub education: String,
    pub age: Option<i64>,
    /// Years.
    pub teaching_experience: Option<i64>,
    /// Items as typed; each may still hold several comma-separated subjects.
    pub subjects: Vec<String>,
    pub exam_results: String,
    pub course_features: String,
    /// An area from the catalogue: the tutor's location.
    pub teaching_area: String,
    /// Free text: when the tutor can teach (the profile's "available times").
    pub teaching_schedule: String,
    /// A teaching mode key, e.g. `one-to-one` (spec §7's single field).
    pub teaching_mode: String,
    /// `male`, `female`, or empty when not given.
    pub gender: String,
    /// Further teaching mode keys: a tutor may teach one-to-one and by video.
    pub teaching_modes: Vec<String>,
    /// District names where the tutor teaches; when none, the district of `teaching_area`.
    pub teaching_districts: Vec<String>,
    /// HKD per lesson.
    pub required_fee: Option<f64>,
    pub bio: String,
}

/// An application's content once every rule of the form holds.
#[derive(Debug, Clone, PartialEq)]
pub struct ApplicationDetails {
    pub name: DisplayName,
    pub contact_number: Phone,
    pub education: String,
    pub age: u32,
    pub teaching_experience: u32,
    /// "level subject" strings, e.g. "中學 數學" (spec §5).
    pub subjects: Vec<TutorSubject>,
    pub exam_results: String,
    pub course_features: String,
    pub place: Place,
    pub teaching_schedule: String,
    /// None when the applicant did not give it.
    pub gender: Option<TutorGender>,
    /// At least one, no repeats, in the order given.
    pub teaching_modes: Vec<&'static Choice>,
    /// District names, at least one (the location's district when none was chosen).
    pub teaching_districts: Vec<&'static str>,
    pub required_fee: Rate,
    pub bio: String,
}

/// One subject a tutor teaches, at one education level.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct TutorSubject {
    /// Level key, e.g. `secondary`.
    pub level: &'static str,
    /// The subject's name within the level (free text for tertiary).
    pub name: String,
}

impl TutorSubject {
    /// Reads "中學 數學" (also "中學數學"): a level label from the catalogue, then one of its
    /// subjects, or any short text for a free-text level.
    ///
    /// # Errors
    /// [`TutorsProblem::SubjectFormat`] (its words give an example of the expected form), or
    /// control characters.
    pub fn parse(raw: &str) -> Result<Self, Problem> {
        // Before joining the words, which would turn a tab or a line break into a space.
        refuse_control_characters(raw, Label::Subject, Lines::Single)?;
        let text = raw.split_whitespace().collect::<Vec<_>>().join(" ");
        let invalid = || Problem::from(TutorsProblem::SubjectFormat { typed: text.clone() });
        let level = catalogue::LEVELS.iter().find(|level| text.starts_with(level.label)).ok_or_else(invalid)?;
        let name = text[level.label.len()..].trim();
        let known = if level.free_text_subject() {
            !name.is_empty() && name.chars().count() <= limits::FREE_TEXT_SUBJECT_MAX_CHARS
        } else {
            level.has_subject(name)
        };
        if known { Ok(Self { level: level.key, name: name.to_string() }) } else { Err(invalid()) }
    }

    /// Trusts a value read back from storage.
    pub fn from_stored(level: &str, name: String) -> Option<Self> {
        catalogue::level(level).map(|level| Self { level: level.key, name })
    }

    /// "中學 數學".
    pub fn label(&self) -> String {
        let level = catalogue::level(self.level).map_or(self.level, |level| level.label);
        format!("{level} {}", self.name)
    }
}

/// Splits what the applicant typed on commas (half- or full-width) and 、, trimming each item.
pub fn split_subjects<S: AsRef<str>>(typed: &[S]) -> Vec<String> {
    // The separators people type between items: ',', the full-width comma and the ideographic comma.
    const SEPARATORS: [char; 3] = [',', '\u{ff0c}', '\u{3001}'];
    typed
        .iter()
        .flat_map(|item| item.as_ref().split(SEPARATORS).map(str::trim).map(str::to_string).collect::<Vec<_>>())
        .filter(|item| !item.is_empty())
        .collect()
}

impl ApplicationDetails {
    /// Checks every field and reports all failures at once.
    ///
    /// # Errors
    /// One problem per failing field.
    pub fn parse(form: &TutorApplicationForm) -> Result<Self, ValidationErrors> {
        use limits::*;
        let mut errors = ValidationErrors::new();
        let name = errors.check("name", DisplayName::parse(&form.name));
        let contact_number = errors.check("contactNumber", Phone::parse(&form.contact_number));
        let education = errors.check("education", required_text(&form.education, Label::Education, SHORT_TEXT_MAX_CHARS, Lines::Single));
        let age = errors.check("age", in_range(form.age, AGE, Label::Age, Unit::YearsOfAge));
        let teaching_experience = errors
            .check("teachingExperience", in_range(form.teaching_experience, EXPERIENCE_YEARS, Label::TeachingExperience, Unit::Years));
        let subjects = errors.check("subjects", parse_subjects(&form.subjects));
        let exam_results =
            errors.check("examResults", required_text(&form.exam_results, Label::ExamResults, LONG_TEXT_MAX_CHARS, Lines::Multi));
        let course_features = errors.check("courseFeatures", public_text(&form.course_features, Label::CourseFeatures));
        let place =
            errors.check("teachingArea", catalogue::place(form.teaching_area.trim()).ok_or(Problem::NotChosen(Label::TeachingArea)));
        let teaching_schedule = errors.check(
            "teachingSchedule",
            required_text(&form.teaching_schedule, Label::TeachingSchedule, SHORT_TEXT_MAX_CHARS, Lines::Single),
        );
        let modes_field = if form.teaching_modes.is_empty() { "teachingMode" } else { "teachingModes" };
        let teaching_modes = errors.check(modes_field, parse_modes(&form.teaching_mode, &form.teaching_modes));
        let teaching_districts = errors.check("teachingDistricts", parse_districts(&form.teaching_districts));
        let gender = errors.check(
            "gender",
            match form.gender.trim() {
                "" => Ok(None),
                key => TutorGender::parse(key).map(Some).ok_or(Problem::Incorrect(Label::Gender)),
            },
        );
        let required_fee =
            errors.check("requiredFee", form.required_fee.ok_or(Problem::Missing(Label::RatePerLesson)).and_then(Rate::from_dollars));
        let bio = errors.check("bio", public_text(&form.bio, Label::Bio));
        if let (Some(age), Some(years)) = (age, teaching_experience)
            && years >= age
        {
            errors.add("teachingExperience", TutorsProblem::ExperienceOverAge);
        }
        if !errors.is_empty() {
            return Err(errors);
        }
        // Every option is Some here: each None above recorded an error.
        Ok(Self {
            name: name.unwrap(),
            contact_number: contact_number.unwrap(),
            education: education.unwrap(),
            age: age.unwrap(),
            teaching_experience: teaching_experience.unwrap(),
            subjects: subjects.unwrap(),
            exam_results: exam_results.unwrap(),
            course_features: course_features.unwrap(),
            place: place.unwrap(),
            teaching_schedule: teaching_schedule.unwrap(),
            gender: gender.unwrap(),
            teaching_modes: teaching_modes.unwrap(),
            teaching_districts: match teaching_districts.unwrap() {
                none if none.is_empty() => vec![place.unwrap().district],
                chosen => chosen,
            },
            required_fee: required_fee.unwrap(),
            bio: bio.unwrap(),
        })
    }

    /// "中學 數學" strings, in the order given.
    pub fn subject_labels(&self) -> Vec<String> {
        self.subjects.iter().map(TutorSubject::label).collect()
    }

    /// The first teaching mode's key: spec §7's single `teachingMode`.
    pub fn teaching_mode(&self) -> &'static str {
        self.teaching_modes.first().map_or("", |m| m.key)
    }

    /// The levels the tutor teaches, e.g. "小學、中學" (the profile's grade level): catalogue
    /// names, stored as they are, joined as a Chinese list is (the ideographic comma).
    pub fn grade_level(&self) -> String {
        catalogue::LEVELS
            .iter()
            .filter(|level| self.subjects.iter().any(|s| s.level == level.key))
            .map(|level| level.label)
            .collect::<Vec<_>>()
            .join("\u{3001}")
    }
}

/// A long text of the public profile (bio, course features): required, and with no way to
/// reach the tutor before a match or a booking.
fn public_text(raw: &str, label: Label) -> Result<String, Problem> {
    let text = required_text(raw, label, limits::LONG_TEXT_MAX_CHARS, Lines::Multi)?;
    contact_details::refuse(&text, label, Exchange::Tutor)?;
    Ok(text)
}

/// The single `teachingMode` of spec §7 and the `teachingModes` list, joined without repeats.
fn parse_modes(single: &str, list: &[String]) -> Result<Vec<&'static Choice>, Problem> {
    if list.len() > catalogue::TEACHING_MODES.len() {
        return Err(Problem::TooMany { label: Label::TeachingModes, max: catalogue::TEACHING_MODES.len() });
    }
    let mut modes: Vec<&'static Choice> = Vec::new();
    for key in std::iter::once(single).chain(list.iter().map(String::as_str)).map(str::trim).filter(|k| !k.is_empty()) {
        let mode = catalogue::TEACHING_MODES
            .iter()
            .find(|m| m.key == key)
            .ok_or_else(|| TutorsProblem::UnknownTeachingMode { key: key.to_string() })?;
        if !modes.contains(&mode) {
            modes.push(mode);
        }
    }
    if modes.is_empty() { Err(TutorsProblem::NoTeachingMode.into()) } else { Ok(modes) }
}

/// District names from the catalogue, without repeats; an empty list is allowed here.
fn parse_districts(typed: &[String]) -> Result<Vec<&'static str>, Problem> {
    // Counted as sent, before repeats fold: a long list costs work even when it repeats itself.
    if typed.len() > limits::TEACHING_DISTRICTS_MAX {
        return Err(Problem::TooMany { label: Label::TeachingDistricts, max: limits::TEACHING_DISTRICTS_MAX });
    }
    let mut districts: Vec<&'static str> = Vec::new();
    for name in typed.iter().map(|d| d.trim()).filter(|d| !d.is_empty()) {
        let (_, district) = catalogue::district(name).ok_or_else(|| TutorsProblem::UnknownDistrict { name: name.to_string() })?;
        if !districts.contains(&district.name) {
            districts.push(district.name);
        }
    }
    Ok(districts)
}

fn parse_subjects(typed: &[String]) -> Result<Vec<TutorSubject>, Problem> {
    let mut subjects: Vec<TutorSubject> = Vec::new();
    for item in split_subjects(typed) {
        let subject = TutorSubject::parse(&item)?;
        if !subjects.contains(&subject) {
            subjects.push(subject);
        }
    }
    match subjects.len() {
        0 => Err(TutorsProblem::NoSubjects.into()),
        n if n > limits::SUBJECTS_MAX => Err(Problem::TooMany { label: Label::TeachingSubjects, max: limits::SUBJECTS_MAX }),
        _ => Ok(subjects),
    }
}

/// A stored application.
#[derive(Debug, Clone, PartialEq)]
pub struct TutorApplication {
    /// The short number staff use ("申請編號 12").
    pub number: i64,
    pub id: Uuid,
    pub user_id: Uuid,
    pub details: ApplicationDetails,
    /// Public path of the avatar under `/media/…`.
    pub avatar: String,
    pub status: TutorApplicationStatus,
    pub rejection_reason: Option<String>,
    /// Who decided (the back-office operator's name).
    pub reviewer: Option<String>,
    pub submitted_at: DateTime<Utc>,
    pub reviewed_at: Option<DateTime<Utc>>,
}

/// An application about to be stored; the repository assigns its number.
#[derive(Debug, Clone, PartialEq)]
pub struct NewTutorApplication {
    pub id: Uuid,
    pub user_id: Uuid,
    pub details: ApplicationDetails,
    pub avatar: String,
    pub submitted_at: DateTime<Utc>,
}

/// The back office's decision on an application.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Decision {
    Approve,
    Reject { reason: String },
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DecisionError {
    /// Already decided: approved or rejected.
    #[error("not_pending: {0}")]
    NotPending(TutorApplicationStatus),
    #[error("reason_required")]
    ReasonRequired,
    /// Longer than [`limits::REASON_MAX_CHARS`].
    #[error("reason_too_long")]
    ReasonTooLong,
    #[error("reason_has_control_characters")]
    ReasonHasControlCharacters,
}

impl TutorApplication {
    /// The status a decision leads to, with the cleaned reason for a rejection.
    ///
    /// # Errors
    /// `NotPending` when already decided; `ReasonRequired`/`ReasonTooLong` for a bad reason.
    pub fn decide(&self, decision: &Decision) -> Result<(TutorApplicationStatus, Option<String>), DecisionError> {
        if self.status != TutorApplicationStatus::Pending {
            return Err(DecisionError::NotPending(self.status));
        }
        match decision {
            Decision::Approve => Ok((TutorApplicationStatus::Approved, None)),
            Decision::Reject { reason } => {
                let reason = reason.trim();
                if refuse_control_characters(reason, Label::RejectionReason, Lines::Multi).is_err() {
                    return Err(DecisionError::ReasonHasControlCharacters);
                }
                match reason.chars().count() {
                    0 => Err(DecisionError::ReasonRequired),
                    n if n > limits::REASON_MAX_CHARS => Err(DecisionError::ReasonTooLong),
                    _ => Ok((TutorApplicationStatus::Rejected, Some(reason.to_string()))),
                }
            }
        }
    }
}
