//! Messenger handles ("@abc_tutor") and messengers named as a way to reach someone
//! ("whatsapp 我", "加我微信", "wechat id: abc"), not named in passing.

use super::addresses::is_local_part;
use super::{ContactKind, at, is_alnum};

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
pub(super) fn messenger(lower: &[char]) -> Option<ContactKind> {
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
