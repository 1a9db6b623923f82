//! Reads kept in memory in front of the database.

pub mod board;
pub mod coalesced_read;
