//! The Hong Kong tutoring market the demo data imitates, in one place: what a lesson-hour costs
//! at each stage of schooling as agencies publish it, which grades take which subjects, which
//! grades sit which exams, and which given names and titles say a gender. The generators
//! (`demo`, `demo_tutors`, `demo_history`) draw from these tables; `tests/commands/demo_data.rs` reads the
//! seeded data back through the back office's commands and checks every tutor, case and review
//! against them (`checks`), so that a visitor never meets "Ivan" listed as 女 or a kindergarten
//! case preparing for a public exam.
//!
//! The fee bands are per lesson-hour, from the lowest rate agencies publish for a university
//! student to the rate they publish for a serving teacher (Tutor Circle's 2026 table, upskyler's
//! 2025 table, icecreamtutor's and getutor's references; see
//! docs/adr/0072-demo-market-rules.md).

mod checks;

use std::ops::RangeInclusive;

use rand::Rng;
use tutorhub_domain::cases::fees::per_hour;
use tutorhub_domain::shared::catalogue::Level;
use tutorhub_domain::shared::money::Rate;
use tutorhub_domain::tutors::model::TutorGender;

pub use checks::{CaseFacts, TutorFacts, case_problems, review_problems, tutor_problems};

/// Where a student is in Hong Kong schooling: what a lesson costs and which exams are near.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Stage {
    Kindergarten,
    Primary,
    /// 中一 to 中三.
    JuniorSecondary,
    /// 中四 to 中六: the DSE years.
    SeniorSecondary,
    Tertiary,
    /// Interest classes (painting, Cambridge English, olympiad maths, abacus) at any grade.
    Interest,
}

pub const JUNIOR_SECONDARY: &[&str] = &["中一", "中二", "中三"];
pub const SENIOR_SECONDARY: &[&str] = &["中四", "中五", "中六"];

impl Stage {
    /// The stage of a case's level and grade; None for a level the catalogue does not know.
    pub fn of(level: &str, grade: &str) -> Option<Self> {
        Some(match level {
            "kindergarten" => Self::Kindergarten,
            "primary" => Self::Primary,
            "secondary" if SENIOR_SECONDARY.contains(&grade) => Self::SeniorSecondary,
            "secondary" => Self::JuniorSecondary,
            "tertiary" => Self::Tertiary,
            "interest" => Self::Interest,
            _ => return None,
        })
    }

    /// The stages a level spans: a tutor teaches a level, not a grade.
    pub fn of_level(level: &str) -> &'static [Stage] {
        match level {
            "kindergarten" => &[Self::Kindergarten],
            "primary" => &[Self::Primary],
            "secondary" => &[Self::JuniorSecondary, Self::SeniorSecondary],
            "tertiary" => &[Self::Tertiary],
            "interest" => &[Self::Interest],
            _ => &[],
        }
    }
}

/// What a lesson-hour costs at one stage, in cents: the range agencies publish, and the part
/// of it where the demo draws its fees (a university graduate's rates, what most parents pay).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FeeBand {
    pub stage: Stage,
    pub published: RangeInclusive<i64>,
    pub typical: RangeInclusive<i64>,
}

pub const FEE_BANDS: &[FeeBand] = &[
    FeeBand { stage: Stage::Kindergarten, published: 10_000..=40_000, typical: 13_000..=25_000 },
    FeeBand { stage: Stage::Primary, published: 10_000..=45_000, typical: 15_000..=30_000 },
    FeeBand { stage: Stage::JuniorSecondary, published: 14_000..=55_000, typical: 18_000..=35_000 },
    FeeBand { stage: Stage::SeniorSecondary, published: 15_000..=80_000, typical: 20_000..=45_000 },
    FeeBand { stage: Stage::Tertiary, published: 19_000..=100_000, typical: 25_000..=50_000 },
    FeeBand { stage: Stage::Interest, published: 15_000..=60_000, typical: 18_000..=40_000 },
];

pub fn fee_band(stage: Stage) -> &'static FeeBand {
    FEE_BANDS.iter().find(|band| band.stage == stage).expect("every stage has a fee band")
}

/// A level's published range, for a tutor's fee: from its cheapest stage's lowest rate to its
/// dearest stage's highest. None for an unknown level.
pub fn level_published(level: &str) -> Option<RangeInclusive<i64>> {
    span(Stage::of_level(level).iter().map(|stage| &fee_band(*stage).published))
}

/// A level's typical range, where the demo draws a tutor's fee.
pub fn level_typical(level: &str) -> Option<RangeInclusive<i64>> {
    span(Stage::of_level(level).iter().map(|stage| &fee_band(*stage).typical))
}

