//! What a kept value weighs in memory, its text included: what the bounded caches charge for it
//! (`super::bounded`), so that rows with long descriptions or biographies, or keys with long
//! words, cannot pass a budget unseen.

use std::mem::size_of;

use tutorhub_domain::cases::model::Case;
use tutorhub_domain::tutors::model::TutorProfile;

/// About how much memory a value holds, its text included.
pub trait Weight {
    fn weight(&self) -> usize;
}

impl Weight for Case {
    fn weight(&self) -> usize {
        let d = &self.details;
        size_of::<Self>()
            + d.title.len()
            + d.grade.len()
            + d.description.len()
            + d.subjects.iter().map(|s| size_of::<String>() + s.len()).sum::<usize>()
    }
}

impl Weight for TutorProfile {
    fn weight(&self) -> usize {
        let texts =
            [&self.name, &self.education, &self.grade_level, &self.available_times, &self.bio, &self.exam_results, &self.course_features];
        let lists = self.subjects.iter().map(|s| size_of_val(s) + s.name.len()).sum::<usize>()
            + self.teaching_modes.iter().chain(&self.teaching_districts).map(|s| size_of::<String>() + s.len()).sum::<usize>();
        size_of::<Self>() + texts.iter().map(|t| t.len()).sum::<usize>() + self.avatar.as_ref().map_or(0, String::len) + lists
    }
}
