//! The demo data a visitor believes (issue 34): `tutorhub seed --demo`, read back through the
//! back office's commands, holds no tutor, case or review that contradicts itself or the Hong
//! Kong market: a name agrees with the gender given where it says one, exam words appear only
//! at grades that sit the exam, 全科 only in kindergarten and primary (初中全科 in a junior
//! form), and every fee per lesson-hour is within what agencies publish for its stage. The
//! rules are `tutorhub_cli::demo_market`'s; the data is what the database holds.

use std::collections::HashMap;
use std::path::Path;

use chrono::Datelike;
use serde_json::Value;
use tutorhub_cli::demo_market::{CaseFacts, TutorFacts, case_problems, named_gender, review_problems, tutor_problems};

use crate::support::{ok, tutorhub};

fn json(dir: &Path, args: &[&str]) -> Value {
    serde_json::from_str(&ok(tutorhub(dir, args, ""))).unwrap()
}

fn strings(value: &Value) -> Vec<String> {
    value.as_array().unwrap().iter().map(|s| s.as_str().unwrap().to_string()).collect()
}

fn cents(dollars: &Value) -> i64 {
    (dollars.as_f64().unwrap() * 100.0).round() as i64
}

#[test]
fn every_demo_tutor_case_and_review_agrees_with_itself_and_the_market() {
    let dir = tempfile::tempdir().unwrap();
    ok(tutorhub(dir.path(), &["seed", "--demo"], ""));
    let this_year = chrono::Utc::now().year();
    let mut problems = Vec::new();

    let tutors = json(dir.path(), &["applications", "list", "--status", "approved", "--json"]);
    let tutors = tutors.as_array().unwrap();
    assert_eq!(tutors.len(), 60);
    let mut subjects_of = HashMap::new();
    for tutor in tutors {
        let subjects = strings(&tutor["subjects"]);
        let facts = TutorFacts {
            name: tutor["name"].as_str().unwrap(),
            gender: tutor["gender"].as_str(),
            age: tutor["age"].as_i64().unwrap(),
            subjects: &subjects,
            exam_results: tutor["examResults"].as_str().unwrap(),
            course_features: tutor["courseFeatures"].as_str().unwrap(),
            bio: tutor["bio"].as_str().unwrap(),
            fee_cents: cents(&tutor["requiredFee"]),
        };
        let name = facts.name;
        problems.extend(tutor_problems(&facts, this_year).into_iter().map(|p| format!("tutor {name}: {p}")));
        subjects_of.insert(tutor["userId"].as_str().unwrap().to_string(), subjects);
    }
    // The gender check has something to hold: every demo name says one.
    let named = tutors.iter().filter(|t| named_gender(t["name"].as_str().unwrap()).is_some()).count();
    assert_eq!(named, 60, "demo tutors whose name says a gender");

    // Every case: the demo board's and the past parents' and 陳太's matched ones.
    let mut seen = 0;
    for page in 1.. {
        let listed = json(dir.path(), &["cases", "list", "--json", "--per-page", "100", "--page", &page.to_string()]);
        let items = listed["items"].as_array().unwrap();
        if items.is_empty() {
            break;
        }
        for case in items {
            let subjects = strings(&case["subjects"]);
            let facts = CaseFacts {
                level: case["level"].as_str().unwrap(),
                grade: case["grade"].as_str().unwrap(),
                subjects: &subjects,
                title: case["postTitle"].as_str().unwrap(),
                description: case["description"].as_str().unwrap(),
                rate_cents: cents(&case["rate"]),
                minutes: u32::try_from(case["sessionLength"].as_u64().unwrap()).unwrap(),
            };
            let title = facts.title;
            problems.extend(case_problems(&facts).into_iter().map(|p| format!("case {} 「{title}」: {p}", case["caseId"])));
            seen += 1;
        }
    }
    assert!(seen >= 240, "read {seen} cases back");

    let reviews = json(dir.path(), &["reviews", "list", "--json", "--per-page", "100"]);
    let reviews = reviews["items"].as_array().unwrap();
    assert!(!reviews.is_empty());
    for review in reviews {
        let subjects = &subjects_of[review["tutorId"].as_str().unwrap()];
        let found = review_problems(review["text"].as_str().unwrap(), subjects);
        problems.extend(found.into_iter().map(|p| format!("review {}: {p}", review["reviewId"])));
    }

    assert!(problems.is_empty(), "{} problems in the demo data:\n{}", problems.len(), problems.join("\n"));
}