fn span<'a>(ranges: impl Iterator<Item = &'a RangeInclusive<i64>>) -> Option<RangeInclusive<i64>> {
    ranges.fold(None, |wide: Option<RangeInclusive<i64>>, range| {
        Some(match wide {
            None => range.clone(),
            Some(wide) => (*wide.start()).min(*range.start())..=(*wide.end()).max(*range.end()),
        })
    })
}

/// The fees that fit every range (a tutor's one fee, for every level they teach); None when
/// the ranges do not meet.
pub fn overlap(ranges: impl IntoIterator<Item = RangeInclusive<i64>>) -> Option<RangeInclusive<i64>> {
    let mut ranges = ranges.into_iter();
    let first = ranges.next()?;
    let (low, high) = ranges.fold((*first.start(), *first.end()), |(low, high), r| (low.max(*r.start()), high.min(*r.end())));
    (low <= high).then_some(low..=high)
}

/// A fee per lesson of `minutes` as a fee per lesson-hour, in cents.
pub fn hourly_cents(rate_cents: i64, minutes: u32) -> i64 {
    per_hour(Rate::from_cents(rate_cents), minutes).cents()
}

/// A fee per lesson-hour drawn from `range` in whole HK$10.
pub fn draw_hourly(rng: &mut impl Rng, range: &RangeInclusive<i64>) -> i64 {
    rng.random_range((range.start() + 999) / 1_000..=range.end() / 1_000) * 1_000
}

/// The fee of a lesson of `minutes` at `hourly` cents an hour, to the nearest HK$10, as a
/// family writes it.
pub fn lesson_fee(hourly: i64, minutes: u32) -> i64 {
    let exact = hourly * i64::from(minutes) / 60;
    (exact + 500) / 1_000 * 1_000
}

/// Secondary subjects some forms do not take: the junior curriculum's own, the senior
/// electives, and the separate sciences, which many schools start in 中三.
const SECONDARY_SUBJECT_GRADES: &[(&str, &[&str])] = &[
    ("初中全科", JUNIOR_SECONDARY),
    ("科技與生活", JUNIOR_SECONDARY),
    ("物理", &["中三", "中四", "中五", "中六"]),
    ("化學", &["中三", "中四", "中五", "中六"]),
    ("生物", &["中三", "中四", "中五", "中六"]),
    ("公民與社會發展", SENIOR_SECONDARY),
    ("中國文學", SENIOR_SECONDARY),
    ("英國文學", SENIOR_SECONDARY),
    ("經濟", SENIOR_SECONDARY),
    ("企業、會計與財務概論", SENIOR_SECONDARY),
    ("資訊及通訊科技", SENIOR_SECONDARY),
    ("設計與應用科技", SENIOR_SECONDARY),
    ("倫理與宗教", SENIOR_SECONDARY),
    ("旅遊與款待", SENIOR_SECONDARY),
    ("健康管理與社會關懷", SENIOR_SECONDARY),
];

const PRIMARY_AND_JUNIOR: &[&str] = &["小一", "小二", "小三", "小四", "小五", "小六", "中一", "中二", "中三"];

/// Interest classes some ages do not take: Cambridge English's young learners' and key tests
/// from K3, olympiad maths from primary, abacus up to primary.
const INTEREST_SUBJECT_GRADES: &[(&str, &[&str])] = &[
    ("劍橋英語", &["K3 高班", "小一", "小二", "小三", "小四", "小五", "小六", "中一", "中二", "中三"]),
    ("奧林匹克數學", PRIMARY_AND_JUNIOR),
    ("珠心算", &["K3 高班", "小一", "小二", "小三", "小四", "小五", "小六"]),
];

/// Whether students of `grade` at `level` take `subject`.
pub fn taught_at(level: &str, subject: &str, grade: &str) -> bool {
    let table = match level {
        "secondary" => SECONDARY_SUBJECT_GRADES,
        "interest" => INTEREST_SUBJECT_GRADES,
        _ => return true,
    };
    table.iter().find(|(name, _)| *name == subject).is_none_or(|(_, grades)| grades.contains(&grade))
}

/// The grades of `level` that take `subject`.
pub fn grades_taking(level: &Level, subject: &str) -> Vec<&'static str> {
    level.grades.iter().copied().filter(|grade| taught_at(level.key, subject, grade)).collect()
}

/// "K2" for "K2 低班": how a title or an advert names a grade.
pub fn short_grade(grade: &str) -> &str {
    grade.split_whitespace().next().unwrap_or(grade)
}

