//! Believable cases for demos and benchmarks, generated locally from a fixed seed.

use chrono::{DateTime, Duration, Utc};
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use tutorhub_domain::cases::model::{CaseDetails, CaseForm, CaseStatus, NewCase};
use tutorhub_domain::shared::catalogue::{self, Level};
use uuid::Uuid;

const TERTIARY_SUBJECTS: &[&str] = &["微積分", "線性代數", "統計學", "會計學", "經濟學原理", "有機化學", "程式設計", "法律英文"];

const NEEDS: &[&str] = &[
    "學生基礎較弱，希望導師有耐性，循序漸進講解。",
    "準備校內考試，希望加強操練及溫習技巧。",
    "希望導師能協助完成功課，並跟進默書及測驗。",
    "學生成績中上，想進一步拔尖，目標名列前茅。",
    "準備公開試，希望導師熟悉考評局題型。",
    "學生較內向，希望導師親切，多鼓勵。",
];

/// Generates cases spread over every level, every district, HK$100–800 and the last six months.
pub struct CaseGenerator {
    rng: StdRng,
    now: DateTime<Utc>,
    count: usize,
}

impl CaseGenerator {
    pub fn new(seed: u64, now: DateTime<Utc>) -> Self {
        Self { rng: StdRng::seed_from_u64(seed), now, count: 0 }
    }

    pub fn next_case(&mut self, owner_id: Option<Uuid>, status: CaseStatus) -> NewCase {
        let index = self.count;
        self.count += 1;
        let rng = &mut self.rng;
        // Cycling by index guarantees coverage; the rest is random.
        let level: &Level = &catalogue::LEVELS[index % catalogue::LEVELS.len()];
        let districts: Vec<_> = catalogue::REGIONS.iter().flat_map(|r| r.districts.iter()).collect();
        let district = districts[index % districts.len()];
        let area = *district.areas.choose(rng).unwrap();
        let grade = *level.grades.choose(rng).unwrap();
        let subjects: Vec<String> = if level.free_text_subject() {
            vec![TERTIARY_SUBJECTS.choose(rng).unwrap().to_string()]
        } else {
            let how_many = if rng.random_bool(0.7) { 1 } else { 2 };
            level.subjects.choose_multiple(rng, how_many).map(|s| s.to_string()).collect()
        };
        let post_type = if rng.random_ratio(1, 6) { "tutor-seeking-student" } else { "student-seeking-tutor" };
        let title = if post_type == "tutor-seeking-student" {
            format!("{area}導師招收{grade}{}學生", subjects.join("、"))
        } else {
            format!("{area}{grade}{}補習", subjects.join("、"))
        };
        let form = CaseForm {
            post_type: post_type.into(),
            post_title: title,
            level: level.key.into(),
            grade: grade.into(),
            subjects,
            location: area.into(),
            rate: Some(f64::from(rng.random_range(10..=80_u32) * 10)),
            session_length: Some(*[60, 90, 120].choose(rng).unwrap()),
            sessions_per_week: Some(rng.random_range(1..=3)),
            description: NEEDS.choose(rng).unwrap().to_string(),
            preferred_gender: ["no limit", "no limit", "male", "female"].choose(rng).unwrap().to_string(),
            start_date: (self.now + Duration::days(rng.random_range(3..60))).format("%Y-%m-%d").to_string(),
        };
        let details = CaseDetails::parse(&form).expect("generated cases follow the case rules");
        NewCase {
            id: Uuid::from_u128(rng.random()),
            owner_id,
            details,
            status,
            created_at: self.now - Duration::minutes(rng.random_range(0..60 * 24 * 180)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn two_hundred_cases_cover_every_level_and_district_within_the_fee_range() {
        let mut generator = CaseGenerator::new(7, Utc::now());
        let cases: Vec<_> = (0..200).map(|_| generator.next_case(None, CaseStatus::Approved)).collect();
        let levels: HashSet<_> = cases.iter().map(|c| c.details.level.key).collect();
        let districts: HashSet<_> = cases.iter().map(|c| c.details.place.district).collect();
        assert_eq!(levels.len(), catalogue::LEVELS.len());
        assert_eq!(districts.len(), 18);
        assert!(cases.iter().all(|c| (10_000..=80_000).contains(&c.details.rate.cents())));
    }
}
