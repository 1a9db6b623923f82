//! Accounts and approved tutor profiles, stored through the repositories, for the suites
//! that need someone to be a tutor.

use chrono::{Duration, NaiveDate, Utc};
use tutorhub_adapters::{SqlTutorRepository, SqlUserRepository};
use tutorhub_domain::accounts::ports::UserRepository;
use tutorhub_domain::accounts::user::{NewUser, User, UserType};
use tutorhub_domain::shared::identity::{DisplayName, Email, Phone};
use tutorhub_domain::tutors::model::{ApplicationDetails, NewTutorApplication, TutorApplicationForm, TutorProfile};
use tutorhub_domain::tutors::ports::TutorApplicationRepository;
use uuid::Uuid;

pub async fn user(users: &SqlUserRepository, n: u32) -> User {
    users
        .insert(NewUser {
            id: Uuid::new_v4(),
            phone: Phone::parse(&format!("9{:07}", n)).unwrap(),
            email: Email::parse(&format!("u{n}@example.com")).unwrap(),
            name: DisplayName::parse("陳大文").unwrap(),
            birthdate: NaiveDate::from_ymd_opt(2000, 1, 31).unwrap(),
            user_type: UserType::Individual,
            password_hash: "$argon2id$hash".into(),
            language: tutorhub_domain::shared::language::Language::ZhHk,
            created_at: Utc::now(),
        })
        .await
        .unwrap()
}

pub fn form(subjects: &str, area: &str, fee: f64) -> TutorApplicationForm {
    TutorApplicationForm {
        name: "陳大文".into(),
        contact_number: "91234567".into(),
        education: "香港大學 數學系".into(),
        age: Some(24),
        teaching_experience: Some(3),
        subjects: vec![subjects.into()],
        exam_results: "DSE 數學 5**".into(),
        course_features: "重視理解".into(),
        teaching_area: area.into(),
        teaching_schedule: "星期六下午".into(),
        teaching_mode: "one-to-one".into(),
        gender: String::new(),
        teaching_modes: vec![],
        teaching_districts: vec![],
        required_fee: Some(fee),
        bio: "有耐性".into(),
    }
}

pub fn new_application(user_id: Uuid, form: &TutorApplicationForm) -> NewTutorApplication {
    NewTutorApplication {
        id: Uuid::new_v4(),
        user_id,
        details: ApplicationDetails::parse(form).unwrap(),
        avatar: "/media/avatars/a.png".into(),
        submitted_at: Utc::now(),
    }
}

/// Files and approves an application; returns the profile stored.
pub async fn approved(repo: &SqlTutorRepository, user: &User, form: &TutorApplicationForm, age_minutes: i64) -> TutorProfile {
    let application = repo.insert_application(new_application(user.id, form)).await.unwrap();
    let at = Utc::now() - Duration::minutes(age_minutes);
    let profile = TutorProfile::from_application(&application, user.number, at);
    assert!(repo.approve_application(application.number, "staff", at, &profile).await.unwrap());
    profile
}
