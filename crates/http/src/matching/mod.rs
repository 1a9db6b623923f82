//! Applying to cases, applicants, selection and withdrawal.

pub mod api;
pub mod invitations;
