//! Recommended cases for a tutor (issue 12): open cases that fit what the tutor teaches, where,
//! for what fee and, when both sides said, for whom; best first, each with why it fits.
//!
//! The database narrows to open parents' cases in the tutor's subjects (an index lookup); the
//! score below ranks at most [`CANDIDATES`] of them, newest first among equals.

use std::collections::HashSet;
use std::sync::Arc;

use thiserror::Error;
use uuid::Uuid;

use crate::cases::fees::per_hour;
use crate::cases::model::{Case, PostType, PreferredGender};
use crate::cases::ports::CaseRepository;
use crate::cases::search::{CaseFilter, CaseOwn, SubjectMatch};
use crate::keyed_enum;
use crate::matching::fit::{Teaching, teaches_in};
use crate::matching::model::CaseApplicationStatus;
use crate::matching::ports::ApplicationRepository;
use crate::shared::paging::PageRequest;
use crate::shared::storage::RepositoryError;
use crate::tutors::model::{TutorGender, TutorProfile, TutorRef};
use crate::tutors::ports::TutorProfileRepository;

/// How many recommendations the home page shows.
pub const SHOWN: usize = 6;
/// The newest open cases in the tutor's subjects that are scored.
const CANDIDATES: u32 = 100;

keyed_enum! {
    /// Why a case fits a tutor, as the screen words it.
    pub enum FitReason {
        /// A subject the tutor teaches, at its level.
        Subject => "subject",
        /// The level only: the tutor teaches other subjects there. No longer given (issue 34): a
        /// tutor may apply only to a case with one of their subjects at its level, and is
        /// recommended only those. Kept so the API's set does not shrink under its clients.
        Level => "level",
        /// A district the tutor teaches in (or lives in).
        District => "district",
        /// Elsewhere in the tutor's region.
        Region => "region",
        /// The case pays at least the tutor's fee per hour.
        Fee => "fee",
        /// The case asks for the tutor's gender.
        Gender => "gender",
    }
}

/// A case with how well it fits and why.
#[derive(Debug, Clone, PartialEq)]
pub struct CaseFit {
    pub case: Case,
    pub score: u32,
    pub reasons: Vec<FitReason>,
}

/// How well `case` fits the tutor, or None when it does not: none of its subjects at its level
/// (the tutor could not apply: [`Teaching`], the rule applying uses), or a case asking for the
/// other gender of a tutor who gave theirs. Where the tutor teaches is the owner's list's rule
/// too ([`teaches_in`]).
pub fn fit(tutor: &TutorProfile, case: &Case) -> Option<CaseFit> {
    let d = &case.details;
    if Teaching::of(&tutor.subjects, d) != Teaching::Subject {
        return None;
    }
    let gender = match (d.preferred_gender, tutor.gender) {
        (PreferredGender::NoLimit, _) | (_, None) => None,
        (PreferredGender::Male, Some(TutorGender::Male)) | (PreferredGender::Female, Some(TutorGender::Female)) => Some(FitReason::Gender),
        _ => return None,
    };
    let mut reasons = Vec::new();
    let mut score = 0;
    let mut add = |reason: FitReason, points: u32| {
        reasons.push(reason);
        score += points;
    };
    add(FitReason::Subject, 40);
    if teaches_in(tutor, &d.place) {
        add(FitReason::District, 30);
    } else if tutor.place.region == d.place.region {
        add(FitReason::Region, 10);
    }
    // The tutor's fee is per hour (spec §7's requiredFee); a case's is per lesson.
    if per_hour(d.rate, d.session_minutes) >= tutor.rate {
        add(FitReason::Fee, 20);
    }
    if let Some(reason) = gender {
        add(reason, 10);
    }
    Some(CaseFit { case: case.clone(), score, reasons })
}

