//! Bookings: a member books a tutor from their profile; the tutor accepts or declines.

pub mod model;
pub mod ports;
pub mod requests;
