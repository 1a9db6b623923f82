//! A tutor's saved searches: save one from the board's filters, list, change, delete; and the
//! one-tap unsubscribe from an alert, which needs no login.

use std::collections::HashMap;
use std::sync::Arc;

use chrono::Utc;
use thiserror::Error;
use uuid::Uuid;

use crate::alerts::model::{AlertChannel, Criteria, MAX_SAVED_SEARCHES, NewSavedSearch, SavedSearch, SearchSummary};
use crate::alerts::ports::{AlertRepository, LinkSigner, MatchRecord, SaveOutcome};
use crate::cases::model::Case;
use crate::cases::ports::CaseRepository;
use crate::cases::search::CaseQuery;
use crate::shared::storage::RepositoryError;
use crate::shared::validation::ValidationErrors;
use crate::tutors::model::TutorRef;
use crate::tutors::ports::TutorProfileRepository;

/// How many recent matches the alerts page shows.
const RECENT_MATCHES: u32 = 30;

#[derive(Debug, Error)]
pub enum SavedSearchError {
    #[error("invalid: {0}")]
    Invalid(ValidationErrors),
    /// Only an approved, active tutor keeps saved searches.
    #[error("not_a_tutor")]
    NotATutor,
    /// The tutor keeps [`MAX_SAVED_SEARCHES`] already.
    #[error("too_many")]
    TooMany,
    /// No such saved search of this tutor.
    #[error("not_found")]
    NotFound,
    /// An unsubscribe link that is forged, or names a deleted search.
    #[error("bad_link")]
    BadLink,
    #[error(transparent)]
    Repository(#[from] RepositoryError),
}

/// What a tutor sends to save or change a search.
#[derive(Debug, Clone, PartialEq)]
pub struct SavedSearchForm {
    pub query: CaseQuery,
    pub keywords: String,
    pub channel: AlertChannel,
}

#[derive(Clone)]
pub struct SavedSearches {
    alerts: Arc<dyn AlertRepository>,
    tutors: Arc<dyn TutorProfileRepository>,
    cases: Arc<dyn CaseRepository>,
    signer: Arc<dyn LinkSigner>,
}

impl SavedSearches {
    pub fn new(
        alerts: Arc<dyn AlertRepository>,
        tutors: Arc<dyn TutorProfileRepository>,
        cases: Arc<dyn CaseRepository>,
        signer: Arc<dyn LinkSigner>,
    ) -> Self {
        Self { alerts, tutors, cases, signer }
    }

    /// An active tutor saves a search (at most [`MAX_SAVED_SEARCHES`]).
    ///
    /// # Errors
    /// `Invalid`, `NotATutor`, `TooMany`.
    pub async fn save(&self, tutor: Uuid, form: SavedSearchForm) -> Result<SavedSearch, SavedSearchError> {
        let criteria = Criteria::parse(form.query, &form.keywords).map_err(SavedSearchError::Invalid)?;
        self.active_tutor(tutor).await?;
        let search = NewSavedSearch { tutor_id: tutor, criteria, channel: form.channel, created_at: Utc::now() };
        match self.alerts.insert_search(search, MAX_SAVED_SEARCHES).await? {
            SaveOutcome::Saved(saved) => Ok(*saved),
            SaveOutcome::LimitReached => Err(SavedSearchError::TooMany),
        }
    }

    /// The tutor's saved searches, oldest first, and the cases they matched lately that are
    /// still open, newest first.
    ///
    /// # Errors
    /// When storage fails.
    pub async fn of(&self, tutor: Uuid) -> Result<(Vec<SavedSearch>, Vec<(MatchRecord, Case)>), SavedSearchError> {
        let searches = self.alerts.searches_of(tutor).await?;
        let matches = self.alerts.recent_matches(tutor, RECENT_MATCHES).await?;
        let numbers: Vec<i64> = matches.iter().map(|m| m.case_number).collect();
        let cases: HashMap<i64, Case> =
            self.cases.find_by_numbers(&numbers).await?.into_iter().filter(Case::is_public).map(|c| (c.number, c)).collect();
        let matched = matches.into_iter().filter_map(|m| cases.get(&m.case_number).map(|c| (m, c.clone()))).collect();
        Ok((searches, matched))
    }

    /// Changes one of the tutor's saved searches.
    ///
    /// # Errors
    /// `Invalid`, `NotFound` (also another tutor's), `NotATutor`.
    pub async fn change(&self, tutor: Uuid, number: i64, form: SavedSearchForm) -> Result<SavedSearch, SavedSearchError> {
        let criteria = Criteria::parse(form.query, &form.keywords).map_err(SavedSearchError::Invalid)?;
        let saved = self.own(tutor, number).await?;
        self.active_tutor(tutor).await?;
        if !self.alerts.update_search(number, &criteria, form.channel).await? {
            return Err(SavedSearchError::NotFound);
        }
        Ok(SavedSearch { criteria, channel: form.channel, ..saved })
    }

    /// Deletes one of the tutor's saved searches; its alerts not yet sent stop at once.
    ///
    /// # Errors
    /// `NotFound` (also another tutor's).
    pub async fn delete(&self, tutor: Uuid, number: i64) -> Result<(), SavedSearchError> {
        self.own(tutor, number).await?;
        self.alerts.delete_search(number).await?;
        Ok(())
    }

    /// Resumes one of the tutor's stopped saved searches (logged in: a link that only stops
    /// cannot be used to turn alerts back on).
    ///
    /// # Errors
    /// `NotFound` (also another tutor's), `NotATutor`.
    pub async fn resume(&self, tutor: Uuid, number: i64) -> Result<SavedSearch, SavedSearchError> {
        let saved = self.own(tutor, number).await?;
        self.active_tutor(tutor).await?;
        self.alerts.set_stopped(number, false).await?;
        Ok(SavedSearch { stopped: false, ..saved })
    }

    /// The one-tap link of an alert, without a login: stops the saved search it names. Stopped,
    /// not deleted: whatever opened the link (the tutor, or a scanner that runs the page), the
    /// tutor can resume it on the alerts page, logged in. Answers what the search looks for
    /// (worded by the caller).
    ///
    /// # Errors
    /// `BadLink` for a forged token or a search that is gone.
    pub async fn stop_from_link(&self, token: &str) -> Result<SearchSummary, SavedSearchError> {
        let saved = self.named_by(token).await?;
        self.alerts.set_stopped(saved.number, true).await?;
        Ok(saved.criteria.summary())
    }

    async fn named_by(&self, token: &str) -> Result<SavedSearch, SavedSearchError> {
        let number = self.signer.verify_unsubscribe(token).ok_or(SavedSearchError::BadLink)?;
        self.alerts.find_search(number).await?.ok_or(SavedSearchError::BadLink)
    }

    async fn own(&self, tutor: Uuid, number: i64) -> Result<SavedSearch, SavedSearchError> {
        self.alerts.find_search(number).await?.filter(|s| s.tutor_id == tutor).ok_or(SavedSearchError::NotFound)
    }

    async fn active_tutor(&self, tutor: Uuid) -> Result<(), SavedSearchError> {
        match self.tutors.find_profile(TutorRef::Id(tutor)).await? {
            Some(profile) if profile.active => Ok(()),
            _ => Err(SavedSearchError::NotATutor),
        }
    }
}
