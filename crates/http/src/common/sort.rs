//! The orders a board can be sorted in, as closed sets in the OpenAPI document; the domain's
//! `SortOrder` decides what each means.

use poem_openapi::Enum;
use tutorhub_domain::shared::sort_order::SortOrder;

/// How the case board is ordered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum)]
#[oai(rename_all = "camelCase")]
pub enum CaseSort {
    Best,
    Newest,
    FeeLow,
    FeeHigh,
}

/// How the tutor directory is ordered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum)]
#[oai(rename_all = "camelCase")]
pub enum TutorSort {
    Best,
    Newest,
    FeeLow,
    FeeHigh,
    Rating,
}

impl From<CaseSort> for SortOrder {
    fn from(sort: CaseSort) -> Self {
        match sort {
            CaseSort::Best => Self::Best,
            CaseSort::Newest => Self::Newest,
            CaseSort::FeeLow => Self::FeeLowest,
            CaseSort::FeeHigh => Self::FeeHighest,
        }
    }
}

impl From<TutorSort> for SortOrder {
    fn from(sort: TutorSort) -> Self {
        match sort {
            TutorSort::Best => Self::Best,
            TutorSort::Newest => Self::Newest,
            TutorSort::FeeLow => Self::FeeLowest,
            TutorSort::FeeHigh => Self::FeeHighest,
            TutorSort::Rating => Self::Rating,
        }
    }
}
