//! Cases in the search index: one document per approved case, and the board's filters as
//! index queries with the same meaning as the stores' SQL (`sql::cases`). What every document
//! has is `listing_fields`'; a case adds its post type, grade and lower-cased subjects.

use tantivy::TantivyDocument;
use tantivy::schema::{Field, Schema};
use tutorhub_domain::cases::model::{Case, CaseStatus};
use tutorhub_domain::cases::search::{CaseFilter, SubjectMatch};

use super::listing_fields::{Listing, ListingFields, sorting};
use super::queries::{Clauses, Search};
use super::text_fields::filter_field;

pub struct CaseFields {
    /// The number, order, text, title (the heading), level, subject, place and fee.
    listing: ListingFields,
    post_type: Field,
    grade: Field,
    /// Subjects lower-cased, for the free-text subjects of tertiary cases.
    subject_lower: Field,
}

impl CaseFields {
    pub fn schema() -> (Schema, Self) {
        let mut s = Schema::builder();
        let fields = Self {
            listing: ListingFields::add_to(&mut s, "title"),
            post_type: s.add_text_field("post_type", filter_field()),
            grade: s.add_text_field("grade", filter_field()),
            subject_lower: s.add_text_field("subject_lower", filter_field()),
        };
        (s.build(), fields)
    }

    /// The key a case's document is replaced or removed by.
    pub fn key(&self, number: i64) -> tantivy::Term {
        self.listing.key(number)
    }

    /// The case's document, or None when it is not on the public board.
    pub fn document(&self, case: &Case) -> Option<TantivyDocument> {
        if case.status != CaseStatus::Approved {
            return None;
        }
        let d = &case.details;
        let listing = Listing {
            number: case.number,
            listed_at: case.created_at,
            text: d.searchable_text(),
            heading: &d.title,
            place: d.place,
            more_districts: &[],
            rate: d.rate,
        };
        let mut doc = self.listing.document(&listing);
        doc.add_text(self.post_type, d.post_type.key());
        doc.add_text(self.listing.level, d.level.key);
        doc.add_text(self.grade, &d.grade);
        for subject in &d.subjects {
            doc.add_text(self.listing.subject, subject);
            doc.add_text(self.subject_lower, subject.to_lowercase());
        }
        Some(doc)
    }

    /// `filter` as an index query. The index holds approved cases only, so a filter for any
    /// other status, or for one owner's cases, is not the index's to answer.
    pub fn query(&self, filter: &CaseFilter) -> Search {
        debug_assert!(filter.own.status == Some(CaseStatus::Approved) && filter.own.owner_id.is_none(), "the index holds the public board");
        let mut c = Clauses::default();
        if let Some(post_type) = filter.own.post_type {
            c.term(self.post_type, post_type.key());
        }
        if let Some(level) = filter.level {
            c.term(self.listing.level, level);
        }
        c.any_of(self.grade, filter.own.grades.iter().map(String::as_str));
        self.listing.place_and_fee(&mut c, filter);
        match &filter.subjects {
            None => {}
            Some(SubjectMatch::AnyOf(names)) => c.any_of(self.listing.subject, names.iter().map(String::as_str)),
            Some(SubjectMatch::Containing(text)) => c.containing(self.subject_lower, "", text),
        }
        for subject in &filter.required_subjects {
            c.term(self.listing.subject, subject);
        }
        self.listing.search(c, filter, sorting(filter.sort))
    }
}
