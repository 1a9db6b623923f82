//! Whether a tutor fits a case (issue 34): teaches one of its subjects at its level, in its
//! district, for what it pays. The one rule behind four screens: applying (a tutor who does not
//! teach the case is refused), the owner's applicant list (fitting applicants first, each gap
//! named), and the recommendations and invitations (which only show tutors who could apply).
//!
//! Organisations apply as tutors do: only with an approved tutor profile, whose subjects are
//! stored like anyone's, so the same rule holds for them.

use crate::cases::model::CaseDetails;
use crate::keyed_enum;
use crate::shared::catalogue::{Level, Place};
use crate::tutors::model::{TutorProfile, TutorSubject};

keyed_enum! {
    /// How well an applicant fits a case; the owner's list shows them in this order.
    pub enum FitGrade {
        /// Teaches a subject of the case at its level, in its district, for no more than it pays.
        Full => "full",
        /// Teaches it, but elsewhere or for more than the case pays.
        Partial => "partial",
        /// Does not teach it: an application from before the rule, or a profile changed since.
        Outside => "outside",
    }
}

keyed_enum! {
    /// What of a case a tutor does not meet, as the owner's list names it.
    pub enum FitGap {
        /// Nothing at the case's level.
        Level => "level",
        /// The level, but none of the case's subjects there.
        Subject => "subject",
        /// The case's district is neither one the tutor teaches in nor the tutor's own.
        District => "district",
        /// The tutor asks more per lesson than the case pays.
        Fee => "fee",
    }
}

impl FitGrade {
    /// Its place in the owner's list, best first.
    pub fn rank(self) -> usize {
        self as usize
    }
}

/// What of a case a tutor teaches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Teaching {
    /// One of the case's subjects at its level.
    Subject,
    /// The level only: other subjects there.
    LevelOnly,
    /// Nothing at the case's level.
    OtherLevel,
}

impl Teaching {
    /// At a level whose subject is typed (tertiary), names match leniently (see [`overlaps`]):
    /// "統計學" and "大學統計學" are one subject: a name typed longer or shorter should not cost
    /// a tutor a case.
    pub fn of(subjects: &[TutorSubject], case: &CaseDetails) -> Self {
        let level = case.level;
        let at_level: Vec<&str> = subjects.iter().filter(|s| s.level == level.key).map(|s| s.name.as_str()).collect();
        if at_level.is_empty() {
            return Self::OtherLevel;
        }
        let same = |taught: &str, wanted: &str| if level.free_text_subject() { overlaps(taught, wanted) } else { taught == wanted };
        if case.subjects.iter().any(|wanted| at_level.iter().any(|&taught| same(taught, wanted.as_str()))) {
            Self::Subject
        } else {
            Self::LevelOnly
        }
    }

    /// A tutor without a profile teaches nothing (an active tutor always has one: approval
    /// stores both at once).
    pub fn of_profile(profile: Option<&TutorProfile>, case: &CaseDetails) -> Self {
        profile.map_or(Self::OtherLevel, |p| Self::of(&p.subjects, case))
    }
}

/// Free-text subjects are the same when either holds the other, ignoring case and the spaces
/// around them ("Statistics" and "statistics 101"); a name of one character ("a", "學") is held
/// by too much to say anything, so it must be the whole of the other.
fn overlaps(a: &str, b: &str) -> bool {
    let (a, b) = (a.trim().to_lowercase(), b.trim().to_lowercase());
    let holds = |long: &str, short: &str| short.chars().count() >= 2 && long.contains(short);
    !a.is_empty() && !b.is_empty() && (a == b || holds(&a, &b) || holds(&b, &a))
}

/// The tutor teaches in the place's district, or lives there.
pub fn teaches_in(tutor: &TutorProfile, place: &Place) -> bool {
    tutor.teaching_districts.iter().any(|d| d == place.district) || tutor.place.district == place.district
}

/// How a tutor fits a case: the gaps, in the order of [`FitGap`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fit {
    gaps: Vec<FitGap>,
}

