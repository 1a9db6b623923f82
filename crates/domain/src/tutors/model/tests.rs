use super::*;
use crate::shared::contact_details::ContactKind;
use crate::shared::contact_details::Exchange;
use crate::shared::money::Rate;
use crate::shared::validation::{Label, Problem, TutorsProblem, Unit};
use chrono::Utc;
use uuid::Uuid;

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
    assert_eq!(ApplicationDetails::parse(&none).unwrap_err().get("teachingMode"), Some(&Problem::Tutors(TutorsProblem::NoTeachingMode)));
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
