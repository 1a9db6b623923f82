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
