//! The back office's report of the marketplace for a period (`tutorhub report`).

use std::sync::Arc;

use chrono::NaiveDate;
use thiserror::Error;

use crate::reports::figures::MarketReport;
use crate::reports::model::{Period, PeriodError};
use crate::reports::ports::MarketFacts;
use crate::shared::storage::RepositoryError;

#[derive(Debug, Error)]
pub enum ReportError {
    #[error(transparent)]
    Period(#[from] PeriodError),
    #[error(transparent)]
    Repository(#[from] RepositoryError),
}

#[derive(Clone)]
pub struct MarketReports {
    facts: Arc<dyn MarketFacts>,
}

impl MarketReports {
    pub fn new(facts: Arc<dyn MarketFacts>) -> Self {
        Self { facts }
    }

    /// The figures of `period`, following its cohort of cases up to the period's end.
    ///
    /// # Errors
    /// `Repository` when the store fails.
    pub async fn report(&self, period: Period) -> Result<MarketReport, ReportError> {
        let facts = self.facts.facts(period, period.end()).await?;
        Ok(MarketReport::from_facts(period, &facts))
    }

    /// [`MarketReports::report`] of the Hong Kong dates `from` to `to`, both included.
    ///
    /// # Errors
    /// `Period` when the dates do not make a period (reversed, or too long); `Repository`.
    pub async fn report_between(&self, from: NaiveDate, to: NaiveDate) -> Result<MarketReport, ReportError> {
        self.report(Period::new(from, to)?).await
    }
}
