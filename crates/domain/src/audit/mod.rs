//! The back office's audit trail (issue 36): every decision a clerk makes (a case approved, an
//! invoice waived, an organization's private documents read) is written down with who made
//! it, when, what it was about and why. The trail is only ever appended to: its port has no
//! way to change or remove an entry, and the database refuses it too.

pub mod model;
pub mod ports;
pub mod trail;
