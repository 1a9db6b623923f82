//! The tutoring marketplace itself: cases, tutors, bookings and their rules.
//!
//! Nothing here does I/O; storage, messaging and files sit behind the traits in [`ports`].

pub mod accounts;
pub mod case;
pub mod case_board;
pub mod case_search;
pub mod catalogue;
pub mod identity;
pub mod keyed;
pub mod money;
pub mod paging;
pub mod ports;
pub mod upload;
pub mod user;
pub mod validation;
