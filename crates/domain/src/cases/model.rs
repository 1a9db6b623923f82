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
pub(crate) mod tests {
    use super::*;
    use crate::shared::contact_details::ContactKind;
    use crate::shared::real_text::NotRealText;

    #[test]
    fn an_excerpt_is_the_first_line_cut_to_fit_a_card() {
        let mut details = CaseDetails::parse(&valid_form()).unwrap();
        details.description = "希望提升成績".into();
        assert_eq!(details.excerpt(), "希望提升成績");
        details.description = "第一行\n第二行".into();
        assert_eq!(details.excerpt(), "第一行…", "more lines follow");
        details.description = "數".repeat(EXCERPT_CHARS + 1);
        assert_eq!(details.excerpt(), format!("{}…", "數".repeat(EXCERPT_CHARS)));
    }

    /// A case of the valid form under `number`, in `status`.
    pub fn case_with_status(number: i64, status: CaseStatus) -> Case {
        let now = chrono::Utc::now();
        Case {
            id: uuid::Uuid::new_v4(),
            number,
            owner_id: None,
            details: CaseDetails::parse(&valid_form()).unwrap(),
            status,
            applicant_count: 0,
            created_at: now,
            updated_at: now,
        }
    }

    pub fn valid_form() -> CaseForm {
        CaseForm {
            post_type: "student-seeking-tutor".into(),
            post_title: "中三數學補習".into(),
            level: "secondary".into(),
            grade: "中三".into(),
            subjects: vec!["數學".into(), " 英文 ".into(), "數學".into()],
            location: "藍田".into(),
            rate: Some(300.0),
            session_length: Some(90),
            sessions_per_week: Some(2),
            description: "希望提升成績".into(),
            preferred_gender: "no limit".into(),
            start_date: "2026-12-01".into(),
        }
    }

    #[test]
    fn parses_a_complete_form_and_derives_the_place() {
        let details = CaseDetails::parse(&valid_form()).unwrap();
        assert_eq!(details.subjects, ["數學", "英文"]);
        assert_eq!(details.place.district, "觀塘區");
        assert_eq!(details.subject_line(), "中三 數學、英文");
    }

    #[test]
    fn reports_every_missing_field_at_once() {
        let errors = CaseDetails::parse(&CaseForm::default()).unwrap_err();
        let fields: Vec<_> = errors.fields().iter().map(|e| e.field).collect();
        for field in [
            "postType",
            "postTitle",
            "level",
            "location",
            "rate",
            "sessionLength",
            "sessionsPerWeek",
            "description",
            "preferredGender",
            "startDate",
        ] {
            assert!(fields.contains(&field), "{field} not reported in {fields:?}");
        }
    }

    #[test]
    fn refuses_a_grade_or_subject_of_another_level() {
        let mut form = valid_form();
        form.grade = "小三".into();
        form.subjects = vec!["幼兒中文".into()];
        let errors = CaseDetails::parse(&form).unwrap_err();
        assert_eq!(errors.fields().iter().map(|e| e.field).collect::<Vec<_>>(), ["grade", "subjects"]);
    }

    #[test]
    fn subjects_of_a_level_are_chosen_from_its_list() {
        let mut form = valid_form();
        form.subjects = vec![];
        assert_eq!(CaseDetails::parse(&form).unwrap_err().get("subjects"), Some(&Problem::Cases(CasesProblem::NoSubject)));
        form.subjects = ["中文", "英文", "數學", "物理", "化學", "生物", "歷史"].map(String::from).to_vec();
        assert_eq!(
            CaseDetails::parse(&form).unwrap_err().get("subjects"),
            Some(&Problem::Cases(CasesProblem::TooManySubjects { max: limits::SUBJECTS_MAX }))
        );
        form.subjects = vec!["珠心算".into()];
        assert_eq!(
            CaseDetails::parse(&form).unwrap_err().get("subjects"),
            Some(&Problem::Cases(CasesProblem::SubjectNotOfLevel { subject: "珠心算".into(), level: "secondary" }))
        );
    }

    #[test]
    fn tertiary_takes_exactly_one_free_text_subject() {
        let mut form = valid_form();
        form.level = "tertiary".into();
        form.grade = "大學一年級".into();
        form.subjects = vec!["線性代數".into()];
        assert_eq!(CaseDetails::parse(&form).unwrap().subjects, ["線性代數"]);
        form.subjects = vec!["線性代數".into(), "微積分".into()];
        assert_eq!(
            CaseDetails::parse(&form).unwrap_err().get("subjects"),
            Some(&Problem::Cases(CasesProblem::OneFreeTextSubject { level: "tertiary" }))
        );
    }

