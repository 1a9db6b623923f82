//! Tutoring cases: what a student or parent (or a tutor recruiting students) posts.

use chrono::{DateTime, NaiveDate, Utc};
use uuid::Uuid;

use crate::keyed_enum;
use crate::shared::catalogue::{self, Level, Place};
use crate::shared::contact_details::{self, Exchange};
use crate::shared::money::Rate;
use crate::shared::real_text;
use crate::shared::validation::{CasesProblem, Label, Lines, Problem, Unit, ValidationErrors, refuse_control_characters};

keyed_enum! {
    /// Who is looking for whom.
    pub enum PostType {
        StudentSeekingTutor => "student-seeking-tutor",
        TutorSeekingStudent => "tutor-seeking-student",
    }
}

keyed_enum! {
    pub enum PreferredGender {
        NoLimit => "no limit",
        Male => "male",
        Female => "female",
    }
}

keyed_enum! {
    /// pending -> approved | rejected; approved -> offered (a tutor was chosen and has the
    /// offer's hours to confirm) -> matched, or back to approved; approved -> closed. Only approved cases are
    /// public.
    pub enum CaseStatus {
        Pending => "pending",
        Approved => "approved",
        Rejected => "rejected",
        Offered => "offered",
        Matched => "matched",
        Closed => "closed",
    }
}

/// Limits of the case form, shared by the server's checks and the messages naming them.
pub mod limits {
    /// A title says what is taught at least as "中三數學" does.
    pub const TITLE_MIN_CHARS: usize = 4;
    pub const TITLE_MAX_CHARS: usize = 60;
    pub const DESCRIPTION_MAX_CHARS: usize = 2000;
    pub const FREE_TEXT_SUBJECT_MAX_CHARS: usize = 40;
    pub const SUBJECTS_MAX: usize = 6;
    pub const SESSION_MINUTES: std::ops::RangeInclusive<i64> = 30..=300;
    pub const SESSIONS_PER_WEEK: std::ops::RangeInclusive<i64> = 1..=7;
}

/// The case form as the client sent it, before any rule was checked.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct CaseForm {
    pub post_type: String,
    pub post_title: String,
    /// The spec's "category": an education level key.
    pub level: String,
    pub grade: String,
    pub subjects: Vec<String>,
    /// An area from the catalogue.
    pub location: String,
    pub rate: Option<f64>,
    pub session_length: Option<i64>,
    pub sessions_per_week: Option<i64>,
    pub description: String,
    pub preferred_gender: String,
    /// `YYYY-MM-DD`.
    pub start_date: String,
}

/// Characters of the description a case card shows (`CaseDetails::excerpt`).
pub const EXCERPT_CHARS: usize = 60;

/// A case's content once every rule of the form holds.
#[derive(Debug, Clone, PartialEq)]
pub struct CaseDetails {
    pub post_type: PostType,
    pub title: String,
    pub level: &'static Level,
    pub grade: String,
    pub subjects: Vec<String>,
    pub place: Place,
    pub rate: Rate,
    pub session_minutes: u32,
    pub sessions_per_week: u32,
    pub description: String,
    pub preferred_gender: PreferredGender,
    pub start_date: NaiveDate,
}

