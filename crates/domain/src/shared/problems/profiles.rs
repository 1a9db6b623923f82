//! The rules of profiles that need more than the common problems of [`super::super::validation::Problem`].

use crate::shared::upload::UploadError;

/// A rule of profiles a field broke, with the figures its message needs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ProfilesProblem {
    /// An avatar sent by someone who is not a tutor.
    AvatarTutorsOnly,
    /// An avatar that is empty or not an image we take.
    Avatar(UploadError),
}
