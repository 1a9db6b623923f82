//! The public profile an approved application becomes: never a phone, e-mail or birth date.

use chrono::{DateTime, Utc};
use uuid::Uuid;

use crate::shared::catalogue::{self, Choice, Place};
use crate::shared::money::Rate;

use super::application::{TutorApplication, TutorGender, TutorSubject};

/// A tutor's public profile (spec §3 "tutor user"): never a phone, e-mail or birth date.
#[derive(Debug, Clone, PartialEq)]
pub struct TutorProfile {
    pub user_id: Uuid,
    /// The user number ("用戶編號 1024"); `/tutor/{id}` accepts it.
    pub user_number: i64,
    pub name: String,
    pub avatar: Option<String>,
    pub education: String,
    pub subjects: Vec<TutorSubject>,
    pub grade_level: String,
    pub available_times: String,
    pub place: Place,
    pub gender: Option<TutorGender>,
    /// Teaching mode keys, at least one; the first is spec §7's `teachingMode`.
    pub teaching_modes: Vec<String>,
    /// District names where the tutor teaches.
    pub teaching_districts: Vec<String>,
    pub rate: Rate,
    pub bio: String,
    /// Listed in search and shown on its page only when true.
    pub active: bool,
    pub approved_at: DateTime<Utc>,
    /// Years of teaching, exam results and course features, as the approved application gave them.
    pub experience_years: u32,
    pub exam_results: String,
    pub course_features: String,
    /// The tutor's visible reviews, counted by the store when the profile is read.
    pub reviews: ReviewSummary,
}

/// A tutor's visible reviews in two numbers; the average is derived so it is never stale.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ReviewSummary {
    pub count: u32,
    /// The sum of the stars.
    pub total: u32,
}

impl ReviewSummary {
    /// The mean of the stars, to one decimal place; None without reviews.
    pub fn average(self) -> Option<f64> {
        (self.count > 0).then(|| (f64::from(self.total) * 10.0 / f64::from(self.count)).round() / 10.0)
    }
}

/// What a tutor has done here, for parents deciding: counted, never typed by the tutor.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TrackRecord {
    /// Cases whose owner chose this tutor.
    pub matched_cases: u64,
    /// Bookings this tutor accepted.
    pub accepted_bookings: u64,
    /// When the account was created.
    pub member_since: DateTime<Utc>,
    /// Lessons on the tutor's records confirmed as held.
    pub lessons_held: u64,
    /// Lessons the families answered or the back office settled (confirmed, disputed, not held).
    pub lessons_settled: u64,
    /// Of those, confirmed without a dispute (by the family, or by silence).
    pub lessons_undisputed: u64,
}

impl TrackRecord {
    /// Settled lessons the undisputed share needs before it means anything.
    pub const SHARE_FROM_LESSONS: u64 = 5;

    /// The share of settled lessons confirmed without a dispute, in whole percent, once there
    /// are at least [`Self::SHARE_FROM_LESSONS`]: one dispute in two lessons says little.
    pub fn undisputed_percent(&self) -> Option<u64> {
        (self.lessons_settled >= Self::SHARE_FROM_LESSONS)
            .then(|| (self.lessons_undisputed * 100 + self.lessons_settled / 2) / self.lessons_settled)
    }
}

impl TutorProfile {
    /// The profile an approved application becomes.
    pub fn from_application(application: &TutorApplication, user_number: i64, approved_at: DateTime<Utc>) -> Self {
        let d = &application.details;
        Self {
            user_id: application.user_id,
            user_number,
            name: d.name.as_str().to_string(),
            avatar: Some(application.avatar.clone()),
            education: d.education.clone(),
            subjects: d.subjects.clone(),
            grade_level: d.grade_level(),
            available_times: d.teaching_schedule.clone(),
            place: d.place,
            gender: d.gender,
            teaching_modes: d.teaching_modes.iter().map(|m| m.key.to_string()).collect(),
            teaching_districts: d.teaching_districts.iter().map(|d| (*d).to_string()).collect(),
            rate: d.required_fee,
            bio: d.bio.clone(),
            active: true,
            approved_at,
            experience_years: d.teaching_experience,
            exam_results: d.exam_results.clone(),
            course_features: d.course_features.clone(),
            reviews: ReviewSummary::default(),
        }
    }

    /// "中學 數學" strings.
    pub fn subject_labels(&self) -> Vec<String> {
        self.subjects.iter().map(TutorSubject::label).collect()
    }

    /// The first teaching mode's key: spec §7's single `teachingMode`.
    pub fn teaching_mode(&self) -> &str {
        self.teaching_modes.first().map_or("", String::as_str)
    }

    /// The teaching modes as catalogue choices (key and zh-HK label), unknown keys left out.
    pub fn teaching_mode_choices(&self) -> Vec<&'static Choice> {
        self.teaching_modes.iter().filter_map(|key| catalogue::TEACHING_MODES.iter().find(|m| m.key == *key)).collect()
    }
}

/// How a tutor is named in paths and commands: the user number or the user id.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TutorRef {
    Number(i64),
    Id(Uuid),
}

impl TutorRef {
    /// "1024" or a UUID.
    pub fn parse(raw: &str) -> Option<Self> {
        let raw = raw.trim();
        raw.parse::<i64>().ok().map(Self::Number).or_else(|| Uuid::parse_str(raw).ok().map(Self::Id))
    }
}

#[cfg(test)]
mod track_record_tests {
    use super::*;

    #[test]
    fn the_undisputed_share_shows_from_five_settled_lessons_rounded() {
        let record = |settled, undisputed| TrackRecord {
            matched_cases: 1,
            accepted_bookings: 0,
            member_since: Utc::now(),
            lessons_held: undisputed,
            lessons_settled: settled,
            lessons_undisputed: undisputed,
        };
        assert_eq!(record(4, 4).undisputed_percent(), None);
        assert_eq!(record(5, 5).undisputed_percent(), Some(100));
        assert_eq!(record(6, 5).undisputed_percent(), Some(83));
        assert_eq!(record(8, 7).undisputed_percent(), Some(88), "87.5 rounds half up");
    }
}
