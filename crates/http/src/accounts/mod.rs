//! Registration, sessions, the signed-in account and its profile.

pub mod current_user;
pub mod profile;
pub mod registration;
pub mod sessions;
