//! Where the trail is kept. Appending and reading only: there is deliberately no way here to
//! change or remove an entry, and the stores refuse it underneath as well.

use async_trait::async_trait;
use chrono::{DateTime, Utc};

use crate::audit::model::{AuditEntry, NewAuditEntry};
use crate::shared::storage::RepositoryError;

#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait AuditTrail: Send + Sync {
    /// Writes `entry` down at `at` and answers it as kept, numbered after every entry before.
    ///
    /// # Errors
    /// `Unavailable` when the store fails (then nothing was written).
    async fn append(&self, entry: &NewAuditEntry, at: DateTime<Utc>) -> Result<AuditEntry, RepositoryError>;

    /// The latest entries, newest first (in the order appended), at most `limit`; only those
    /// at or after `since` when given.
    ///
    /// # Errors
    /// `Unavailable` when the store fails or an entry cannot be read.
    async fn list(&self, since: Option<DateTime<Utc>>, limit: u32) -> Result<Vec<AuditEntry>, RepositoryError>;
}
