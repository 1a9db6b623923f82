//! Believable approved tutors for demos, generated locally from a fixed seed: a name that
//! agrees with the gender given, subjects at the levels the tutor teaches, a major that goes
//! with them, school-leaving results their age allows, words and a fee per lesson-hour that
//! suit those levels (`demo_market`).

use chrono::{DateTime, Datelike, Duration, NaiveDate, Utc};
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
use tutorhub_domain::tutors::model::{ApplicationDetails, NewTutorApplication, TutorApplicationForm, TutorProfile, TutorSubject};

use crate::avatar::avatar_png;
use crate::demo_market::{self, TERTIARY_SUBJECTS, WHOLE_SUBJECTS};
use crate::wiring::Wiring;
use tutorhub_domain::accounts::user::{NewUser, UserType};
use uuid::Uuid;

/// Surnames with their Hong Kong romanisation (Karen Chan, Mr Wong).
const SURNAMES: &[(&str, &str)] = &[
    ("陳", "Chan"),
    ("李", "Lee"),
    ("張", "Cheung"),
    ("黃", "Wong"),
    ("何", "Ho"),
    ("林", "Lam"),
    ("吳", "Ng"),
    ("劉", "Lau"),
    ("梁", "Leung"),
    ("鄭", "Cheng"),
    ("謝", "Tse"),
    ("郭", "Kwok"),
    ("馮", "Fung"),
    ("羅", "Law"),
    ("蔡", "Choi"),
];
const SCHOOLS: &[&str] = &["香港大學", "香港中文大學", "香港科技大學", "香港理工大學", "香港城市大學", "香港浸會大學", "香港教育大學"];
const SCIENCE_MAJORS: &[&str] = &["數學系", "物理系", "化學系", "生物化學系", "計算機科學系", "統計學系", "工程學系"];
const LANGUAGE_MAJORS: &[&str] = &["英國文學系", "中文系", "翻譯系", "語言學系", "英文教育系"];
const HUMANITIES_MAJORS: &[&str] = &["經濟學系", "工商管理學系", "會計學系", "歷史系", "地理系", "法律系"];
const ART_MAJORS: &[&str] = &["藝術系", "建築學系", "創意媒體系"];
const GENERAL_MAJORS: &[&str] = &["教育學系", "心理學系", "社會工作學系"];
const SCHEDULES: &[&str] = &["星期一至五 晚上 7 時後", "星期六、日 全日", "星期二、四 下午 4 時至 8 時", "星期三、五 晚上；星期六上午"];
const KINDERGARTEN_FEATURES: &[&str] = &["以遊戲、兒歌及圖卡教學，令小朋友愛上學習。", "重視拼音及認字，協助小朋友銜接小一。"];
const PRIMARY_FEATURES: &[&str] = &[
    "協助完成功課，跟進默書及測驗。",
    "提供自製工作紙，針對呈分試重點操練。",
    "以生活例子講解概念，令學生容易明白。",
    "定期小測追蹤進度，並向家長匯報。",
];
const SECONDARY_FEATURES: &[&str] = &[
    "提供自製筆記及考評局歷屆試題，熟悉文憑試要求。",
    "先找出弱項再針對練習，打好初中基礎。",
    "以生活例子講解概念，令學生容易明白。",
    "定期小測追蹤進度，並向家長匯報。",
];
const TERTIARY_FEATURES: &[&str] = &["熟悉大學課程內容，協助理解概念及完成習作。", "提供歷屆試題講解，協助準備期末考試。"];
const INTEREST_FEATURES: &[(&str, &str)] = &[
    ("繪畫", "循序漸進教授素描、水彩及構圖技巧。"),
    ("劍橋英語", "熟悉劍橋英語考試形式，加強聽說讀寫。"),
    ("奧林匹克數學", "以趣味題目訓練解難及邏輯思維。"),
    ("珠心算", "以珠心算訓練計算速度及專注力。"),
];
const SCHOOL_BIOS: &[&str] = &[
    "有耐性，善於鼓勵學生，學生成績普遍有明顯進步。",
    "曾任補習社導師，熟悉本地課程及考試要求。",
    "待人親切，重視學生的學習興趣及自信心。",
    "做事認真，每堂均有清晰目標及課後功課。",
];
/// For young children and interest classes: no marks or exams.
const YOUNG_BIOS: &[&str] =
    &["待人親切，重視學生的學習興趣及自信心。", "有耐性，善於鼓勵小朋友，課堂氣氛輕鬆。", "做事認真，每堂均有清晰目標，並向家長匯報進度。"];

/// The main level of demo tutor `index`, in roughly the market's proportions: most teach
/// primary or secondary; every level within ten.
const TUTOR_LEVELS: [&str; 10] =
    ["secondary", "primary", "secondary", "kindergarten", "primary", "tertiary", "secondary", "secondary", "interest", "primary"];

