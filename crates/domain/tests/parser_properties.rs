//! Properties of the text parsers (issue 10): phone, e-mail, display name, fee, search filters.
//!
//! Each property states one rule of the parser as the code has it (see `shared::identity`,
//! `shared::money`, `shared::search`, `cases::search`, `tutors::search`); proptest looks for an
//! input that breaks it. The last module checks the parsers against the vectors shared with the
//! frontend (`tests/vectors/text-rules.json`, also read by
//! `frontend/src/app/text-rule-vectors.test.ts`).
//!
//! Two of them found real bugs, since fixed: a fee that rounded to HK$0 was accepted, and a
//! minimum fee was read one cent high through float noise (`"300.1"` as HK$300.11).

use std::ops::RangeInclusive;

use proptest::prelude::*;
use proptest::sample::{Index, select};
use tutorhub_domain::cases::model::{CaseStatus, PostType};
use tutorhub_domain::cases::search::{CaseFilter, CaseOwnQuery, CaseQuery, SubjectMatch};
use tutorhub_domain::shared::catalogue::{self, LEVELS, REGIONS};
use tutorhub_domain::shared::identity::{DisplayName, Email, Phone, is_bidi_control};
use tutorhub_domain::shared::keywords::{Keywords, KeywordsError};
use tutorhub_domain::shared::money::{Rate, parse_min_rate};
use tutorhub_domain::shared::validation::{Label, Problem, ValidationErrors};
use tutorhub_domain::tutors::search::{TutorFilter, TutorOwnQuery, TutorQuery};

const PHONE_INVALID: Problem = Problem::Accounts(tutorhub_domain::shared::validation::AccountsProblem::PhoneInvalid);
const EMAIL_INVALID: Problem = Problem::Accounts(tutorhub_domain::shared::validation::AccountsProblem::EmailInvalid);
const NAME_CONTROL: Problem = Problem::ControlCharacters(Label::Name);
const NAME_BIDI: Problem = Problem::Accounts(tutorhub_domain::shared::validation::AccountsProblem::NameBidiControls);
const NAME_ONLY_LETTERS: Problem = Problem::Accounts(tutorhub_domain::shared::validation::AccountsProblem::NameSymbols);
const NAME_TOO_MANY_CHINESE: Problem =
    Problem::Accounts(tutorhub_domain::shared::validation::AccountsProblem::NameTooManyChinese { max: 6 });
const NAME_TOO_MANY_ENGLISH: Problem =
    Problem::Accounts(tutorhub_domain::shared::validation::AccountsProblem::NameTooManyEnglish { max: 12 });
const NAME_AT_LEAST_ONE: Problem = Problem::Accounts(tutorhub_domain::shared::validation::AccountsProblem::NameNoLetters);
const RATE_NOT_POSITIVE: Problem = Problem::FeeNotPositive;
const RATE_TOO_HIGH: Problem = Problem::FeeTooHigh { max_dollars: 100_000 };
const RATE_DECIMALS: Problem = Problem::FeeCents;
const LEVEL_UNKNOWN: Problem = Problem::Incorrect(Label::Level);
const REGION_UNKNOWN: Problem = Problem::Incorrect(Label::Region);
const POST_TYPE_UNKNOWN: Problem = Problem::Incorrect(Label::PostType);

/// `text` with `c` put before the character `at` picks (or at the end).
fn insert(text: &str, at: Index, c: char) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    chars.insert(at.index(chars.len() + 1), c);
    chars.into_iter().collect()
}

fn is_chinese(c: char) -> bool {
    ('\u{4e00}'..='\u{9fff}').contains(&c) || ('\u{3400}'..='\u{4dbf}').contains(&c)
}

/// One of these texts, as a `String`.
fn one_of(texts: Vec<&'static str>) -> impl Strategy<Value = String> {
    select(texts).prop_map(String::from)
}

/// Whitespace around a value, as a form or a query string may leave it.
fn padding() -> impl Strategy<Value = &'static str> {
    select(vec!["", "", " ", "  ", "\t", "\u{3000}", "\u{a0}"])
}

// ---------------------------------------------------------------------------------------------
// Phone: 8 digits starting 4-9, with or without +852/852, spaces, hyphens or parentheses.
// ---------------------------------------------------------------------------------------------

/// The 8 local digits of a number the parser accepts.
fn local_number() -> impl Strategy<Value = String> {
    "[4-9][0-9]{7}"
}

/// A valid number as someone may type it, with its 8 local digits.
fn typed_phone() -> impl Strategy<Value = (String, String)> {
    let prefixes = vec!["", "", "+852", "852", "+852 ", "852 ", "+852-", "852-", "(852) ", "(+852) ", "+ 852 ", "+(852)"];
    let separators = vec!["", "", "", " ", "-", "  ", " - ", "(", ")"];
    (
        local_number(),
        select(prefixes),
        prop::collection::vec(select(separators), 8),
        select(vec!["", " ", "   "]),
        select(vec!["", " ", "   "]),
    )
        .prop_map(|(local, prefix, separators, lead, trail)| {
            let mut typed = format!("{lead}{prefix}");
            for (digit, separator) in local.chars().zip(separators) {
                typed.push(digit);
                typed.push_str(separator);
            }
            typed.push_str(trail);
            (local, typed)
        })
}

/// Strings of digits that are not 8 long, nor 852 and 8 more.
fn wrong_length_digits() -> impl Strategy<Value = String> {
    prop_oneof!["[0-9]{0,7}", "[0-9]{9,10}", "[0-79][0-9]{10}", "8[0-46-9][0-9]{9}", "85[013-9][0-9]{8}", "[0-9]{12,16}"]
}

fn assert_e164(phone: &Phone) -> Result<(), TestCaseError> {
    let e164 = phone.as_str();
    prop_assert!(e164.starts_with("+852") && e164.len() == 12, "{e164}");
    prop_assert!(e164[4..].bytes().all(|b| b.is_ascii_digit()) && matches!(e164.as_bytes()[4], b'4'..=b'9'), "{e164}");
    prop_assert_eq!(phone.local(), &e164[4..]);
    Ok(())
}

