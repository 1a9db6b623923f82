//! Believable cases for demos and benchmarks, generated locally from a fixed seed: each one's
//! grade takes its subjects, its words suit its grade (升小 in K3, 呈分試 in 小五, 文憑試 in the
//! senior forms) and its fee is what Hong Kong families pay at that stage (`demo_market`).

use chrono::{DateTime, Duration, Utc};
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use tutorhub_domain::cases::model::{CaseDetails, CaseForm, CaseStatus, NewCase};
use tutorhub_domain::shared::catalogue::{self, Level};
use uuid::Uuid;

use crate::demo_market::{self, Stage, TERTIARY_SUBJECTS, WHOLE_SUBJECTS};

/// The level of case `index`, in roughly the market's proportions: primary and secondary
/// cases most, every level within ten.
const CASE_LEVELS: [&str; 10] =
    ["primary", "secondary", "kindergarten", "primary", "secondary", "tertiary", "secondary", "primary", "interest", "secondary"];

/// A sentence of a description and where it fits: the grades (none: every grade of the stage)
/// and the subjects (none: any) it suits.
type Line = (&'static str, &'static [&'static str], &'static [&'static str]);

const ANY: &[&str] = &[];
const CORE: &[&str] = &["中文", "英文", "數學"];
const LANGUAGES: &[&str] = &["幼兒中文", "幼兒英文"];

/// How the family describes the student, by stage.
const KINDERGARTEN_SITUATIONS: &[&str] =
    &["小朋友比較好動，希望導師以遊戲及圖卡引起學習興趣。", "小朋友剛開始學寫字，希望導師有耐性，多鼓勵。", "希望培養閱讀習慣，加強認字。"];
const PRIMARY_SITUATIONS: &[&str] = &[
    "學生基礎較弱，希望導師有耐性，循序漸進講解。",
    "學生較內向，希望導師親切，多鼓勵。",
    "學生成績中上，想進一步拔尖，目標名列前茅。",
    "希望導師能協助完成功課，並跟進默書及測驗。",
];
const SECONDARY_SITUATIONS: &[&str] =
    &["學生基礎較弱，希望導師有耐性，循序漸進講解。", "學生較內向，希望導師親切，多鼓勵。", "學生成績中上，想進一步拔尖。"];
const TERTIARY_SITUATIONS: &[&str] = &["大學課程進度較快，希望導師協助溫習。", "希望導師協助理解課堂筆記及完成習作。"];
const INTEREST_SITUATIONS: &[&str] = &["學生較內向，希望導師親切，多鼓勵。", "希望每堂有清晰進度，並定期向家長匯報。"];

/// What the family hopes for, by stage, in words that suit the grade.
const KINDERGARTEN_GOALS: &[Line] = &[
    ("希望循序漸進，打好基礎。", ANY, ANY),
    ("希望為升小打好基礎。", &["K2 低班", "K3 高班"], ANY),
    ("準備升小面試，希望導師協助練習自我介紹及看圖說故事。", &["K3 高班"], LANGUAGES),
];
const PRIMARY_GOALS: &[Line] = &[
    ("準備校內考試，希望加強操練及溫習技巧。", ANY, ANY),
    ("學生剛升上小一，希望建立溫習習慣。", &["小一"], ANY),
    ("準備 TSA，希望熟習題型及答題技巧。", &["小三", "小六"], CORE),
    ("準備呈分試，希望加強操練及溫習技巧。", &["小五", "小六"], ANY),
    ("升中在即，希望鞏固基礎，順利銜接中學課程。", &["小五", "小六"], ANY),
    ("暑假希望預習 Pre-S1 課程，銜接中學。", &["小六"], ANY),
];
const JUNIOR_GOALS: &[Line] = &[
    ("希望打好初中基礎，應付校內考試。", ANY, ANY),
    ("準備校內考試，希望加強操練及溫習技巧。", ANY, ANY),
    ("學生剛升上中一，希望適應英文授課。", &["中一"], ANY),
    ("準備中三 TSA，希望鞏固基礎。", &["中三"], CORE),
    ("中三要選科，希望打好基礎，為高中課程做好準備。", &["中三"], ANY),
];
/// Most mention the exam board's past papers: what senior-form families ask for (and the
/// words the search journeys look for).
const SENIOR_GOALS: &[Line] = &[
    ("準備公開試，希望導師熟悉考評局題型。", ANY, ANY),
    ("目標 DSE 考獲 5 級或以上，希望多做考評局歷屆試題。", &["中五", "中六"], ANY),
    ("希望操練考評局歷屆試題，加強答題技巧及時間分配。", ANY, ANY),
    ("剛升上中四，希望適應高中課程，為文憑試打好基礎。", &["中四"], ANY),
];
/// International-school students in the senior forms, in the subjects those schools examine.
const INTERNATIONAL_GOALS: &[Line] = &[
    ("就讀國際學校，修讀 IGCSE，希望導師熟悉課程及考試要求。", &["中四", "中五"], INTERNATIONAL_SUBJECTS),
    ("就讀國際學校 IB 課程，希望導師熟悉 IB 評核要求。", &["中五", "中六"], INTERNATIONAL_SUBJECTS),
];
const INTERNATIONAL_SUBJECTS: &[&str] = &["數學", "英文", "物理", "化學", "生物", "經濟"];
const TERTIARY_GOALS: &[Line] = &[("準備期中及期末考試。", ANY, ANY), ("希望溫習歷屆試題，加強解題技巧。", ANY, ANY)];
const INTEREST_GOALS: &[Line] = &[
    ("學生喜歡畫畫，希望學習素描及水彩技巧。", ANY, &["繪畫"]),
    ("準備劍橋英語考試，希望加強聽說讀寫。", ANY, &["劍橋英語"]),
    ("希望參加奧數比賽，訓練解難及邏輯思維。", ANY, &["奧林匹克數學"]),
    ("希望透過珠心算提升計算速度及專注力。", ANY, &["珠心算"]),
];

/// What a tutor recruiting students writes, by stage.
const TUTOR_POSTS: &[(Stage, Line)] = &[
    (Stage::Kindergarten, ("本人有幼兒教學經驗，以遊戲及兒歌教學，令小朋友愛上學習。", ANY, ANY)),
    (Stage::Primary, ("本人為大學生，有多年補習經驗，可協助完成功課及溫習默書、測驗。", ANY, ANY)),
    (Stage::Primary, ("熟悉呈分試重點，提供自製工作紙操練。", &["小五", "小六"], ANY)),
    (Stage::JuniorSecondary, ("本人為大學生，擅長以生活例子講解概念，協助打好初中基礎。", ANY, ANY)),
    (Stage::SeniorSecondary, ("本人熟悉文憑試課程，提供考評局歷屆試題操練及答題技巧。", ANY, ANY)),
    (Stage::Tertiary, ("本人為研究生，熟悉大學課程內容，協助理解概念及完成習作。", ANY, ANY)),
    (Stage::Interest, ("本人修讀藝術，教授素描、水彩及構圖，歡迎初學者。", ANY, &["繪畫"])),
    (Stage::Interest, ("熟悉劍橋英語考試形式，以小組活動加強聽說讀寫。", ANY, &["劍橋英語"])),
    (Stage::Interest, ("以趣味題目訓練解難及邏輯思維，協助準備奧數比賽。", ANY, &["奧林匹克數學"])),
    (Stage::Interest, ("持有珠心算導師證書，以遊戲訓練計算速度及專注力。", ANY, &["珠心算"])),
];

fn fits(line: &Line, grade: &str, subjects: &[String]) -> bool {
    let (_, grades, wanted) = line;
    (grades.is_empty() || grades.contains(&grade)) && (wanted.is_empty() || subjects.iter().any(|s| wanted.contains(&s.as_str())))
}

/// A case's title, as families and tutors write them: "旺角中四數學補習", "旺角K3幼兒英文補習".
pub fn case_title(area: &str, grade: &str, subjects: &[String], tutor_post: bool) -> String {
    let grade = demo_market::short_grade(grade);
    let subjects = subjects.join("、");
    if tutor_post { format!("{area}導師招收{grade}{subjects}學生") } else { format!("{area}{grade}{subjects}補習") }
}

/// Generates cases spread over every level and district, at what families pay at each stage,
/// created over the last six months.
pub struct CaseGenerator {
    rng: StdRng,
    now: DateTime<Utc>,
    count: usize,
}

impl CaseGenerator {
    pub fn new(seed: u64, now: DateTime<Utc>) -> Self {
        Self { rng: StdRng::seed_from_u64(seed), now, count: 0 }
    }

    pub fn next_case(&mut self, owner_id: Option<Uuid>, status: CaseStatus) -> NewCase {
        let index = self.count;
        self.count += 1;
        let rng = &mut self.rng;
        // Cycling by index guarantees coverage; the rest is random.
        let level = catalogue::level(CASE_LEVELS[index % CASE_LEVELS.len()]).expect("the demo's levels are in the catalogue");
        let districts: Vec<_> = catalogue::REGIONS.iter().flat_map(|r| r.districts.iter()).collect();
        let district = districts[index % districts.len()];
        let area = *district.areas.choose(rng).unwrap();
        let (grade, subjects) = grade_and_subjects(rng, level);
        let stage = Stage::of(level.key, grade).expect("a catalogue level");
        let tutor_post = rng.random_ratio(1, 6);
        let description =
            if tutor_post { tutor_post_text(rng, stage, grade, &subjects) } else { family_text(rng, stage, grade, &subjects) };
        let lengths: &[u32] = match stage {
            Stage::Kindergarten => &[60],
            Stage::Primary | Stage::Interest => &[60, 90],
            Stage::JuniorSecondary => &[60, 90, 120],
            Stage::SeniorSecondary | Stage::Tertiary => &[90, 120],
        };
        let minutes = *lengths.choose(rng).unwrap();
        let hourly = demo_market::draw_hourly(rng, &demo_market::fee_band(stage).typical);
        let per_week = match stage {
            Stage::Interest => 1,
            Stage::Kindergarten | Stage::Tertiary => rng.random_range(1..=2),
            _ => rng.random_range(1..=3),
        };
        let preferred_gender = if tutor_post { "no limit" } else { *["no limit", "no limit", "male", "female"].choose(rng).unwrap() };
        let form = CaseForm {
            post_type: if tutor_post { "tutor-seeking-student" } else { "student-seeking-tutor" }.into(),
            post_title: case_title(area, grade, &subjects, tutor_post),
            level: level.key.into(),
            grade: grade.into(),
            subjects,
            location: area.into(),
            // Whole dollars: a lesson's fee is a multiple of HK$10.
            rate: Some((demo_market::lesson_fee(hourly, minutes) / 100) as f64),
            session_length: Some(i64::from(minutes)),
            sessions_per_week: Some(per_week),
            description,
            preferred_gender: preferred_gender.to_string(),
            start_date: (self.now + Duration::days(rng.random_range(3..60))).format("%Y-%m-%d").to_string(),
        };
        let details = CaseDetails::parse(&form).expect("generated cases follow the case rules");
        NewCase {
            id: Uuid::from_u128(rng.random()),
            owner_id,
            details,
            status,
            created_at: self.now - Duration::minutes(rng.random_range(0..60 * 24 * 180)),
        }
    }
}

/// A grade, and subjects that grade takes: one mostly, two sometimes, all subjects alone.
fn grade_and_subjects(rng: &mut StdRng, level: &'static Level) -> (&'static str, Vec<String>) {
    if level.free_text_subject() {
        return (*level.grades.choose(rng).unwrap(), vec![TERTIARY_SUBJECTS.choose(rng).unwrap().to_string()]);
    }
    if level.key == "interest" {
        // An interest class suits some ages only: the subject first, then a grade that takes it.
        let subject = demo_market::pick_weighted(rng, demo_market::subject_weights(level.key), &[]).expect("interest subjects");
        let grade = *demo_market::grades_taking(level, subject).choose(rng).unwrap();
        return (grade, vec![subject.to_string()]);
    }
    let grade = *level.grades.choose(rng).unwrap();
    let taken: Vec<(&str, u32)> =
        demo_market::subject_weights(level.key).iter().copied().filter(|(s, _)| demo_market::taught_at(level.key, s, grade)).collect();
    let first = demo_market::pick_weighted(rng, &taken, &[]).expect("every grade takes some subject");
    let mut subjects = vec![first];
    if !WHOLE_SUBJECTS.contains(&first) && rng.random_bool(0.3) {
        let mut skip = WHOLE_SUBJECTS.to_vec();
        skip.push(first);
        subjects.extend(demo_market::pick_weighted(rng, &taken, &skip));
    }
    (grade, subjects.into_iter().map(String::from).collect())
}

fn choose_line(rng: &mut StdRng, lines: &[Line], grade: &str, subjects: &[String]) -> Option<&'static str> {
    let fitting: Vec<&'static str> = lines.iter().filter(|line| fits(line, grade, subjects)).map(|line| line.0).collect();
    fitting.choose(rng).copied()
}

/// The family's description: the student, then the aim, in words that suit the grade.
fn family_text(rng: &mut StdRng, stage: Stage, grade: &str, subjects: &[String]) -> String {
    // One senior case in eight is an international school's, when that school examines its subject.
    let international =
        stage == Stage::SeniorSecondary && rng.random_ratio(1, 8) && INTERNATIONAL_GOALS.iter().any(|line| fits(line, grade, subjects));
    let (situations, goals) = match stage {
        Stage::Kindergarten => (KINDERGARTEN_SITUATIONS, KINDERGARTEN_GOALS),
        Stage::Primary => (PRIMARY_SITUATIONS, PRIMARY_GOALS),
        Stage::JuniorSecondary => (SECONDARY_SITUATIONS, JUNIOR_GOALS),
        Stage::SeniorSecondary if international => (SECONDARY_SITUATIONS, INTERNATIONAL_GOALS),
        Stage::SeniorSecondary => (SECONDARY_SITUATIONS, SENIOR_GOALS),
        Stage::Tertiary => (TERTIARY_SITUATIONS, TERTIARY_GOALS),
        Stage::Interest => (INTEREST_SITUATIONS, INTEREST_GOALS),
    };
    let situation = situations.choose(rng).unwrap();
    let goal = choose_line(rng, goals, grade, subjects).unwrap_or_default();
    format!("{situation}{goal}")
}

/// A tutor's post: what they offer at the stage.
fn tutor_post_text(rng: &mut StdRng, stage: Stage, grade: &str, subjects: &[String]) -> String {
    let lines: Vec<Line> = TUTOR_POSTS.iter().filter(|(s, _)| *s == stage).map(|(_, line)| *line).collect();
    // The general line first, then the one for the grade when there is one.
    let fitting: Vec<&str> = lines.iter().filter(|line| fits(line, grade, subjects)).map(|line| line.0).collect();
    let text = fitting.concat();
    if text.is_empty() {
        choose_line(rng, &lines, grade, &[]).unwrap_or("本人有多年補習經驗，因材施教。").to_string()
    } else {
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::demo_market::{CaseFacts, case_problems};
    use std::collections::HashSet;

    #[test]
    fn two_hundred_cases_cover_every_level_and_district_and_read_like_real_ones() {
        let mut generator = CaseGenerator::new(7, Utc::now());
        let cases: Vec<_> = (0..200).map(|_| generator.next_case(None, CaseStatus::Approved)).collect();
        let levels: HashSet<_> = cases.iter().map(|c| c.details.level.key).collect();
        let districts: HashSet<_> = cases.iter().map(|c| c.details.place.district).collect();
        assert_eq!(levels.len(), catalogue::LEVELS.len());
        assert_eq!(districts.len(), 18);
        for case in &cases {
            let d = &case.details;
            let facts = CaseFacts {
                level: d.level.key,
                grade: &d.grade,
                subjects: &d.subjects,
                title: &d.title,
                description: &d.description,
                rate_cents: d.rate.cents(),
                minutes: d.session_minutes,
            };
            assert_eq!(case_problems(&facts), Vec::<String>::new(), "{}: {}", d.title, d.description);
        }
        // Senior-form maths cases mention the exam board's past papers (what a search finds).
        assert!(cases.iter().any(|c| c.details.subjects.contains(&"數學".to_string()) && c.details.description.contains("考評局")));
    }

    #[test]
    fn titles_name_the_short_grade_and_the_subjects() {
        let subjects = vec!["幼兒英文".to_string()];
        assert_eq!(case_title("旺角", "K3 高班", &subjects, false), "旺角K3幼兒英文補習");
        let subjects = vec!["物理".to_string(), "化學".to_string()];
        assert_eq!(case_title("沙田", "中五", &subjects, true), "沙田導師招收中五物理、化學學生");
    }
}
