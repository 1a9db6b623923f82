//! Field-level validation failures, reported all at once so a form can mark every field.

use std::fmt;

/// One rule a field broke, with the zh-HK message shown next to that field.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldError {
    /// The API field name (camelCase, as the client sends it).
    pub field: &'static str,
    pub message: String,
}

/// Every field error of one submission; never empty when returned as an error.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ValidationErrors(Vec<FieldError>);

impl ValidationErrors {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn single(field: &'static str, message: impl Into<String>) -> Self {
        let mut errors = Self::new();
        errors.add(field, message);
        errors
    }

    pub fn add(&mut self, field: &'static str, message: impl Into<String>) {
        self.0.push(FieldError { field, message: message.into() });
    }

    /// Records the error of a parse step and passes its value on, so later fields still get checked.
    pub fn check<T>(&mut self, field: &'static str, result: Result<T, String>) -> Option<T> {
        result.map_err(|message| self.add(field, message)).ok()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn fields(&self) -> &[FieldError] {
        &self.0
    }

    /// The first message about `field`, if it failed.
    pub fn get(&self, field: &str) -> Option<&str> {
        self.0.iter().find(|e| e.field == field).map(|e| e.message.as_str())
    }

    /// Adds every error of `other`.
    pub fn merge(&mut self, other: Self) {
        self.0.extend(other.0);
    }

    /// `Ok(value)` when nothing failed.
    pub fn finish<T>(self, value: impl FnOnce() -> T) -> Result<T, Self> {
        if self.is_empty() { Ok(value()) } else { Err(self) }
    }
}

impl fmt::Display for ValidationErrors {
    /// The first message: what a banner shows when it can show one line only.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0.first() {
            Some(first) => f.write_str(&first.message),
            None => f.write_str("資料不正確"),
        }
    }
}

impl std::error::Error for ValidationErrors {}

/// Whether a free-text field may span lines (a description) or not (a title, a time).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lines {
    Single,
    /// Line breaks and tabs are allowed; other control characters are not.
    Multi,
}

/// The one rule for control characters in what people type, used by every free-text parser.
///
/// Unicode control characters (`Cc`) are never typed on purpose: a NUL is refused by
/// PostgreSQL (a 500 instead of a message) and the others garble lists, SMS and logs. A
/// multi-line field keeps `\n`, `\r` and `\t`; a single-line field takes none at all.
///
/// # Errors
/// "{label}不可包含控制字元" when `text` has one.
pub fn refuse_control_characters(text: &str, label: &str, lines: Lines) -> Result<(), String> {
    let allowed = |c: char| lines == Lines::Multi && matches!(c, '\n' | '\r' | '\t');
    if text.chars().any(|c| c.is_control() && !allowed(c)) { Err(format!("{label}不可包含控制字元")) } else { Ok(()) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn single_line_text_takes_no_control_character_at_all() {
        assert_eq!(refuse_control_characters("星期三 19:00", "預約時間", Lines::Single), Ok(()));
        for bad in ["a\0b", "a\nb", "a\tb", "a\rb", "\u{1b}[31m", "\u{7f}", "\u{85}"] {
            assert_eq!(refuse_control_characters(bad, "預約時間", Lines::Single), Err("預約時間不可包含控制字元".into()), "{bad:?}");
        }
    }

    #[test]
    fn multi_line_text_keeps_line_breaks_and_tabs_only() {
        assert_eq!(refuse_control_characters("第一行\r\n第二行\t完", "個案描述", Lines::Multi), Ok(()));
        for bad in ["a\0b", "\u{1b}[2J", "\u{8}", "\u{9f}"] {
            assert_eq!(refuse_control_characters(bad, "個案描述", Lines::Multi), Err("個案描述不可包含控制字元".into()), "{bad:?}");
        }
    }
}
