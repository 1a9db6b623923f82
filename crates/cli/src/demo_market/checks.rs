//! What in a seeded case, tutor or review contradicts itself or the market's tables.

use tutorhub_domain::shared::catalogue;
use tutorhub_domain::tutors::model::TutorSubject;

use crate::demo_market::{
    EXAM_WORDS, FIRST_DSE_YEAR, JUNIOR_SECONDARY, LAST_HKCEE_YEAR, Stage, fee_band, hourly_cents, level_published, mentions, named_gender,
    short_grade, taught_at,
};

/// A case as stored, read back.
#[derive(Debug, Clone, Copy)]
pub struct CaseFacts<'a> {
    pub level: &'a str,
    pub grade: &'a str,
    pub subjects: &'a [String],
    pub title: &'a str,
    pub description: &'a str,
    pub rate_cents: i64,
    pub minutes: u32,
}

/// What in a case contradicts itself or the market; empty when it reads like a real one.
pub fn case_problems(case: &CaseFacts<'_>) -> Vec<String> {
    let Some(level) = catalogue::level(case.level) else { return vec![format!("unknown level {}", case.level)] };
    if !level.has_grade(case.grade) {
        return vec![format!("{} is not a grade of {}", case.grade, level.label)];
    }
    let mut problems = Vec::new();
    for subject in case.subjects {
        if !level.free_text_subject() && !level.has_subject(subject) {
            problems.push(format!("{subject} is not a subject of {}", level.label));
        }
        if !taught_at(level.key, subject, case.grade) {
            problems.push(format!("{} does not take {subject}", case.grade));
        }
    }
    let subjects = case.subjects.join(" ");
    let text = [case.title, subjects.as_str(), case.description].join("\n");
    for exam in EXAM_WORDS.iter().filter(|exam| mentions(&text, exam.word)) {
        if !exam.sat(level.key, Some(case.grade)) {
            problems.push(format!("「{}」 at {} {}, which does not sit it", exam.word, level.label, case.grade));
        }
    }
    let junior = level.key == "secondary" && JUNIOR_SECONDARY.contains(&case.grade);
    if all_subjects_misplaced(&text, matches!(level.key, "kindergarten" | "primary"), junior) {
        problems.push(format!("全科 at {} {}", level.label, case.grade));
    }
    let mut named: Vec<&str> = catalogue::LEVELS.iter().flat_map(|l| l.grades.iter().map(|g| short_grade(g))).collect();
    named.sort_unstable();
    named.dedup();
    for other in named.into_iter().filter(|g| *g != short_grade(case.grade) && case.title.contains(g)) {
        problems.push(format!("the title names {other}, the case is for {}", case.grade));
    }
    if let Some(stage) = Stage::of(level.key, case.grade) {
        let hourly = hourly_cents(case.rate_cents, case.minutes);
        let band = &fee_band(stage).published;
        if !band.contains(&hourly) {
            problems.push(format!(
                "HK${} a lesson of {} minutes is HK${} an hour, outside HK${}–{} for {} {}",
                case.rate_cents / 100,
                case.minutes,
                hourly / 100,
                band.start() / 100,
                band.end() / 100,
                level.label,
                case.grade
            ));
        }
    }
    problems
}

/// A tutor as stored (the approved application), read back.
#[derive(Debug, Clone, Copy)]
pub struct TutorFacts<'a> {
    pub name: &'a str,
    /// `male`, `female`, or None when not given.
    pub gender: Option<&'a str>,
    pub age: i64,
    /// "中學 數學" labels.
    pub subjects: &'a [String],
    pub exam_results: &'a str,
    pub course_features: &'a str,
    pub bio: &'a str,
    /// Per lesson; a tutor's fee is for an hour's lesson, as the demo's matches hold them.
    pub fee_cents: i64,
}

/// The level keys of "中學 數學" labels; the labels that are not one are returned as problems.
fn levels_of(labels: &[String]) -> (Vec<&'static str>, Vec<String>) {
    let mut levels = Vec::new();
    let mut problems = Vec::new();
    for label in labels {
        match TutorSubject::parse(label) {
            Ok(subject) if !levels.contains(&subject.level) => levels.push(subject.level),
            Ok(_) => {}
            Err(_) => problems.push(format!("unknown subject {label}")),
        }
    }
    (levels, problems)
}

/// Exam words in `text` that no level of `levels` sits.
fn unsat_exams(text: &str, levels: &[&str]) -> Vec<String> {
    EXAM_WORDS
        .iter()
        .filter(|exam| mentions(text, exam.word) && !levels.iter().any(|level| exam.sat(level, None)))
        .map(|exam| format!("「{}」 from a tutor of {}, which none sits", exam.word, levels.join("/")))
        .collect()
}

/// What in a tutor's profile contradicts itself or the market, `this_year` being the year
/// their age was given in; empty when it reads like a real one.
pub fn tutor_problems(tutor: &TutorFacts<'_>, this_year: i32) -> Vec<String> {
    let (levels, mut problems) = levels_of(tutor.subjects);
    if let Some(said) = named_gender(tutor.name)
        && tutor.gender.is_some_and(|gender| gender != said.key())
    {
        problems.push(format!("{} is a {} name, listed as {}", tutor.name, said.key(), tutor.gender.unwrap_or_default()));
    }
    let subjects = tutor.subjects.join(" ");
    let text = [subjects.as_str(), tutor.course_features, tutor.bio].join("\n");
    problems.extend(unsat_exams(&text, &levels));
    let plain = levels.iter().any(|level| matches!(*level, "kindergarten" | "primary"));
    if all_subjects_misplaced(&text, plain, levels.contains(&"secondary")) {
        problems.push(format!("全科 from a tutor of {}", levels.join("/")));
    }
    for level in &levels {
        if let Some(range) = level_published(level)
            && !range.contains(&tutor.fee_cents)
        {
            let fee = tutor.fee_cents / 100;
            problems.push(format!("HK${fee} an hour is outside HK${}–{} for {level}", range.start() / 100, range.end() / 100));
        }
    }
    // The year they sat the school-leaving exam, give or take a year of birthday.
    let born = this_year - i32::try_from(tutor.age).unwrap_or_default();
    if (mentions(tutor.exam_results, "DSE") || tutor.exam_results.contains("文憑試")) && born + 19 < FIRST_DSE_YEAR {
        problems.push(format!("DSE results at {}: the DSE was first sat in {FIRST_DSE_YEAR}", tutor.age));
    }
    if tutor.exam_results.contains("會考") && born + 15 > LAST_HKCEE_YEAR {
        problems.push(format!("HKCEE results at {}: the HKCEE was last sat in {LAST_HKCEE_YEAR}", tutor.age));
    }
    problems
}

/// What in a review does not fit the tutor it is about (their "中學 數學" labels).
pub fn review_problems(text: &str, tutor_subjects: &[String]) -> Vec<String> {
    let (levels, mut problems) = levels_of(tutor_subjects);
    problems.extend(unsat_exams(text, &levels));
    problems
}

/// "全科" where the market does not use it: every subject is how families ask for kindergarten
/// and primary tutoring; a secondary student asks for 初中全科, and only in a junior form.
fn all_subjects_misplaced(text: &str, plain_allowed: bool, junior_allowed: bool) -> bool {
    text.match_indices("全科").any(|(at, _)| if text[..at].ends_with("初中") { !junior_allowed } else { !plain_allowed })
}
