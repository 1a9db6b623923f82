//! Fee guidance (issue 12), the use case: the narrowest sample of comparable cases that holds
//! enough of them (see `cases::fees` for what compares).

use std::sync::Arc;

use thiserror::Error;

use crate::cases::fees::{FeeGuide, FeeQuery, MIN_SAMPLE};
use crate::cases::ports::CaseRepository;
use crate::shared::storage::RepositoryError;
use crate::shared::validation::ValidationErrors;

#[derive(Debug, Error)]
pub enum FeeGuideError {
    #[error("invalid: {0}")]
    Invalid(ValidationErrors),
    #[error(transparent)]
    Repository(#[from] RepositoryError),
}

/// Fee guidance over the store's comparable cases (give it the board cache: it answers per
/// board version, as the board does).
#[derive(Clone)]
pub struct FeeGuidance {
    cases: Arc<dyn CaseRepository>,
}

impl FeeGuidance {
    pub fn new(cases: Arc<dyn CaseRepository>) -> Self {
        Self { cases }
    }

    /// The narrowest scope with at least [`MIN_SAMPLE`] cases; when none has that many, the
    /// widest, with whatever it holds (the screen says how few).
    ///
    /// # Errors
    /// `Invalid` for an unknown level or region; `Repository` when storage fails.
    pub async fn guide(&self, query: &FeeQuery) -> Result<FeeGuide, FeeGuideError> {
        let samples = query.samples().map_err(FeeGuideError::Invalid)?;
        let mut last = None;
        for (scope, sample) in samples {
            let quartiles = self.cases.hourly_fee_quartiles(&sample).await?;
            if quartiles.is_some_and(|q| q.count >= MIN_SAMPLE) {
                return Ok(FeeGuide { scope, quartiles });
            }
            last = Some(FeeGuide { scope, quartiles });
        }
        Ok(last.expect("the level-wide sample is always tried"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cases::fees::{FeeScope, Quartiles};
    use crate::cases::ports::MockCaseRepository;
    use crate::shared::money::Rate;
    use crate::shared::validation::{Label, Problem};

    fn quartiles(count: u64) -> Quartiles {
        Quartiles { count, lower: Rate::from_cents(20_000), median: Rate::from_cents(25_000), upper: Rate::from_cents(30_000) }
    }

    fn query() -> FeeQuery {
        FeeQuery { level: "secondary".into(), grade: Some("中三".into()), subject: Some("數學".into()), region: Some("九龍".into()) }
    }

    #[tokio::test]
    async fn widens_from_the_subject_to_the_level_in_the_region_to_the_level() {
        let mut cases = MockCaseRepository::new();
        cases.expect_hourly_fee_quartiles().returning(|sample| {
            Ok(match (sample.subject.is_some(), sample.region.is_some()) {
                (true, _) => Some(quartiles(5)),
                (false, true) => Some(quartiles(MIN_SAMPLE)),
                (false, false) => Some(quartiles(500)),
            })
        });
        let guidance = FeeGuidance::new(Arc::new(cases));
        let guide = guidance.guide(&query()).await.unwrap();
        assert_eq!((guide.scope, guide.quartiles.map(|q| q.count)), (FeeScope::LevelInRegion, Some(MIN_SAMPLE)));

        let no_subject = FeeQuery { subject: None, region: None, ..query() };
        assert_eq!(guidance.guide(&no_subject).await.unwrap().scope, FeeScope::Level);
    }

    #[tokio::test]
    async fn with_too_few_of_the_grade_the_subject_at_any_grade_comes_next() {
        let mut cases = MockCaseRepository::new();
        cases.expect_hourly_fee_quartiles().returning(|sample| {
            Ok(Some(quartiles(match (sample.grade.is_some(), sample.subject.is_some()) {
                (true, _) => 5,
                (false, true) => 30,
                (false, false) => 500,
            })))
        });
        let guide = FeeGuidance::new(Arc::new(cases)).guide(&query()).await.unwrap();
        assert_eq!((guide.scope, guide.quartiles.map(|q| q.count)), (FeeScope::Subject, Some(30)));
    }

    #[tokio::test]
    async fn with_too_few_anywhere_the_widest_answers_with_what_it_has() {
        let mut cases = MockCaseRepository::new();
        cases
            .expect_hourly_fee_quartiles()
            .returning(|sample| Ok((sample.region.is_none() && sample.subject.is_none()).then(|| quartiles(3))));
        let guide = FeeGuidance::new(Arc::new(cases)).guide(&query()).await.unwrap();
        assert_eq!((guide.scope, guide.quartiles.map(|q| q.count)), (FeeScope::Level, Some(3)));
    }

    #[tokio::test]
    async fn refuses_an_unknown_level_or_region_before_storage() {
        let mut cases = MockCaseRepository::new();
        cases.expect_hourly_fee_quartiles().never();
        let guidance = FeeGuidance::new(Arc::new(cases));
        let bad = FeeQuery { level: "college".into(), region: Some("火星".into()), ..query() };
        let Err(FeeGuideError::Invalid(errors)) = guidance.guide(&bad).await else { panic!() };
        let incorrect = |label| Some(Problem::Incorrect(label));
        assert_eq!((errors.get("level").cloned(), errors.get("region").cloned()), (incorrect(Label::Level), incorrect(Label::Region)));
        // Grades and subjects from the catalogue only: every sample is a cache key.
        let minted = FeeQuery { grade: Some("中九".into()), subject: Some("x".repeat(5000)), ..query() };
        let Err(FeeGuideError::Invalid(errors)) = guidance.guide(&minted).await else { panic!() };
        assert_eq!((errors.get("grade").cloned(), errors.get("subject").cloned()), (incorrect(Label::Grade), incorrect(Label::Subject)));
        let free_text = FeeQuery { level: "tertiary".into(), grade: None, subject: Some("會計學".into()), region: None };
        assert!(free_text.samples().unwrap().iter().all(|(_, sample)| sample.subject.is_none()));
    }
}