/// A demo tutor the demo's story or an e2e journey relies on, by index (demo tutor `index + 1`).
struct Scenario {
    index: usize,
    subjects: &'static [&'static str],
    /// Cents per lesson-hour, when the journey needs one; drawn otherwise.
    hourly: Option<i64>,
}

const SCENARIOS: &[Scenario] = &[
    // Demo tutor 1 applies to a 中三數學 case and a 中四化學 one in the e2e journeys, asking more
    // than the first one's HK$350 (so that the parent chooses between the two fees).
    Scenario { index: 0, subjects: &["中學 數學", "中學 化學", "小學 數學"], hourly: Some(40_000) },
    // Demo tutor 2: 陳太's match, whose maths lessons she reviews.
    Scenario { index: 1, subjects: &["小學 數學", "小學 英文", "小學 常識"], hourly: None },
    // Demo tutor 8: the other applicant to that 中三數學 case.
    Scenario { index: 7, subjects: &["中學 數學", "中學 物理"], hourly: None },
    // Demo tutors 15 and 16, 17 and 18: 陳太 chose the first of each pair, the second is the
    // runner-up, for a case in a subject both teach.
    Scenario { index: 14, subjects: &["小學 英文", "小學 中文"], hourly: None },
    Scenario { index: 15, subjects: &["小學 英文", "小學 數學"], hourly: None },
    Scenario { index: 16, subjects: &["中學 英文", "中學 中文"], hourly: None },
    Scenario { index: 17, subjects: &["中學 英文"], hourly: None },
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

/// Generates tutors over every level, every district and every teaching mode, at fees per
/// lesson-hour that suit the levels they teach.
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
        let districts: Vec<_> = catalogue::REGIONS.iter().flat_map(|r| r.districts.iter()).collect();
        let area = *districts[index % districts.len()].areas.choose(rng).unwrap();
        let mode = catalogue::TEACHING_MODES[index % catalogue::TEACHING_MODES.len()].key;
        // Some tutors also teach by video and travel to the next district; derived from the
        // index, not drawn.
        let also_online = if index.is_multiple_of(3) { vec!["online".to_string()] } else { vec![] };
        let travels = if index.is_multiple_of(2) {
            vec![districts[index % districts.len()].name.to_string(), districts[(index + 1) % districts.len()].name.to_string()]
        } else {
            vec![]
        };
        let scenario = SCENARIOS.iter().find(|s| s.index == index);
        let subjects: Vec<String> = match scenario {
            Some(scenario) => scenario.subjects.iter().map(|s| (*s).to_string()).collect(),
            None => {
                let level = catalogue::level(TUTOR_LEVELS[index % TUTOR_LEVELS.len()]).expect("the demo's levels are in the catalogue");
                draw_subjects(rng, level)
            }
        };
        let taught: Vec<TutorSubject> =
            subjects.iter().map(|s| TutorSubject::parse(s).expect("demo subjects are catalogue subjects")).collect();
        let mut levels: Vec<&str> = taught.iter().map(|s| s.level).collect();
        levels.sort_unstable();
        levels.dedup();
        let main = &taught[0];
        // One fee for every level taught (for an hour's lesson): where their typical ranges meet.
        let hourly = scenario.and_then(|s| s.hourly).unwrap_or_else(|| {
            let typical = levels.iter().filter_map(|level| demo_market::level_typical(level));
            let range =
                demo_market::overlap(typical).or_else(|| demo_market::level_typical(main.level)).expect("every level has a fee band");
            demo_market::draw_hourly(rng, &range)
        });
        let female = index.is_multiple_of(2);
        let name = draw_name(rng, female);
        let age: i64 = rng.random_range(20..=45);
        let born = self.now.year() - i32::try_from(age).expect("a small age");
        // The DSE from 2012; before it, the HKCEE (會考) and the A-levels (高考).
        let exam_results = if born + 18 >= demo_market::FIRST_DSE_YEAR {
            format!("DSE 最佳五科 {} 分", rng.random_range(24..=35))
        } else {
            format!("會考 {} 優、高考 {}A", rng.random_range(4..=9), rng.random_range(1..=4))
        };
        let phone = demo_phone(index);
        let user = NewUser {
            id: Uuid::from_u128(rng.random()),
            phone: phone.clone(),
            email: Email::parse(&format!("tutor{:03}@demo.tutorhub.hk", index + 1)).expect("demo e-mails are valid"),
            name: DisplayName::parse(&name).expect("demo names follow the name rules"),
            birthdate: NaiveDate::from_ymd_opt(born, rng.random_range(1..=12), rng.random_range(1..=28))
                .expect("demo birth dates are real dates"),
            user_type: UserType::Individual,
            password_hash: password_hash.to_string(),
            language: tutorhub_domain::shared::language::Language::ZhHk,
            created_at: self.now - Duration::days(rng.random_range(30..400)),
        };
        let young = matches!(main.level, "kindergarten" | "interest");
        let form = TutorApplicationForm {
            name,
            contact_number: phone.local().to_string(),
            education: format!("{} {}", SCHOOLS.choose(rng).unwrap(), majors_for(&main.name).choose(rng).unwrap()),
            age: Some(age),
            teaching_experience: Some(rng.random_range(1..=(age - 18).min(15))),
            subjects,
            exam_results,
            course_features: features_for(rng, main),
            teaching_area: area.into(),
            teaching_schedule: SCHEDULES.choose(rng).unwrap().to_string(),
            teaching_mode: mode.into(),
            gender: if female { "female" } else { "male" }.into(),
            teaching_modes: also_online,
            teaching_districts: travels,
            required_fee: Some((hourly / 100) as f64),
            bio: if young { YOUNG_BIOS } else { SCHOOL_BIOS }.choose(rng).unwrap().to_string(),
        };
        DemoTutor { user, form, avatar_seed: rng.random(), approved_at: self.now - Duration::minutes(rng.random_range(0..60 * 24 * 90)) }
    }
}

