//! Contact details in free text a stranger can read: phone numbers, e-mail addresses, messenger
//! handles and invitations ("whatsapp 我", "加我微信"), links. Our terms keep them off what is
//! public: the two sides see each other's phone once a match or a booking is agreed, which keeps
//! strangers' numbers away from scrapers and is what the service fee rests on.
//!
//! The rule reads text the way people type around a filter: full-width forms, digits written
//! as Chinese numerals (九一二三四五六七, 9一2三4567), groups of digits with spaces, dashes or
//! dots between them (9123 4567, 91-23-45-67), a country code in any dress (+852, (852)). The
//! numbers ordinary posts are full of are recognised first and set aside, so they never add up
//! to a phone: fees ($300-400, 450元), numbers with a unit (10-11時, 90分鐘, 3位), dates
//! (2026-12-01), years side by side (2025-2026), times (19:00), decimals (1.5, 8.0). The price is a number whose halves both read as years
//! (2012 2015): it passes, rather than every such year range being refused. A messenger named
//! in passing ("可用 WhatsApp 視像上堂") is fine; named as a way to reach someone ("whatsapp 我",
//! "wechat id: abc") it is not.
//!
//! `frontend/src/lib/contact-details.ts` mirrors this rule step by step, so a form refuses as
//! the person types what the server would refuse; `tests/vectors/contact-details.json` holds
//! the examples both sides are tested against.

pub use super::problems::{ContactKind, Exchange};
use super::validation::{Label, Problem};

/// The first kind of contact detail found in `text`, if any: an e-mail address, a link, a phone
/// number, then a messenger handle or invitation.
pub fn find(text: &str) -> Option<ContactKind> {
    let chars = normalize(text);
    let lower: Vec<char> = chars.iter().map(char::to_ascii_lowercase).collect();
    if has_email(&lower) {
        Some(ContactKind::Email)
    } else if has_link(&chars, &lower) {
        Some(ContactKind::Link)
    } else if has_phone(&chars) {
        Some(ContactKind::Phone)
    } else {
        messenger(&lower)
    }
}

/// Refuses a field of free text that carries a contact detail.
///
/// # Errors
/// [`Problem::ContactDetails`] naming `label`, what was found and where the text is read (the
/// edge's words say where contacts are exchanged instead).
pub fn refuse(text: &str, label: Label, exchange: Exchange) -> Result<(), Problem> {
    match find(text) {
        None => Ok(()),
        Some(found) => Err(Problem::ContactDetails { label, found, exchange }),
    }
}

/// The text as plain characters: full-width forms as ASCII, dashes and quotes as ASCII ones,
/// Chinese numerals as digits, and "(at)"/"(dot)" as the signs they spell.
fn normalize(text: &str) -> Vec<char> {
    let folded: Vec<char> = text
        .chars()
        .map(|c| match c {
            '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
            '\u{3000}' | '\u{00A0}' => ' ',
            '\u{2010}'..='\u{2015}' | '\u{2212}' => '-',
            '\u{2018}' | '\u{2019}' => '\'',
            '零' | '〇' | '○' => '0',
            '一' | '壹' => '1',
            '二' | '貳' => '2',
            '三' | '叁' => '3',
            '四' | '肆' => '4',
            '五' | '伍' => '5',
            '六' | '陸' => '6',
            '七' | '柒' => '7',
            '八' | '捌' => '8',
            '九' | '玖' => '9',
            _ => c,
        })
        .collect();
    let mut out = Vec::with_capacity(folded.len());
    let mut i = 0;
    while i < folded.len() {
        match spelled_sign(&folded[i..]) {
            Some((sign, used)) => {
                out.push(sign);
                i += used;
            }
            None => {
                out.push(folded[i]);
                i += 1;
            }
        }
    }
    out
}

