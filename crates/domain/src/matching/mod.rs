//! Matching: tutors apply to approved cases, the owner offers the case to one of them, and
//! the tutor confirms it.

pub mod applications;
pub mod fit;
pub mod invitations;
pub mod model;
pub mod offer;
pub mod offers;
pub mod ports;
pub mod recommendations;
