//! Phone numbers: Hong Kong and mainland numbers among the groups of digits of a text, once
//! the ordinary numbers (fees, units, dates, years, times, decimals) are set aside.

/// A run of digits, `start..end` in the text.
#[derive(Debug)]
struct Digits {
    start: usize,
    end: usize,
    value: String,
}

impl Digits {
    fn len(&self) -> usize {
        self.value.len()
    }

    fn number(&self) -> u32 {
        self.value.parse().unwrap_or(u32::MAX)
    }

    fn is_year(&self) -> bool {
        self.len() == 4 && (1900..=2099).contains(&self.number())
    }

    fn is_month(&self) -> bool {
        self.len() <= 2 && (1..=12).contains(&self.number())
    }

    fn is_day(&self) -> bool {
        self.len() <= 2 && (1..=31).contains(&self.number())
    }
}

/// What follows a number of something other than a phone, right after it: money, hours,
/// minutes, marks, ages, dates, people, lessons, days, percent, words, questions, pages, times,
/// things. A unit sets aside a number standing alone or beside other marked numbers: one joined
/// to an unmarked group ("9123 4567號") is read with it, so a unit cannot hide a phone.
const UNITS: &[char] = &[
    '元', '蚊', '時', '點', '分', '秒', '歲', '年', '月', '日', '號', '位', '堂', '週', '周', '天', '%', '字', '題', '頁', '次', '人', '個',
];

/// The units written after a space too ("300 元").
const SPACED_UNITS: &[char] = &['元', '蚊'];

/// Words that label a reference ("個案編號 20000"): the number after them is an ordinary number
/// unless it reads as a phone by itself ("編號 91234567" is still refused).
const REFERENCE_LABELS: &[&str] = &["編號"];

/// Whether a reference label ends right before `start`, with at most a space or a colon between.
fn follows_reference_label(chars: &[char], start: usize) -> bool {
    let mut end = start;
    while end > 0 && start - end < 2 && matches!(chars[end - 1], ' ' | ':') {
        end -= 1;
    }
    REFERENCE_LABELS.iter().any(|label| {
        let n = label.chars().count();
        end >= n && chars[end - n..end].iter().copied().eq(label.chars())
    })
}

/// What separates two groups of one number: at most three spaces, dashes, dots or brackets
/// ("9123 4567", "91-23-45-67", "(852) 9123").
fn joins(gap: &[char]) -> bool {
    (1..=3).contains(&gap.len()) && gap.iter().all(|c| matches!(*c, ' ' | '-' | '.' | '(' | ')'))
}

/// A phone number among the groups of digits, once the ordinary numbers are set aside.
pub(super) fn has_phone(chars: &[char]) -> bool {
    let groups = digit_groups(chars);
    let ordinary = ordinary_numbers(chars, &groups);
    let mut run: Vec<&Digits> = Vec::new();
    for (k, group) in groups.iter().enumerate() {
        let continues = k > 0 && !ordinary[k - 1] && joins(&chars[groups[k - 1].end..group.start]);
        if !continues {
            if spells_phone(&run) {
                return true;
            }
            run.clear();
        }
        if ordinary[k] {
            if spells_phone(&run) {
                return true;
            }
            run.clear();
        } else {
            run.push(group);
        }
    }
    spells_phone(&run)
}

fn digit_groups(chars: &[char]) -> Vec<Digits> {
    let mut groups = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        if chars[i].is_ascii_digit() {
            let start = i;
            while i < chars.len() && chars[i].is_ascii_digit() {
                i += 1;
            }
            groups.push(Digits { start, end: i, value: chars[start..i].iter().collect() });
        } else {
            i += 1;
        }
    }
    groups
}