proptest! {
    /// Every 8-digit number starting 4-9 is accepted, however it is typed, as `+852` and the digits.
    #[test]
    fn phone_accepts_every_typing_of_a_valid_number((local, typed) in typed_phone()) {
        let phone = Phone::parse(&typed).map_err(|e| TestCaseError::fail(format!("{typed:?}: {e:?}")))?;
        prop_assert_eq!(phone.as_str(), format!("+852{local}"));
        prop_assert_eq!(phone.local(), local.as_str());
    }

    /// Parsing the stored form (or its local digits) gives the same number back.
    #[test]
    fn phone_parse_is_idempotent((_, typed) in typed_phone()) {
        let phone = Phone::parse(&typed).unwrap();
        prop_assert_eq!(Phone::parse(phone.as_str()), Ok(phone.clone()));
        prop_assert_eq!(Phone::parse(phone.local()), Ok(phone));
    }

    /// A first digit 0-3 is refused (fixed lines 2x/3x included), with or without +852.
    #[test]
    fn phone_refuses_a_first_digit_below_4(digits in "[0-3][0-9]{7}", prefix in select(vec!["", "+852", "852 ", "+852 "])) {
        prop_assert_eq!(Phone::parse(&format!("{prefix}{digits}")), Err(PHONE_INVALID));
    }

    /// Too few or too many digits are refused, with or without +852.
    #[test]
    fn phone_refuses_the_wrong_number_of_digits(digits in wrong_length_digits(), prefix in select(vec!["", " ", "+852", "+852 "])) {
        let typed = format!("{prefix}{digits}");
        prop_assert_eq!(Phone::parse(&typed), Err(PHONE_INVALID), "{:?}", typed);
    }

    /// Any character other than a digit, a space, a hyphen, a parenthesis or the leading +
    /// (a letter, a dot, a full-width digit, a tab, ...) makes the number invalid.
    #[test]
    fn phone_refuses_any_foreign_character(
        (_, typed) in typed_phone(),
        at in any::<Index>(),
        c in any::<char>().prop_filter("foreign", |c| !c.is_ascii_digit() && !matches!(c, ' ' | '-' | '(' | ')' | '+')),
    ) {
        let typed = insert(&typed, at, c);
        prop_assert_eq!(Phone::parse(&typed), Err(PHONE_INVALID), "{:?}", typed);
    }

    /// Full-width digits (U+FF10-FF19) are not read as digits.
    #[test]
    fn phone_refuses_full_width_digits(local in local_number()) {
        let wide: String = local.chars().map(|d| char::from_u32(0xff10 + d.to_digit(10).unwrap()).unwrap()).collect();
        prop_assert_eq!(Phone::parse(&wide), Err(PHONE_INVALID));
    }

    /// Never panics, and whatever it accepts is `+852` and 8 digits starting 4-9, parsing to itself.
    #[test]
    fn phone_never_panics_and_accepts_only_e164(
        raw in prop_oneof![
            any::<String>(),
            "[0-9 +()８５２\\-]{0,16}",
            "\\+?852[ 0-9a-z\\x{3000}]{6,10}",
            "(\\+?852)?[ ]?[4-9][0-9 ()\\-]{7,10}",
            typed_phone().prop_map(|(_, typed)| typed),
        ],
    ) {
        if let Ok(phone) = Phone::parse(&raw) {
            assert_e164(&phone)?;
            prop_assert_eq!(Phone::parse(phone.as_str()), Ok(phone));
        }
    }
}

// ---------------------------------------------------------------------------------------------
// E-mail: trimmed, lower-cased; one @, a non-empty local part of at most 64 bytes, a domain
// with a dot not at either end and no "..", at most 254 bytes, no whitespace, control
// character, comma or semicolon.
// ---------------------------------------------------------------------------------------------

fn email_parts() -> impl Strategy<Value = (String, String)> {
    ("[A-Za-z0-9._%+-]{1,20}", "[A-Za-z0-9-]{1,12}(\\.[A-Za-z0-9-]{1,12}){1,3}")
}

/// Arbitrary text, and text shaped like an address with arbitrary characters in it.
fn email_like() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<String>(),
        "\\PC{0,10}@\\PC{0,10}\\.\\PC{0,5}",
        "[A-Za-z0-9ÄÖÜßẞİΣ .,;@\\t\\x00\\xa0]{0,12}@[A-Za-z0-9İΣ.@\\x{3000}]{0,12}",
    ]
}

proptest! {
    /// An address is kept trimmed and lower-cased.
    #[test]
    fn email_is_trimmed_and_lower_cased((local, domain) in email_parts(), lead in padding(), trail in padding()) {
        let address = format!("{local}@{domain}");
        let email = Email::parse(&format!("{lead}{address}{trail}")).map_err(|e| TestCaseError::fail(format!("{e:?}")))?;
        prop_assert_eq!(email.as_str(), address.to_lowercase());
        // Case never tells two addresses apart.
        prop_assert_eq!(Email::parse(&address.to_uppercase()), Ok(email));
    }

    /// Never panics; what it accepts breaks none of the rules and parses to itself.
    #[test]
    fn email_never_panics_and_accepts_only_well_formed_addresses(raw in email_like()) {
        if let Ok(email) = Email::parse(&raw) {
            let text = email.as_str();
            prop_assert_eq!(text, raw.trim().to_lowercase());
            prop_assert_eq!(text.matches('@').count(), 1, "{:?}", text);
            let (local, domain) = text.split_once('@').unwrap();
            prop_assert!(!local.is_empty() && local.len() <= 64 && text.len() <= 254, "{:?}", text);
            prop_assert!(domain.contains('.') && !domain.starts_with('.') && !domain.ends_with('.') && !domain.contains(".."), "{:?}", text);
            prop_assert!(!text.chars().any(|c| c.is_whitespace() || c.is_control() || c == ',' || c == ';'), "{:?}", text);
            prop_assert_eq!(Email::parse(text), Ok(email.clone()));
        }
    }

    /// Without an @ it is not an address.
    #[test]
    fn email_refuses_text_without_at(raw in "[^@]{0,30}") {
        prop_assert_eq!(Email::parse(&raw), Err(EMAIL_INVALID));
    }

    /// A second @ anywhere is refused.
    #[test]
    fn email_refuses_a_second_at((local, domain) in email_parts(), at in any::<Index>()) {
        let raw = insert(&format!("{local}@{domain}"), at, '@');
        prop_assert_eq!(Email::parse(&raw), Err(EMAIL_INVALID), "{:?}", raw);
    }

    /// Whitespace, a control character, a comma or a semicolon inside the address is refused.
    #[test]
    fn email_refuses_separators_and_control_characters_inside(
        (local, domain) in email_parts(),
        at in any::<Index>(),
        c in prop_oneof![
            select(vec![' ', '\t', '\n', ',', ';', '\u{a0}', '\u{3000}', '\u{2028}']),
            proptest::char::range('\0', '\u{1f}'),
            proptest::char::range('\u{7f}', '\u{9f}'),
        ],
    ) {
        let address = format!("{local}@{domain}");
        // Inside: after the first character and before the last, where trimming cannot reach.
        let chars: Vec<char> = address.chars().collect();
        let position = 1 + at.index(chars.len() - 1);
        let raw: String = chars[..position].iter().chain(std::iter::once(&c)).chain(&chars[position..]).collect();
        prop_assert_eq!(Email::parse(&raw), Err(EMAIL_INVALID), "{:?}", raw);
    }

    /// The local part may have 1 to 64 bytes.
    #[test]
    fn email_local_part_is_at_most_64_bytes(length in 1usize..=80) {
        let result = Email::parse(&format!("{}@example.com", "a".repeat(length)));
        prop_assert_eq!(result.is_ok(), length <= 64, "{}", length);
    }

    /// The whole address may have at most 254 bytes.
    #[test]
    fn email_is_at_most_254_bytes(domain_label in 150usize..=220) {
        let raw = format!("{}@{}.com", "a".repeat(64), "b".repeat(domain_label));
        prop_assert_eq!(Email::parse(&raw).is_ok(), raw.len() <= 254, "{}", raw.len());
    }

    /// The domain needs a dot, not first, not last and never doubled.
    #[test]
    fn email_domain_needs_an_inner_dot(local in "[a-z0-9]{1,10}", label in "[a-z0-9-]{1,10}", tld in "[a-z]{1,6}") {
        let refused = |domain: String| Email::parse(&format!("{local}@{domain}")) == Err(EMAIL_INVALID);
        prop_assert!(refused(label.clone()), "no dot");
        prop_assert!(refused(format!(".{label}.{tld}")), "leading dot");
        prop_assert!(refused(format!("{label}.{tld}.")), "trailing dot");
        prop_assert!(refused(format!("{label}..{tld}")), "double dot");
        prop_assert!(!refused(format!("{label}.{tld}")), "one inner dot");
    }
}

