//! Tutors: the application to become one, its review, and the public directory of profiles.

pub mod applications;
pub mod directory;
pub mod model;
pub mod ports;
pub mod search;
