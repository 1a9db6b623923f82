//! Booking tutors.

pub mod api;