/// How often families ask for each subject, for the demo's draws: the core subjects most.
/// Subjects left out (physical education, "other") are not what private tutoring is for.
pub fn subject_weights(level: &str) -> &'static [(&'static str, u32)] {
    match level {
        "kindergarten" => &[("幼兒英文", 3), ("幼兒中文", 2), ("幼兒數學", 2)],
        "primary" => &[("全科", 3), ("英文", 4), ("數學", 4), ("中文", 3), ("常識", 1), ("普通話", 1), ("功課輔導", 2)],
        "secondary" => &[
            ("數學", 6),
            ("英文", 6),
            ("中文", 4),
            ("初中全科", 2),
            ("物理", 2),
            ("化學", 2),
            ("生物", 2),
            ("經濟", 2),
            ("企業、會計與財務概論", 1),
            ("公民與社會發展", 1),
            ("中國歷史", 1),
            ("歷史", 1),
            ("地理", 1),
            ("中國文學", 1),
            ("英國文學", 1),
            ("資訊及通訊科技", 1),
            ("科技與生活", 1),
            ("視覺藝術", 1),
        ],
        "interest" => &[("繪畫", 2), ("劍橋英語", 2), ("奧林匹克數學", 2), ("珠心算", 1)],
        _ => &[],
    }
}

/// Subjects a case asks for alone: all subjects, homework help, or a name holding the list
/// separator (、), which a list of subjects cannot carry.
pub const WHOLE_SUBJECTS: &[&str] = &["全科", "初中全科", "功課輔導", "企業、會計與財務概論"];

/// University courses families ask tutors for (tertiary subjects are free text).
pub const TERTIARY_SUBJECTS: &[&str] = &["微積分", "線性代數", "統計學", "會計學", "經濟學原理", "有機化學", "程式設計", "法律英文"];

/// One of `items` by weight, leaving out `skip`; None when nothing is left.
pub fn pick_weighted<'a>(rng: &mut impl Rng, items: &[(&'a str, u32)], skip: &[&str]) -> Option<&'a str> {
    let open: Vec<(&'a str, u32)> = items.iter().copied().filter(|(item, weight)| *weight > 0 && !skip.contains(item)).collect();
    let total: u32 = open.iter().map(|(_, weight)| weight).sum();
    if total == 0 {
        return None;
    }
    let mut at = rng.random_range(0..total);
    for (item, weight) in open {
        if at < weight {
            return Some(item);
        }
        at -= weight;
    }
    None
}

/// An exam and the grades that sit it (or prepare for it that year).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ExamWord {
    pub word: &'static str,
    /// (level key, its grades that sit it); an empty list is every grade of the level.
    pub sat_at: &'static [(&'static str, &'static [&'static str])],
}

const EVERY_GRADE: &[&str] = &[];
const DSE_YEARS: &[(&str, &[&str])] = &[("secondary", SENIOR_SECONDARY)];
const TSA_YEARS: &[(&str, &[&str])] = &[("primary", &["小三", "小六"]), ("secondary", &["中三"])];
const SECONDARY_PLACES: &[(&str, &[&str])] = &[("primary", &["小五", "小六"])];
const IGCSE_YEARS: &[(&str, &[&str])] = &[("secondary", &["中三", "中四", "中五"])];

/// Exam words and who sits them: the DSE and its board in the senior forms, TSA in 小三, 小六
/// and 中三, 呈分試 and 升中 in 小五 and 小六, Pre-S1 in 小六, 升小 in K2 and K3, admission
/// interviews before primary, secondary and university, the international schools' IGCSE, IB
/// and A-Level in their years, IELTS from the senior forms on.
pub const EXAM_WORDS: &[ExamWord] = &[
    ExamWord { word: "DSE", sat_at: DSE_YEARS },
    ExamWord { word: "HKDSE", sat_at: DSE_YEARS },
    ExamWord { word: "文憑試", sat_at: DSE_YEARS },
    ExamWord { word: "考評局", sat_at: DSE_YEARS },
    ExamWord { word: "公開試", sat_at: DSE_YEARS },
    ExamWord { word: "JUPAS", sat_at: DSE_YEARS },
    ExamWord { word: "聯招", sat_at: DSE_YEARS },
    ExamWord { word: "TSA", sat_at: TSA_YEARS },
    ExamWord { word: "全港性系統評估", sat_at: TSA_YEARS },
    ExamWord { word: "呈分試", sat_at: SECONDARY_PLACES },
    ExamWord { word: "升中", sat_at: SECONDARY_PLACES },
    ExamWord { word: "Pre-S1", sat_at: &[("primary", &["小六"])] },
    ExamWord { word: "升小", sat_at: &[("kindergarten", &["K2 低班", "K3 高班"])] },
    ExamWord {
        word: "面試",
        sat_at: &[("kindergarten", &["K2 低班", "K3 高班"]), ("primary", &["小五", "小六"]), ("secondary", &["中五", "中六"])],
    },
    ExamWord { word: "IGCSE", sat_at: IGCSE_YEARS },
    ExamWord { word: "GCSE", sat_at: IGCSE_YEARS },
    ExamWord { word: "IB", sat_at: DSE_YEARS },
    ExamWord { word: "A-Level", sat_at: &[("secondary", &["中五", "中六"])] },
    ExamWord { word: "IELTS", sat_at: &[("secondary", SENIOR_SECONDARY), ("tertiary", EVERY_GRADE)] },
];

