//! The tutoring marketplace itself: cases, tutors, bookings and their rules.
//!
//! Nothing here does I/O; storage, messaging and files sit behind the traits in [`ports`].

pub mod accounts;
pub mod application;
pub mod booking;
pub mod bookings;
pub mod case;
pub mod case_board;
pub mod case_lifecycle;
pub mod case_moderation;
pub mod case_posting;
pub mod case_search;
pub mod catalogue;
pub mod document_export;
pub mod identity;
pub mod keyed;
pub mod matching;
pub mod money;
pub mod notify;
pub mod org_resubmission;
pub mod org_verification;
pub mod paging;
pub mod ports;
pub mod profile_editing;
pub mod tutor;
pub mod tutor_applications;
pub mod tutor_directory;
pub mod tutor_search;
pub mod passwords;
pub mod phone_verification;
pub mod rate_limits;
pub mod registration;
pub mod sessions;
pub mod upload;
pub mod user;
pub mod user_directory;
pub mod validation;
