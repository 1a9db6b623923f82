//! The lesson record of each confirmed match or accepted booking.

pub mod api;
