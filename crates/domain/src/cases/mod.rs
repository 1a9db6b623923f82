//! Tutoring cases: posting and editing, moderation, the public board and its filters.

pub mod board;
pub mod fee_guidance;
pub mod fees;
pub mod lifecycle;
pub mod model;
pub mod moderation;
pub mod ports;
pub mod posting;
pub mod search;
