//! Reviews from real lessons (issue 12): a parent who matched a case with a tutor, or whose
//! booking the tutor accepted, rates the tutor once, at least a week later; the tutor replies
//! once; anyone logged in reports a review; the back office hides or restores it.

pub mod model;
pub mod moderation;
pub mod ports;
pub mod writing;
