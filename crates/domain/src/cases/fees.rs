//! Fee guidance (issue 12), the model: beside a fee field, where the fees of comparable cases sit, so a
//! parent sees whether tutors are likely to apply and a tutor sees what parents offer.
//!
//! Fees are compared per hour: a 90-minute lesson at HK$450 is HK$300 an hour. Comparable means
//! cases parents posted that passed moderation (open, matched or closed): the same subject (and
//! grade, when given) first; with fewer than [`MIN_SAMPLE`] of those, the same level in the same
//! region; then the same level anywhere.

use crate::keyed_enum;
use crate::shared::catalogue;
use crate::shared::money::Rate;
use crate::shared::validation::{Label, Problem, ValidationErrors};

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

/// The 0-based index of the nearest-rank percentile `pct` in a sorted sample of `count`: the
/// smallest value with at least `pct` % of the sample at or below it (ceil(count·pct/100) - 1).
pub fn rank(count: u64, pct: u64) -> u64 {
    (count * pct).div_ceil(100).saturating_sub(1)
}

impl FeeQuery {
    /// The samples to try, narrowest first.
    ///
    /// # Errors
    /// [`Problem::Incorrect`] for an unknown level, region, grade or subject.
    pub fn samples(&self) -> Result<Vec<(FeeScope, FeeSample)>, ValidationErrors> {
        let mut errors = ValidationErrors::new();
        let level = errors.check("level", catalogue::level(self.level.trim()).ok_or(Problem::Incorrect(Label::Level)));
        let region = match self.region.as_deref().map(str::trim).filter(|r| !r.is_empty()) {
            Some(name) => {
                errors.check("region", catalogue::region(name).map(|r| Some(r.name)).ok_or(Problem::Incorrect(Label::Region))).flatten()
            }
            None => None,
        };
        let Some(level) = level else { return Err(errors) };
        // Only the catalogue's grades and subjects: each sample is a cache key, and a public
        // endpoint must not let anyone mint keys. A free-text subject (tertiary) is left out:
        // it rarely matches another case's wording anyway.
        let given = |value: &Option<String>| value.as_deref().map(str::trim).filter(|v| !v.is_empty()).map(str::to_string);
        let grade = given(&self.grade);
        if grade.as_deref().is_some_and(|g| !level.has_grade(g)) {
            errors.add("grade", Problem::Incorrect(Label::Grade));
        }
        let subject = given(&self.subject).filter(|_| !level.free_text_subject());
        if subject.as_deref().is_some_and(|s| !level.has_subject(s)) {
            errors.add("subject", Problem::Incorrect(Label::Subject));
        }
        if !errors.is_empty() {
            return Err(errors);
        }
        let everywhere = FeeSample { level: level.key, grade: None, subject: None, region: None };
        let mut samples = Vec::new();
        if subject.is_some() {
            // The grade narrows first; with too few of those, the subject at any grade.
            if grade.is_some() {
                samples.push((FeeScope::Subject, FeeSample { grade, subject: subject.clone(), ..everywhere.clone() }));
            }
            samples.push((FeeScope::Subject, FeeSample { subject, ..everywhere.clone() }));
        }
        if region.is_some() {
            samples.push((FeeScope::LevelInRegion, FeeSample { region, ..everywhere.clone() }));
        }
        samples.push((FeeScope::Level, everywhere));
        Ok(samples)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fees_compare_per_hour_and_quartiles_by_nearest_rank() {
        assert_eq!(per_hour(Rate::from_cents(45_000), 90), Rate::from_cents(30_000));
        assert_eq!(per_hour(Rate::from_cents(10_000), 45), Rate::from_cents(13_333));
        assert_eq!((rank(1, 50), rank(4, 25), rank(4, 50), rank(4, 75), rank(21, 50)), (0, 0, 1, 2, 10));
        // Two cases: the quarter is the cheaper, three quarters the dearer; three: all three.
        assert_eq!((rank(2, 25), rank(2, 50), rank(2, 75)), (0, 0, 1));
        assert_eq!((rank(3, 25), rank(3, 50), rank(3, 75)), (0, 1, 2));
        assert_eq!(rank(0, 50), 0);
    }

    #[test]
    fn refuses_what_the_catalogue_does_not_hold() {
        let query = FeeQuery { level: "secondary".into(), grade: Some("小一".into()), subject: Some("珠心算".into()), region: None };
        let errors = query.samples().unwrap_err();
        assert_eq!(errors.get("grade"), Some(&Problem::Incorrect(Label::Grade)));
        assert_eq!(errors.get("subject"), Some(&Problem::Incorrect(Label::Subject)));
        let unknown = FeeQuery { level: "college".into(), region: Some("火星".into()), ..FeeQuery::default() };
        let errors = unknown.samples().unwrap_err();
        assert_eq!(errors.get("level"), Some(&Problem::Incorrect(Label::Level)));
        assert_eq!(errors.get("region"), Some(&Problem::Incorrect(Label::Region)));
    }
}
