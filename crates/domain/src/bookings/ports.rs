//! Where bookings of tutors live.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use uuid::Uuid;

use crate::bookings::model::{Booking, BookingStatus};
use crate::shared::storage::RepositoryError;

/// Bookings of tutors.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait BookingRepository: Send + Sync {
    /// Adds a booking. A member has at most one pending booking of one tutor: a second is
    /// refused by the store's unique index, also when two requests race.
    ///
    /// # Errors
    /// `Conflict` when a pending booking of the same tutor by the same member exists;
    /// `Unavailable` when the store fails.
    async fn insert(&self, booking: Booking) -> Result<Booking, RepositoryError>;

    /// Whether the member has a pending booking of the tutor.
    ///
    /// # Errors
    /// `Unavailable` when the store fails.
    async fn has_pending(&self, tutor_id: Uuid, user_id: Uuid) -> Result<bool, RepositoryError>;

    /// # Errors
    /// `Unavailable` when the store fails.
    async fn find(&self, id: Uuid) -> Result<Option<Booking>, RepositoryError>;

    /// A tutor's bookings, newest first (at most `limit`).
    ///
    /// # Errors
    /// `Unavailable` when the store fails.
    async fn for_tutor(&self, tutor_id: Uuid, limit: u32) -> Result<Vec<Booking>, RepositoryError>;

    /// Bookings the user made or received, newest first (at most `limit`).
    ///
    /// # Errors
    /// `Unavailable` when the store fails.
    async fn involving(&self, user_id: Uuid, limit: u32) -> Result<Vec<Booking>, RepositoryError>;

    /// Moves the booking to `to` only if its status is still one of `from`; answers whether it moved.
    ///
    /// # Errors
    /// `Unavailable` when the store fails.
    async fn transition(&self, id: Uuid, from: Vec<BookingStatus>, to: BookingStatus, at: DateTime<Utc>) -> Result<bool, RepositoryError>;
}
