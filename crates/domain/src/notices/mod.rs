//! Notices: telling people by SMS what happened to their cases, applications and bookings.

pub mod notifier;
