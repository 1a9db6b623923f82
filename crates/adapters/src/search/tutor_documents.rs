//! Tutors in the search index: one document per active tutor, and the directory's filters as
//! index queries with the same meaning as the stores' SQL (`sql::tutors`). What every document
//! has is `listing_fields`'; a tutor adds its id, level-and-subject pairs and rating.

use tantivy::TantivyDocument;
use tantivy::schema::{FAST, Field, Schema};
use tutorhub_domain::shared::search::filter::SubjectMatch;
use tutorhub_domain::shared::sort_order::{SortOrder, rating_score};
use tutorhub_domain::tutors::model::TutorProfile;
use tutorhub_domain::tutors::search::TutorFilter;
use uuid::Uuid;

use super::listing_fields::{Listing, ListingFields, sorting};
use super::queries::{Clauses, PAIR, Search, Sorting};
use super::text_fields::{filter_field, words_of};

/// The fast field a tutor's rating is ordered by.
const RATING: &str = "rating";

pub struct TutorFields {
    /// The number, order, text, name (the heading), levels taught at, subject names at any
    /// level, place (and every district the tutor travels to) and fee.
    listing: ListingFields,
    /// The user id: the change feed names tutors by it.
    id: Field,
    /// "level␟name" per taught subject: level and subject must hold for the same subject.
    level_subject: Field,
    /// The same, lower-cased, for the free-text subjects of tertiary.
    level_subject_lower: Field,
    /// The reviews' `rating_score`, for the order by rating.
    rating: Field,
}

impl TutorFields {
    pub fn schema() -> (Schema, Self) {
        let mut s = Schema::builder();
        let fields = Self {
            listing: ListingFields::add_to(&mut s, "name"),
            id: s.add_text_field("id", filter_field()),
            level_subject: s.add_text_field("level_subject", filter_field()),
            level_subject_lower: s.add_text_field("level_subject_lower", filter_field()),
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
        let subjects: Vec<&str> = tutor.subjects.iter().map(|s| s.name.as_str()).collect();
        let places = [tutor.place.area, tutor.place.district].join(" ") + " " + &tutor.teaching_districts.join(" ");
        let searchable =
            [tutor.name.as_str(), &subjects.join(" "), &tutor.education, &tutor.exam_results, &tutor.course_features, &places, &tutor.bio];
        let listing = Listing {
            number: tutor.user_number,
            listed_at: tutor.approved_at,
            text: words_of(&searchable),
            heading: &tutor.name,
            place: tutor.place,
            more_districts: &tutor.teaching_districts,
            rate: tutor.rate,
        };
        let mut doc = self.listing.document(&listing);
        doc.add_text(self.id, tutor.user_id.to_string());
        for subject in &tutor.subjects {
            doc.add_text(self.listing.level, subject.level);
            doc.add_text(self.listing.subject, &subject.name);
            doc.add_text(self.level_subject, format!("{}{PAIR}{}", subject.level, subject.name));
            doc.add_text(self.level_subject_lower, format!("{}{PAIR}{}", subject.level, subject.name.to_lowercase()));
        }
        doc.add_i64(self.rating, rating_score(tutor.reviews.count, tutor.reviews.total));
        Some(doc)
    }

    /// `filter` as an index query.
    pub fn query(&self, filter: &TutorFilter) -> Search {
        let mut c = Clauses::default();
        self.listing.place_and_fee(&mut c, filter);
        // Each subject the words named, taught (at the level, when there is one).
        for subject in &filter.required_subjects {
            match filter.level {
                Some(level) => c.term(self.level_subject, &format!("{level}{PAIR}{subject}")),
                None => c.term(self.listing.subject, subject),
            }
        }
        match (&filter.subjects, filter.level) {
            (None, None) => {}
            (None, Some(level)) => c.term(self.listing.level, level),
            (Some(SubjectMatch::AnyOf(names)), None) => c.any_of(self.listing.subject, names.iter().map(String::as_str)),
            (Some(SubjectMatch::AnyOf(names)), Some(level)) => {
                let pairs: Vec<String> = names.iter().map(|name| format!("{level}{PAIR}{name}")).collect();
                c.any_of(self.level_subject, pairs.iter().map(String::as_str));
            }
            (Some(SubjectMatch::Containing(text)), level) => {
                let prefix = level.map_or(String::new(), |level| format!("{level}{PAIR}"));
                c.containing(self.level_subject_lower, &prefix, text);
            }
        }
        let order = match filter.sort {
            SortOrder::Rating => Sorting::Column { name: RATING, descending: true },
            other => sorting(other),
        };
        self.listing.search(c, filter, order)
    }
}
