//! A segment's documents by newness, read from the [`SORT`] column once per segment: what
//! ranking compares on equal scores, and what newest-first searches walk down.

#[cfg(doc)]
use super::queries::SORT;

/// A segment's documents by newness: each one's [`SORT`] value (newer is higher), and for each
/// run of 64 documents the highest value up to its end, so a newest-first search walking down
/// from the last document knows when no earlier one can be newer than those it holds.
pub struct Order {
    pub of: Box<[i64]>,
    pub newest_up_to: Box<[i64]>,
}

impl Order {
    pub fn new(of: Box<[i64]>) -> Self {
        let newest_up_to = of
            .chunks(64)
            .scan(i64::MIN, |newest, run| {
                *newest = run.iter().copied().fold(*newest, i64::max);
                Some(*newest)
            })
            .collect();
        Self { of, newest_up_to }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_newest_up_to_each_run_of_64_documents() {
        let of: Vec<i64> = (0..200).map(|doc| if doc == 70 { 1_000 } else { doc }).collect();
        assert_eq!(&*Order::new(of.into()).newest_up_to, [63, 1_000, 1_000, 1_000]);
    }
}
