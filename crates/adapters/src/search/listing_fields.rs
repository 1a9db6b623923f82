//! What every document of the index has, a public case's and a listed tutor's alike: its number
//! and its place in the newest-first order, the text typed words are found in and the heading
//! they rank higher in, its level and subject names, its place and its fee. How a document
//! fills them, and the filters both searches share as clauses on them, are written once here,
//! so the board and the directory cannot mean two things by a district or a fee bound.

use chrono::{DateTime, Utc};
use tantivy::TantivyDocument;
use tantivy::schema::{FAST, Field, INDEXED, SchemaBuilder};
use tutorhub_domain::shared::catalogue::Place;
use tutorhub_domain::shared::money::Rate;
use tutorhub_domain::shared::search::filter::SearchFilter;
use tutorhub_domain::shared::sort_order::SortOrder;

use super::queries::{Clauses, NUMBER, RATE, SORT, Search, Sorting, sort_key};
use super::text_fields::{filter_field, text_field};

/// The fields every document has. Level and subject are filled by each index: a case has one
/// level for all its subjects, a tutor a level per taught subject.
pub struct ListingFields {
    number: Field,
    sort: Field,
    /// Everything a typed word may be found in.
    text: Field,
    /// What a typed word found in ranks higher: a case's title, a tutor's name.
    heading: Field,
    /// Level keys.
    pub level: Field,
    /// Subject names.
    pub subject: Field,
    region: Field,
    /// The place's district, and any other district the listing serves.
    district: Field,
    area: Field,
    rate: Field,
}

/// What a document is built from, besides its level and subject names.
pub struct Listing<'a> {
    /// The key a search answers with: a case's number, a tutor's user number.
    pub number: i64,
    /// When it was listed; newer comes first.
    pub listed_at: DateTime<Utc>,
    /// The text typed words are found in (`text_fields::words_of`).
    pub text: String,
    pub heading: &'a str,
    pub place: Place,
    /// Districts besides the place's: where a tutor travels to teach.
    pub more_districts: &'a [String],
    /// Fee per lesson.
    pub rate: Rate,
}

impl ListingFields {
    /// Adds the fields to `schema`; `heading` is the heading field's name (`title`, `name`).
    pub fn add_to(schema: &mut SchemaBuilder, heading: &str) -> Self {
        Self {
            number: schema.add_i64_field(NUMBER, INDEXED | FAST),
            sort: schema.add_i64_field(SORT, FAST),
            text: schema.add_text_field("text", text_field()),
            heading: schema.add_text_field(heading, text_field()),
            level: schema.add_text_field("level", filter_field()),
            subject: schema.add_text_field("subject", filter_field()),
            region: schema.add_text_field("region", filter_field()),
            district: schema.add_text_field("district", filter_field()),
            area: schema.add_text_field("area", filter_field()),
            rate: schema.add_i64_field(RATE, INDEXED | FAST),
        }
    }

    /// The key a listing's document is replaced or removed by, when its number names it.
    pub fn key(&self, number: i64) -> tantivy::Term {
        tantivy::Term::from_field_i64(self.number, number)
    }

    /// A document holding what `listing` gives; the index adds its level, subjects and own fields.
    pub fn document(&self, listing: &Listing<'_>) -> TantivyDocument {
        let mut doc = TantivyDocument::new();
        doc.add_i64(self.number, listing.number);
        doc.add_i64(self.sort, sort_key(listing.listed_at, listing.number));
        doc.add_text(self.text, &listing.text);
        doc.add_text(self.heading, listing.heading);
        doc.add_text(self.region, listing.place.region);
        doc.add_text(self.district, listing.place.district);
        for district in listing.more_districts {
            doc.add_text(self.district, district);
        }
        doc.add_text(self.area, listing.place.area);
        doc.add_i64(self.rate, listing.rate.cents());
        doc
    }

    /// The place and fee filters every search has: the region, any of the districts, any of
    /// the areas, the fee bounds.
    pub fn place_and_fee<Own>(&self, c: &mut Clauses, filter: &SearchFilter<Own>) {
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
    }

    /// The search `c` with the typed words (each found in the text, ranked higher in the
    /// heading), in the order `sorting`.
    pub fn search<Own>(&self, mut c: Clauses, filter: &SearchFilter<Own>, sorting: Sorting) -> Search {
        c.words(self.text, self.heading, &filter.words);
        c.sorted(sorting);
        c.into_search()
    }
}

/// A search order as the index sorts: by the fee column, or its own orders. `Rating` is the
/// tutor index's own column; elsewhere it is the best order (the domain refuses it there).
pub fn sorting(order: SortOrder) -> Sorting {
    match order {
        SortOrder::Best | SortOrder::Rating => Sorting::Best,
        SortOrder::Newest => Sorting::Newest,
        SortOrder::FeeLowest => Sorting::Column { name: RATE, descending: false },
        SortOrder::FeeHighest => Sorting::Column { name: RATE, descending: true },
    }
}
