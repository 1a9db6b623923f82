//! Believable approved tutors for demos, generated locally from a fixed seed.

use chrono::{DateTime, Duration, NaiveDate, Utc};
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use tutorhub_adapters::Argon2Hasher;
use tutorhub_domain::accounts::ports::PasswordHasher;
use tutorhub_domain::shared::catalogue::{self, Level};
use tutorhub_domain::shared::files::Visibility;
use tutorhub_domain::shared::identity::{DisplayName, Email, Password, Phone};
use tutorhub_domain::shared::upload::FileKind;
use tutorhub_domain::tutors::applications::AVATAR_FOLDER;
use tutorhub_domain::tutors::model::{ApplicationDetails, NewTutorApplication, TutorApplicationForm, TutorProfile};

use crate::avatar::avatar_png;
use crate::wiring::Wiring;
use tutorhub_domain::accounts::user::{NewUser, UserType};
use uuid::Uuid;

const SURNAMES: &[&str] = &["陳", "李", "張", "黃", "何", "林", "吳", "劉", "梁", "鄭", "謝", "郭", "馮", "羅", "蔡"];
const GIVEN: &[&str] = &["嘉欣", "志明", "詠詩", "俊傑", "曉彤", "家豪", "凱琳", "子軒", "樂瑤", "浩然", "穎琳", "健峰"];
const ENGLISH: &[&str] = &["Emily", "Jason", "Chloe", "Kelvin", "Karen", "Ivan", "Queenie", "Marco"];
const SCHOOLS: &[&str] = &["香港大學", "香港中文大學", "香港科技大學", "香港理工大學", "香港城市大學", "香港浸會大學", "香港教育大學"];
const MAJORS: &[&str] = &["數學系", "物理系", "英國文學系", "中文系", "經濟學系", "化學系", "教育學系", "工商管理學系"];
const TERTIARY: &[&str] = &["微積分", "線性代數", "統計學", "會計學", "程式設計"];
const SCHEDULES: &[&str] = &["星期一至五 晚上 7 時後", "星期六、日 全日", "星期二、四 下午 4 時至 8 時", "星期三、五 晚上；星期六上午"];
const FEATURES: &[&str] = &[
    "因材施教，先找出弱項再針對練習。",
    "提供自製筆記及歷屆試題，重視溫習技巧。",
    "以生活例子講解概念，令學生容易明白。",
    "定期小測追蹤進度，並向家長匯報。",
];
const BIOS: &[&str] = &[
    "有耐性，善於鼓勵學生，學生成績普遍有明顯進步。",
    "曾任補習社導師，熟悉本地課程及考試要求。",
    "待人親切，重視學生的學習興趣及自信心。",
    "做事認真，每堂均有清晰目標及課後功課。",
];

/// The password of every demo tutor account (for trying tutor mode by hand).
pub const DEMO_TUTOR_PASSWORD: &str = "demo1234";

/// Demo tutor `i`'s phone: 5000 0001, 5000 0002, …, so reruns find them.
pub fn demo_phone(index: usize) -> Phone {
    Phone::parse(&format!("5{:07}", index + 1)).expect("demo phones are valid Hong Kong numbers")
}

pub struct DemoTutor {
    pub user: NewUser,
    pub form: TutorApplicationForm,
    pub avatar_seed: u64,
    pub approved_at: DateTime<Utc>,
}

/// Generates tutors over every level, every district, HK$150–900 and every teaching mode.
pub struct TutorGenerator {
    rng: StdRng,
    now: DateTime<Utc>,
    count: usize,
}

impl TutorGenerator {
    pub fn new(seed: u64, now: DateTime<Utc>) -> Self {
        Self { rng: StdRng::seed_from_u64(seed), now, count: 0 }
    }

