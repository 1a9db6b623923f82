//! Reads kept in memory in front of the database: the one bounded cache the adapters keep in
//! (`bounded`), one read shared by the callers in flight (`coalesced_read`), what a kept value weighs (`weight`), and the switch that
//! turns the search's cache layers off for measuring them (`layers`).

pub mod board;
pub mod bounded;
pub mod coalesced_read;
pub mod layers;
pub mod weight;