impl Fit {
    /// The fee compares per lesson, as the owner reads both (每堂) on the applicant's card and
    /// as an offer agrees one (decisions: `requiredFee` is a fee per lesson).
    pub fn of(tutor: &TutorProfile, case: &CaseDetails) -> Self {
        let mut gaps = Vec::new();
        match Teaching::of(&tutor.subjects, case) {
            Teaching::OtherLevel => gaps.push(FitGap::Level),
            Teaching::LevelOnly => gaps.push(FitGap::Subject),
            Teaching::Subject => {}
        }
        if !teaches_in(tutor, &case.place) {
            gaps.push(FitGap::District);
        }
        if tutor.rate > case.rate {
            gaps.push(FitGap::Fee);
        }
        Self { gaps }
    }

    /// A tutor without a profile: nothing taught, nothing else known.
    pub fn of_profile(profile: Option<&TutorProfile>, case: &CaseDetails) -> Self {
        profile.map_or_else(|| Self { gaps: vec![FitGap::Level] }, |p| Self::of(p, case))
    }

    pub fn gaps(&self) -> &[FitGap] {
        &self.gaps
    }

    /// Teaches one of the case's subjects at its level.
    pub fn teaches(&self) -> bool {
        !self.gaps.iter().any(|gap| matches!(gap, FitGap::Level | FitGap::Subject))
    }

    pub fn grade(&self) -> FitGrade {
        match (self.teaches(), self.gaps.is_empty()) {
            (false, _) => FitGrade::Outside,
            (true, true) => FitGrade::Full,
            (true, false) => FitGrade::Partial,
        }
    }
}

