//! The market's rules on names, exam words, fees and the cases the issue reported.

use super::*;

fn case<'a>(level: &'a str, grade: &'a str, subjects: &'a [String], description: &'a str, rate: i64, minutes: u32) -> CaseFacts<'a> {
    CaseFacts { level, grade, subjects, title: "補習", description, rate_cents: rate * 100, minutes }
}

#[test]
fn names_say_a_gender_through_titles_and_given_names_only() {
    assert_eq!(named_gender("Ivan"), Some(TutorGender::Male));
    assert_eq!(named_gender("Karen Chan"), Some(TutorGender::Female));
    assert_eq!(named_gender("Miss Wong"), Some(TutorGender::Female));
    assert_eq!(named_gender("Mr Lee"), Some(TutorGender::Male));
    assert_eq!(named_gender("陳太"), Some(TutorGender::Female));
    assert_eq!(named_gender("李先生"), Some(TutorGender::Male));
    assert_eq!(named_gender("黃嘉欣"), Some(TutorGender::Female));
    assert_eq!(named_gender("陳浩然"), Some(TutorGender::Male));
    // A given name alone is no full name; an unknown one says nothing.
    assert_eq!(named_gender("嘉欣"), None);
    assert_eq!(named_gender("陳子晴"), None);
    assert_eq!(named_gender("明德教育"), None);
}

#[test]
fn latin_exam_words_match_as_words_only() {
    assert!(mentions("準備 DSE 數學", "DSE"));
    assert!(mentions("HKDSE數學", "HKDSE"));
    assert!(!mentions("HKDSE數學", "DSE"));
    assert!(!mentions("IGCSE 物理", "GCSE"));
    assert!(mentions("ib 數學 HL", "IB"));
    assert!(!mentions("IBM 實習", "IB"));
    assert!(mentions("暑假 Pre-S1 課程", "Pre-S1"));
}

#[test]
fn the_issues_cases_are_each_refused() {
    let maths = ["幼兒數學".to_string()];
    let public_exam = case("kindergarten", "K2 低班", &maths, "準備公開試，希望導師熟悉考評局題型。", 200, 60);
    assert_eq!(case_problems(&public_exam).len(), 2, "{:?}", case_problems(&public_exam));
    let all = ["初中全科".to_string()];
    let s4 = case("secondary", "中四", &all, "希望打好基礎。", 300, 60);
    assert!(case_problems(&s4).iter().any(|p| p.contains("全科")), "{:?}", case_problems(&s4));
    let dear = case("kindergarten", "K1 幼兒班", &maths, "希望打好基礎。", 800, 60);
    assert!(case_problems(&dear)[0].contains("HK$800 an hour"), "{:?}", case_problems(&dear));
    // Ninety minutes at HK$450 is HK$300 an hour: within the primary band.
    let primary = ["全科".to_string()];
    assert_eq!(case_problems(&case("primary", "小五", &primary, "準備呈分試。", 450, 90)), Vec::<String>::new());
    assert_eq!(case_problems(&case("primary", "小三", &primary, "準備呈分試。", 450, 90)).len(), 1);

    let subjects = ["小學 數學".to_string(), "中學 數學".to_string()];
    let ivan = TutorFacts {
        name: "Ivan",
        gender: Some("female"),
        age: 40,
        subjects: &subjects,
        exam_results: "DSE 最佳五科 30 分",
        course_features: "熟悉文憑試。",
        bio: "有耐性。",
        fee_cents: 60_000,
    };
    let problems = tutor_problems(&ivan, 2026);
    // The name, the fee for primary, and DSE results at 40; the DSE words suit secondary.
    assert_eq!(problems.len(), 3, "{problems:?}");
    assert_eq!(review_problems("針對文憑試題型練習。", &["幼稚園 幼兒英文".to_string()]).len(), 1);
    assert!(review_problems("針對文憑試題型練習。", &subjects).is_empty());
}

#[test]
fn fees_are_drawn_inside_the_typical_range_and_kept_per_hour_by_the_lesson() {
    assert_eq!(lesson_fee(25_000, 90), 38_000, "HK$375 rounds to HK$380");
    assert_eq!(lesson_fee(30_000, 120), 60_000);
    for band in FEE_BANDS {
        assert!(band.published.contains(band.typical.start()) && band.published.contains(band.typical.end()), "{band:?}");
    }
    assert_eq!(overlap([level_typical("primary").unwrap(), level_typical("secondary").unwrap()]), Some(18_000..=30_000));
    assert_eq!(overlap([10_000..=20_000, 30_000..=40_000]), None);
    assert_eq!(level_published("secondary"), Some(14_000..=80_000));
}
