//! The rules of accounts that need more than the common problems of [`super::super::validation::Problem`].

use crate::shared::labels::Label;
use crate::shared::upload::UploadError;

/// A rule of accounts a field broke, with the figures its message needs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AccountsProblem {
    /// Not a Hong Kong number of 8 digits.
    PhoneInvalid,
    /// Not an e-mail address.
    EmailInvalid,
    /// A display name with a character that changes the direction of the text.
    NameBidiControls,
    /// A display name with a digit or a symbol (only English letters and Chinese characters).
    NameSymbols,
    /// More Chinese characters in a display name than `max`.
    NameTooManyChinese { max: usize },
    /// More English letters in a display name than `max`.
    NameTooManyEnglish { max: usize },
    /// A display name without a single letter or Chinese character.
    NameNoLetters,
    /// A password shorter than `min_chars` or without a letter and a digit.
    PasswordRule { min_chars: usize },
    /// Younger than the terms allow.
    TooYoung { min_age: u32 },
    /// Registering with a role other than a plain user's.
    RoleNotAllowed,
    /// An organization's registration without both of its documents.
    OrgDocumentsMissing,
    /// An organization's document (`label` names which) over the upload limit.
    DocumentTooLarge(Label),
    /// An organization's document (`label` names which) that is empty or not a PDF, JPEG or PNG.
    DocumentRefused { label: Label, error: UploadError },
    /// The phone already has an account.
    PhoneTaken,
    /// The e-mail already has an account.
    EmailTaken,
    /// No phone number typed to log in with.
    PhoneMissing,
    /// No password typed to log in with.
    PasswordMissing,
}