    pub fn next_tutor(&mut self, password_hash: &str) -> DemoTutor {
        let index = self.count;
        self.count += 1;
        let rng = &mut self.rng;
        // Cycling by index guarantees coverage; the rest is random.
        let level: &Level = &catalogue::LEVELS[index % catalogue::LEVELS.len()];
        let districts: Vec<_> = catalogue::REGIONS.iter().flat_map(|r| r.districts.iter()).collect();
        let area = *districts[index % districts.len()].areas.choose(rng).unwrap();
        let mode = catalogue::TEACHING_MODES[index % catalogue::TEACHING_MODES.len()].key;
        // Some tutors also teach by video and travel to the next district; derived from the
        // index, not drawn, so the random draws (and every demo tutor's other details) stay put.
        let also_online = if index.is_multiple_of(3) { vec!["online".to_string()] } else { vec![] };
        let travels = if index.is_multiple_of(2) {
            vec![districts[index % districts.len()].name.to_string(), districts[(index + 1) % districts.len()].name.to_string()]
        } else {
            vec![]
        };
        let subjects: Vec<String> = if level.free_text_subject() {
            vec![format!("{} {}", level.label, TERTIARY.choose(rng).unwrap())]
        } else {
            let how_many = rng.random_range(1..=3.min(level.subjects.len()));
            level.subjects.choose_multiple(rng, how_many).map(|s| format!("{} {s}", level.label)).collect()
        };
        let name = if rng.random_ratio(1, 5) {
            ENGLISH.choose(rng).unwrap().to_string()
        } else {
            format!("{}{}", SURNAMES.choose(rng).unwrap(), GIVEN.choose(rng).unwrap())
        };
        let age: i64 = rng.random_range(20..=45);
        let phone = demo_phone(index);
        let user = NewUser {
            id: Uuid::from_u128(rng.random()),
            phone: phone.clone(),
            email: Email::parse(&format!("tutor{:03}@demo.tutorhub.hk", index + 1)).expect("demo e-mails are valid"),
            name: DisplayName::parse(&name).expect("demo names follow the name rules"),
            birthdate: NaiveDate::from_ymd_opt(2026 - age as i32, rng.random_range(1..=12), rng.random_range(1..=28))
                .expect("demo birth dates are real dates"),
            user_type: UserType::Individual,
            password_hash: password_hash.to_string(),
            created_at: self.now - Duration::days(rng.random_range(30..400)),
        };
        let form = TutorApplicationForm {
            name,
            contact_number: phone.local().to_string(),
            education: format!("{} {}", SCHOOLS.choose(rng).unwrap(), MAJORS.choose(rng).unwrap()),
            age: Some(age),
            teaching_experience: Some(rng.random_range(1..=(age - 18).min(15))),
            subjects,
            exam_results: format!("DSE 最佳五科 {} 分", rng.random_range(24..=35)),
            course_features: FEATURES.choose(rng).unwrap().to_string(),
            teaching_area: area.into(),
            teaching_schedule: SCHEDULES.choose(rng).unwrap().to_string(),
            teaching_mode: mode.into(),
            gender: if index.is_multiple_of(2) { "female" } else { "male" }.into(),
            teaching_modes: also_online,
            teaching_districts: travels,
            required_fee: Some(f64::from(rng.random_range(15..=90_u32) * 10)),
            bio: BIOS.choose(rng).unwrap().to_string(),
        };
        DemoTutor { user, form, avatar_seed: rng.random(), approved_at: self.now - Duration::minutes(rng.random_range(0..60 * 24 * 90)) }
    }
}

/// Stores `count` demo tutors: account, avatar, application, approval (no SMS: nobody to tell).
pub async fn insert_demo_tutors(app: &Wiring, count: usize) -> anyhow::Result<usize> {
    // One hash for all: argon2 is deliberately slow, and these are demo accounts.
    let password = Password::parse(DEMO_TUTOR_PASSWORD).expect("the demo password follows the rules");
    let hash = Argon2Hasher::default().hash(&password).await?;
    let mut generator = TutorGenerator::new(2026, Utc::now());
    for _ in 0..count {
        let demo = generator.next_tutor(&hash);
        let user = app.users.insert(demo.user).await?;
        let avatar = app.files.save(AVATAR_FOLDER, FileKind::Png, Visibility::Public, avatar_png(demo.avatar_seed)).await?;
        let details = ApplicationDetails::parse(&demo.form).map_err(|e| anyhow::anyhow!("demo tutor invalid: {e}"))?;
        let new = NewTutorApplication {
            id: Uuid::new_v4(),
            user_id: user.id,
            details,
            avatar: avatar.public_path().unwrap_or_default(),
            submitted_at: demo.approved_at - Duration::days(2),
        };
        let application = app.tutors.insert_application(new).await?;
        let profile = TutorProfile::from_application(&application, user.number, demo.approved_at);
        app.tutors.approve_application(application.number, "demo", demo.approved_at, &profile).await?;
    }
    Ok(count)
}

