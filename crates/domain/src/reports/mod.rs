//! The marketplace in figures (issue 36): for a period of Hong Kong dates, what happened to the
//! cases families posted in it, what tutors did, and the service fee's money.
//!
//! The store returns a few plain rows (`facts`); every figure is computed here from them
//! (`figures`), so each has one definition, written on its field, and tests with known answers.

pub mod facts;
pub mod figures;
pub mod model;
pub mod ports;
pub mod report;

#[cfg(test)]
mod tests;
