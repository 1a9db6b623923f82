//! The contact-detail rule (issue 34): the Hong Kong phone formats, addresses, links and
//! messenger handles it refuses and the ordinary text it lets through, as listed in the vectors
//! shared with the frontend (`tests/vectors/contact-details.json`, also read by
//! `frontend/src/lib/contact-details.test.ts`); and properties: a post made of what posts are
//! made of (fees, grades, dates, years, times, durations, results, counts, schools) is never
//! refused, and a phone number stays a phone number whatever ordinary text is around it.

use proptest::prelude::*;
use proptest::sample::select;
use serde::Deserialize;
use tutorhub_domain::shared::contact_details::{ContactKind, find};
use tutorhub_domain::shared::real_text;

#[derive(Deserialize)]
struct Vectors {
    refused: Vec<Refused>,
    accepted: Vec<Accepted>,
    #[serde(rename = "realText")]
    real_text: Vec<RealText>,
}

#[derive(Deserialize)]
struct Refused {
    input: String,
    kind: String,
}

#[derive(Deserialize)]
struct Accepted {
    input: String,
}

#[derive(Deserialize)]
struct RealText {
    input: String,
    #[serde(rename = "minChars")]
    min_chars: usize,
    rule: Option<String>,
}

fn vectors() -> Vectors {
    serde_json::from_str(include_str!("vectors/contact-details.json")).expect("contact-details.json is well formed")
}

/// Checks every case, then reports all the ones that failed.
fn check_all<T>(section: &str, cases: &[T], check: impl Fn(&T) -> Result<(), String>) {
    assert!(!cases.is_empty(), "{section}: no vectors");
    let failures: Vec<String> = cases.iter().filter_map(|case| check(case).err()).collect();
    assert!(failures.is_empty(), "{section}: {} of {} vectors fail:\n{}", failures.len(), cases.len(), failures.join("\n"));
}

#[test]
fn every_refused_vector_is_refused_for_what_it_carries() {
    check_all("refused", &vectors().refused, |v| {
        let found = find(&v.input).map(ContactKind::key);
        if found == Some(v.kind.as_str()) { Ok(()) } else { Err(format!("{:?}: found {found:?}, expected {}", v.input, v.kind)) }
    });
}

#[test]
fn every_accepted_vector_is_accepted() {
    check_all("accepted", &vectors().accepted, |v| match find(&v.input) {
        None => Ok(()),
        Some(kind) => Err(format!("{:?}: refused as {}", v.input, kind.key())),
    });
}

#[test]
fn every_real_text_vector_breaks_the_rule_it_names() {
    check_all("realText", &vectors().real_text, |v| {
        let found = real_text::problem(&v.input, v.min_chars).map(|p| p.key());
        if found == v.rule.as_deref() { Ok(()) } else { Err(format!("{:?} ({}): {found:?}, expected {:?}", v.input, v.min_chars, v.rule)) }
    });
}

// ---------------------------------------------------------------------------------------------
// Ordinary text: what a case, a bio or a review is made of.
// ---------------------------------------------------------------------------------------------

/// One of these texts, as a `String`.
fn one_of(texts: Vec<&'static str>) -> impl Strategy<Value = String> {
    select(texts).prop_map(String::from)
}

fn year() -> impl Strategy<Value = u32> {
    1990..=2090u32
}

fn fee() -> BoxedStrategy<String> {
    prop_oneof![
        (1..=100_000u32).prop_map(|n| format!("HK${n}")),
        (1..=100_000u32).prop_map(|n| format!("HK$ {n}")),
        (1..=100_000u32).prop_map(|n| format!("${n}")),
        (100..=900u32, 1..=500u32).prop_map(|(low, more)| format!("每堂${low}-{}", low + more)),
        (100..=900u32, 1..=500u32).prop_map(|(low, more)| format!("{low}-{}元", low + more)),
        (100..=2000u32).prop_map(|n| format!("每堂{n}蚊")),
        (1..=999u32, 0..=99u32).prop_map(|(d, c)| format!("HK${d}.{c:02}")),
    ]
    .boxed()
}

fn grade() -> BoxedStrategy<String> {
    prop_oneof![
        (1..=6u32).prop_map(|n| format!("小{n}")),
        select(vec!["一", "二", "三", "四", "五", "六"]).prop_map(|n| format!("中{n}")),
        select(vec!["一", "二", "三", "四", "五", "六"]).prop_map(|n| format!("小{n}")),
        (1..=6u32).prop_map(|n| format!("F.{n}")),
        (1..=6u32).prop_map(|n| format!("P.{n}")),
        (1..=6u32).prop_map(|n| format!("S{n}")),
        (1..=13u32).prop_map(|n| format!("Year {n}")),
        (1..=12u32).prop_map(|n| format!("Grade {n}")),
    ]
    .boxed()
}

fn date() -> BoxedStrategy<String> {
    prop_oneof![
        year().prop_map(|y| format!("{y}年")),
        (year(), 1..=12u32, 1..=28u32).prop_map(|(y, m, d)| format!("{y}年{m}月{d}日")),
        (year(), 0..=3u32).prop_map(|(y, more)| format!("{y}-{}", y + more)),
        (year(), 1..=3u32).prop_map(|(y, more)| format!("{y}-{:02}", (y + more) % 100)),
        (year(), 1..=12u32, 1..=28u32).prop_map(|(y, m, d)| format!("{y}-{m:02}-{d:02}")),
        (year(), 1..=12u32, 1..=28u32).prop_map(|(y, m, d)| format!("{y}.{m:02}.{d:02}")),
        (year(), 1..=12u32).prop_map(|(y, m)| format!("{y}-{m:02}")),
        (1..=31u32, 1..=12u32).prop_map(|(d, m)| format!("{d}/{m}")),
        (1..=31u32, 1..=12u32, year()).prop_map(|(d, m, y)| format!("{d}/{m}/{y}")),
        (1..=28u32, 1..=12u32, year()).prop_map(|(d, m, y)| format!("{d:02}-{m:02}-{y}")),
    ]
    .boxed()
}

