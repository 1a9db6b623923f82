//! Parsing a case form, field by field, and the cases the other tests start from.

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
