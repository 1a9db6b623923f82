//! Accounts: registration, phone verification, sessions, passwords, the signed-in user and
//! the back office's directory of accounts.

pub mod current_user;
pub mod directory;
pub mod passwords;
pub mod phone_verification;
pub mod ports;
pub mod registration;
pub mod sessions;
pub mod user;
