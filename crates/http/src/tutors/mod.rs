//! Tutor applications and the tutor directory.

pub mod applications;
pub mod directory;