fn time() -> BoxedStrategy<String> {
    prop_oneof![
        (1..=12u32, 0..=59u32, select(vec!["", "am", "pm", " pm"])).prop_map(|(h, m, half)| format!("{h}:{m:02}{half}")),
        (0..=23u32, 0..=59u32).prop_map(|(h, m)| format!("{h:02}:{m:02}")),
        (7..=21u32, 0..=59u32, 1..=2u32).prop_map(|(h, m, more)| format!("{h}:{m:02}-{}:{m:02}", h + more)),
        (1..=11u32).prop_map(|h| format!("{h}-{}時", h + 1)),
    ]
    .boxed()
}

fn duration_and_count() -> BoxedStrategy<String> {
    prop_oneof![
        (1..=3u32).prop_map(|h| format!("{h}.5小時")),
        select(vec![30u32, 45, 60, 90, 120, 150]).prop_map(|m| format!("{m}分鐘")),
        (1..=7u32).prop_map(|n| format!("每週{n}堂")),
        (1..=40u32).prop_map(|n| format!("教了{n}年")),
        (1..=99u32).prop_map(|n| format!("{n}位學生")),
        (1..=100u32, 1..=100u32).prop_map(|(a, b)| format!("由 {a} 分升到 {b} 分")),
        (10_001..=99_999u32).prop_map(|n| format!("個案編號 {n}")),
    ]
    .boxed()
}

fn result_or_school() -> BoxedStrategy<String> {
    prop_oneof![
        one_of(vec!["5**", "5*", "DSE 5**", "DSE 5*", "Level 5**", "A*", "GPA 3.8", "TOEFL 110", "7A", "IB 45"]),
        (5..=9u32, select(vec![0u32, 5])).prop_map(|(a, b)| format!("IELTS {a}.{b}")),
        one_of(vec![
            "聖保羅男女中學",
            "五旬節林漢光中學",
            "拔萃女書院",
            "St. Paul's Co-educational College",
            "Diocesan Boys' School",
            "皇仁書院",
            "Band 1 中學",
        ]),
        one_of(vec![
            "中三數學補習",
            "希望導師有耐性",
            "一對一",
            "星期一至五",
            "中一至中三",
            "可用 Zoom 上課",
            "可用 WhatsApp 視像上堂",
            "Maths tutor",
            "IB Physics",
            "IGCSE Maths",
            "online lessons",
            "e.g. F.5",
        ]),
    ]
    .boxed()
}

fn fragment() -> BoxedStrategy<String> {
    prop_oneof![fee(), grade(), date(), time(), duration_and_count(), result_or_school()].boxed()
}

/// Ordinary text: fragments joined the ways people write (never glued together: "20262027"
/// is no longer two years).
fn ordinary_text() -> impl Strategy<Value = String> {
    prop::collection::vec((fragment(), select(vec![" ", "  ", "，", "、", "。", "\n", "；", ", "])), 1..8).prop_map(|parts| {
        parts.into_iter().map(|(fragment, separator)| format!("{fragment}{separator}")).collect::<String>().trim_end().to_string()
    })
}

/// A Hong Kong number as someone may write it into a post.
fn written_phone() -> impl Strategy<Value = String> {
    let numerals = ["零", "一", "二", "三", "四", "五", "六", "七", "八", "九"];
    (
        "[2-9][0-9]{7}"
            .prop_filter("both halves read as years (2012 2015): let through on purpose", |d| {
                let is_year = |half: &str| (1900..=2099).contains(&half.parse::<u32>().unwrap());
                !(is_year(&d[..4]) && is_year(&d[4..]))
            })
            .prop_filter("two round halves rising (4000-5000) read as a range: let through on purpose", |d| {
                let (a, b) = (&d[..4], &d[4..]);
                !(a.ends_with('0') && b.ends_with('0') && b > a)
            }),
        select(vec!["", "", "+852 ", "852 ", "(852) ", "電話：", "WhatsApp "]),
        select(vec!["", " ", "-", "."]),
        any::<bool>(),
    )
        .prop_map(move |(digits, prefix, separator, chinese)| {
            let written: String =
                if chinese { digits.chars().map(|d| numerals[d.to_digit(10).unwrap() as usize]).collect() } else { digits };
            let (first, last) = written.split_at(written.char_indices().nth(4).unwrap().0);
            format!("{prefix}{first}{separator}{last}")
        })
}

proptest! {
    /// Fees, grades, dates, years, times, durations, counts, results and school names, in any
    /// order and number, are never taken for a contact detail.
    #[test]
    fn ordinary_text_is_never_refused(text in ordinary_text()) {
        prop_assert_eq!(find(&text), None, "{:?}", text);
    }

    /// A phone number is found whatever ordinary text stands before and after it (on its own
    /// line or after a full stop: "2026年 9123 4567" may well be a year before a number).
    #[test]
    fn a_phone_among_ordinary_text_is_found(before in ordinary_text(), phone in written_phone(), after in ordinary_text()) {
        let text = format!("{before}。{phone}\n{after}");
        prop_assert_eq!(find(&text), Some(ContactKind::Phone), "{:?}", text);
    }
}