// ---------------------------------------------------------------------------------------------
// Display name: ASCII letters and CJK (U+4E00-9FFF, U+3400-4DBF) only, at most 6 Chinese and
// 12 English letters (counted separately, whitespace not counted), at least one of either;
// whitespace runs become one space; control and bidi characters refused with their own message.
// ---------------------------------------------------------------------------------------------

fn chinese() -> impl Strategy<Value = char> {
    prop_oneof![4 => proptest::char::range('\u{4e00}', '\u{9fff}'), 1 => proptest::char::range('\u{3400}', '\u{4dbf}')]
}

fn english() -> impl Strategy<Value = char> {
    prop_oneof![proptest::char::range('a', 'z'), proptest::char::range('A', 'Z')]
}

fn control() -> impl Strategy<Value = char> {
    prop_oneof![proptest::char::range('\0', '\u{1f}'), proptest::char::range('\u{7f}', '\u{9f}')]
}

fn bidi() -> impl Strategy<Value = char> {
    select(vec!['\u{202a}', '\u{202b}', '\u{202c}', '\u{202d}', '\u{202e}', '\u{2066}', '\u{2067}', '\u{2068}', '\u{2069}'])
}

/// `chinese` Chinese characters and `english` letters, shuffled, with whitespace runs (or
/// nothing) between them and around them; and the name the parser should keep.
fn typed_name(chinese_count: RangeInclusive<usize>, english_count: RangeInclusive<usize>) -> impl Strategy<Value = (String, String)> {
    (prop::collection::vec(chinese(), chinese_count), prop::collection::vec(english(), english_count))
        .prop_filter("at least one letter", |(c, e)| !c.is_empty() || !e.is_empty())
        .prop_flat_map(|(c, e)| {
            let letters: Vec<char> = c.into_iter().chain(e).collect();
            let gaps = letters.len() - 1;
            (
                Just(letters).prop_shuffle(),
                prop::collection::vec(select(vec!["", "", "", " ", "   ", "\u{3000}", "\u{a0}", " \u{3000} "]), gaps),
                padding().prop_filter("no control", |p| *p != "\t"),
                padding().prop_filter("no control", |p| *p != "\t"),
            )
        })
        .prop_map(|(letters, gaps, lead, trail)| {
            let mut typed = lead.to_string();
            let mut kept = String::new();
            for (i, letter) in letters.iter().enumerate() {
                if i > 0 {
                    typed.push_str(gaps[i - 1]);
                    if !gaps[i - 1].is_empty() {
                        kept.push(' ');
                    }
                }
                typed.push(*letter);
                kept.push(*letter);
            }
            typed.push_str(trail);
            (typed, kept)
        })
}

/// Not a letter, not CJK, not whitespace and not a control or bidi character: a "symbol".
fn symbol() -> impl Strategy<Value = char> {
    prop_oneof![
        select(vec!['1', '0', '!', '.', '-', '_', '\'', '@', '·', '＿', 'Ａ', '１', 'é', '\u{200b}', '\u{200f}', '\u{feff}', '😀', '𠀀']),
        any::<char>(),
    ]
    .prop_filter("a symbol", |c| {
        !c.is_ascii_alphabetic() && !is_chinese(*c) && !c.is_whitespace() && !c.is_control() && !is_bidi_control(*c)
    })
}