/// "(at)", "[at]" as '@' and "(dot)", "[dot]" as '.', with how many characters they took.
fn spelled_sign(chars: &[char]) -> Option<(char, usize)> {
    if !matches!(chars.first().copied(), Some('(' | '[')) {
        return None;
    }
    for (word, sign) in [("at", '@'), ("dot", '.')] {
        let n = word.len();
        let inner = chars.get(1..=n)?;
        if inner.iter().map(char::to_ascii_lowercase).eq(word.chars()) && matches!(chars.get(n + 1).copied(), Some(')' | ']')) {
            return Some((sign, n + 2));
        }
    }
    None
}

/// Whether `word` is at `i` in `chars`.
fn at(chars: &[char], i: usize, word: &str) -> bool {
    word.chars().enumerate().all(|(k, c)| chars.get(i + k) == Some(&c))
}

fn is_alnum(c: Option<&char>) -> bool {
    c.is_some_and(char::is_ascii_alphanumeric)
}

// ---------------------------------------------------------------------------------------------
// E-mail addresses and links.

/// Mail providers whose name after an '@' is an address even without ".com".
const MAIL_PROVIDERS: &[&str] =
    &["gmail", "hotmail", "yahoo", "outlook", "icloud", "live", "msn", "qq", "163", "126", "ymail", "protonmail"];

fn is_local_part(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '%' | '+' | '-')
}

/// "name@domain.tld", or "name@gmail" and the like; spaces around the '@' do not hide one.
fn has_email(lower: &[char]) -> bool {
    (0..lower.len()).filter(|&i| lower[i] == '@').any(|i| {
        let before = (0..i).rev().find(|&j| lower[j] != ' ');
        let has_local = before.is_some_and(|j| is_local_part(lower[j]));
        let from = (i + 1..lower.len()).find(|&j| lower[j] != ' ').unwrap_or(lower.len());
        let domain: String = lower[from..].iter().take_while(|c| c.is_ascii_alphanumeric() || matches!(**c, '-' | '.')).collect();
        let labels: Vec<&str> = domain.split('.').filter(|label| !label.is_empty()).collect();
        let dotted = labels.len() >= 2 && labels.last().is_some_and(|tld| tld.len() >= 2 && tld.chars().all(|c| c.is_ascii_alphabetic()));
        has_local && (dotted || labels.first().is_some_and(|first| MAIL_PROVIDERS.contains(first)))
    })
}

const LINK_STARTS: &[&str] = &["http://", "https://", "www."];

/// The endings of web addresses people paste: "abc.com", "wa.me/…", "bit.ly/…".
const TOP_LEVEL_DOMAINS: &[&str] = &[
    "com", "net", "org", "hk", "io", "me", "ly", "gl", "cc", "tw", "cn", "mo", "sg", "uk", "info", "biz", "app", "xyz", "site", "online",
    "page", "link", "edu", "gov", "shop", "top",
];

/// A link: "http(s)://", "www.", or a word, a dot and a known ending ("abc.com/…", "wa.me").
/// The ending must be all lower or all upper case, so a sentence run on after a full stop
/// ("…lessons.Online too") is not read as an address.
fn has_link(chars: &[char], lower: &[char]) -> bool {
    if (0..lower.len()).any(|i| LINK_STARTS.iter().any(|start| at(lower, i, start))) {
        return true;
    }
    (0..lower.len()).filter(|&i| lower[i] == '.').any(|dot| {
        let label_has_letter =
            lower[..dot].iter().rev().take_while(|c| c.is_ascii_alphanumeric() || **c == '-').any(char::is_ascii_alphabetic);
        let ending_len = lower[dot + 1..].iter().take_while(|c| c.is_ascii_alphabetic()).count();
        let ending: String = lower[dot + 1..dot + 1 + ending_len].iter().collect();
        let written = &chars[dot + 1..dot + 1 + ending_len];
        let one_case = written.iter().all(char::is_ascii_lowercase) || written.iter().all(char::is_ascii_uppercase);
        label_has_letter && TOP_LEVEL_DOMAINS.contains(&ending.as_str()) && one_case && !is_alnum(lower.get(dot + 1 + ending_len))
    })
}

