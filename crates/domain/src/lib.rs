//! The tutoring marketplace itself: accounts, organizations, tutors, cases, matching, bookings.
//!
//! One module per business area, each holding its model, its ports (the capabilities it needs
//! from the outside world, implemented in the adapters crate) and its use cases. `shared` holds
//! what every area uses: identity newtypes, money, paging, the catalogue, text rules, storage,
//! file and messaging ports.
//! Nothing here does I/O.

pub mod accounts;
pub mod alerts;
pub mod audit;
pub mod billing;
pub mod bookings;
pub mod cases;
pub mod jobs;
pub mod lessons;
pub mod matching;
pub mod notices;
pub mod organizations;
pub mod profiles;
pub mod reports;
pub mod reviews;
pub mod search;
pub mod shared;
pub mod sharing;
pub mod tutors;
