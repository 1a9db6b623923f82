//! Tutors in the search index: one document per active tutor, and the directory's filters as
//! index queries with the same meaning as the stores' SQL (`sql::tutors`).

use tantivy::TantivyDocument;
use tantivy::schema::{FAST, Field, INDEXED, Schema};
use tutorhub_domain::cases::search::SubjectMatch;
use tutorhub_domain::shared::sort_order::{SortOrder, rating_score};
use tutorhub_domain::tutors::model::TutorProfile;
use tutorhub_domain::tutors::search::TutorFilter;
use uuid::Uuid;

use super::case_documents::sorting;
use super::queries::{Clauses, NUMBER, PAIR, RATE, SORT, Search, Sorting, sort_key};
use super::text_fields::{filter_field, text_field, words_of};

/// The fast field a tutor's rating is ordered by.
const RATING: &str = "rating";

pub struct TutorFields {
    number: Field,
    /// The user id: the change feed names tutors by it.
    id: Field,
    sort: Field,
    text: Field,
    /// The name, to rank by.
    name: Field,
    /// Levels the tutor teaches some subject at.
    level: Field,
    /// Subject names at any level.
    subject: Field,
    /// "level␟name" per taught subject: level and subject must hold for the same subject.
    level_subject: Field,
    /// The same, lower-cased, for the free-text subjects of tertiary.
    level_subject_lower: Field,
    region: Field,
    /// Where the tutor lives, and every district they travel to.
    district: Field,
    area: Field,
    rate: Field,
    /// The reviews' `rating_score`, for the order by rating.
    rating: Field,
}

impl TutorFields {
    pub fn schema() -> (Schema, Self) {
        let mut s = Schema::builder();
        let fields = Self {
            number: s.add_i64_field(NUMBER, INDEXED | FAST),
            id: s.add_text_field("id", filter_field()),
            sort: s.add_i64_field(SORT, FAST),
            text: s.add_text_field("text", text_field()),
            name: s.add_text_field("name", text_field()),
            level: s.add_text_field("level", filter_field()),
            subject: s.add_text_field("subject", filter_field()),
            level_subject: s.add_text_field("level_subject", filter_field()),
            level_subject_lower: s.add_text_field("level_subject_lower", filter_field()),
            region: s.add_text_field("region", filter_field()),
            district: s.add_text_field("district", filter_field()),
            area: s.add_text_field("area", filter_field()),
            rate: s.add_i64_field(RATE, INDEXED | FAST),
            rating: s.add_i64_field(RATING, FAST),
        };
        (s.build(), fields)
    }

    /// The key a tutor's document is replaced or removed by.
    pub fn key(&self, id: Uuid) -> tantivy::Term {
        tantivy::Term::from_field_text(self.id, &id.to_string())
    }

    /// The tutor's document, or None when the profile is not listed.
    pub fn document(&self, tutor: &TutorProfile) -> Option<TantivyDocument> {
        if !tutor.active {
            return None;
        }
        let mut doc = TantivyDocument::new();
        doc.add_i64(self.number, tutor.user_number);
        doc.add_text(self.id, tutor.user_id.to_string());
        doc.add_i64(self.sort, sort_key(tutor.approved_at, tutor.user_number));
        let subjects: Vec<&str> = tutor.subjects.iter().map(|s| s.name.as_str()).collect();
        let places = [tutor.place.area, tutor.place.district].join(" ") + " " + &tutor.teaching_districts.join(" ");
        let searchable =
            [tutor.name.as_str(), &subjects.join(" "), &tutor.education, &tutor.exam_results, &tutor.course_features, &places, &tutor.bio];
        doc.add_text(self.text, words_of(&searchable));
        doc.add_text(self.name, &tutor.name);
        for subject in &tutor.subjects {
            doc.add_text(self.level, subject.level);
            doc.add_text(self.subject, &subject.name);
            doc.add_text(self.level_subject, format!("{}{PAIR}{}", subject.level, subject.name));
            doc.add_text(self.level_subject_lower, format!("{}{PAIR}{}", subject.level, subject.name.to_lowercase()));
        }
        doc.add_text(self.region, tutor.place.region);
        doc.add_text(self.district, tutor.place.district);
        for district in &tutor.teaching_districts {
            doc.add_text(self.district, district);
        }
        doc.add_text(self.area, tutor.place.area);
        doc.add_i64(self.rate, tutor.rate.cents());
        doc.add_i64(self.rating, rating_score(tutor.reviews.count, tutor.reviews.total));
        Some(doc)
    }

    /// `filter` as an index query.
    pub fn query(&self, filter: &TutorFilter) -> Search {
        let mut c = Clauses::default();
        if let Some(region) = filter.region {
            c.term(self.region, region);
        }
        c.any_of(self.district, filter.districts.iter().map(String::as_str));
        c.any_of(self.area, filter.areas.iter().map(String::as_str));
        if let Some(min) = filter.min_rate {
            c.at_least(self.rate, min.cents());
        }
        if let Some(max) = filter.max_rate {
            c.at_most(self.rate, max.cents());
        }
        // Each subject the words named, taught (at the level, when there is one).
        for subject in &filter.required_subjects {
            match filter.level {
                Some(level) => c.term(self.level_subject, &format!("{level}{PAIR}{subject}")),
                None => c.term(self.subject, subject),
            }
        }
        match (&filter.subjects, filter.level) {
            (None, None) => {}
            (None, Some(level)) => c.term(self.level, level),
            (Some(SubjectMatch::AnyOf(names)), None) => c.any_of(self.subject, names.iter().map(String::as_str)),
            (Some(SubjectMatch::AnyOf(names)), Some(level)) => {
                let pairs: Vec<String> = names.iter().map(|name| format!("{level}{PAIR}{name}")).collect();
                c.any_of(self.level_subject, pairs.iter().map(String::as_str));
            }
            (Some(SubjectMatch::Containing(text)), level) => {
                let prefix = level.map_or(String::new(), |level| format!("{level}{PAIR}"));
                c.containing(self.level_subject_lower, &prefix, text);
            }
        }
        c.words(self.text, self.name, &filter.words);
        c.sorted(match filter.sort {
            SortOrder::Rating => Sorting::Column { name: RATING, descending: true },
            other => sorting(other),
        });
        c.into_search()
    }
}
