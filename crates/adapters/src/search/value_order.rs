//! A segment's documents by a column's value (a fee, a rating): every document, lowest value
//! first and newest first among equal values, in one order that a search reads from either
//! end. A sort by fee, either way, with a fee bound ("from HK$300") reads only the documents
//! within the bound: they lie together in the order.
//!
//! Before it, a column's order kept only its best eighth, so a bound that left that eighth out
//! (fees from the lowest, from HK$500 up) found none of the kept documents and ranked every
//! document found instead: 6 to 9 ms for one page of a broad board at a million cases, the
//! cold mix's slowest searches (issue 38). Whole, it costs 4 bytes a document (4 MB at a
//! million) for both directions, where the two kept eighths with their scores cost 2.

use std::ops::Range;

use tantivy::DocId;

use super::newness::Order;

/// The values a search's clauses allow in a column: at least `low`, at most `high`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Bounds {
    pub low: Option<i64>,
    pub high: Option<i64>,
}

/// Every document of a segment by a column's value; see the module.
pub struct ValueOrder {
    /// By value from the lowest; among equal values newest first, then the lower document
    /// (as a search breaks ties in either direction).
    docs: Box<[DocId]>,
    /// Each distinct value, lowest first, and where its documents start in `docs`.
    runs: Box<[(i64, u32)]>,
}

impl ValueOrder {
    /// The documents of a segment, each with its `value`, by value and then newest.
    pub fn new(values: impl IntoIterator<Item = (DocId, i64)>, order: &Order) -> Self {
        let mut keyed: Vec<(i64, std::cmp::Reverse<i64>, DocId)> =
            values.into_iter().map(|(doc, value)| (value, std::cmp::Reverse(order.of[doc as usize]), doc)).collect();
        keyed.sort_unstable();
        let mut runs: Vec<(i64, u32)> = Vec::new();
        for (at, &(value, ..)) in keyed.iter().enumerate() {
            if runs.last().is_none_or(|&(last, _)| last != value) {
                runs.push((value, at as u32));
            }
        }
        Self { docs: keyed.into_iter().map(|(.., doc)| doc).collect(), runs: runs.into() }
    }

    /// How many documents have a value within `bounds`.
    pub fn count_within(&self, bounds: Bounds) -> usize {
        let runs = self.runs_within(bounds);
        self.start_of(runs.end) - self.start_of(runs.start)
    }

    /// The documents with a value within `bounds`, each with its value, best first for a sort
    /// by the column (highest first when `descending`), then newest.
    pub fn within(&self, bounds: Bounds, descending: bool) -> impl Iterator<Item = (DocId, i64)> + '_ {
        let runs = self.runs_within(bounds);
        let (first, last) = (runs.start, runs.end.saturating_sub(1));
        runs.map(move |run| if descending { first + last - run } else { run }).flat_map(move |run| {
            let value = self.runs[run].0;
            self.docs[self.start_of(run)..self.start_of(run + 1)].iter().map(move |&doc| (doc, value))
        })
    }

    /// Memory held, for the server's budget.
    pub fn bytes(&self) -> usize {
        self.docs.len() * size_of::<DocId>() + self.runs.len() * size_of::<(i64, u32)>()
    }

    /// The runs whose value is within `bounds`.
    fn runs_within(&self, bounds: Bounds) -> Range<usize> {
        let start = bounds.low.map_or(0, |low| self.runs.partition_point(|&(value, _)| value < low));
        let end = bounds.high.map_or(self.runs.len(), |high| self.runs.partition_point(|&(value, _)| value <= high));
        start..end.max(start)
    }

    /// Where run `run` starts in `docs` (the end of `docs` past the last run).
    fn start_of(&self, run: usize) -> usize {
        self.runs.get(run).map_or(self.docs.len(), |&(_, start)| start as usize)
    }
}

impl std::fmt::Debug for ValueOrder {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "ValueOrder({} documents, {} values)", self.docs.len(), self.runs.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Documents 0..8 with values 30, 10, 20, 10, 30, 20, 10, 40; newness equal to the document
    /// but document 1, the newest.
    fn ordered() -> ValueOrder {
        let values = [30, 10, 20, 10, 30, 20, 10, 40];
        let order = Order::new((0..8).map(|doc| if doc == 1 { 100 } else { doc }).collect());
        ValueOrder::new(values.iter().enumerate().map(|(doc, &value)| (doc as DocId, value)), &order)
    }

    fn read(order: &ValueOrder, bounds: Bounds, descending: bool) -> Vec<(DocId, i64)> {
        order.within(bounds, descending).collect()
    }

    #[test]
    fn reads_by_value_either_way_newest_first_among_equals() {
        let order = ordered();
        let all = Bounds::default();
        assert_eq!(read(&order, all, false), [(1, 10), (6, 10), (3, 10), (5, 20), (2, 20), (4, 30), (0, 30), (7, 40)]);
        assert_eq!(read(&order, all, true), [(7, 40), (4, 30), (0, 30), (5, 20), (2, 20), (1, 10), (6, 10), (3, 10)]);
        assert_eq!(order.count_within(all), 8);
        assert_eq!(order.bytes(), 8 * 4 + 4 * 16);
    }

    #[test]
    fn reads_only_the_values_within_the_bounds() {
        let order = ordered();
        let from_20 = Bounds { low: Some(20), high: None };
        assert_eq!(read(&order, from_20, false), [(5, 20), (2, 20), (4, 30), (0, 30), (7, 40)]);
        let up_to_30 = Bounds { low: None, high: Some(30) };
        assert_eq!(read(&order, up_to_30, true), [(4, 30), (0, 30), (5, 20), (2, 20), (1, 10), (6, 10), (3, 10)]);
        // Bounds between the values, and bounds no value meets.
        let between = Bounds { low: Some(15), high: Some(35) };
        assert_eq!(read(&order, between, true), [(4, 30), (0, 30), (5, 20), (2, 20)]);
        assert_eq!(order.count_within(between), 4);
        for none in [Bounds { low: Some(41), high: None }, Bounds { low: None, high: Some(9) }, Bounds { low: Some(30), high: Some(20) }] {
            assert_eq!(read(&order, none, false), []);
            assert_eq!(read(&order, none, true), []);
            assert_eq!(order.count_within(none), 0);
        }
    }

    #[test]
    fn an_empty_segment_reads_nothing() {
        let order = ValueOrder::new([], &Order::new(Box::new([])));
        assert_eq!(read(&order, Bounds::default(), true), []);
        assert_eq!(order.count_within(Bounds { low: Some(1), high: None }), 0);
    }
}
