//! The indexed text of a document: what typed words are looked for in.

use tantivy::schema::{IndexRecordOption, TextFieldIndexing, TextOptions};

use super::words::TOKENIZER;

/// Words with their frequencies, for ranking; no positions (a word is all of its terms, not a
/// phrase), which keeps the index small at a million documents. Nothing is stored: results
/// are read from the database.
pub fn text_field() -> TextOptions {
    TextOptions::default()
        .set_indexing_options(TextFieldIndexing::default().set_tokenizer(TOKENIZER).set_index_option(IndexRecordOption::WithFreqs))
}

/// The parts joined with a line break, so no term spans two of them.
pub fn words_of(parts: &[&str]) -> String {
    parts.join("\n")
}

/// A filter's field (district, level, subject…): exact values, neither tokenized nor ranked
/// (searches rank by the typed words alone: `search::pages`).
pub fn filter_field() -> TextOptions {
    TextOptions::default().set_indexing_options(
        TextFieldIndexing::default().set_tokenizer("raw").set_index_option(IndexRecordOption::Basic).set_fieldnorms(false),
    )
}
