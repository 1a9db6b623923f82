//! Sharing pages outside the app (issue 14): what a link preview (WhatsApp, Facebook) and a
//! search engine read before any JavaScript runs: which public page an address shows, its
//! canonical address and image, and the sitemap of public profiles and cases. The words
//! (titles, descriptions, first screens) are the HTTP edge's, in each language.

pub mod heads;
pub mod sitemap;
