//! The back office's words for what the domain names as types (statuses, kinds, methods): the
//! CLI speaks zh-HK to the clerk, and the domain carries no words (issue 35), so they live here.

pub mod billing;
pub mod bookings;
pub mod cases;
pub mod lessons;
pub mod matching;
pub mod organizations;
pub mod tutors;
pub mod users;