#[derive(Debug, Error)]
pub enum RecommendError {
    #[error("not_a_tutor")]
    NotATutor,
    #[error(transparent)]
    Repository(#[from] RepositoryError),
}

/// Recommendations over the board (give it the board cache: the candidates are a board search).
#[derive(Clone)]
pub struct Recommendations {
    cases: Arc<dyn CaseRepository>,
    tutors: Arc<dyn TutorProfileRepository>,
    applications: Arc<dyn ApplicationRepository>,
    cap: u32,
}

impl Recommendations {
    pub fn new(
        cases: Arc<dyn CaseRepository>,
        tutors: Arc<dyn TutorProfileRepository>,
        applications: Arc<dyn ApplicationRepository>,
        cap: u32,
    ) -> Self {
        Self { cases, tutors, applications, cap: cap.max(1) }
    }

    /// Open cases for an active tutor, best first: not their own, not full, not already applied
    /// to (a withdrawn application does not count).
    ///
    /// # Errors
    /// `NotATutor` without an active profile; `Repository` when storage fails.
    pub async fn cases_for(&self, tutor: Uuid) -> Result<Vec<CaseFit>, RecommendError> {
        let profile = match self.tutors.find_profile(TutorRef::Id(tutor)).await? {
            Some(profile) if profile.active => profile,
            _ => return Err(RecommendError::NotATutor),
        };
        // A name taught at two levels (數學) is asked once; the score pairs name and level.
        let mut names: Vec<String> = profile.subjects.iter().map(|s| s.name.clone()).collect();
        names.sort();
        names.dedup();
        let filter = CaseFilter {
            subjects: Some(SubjectMatch::AnyOf(names)),
            own: CaseOwn { post_type: Some(PostType::StudentSeekingTutor), ..CaseOwn::public() },
            ..CaseFilter::public()
        };
        let page = PageRequest::new(Some(1), Some(i64::from(CANDIDATES))).expect("a page the paging rules allow");
        let candidates = self.cases.search(&filter, page).await?.items;
        let applied: HashSet<i64> = self
            .applications
            .for_tutor(tutor, CANDIDATES)
            .await?
            .into_iter()
            .filter(|a| a.status != CaseApplicationStatus::Withdrawn)
            .map(|a| a.case_number)
            .collect();
        let mut fits: Vec<CaseFit> = candidates
            .iter()
            .filter(|case| !case.is_owned_by(tutor) && case.applicant_count < self.cap && !applied.contains(&case.number))
            .filter_map(|case| fit(&profile, case))
            .collect();
        // Candidates come newest first; a stable sort keeps that order among equal scores.
        fits.sort_by_key(|fit| std::cmp::Reverse(fit.score));
        fits.truncate(SHOWN);
        Ok(fits)
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use chrono::Utc;

    use super::*;
    use crate::cases::model::{CaseDetails, CaseForm, CaseStatus};
    use crate::cases::ports::MockCaseRepository;
    use crate::matching::model::{AvailableTimes, CaseApplication};
    use crate::matching::ports::MockApplicationRepository;
    use crate::shared::paging::Page;
    use crate::tutors::model::tests::approved_profile;
    use crate::tutors::ports::MockTutorProfileRepository;

    /// A parent's open case; `valid_form`'s tutor teaches 中學 數學/物理 and 小學 數學 from 藍田
    /// (觀塘區, 九龍) for HK$300, and is female.
    pub(crate) fn case(number: i64, level: &str, grade: &str, subject: &str, area: &str, per_90_minutes: f64, gender: &str) -> Case {
        let form = CaseForm {
            post_type: "student-seeking-tutor".into(),
            post_title: format!("{grade}{subject}"),
            level: level.into(),
            grade: grade.into(),
            subjects: vec![subject.into()],
            location: area.into(),
            rate: Some(per_90_minutes),
            session_length: Some(90),
            sessions_per_week: Some(1),
            description: "想加強".into(),
            preferred_gender: gender.into(),
            start_date: "2026-12-01".into(),
        };
        Case {
            id: Uuid::new_v4(),
            number,
            owner_id: Some(Uuid::new_v4()),
            details: CaseDetails::parse(&form).unwrap(),
            status: CaseStatus::Approved,
            applicant_count: 0,
            created_at: Utc::now(),
            updated_at: Utc::now(),
        }
    }

    #[test]
    fn scores_subject_place_fee_and_gender_and_says_why() {
        let tutor = approved_profile(Uuid::new_v4());
        let best = fit(&tutor, &case(1, "secondary", "中三", "數學", "藍田", 480.0, "female")).unwrap();
        assert_eq!(best.reasons, [FitReason::Subject, FitReason::District, FitReason::Fee, FitReason::Gender]);
        assert_eq!(best.score, 100);
        let cheap_elsewhere = fit(&tutor, &case(2, "secondary", "中三", "數學", "旺角", 300.0, "no limit")).unwrap();
        assert_eq!(cheap_elsewhere.reasons, [FitReason::Subject, FitReason::Region]);
        // Another subject at the tutor's level: the tutor could not apply, so it is not recommended.
        assert!(fit(&tutor, &case(7, "secondary", "中三", "化學", "藍田", 600.0, "no limit")).is_none());
        let island = fit(&tutor, &case(3, "secondary", "中三", "數學", "中環", 450.0, "no limit")).unwrap();
        assert_eq!(island.reasons, [FitReason::Subject, FitReason::Fee], "HK$450 for 90 minutes is HK$300 an hour");
        // Another level, or the other gender asked of a tutor who gave theirs: no fit.
        assert!(fit(&tutor, &case(4, "kindergarten", "K2 低班", "幼兒英文", "藍田", 500.0, "no limit")).is_none());
        assert!(fit(&tutor, &case(5, "secondary", "中三", "數學", "藍田", 500.0, "male")).is_none());
        let unsaid = TutorProfile { gender: None, ..tutor };
        assert_eq!(fit(&unsaid, &case(6, "secondary", "中三", "數學", "藍田", 500.0, "male")).unwrap().score, 90);
    }

    #[tokio::test]
    async fn best_first_without_own_full_or_applied_cases_and_only_for_active_tutors() {
        let tutor_id = Uuid::new_v4();
        let mut own = case(10, "secondary", "中三", "數學", "藍田", 480.0, "no limit");
        own.owner_id = Some(tutor_id);
        let mut full = case(11, "secondary", "中三", "數學", "藍田", 480.0, "no limit");
        full.applicant_count = 30;
        let candidates = vec![
            case(12, "secondary", "中三", "化學", "旺角", 300.0, "no limit"),
            own,
            full,
            case(13, "secondary", "中三", "數學", "藍田", 480.0, "no limit"),
            case(14, "secondary", "中四", "數學", "藍田", 600.0, "no limit"),
            case(15, "secondary", "中五", "物理", "觀塘", 480.0, "no limit"),
        ];
        let mut cases = MockCaseRepository::new();
        cases
            .expect_search()
            .withf(|filter, _| {
                filter.own.status == Some(CaseStatus::Approved) && filter.own.post_type == Some(PostType::StudentSeekingTutor)
            })
            .returning(move |_, page| Ok(Page { items: candidates.clone(), total: 6, request: page }));
        let mut tutors = MockTutorProfileRepository::new();
        tutors.expect_find_profile().returning(move |tutor| {
            let TutorRef::Id(id) = tutor else { panic!() };
            Ok(Some(TutorProfile { active: id == tutor_id, ..approved_profile(id) }))
        });
        let mut applications = MockApplicationRepository::new();
        applications.expect_for_tutor().returning(|tutor_id, _| {
            Ok(vec![CaseApplication {
                id: Uuid::new_v4(),
                case_number: 14,
                tutor_id,
                available_times: AvailableTimes::parse("週末").unwrap(),
                status: CaseApplicationStatus::Applied,
                created_at: Utc::now(),
            }])
        });
        let recommendations = Recommendations::new(Arc::new(cases), Arc::new(tutors), Arc::new(applications), 30);
        let fits = recommendations.cases_for(tutor_id).await.unwrap();
        // 12 is chemistry, which the tutor does not teach.
        assert_eq!(fits.iter().map(|f| f.case.number).collect::<Vec<_>>(), [13, 15], "best first; equal scores newest first");
        assert_eq!(fits[0].score, 90);
        assert!(matches!(recommendations.cases_for(Uuid::new_v4()).await, Err(RecommendError::NotATutor)));
    }
}
