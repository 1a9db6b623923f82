//! The rules of tutors that need more than the common problems of [`super::super::validation::Problem`].

use crate::shared::labels::Label;
use crate::shared::upload::UploadError;

/// A rule of tutors a field broke, with the figures its message needs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TutorsProblem {
    /// A subject not written as "level subject" of the catalogue; `typed` as sent (spaces folded).
    SubjectFormat { typed: String },
    /// No subject taught.
    NoSubjects,
    /// A teaching mode key that is not one of the catalogue's; `key` as sent.
    UnknownTeachingMode { key: String },
    /// No teaching mode chosen.
    NoTeachingMode,
    /// A district name that is not one of the catalogue's; `name` as sent.
    UnknownDistrict { name: String },
    /// More years of teaching than years of age.
    ExperienceOverAge,
    /// No avatar sent with an application.
    AvatarMissing,
    /// An avatar that is empty or not an image we take.
    Avatar(UploadError),
    /// A number of the form (`label` names which) that is not a whole number.
    NotWholeNumber(Label),
    /// A fee per lesson that is not a number.
    FeeNotNumber,
}
