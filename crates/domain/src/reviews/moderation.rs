//! The back office's moderation of reviews (`tutorhub reviews …`): list, read in full, hide
//! and restore, each change with a reason. A hidden review is neither listed nor counted.

use std::sync::Arc;

use chrono::Utc;
use thiserror::Error;

use crate::reviews::model::{Review, ReviewStatus};
use crate::reviews::ports::{ReviewChange, ReviewRepository};
use crate::shared::paging::{Page, PageRequest};
use crate::shared::storage::RepositoryError;

#[derive(Debug, Error)]
pub enum ReviewModerationError {
    #[error("review_not_found: {0}")]
    NotFound(i64),
    #[error("review_unchanged: {number} is {}", status.key())]
    Unchanged { number: i64, status: ReviewStatus },
    #[error("no_reason")]
    NoReason,
    #[error(transparent)]
    Repository(#[from] RepositoryError),
}

#[derive(Clone)]
pub struct ReviewModeration {
    reviews: Arc<dyn ReviewRepository>,
}

impl ReviewModeration {
    pub fn new(reviews: Arc<dyn ReviewRepository>) -> Self {
        Self { reviews }
    }

    /// Reviews newest first, optionally only in `status`, optionally only reported ones.
    ///
    /// # Errors
    /// When storage fails.
    pub async fn list(
        &self,
        status: Option<ReviewStatus>,
        reported_only: bool,
        page: PageRequest,
    ) -> Result<Page<Review>, RepositoryError> {
        self.reviews.list(status, reported_only, page).await
    }

    /// # Errors
    /// `NotFound`; `Repository` when storage fails.
    pub async fn show(&self, number: i64) -> Result<Review, ReviewModerationError> {
        self.reviews.find(number).await?.ok_or(ReviewModerationError::NotFound(number))
    }

    /// Hides a visible review: off the profile, out of the average.
    ///
    /// # Errors
    /// `NoReason`, `NotFound`, `Unchanged` when it is hidden already.
    pub async fn hide(&self, number: i64, reason: &str, by: &str) -> Result<Review, ReviewModerationError> {
        self.change(number, ReviewStatus::Hidden, reason, by).await
    }

    /// Shows a hidden review again.
    ///
    /// # Errors
    /// `NoReason`, `NotFound`, `Unchanged` when it is visible already.
    pub async fn restore(&self, number: i64, reason: &str, by: &str) -> Result<Review, ReviewModerationError> {
        self.change(number, ReviewStatus::Visible, reason, by).await
    }

    async fn change(&self, number: i64, to: ReviewStatus, reason: &str, by: &str) -> Result<Review, ReviewModerationError> {
        let reason = reason.trim();
        if reason.is_empty() {
            return Err(ReviewModerationError::NoReason);
        }
        match self.reviews.moderate(number, to, reason, by, Utc::now()).await? {
            ReviewChange::Done => self.show(number).await,
            ReviewChange::Unchanged => Err(ReviewModerationError::Unchanged { number, status: to }),
            ReviewChange::NotFound => Err(ReviewModerationError::NotFound(number)),
        }
    }
}