    #[test]
    fn free_text_fields_refuse_control_characters_by_name() {
        let mut form = valid_form();
        form.post_title = "中三\0數學".into();
        form.description = "第一行\n第二行\u{1b}[2J".into();
        let errors = CaseDetails::parse(&form).unwrap_err();
        let fields: Vec<_> = errors.fields().iter().map(|e| (e.field, e.problem.clone())).collect();
        assert_eq!(
            fields,
            [("postTitle", Problem::ControlCharacters(Label::Title)), ("description", Problem::ControlCharacters(Label::CaseDescription))]
        );
        form.post_title = "中三數學\n".into();
        form.description = "第一行\r\n\t第二行".into();
        assert!(CaseDetails::parse(&form).is_ok(), "a trailing break is trimmed, and a description has lines");
        form.level = "tertiary".into();
        form.grade = "大學一年級".into();
        form.subjects = vec!["線性\0代數".into()];
        assert_eq!(CaseDetails::parse(&form).unwrap_err().fields()[0].problem, Problem::ControlCharacters(Label::Subject));
    }

    #[test]
    fn refuses_lessons_out_of_range() {
        let mut form = valid_form();
        form.session_length = Some(10);
        form.sessions_per_week = Some(8);
        let errors = CaseDetails::parse(&form).unwrap_err();
        assert_eq!(errors.fields().len(), 2);
        assert_eq!(
            errors.fields()[0].problem,
            Problem::OutOfRange { label: Label::SessionLength, min: 30, max: 300, unit: Some(Unit::Minutes) }
        );
        assert_eq!(
            errors.fields()[1].problem,
            Problem::OutOfRange { label: Label::SessionsPerWeek, min: 1, max: 7, unit: Some(Unit::Lessons) }
        );
    }

    #[test]
    fn a_post_needs_a_real_title_and_no_way_to_reach_its_author() {
        let mut form = valid_form();
        form.post_title = " x ".into();
        form.description = "whatsapp 我 9123 4567".into();
        let errors = CaseDetails::parse(&form).unwrap_err();
        assert_eq!(errors.get("postTitle"), Some(&Problem::NotReal { label: Label::Title, why: NotRealText::TooShort, min_chars: 4 }));
        assert_eq!(
            errors.get("description"),
            Some(&Problem::ContactDetails { label: Label::CaseDescription, found: ContactKind::Phone, exchange: Exchange::Case })
        );
        form.post_title = "哈哈哈哈".into();
        form.description = "加我微信傾".into();
        let errors = CaseDetails::parse(&form).unwrap_err();
        assert_eq!(errors.get("postTitle"), Some(&Problem::NotReal { label: Label::Title, why: NotRealText::Repeated, min_chars: 4 }));
        assert_eq!(
            errors.get("description"),
            Some(&Problem::ContactDetails { label: Label::CaseDescription, found: ContactKind::Messenger, exchange: Exchange::Case }),
            "{errors:?}"
        );
        form.post_title = "中五數學 DSE 5** 衝刺".into();
        form.description = "每堂$300-400，1.5小時，2026-12-01 開始，逢星期六 19:00-20:30".into();
        assert!(CaseDetails::parse(&form).is_ok(), "fees, dates and times are what posts are made of");
    }

    #[test]
    fn a_case_starts_from_today_unless_an_edit_keeps_its_date() {
        let today = NaiveDate::from_ymd_opt(2026, 12, 1).unwrap();
        let mut form = valid_form();
        form.start_date = "2026-11-30".into();
        let errors = CaseDetails::parse_to_post(&form, today, None).unwrap_err();
        let past = Problem::from(CasesProblem::StartDatePast);
        assert_eq!(errors.fields().iter().map(|e| (e.field, &e.problem)).collect::<Vec<_>>(), [("startDate", &past)]);
        let kept = NaiveDate::from_ymd_opt(2026, 11, 30);
        assert!(CaseDetails::parse_to_post(&form, today, kept).is_ok(), "an edit keeps the date the case had");
        form.start_date = "2026-12-01".into();
        assert!(CaseDetails::parse_to_post(&form, today, None).is_ok(), "today is fine");
        form.start_date = "2026-11-01".into();
        form.post_title = "x".into();
        let errors = CaseDetails::parse_to_post(&form, today, kept).unwrap_err();
        assert_eq!(errors.fields().iter().map(|e| e.field).collect::<Vec<_>>(), ["postTitle", "startDate"], "all at once");
    }

    #[test]
    fn status_keys_round_trip() {
        for status in CaseStatus::ALL {
            assert_eq!(CaseStatus::parse(status.key()), Some(*status));
        }
    }
}