// ---------------------------------------------------------------------------------------------
// Phone numbers.

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

/// What separates two groups of one number: at most three spaces, dashes, dots or brackets
/// ("9123 4567", "91-23-45-67", "(852) 9123").
fn joins(gap: &[char]) -> bool {
    (1..=3).contains(&gap.len()) && gap.iter().all(|c| matches!(*c, ' ' | '-' | '.' | '(' | ')'))
}

/// A phone number among the groups of digits, once the ordinary numbers are set aside.
fn has_phone(chars: &[char]) -> bool {
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
    // A fee (HK$300, $ 300, 300 元) or a number with its unit (10時, 90分鐘, 3位, 2026年).
    let counted: Vec<bool> = groups
        .iter()
        .map(|g| {
            let before: Vec<char> = chars[..g.start].iter().rev().take(2).copied().collect();
            let after: Vec<char> = chars[g.end..].iter().take(2).copied().collect();
            matches!(before.as_slice(), ['$', ..] | [' ', '$'])
                || matches!(after.as_slice(), [unit, ..] if UNITS.contains(unit))
                || matches!(after.as_slice(), [' ', unit] if SPACED_UNITS.contains(unit))
        })
        .collect();
    // Joined to a neighbour without a unit of its own ("9123 4567號", "HK$9123 4567"), a unit does
    // not set a group aside: the two are read whole. "HK$20000 120分鐘" is two numbers, each marked.
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
            let later_short_year =
                b.len() == 2 && joins(gap(k)) && gap(k).contains(&'-') && (year % 100..=year % 100 + 10).contains(&b.number());
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

// ---------------------------------------------------------------------------------------------
// Messenger handles and invitations.

/// What a channel's name followed by ':' says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum AfterColon {
    /// The name alone is the messenger's ("WhatsApp: …", "微信：…"): whatever follows is an account.
    Account,
    /// A short name ("ig", "tg"): an account when a handle follows ("IG: abc.tutor").
    Handle,
    /// A word of ordinary prose too ("line", "signal", "email"): a colon says nothing.
    Nothing,
}

/// A messenger (or e-mail) named by a word.
struct Channel {
    word: &'static str,
    kind: ContactKind,
    colon: AfterColon,
}

const fn channel(word: &'static str, colon: AfterColon) -> Channel {
    Channel { word, kind: ContactKind::Messenger, colon }
}

const fn mail(word: &'static str) -> Channel {
    Channel { word, kind: ContactKind::Email, colon: AfterColon::Nothing }
}

const CHANNELS: &[Channel] = &[
    channel("whatsapp", AfterColon::Account),
    channel("whats app", AfterColon::Account),
    channel("what's app", AfterColon::Account),
    channel("whatapp", AfterColon::Account),
    channel("watsapp", AfterColon::Account),
    channel("wtsapp", AfterColon::Account),
    channel("wts", AfterColon::Handle),
    channel("wechat", AfterColon::Account),
    channel("we chat", AfterColon::Account),
    channel("weixin", AfterColon::Account),
    channel("微信", AfterColon::Account),
    channel("wx", AfterColon::Handle),
    channel("telegram", AfterColon::Account),
    channel("電報", AfterColon::Account),
    channel("tg", AfterColon::Handle),
    channel("signal", AfterColon::Nothing),
    channel("line", AfterColon::Nothing),
    channel("instagram", AfterColon::Account),
    channel("ig", AfterColon::Handle),
    channel("facebook", AfterColon::Handle),
    channel("fb", AfterColon::Handle),
    channel("messenger", AfterColon::Handle),
    channel("skype", AfterColon::Account),
    channel("kakao", AfterColon::Account),
    channel("viber", AfterColon::Account),
    channel("qq", AfterColon::Handle),
    mail("email"),
    mail("e-mail"),
    mail("電郵"),
    mail("gmail"),
    mail("hotmail"),
];

