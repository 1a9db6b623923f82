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
//!
//! Here: the rule and how it reads text (`normalize`); what it looks for is in `addresses`
//! (e-mail addresses and links), `phones` (phone numbers among ordinary numbers) and
//! `messengers` (handles, and messengers named as a way to reach someone).

mod addresses;
mod messengers;
mod phones;

pub use super::problems::{ContactKind, Exchange};
use super::validation::{Label, Problem};
use addresses::{has_email, has_link};
use messengers::messenger;
use phones::has_phone;

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

#[cfg(test)]
mod tests;
