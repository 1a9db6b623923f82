//! Sharing pages outside the app (issue 14): what a link preview (WhatsApp, Facebook) and a
//! search engine read before any JavaScript runs: each page's title, description and image,
//! and the sitemap of public profiles and cases.

pub mod first_screen;
pub mod heads;
pub mod sitemap;