/// Words after a channel that make it a way to reach someone: "whatsapp 我", "微信聯絡".
const INVITES_AFTER: &[&str] = &["我", "me", "聯絡", "聯繫", "查詢", "傾", "溝通", "搵", "找", "contact", "報名", "洽"];

/// Words after a channel that name an account: "wechat id", "微信號", "tg @abc".
const ACCOUNT_MARKERS: &[&str] = &["id", "號", "帳號", "账号", "號碼", "no.", "number", "#", "@"];

/// Words before a channel that make it a way to reach someone: "加我微信", "請 whatsapp".
// Not 加 or 請 alone: inside 參加, 增加, 申請, 邀請 they invite nobody.
const INVITES_BEFORE: &[&str] = &[
    "加我",
    "請加",
    "請用",
    "add me on",
    "add me",
    "add",
    "please",
    "pls",
    "plz",
    "搵我",
    "找我",
    "聯絡我",
    "聯繫我",
    "私訊",
    "inbox",
    "pm",
    "dm",
];

/// `word` at `i`, not inside a longer ASCII word.
fn word_at(lower: &[char], i: usize, word: &str) -> bool {
    let n = word.chars().count();
    let first_is_alnum = word.chars().next().is_some_and(|c| c.is_ascii_alphanumeric());
    let last_is_alnum = word.chars().last().is_some_and(|c| c.is_ascii_alphanumeric());
    at(lower, i, word) && !(first_is_alnum && i > 0 && is_alnum(lower.get(i - 1))) && !(last_is_alnum && is_alnum(lower.get(i + n)))
}

/// `word` ending at `end`, not inside a longer ASCII word.
fn word_before(lower: &[char], end: usize, word: &str) -> bool {
    let n = word.chars().count();
    end >= n && word_at(lower, end - n, word)
}

/// A handle at `i`: a letter or '_', then at least two more of letters, digits, '_' and '.'.
fn handle_at(lower: &[char], i: usize) -> bool {
    let length = lower[i.min(lower.len())..].iter().take_while(|c| c.is_ascii_alphanumeric() || matches!(**c, '_' | '.')).count();
    length >= 3 && lower.get(i).is_some_and(|c| c.is_ascii_alphabetic() || *c == '_')
}

/// A handle standing after '@' alone: a digit, '_' or '.' in it, or five characters at least, so
/// a place or an app written after '@' ("@TKO", "@Zoom", "@home") is not one.
fn lone_handle_at(lower: &[char], i: usize) -> bool {
    let handle: Vec<char> =
        lower[i.min(lower.len())..].iter().take_while(|c| c.is_ascii_alphanumeric() || matches!(**c, '_' | '.')).copied().collect();
    handle_at(lower, i) && (handle.len() >= 5 || handle.iter().any(|c| c.is_ascii_digit() || matches!(*c, '_' | '.')))
}