/// Which groups are part of a fee, a date, a year range, a time or a decimal.
fn ordinary_numbers(chars: &[char], groups: &[Digits]) -> Vec<bool> {
    let n = groups.len();
    let gap = |k: usize| &chars[groups[k].end..groups[k + 1].start];
    let gap_is = |k: usize, c: char| gap(k) == [c];
    let mut ordinary = vec![false; n];
    // A fee (HK$300, $ 300, 300 元), a number with its unit (10時, 90分鐘, 3位, 2026年) or a
    // reference (個案編號 20000).
    let counted: Vec<bool> = groups
        .iter()
        .map(|g| {
            if follows_reference_label(chars, g.start) && !is_phone_number(&g.value) {
                return true;
            }
            let before: Vec<char> = chars[..g.start].iter().rev().take(2).copied().collect();
            let after: Vec<char> = chars[g.end..].iter().take(2).copied().collect();
            matches!(before.as_slice(), ['$', ..] | [' ', '$'])
                || matches!(after.as_slice(), [unit, ..] if UNITS.contains(unit))
                || matches!(after.as_slice(), [' ', unit] if SPACED_UNITS.contains(unit))
        })
        .collect();
    // Joined to a neighbour without a unit of its own ("9123 4567號", "HK$9123 4567"), a unit does
    // not set a group aside: the two are read whole. "HK$20000 120分鐘" and "個案編號 20000 120分鐘" are
    // two numbers, each marked.
    let joined = |k: usize| (k > 0 && joins(gap(k - 1)) && !counted[k - 1]) || (k + 1 < n && joins(gap(k)) && !counted[k + 1]);
    for k in 0..n {
        ordinary[k] |= counted[k] && !joined(k);
        let rising = k + 1 < n && groups[k + 1].number() > groups[k].number();
        if rising && gap_is(k, '-') && (counted[k] || counted[k + 1] || round_range(&groups[k], &groups[k + 1])) {
            // A range, rising: $300-400, 300-400元, 10-11時, 4000-5000, 1930-2130.
            ordinary[k] = true;
            ordinary[k + 1] = true;
        }
    }
    for k in 0..n.saturating_sub(1) {
        let (a, b) = (&groups[k], &groups[k + 1]);
        // A time: 7:30, 19:00.
        if a.len() <= 2 && b.len() == 2 && gap_is(k, ':') {
            ordinary[k] = true;
            ordinary[k + 1] = true;
        }
        // A decimal: 1.5, 8.0, 12.50, not a group of a dotted number (91.23.45.67).
        let dotted_before = k > 0 && gap_is(k - 1, '.');
        let dotted_after = k + 2 < n && gap_is(k + 1, '.');
        if a.len() <= 3 && b.len() <= 2 && gap_is(k, '.') && !dotted_before && !dotted_after {
            ordinary[k] = true;
            ordinary[k + 1] = true;
        }
        // A year and its month (2026-12), two years (2025-2026, 2025 2026), a short range (2025-26).
        if a.is_year() {
            let year = a.number();
            let year_month = b.is_month() && (gap_is(k, '-') || gap_is(k, '.'));
            let two_years = b.is_year() && joins(gap(k));
            // The short year may cross a century: 1999-00.
            let later_short_year =
                b.len() == 2 && joins(gap(k)) && gap(k).contains(&'-') && (0..=10).any(|more| (year + more) % 100 == b.number());
            if year_month || two_years || later_short_year {
                ordinary[k] = true;
                ordinary[k + 1] = true;
            }
        }
    }
    // A date: 2026-12-01, 2026.12.01, 01-12-2026.
    for k in 0..n.saturating_sub(2) {
        let (a, b, c) = (&groups[k], &groups[k + 1], &groups[k + 2]);
        let same_single = (gap_is(k, '-') && gap_is(k + 1, '-')) || (gap_is(k, '.') && gap_is(k + 1, '.'));
        let year_first = a.is_year() && b.is_month() && c.is_day();
        let year_last = a.is_day() && b.is_month() && c.is_year();
        if same_single && (year_first || year_last) {
            ordinary[k] = true;
            ordinary[k + 1] = true;
            ordinary[k + 2] = true;
        }
    }
    ordinary
}

/// Two round numbers ("4000-5000", "2000-3000字", "1930-2130"): with the second above the first,
/// a range of fees, words or times. A phone's halves are seldom both round.
fn round_range(a: &Digits, b: &Digits) -> bool {
    let round = |d: &Digits| (2..=5).contains(&d.len()) && d.value.ends_with('0');
    round(a) && round(b)
}

/// Whether consecutive groups of `run` read together as a phone number. A reading stops past
/// the longest number (13 digits), so a long run costs what its length does.
fn spells_phone(run: &[&Digits]) -> bool {
    (0..run.len()).any(|from| {
        let mut digits = String::new();
        for group in &run[from..] {
            digits.push_str(&group.value);
            if digits.len() > 13 {
                return false;
            }
            if is_phone_number(&digits) {
                return true;
            }
        }
        false
    })
}

/// Hong Kong (8 digits from 2 to 9, with or without 852) and mainland mobile numbers (11
/// digits from 13 to 19, with or without 86).
fn is_phone_number(digits: &str) -> bool {
    let d = digits.as_bytes();
    let local = |first: u8| (b'2'..=b'9').contains(&first);
    let mainland = |second: u8| (b'3'..=b'9').contains(&second);
    match d.len() {
        8 => local(d[0]),
        11 => (digits.starts_with("852") && local(d[3])) || (d[0] == b'1' && mainland(d[1])),
        13 => digits.starts_with("861") && mainland(d[3]),
        _ => false,
    }
}