/// A name of the tutor's gender, as Hong Kong tutors give theirs: mostly a Chinese full name,
/// sometimes an English given name with the romanised surname, or a title.
fn draw_name(rng: &mut StdRng, female: bool) -> String {
    let (english, chinese) = if female {
        (demo_market::FEMALE_ENGLISH_NAMES, demo_market::FEMALE_CHINESE_NAMES)
    } else {
        (demo_market::MALE_ENGLISH_NAMES, demo_market::MALE_CHINESE_NAMES)
    };
    let (surname, romanised) = *SURNAMES.choose(rng).unwrap();
    match rng.random_range(0..10) {
        0..=6 => format!("{surname}{}", chinese.choose(rng).unwrap()),
        7 | 8 => {
            let given = english.choose(rng).unwrap();
            let full = format!("{given} {romanised}");
            // A display name holds at most so many Latin letters: the given name alone then.
            let letters = full.chars().filter(char::is_ascii_alphabetic).count();
            if letters <= DisplayName::MAX_ENGLISH { full } else { (*given).to_string() }
        }
        _ => format!("{} {romanised}", if female { "Miss" } else { "Mr" }),
    }
}

/// "中學 數學" labels at `level`: one to three subjects, all subjects last; often the same
/// subject a stage down or up too, as university students who tutor teach them.
fn draw_subjects(rng: &mut StdRng, level: &'static Level) -> Vec<String> {
    if level.free_text_subject() {
        let course = *TERTIARY_SUBJECTS.choose(rng).unwrap();
        let mut subjects = vec![format!("{} {course}", level.label)];
        let school = match course {
            "微積分" | "線性代數" | "統計學" => Some("數學"),
            "程式設計" => Some("資訊及通訊科技"),
            "經濟學原理" => Some("經濟"),
            "有機化學" => Some("化學"),
            "法律英文" => Some("英文"),
            _ => None,
        };
        if let Some(school) = school
            && rng.random_bool(0.5)
        {
            subjects.push(format!("中學 {school}"));
        }
        return subjects;
    }
    // A subject whose name holds the list separator (、) cannot travel in the form's list.
    let weights: Vec<(&str, u32)> = demo_market::subject_weights(level.key).iter().copied().filter(|(s, _)| !s.contains('、')).collect();
    let mut chosen: Vec<&str> = Vec::new();
    for _ in 0..rng.random_range(1..=3) {
        if let Some(subject) = demo_market::pick_weighted(rng, &weights, &chosen) {
            chosen.push(subject);
        }
    }
    // What a tutor lists first is what they teach best; all subjects, and the junior forms'
    // own subjects, come after. A secondary tutor teaches the senior forms something.
    let junior_only = |s: &str| level.key == "secondary" && !demo_market::taught_at(level.key, s, "中四");
    if level.key == "secondary" && chosen.iter().all(|s| junior_only(s)) {
        chosen.insert(0, "數學");
    }
    chosen.sort_by_key(|s| WHOLE_SUBJECTS.contains(s) || junior_only(s));
    let mut subjects: Vec<String> = chosen.iter().map(|s| format!("{} {s}", level.label)).collect();
    let next = match level.key {
        "kindergarten" => chosen.iter().find_map(|s| s.strip_prefix("幼兒")).map(|s| ("小學", s)),
        "primary" | "secondary" => {
            let other = if level.key == "primary" { "中學" } else { "小學" };
            chosen.iter().find(|s| ["數學", "英文", "中文"].contains(*s)).map(|s| (other, *s))
        }
        "interest" => chosen.iter().find_map(|s| match *s {
            "劍橋英語" => Some(("小學", "英文")),
            "奧林匹克數學" => Some(("小學", "數學")),
            _ => None,
        }),
        _ => None,
    };
    if let Some((other, subject)) = next
        && rng.random_bool(0.4)
    {
        subjects.push(format!("{other} {subject}"));
    }
    subjects
}

