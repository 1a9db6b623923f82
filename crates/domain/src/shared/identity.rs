//! The parts of a person's identity we check: phone, e-mail, display name, password, age.
//! Parse, don't validate: a value of these types is known to be well formed.

use chrono::{Datelike, NaiveDate};

use crate::shared::validation::{AccountsProblem, Label, Lines, Problem, refuse_control_characters};

/// A Hong Kong mobile or fixed number, kept in E.164 (`+85291234567`).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Phone(String);

impl Phone {
    /// Accepts 8 digits starting 4–9, with or without `+852`/`852`, spaces or hyphens.
    ///
    /// # Errors
    /// [`AccountsProblem::PhoneInvalid`] when it is not such a number.
    pub fn parse(raw: &str) -> Result<Self, Problem> {
        let digits: String = raw.chars().filter(|c| !matches!(c, ' ' | '-' | '(' | ')')).collect();
        let local = digits.strip_prefix("+852").or_else(|| digits.strip_prefix("852").filter(|d| d.len() == 8)).unwrap_or(&digits);
        let valid = local.len() == 8 && local.chars().all(|c| c.is_ascii_digit()) && matches!(local.as_bytes()[0], b'4'..=b'9');
        if valid { Ok(Self(format!("+852{local}"))) } else { Err(AccountsProblem::PhoneInvalid.into()) }
    }

    /// Trusts a value read back from storage.
    pub fn from_stored(e164: String) -> Self {
        Self(e164)
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The 8 local digits, as people write them in Hong Kong.
    pub fn local(&self) -> &str {
        self.0.strip_prefix("+852").unwrap_or(&self.0)
    }
}

/// An e-mail address, lower-cased so that uniqueness ignores case.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Email(String);

impl Email {
    /// # Errors
    /// [`AccountsProblem::EmailInvalid`] when it is not an address.
    pub fn parse(raw: &str) -> Result<Self, Problem> {
        let email = raw.trim().to_lowercase();
        let invalid = || Problem::from(AccountsProblem::EmailInvalid);
        let (local, domain) = email.split_once('@').ok_or_else(invalid)?;
        let ok = !local.is_empty()
            && local.len() <= 64
            && email.len() <= 254
            && domain.contains('.')
            && !domain.starts_with('.')
            && !domain.ends_with('.')
            && !domain.contains("..")
            && !email.chars().any(|c| c.is_whitespace() || c.is_control() || c == ',' || c == ';')
            && !domain.contains('@');
        if ok { Ok(Self(email)) } else { Err(invalid()) }
    }

