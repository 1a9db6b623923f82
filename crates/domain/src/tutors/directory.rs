//! The tutor directory: public search and profiles, and listing or hiding a tutor.

use std::sync::Arc;

use chrono::Utc;
use thiserror::Error;

use crate::shared::paging::{Page, PageRequest};
use crate::shared::storage::RepositoryError;
use crate::shared::validation::ValidationErrors;
use crate::tutors::model::{TrackRecord, TutorProfile, TutorRef};
use crate::tutors::ports::{TutorIndex, TutorProfileRepository};
use crate::tutors::search::TutorFilter;

#[derive(Debug, Error)]
pub enum BrowseTutorsError {
    #[error("invalid: {0}")]
    Invalid(ValidationErrors),
    /// No such tutor, or one whose profile is hidden.
    #[error("tutor_not_found")]
    NotFound,
    #[error(transparent)]
    Repository(#[from] RepositoryError),
}

#[derive(Debug, Error)]
pub enum TutorListingError {
    /// The user has no tutor profile.
    #[error("not_a_tutor")]
    NotATutor,
    #[error(transparent)]
    Repository(#[from] RepositoryError),
}

/// Tutors' public profiles: the search index finds them and reads them from the store; a
/// profile's own page is read from the repository.
#[derive(Clone)]
pub struct TutorDirectory {
    tutors: Arc<dyn TutorProfileRepository>,
    index: Arc<dyn TutorIndex>,
}

impl TutorDirectory {
    pub fn new(tutors: Arc<dyn TutorProfileRepository>, index: Arc<dyn TutorIndex>) -> Self {
        Self { tutors, index }
    }

    /// Active tutors matching a search (built by [`TutorFilter::parse`], which the caller runs
    /// first so that nothing it refuses reaches a cache or the index; spec §6: only active
    /// tutors are listed), by relevance when there are words and newest approval first otherwise.
    ///
    /// # Errors
    /// `Invalid` for a page past [`PageRequest::MAX_SEARCH_DEPTH`]; `Repository` when storage fails.
    pub async fn search(&self, filter: &TutorFilter, page: PageRequest) -> Result<Page<TutorProfile>, BrowseTutorsError> {
        let page = page.within_search_depth().map_err(BrowseTutorsError::Invalid)?;
        let found = self.index.find(filter, page).await?;
        // In the index's order; a tutor hidden after the index found them is left out.
        let items = found.items.into_iter().filter(|profile| profile.active).collect();
        Ok(Page { items, total: found.total, request: found.request })
    }

    /// An active tutor's public profile and record. A hidden profile is indistinguishable from a missing one.
    ///
    /// # Errors
    /// `NotFound`; `Repository` when storage fails.
    pub async fn profile(&self, tutor: TutorRef) -> Result<(TutorProfile, TrackRecord), BrowseTutorsError> {
        match self.tutors.find_profile(tutor).await? {
            Some(profile) if profile.active => {
                let record = self.tutors.track_record(profile.user_id).await?;
                Ok((profile, record))
            }
            _ => Err(BrowseTutorsError::NotFound),
        }
    }

    /// An active tutor's public profile, without the record (for a page's head).
    ///
    /// # Errors
    /// When storage fails.
    pub async fn listed(&self, tutor: TutorRef) -> Result<Option<TutorProfile>, RepositoryError> {
        Ok(self.tutors.find_profile(tutor).await?.filter(|p| p.active))
    }
}

/// Back office: listing or hiding a tutor.
#[derive(Clone)]
pub struct TutorListing {
    tutors: Arc<dyn TutorProfileRepository>,
}

impl TutorListing {
    pub fn new(tutors: Arc<dyn TutorProfileRepository>) -> Self {
        Self { tutors }
    }

    /// Lists (`true`) or hides (`false`) a tutor.
    ///
    /// # Errors
    /// `NotATutor` when the user has no profile; `Repository` when storage fails.
    pub async fn set_active(&self, tutor: TutorRef, active: bool) -> Result<TutorProfile, TutorListingError> {
        let profile = self.tutors.find_profile(tutor).await?.ok_or(TutorListingError::NotATutor)?;
        if !self.tutors.set_profile_active(profile.user_id, active, Utc::now()).await? {
            return Err(TutorListingError::NotATutor);
        }
        Ok(TutorProfile { active, ..profile })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tutors::model::tests::approved_profile;
    use crate::tutors::ports::{MockTutorIndex, MockTutorProfileRepository};
    use uuid::Uuid;

    fn profile(active: bool) -> TutorProfile {
        TutorProfile { active, ..approved_profile(Uuid::new_v4()) }
    }

    #[tokio::test]
    async fn a_hidden_profile_is_not_found() {
        let mut repo = MockTutorProfileRepository::new();
        repo.expect_find_profile().returning(|_| Ok(Some(profile(false))));
        let directory = TutorDirectory::new(Arc::new(repo), Arc::new(MockTutorIndex::new()));
        assert!(matches!(directory.profile(TutorRef::Number(1001)).await, Err(BrowseTutorsError::NotFound)));
    }

    #[tokio::test]
    async fn lists_in_the_index_order_without_a_tutor_hidden_meanwhile() {
        let mut index = MockTutorIndex::new();
        index.expect_find().returning(|_, page| {
            let found = [12, 10, 11].map(|n| TutorProfile { user_number: n, ..profile(n != 11) });
            Ok(Page { items: found.to_vec(), total: 3, request: page })
        });
        let directory = TutorDirectory::new(Arc::new(MockTutorProfileRepository::new()), Arc::new(index));
        let page = directory.search(&TutorFilter::default(), PageRequest::default()).await.unwrap();
        assert_eq!(page.items.iter().map(|p| p.user_number).collect::<Vec<_>>(), [12, 10]);
    }

    #[tokio::test]
    async fn hiding_someone_without_a_profile_is_refused() {
        let mut repo = MockTutorProfileRepository::new();
        repo.expect_find_profile().returning(|_| Ok(None));
        let listing = TutorListing::new(Arc::new(repo));
        assert!(matches!(listing.set_active(TutorRef::Number(5), false).await, Err(TutorListingError::NotATutor)));
    }

    #[tokio::test]
    async fn hiding_a_tutor_updates_the_store() {
        let mut repo = MockTutorProfileRepository::new();
        repo.expect_find_profile().returning(|_| Ok(Some(profile(true))));
        repo.expect_set_profile_active().withf(|_, active, _| !*active).times(1).returning(|_, _, _| Ok(true));
        let listing = TutorListing::new(Arc::new(repo));
        assert!(!listing.set_active(TutorRef::Number(1001), false).await.unwrap().active);
    }
}