/// What a tutor who does not teach a case lacks, named in the refusal (worded at the edge:
/// "any secondary subject", or each of the case's subjects at its level).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NotTaught {
    /// Nothing at the case's level.
    Level(&'static Level),
    /// None of the case's subjects (their stored names) at its level.
    Subjects { level: &'static Level, subjects: Vec<String> },
}

impl NotTaught {
    /// None when the tutor teaches the case.
    pub fn of(teaching: Teaching, case: &CaseDetails) -> Option<Self> {
        let level = case.level;
        match teaching {
            Teaching::Subject => None,
            Teaching::OtherLevel => Some(Self::Level(level)),
            Teaching::LevelOnly => Some(Self::Subjects { level, subjects: case.subjects.clone() }),
        }
    }
}

#[cfg(test)]
mod tests {
    use uuid::Uuid;

    use super::*;
    use crate::matching::recommendations::tests::case;
    use crate::shared::catalogue;
    use crate::tutors::model::tests::approved_profile;

    /// `approved_profile` teaches 中學 數學/物理 and 小學 數學, lives in 藍田 (觀塘區) and asks HK$300.
    fn tutor() -> TutorProfile {
        approved_profile(Uuid::new_v4())
    }

    fn teaching(subjects: &[(&'static str, &str)]) -> TutorProfile {
        let subjects = subjects.iter().map(|&(level, name)| TutorSubject { level, name: name.to_string() }).collect();
        TutorProfile { subjects, ..tutor() }
    }

    #[test]
    fn a_subject_at_the_level_in_the_district_for_the_fee_is_a_full_fit() {
        let fit = Fit::of(&tutor(), &case(1, "secondary", "中三", "數學", "藍田", 300.0, "no limit").details);
        assert_eq!(fit.grade(), FitGrade::Full);
        assert!(fit.gaps().is_empty() && fit.teaches());
    }

    #[test]
    fn elsewhere_or_dearer_is_partial_and_says_which() {
        let elsewhere = Fit::of(&tutor(), &case(1, "secondary", "中三", "數學", "沙田", 300.0, "no limit").details);
        assert_eq!((elsewhere.grade(), elsewhere.gaps()), (FitGrade::Partial, &[FitGap::District][..]));
        let cheap = Fit::of(&tutor(), &case(2, "secondary", "中三", "物理", "藍田", 299.0, "no limit").details);
        assert_eq!((cheap.grade(), cheap.gaps()), (FitGrade::Partial, &[FitGap::Fee][..]));
        // A district the tutor travels to counts as theirs.
        let travels = TutorProfile { teaching_districts: vec!["沙田區".into()], ..tutor() };
        assert!(Fit::of(&travels, &case(3, "secondary", "中三", "數學", "沙田", 300.0, "no limit").details).gaps().is_empty());
    }

    #[test]
    fn another_subject_or_level_is_outside_and_refused_in_words() {
        let chemistry = case(1, "secondary", "中三", "化學", "藍田", 500.0, "no limit").details;
        let fit = Fit::of(&tutor(), &chemistry);
        assert_eq!((fit.grade(), fit.gaps()), (FitGrade::Outside, &[FitGap::Subject][..]));
        let secondary = catalogue::level("secondary").unwrap();
        let refusal = NotTaught::of(Teaching::of(&tutor().subjects, &chemistry), &chemistry).unwrap();
        assert_eq!(refusal, NotTaught::Subjects { level: secondary, subjects: vec!["化學".into()] });

        let kindergarten_only = teaching(&[("kindergarten", "幼兒英文")]);
        let maths = case(2, "secondary", "中三", "數學", "藍田", 500.0, "no limit").details;
        let fit = Fit::of(&kindergarten_only, &maths);
        assert_eq!((fit.grade(), fit.gaps()), (FitGrade::Outside, &[FitGap::Level][..]));
        let refusal = NotTaught::of(Teaching::of(&kindergarten_only.subjects, &maths), &maths).unwrap();
        assert_eq!(refusal, NotTaught::Level(secondary));
        assert_eq!(Fit::of_profile(None, &maths).grade(), FitGrade::Outside, "no profile, nothing taught");

        // Maths at another level is not maths at this one.
        let primary_maths = teaching(&[("primary", "數學")]);
        assert_eq!(Teaching::of(&primary_maths.subjects, &maths), Teaching::OtherLevel);
        assert_eq!(NotTaught::of(Teaching::Subject, &maths), None);
    }

    #[test]
    fn several_subjects_need_one_and_the_refusal_names_them_all() {
        let mut both = case(1, "secondary", "中三", "化學", "藍田", 300.0, "no limit").details;
        both.subjects.push("生物".into());
        let refusal = NotTaught::of(Teaching::of(&tutor().subjects, &both), &both).unwrap();
        let secondary = catalogue::level("secondary").unwrap();
        assert_eq!(refusal, NotTaught::Subjects { level: secondary, subjects: vec!["化學".into(), "生物".into()] });
        both.subjects.push("物理".into());
        assert_eq!(Teaching::of(&tutor().subjects, &both), Teaching::Subject);
    }

    #[test]
    fn typed_subjects_match_leniently_either_way_ignoring_case() {
        let statistics = teaching(&[("tertiary", "Statistics")]);
        for (wanted, fits) in [("statistics 101", true), ("STATISTICS", true), ("Stat", true), ("會計學", false)] {
            let d = case(1, "tertiary", "大學一年級", wanted, "藍田", 300.0, "no limit").details;
            assert_eq!(Teaching::of(&statistics.subjects, &d) == Teaching::Subject, fits, "{wanted}");
        }
        let d = case(2, "tertiary", "大學一年級", "會計學", "藍田", 300.0, "no limit").details;
        let tertiary = catalogue::level("tertiary").unwrap();
        assert_eq!(
            NotTaught::of(Teaching::of(&statistics.subjects, &d), &d).unwrap(),
            NotTaught::Subjects { level: tertiary, subjects: vec!["會計學".into()] }
        );
    }

    #[test]
    fn the_grades_sort_full_then_partial_then_outside() {
        let mut grades = vec![FitGrade::Outside, FitGrade::Full, FitGrade::Partial];
        grades.sort_by_key(|g| g.rank());
        assert_eq!(grades, [FitGrade::Full, FitGrade::Partial, FitGrade::Outside]);
    }

    #[test]
    fn a_one_character_free_text_subject_fits_only_itself() {
        assert!(overlaps("Statistics", "statistics 101"));
        assert!(!overlaps("a", "Accounting"));
        assert!(!overlaps("學", "統計學"));
        assert!(overlaps(" A ", "a"));
    }
}
