//! Tutors: the application a user files to become one, and the public profile an approved
//! application becomes.

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

/// A tutor's public profile (spec §3 "tutor user"): never a phone, e-mail or birth date.
#[derive(Debug, Clone, PartialEq)]
pub struct TutorProfile {
    pub user_id: Uuid,
    /// The user number ("用戶編號 1024"); `/tutor/{id}` accepts it.
    pub user_number: i64,
    pub name: String,
    pub avatar: Option<String>,
    pub education: String,
    pub subjects: Vec<TutorSubject>,
    pub grade_level: String,
    pub available_times: String,
    pub place: Place,
    pub gender: Option<TutorGender>,
    /// Teaching mode keys, at least one; the first is spec §7's `teachingMode`.
    pub teaching_modes: Vec<String>,
    /// District names where the tutor teaches.
    pub teaching_districts: Vec<String>,
    pub rate: Rate,
    pub bio: String,
    /// Listed in search and shown on its page only when true.
    pub active: bool,
    pub approved_at: DateTime<Utc>,
    /// Years of teaching, exam results and course features, as the approved application gave them.
    pub experience_years: u32,
    pub exam_results: String,
    pub course_features: String,
    /// The tutor's visible reviews, counted by the store when the profile is read.
    pub reviews: ReviewSummary,
}

/// A tutor's visible reviews in two numbers; the average is derived so it is never stale.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ReviewSummary {
    pub count: u32,
    /// The sum of the stars.
    pub total: u32,
}

impl ReviewSummary {
    /// The mean of the stars, to one decimal place; None without reviews.
    pub fn average(self) -> Option<f64> {
        (self.count > 0).then(|| (f64::from(self.total) * 10.0 / f64::from(self.count)).round() / 10.0)
    }
}

/// What a tutor has done here, for parents deciding: counted, never typed by the tutor.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TrackRecord {
    /// Cases whose owner chose this tutor.
    pub matched_cases: u64,
    /// Bookings this tutor accepted.
    pub accepted_bookings: u64,
    /// When the account was created.
    pub member_since: DateTime<Utc>,
    /// Lessons on the tutor's records confirmed as held.
    pub lessons_held: u64,
    /// Lessons the families answered or the back office settled (confirmed, disputed, not held).
    pub lessons_settled: u64,
    /// Of those, confirmed without a dispute (by the family, or by silence).
    pub lessons_undisputed: u64,
}

impl TrackRecord {
    /// Settled lessons the undisputed share needs before it means anything.
    pub const SHARE_FROM_LESSONS: u64 = 5;

    /// The share of settled lessons confirmed without a dispute, in whole percent, once there
    /// are at least [`Self::SHARE_FROM_LESSONS`]: one dispute in two lessons says little.
    pub fn undisputed_percent(&self) -> Option<u64> {
        (self.lessons_settled >= Self::SHARE_FROM_LESSONS)
            .then(|| (self.lessons_undisputed * 100 + self.lessons_settled / 2) / self.lessons_settled)
    }
}

impl TutorProfile {
    /// The profile an approved application becomes.
    pub fn from_application(application: &TutorApplication, user_number: i64, approved_at: DateTime<Utc>) -> Self {
        let d = &application.details;
        Self {
            user_id: application.user_id,
            user_number,
            name: d.name.as_str().to_string(),
            avatar: Some(application.avatar.clone()),
            education: d.education.clone(),
            subjects: d.subjects.clone(),
            grade_level: d.grade_level(),
            available_times: d.teaching_schedule.clone(),
            place: d.place,
            gender: d.gender,
            teaching_modes: d.teaching_modes.iter().map(|m| m.key.to_string()).collect(),
            teaching_districts: d.teaching_districts.iter().map(|d| (*d).to_string()).collect(),
            rate: d.required_fee,
            bio: d.bio.clone(),
            active: true,
            approved_at,
            experience_years: d.teaching_experience,
            exam_results: d.exam_results.clone(),
            course_features: d.course_features.clone(),
            reviews: ReviewSummary::default(),
        }
    }

    /// "中學 數學" strings.
    pub fn subject_labels(&self) -> Vec<String> {
        self.subjects.iter().map(TutorSubject::label).collect()
    }

    /// The first teaching mode's key: spec §7's single `teachingMode`.
    pub fn teaching_mode(&self) -> &str {
        self.teaching_modes.first().map_or("", String::as_str)
    }

