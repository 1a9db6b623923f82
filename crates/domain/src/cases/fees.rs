//! Fee guidance (issue 12): beside a fee field, where the fees of comparable cases sit, so a
//! parent sees whether tutors are likely to apply and a tutor sees what parents offer.
//!
//! Fees are compared per hour: a 90-minute lesson at HK$450 is HK$300 an hour. Comparable means
//! cases parents posted that passed moderation (open, matched or closed): the same subject (and
//! grade, when given) first; with fewer than [`MIN_SAMPLE`] of those, the same level in the same
//! region; then the same level anywhere.

use std::sync::Arc;

use thiserror::Error;

use crate::cases::ports::CaseRepository;
use crate::keyed_enum;
use crate::shared::catalogue;
use crate::shared::money::Rate;
use crate::shared::storage::RepositoryError;
use crate::shared::validation::ValidationErrors;

/// Fewer comparable cases than this and the guide looks wider.
pub const MIN_SAMPLE: u64 = 20;

keyed_enum! {
    /// How wide the comparison had to look.
    pub enum FeeScope {
        /// The subject (and grade, when given) at the level.
        Subject => "subject",
        LevelInRegion => "level-region",
        Level => "level",
    }
}

/// The cases one scope compares with; `None` fields do not narrow.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct FeeSample {
    pub level: &'static str,
    pub grade: Option<String>,
    pub subject: Option<String>,
    pub region: Option<&'static str>,
}

/// Fees per hour of a sample, by nearest rank.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Quartiles {
    pub count: u64,
    pub lower: Rate,
    pub median: Rate,
    pub upper: Rate,
}

/// What the fee field shows: the scope it came to, and the figures when any case compares.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FeeGuide {
    pub scope: FeeScope,
    pub quartiles: Option<Quartiles>,
}

/// The query as the form sends it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FeeQuery {
    pub level: String,
    pub grade: Option<String>,
    pub subject: Option<String>,
    pub region: Option<String>,
}

/// A fee per lesson as a fee per hour, to the cent.
pub fn per_hour(rate: Rate, lesson_minutes: u32) -> Rate {
    let minutes = i64::from(lesson_minutes.max(1));
    Rate::from_cents((rate.cents() * 60 + minutes / 2) / minutes)
}

/// The 0-based index of the nearest-rank percentile `pct` in a sorted sample of `count`.
pub fn rank(count: u64, pct: u64) -> u64 {
    (count.saturating_sub(1) * pct) / 100
}

impl FeeQuery {
    /// The samples to try, narrowest first.
    ///
    /// # Errors
    /// A zh-HK message for an unknown level or region.
    fn samples(&self) -> Result<Vec<(FeeScope, FeeSample)>, ValidationErrors> {
        let mut errors = ValidationErrors::new();
        let level = errors.check("level", catalogue::level(self.level.trim()).map(|l| l.key).ok_or("教育程度不正確".to_string()));
        let region = match self.region.as_deref().map(str::trim).filter(|r| !r.is_empty()) {
            Some(name) => errors.check("region", catalogue::region(name).map(|r| Some(r.name)).ok_or("區域不正確".to_string())).flatten(),
            None => None,
        };
        let Some(level) = level else { return Err(errors) };
        if !errors.is_empty() {
            return Err(errors);
        }
        let given = |value: &Option<String>| value.as_deref().map(str::trim).filter(|v| !v.is_empty()).map(str::to_string);
        let (grade, subject) = (given(&self.grade), given(&self.subject));
        let everywhere = FeeSample { level, grade: None, subject: None, region: None };
        let mut samples = Vec::new();
        if subject.is_some() {
            samples.push((FeeScope::Subject, FeeSample { grade, subject, ..everywhere.clone() }));
        }
        if region.is_some() {
            samples.push((FeeScope::LevelInRegion, FeeSample { region, ..everywhere.clone() }));
        }
        samples.push((FeeScope::Level, everywhere));
        Ok(samples)
    }
}

#[derive(Debug, Error)]
pub enum FeeGuideError {
    #[error("{0}")]
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
    use crate::cases::ports::MockCaseRepository;

    fn quartiles(count: u64) -> Quartiles {
        Quartiles { count, lower: Rate::from_cents(20_000), median: Rate::from_cents(25_000), upper: Rate::from_cents(30_000) }
    }

    fn query() -> FeeQuery {
        FeeQuery { level: "secondary".into(), grade: Some("中三".into()), subject: Some("數學".into()), region: Some("九龍".into()) }
    }

    #[test]
    fn fees_compare_per_hour_and_quartiles_by_nearest_rank() {
        assert_eq!(per_hour(Rate::from_cents(45_000), 90), Rate::from_cents(30_000));
        assert_eq!(per_hour(Rate::from_cents(10_000), 45), Rate::from_cents(13_333));
        assert_eq!((rank(1, 50), rank(4, 25), rank(4, 50), rank(4, 75), rank(21, 50)), (0, 0, 1, 2, 10));
        assert_eq!(rank(0, 50), 0);
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
        assert_eq!((errors.get("level"), errors.get("region")), (Some("教育程度不正確"), Some("區域不正確")));
    }
}
