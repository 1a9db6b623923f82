//! Users with a pending tutor application, filed through the use case the web uses.

use std::path::Path;
use std::sync::Arc;

use chrono::{NaiveDate, Utc};
use tutorhub_adapters::{Database, LocalFileStore, Outbox, SqlTutorRepository, SqlUserRepository, Wording};
use tutorhub_domain::accounts::ports::UserRepository;
use tutorhub_domain::accounts::user::{NewUser, UserType};
use tutorhub_domain::shared::catalogue;
use tutorhub_domain::shared::identity::{DisplayName, Email, Phone};
use tutorhub_domain::shared::language::Language;
use tutorhub_domain::tutors::applications::TutorApplications;
use tutorhub_domain::tutors::model::TutorApplicationForm;
use uuid::Uuid;

/// The smallest file the upload check takes for a PNG.
const PNG: &[u8] = &[0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0];

/// One user per `(phone, subject)` with a pending application to teach that subject (as the
/// form writes it: level, a space, the subject) in the catalogue's first area. Their ids.
pub async fn pending_tutor_applicants(data_dir: &Path, applicants: &[(&str, &str)]) -> Vec<Uuid> {
    let database = Database::open(&Database::sqlite_url(data_dir)).await.unwrap();
    let users = Arc::new(SqlUserRepository::new(database.pool().clone()));
    let applications = TutorApplications::new(
        users.clone(),
        Arc::new(SqlTutorRepository::new(database.pool().clone())),
        Arc::new(LocalFileStore::new(data_dir)),
        Arc::new(Outbox::sms(data_dir)),
        Arc::new(Wording),
    );
    let area = catalogue::places().next().unwrap().area;
    let mut ids = Vec::new();
    for (phone, subject) in applicants {
        let user = users
            .insert(NewUser {
                id: Uuid::new_v4(),
                phone: Phone::parse(phone).unwrap(),
                email: Email::parse(&format!("{phone}@example.com")).unwrap(),
                name: DisplayName::parse("Chan Tai Man").unwrap(),
                birthdate: NaiveDate::from_ymd_opt(2000, 1, 31).unwrap(),
                user_type: UserType::Individual,
                password_hash: "$argon2id$x".into(),
                language: Language::ZhHk,
                created_at: Utc::now(),
            })
            .await
            .unwrap();
        let form = TutorApplicationForm {
            name: "Chan Tai Man".into(),
            contact_number: (*phone).into(),
            education: "HKU".into(),
            age: Some(25),
            teaching_experience: Some(2),
            subjects: vec![(*subject).into()],
            exam_results: "DSE 5**".into(),
            course_features: "Patient and clear".into(),
            teaching_area: area.into(),
            teaching_schedule: "Weekends".into(),
            teaching_mode: "online".into(),
            gender: String::new(),
            teaching_modes: vec![],
            teaching_districts: vec![],
            required_fee: Some(280.0),
            bio: "Hello".into(),
        };
        applications.submit(user.id, &form, Some(PNG.to_vec())).await.unwrap();
        ids.push(user.id);
    }
    database.close().await;
    ids
}
