//! Tutors: the application a user files to become one, and the public profile an approved
//! application becomes.
//!
//! `application` is the form, its rules and the back office's decision; `profile` is what the
//! directory shows of a tutor, and how a tutor is named in paths and commands.

mod application;
mod profile;

pub use application::*;
pub use profile::*;

#[cfg(test)]
pub(crate) mod tests;
