//! Case alerts: a tutor's saved searches, and the one-tap unsubscribe.

pub mod api;