/// Stores `count` approved tutors for benchmarks: the demo's variety, phones 6000 0000 upwards
/// after those taken by an earlier run (so none is a demo account), no photos and no password
/// anyone knows.
pub async fn insert_bench_tutors(app: &Wiring, count: usize) -> anyhow::Result<()> {
    let bench_phone =
        |index: usize| Phone::parse(&format!("6{index:07}")).map_err(|_| anyhow::anyhow!("more than 10,000,000 bench tutors"));
    let mut first = 0;
    while app.users.find_by_phone(&bench_phone(first)?).await?.is_some() {
        first += 1;
    }
    let progress = indicatif::ProgressBar::new(count as u64).with_style(
        indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} tutors ({per_sec}, {eta} left)")
            .expect("the progress template is valid"),
    );
    let mut generator = TutorGenerator::new(rand::random(), Utc::now());
    for index in first..first + count {
        let mut bench = generator.next_tutor("!unusable");
        // A few random draws pick a subject whose name holds the list separator (、), which
        // the form cannot carry; the demo's fixed seed never does. Draw again.
        while bench.form.subjects.iter().any(|s| s.contains('、')) {
            bench = generator.next_tutor("!unusable");
        }
        let phone = bench_phone(index)?;
        bench.form.contact_number = phone.local().to_string();
        bench.user.email = Email::parse(&format!("tutor{index}@bench.tutorhub.hk")).expect("bench e-mails are valid");
        bench.user.phone = phone;
        let user = app.users.insert(bench.user).await?;
        let details = ApplicationDetails::parse(&bench.form).map_err(|e| anyhow::anyhow!("bench tutor invalid: {e}"))?;
        let new = NewTutorApplication {
            id: Uuid::new_v4(),
            user_id: user.id,
            details,
            avatar: String::new(),
            submitted_at: bench.approved_at - Duration::days(2),
        };
        let application = app.tutors.insert_application(new).await?;
        let profile = TutorProfile::from_application(&application, user.number, bench.approved_at);
        app.tutors.approve_application(application.number, "bench", bench.approved_at, &profile).await?;
        progress.inc(1);
    }
    progress.finish_and_clear();
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn sixty_tutors_are_valid_and_cover_levels_districts_modes_and_fees() {
        let mut generator = TutorGenerator::new(7, Utc::now());
        let tutors: Vec<_> = (0..60).map(|_| generator.next_tutor("$hash")).collect();
        let details: Vec<_> = tutors.iter().map(|t| ApplicationDetails::parse(&t.form).expect("valid demo application")).collect();
        let levels: HashSet<_> = details.iter().flat_map(|d| d.subjects.iter().map(|s| s.level)).collect();
        let districts: HashSet<_> = details.iter().map(|d| d.place.district).collect();
        let modes: HashSet<_> = details.iter().flat_map(|d| d.teaching_modes.iter().map(|m| m.key)).collect();
        assert!(details.iter().any(|d| d.teaching_modes.len() == 2) && details.iter().any(|d| d.teaching_districts.len() == 2));
        assert_eq!(levels.len(), catalogue::LEVELS.len());
        assert_eq!(districts.len(), 18);
        assert_eq!(modes.len(), catalogue::TEACHING_MODES.len());
        let fees: HashSet<_> = details.iter().map(|d| d.required_fee.cents()).collect();
        assert!(fees.len() > 20 && fees.iter().all(|f| (15_000..=90_000).contains(f)));
        let phones: HashSet<_> = tutors.iter().map(|t| t.user.phone.as_str().to_string()).collect();
        assert_eq!(phones.len(), 60);
    }
}