    /// The teaching modes as catalogue choices (key and zh-HK label), unknown keys left out.
    pub fn teaching_mode_choices(&self) -> Vec<&'static Choice> {
        self.teaching_modes.iter().filter_map(|key| catalogue::TEACHING_MODES.iter().find(|m| m.key == *key)).collect()
    }
}

/// How a tutor is named in paths and commands: the user number or the user id.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TutorRef {
    Number(i64),
    Id(Uuid),
}

impl TutorRef {
    /// "1024" or a UUID.
    pub fn parse(raw: &str) -> Option<Self> {
        let raw = raw.trim();
        raw.parse::<i64>().ok().map(Self::Number).or_else(|| Uuid::parse_str(raw).ok().map(Self::Id))
    }
}

#[cfg(test)]
mod track_record_tests {
    use super::*;

    #[test]
    fn the_undisputed_share_shows_from_five_settled_lessons_rounded() {
        let record = |settled, undisputed| TrackRecord {
            matched_cases: 1,
            accepted_bookings: 0,
            member_since: Utc::now(),
            lessons_held: undisputed,
            lessons_settled: settled,
            lessons_undisputed: undisputed,
        };
        assert_eq!(record(4, 4).undisputed_percent(), None);
        assert_eq!(record(5, 5).undisputed_percent(), Some(100));
        assert_eq!(record(6, 5).undisputed_percent(), Some(83));
        assert_eq!(record(8, 7).undisputed_percent(), Some(88), "87.5 rounds half up");
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::shared::contact_details::ContactKind;

    pub fn valid_form() -> TutorApplicationForm {
        TutorApplicationForm {
            name: "陳大文".into(),
            contact_number: "9123 4567".into(),
            education: "香港大學 數學系 學士".into(),
            age: Some(24),
            teaching_experience: Some(3),
            subjects: vec!["中學 數學, 中學 物理，小學數學".into()],
            exam_results: "DSE 數學 5**".into(),
            course_features: "重視理解，附練習".into(),
            teaching_area: "藍田".into(),
            teaching_schedule: "星期一至五 晚上 7-9 時".into(),
            teaching_mode: "one-to-one".into(),
            gender: "female".into(),
            teaching_modes: vec!["online".into()],
            teaching_districts: vec![],
            required_fee: Some(300.0),
            bio: "有耐性，善於講解".into(),
        }
    }

    /// The active profile `valid_form` becomes once approved.
    pub fn approved_profile(user_id: Uuid) -> TutorProfile {
        let application = TutorApplication {
            number: 1,
            id: Uuid::new_v4(),
            user_id,
            details: ApplicationDetails::parse(&valid_form()).unwrap(),
            avatar: "/media/avatars/a.png".into(),
            status: TutorApplicationStatus::Approved,
            rejection_reason: None,
            reviewer: None,
            submitted_at: Utc::now(),
            reviewed_at: None,
        };
        TutorProfile::from_application(&application, 1001, Utc::now())
    }

    #[test]
    fn the_average_is_rounded_to_one_decimal_and_absent_without_reviews() {
        assert_eq!(ReviewSummary::default().average(), None);
        assert_eq!(ReviewSummary { count: 3, total: 13 }.average(), Some(4.3));
        assert_eq!(ReviewSummary { count: 2, total: 9 }.average(), Some(4.5));
    }

    #[test]
    fn parses_a_complete_form_into_level_subjects() {
        let details = ApplicationDetails::parse(&valid_form()).unwrap();
        assert_eq!(details.subject_labels(), ["中學 數學", "中學 物理", "小學 數學"]);
        assert_eq!(details.grade_level(), "小學、中學");
        assert_eq!(details.contact_number.as_str(), "+85291234567");
        assert_eq!(details.place.district, "觀塘區");
        assert_eq!(details.teaching_modes.iter().map(|m| m.key).collect::<Vec<_>>(), ["one-to-one", "online"]);
        assert_eq!(details.teaching_districts, ["觀塘區"], "no district chosen: where the tutor lives");
        assert_eq!(details.gender, Some(TutorGender::Female));
        assert_eq!(details.required_fee, Rate::from_cents(30000));
    }

    #[test]
    fn every_field_is_required_and_reported_at_once() {
        let errors = ApplicationDetails::parse(&TutorApplicationForm::default()).unwrap_err();
        let fields: Vec<_> = errors.fields().iter().map(|e| e.field).collect();
        assert_eq!(
            fields,
            [
                "name",
                "contactNumber",
                "education",
                "age",
                "teachingExperience",
                "subjects",
                "examResults",
                "courseFeatures",
                "teachingArea",
                "teachingSchedule",
                "teachingMode",
                "requiredFee",
                "bio"
            ]
        );
    }

    #[test]
    fn several_teaching_modes_and_districts_from_the_catalogue() {
        let form = TutorApplicationForm {
            teaching_mode: String::new(),
            teaching_modes: vec!["home".into(), "online".into(), "home".into()],
            teaching_districts: vec!["黃大仙區".into(), " 觀塘區 ".into(), "黃大仙區".into()],
            ..valid_form()
        };
        let details = ApplicationDetails::parse(&form).unwrap();
        assert_eq!(details.teaching_modes.iter().map(|m| m.label).collect::<Vec<_>>(), ["上門補習", "視像補習"]);
        assert_eq!(details.teaching_districts, ["黃大仙區", "觀塘區"]);

        let bad = TutorApplicationForm {
            teaching_mode: String::new(),
            teaching_modes: vec!["teleport".into()],
            teaching_districts: vec!["火星".into()],
            ..valid_form()
        };
        let errors = ApplicationDetails::parse(&bad).unwrap_err();
        assert_eq!(errors.get("teachingModes"), Some(&Problem::Tutors(TutorsProblem::UnknownTeachingMode { key: "teleport".into() })));
        assert_eq!(errors.get("teachingDistricts"), Some(&Problem::Tutors(TutorsProblem::UnknownDistrict { name: "火星".into() })));
        let unsaid = ApplicationDetails::parse(&TutorApplicationForm { gender: " ".into(), ..valid_form() }).unwrap();
        assert_eq!(unsaid.gender, None, "gender is the applicant's to give");
        let odd = TutorApplicationForm { gender: "robot".into(), ..valid_form() };
        assert_eq!(ApplicationDetails::parse(&odd).unwrap_err().get("gender"), Some(&Problem::Incorrect(Label::Gender)));
        let none = TutorApplicationForm { teaching_mode: " ".into(), teaching_modes: vec![], ..valid_form() };
        assert_eq!(
            ApplicationDetails::parse(&none).unwrap_err().get("teachingMode"),
            Some(&Problem::Tutors(TutorsProblem::NoTeachingMode))
        );
    }

    #[test]
    fn subjects_must_name_a_level_and_one_of_its_subjects() {
        assert_eq!(TutorSubject::parse("中學  數學").unwrap().label(), "中學 數學");
        assert_eq!(TutorSubject::parse("大學或以上 線性代數").unwrap().level, "tertiary");
        for bad in ["數學", "中學 幼兒中文", "大學 數學", "中學"] {
            assert_eq!(TutorSubject::parse(bad), Err(Problem::Tutors(TutorsProblem::SubjectFormat { typed: bad.into() })), "{bad}");
        }
        assert_eq!(split_subjects(&["a, b，c、 ", ""]), ["a", "b", "c"]);
    }

    #[test]
    fn text_fields_refuse_control_characters_by_name() {
        let mut form = valid_form();
        form.education = "港大\t數學系".into();
        form.teaching_schedule = "晚上\0".into();
        form.bio = "有耐性\u{1b}[2J".into();
        form.subjects = vec!["大學或以上 線性\0代數".into()];
        let errors = ApplicationDetails::parse(&form).unwrap_err();
        let fields: Vec<_> = errors.fields().iter().map(|e| (e.field, e.problem.clone())).collect();
        assert_eq!(
            fields,
            [
                ("education", Problem::ControlCharacters(Label::Education)),
                ("subjects", Problem::ControlCharacters(Label::Subject)),
                ("teachingSchedule", Problem::ControlCharacters(Label::TeachingSchedule)),
                ("bio", Problem::ControlCharacters(Label::Bio)),
            ]
        );
        let mut form = valid_form();
        form.exam_results = "DSE 數學 5**\n英文 5".into();
        assert!(ApplicationDetails::parse(&form).is_ok(), "long fields keep their lines");
        let pending = application(TutorApplicationStatus::Pending);
        assert_eq!(pending.decide(&Decision::Reject { reason: "資料\0不足".into() }), Err(DecisionError::ReasonHasControlCharacters));
    }

    #[test]
    fn bio_and_course_features_carry_no_contact_details() {
        let mut form = valid_form();
        form.bio = "有耐性，歡迎 WhatsApp 我：九一二三 四五六七".into();
        form.course_features = "筆記下載：www.example.com".into();
        let errors = ApplicationDetails::parse(&form).unwrap_err();
        assert_eq!(
            errors.get("bio"),
            Some(&Problem::ContactDetails { label: Label::Bio, found: ContactKind::Phone, exchange: Exchange::Tutor })
        );
        assert!(
            matches!(
                errors.get("courseFeatures"),
                Some(Problem::ContactDetails { label: Label::CourseFeatures, found: ContactKind::Link, exchange: Exchange::Tutor })
            ),
            "{errors:?}"
        );
        form.bio = "教了10年，3位學生考獲 DSE 5**；可用 Zoom 上課".into();
        form.course_features = "每堂1.5小時，HK$450".into();
        assert!(ApplicationDetails::parse(&form).is_ok(), "a contact number stays in its own private field");
    }

    #[test]
    fn refuses_impossible_age_and_experience() {
        let mut form = valid_form();
        form.age = Some(14);
        let errors = ApplicationDetails::parse(&form).unwrap_err();
        assert_eq!(errors.fields()[0].problem, Problem::OutOfRange { label: Label::Age, min: 15, max: 90, unit: Some(Unit::YearsOfAge) });
        form.age = Some(20);
        form.teaching_experience = Some(20);
        assert_eq!(ApplicationDetails::parse(&form).unwrap_err().fields()[0].field, "teachingExperience");
    }

    fn application(status: TutorApplicationStatus) -> TutorApplication {
        TutorApplication {
            number: 1,
            id: Uuid::new_v4(),
            user_id: Uuid::new_v4(),
            details: ApplicationDetails::parse(&valid_form()).unwrap(),
            avatar: "/media/avatars/a.png".into(),
            status,
            rejection_reason: None,
            reviewer: None,
            submitted_at: Utc::now(),
            reviewed_at: None,
        }
    }

    #[test]
    fn a_pending_application_can_be_approved_or_rejected_with_a_reason() {
        let pending = application(TutorApplicationStatus::Pending);
        assert_eq!(pending.decide(&Decision::Approve), Ok((TutorApplicationStatus::Approved, None)));
        assert_eq!(
            pending.decide(&Decision::Reject { reason: "  資料不足 ".into() }),
            Ok((TutorApplicationStatus::Rejected, Some("資料不足".into())))
        );
        assert_eq!(pending.decide(&Decision::Reject { reason: " ".into() }), Err(DecisionError::ReasonRequired));
        let long = "字".repeat(limits::REASON_MAX_CHARS + 1);
        assert_eq!(pending.decide(&Decision::Reject { reason: long }), Err(DecisionError::ReasonTooLong));
    }

    #[test]
    fn a_decided_application_cannot_be_decided_again() {
        for status in [TutorApplicationStatus::Approved, TutorApplicationStatus::Rejected] {
            let decided = application(status);
            assert_eq!(decided.decide(&Decision::Approve), Err(DecisionError::NotPending(status)));
            assert_eq!(decided.decide(&Decision::Reject { reason: "x".into() }), Err(DecisionError::NotPending(status)));
            assert_eq!(DecisionError::NotPending(status).to_string(), format!("not_pending: {}", status.key()));
        }
    }

    #[test]
    fn the_profile_is_built_from_the_application() {
        let app = application(TutorApplicationStatus::Pending);
        let profile = TutorProfile::from_application(&app, 1024, Utc::now());
        assert_eq!(profile.name, "陳大文");
        assert_eq!(profile.avatar.as_deref(), Some("/media/avatars/a.png"));
        assert_eq!(profile.available_times, "星期一至五 晚上 7-9 時");
        assert_eq!(profile.teaching_mode(), "one-to-one");
        assert_eq!(profile.teaching_mode_choices().iter().map(|m| m.label).collect::<Vec<_>>(), ["一對一", "視像補習"]);
        assert!(profile.active);
    }

    #[test]
    fn a_tutor_is_named_by_number_or_id() {
        assert_eq!(TutorRef::parse("1024"), Some(TutorRef::Number(1024)));
        let id = Uuid::new_v4();
        assert_eq!(TutorRef::parse(&id.to_string()), Some(TutorRef::Id(id)));
        assert_eq!(TutorRef::parse("abc"), None);
    }
}