impl ExamWord {
    /// Whether students of `level` sit this exam: at `grade`, or at any grade when None.
    pub fn sat(&self, level: &str, grade: Option<&str>) -> bool {
        self.sat_at.iter().any(|(key, grades)| *key == level && (grades.is_empty() || grade.is_none_or(|g| grades.contains(&g))))
    }
}

/// Whether `text` mentions `word`: Chinese anywhere, Latin letters as a word of their own in
/// any case ("IB" is not in "IBM", "GCSE" is not in "IGCSE").
pub fn mentions(text: &str, word: &str) -> bool {
    if !word.is_ascii() {
        return text.contains(word);
    }
    // ASCII lowercasing keeps every byte where it was, so the offsets below hold in `text`.
    let (text, word) = (text.to_ascii_lowercase(), word.to_ascii_lowercase());
    let bytes = text.as_bytes();
    text.match_indices(word.as_str()).any(|(at, _)| {
        let before = at.checked_sub(1).map(|i| bytes[i]);
        let after = bytes.get(at + word.len()).copied();
        !before.into_iter().chain(after).any(|b| b.is_ascii_alphanumeric())
    })
}

pub const FEMALE_ENGLISH_NAMES: &[&str] =
    &["Emily", "Chloe", "Karen", "Queenie", "Winnie", "Carmen", "Vivian", "Mandy", "Fiona", "Cherry", "Joyce", "Natalie"];
pub const MALE_ENGLISH_NAMES: &[&str] =
    &["Jason", "Kelvin", "Ivan", "Marco", "Kenneth", "Raymond", "Alvin", "Eric", "Brian", "Derek", "Gary", "Terence"];
/// Chinese given names Hong Kong reads as a woman's or a man's.
pub const FEMALE_CHINESE_NAMES: &[&str] = &["嘉欣", "詠詩", "曉彤", "凱琳", "樂瑤", "穎琳", "佩珊", "慧敏", "婉婷", "欣怡"];
pub const MALE_CHINESE_NAMES: &[&str] = &["志明", "俊傑", "家豪", "浩然", "健峰", "子軒", "偉傑", "嘉俊", "卓熙", "家樂", "國榮", "振輝"];
/// Titles before a surname (Miss Chan) and after one (陳小姐, 陳太).
const FEMALE_TITLES: &[&str] = &["Miss", "Mrs", "Ms"];
const MALE_TITLES: &[&str] = &["Mr"];
const FEMALE_SUFFIXES: &[&str] = &["小姐", "太太", "太", "女士"];
const MALE_SUFFIXES: &[&str] = &["先生"];

/// The gender a name says, when it says one: a title, an English given name, or a Chinese
/// given name after a surname.
pub fn named_gender(name: &str) -> Option<TutorGender> {
    let name = name.trim();
    let first = name.split_whitespace().next().unwrap_or_default();
    let starts = |list: &[&str]| list.iter().any(|word| word.eq_ignore_ascii_case(first));
    let ends = |list: &[&str]| list.iter().any(|title| name.ends_with(title));
    let chinese: String = name.chars().filter(|c| !c.is_ascii()).collect();
    let given = |list: &[&str]| chinese.chars().count() >= 3 && list.iter().any(|given| chinese.ends_with(given));
    if starts(FEMALE_TITLES) || starts(FEMALE_ENGLISH_NAMES) || ends(FEMALE_SUFFIXES) || given(FEMALE_CHINESE_NAMES) {
        Some(TutorGender::Female)
    } else if starts(MALE_TITLES) || starts(MALE_ENGLISH_NAMES) || ends(MALE_SUFFIXES) || given(MALE_CHINESE_NAMES) {
        Some(TutorGender::Male)
    } else {
        None
    }
}

/// The first year the DSE was sat, and the last the HKCEE (會考) was: a tutor's results say
/// which one their age allows.
pub const FIRST_DSE_YEAR: i32 = 2012;
pub const LAST_HKCEE_YEAR: i32 = 2011;

#[cfg(test)]
mod tests;