/// An "@handle" (not an address), or a channel named as a way to reach someone.
fn messenger(lower: &[char]) -> Option<ContactKind> {
    let handle = (0..lower.len()).any(|i| lower[i] == '@' && (i == 0 || !is_local_part(lower[i - 1])) && lone_handle_at(lower, i + 1));
    if handle {
        return Some(ContactKind::Messenger);
    }
    for i in 0..lower.len() {
        for channel in CHANNELS.iter().filter(|c| word_at(lower, i, c.word)) {
            let end = i + channel.word.chars().count();
            let next = (end..lower.len()).find(|&j| lower[j] != ' ').unwrap_or(lower.len());
            let previous = (0..i).rev().find(|&j| lower[j] != ' ').map_or(0, |j| j + 1);
            let invited = INVITES_AFTER.iter().chain(ACCOUNT_MARKERS).any(|w| word_at(lower, next, w))
                || INVITES_BEFORE.iter().any(|w| word_before(lower, previous, w));
            let after_colon = (next + 1..lower.len()).find(|&j| lower[j] != ' ');
            let named = lower.get(next) == Some(&':')
                && match channel.colon {
                    AfterColon::Account => after_colon.is_some(),
                    AfterColon::Handle => after_colon.is_some_and(|j| lower[j] == '@' || handle_at(lower, j)),
                    AfterColon::Nothing => false,
                };
            if invited || named {
                return Some(channel.kind);
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hong_kong_numbers_in_every_dress_are_phones() {
        for text in [
            "91234567",
            "9123 4567",
            "9123-4567",
            "9123.4567",
            "91 23 45 67",
            "9 1 2 3 4 5 6 7",
            "+852 9123 4567",
            "(852) 9123-4567",
            "852-91234567",
            "+85291234567",
            "９１２３４５６７",
            "九一二三四五六七",
            "九一二三 四五六七",
            "9一2三4567",
            "玖壹貳叁肆伍陸柒",
            "電話：2345 6789",
            "有興趣請致電 6123 4567 陳生",
            "9123 4567 2026年開始",
            "+86 138 1234 5678",
        ] {
            assert_eq!(find(text), Some(ContactKind::Phone), "{text}");
        }
    }

    #[test]
    fn ordinary_numbers_are_not_phones() {
        for text in [
            "HK$450",
            "每堂$300-400 1.5小時",
            "$12000",
            "300-400元 12/1開始",
            "小6 中五 F.5",
            "2026年",
            "2025-2026 學年",
            "2025-26",
            "2026-12-01",
            "01.12.2026",
            "12/1",
            "7:30pm",
            "19:00-20:30",
            "IELTS 8.0 2026-12-01",
            "5** DSE 5*",
            "教了10年，3位學生",
            "個案編號 10234",
            "星期一至五 晚上 7-9 時",
        ] {
            assert_eq!(find(text), None, "{text}");
        }
    }

    #[test]
    fn addresses_links_and_handles_are_found() {
        assert_eq!(find("abc.tutor@gmail.com"), Some(ContactKind::Email));
        assert_eq!(find("abc(at)gmail(dot)com"), Some(ContactKind::Email));
        assert_eq!(find("電郵我"), Some(ContactKind::Email));
        assert_eq!(find("https://tutor.example"), Some(ContactKind::Link));
        assert_eq!(find("wa.me/85291234567"), Some(ContactKind::Link));
        assert_eq!(find("see abc.com/me"), Some(ContactKind::Link));
        assert_eq!(find("whatsapp 我"), Some(ContactKind::Messenger));
        assert_eq!(find("加我微信"), Some(ContactKind::Messenger));
        assert_eq!(find("wechat id: tutor_abc"), Some(ContactKind::Messenger));
        assert_eq!(find("tg @abc_tutor"), Some(ContactKind::Messenger));
        assert_eq!(find("@abc_tutor"), Some(ContactKind::Messenger));
        assert_eq!(find("IG: abc.tutor"), Some(ContactKind::Messenger));
        assert_eq!(find("abc [at] hotmail [dot] com"), Some(ContactKind::Email));
    }

    #[test]
    fn a_messenger_named_in_passing_and_an_at_in_prose_are_fine() {
        for text in [
            "可用 Zoom 上課",
            "可用 WhatsApp 視像上堂",
            "數學@沙田",
            "email",
            "Bottom line: practise",
            "online lessons",
            "IGCSE Maths",
            "Maths tutor @ home",
            "中三 @ 沙田",
        ] {
            assert_eq!(find(text), None, "{text}");
        }
    }

    #[test]
    fn a_refusal_names_the_field_what_was_found_and_where_the_text_is_read() {
        assert_eq!(
            refuse("whatsapp 我 9123 4567", Label::CaseDescription, Exchange::Case),
            Err(Problem::ContactDetails { label: Label::CaseDescription, found: ContactKind::Phone, exchange: Exchange::Case })
        );
        assert_eq!(refuse("中三數學補習", Label::Title, Exchange::Case), Ok(()));
    }
}
