//! The catalogue's places, levels and English names.

use super::*;
use std::collections::HashSet;

#[test]
fn has_eighteen_districts_in_three_regions() {
    assert_eq!(REGIONS.len(), 3);
    assert_eq!(REGIONS.iter().map(|r| r.districts.len()).sum::<usize>(), 18);
}

#[test]
fn area_names_are_unique_so_a_location_names_one_place() {
    let mut seen = HashSet::new();
    for place in places() {
        assert!(seen.insert(place.area), "duplicate area {}", place.area);
    }
}

#[test]
fn locates_an_area_in_its_district_and_region() {
    let place = place("藍田").unwrap();
    assert_eq!((place.region, place.district), ("九龍", "觀塘區"));
    assert!(super::place("火星").is_none());
}

#[test]
fn tertiary_is_the_only_free_text_level() {
    let free: Vec<_> = LEVELS.iter().filter(|l| l.free_text_subject()).map(|l| l.key).collect();
    assert_eq!(free, ["tertiary"]);
}

#[test]
fn interest_classes_span_kindergarten_to_secondary_six() {
    let interest = level("interest").unwrap();
    assert!(interest.has_grade("K1 幼兒班") && interest.has_grade("小六") && interest.has_grade("中六"));
    assert_eq!(interest.grades.len(), 15);
}

/// Every name the catalogue stores: levels' labels, grades and subjects, places, choices.
fn stored_names() -> Vec<&'static str> {
    let mut names = Vec::new();
    for level in LEVELS {
        names.push(level.label);
        names.extend(level.grades.iter().copied());
        names.extend(level.subjects.iter().copied());
    }
    for region in REGIONS {
        names.push(region.name);
        for district in region.districts {
            names.push(district.name);
            names.extend(district.areas.iter().copied());
        }
    }
    for choice in TEACHING_MODES.iter().chain(GENDERS).chain(POST_TYPES).chain(USER_TYPES) {
        names.push(choice.label);
    }
    names
}

/// CJK ideographs (every extension and compatibility block) and full-width punctuation.
fn is_chinese(c: char) -> bool {
    matches!(
        c,
        '\u{3000}'..='\u{303f}'
            | '\u{3400}'..='\u{4dbf}'
            | '\u{4e00}'..='\u{9fff}'
            | '\u{f900}'..='\u{faff}'
            | '\u{ff00}'..='\u{ffef}'
            | '\u{20000}'..='\u{3134f}'
    )
}

#[test]
fn every_stored_name_has_an_english_name_without_chinese() {
    for name in stored_names() {
        let en = english(name).unwrap_or_else(|| panic!("no English name for {name}"));
        assert!(!en.trim().is_empty(), "empty English name for {name}");
        assert!(!en.chars().any(is_chinese), "Chinese in the English name of {name}: {en}");
    }
    assert_eq!(english("中三"), Some("S3"));
    assert_eq!(english("觀塘區"), Some("Kwun Tong"));
    assert_eq!(english("會計學"), None);
}

#[test]
fn english_names_are_for_stored_names_each_once() {
    let stored: HashSet<_> = stored_names().into_iter().collect();
    let mut seen = HashSet::new();
    for (name, _) in ENGLISH {
        assert!(seen.insert(*name), "{name} has two English names");
        assert!(stored.contains(name), "{name} has an English name but is not in the catalogue");
    }
}