fn majors_for(subject: &str) -> &'static [&'static str] {
    match subject {
        "數學"
        | "物理"
        | "化學"
        | "生物"
        | "幼兒數學"
        | "奧林匹克數學"
        | "珠心算"
        | "微積分"
        | "線性代數"
        | "統計學"
        | "程式設計"
        | "有機化學"
        | "資訊及通訊科技"
        | "科技與生活" => SCIENCE_MAJORS,
        "中文" | "英文" | "中國文學" | "英國文學" | "幼兒中文" | "幼兒英文" | "劍橋英語" | "普通話" | "法律英文" => {
            LANGUAGE_MAJORS
        }
        "經濟" | "公民與社會發展" | "中國歷史" | "歷史" | "地理" | "會計學" | "經濟學原理" => HUMANITIES_MAJORS,
        "繪畫" | "視覺藝術" => ART_MAJORS,
        _ => GENERAL_MAJORS,
    }
}

/// What the tutor's lessons offer, for the level (and interest class) they teach best.
fn features_for(rng: &mut StdRng, main: &TutorSubject) -> String {
    let lines = match main.level {
        "kindergarten" => KINDERGARTEN_FEATURES,
        "primary" => PRIMARY_FEATURES,
        "secondary" => SECONDARY_FEATURES,
        "tertiary" => TERTIARY_FEATURES,
        _ => return INTEREST_FEATURES.iter().find(|(s, _)| *s == main.name).map_or("因材施教，循序漸進。", |(_, line)| *line).to_string(),
    };
    lines.choose(rng).unwrap().to_string()
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
        let application = app.tutor_application_records.insert_application(new).await?;
        let profile = TutorProfile::from_application(&application, user.number, demo.approved_at);
        app.tutor_application_records.approve_application(application.number, "demo", demo.approved_at, &profile).await?;
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
        let application = app.tutor_application_records.insert_application(new).await?;
        let profile = TutorProfile::from_application(&application, user.number, bench.approved_at);
        app.tutor_application_records.approve_application(application.number, "bench", bench.approved_at, &profile).await?;
        progress.inc(1);
    }
    progress.finish_and_clear();
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::demo_market::{TutorFacts, tutor_problems};
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
        assert!(fees.len() > 10, "{fees:?}");
        let phones: HashSet<_> = tutors.iter().map(|t| t.user.phone.as_str().to_string()).collect();
        assert_eq!(phones.len(), 60);
        // Each reads like a real tutor: the name agrees with the gender, the words and the fee
        // with the levels taught, the results with the age.
        for tutor in &tutors {
            let form = &tutor.form;
            let facts = TutorFacts {
                name: &form.name,
                gender: Some(form.gender.as_str()),
                age: form.age.unwrap(),
                subjects: &form.subjects,
                exam_results: &form.exam_results,
                course_features: &form.course_features,
                bio: &form.bio,
                fee_cents: (form.required_fee.unwrap() * 100.0).round() as i64,
            };
            assert_eq!(tutor_problems(&facts, Utc::now().year()), Vec::<String>::new(), "{}", form.name);
        }
        let named = tutors.iter().filter(|t| demo_market::named_gender(&t.form.name).is_some()).count();
        assert_eq!(named, 60, "every demo name says its gender, so the check covers them all");
    }

    #[test]
    fn the_tutors_the_e2e_journeys_rely_on_teach_what_they_apply_for() {
        let mut generator = TutorGenerator::new(2026, Utc::now());
        let tutors: Vec<_> = (0..20).map(|_| generator.next_tutor("$hash")).collect();
        assert!(tutors[0].form.subjects.starts_with(&["中學 數學".to_string(), "中學 化學".to_string()]));
        assert_eq!(tutors[0].form.required_fee, Some(400.0), "more than the HK$350 of the e2e's 中三數學 case");
        assert!(tutors[7].form.subjects.contains(&"中學 數學".to_string()));
        assert_eq!(tutors[1].form.subjects[0], "小學 數學");
        for (chosen, runner_up) in [(14, 15), (16, 17)] {
            assert_eq!(tutors[chosen].form.subjects[0], tutors[runner_up].form.subjects[0]);
        }
    }
}
