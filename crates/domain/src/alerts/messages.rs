//! What an alert says, as data (worded by the adapters, `notices::ports::MessageWords`). An SMS
//! carries case numbers and our own links only, never what a member typed (see
//! `notices::notifier`). An e-mail adds each case's grade, subjects, place and fee: catalogue
//! names, but for a free-text level (tertiary) the subject the parent typed.

use crate::cases::model::Case;
pub use crate::shared::messages::{AlertCase, AlertMail, AlertSms, SearchFooter};

impl AlertSms {
    pub fn new(site: &str, cases: &[&Case], tokens: &[String]) -> Self {
        Self { site: site.to_string(), cases: cases.iter().map(|c| c.number).collect(), tokens: tokens.to_vec() }
    }
}

impl AlertMail {
    pub fn new(site: &str, cases: &[&Case], footers: Vec<SearchFooter>) -> Self {
        Self { site: site.to_string(), cases: cases.iter().copied().map(AlertCase::of).collect(), footers }
    }
}

impl AlertCase {
    pub fn of(case: &Case) -> Self {
        let d = &case.details;
        Self {
            number: case.number,
            grade: d.grade.clone(),
            subjects: d.subjects.clone(),
            area: d.place.area.to_string(),
            district: d.place.district.to_string(),
            fee: d.rate,
        }
    }
}