impl CaseDetails {
    /// Checks every field of the form and reports all failures at once.
    ///
    /// # Errors
    /// One [`Problem`] per failing field.
    pub fn parse(form: &CaseForm) -> Result<Self, ValidationErrors> {
        use limits::*;
        let mut errors = ValidationErrors::new();

        let post_type = errors.check("postType", PostType::parse(&form.post_type).ok_or(Problem::NotChosen(Label::PostType)));
        let title = errors.check(
            "postTitle",
            required_text(&form.post_title, Label::Title, TITLE_MAX_CHARS, Lines::Single)
                .and_then(|title| public(title, Label::Title, TITLE_MIN_CHARS)),
        );
        let level = errors.check("level", catalogue::level(&form.level).ok_or(Problem::NotChosen(Label::Level)));
        let grade = level.and_then(|level| {
            let grade = form.grade.trim();
            errors.check("grade", if level.has_grade(grade) { Ok(grade.to_string()) } else { Err(Problem::NotChosen(Label::Grade)) })
        });
        let subjects = level.and_then(|level| errors.check("subjects", parse_subjects(level, &form.subjects)));
        let place = errors.check("location", catalogue::place(form.location.trim()).ok_or(Problem::NotChosen(Label::Location)));
        let rate = errors.check("rate", form.rate.ok_or(Problem::Missing(Label::RatePerLesson)).and_then(Rate::from_dollars));
        let session_minutes =
            errors.check("sessionLength", in_range(form.session_length, SESSION_MINUTES, Label::SessionLength, Unit::Minutes));
        let sessions_per_week =
            errors.check("sessionsPerWeek", in_range(form.sessions_per_week, SESSIONS_PER_WEEK, Label::SessionsPerWeek, Unit::Lessons));
        let description = errors.check(
            "description",
            required_text(&form.description, Label::CaseDescription, DESCRIPTION_MAX_CHARS, Lines::Multi)
                .and_then(|description| public(description, Label::CaseDescription, 0)),
        );
        let preferred_gender = errors
            .check("preferredGender", PreferredGender::parse(&form.preferred_gender).ok_or(Problem::NotChosen(Label::PreferredGender)));
        let start_date = errors.check(
            "startDate",
            NaiveDate::parse_from_str(form.start_date.trim(), "%Y-%m-%d").map_err(|_| Problem::NotChosen(Label::StartDate)),
        );

        if !errors.is_empty() {
            return Err(errors);
        }
        // Every option is Some here: each None above recorded an error.
        Ok(Self {
            post_type: post_type.unwrap(),
            title: title.unwrap(),
            level: level.unwrap(),
            grade: grade.unwrap(),
            subjects: subjects.unwrap(),
            place: place.unwrap(),
            rate: rate.unwrap(),
            session_minutes: session_minutes.unwrap(),
            sessions_per_week: sessions_per_week.unwrap(),
            description: description.unwrap(),
            preferred_gender: preferred_gender.unwrap(),
            start_date: start_date.unwrap(),
        })
    }

    /// Checks the form as [`CaseDetails::parse`] does, and that the case starts from `today` on
    /// (its Hong Kong date): a post whose lessons should have begun already is not one a tutor
    /// can take up. An edited case may keep the start date it had (`kept`), passed or not, so
    /// fixing a typo in an older case does not mean inventing a new date.
    ///
    /// # Errors
    /// One [`Problem`] per failing field, [`CasesProblem::StartDatePast`] among them.
    pub fn parse_to_post(form: &CaseForm, today: NaiveDate, kept: Option<NaiveDate>) -> Result<Self, ValidationErrors> {
        let parsed = Self::parse(form);
        let start = NaiveDate::parse_from_str(form.start_date.trim(), "%Y-%m-%d").ok();
        let past = start.is_some_and(|start| start < today && Some(start) != kept);
        match parsed {
            Ok(details) if !past => Ok(details),
            Ok(_) => Err(ValidationErrors::single("startDate", CasesProblem::StartDatePast)),
            Err(mut errors) => {
                if past {
                    errors.add("startDate", CasesProblem::StartDatePast);
                }
                Err(errors)
            }
        }
    }

    /// What typed words are looked for in, by the board's search (`q`) and by a saved search's
    /// keywords alike: title, grade, subjects, area, district and description, a line each, so
    /// no term spans two of them.
    pub fn searchable_text(&self) -> String {
        [self.title.as_str(), &self.grade, &self.subjects.join(" "), self.place.area, self.place.district, &self.description].join("\n")
    }

    /// The list line the spec calls `subject`: the grade, a space, then the subjects ("中三 數學、英文").
    /// Catalogue names joined by the catalogue's own list mark (data, like the names).
    pub fn subject_line(&self) -> String {
        format!("{} {}", self.grade, self.subjects.join(catalogue::LIST_MARK))
    }

    /// What a card shows of the description: its first line, cut at `EXCERPT_CHARS` characters
    /// with an ellipsis, so a card stays one line high on a phone whatever the owner wrote.
    pub fn excerpt(&self) -> String {
        let first_line = self.description.lines().next().unwrap_or_default().trim();
        if first_line.chars().count() <= EXCERPT_CHARS && !self.description.trim().contains('\n') {
            return first_line.to_string();
        }
        let cut: String = first_line.chars().take(EXCERPT_CHARS).collect();
        format!("{}…", cut.trim_end())
    }
}

/// Text anyone may read on the board: it carries no way to reach its author before a match, and
/// says something (at least `min_chars` characters). The order is the frontend's too
/// (`textProblem` in frontend/src/lib/form-rules.ts).
fn public(text: String, label: Label, min_chars: usize) -> Result<String, Problem> {
    contact_details::refuse(&text, label, Exchange::Case)?;
    real_text::check(&text, label, min_chars)?;
    Ok(text)
}