    pub fn from_stored(email: String) -> Self {
        Self(email)
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A display name: English letters and Chinese characters only (spec §5).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DisplayName(String);

impl DisplayName {
    pub const MAX_CHINESE: usize = 6;
    pub const MAX_ENGLISH: usize = 12;

    /// Spaces between English words are allowed and do not count.
    ///
    /// # Errors
    /// The problem of the first rule broken (spec §5).
    pub fn parse(raw: &str) -> Result<Self, Problem> {
        // Checked on the raw text: joining the words below would quietly turn a tab or a
        // line break into a space. Bidi controls would let a name reorder the text around it
        // wherever it is shown ("陳太 已付款" read backwards), so they get their own message.
        refuse_control_characters(raw, Label::Name, Lines::Single)?;
        if raw.chars().any(is_bidi_control) {
            return Err(AccountsProblem::NameBidiControls.into());
        }
        let name = raw.split_whitespace().collect::<Vec<_>>().join(" ");
        let is_chinese = |c: char| ('\u{4e00}'..='\u{9fff}').contains(&c) || ('\u{3400}'..='\u{4dbf}').contains(&c);
        if name.chars().any(|c| !(c.is_ascii_alphabetic() || is_chinese(c) || c == ' ')) {
            return Err(AccountsProblem::NameSymbols.into());
        }
        let chinese = name.chars().filter(|c| is_chinese(*c)).count();
        let english = name.chars().filter(char::is_ascii_alphabetic).count();
        if chinese > Self::MAX_CHINESE {
            return Err(AccountsProblem::NameTooManyChinese { max: Self::MAX_CHINESE }.into());
        }
        if english > Self::MAX_ENGLISH {
            return Err(AccountsProblem::NameTooManyEnglish { max: Self::MAX_ENGLISH }.into());
        }
        if chinese + english == 0 {
            return Err(AccountsProblem::NameNoLetters.into());
        }
        Ok(Self(name))
    }

    pub fn from_stored(name: String) -> Self {
        Self(name)
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// "陳**": the first character, the rest hidden; how others see a booker.
    pub fn masked(&self) -> String {
        let mut chars = self.0.chars();
        let first = chars.next().unwrap_or('*');
        let hidden = chars.filter(|c| *c != ' ').count().clamp(1, 2);
        format!("{first}{}", "*".repeat(hidden))
    }
}

/// The embedding, override and isolate characters (U+202A–U+202E, U+2066–U+2069) that change
/// the direction of the text after them.
pub fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// A new password that meets the rules; never stored, only hashed.
#[derive(Clone, PartialEq, Eq)]
pub struct Password(String);

impl std::fmt::Debug for Password {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Password(…)")
    }
}

impl Password {
    pub const MIN_CHARS: usize = 8;
    pub const MAX_CHARS: usize = 128;

    /// # Errors
    /// [`AccountsProblem::PasswordRule`] when shorter than 8 or missing a letter or a digit.
    pub fn parse(raw: &str) -> Result<Self, Problem> {
        let long_enough = (Self::MIN_CHARS..=Self::MAX_CHARS).contains(&raw.chars().count());
        let letter = raw.chars().any(|c| c.is_ascii_alphabetic());
        let digit = raw.chars().any(|c| c.is_ascii_digit());
        if long_enough && letter && digit {
            Ok(Self(raw.to_string()))
        } else {
            Err(AccountsProblem::PasswordRule { min_chars: Self::MIN_CHARS }.into())
        }
    }

    pub fn expose(&self) -> &str {
        &self.0
    }
}

/// The terms require users to be at least this old.
pub const MINIMUM_AGE: u32 = 15;

/// Whole years between `birthdate` and `today`.
pub fn age_on(birthdate: NaiveDate, today: NaiveDate) -> u32 {
    let mut years = today.year() - birthdate.year();
    if (today.month(), today.day()) < (birthdate.month(), birthdate.day()) {
        years -= 1;
    }
    years.max(0) as u32
}

/// A birth date from the form: real, not in the future, and at least [`MINIMUM_AGE`] years ago.
///
/// # Errors
/// Not chosen (no date), incorrect (in the future or over 120 years ago) or too young.
pub fn parse_birthdate(raw: &str, today: NaiveDate) -> Result<NaiveDate, Problem> {
    let date = NaiveDate::parse_from_str(raw.trim(), "%Y-%m-%d").map_err(|_| Problem::NotChosen(Label::BirthDate))?;
    if date > today || age_on(date, today) > 120 {
        return Err(Problem::Incorrect(Label::BirthDate));
    }
    if age_on(date, today) < MINIMUM_AGE {
        return Err(AccountsProblem::TooYoung { min_age: MINIMUM_AGE }.into());
    }
    Ok(date)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn phones_are_stored_in_e164_whatever_the_typing() {
        for raw in ["91234567", "+852 9123 4567", "852-9123-4567", "+85291234567"] {
            assert_eq!(Phone::parse(raw).unwrap().as_str(), "+85291234567", "{raw}");
        }
        assert_eq!(Phone::parse("91234567").unwrap().local(), "91234567");
    }

    #[test]
    fn refuses_numbers_that_are_not_hong_kong_ones() {
        for raw in ["", "1234567", "31234567", "912345678", "9123456a", "+86 91234567"] {
            assert_eq!(Phone::parse(raw), Err(Problem::Accounts(AccountsProblem::PhoneInvalid)), "{raw}");
        }
    }

    #[test]
    fn emails_are_lower_cased_and_checked() {
        assert_eq!(Email::parse(" Chan.TaiMan@Example.com ").unwrap().as_str(), "chan.taiman@example.com");
        for raw in ["", "a@b", "@b.com", "a b@c.com", "a@b..com", "a@@b.com"] {
            assert_eq!(Email::parse(raw), Err(Problem::Accounts(AccountsProblem::EmailInvalid)), "{raw}");
        }
    }

    #[test]
    fn names_follow_the_spec_rules_with_their_messages() {
        assert!(DisplayName::parse("陳大文").is_ok());
        assert!(DisplayName::parse("Peter Chan").is_ok());
        assert_eq!(DisplayName::parse("陳大文1").unwrap_err(), Problem::Accounts(AccountsProblem::NameSymbols));
        assert_eq!(DisplayName::parse("一二三四五六七").unwrap_err(), Problem::Accounts(AccountsProblem::NameTooManyChinese { max: 6 }));
        assert_eq!(DisplayName::parse("Abcdefghijklm").unwrap_err(), Problem::Accounts(AccountsProblem::NameTooManyEnglish { max: 12 }));
        assert_eq!(DisplayName::parse("   ").unwrap_err(), Problem::Accounts(AccountsProblem::NameNoLetters));
    }

    #[test]
    fn names_refuse_control_and_direction_characters_with_their_own_messages() {
        for raw in ["陳\0太", "陳\t太", "陳\n太", "Peter\u{7f}"] {
            assert_eq!(DisplayName::parse(raw).unwrap_err(), Problem::ControlCharacters(Label::Name), "{raw:?}");
        }
        for c in ['\u{202a}', '\u{202b}', '\u{202c}', '\u{202d}', '\u{202e}', '\u{2066}', '\u{2067}', '\u{2068}', '\u{2069}'] {
            assert_eq!(DisplayName::parse(&format!("陳{c}太")).unwrap_err(), Problem::Accounts(AccountsProblem::NameBidiControls), "{c:?}");
        }
        assert!(!is_bidi_control('\u{200f}') && !is_bidi_control('陳'));
    }

    #[test]
    fn emails_refuse_control_characters() {
        assert!(Email::parse("a\0b@example.com").is_err());
    }

    #[test]
    fn masks_all_but_the_first_character() {
        assert_eq!(DisplayName::parse("陳大文").unwrap().masked(), "陳**");
        assert_eq!(DisplayName::parse("Li").unwrap().masked(), "L*");
    }

    #[test]
    fn passwords_need_eight_characters_a_letter_and_a_digit() {
        assert!(Password::parse("abcd1234").is_ok());
        for raw in ["abc123", "abcdefgh", "12345678"] {
            assert_eq!(Password::parse(raw).unwrap_err(), Problem::Accounts(AccountsProblem::PasswordRule { min_chars: 8 }));
        }
        assert_eq!(format!("{:?}", Password::parse("abcd1234").unwrap()), "Password(…)");
    }

    #[test]
    fn users_must_be_fifteen() {
        let today = NaiveDate::from_ymd_opt(2026, 11, 22).unwrap();
        assert!(parse_birthdate("2011-11-22", today).is_ok());
        assert_eq!(parse_birthdate("2011-11-23", today).unwrap_err(), Problem::Accounts(AccountsProblem::TooYoung { min_age: 15 }));
        assert_eq!(parse_birthdate("2030-01-01", today).unwrap_err(), Problem::Incorrect(Label::BirthDate));
        assert_eq!(parse_birthdate("22/11/2000", today).unwrap_err(), Problem::NotChosen(Label::BirthDate));
    }
}
