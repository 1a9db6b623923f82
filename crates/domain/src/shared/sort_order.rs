//! The order a board's results come in, as the visitor picks it (newest, fee, rating).

use super::validation::{Label, Problem};

/// How a search's results are ordered. `Best` is the board's own order: the best matches for
/// typed words first, the newest otherwise; the others hold whether words were typed or not.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum SortOrder {
    #[default]
    Best,
    Newest,
    /// Fee per lesson, lowest first (then newest).
    FeeLowest,
    /// Fee per lesson, highest first (then newest).
    FeeHighest,
    /// Tutors only: the best rated first, by [`rating_score`]; tutors without reviews last.
    Rating,
}

impl SortOrder {
    /// The orders of the case board: a case has no rating.
    pub const CASES: &[SortOrder] = &[Self::Best, Self::Newest, Self::FeeLowest, Self::FeeHighest];
    pub const TUTORS: &[SortOrder] = &[Self::Best, Self::Newest, Self::FeeLowest, Self::FeeHighest, Self::Rating];

    /// The key on the wire (`sort=`).
    pub fn key(self) -> &'static str {
        match self {
            Self::Best => "best",
            Self::Newest => "newest",
            Self::FeeLowest => "feeLow",
            Self::FeeHighest => "feeHigh",
            Self::Rating => "rating",
        }
    }

    /// The order named by `key` among `allowed`; blank means [`Self::Best`].
    ///
    /// # Errors
    /// [`Problem::Incorrect`] for any other key.
    pub fn parse(key: Option<&str>, allowed: &[SortOrder]) -> Result<Self, Problem> {
        let key = key.map(str::trim).unwrap_or_default();
        if key.is_empty() {
            return Ok(Self::Best);
        }
        allowed.iter().copied().find(|order| order.key() == key).ok_or(Problem::Incorrect(Label::Sort))
    }
}

/// A tutor's place in the order by rating, from their reviews' count and sum of stars: the
/// mean pulled towards 4 stars by three imagined reviews, so one 5-star review does not
/// outrank forty at 4.8; ×1000, whole. Zero without reviews: they come after every rated tutor.
pub fn rating_score(count: u32, total: u32) -> i64 {
    if count == 0 {
        return 0;
    }
    const PRIOR_REVIEWS: i64 = 3;
    const PRIOR_STARS: i64 = 4;
    (i64::from(total) + PRIOR_REVIEWS * PRIOR_STARS) * 1000 / (i64::from(count) + PRIOR_REVIEWS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_keys_each_board_allows() {
        assert_eq!(SortOrder::parse(None, SortOrder::CASES), Ok(SortOrder::Best));
        assert_eq!(SortOrder::parse(Some(" "), SortOrder::CASES), Ok(SortOrder::Best));
        assert_eq!(SortOrder::parse(Some("feeLow"), SortOrder::CASES), Ok(SortOrder::FeeLowest));
        assert_eq!(SortOrder::parse(Some("rating"), SortOrder::TUTORS), Ok(SortOrder::Rating));
        assert!(SortOrder::parse(Some("rating"), SortOrder::CASES).is_err(), "a case has no rating");
        assert!(SortOrder::parse(Some("price"), SortOrder::TUTORS).is_err());
    }

    #[test]
    fn many_good_reviews_outrank_one_perfect_one_and_the_unrated_come_last() {
        let forty_at_4_8 = rating_score(40, 192);
        let one_at_5 = rating_score(1, 5);
        assert!(forty_at_4_8 > one_at_5, "{forty_at_4_8} {one_at_5}");
        assert!(rating_score(1, 1) > rating_score(0, 0));
        assert_eq!(rating_score(0, 0), 0);
    }
}
