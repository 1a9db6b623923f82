//! The rules of bookings that need more than the common problems of [`super::super::validation::Problem`].

/// A rule of bookings a field broke, with the figures its message needs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BookingsProblem {
    /// The subject booked is not one the tutor teaches: its level key (`secondary`) and name.
    SubjectNotTaught { level: &'static str, name: String },
}
