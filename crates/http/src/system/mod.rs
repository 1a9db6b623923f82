//! Health, the catalogue, uploaded media and the single-page app.

pub mod app;
pub mod catalogue;
pub mod first_screen;
pub mod health;
pub mod media;
pub mod precompressed;
pub mod routes;
pub mod sharing;
