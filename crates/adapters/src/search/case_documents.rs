//! Cases in the search index: one document per approved case, and the board's filters as
//! index queries with the same meaning as the stores' SQL (`sql::cases`).

use tantivy::TantivyDocument;
use tantivy::schema::{FAST, Field, INDEXED, Schema};
use tutorhub_domain::cases::model::{Case, CaseStatus};
use tutorhub_domain::cases::search::{CaseFilter, SubjectMatch};
use tutorhub_domain::shared::sort_order::SortOrder;

use super::queries::{Clauses, NUMBER, RATE, SORT, Search, Sorting, sort_key};
use super::text_fields::{filter_field, text_field};

pub struct CaseFields {
    number: Field,
    sort: Field,
    /// Everything a typed word may be found in; `title` again on its own, to rank by.
    text: Field,
    title: Field,
    post_type: Field,
    level: Field,
    grade: Field,
    subject: Field,
    /// Subjects lower-cased, for the free-text subjects of tertiary cases.
    subject_lower: Field,
    region: Field,
    district: Field,
    area: Field,
    rate: Field,
}

impl CaseFields {
    pub fn schema() -> (Schema, Self) {
        let mut s = Schema::builder();
        let fields = Self {
            number: s.add_i64_field(NUMBER, INDEXED | FAST),
            sort: s.add_i64_field(SORT, FAST),
            text: s.add_text_field("text", text_field()),
            title: s.add_text_field("title", text_field()),
            post_type: s.add_text_field("post_type", filter_field()),
            level: s.add_text_field("level", filter_field()),
            grade: s.add_text_field("grade", filter_field()),
            subject: s.add_text_field("subject", filter_field()),
            subject_lower: s.add_text_field("subject_lower", filter_field()),
            region: s.add_text_field("region", filter_field()),
            district: s.add_text_field("district", filter_field()),
            area: s.add_text_field("area", filter_field()),
            rate: s.add_i64_field(RATE, INDEXED | FAST),
        };
        (s.build(), fields)
    }

    /// The key a case's document is replaced or removed by.
    pub fn key(&self, number: i64) -> tantivy::Term {
        tantivy::Term::from_field_i64(self.number, number)
    }

    /// The case's document, or None when it is not on the public board.
    pub fn document(&self, case: &Case) -> Option<TantivyDocument> {
        if case.status != CaseStatus::Approved {
            return None;
        }
        let d = &case.details;
        let mut doc = TantivyDocument::new();
        doc.add_i64(self.number, case.number);
        doc.add_i64(self.sort, sort_key(case.created_at, case.number));
        doc.add_text(self.text, d.searchable_text());
        doc.add_text(self.title, &d.title);
        doc.add_text(self.post_type, d.post_type.key());
        doc.add_text(self.level, d.level.key);
        doc.add_text(self.grade, &d.grade);
        for subject in &d.subjects {
            doc.add_text(self.subject, subject);
            doc.add_text(self.subject_lower, subject.to_lowercase());
        }
        doc.add_text(self.region, d.place.region);
        doc.add_text(self.district, d.place.district);
        doc.add_text(self.area, d.place.area);
        doc.add_i64(self.rate, d.rate.cents());
        Some(doc)
    }

    /// `filter` as an index query. The index holds approved cases only, so a filter for any
    /// other status, or for one owner's cases, is not the index's to answer.
    pub fn query(&self, filter: &CaseFilter) -> Search {
        debug_assert!(filter.status == Some(CaseStatus::Approved) && filter.owner_id.is_none(), "the index holds the public board");
        let mut c = Clauses::default();
        if let Some(post_type) = filter.post_type {
            c.term(self.post_type, post_type.key());
        }
        if let Some(level) = filter.level {
            c.term(self.level, level);
        }
        c.any_of(self.grade, filter.grades.iter().map(String::as_str));
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
        match &filter.subjects {
            None => {}
            Some(SubjectMatch::AnyOf(names)) => c.any_of(self.subject, names.iter().map(String::as_str)),
            Some(SubjectMatch::Containing(text)) => c.containing(self.subject_lower, "", text),
        }
        for subject in &filter.required_subjects {
            c.term(self.subject, subject);
        }
        c.words(self.text, self.title, &filter.words);
        c.sorted(sorting(filter.sort));
        c.into_search()
    }
}

/// A board order as the index sorts: by the fee column, or its own orders. A case has no
/// rating (the domain refuses that order for the case board).
pub fn sorting(order: SortOrder) -> Sorting {
    match order {
        SortOrder::Best | SortOrder::Rating => Sorting::Best,
        SortOrder::Newest => Sorting::Newest,
        SortOrder::FeeLowest => Sorting::Column { name: RATE, descending: false },
        SortOrder::FeeHighest => Sorting::Column { name: RATE, descending: true },
    }
}
