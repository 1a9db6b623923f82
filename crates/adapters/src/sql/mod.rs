//! The repositories on SQLite and PostgreSQL (sqlx), one module per business area, and the
//! database they share (`database`, with the migrations of both engines).

pub mod account_stores;
pub mod alerts;
pub mod applications;
pub mod audit;
pub mod bookings;
pub mod cases;
pub mod database;
pub mod invitations;
pub mod invoices;
pub mod jobs;
pub mod lessons;
pub mod rate_limits;
pub mod refresh_tokens;
pub mod reports;
pub mod reviews;
pub mod rows;
pub mod search_changes;
pub mod search_source;
pub mod tutors;
pub mod user_directory;
pub mod users;
