//! Notices: telling people by SMS what happened to their cases, applications and bookings. What
//! a notice says is data (`shared::messages::Notice`), worded in its reader's language by the
//! adapters.

pub mod notifier;