proptest! {
    /// Up to 6 Chinese characters and up to 12 English letters are accepted, whitespace runs
    /// becoming one space and the ends trimmed; the kept name parses to itself.
    #[test]
    fn name_within_the_limits_is_accepted_and_normalised((typed, kept) in typed_name(0..=6, 0..=12)) {
        let name = DisplayName::parse(&typed).map_err(|e| TestCaseError::fail(format!("{typed:?}: {e:?}")))?;
        prop_assert_eq!(name.as_str(), kept.as_str());
        prop_assert_eq!(DisplayName::parse(name.as_str()), Ok(name.clone()));
    }

    /// A Chinese character counts as one, however many bytes: 6 is the limit.
    #[test]
    fn name_of_chinese_characters_is_limited_to_six(chars in prop::collection::vec(chinese(), 1..=12)) {
        let raw: String = chars.iter().collect();
        match chars.len() {
            0..=6 => prop_assert_eq!(DisplayName::parse(&raw).map(|n| n.as_str().to_string()), Ok(raw.clone())),
            _ => prop_assert_eq!(DisplayName::parse(&raw), Err(NAME_TOO_MANY_CHINESE)),
        }
    }

    /// More than 6 Chinese characters is refused, whatever else the name has.
    #[test]
    fn name_with_seven_or_more_chinese_is_refused((typed, _) in typed_name(7..=12, 0..=20)) {
        prop_assert_eq!(DisplayName::parse(&typed), Err(NAME_TOO_MANY_CHINESE));
    }

    /// More than 12 English letters is refused when the Chinese are within their limit.
    #[test]
    fn name_with_thirteen_or_more_letters_is_refused((typed, _) in typed_name(0..=6, 13..=24)) {
        prop_assert_eq!(DisplayName::parse(&typed), Err(NAME_TOO_MANY_ENGLISH));
    }

    /// A control character anywhere (a tab or a line break included) is refused, with its own message.
    #[test]
    fn name_refuses_control_characters((typed, _) in typed_name(0..=6, 0..=12), at in any::<Index>(), c in control()) {
        prop_assert_eq!(DisplayName::parse(&insert(&typed, at, c)), Err(NAME_CONTROL));
    }

    /// A text-direction control anywhere is refused, with its own message.
    #[test]
    fn name_refuses_bidi_controls((typed, _) in typed_name(0..=6, 0..=12), at in any::<Index>(), c in bidi()) {
        prop_assert_eq!(DisplayName::parse(&insert(&typed, at, c)), Err(NAME_BIDI));
    }

    /// A digit or any other symbol is refused before the limits are looked at.
    #[test]
    fn name_refuses_digits_and_symbols((typed, _) in typed_name(0..=12, 0..=20), at in any::<Index>(), c in symbol()) {
        prop_assert_eq!(DisplayName::parse(&insert(&typed, at, c)), Err(NAME_ONLY_LETTERS));
    }

    /// Blank names are refused as having no letter.
    #[test]
    fn name_needs_a_letter(blank in "[ \u{3000}\u{a0}\u{2003}]{0,5}") {
        prop_assert_eq!(DisplayName::parse(&blank), Err(NAME_AT_LEAST_ONE));
    }

    /// Never panics on any Unicode; what it accepts keeps every rule and parses to itself.
    #[test]
    fn name_never_panics_and_accepts_only_rule_abiding_names(
        raw in prop_oneof![any::<String>(), "\\PC{0,14}", "[a-zA-Z一-龥㐀-䶵 \\x{3000}\\t0-9\\x{202e}\\x7f]{0,16}"],
    ) {
        if let Ok(name) = DisplayName::parse(&raw) {
            let text = name.as_str();
            prop_assert!(text == text.trim() && !text.contains("  "), "{:?}", text);
            prop_assert!(text.chars().all(|c| c.is_ascii_alphabetic() || is_chinese(c) || c == ' '), "{:?}", text);
            let chinese = text.chars().filter(|c| is_chinese(*c)).count();
            let english = text.chars().filter(char::is_ascii_alphabetic).count();
            prop_assert!(chinese <= 6 && english <= 12 && chinese + english > 0, "{:?}", text);
            prop_assert!(!raw.chars().any(|c| c.is_control() || is_bidi_control(c)), "{:?}", raw);
            prop_assert_eq!(DisplayName::parse(text), Ok(name.clone()));
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Fee per lesson: finite, more than 0, at most HK$100000, whole cents (within a millionth of
// a cent, so that float noise such as 0.1 + 0.2 is absorbed). Minimum-fee filter: any number
// Rust's f64 parser reads (trimmed), rounded up to the cent, negatives as 0; else ignored.
// ---------------------------------------------------------------------------------------------

const MAX_CENTS: i64 = Rate::MAX_DOLLARS * 100;

proptest! {
    /// Every whole-cent fee from HK$0.01 to HK$100000 is kept exactly, and shown as HK$d or HK$d.cc.
    #[test]
    fn rate_keeps_whole_cents_exactly(cents in 1i64..=MAX_CENTS) {
        let rate = Rate::from_dollars(cents as f64 / 100.0).map_err(|p| TestCaseError::fail(format!("{p:?}")))?;
        prop_assert_eq!(rate.cents(), cents);
        let shown = if cents % 100 == 0 { format!("HK${}", cents / 100) } else { format!("HK${}.{:02}", cents / 100, cents % 100) };
        prop_assert_eq!(rate.to_string(), shown);
    }

    /// The sum of two fees typed in cents is read as the exact sum (float noise absorbed).
    #[test]
    fn rate_absorbs_float_noise(a in 1i64..=MAX_CENTS / 2, b in 1i64..=MAX_CENTS / 2, noise in -5e-9f64..5e-9) {
        let sum = a as f64 / 100.0 + b as f64 / 100.0;
        prop_assert_eq!(Rate::from_dollars(sum).map(Rate::cents), Ok(a + b));
        prop_assert_eq!(Rate::from_dollars(a as f64 / 100.0 + noise).map(Rate::cents), Ok(a));
    }

    /// A fraction of a cent (a third decimal) is refused.
    #[test]
    fn rate_refuses_fractions_of_a_cent(cents in 0i64..MAX_CENTS, mills in 1i64..=9) {
        let dollars = (cents * 10 + mills) as f64 / 1000.0;
        prop_assert_eq!(Rate::from_dollars(dollars), Err(RATE_DECIMALS), "{}", dollars);
    }

    /// Zero, negatives, NaN and infinities are refused as not more than 0.
    #[test]
    fn rate_refuses_non_positive_and_non_finite(
        dollars in prop_oneof![
            Just(0.0f64), Just(-0.0), Just(f64::NAN), Just(f64::INFINITY), Just(f64::NEG_INFINITY),
            f64::MIN..=0.0, -1000.0f64..=0.0,
            any::<f64>().prop_filter("not positive", |d| d.is_nan() || *d <= 0.0 || d.is_infinite()),
        ],
    ) {
        prop_assert_eq!(Rate::from_dollars(dollars), Err(RATE_NOT_POSITIVE), "{}", dollars);
    }

    /// More than HK$100000 is refused, by however little.
    #[test]
    fn rate_refuses_more_than_the_maximum(
        dollars in prop_oneof![Just(f64::from_bits(100_000f64.to_bits() + 1)), 100_000.000_001f64..1e7, 1e7f64..f64::MAX],
    ) {
        prop_assert_eq!(Rate::from_dollars(dollars), Err(RATE_TOO_HIGH));
    }

    /// Never panics on any f64; an accepted fee is at most the maximum and within a millionth
    /// of a cent of what was given.
    #[test]
    fn rate_never_panics_and_stays_in_range(dollars in prop_oneof![any::<f64>(), 0.0f64..=100_001.0, -1.0f64..1.0]) {
        if let Ok(rate) = Rate::from_dollars(dollars) {
            prop_assert!((0..=MAX_CENTS).contains(&rate.cents()), "{} -> {:?}", dollars, rate);
            prop_assert!((rate.cents() as f64 - dollars * 100.0).abs() <= 1e-6, "{} -> {:?}", dollars, rate);
        }
    }

    /// "More than zero": an accepted fee is never HK$0.
    #[test]
    fn rate_accepted_is_never_zero(dollars in prop_oneof![any::<f64>(), 0.0f64..1e-6]) {
        if let Ok(rate) = Rate::from_dollars(dollars) {
            prop_assert!(rate.cents() > 0, "{:e} -> {:?}", dollars, rate);
        }
    }

    /// The minimum-fee filter never panics; a value it reads is never negative.
    #[test]
    fn min_rate_never_panics(
        raw in prop_oneof![
            any::<String>(),
            "[-+ ]?[0-9]{0,25}(\\.[0-9]{0,5})?(e[-+]?[0-9]{1,3})? ?",
            one_of(vec!["inf", "-inf", "NaN", "1e308", "1e309", "-1e308"]),
        ],
    ) {
        if let Some(rate) = parse_min_rate(&raw) {
            prop_assert!(rate.cents() >= 0, "{:?} -> {:?}", raw, rate);
        }
    }

    /// Whole dollars, with whitespace around, are read exactly.
    #[test]
    fn min_rate_reads_whole_dollars(dollars in 0i64..=10_000_000, lead in padding(), trail in padding()) {
        prop_assert_eq!(parse_min_rate(&format!("{lead}{dollars}{trail}")), Some(Rate::from_cents(dollars * 100)));
    }

    /// A typed minimum is never lowered: the cents read are at least the amount typed (rounded up).
    #[test]
    fn min_rate_rounds_up(dollars in 0.0f64..1e7) {
        let rate = parse_min_rate(&dollars.to_string()).unwrap();
        prop_assert!(rate.cents() as f64 >= dollars * 100.0 && (rate.cents() as f64) < dollars * 100.0 + 1.0, "{} -> {:?}", dollars, rate);
    }

    /// A negative minimum is no limit: HK$0.
    #[test]
    fn min_rate_clamps_negatives_to_zero(dollars in -1e9f64..-0.001) {
        prop_assert_eq!(parse_min_rate(&dollars.to_string()), Some(Rate::from_cents(0)));
    }

    /// Text without a digit is ignored (spec §5), "inf" and "NaN" included.
    #[test]
    fn min_rate_ignores_text_without_digits(raw in prop_oneof!["[^0-9]{0,12}", one_of(vec!["inf", "infinity", "-inf", "NaN", "HK$", "."])]) {
        prop_assert_eq!(parse_min_rate(&raw), None);
    }

    /// Numbers too large for an f64 are ignored.
    #[test]
    fn min_rate_ignores_overflowing_numbers(exponent in 309u32..2000) {
        prop_assert_eq!(parse_min_rate(&format!("1e{exponent}")), None);
    }

    /// A minimum typed in whole cents is read as exactly those cents.
    #[test]
    fn min_rate_keeps_typed_cents(cents in 0i64..=MAX_CENTS) {
        let typed = format!("{}.{:02}", cents / 100, cents % 100);
        prop_assert_eq!(parse_min_rate(&typed), Some(Rate::from_cents(cents)), "{}", typed);
    }
}

// ---------------------------------------------------------------------------------------------
// Search filters: unknown level / region / post-type keys refused with a field error (level,
// region, postType, in that order), then names of grades, subjects, districts and areas the
// catalogue does not hold (grades, subjects, districts, areas); kept names cleaned (trimmed,
// blanks and repeats dropped); the minimum fee as `parse_min_rate`.
// ---------------------------------------------------------------------------------------------

fn level_keys() -> Vec<&'static str> {
    LEVELS.iter().map(|l| l.key).collect()
}

fn region_names() -> Vec<&'static str> {
    REGIONS.iter().map(|r| r.name).collect()
}

/// Every name a list filter may hold: grades, subjects, districts and areas.
fn catalogue_names() -> Vec<&'static str> {
    let mut names: Vec<&'static str> = LEVELS.iter().flat_map(|l| l.grades.iter().chain(l.subjects)).copied().collect();
    names.extend(REGIONS.iter().flat_map(|r| r.districts).map(|d| d.name));
    names.extend(catalogue::places().map(|p| p.area));
    names
}

fn padded(values: Vec<&'static str>) -> impl Strategy<Value = String> {
    (select(values), padding(), padding()).prop_map(|(v, a, b)| format!("{a}{v}{b}"))
}

/// A key as a visitor (or a hand-edited URL) may send it: known, padded, or anything else.
fn key_input(known: Vec<&'static str>) -> impl Strategy<Value = Option<String>> {
    let upper: Vec<String> = known.iter().map(|k| k.to_uppercase()).collect();
    prop::option::of(prop_oneof![
        3 => padded(known),
        1 => select(upper),
        1 => one_of(vec!["", " ", "\t", "approved", "college", "火星", "九 龍"]),
        2 => any::<String>(),
    ])
}

fn list_input() -> impl Strategy<Value = Vec<String>> {
    prop::collection::vec(prop_oneof![3 => padded(catalogue_names()), 1 => one_of(vec!["", " ", "\u{3000}"]), 1 => "\\PC{0,6}"], 0..6)
}

fn min_rate_input() -> impl Strategy<Value = Option<String>> {
    prop::option::of(prop_oneof!["[0-9]{1,6}(\\.[0-9]{1,3})?", any::<String>(), one_of(vec!["", "abc", "inf", "-5", " 300 ", "1e400"])])
}

fn case_query() -> impl Strategy<Value = CaseQuery> {
    let post_types: Vec<&'static str> = PostType::ALL.iter().map(|p| p.key()).chain(["approved"]).collect();
    (
        key_input(level_keys()),
        list_input(),
        list_input(),
        key_input(region_names()),
        list_input(),
        list_input(),
        min_rate_input(),
        key_input(post_types),
    )
        .prop_map(|(level, grades, subjects, region, districts, areas, min_rate, post_type)| CaseQuery {
            level,
            subjects,
            region,
            districts,
            areas,
            min_rate,
            max_rate: None,
            q: None,
            sort: None,
            own: CaseOwnQuery { grades, post_type },
        })
}

fn tutor_query() -> impl Strategy<Value = TutorQuery> {
    (key_input(level_keys()), list_input(), key_input(region_names()), list_input(), list_input(), min_rate_input()).prop_map(
        |(level, subjects, region, districts, areas, min_rate)| TutorQuery {
            level,
            subjects,
            region,
            districts,
            areas,
            min_rate,
            max_rate: None,
            q: None,
            sort: None,
            own: TutorOwnQuery,
        },
    )
}

fn given(value: &Option<String>) -> Option<&str> {
    value.as_deref().map(str::trim).filter(|v| !v.is_empty())
}

/// The field errors the rules call for, in the order the parsers report them.
fn expected_errors(level: &Option<String>, region: &Option<String>, post_type: Option<&Option<String>>) -> Vec<(&'static str, Problem)> {
    let mut expected = Vec::new();
    if given(level).is_some_and(|key| catalogue::level(key).is_none()) {
        expected.push(("level", LEVEL_UNKNOWN));
    }
    if given(region).is_some_and(|name| catalogue::region(name).is_none()) {
        expected.push(("region", REGION_UNKNOWN));
    }
    if let Some(post_type) = post_type
        && given(post_type).is_some_and(|key| key != "approved" && PostType::parse(key).is_none())
    {
        expected.push(("postType", POST_TYPE_UNKNOWN));
    }
    expected
}

/// The list fields the rules refuse, in the order the parsers report them: a grade or subject
/// outside the chosen level (any level when none is known), a district or area outside the
/// catalogue, a free-text level's typed subject longer than a case's own.
fn expected_name_errors(
    level: &Option<String>,
    grades: &[String],
    subjects: &[String],
    districts: &[String],
    areas: &[String],
) -> Vec<(&'static str, Problem)> {
    let level = given(level).and_then(catalogue::level);
    let levels: Vec<&catalogue::Level> = level.map_or_else(|| LEVELS.iter().collect(), |l| vec![l]);
    let typed = |values: &[String]| values.iter().map(|v| v.trim().to_string()).filter(|v| !v.is_empty()).collect::<Vec<_>>();
    let mut expected = Vec::new();
    if typed(grades).iter().any(|g| !levels.iter().any(|l| l.has_grade(g))) {
        expected.push(("grades", Problem::Incorrect(Label::Grades)));
    }
    if level.is_some_and(|l| l.free_text_subject()) {
        let text = cleaned(subjects).join(" ");
        if text.chars().count() > 40 {
            expected.push(("subjects", Problem::TooLong { label: Label::Subject, max: 40 }));
        } else if text.chars().any(char::is_control) {
            expected.push(("subjects", Problem::ControlCharacters(Label::Subject)));
        }
    } else if typed(subjects).iter().any(|n| !levels.iter().any(|l| l.has_subject(n))) {
        expected.push(("subjects", Problem::Incorrect(Label::Subjects)));
    }
    if typed(districts).iter().any(|d| catalogue::district(d).is_none()) {
        expected.push(("districts", Problem::Incorrect(Label::Districts)));
    }
    if typed(areas).iter().any(|a| catalogue::place(a).is_none()) {
        expected.push(("areas", Problem::Incorrect(Label::Areas)));
    }
    expected
}

/// What `keys` and `names` expect together, as the parsers report them.
fn all_expected(keys: Vec<(&'static str, Problem)>, names: Vec<(&'static str, Problem)>) -> Vec<(&'static str, Problem)> {
    keys.into_iter().chain(names).collect()
}

fn owned_fields(errors: &ValidationErrors) -> Vec<(&'static str, Problem)> {
    errors.fields().iter().map(|e| (e.field, e.problem.clone())).collect()
}

fn fields_of(errors: &ValidationErrors) -> Vec<(&'static str, Problem)> {
    owned_fields(errors)
}

/// Trimmed, no blanks, no repeats, every typed value kept in the order first typed.
fn assert_cleaned(kept: &[String], typed: &[String]) -> Result<(), TestCaseError> {
    let typed: Vec<&str> = typed.iter().map(|v| v.trim()).filter(|v| !v.is_empty()).collect();
    let mut first_seen: Vec<&str> = Vec::new();
    for value in &typed {
        if !first_seen.contains(value) {
            first_seen.push(value);
        }
    }
    prop_assert_eq!(kept, first_seen.as_slice());
    Ok(())
}

/// Whether the level's subjects are free text (tertiary).
fn free_text(level: Option<&'static str>) -> bool {
    level.and_then(catalogue::level).is_some_and(|l| l.free_text_subject())
}

fn cleaned(values: &[String]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for value in values.iter().map(|v| v.trim()).filter(|v| !v.is_empty()) {
        if !out.iter().any(|o| o == value) {
            out.push(value.to_string());
        }
    }
    out
}

proptest! {
    /// The case search never panics, refuses exactly the unknown keys, and otherwise builds
    /// the public-board filter from what was typed.
    #[test]
    fn case_search_refuses_unknown_keys_and_cleans_the_rest(query in case_query()) {
        let expected = all_expected(
            expected_errors(&query.level, &query.region, Some(&query.own.post_type)),
            expected_name_errors(&query.level, &query.own.grades, &query.subjects, &query.districts, &query.areas),
        );
        match CaseFilter::public_search(&query) {
            Err(errors) => prop_assert_eq!(owned_fields(&errors), expected),
            Ok(filter) => {
                prop_assert!(expected.is_empty(), "accepted despite {:?}", expected);
                prop_assert_eq!(filter.own.status, Some(CaseStatus::Approved));
                prop_assert_eq!(filter.own.owner_id, None);
                prop_assert_eq!(filter.level, given(&query.level).and_then(catalogue::level).map(|l| l.key));
                prop_assert_eq!(filter.region, given(&query.region).and_then(catalogue::region).map(|r| r.name));
                prop_assert_eq!(filter.own.post_type, given(&query.own.post_type).and_then(PostType::parse));
                assert_cleaned(&filter.own.grades, &query.own.grades)?;
                assert_cleaned(&filter.districts, &query.districts)?;
                assert_cleaned(&filter.areas, &query.areas)?;
                let subjects = cleaned(&query.subjects);
                let expected_subjects = match (subjects.is_empty(), free_text(filter.level)) {
                    (true, _) => None,
                    (false, true) => Some(SubjectMatch::Containing(subjects.join(" "))),
                    (false, false) => Some(SubjectMatch::AnyOf(subjects)),
                };
                prop_assert_eq!(filter.subjects, expected_subjects);
                prop_assert_eq!(filter.min_rate, query.min_rate.as_deref().and_then(parse_min_rate));
            }
        }
    }

    /// Every catalogue level key, region name and post type (and the legacy "approved") is
    /// accepted, with whitespace around it.
    #[test]
    fn case_search_accepts_known_catalogue_keys(
        level in padded(level_keys()),
        region in padded(region_names()),
        post_type in padded(PostType::ALL.iter().map(|p| p.key()).chain(["approved"]).collect()),
    ) {
        let own = CaseOwnQuery { post_type: Some(post_type.clone()), ..Default::default() };
        let query = CaseQuery { level: Some(level.clone()), region: Some(region.clone()), own, ..Default::default() };
        let filter = CaseFilter::public_search(&query).map_err(|e| TestCaseError::fail(format!("{query:?}: {e}")))?;
        prop_assert_eq!(filter.level, Some(level.trim()));
        prop_assert_eq!(filter.region, Some(region.trim()));
        prop_assert_eq!(filter.own.post_type, PostType::parse(post_type.trim()));
    }

    /// An unknown level or region key (another case, a typo, anything) is refused with a field error.
    #[test]
    fn unknown_level_and_region_keys_are_refused(
        level in prop_oneof![
            any::<String>(),
            select(level_keys()).prop_map(|k| format!("{k}x")),
            select(level_keys()).prop_map(|k| k.to_uppercase()),
        ]
            .prop_filter("unknown", |k| !k.trim().is_empty() && catalogue::level(k.trim()).is_none()),
        region in prop_oneof![any::<String>(), select(region_names()).prop_map(|r| format!("{r}區"))]
            .prop_filter("unknown", |r| !r.trim().is_empty() && catalogue::region(r.trim()).is_none()),
    ) {
        let case = CaseQuery { level: Some(level.clone()), region: Some(region.clone()), ..Default::default() };
        let errors = CaseFilter::public_search(&case).unwrap_err();
        prop_assert_eq!(fields_of(&errors), vec![("level", LEVEL_UNKNOWN), ("region", REGION_UNKNOWN)]);
        let tutor = TutorQuery { level: Some(level), region: Some(region), ..Default::default() };
        let errors = TutorFilter::parse(&tutor).unwrap_err();
        prop_assert_eq!(fields_of(&errors), vec![("level", LEVEL_UNKNOWN), ("region", REGION_UNKNOWN)]);
    }

    /// The tutor search never panics, refuses exactly the unknown keys, and otherwise builds the
    /// filter from what was typed.
    #[test]
    fn tutor_search_refuses_unknown_keys_and_cleans_the_rest(query in tutor_query()) {
        let expected = all_expected(
            expected_errors(&query.level, &query.region, None),
            expected_name_errors(&query.level, &[], &query.subjects, &query.districts, &query.areas),
        );
        match TutorFilter::parse(&query) {
            Err(errors) => prop_assert_eq!(owned_fields(&errors), expected),
            Ok(filter) => {
                prop_assert!(expected.is_empty(), "accepted despite {:?}", expected);
                prop_assert_eq!(filter.level, given(&query.level).and_then(catalogue::level).map(|l| l.key));
                prop_assert_eq!(filter.region, given(&query.region).and_then(catalogue::region).map(|r| r.name));
                assert_cleaned(&filter.districts, &query.districts)?;
                assert_cleaned(&filter.areas, &query.areas)?;
                let subjects = cleaned(&query.subjects);
                let expected_subjects = match (subjects.is_empty(), free_text(filter.level)) {
                    (true, _) => None,
                    (false, true) => Some(SubjectMatch::Containing(subjects.join(" "))),
                    (false, false) => Some(SubjectMatch::AnyOf(subjects)),
                };
                prop_assert_eq!(filter.subjects, expected_subjects);
                prop_assert_eq!(filter.min_rate, query.min_rate.as_deref().and_then(parse_min_rate));
            }
        }
    }

    /// The case and tutor searches read the filters they share the same way.
    #[test]
    fn case_and_tutor_searches_agree(query in tutor_query()) {
        let case = CaseQuery {
            level: query.level.clone(),
            subjects: query.subjects.clone(),
            region: query.region.clone(),
            districts: query.districts.clone(),
            areas: query.areas.clone(),
            min_rate: query.min_rate.clone(),
            max_rate: query.max_rate.clone(),
            ..Default::default()
        };
        match (CaseFilter::public_search(&case), TutorFilter::parse(&query)) {
            (Ok(c), Ok(t)) => {
                prop_assert_eq!(
                    (c.level, c.region, &c.districts, &c.areas, c.min_rate, c.max_rate),
                    (t.level, t.region, &t.districts, &t.areas, t.min_rate, t.max_rate)
                );
                prop_assert_eq!(&c.subjects, &t.subjects);
            }
            (Err(c), Err(t)) => prop_assert_eq!(fields_of(&c), fields_of(&t)),
            (c, t) => prop_assert!(false, "case {:?} vs tutor {:?}", c, t),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The vectors shared with the frontend. Fields the frontend alone reads (`frontendValid`,
// `frontendLocal`, `frontendRule`, `frontend`) are explained in its test,
// frontend/src/app/text-rule-vectors.test.ts; `note` says why a vector is there.
// ---------------------------------------------------------------------------------------------

mod vectors {
    use super::*;
    use serde::Deserialize;

    #[derive(Deserialize)]
    #[serde(rename_all = "camelCase")]
    struct TextRules {
        phone: Vec<TextCase>,
        email: Vec<TextCase>,
        display_name: Vec<TextCase>,
        rate: Vec<RateCase>,
        min_rate: Vec<MinRateCase>,
    }

    /// A phone, e-mail or display-name case: valid with its normalised form, or refused (for a
    /// display name, with the rule it breaks first).
    #[derive(Deserialize)]
    struct TextCase {
        input: String,
        valid: bool,
        normalized: Option<String>,
        rule: Option<String>,
    }

    /// A fee per lesson as the JSON body carries it: valid with its cents, or the rule it breaks.
    #[derive(Deserialize)]
    struct RateCase {
        input: f64,
        valid: bool,
        cents: Option<i64>,
        rule: Option<String>,
    }

    /// A minimum-fee filter as typed: the cents the server reads from it (`null`: ignored), and
    /// what the frontend's filters send instead (`null`: nothing).
    #[derive(Deserialize)]
    struct MinRateCase {
        input: String,
        server: Option<i64>,
        frontend: Option<serde_json::Number>,
    }

    fn load() -> TextRules {
        serde_json::from_str(include_str!("vectors/text-rules.json")).expect("text-rules.json is well formed")
    }

    fn name_problem(rule: &str) -> Problem {
        match rule {
            "control" => NAME_CONTROL,
            "bidi" => NAME_BIDI,
            "onlyLetters" => NAME_ONLY_LETTERS,
            "tooManyChinese" => NAME_TOO_MANY_CHINESE,
            "tooManyEnglish" => NAME_TOO_MANY_ENGLISH,
            "atLeastOne" => NAME_AT_LEAST_ONE,
            other => panic!("unknown display-name rule {other:?}"),
        }
    }

    fn rate_message(rule: &str) -> Problem {
        match rule {
            "notPositive" => RATE_NOT_POSITIVE,
            "tooHigh" => RATE_TOO_HIGH,
            "tooManyDecimals" => RATE_DECIMALS,
            other => panic!("unknown rate rule {other:?}"),
        }
    }

    /// Checks every case, then reports all the ones that failed.
    fn check_all<T>(section: &str, cases: &[T], check: impl Fn(&T) -> Result<(), String>) {
        assert!(!cases.is_empty(), "{section}: no vectors");
        let failures: Vec<String> = cases.iter().filter_map(|case| check(case).err()).collect();
        assert!(failures.is_empty(), "{section}: {} of {} vectors fail:\n{}", failures.len(), cases.len(), failures.join("\n"));
    }

    fn check_text<T: std::fmt::Debug + PartialEq>(
        case: &TextCase,
        parsed: Result<T, Problem>,
        text: impl Fn(&T) -> &str,
        problem: impl Fn(Option<&str>) -> Problem,
    ) -> Result<(), String> {
        let expected = if case.valid {
            let normalized = case.normalized.as_deref().ok_or(format!("{:?}: valid but no normalized form", case.input))?;
            Ok(normalized.to_string())
        } else {
            if case.normalized.is_some() {
                return Err(format!("{:?}: invalid but has a normalized form", case.input));
            }
            Err(problem(case.rule.as_deref()))
        };
        let got = parsed.as_ref().map(&text).map(str::to_string).map_err(Clone::clone);
        if got == expected { Ok(()) } else { Err(format!("{:?}: expected {expected:?}, got {got:?}", case.input)) }
    }

    #[test]
    fn phone_vectors() {
        check_all("phone", &load().phone, |case| check_text(case, Phone::parse(&case.input), |p| p.as_str(), |_| PHONE_INVALID));
    }

    #[test]
    fn email_vectors() {
        check_all("email", &load().email, |case| check_text(case, Email::parse(&case.input), |e| e.as_str(), |_| EMAIL_INVALID));
    }

    #[test]
    fn display_name_vectors() {
        check_all("displayName", &load().display_name, |case| {
            if case.valid == case.rule.is_some() {
                return Err(format!("{:?}: a refused name names its rule, a valid one none", case.input));
            }
            check_text(case, DisplayName::parse(&case.input), |n| n.as_str(), |rule| name_problem(rule.unwrap_or_default()))
        });
    }

    #[test]
    fn rate_vectors() {
        check_all("rate", &load().rate, |case| {
            let expected = match (case.valid, case.cents, case.rule.as_deref()) {
                (true, Some(cents), None) => Ok(cents),
                (false, None, Some(rule)) => Err(rate_message(rule)),
                _ => return Err(format!("{}: a valid fee has cents, a refused one its rule", case.input)),
            };
            let got = Rate::from_dollars(case.input).map(Rate::cents);
            if got == expected { Ok(()) } else { Err(format!("{}: expected {expected:?}, got {got:?}", case.input)) }
        });
    }

    #[test]
    fn min_rate_vectors() {
        check_all("minRate", &load().min_rate, |case| {
            let got = parse_min_rate(&case.input).map(Rate::cents);
            if got != case.server {
                return Err(format!("{:?}: expected {:?}, got {got:?}", case.input, case.server));
            }
            // What the frontend's filters send instead is always a minimum the server reads.
            match &case.frontend {
                Some(sent) if parse_min_rate(&sent.to_string()).is_none() => {
                    Err(format!("{:?}: the server ignores the {sent} the frontend sends", case.input))
                }
                _ => Ok(()),
            }
        });
    }
}

proptest! {
    /// Typed words: whatever is typed, the parse never panics; within the limits every word is
    /// lower-cased letters and digits only, without repeats, and text with no word finds nothing.
    #[test]
    fn keywords_are_clean_words_within_the_limits(typed in "[ a-zA-Z0-9數學英文奧數,.!?、　-]{0,120}") {
        match Keywords::parse(Some(&typed)) {
            Ok(keywords) => {
                prop_assert!(typed.trim().chars().count() <= Keywords::MAX_CHARS);
                let words = keywords.words();
                prop_assert!(words.len() <= Keywords::MAX_WORDS);
                for (i, word) in words.iter().enumerate() {
                    prop_assert!(!word.is_empty() && word.chars().all(char::is_alphanumeric));
                    prop_assert_eq!(word, &word.to_lowercase());
                    prop_assert!(!words[..i].contains(word));
                }
                prop_assert_eq!(keywords.finds_nothing(), words.is_empty() && !typed.trim().is_empty());
            }
            Err(KeywordsError::TooLong) => prop_assert!(typed.trim().chars().count() > Keywords::MAX_CHARS),
            Err(KeywordsError::TooManyWords) => prop_assert!(typed.trim().chars().count() <= Keywords::MAX_CHARS),
        }
    }
}
