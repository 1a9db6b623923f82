//! Each business area's own validation problems, kept here (beside the common ones) so that the
//! one [`super::validation::Problem`] type can name them without `shared` depending on the areas;
//! and what the shared text rules find. Plain data: nothing here depends on the rules.

mod accounts;
mod alerts;
mod billing;
mod bookings;
mod cases;
mod lessons;
mod matching;
mod organizations;
mod profiles;
mod reviews;
mod search;
mod text;
mod tutors;

pub use accounts::AccountsProblem;
pub use alerts::AlertsProblem;
pub use billing::BillingProblem;
pub use bookings::BookingsProblem;
pub use cases::CasesProblem;
pub use lessons::LessonsProblem;
pub use matching::MatchingProblem;
pub use organizations::OrganizationsProblem;
pub use profiles::ProfilesProblem;
pub use reviews::ReviewsProblem;
pub use search::SearchProblem;
pub use text::{ContactKind, Exchange, NotRealText};
pub use tutors::TutorsProblem;
