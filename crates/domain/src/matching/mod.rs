//! Matching: tutors apply to approved cases, the owner selects one of them.

pub mod applications;
pub mod invitations;
pub mod model;
pub mod ports;
pub mod recommendations;
