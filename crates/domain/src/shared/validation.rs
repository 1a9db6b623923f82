//! Field-level validation failures, reported all at once so a form can mark every field.
//!
//! A failure is typed, never worded: a [`Problem`] names the rule and the field ([`Label`]) with
//! the figures it needs, and the edge (the HTTP error words) writes it in the reader's language.

use std::fmt;

pub use super::labels::{Label, Unit};
pub use super::problems::*;

/// A rule a field broke.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Problem {
    /// Nothing was typed: "請填寫{label}".
    Missing(Label),
    /// Nothing was chosen: "請選擇{label}".
    NotChosen(Label),
    /// Not a value the field takes: "{label}不正確".
    Incorrect(Label),
    /// Longer than `max` characters.
    TooLong {
        label: Label,
        max: usize,
    },
    /// More than `max` items.
    TooMany {
        label: Label,
        max: usize,
    },
    /// Outside `min..=max`, in `unit` when it has one.
    OutOfRange {
        label: Label,
        min: i64,
        max: i64,
        unit: Option<Unit>,
    },
    /// A control character in typed text.
    ControlCharacters(Label),
    /// A phone, e-mail, messenger or link in text others read.
    ContactDetails {
        label: Label,
        found: ContactKind,
        exchange: Exchange,
    },
    /// Not real text (too short, no letters, one letter repeated).
    NotReal {
        label: Label,
        why: NotRealText,
        min_chars: usize,
    },
    /// A fee per lesson of zero or less.
    FeeNotPositive,
    /// A fee per lesson above the most we take.
    FeeTooHigh {
        max_dollars: i64,
    },
    /// A fee per lesson with more than two decimals.
    FeeCents,
    /// A rule of one business area, with its own figures.
    Accounts(AccountsProblem),
    Alerts(AlertsProblem),
    Billing(BillingProblem),
    Bookings(BookingsProblem),
    Cases(CasesProblem),
    Lessons(LessonsProblem),
    Matching(MatchingProblem),
    Organizations(OrganizationsProblem),
    Profiles(ProfilesProblem),
    Reviews(ReviewsProblem),
    Search(SearchProblem),
    Tutors(TutorsProblem),
}

/// Each area's problem is a [`Problem`] (`?` and `errors.add` take either).
macro_rules! area_problems {
    ($($problem:ident => $variant:ident),+ $(,)?) => {
        $(impl From<$problem> for Problem {
            fn from(problem: $problem) -> Self {
                Self::$variant(problem)
            }
        })+
    };
}

area_problems!(
    AccountsProblem => Accounts,
    AlertsProblem => Alerts,
    BillingProblem => Billing,
    BookingsProblem => Bookings,
    CasesProblem => Cases,
    LessonsProblem => Lessons,
    MatchingProblem => Matching,
    OrganizationsProblem => Organizations,
    ProfilesProblem => Profiles,
    ReviewsProblem => Reviews,
    SearchProblem => Search,
    TutorsProblem => Tutors,
);

/// One rule a field broke.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldError {
    /// The API field name (camelCase, as the client sends it).
    pub field: &'static str,
    pub problem: Problem,
}

/// Every field error of one submission; never empty when returned as an error.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ValidationErrors(Vec<FieldError>);

impl ValidationErrors {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn single(field: &'static str, problem: impl Into<Problem>) -> Self {
        let mut errors = Self::new();
        errors.add(field, problem);
        errors
    }

    pub fn add(&mut self, field: &'static str, problem: impl Into<Problem>) {
        self.0.push(FieldError { field, problem: problem.into() });
    }

    /// Records the error of a parse step and passes its value on, so later fields still get checked.
    pub fn check<T, P: Into<Problem>>(&mut self, field: &'static str, result: Result<T, P>) -> Option<T> {
        result.map_err(|problem| self.add(field, problem)).ok()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn fields(&self) -> &[FieldError] {
        &self.0
    }

    /// The first problem of `field`, if it failed.
    pub fn get(&self, field: &str) -> Option<&Problem> {
        self.0.iter().find(|e| e.field == field).map(|e| &e.problem)
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
    /// For logs: the fields and their problems, typed (the words are at the edge).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.0.iter().map(|e| (e.field, &e.problem))).finish()
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
/// [`Problem::ControlCharacters`] when `text` has one.
pub fn refuse_control_characters(text: &str, label: Label, lines: Lines) -> Result<(), Problem> {
    let allowed = |c: char| lines == Lines::Multi && matches!(c, '\n' | '\r' | '\t');
    if text.chars().any(|c| c.is_control() && !allowed(c)) { Err(Problem::ControlCharacters(label)) } else { Ok(()) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn single_line_text_takes_no_control_character_at_all() {
        assert_eq!(refuse_control_characters("星期三 19:00", Label::BookingTime, Lines::Single), Ok(()));
        for bad in ["a\0b", "a\nb", "a\tb", "a\rb", "\u{1b}[31m", "\u{7f}", "\u{85}"] {
            assert_eq!(
                refuse_control_characters(bad, Label::BookingTime, Lines::Single),
                Err(Problem::ControlCharacters(Label::BookingTime)),
                "{bad:?}"
            );
        }
    }

    #[test]
    fn multi_line_text_keeps_line_breaks_and_tabs_only() {
        assert_eq!(refuse_control_characters("第一行\r\n第二行\t完", Label::CaseDescription, Lines::Multi), Ok(()));
        for bad in ["a\0b", "\u{1b}[2J", "\u{8}", "\u{9f}"] {
            assert_eq!(
                refuse_control_characters(bad, Label::CaseDescription, Lines::Multi),
                Err(Problem::ControlCharacters(Label::CaseDescription)),
                "{bad:?}"
            );
        }
    }
}