/// A required free-text field of at most `max_chars` characters, trimmed, without control
/// characters (a line break only where `lines` allows it).
///
/// # Errors
/// [`Problem::ControlCharacters`], [`Problem::Missing`] or [`Problem::TooLong`] naming `label`.
pub(crate) fn required_text(raw: &str, label: Label, max_chars: usize, lines: Lines) -> Result<String, Problem> {
    let text = raw.trim();
    refuse_control_characters(text, label, lines)?;
    match text.chars().count() {
        0 => Err(Problem::Missing(label)),
        n if n > max_chars => Err(Problem::TooLong { label, max: max_chars }),
        _ => Ok(text.to_string()),
    }
}

/// A required whole number within `range`, counted in `unit` (a [`Unit`], or `None`).
///
/// # Errors
/// [`Problem::Missing`] or [`Problem::OutOfRange`] naming `label`.
pub(crate) fn in_range(
    value: Option<i64>,
    range: std::ops::RangeInclusive<i64>,
    label: Label,
    unit: impl Into<Option<Unit>>,
) -> Result<u32, Problem> {
    match value {
        None => Err(Problem::Missing(label)),
        Some(v) if range.contains(&v) => Ok(v as u32),
        Some(_) => Err(Problem::OutOfRange { label, min: *range.start(), max: *range.end(), unit: unit.into() }),
    }
}

fn parse_subjects(level: &Level, raw: &[String]) -> Result<Vec<String>, Problem> {
    let mut subjects: Vec<String> = Vec::new();
    for subject in raw.iter().map(|s| s.trim()).filter(|s| !s.is_empty()) {
        if !subjects.iter().any(|s| s == subject) {
            subjects.push(subject.to_string());
        }
    }
    if level.free_text_subject() {
        // The length first: the other rules read the whole text.
        return match subjects.as_slice() {
            [] => Err(Problem::Missing(Label::Subject)),
            [one] if one.chars().count() <= limits::FREE_TEXT_SUBJECT_MAX_CHARS => {
                refuse_control_characters(one, Label::Subject, Lines::Single)?;
                contact_details::refuse(one, Label::Subject, Exchange::Case)?;
                Ok(subjects)
            }
            [_] => Err(Problem::TooLong { label: Label::Subject, max: limits::FREE_TEXT_SUBJECT_MAX_CHARS }),
            _ => Err(CasesProblem::OneFreeTextSubject { level: level.key }.into()),
        };
    }
    if subjects.is_empty() {
        return Err(CasesProblem::NoSubject.into());
    }
    if subjects.len() > limits::SUBJECTS_MAX {
        return Err(CasesProblem::TooManySubjects { max: limits::SUBJECTS_MAX }.into());
    }
    match subjects.iter().find(|s| !level.has_subject(s)) {
        Some(unknown) => Err(CasesProblem::SubjectNotOfLevel { subject: unknown.clone(), level: level.key }.into()),
        None => Ok(subjects),
    }
}

/// A stored case.
#[derive(Debug, Clone, PartialEq)]
pub struct Case {
    pub id: Uuid,
    /// The short number shown on screen ("個案編號 10234") and used in paths.
    pub number: i64,
    pub owner_id: Option<Uuid>,
    pub details: CaseDetails,
    pub status: CaseStatus,
    /// Tutors who applied; counted by the store as applications arrive.
    pub applicant_count: u32,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl Case {
    pub fn is_public(&self) -> bool {
        self.status == CaseStatus::Approved
    }

    pub fn is_owned_by(&self, user_id: uuid::Uuid) -> bool {
        self.owner_id == Some(user_id)
    }

    /// Who may see a case: anyone once it is approved, its owner always. To everyone else an
    /// unapproved case is indistinguishable from a missing one.
    pub fn is_visible_to(&self, viewer: Option<uuid::Uuid>) -> bool {
        self.is_public() || viewer.is_some_and(|v| self.is_owned_by(v))
    }

    /// Takes no more applications once `cap` tutors applied.
    pub fn is_full(&self, cap: u32) -> bool {
        self.applicant_count >= cap
    }
}

/// A case about to be stored; the repository assigns its number.
#[derive(Debug, Clone, PartialEq)]
pub struct NewCase {
    pub id: Uuid,
    pub owner_id: Option<Uuid>,
    pub details: CaseDetails,
    pub status: CaseStatus,
    pub created_at: DateTime<Utc>,
}

#[cfg(test)]
pub(crate) mod tests;
