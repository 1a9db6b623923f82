//! The version of everything the public searches show.

use std::sync::Arc;

use crate::search::ports::ChangeFeed;
use crate::shared::storage::RepositoryError;

/// Cases, tutors' profiles and reviews move it on every write by any process, so an answer of
/// the board or the directory computed at version N stays right while the version is N: the
/// server may send the same bytes again without searching.
#[derive(Clone)]
pub struct SearchVersion {
    feed: Arc<dyn ChangeFeed>,
}

impl SearchVersion {
    pub fn new(feed: Arc<dyn ChangeFeed>) -> Self {
        Self { feed }
    }

    /// The current version: it includes every write committed before the call.
    ///
    /// # Errors
    /// When the store fails.
    pub async fn current(&self) -> Result<i64, RepositoryError> {
        self.feed.version().await
    }
}
