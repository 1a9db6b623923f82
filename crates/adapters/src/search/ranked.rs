//! A segment's best documents in the order a search ranks them: by score for typed words
//! (then newest), or newest first. Kept between searches, so a search that finds a large part
//! of the board (補習 is in five titles out of six) reads down from the best until it holds
//! its page, instead of ranking every document it found.
//!
//! Only the best part of each order is kept (an eighth): a page is found near the top unless
//! its filters are narrow. Then fewer documents are found, and for a common word each one's
//! score is read from an array kept with the order, instead of scoring it again.

use tantivy::{DocId, Score};

use super::newness::Order;

/// When a kept order is worth reading, and how much of it is kept.
#[derive(Debug, Clone, Copy)]
pub struct Shape {
    /// Below this many documents found in a segment, ranking them all costs next to nothing
    /// (and no order is built for them).
    pub direct_below: u64,
    /// Each order keeps its best `1 / share`, and at least `min_kept` documents.
    pub share: usize,
    pub min_kept: usize,
    /// An order by score also keeps every document's score when the words match at least
    /// `1 / common_share` of the segment (rarer words find too few documents to need it).
    pub common_share: usize,
}

impl Shape {
    /// An eighth of an order costs 1 byte per document the words match (a kept document is
    /// 8 bytes), and holds a page of 20 up to page 8 for any filters finding over about 2,600
    /// of 200,000 documents the words match. Every document's score costs 4 bytes per document
    /// of the segment: 4 MB at a million, only for words found in at least one document in 16.
    pub const SERVING: Shape = Shape { direct_below: 256, share: 8, min_kept: 4_096, common_share: 16 };

    fn kept_of(&self, whole: usize) -> usize {
        (whole / self.share).max(self.min_kept)
    }

    /// Whether reading down `ranked` for the best `limit` of `found` documents is cheaper than
    /// ranking all of them. Reading down tests about `limit × whole / found` documents for
    /// being found (a bit each). Ranking one found reads its kept score (or newness) and costs
    /// about twice that; scoring it anew seeks its postings, about 15 times.
    pub fn worth_reading(&self, ranked: &Ranked, found: u64, limit: usize) -> bool {
        let limit = limit as u64;
        let enough_kept = ranked.is_whole() || ranked.likely_kept(found) >= 2 * limit;
        let cost_of_ranking = if ranked.scores.is_none() || ranked.score_of.is_some() { 2 } else { 15 };
        enough_kept && reading_pays(found, limit, ranked.whole, cost_of_ranking)
    }

    /// The same for an order holding every document (`ValueOrder`) of which `within` are
    /// within the search's bounds: ranking one found reads its value, about twice a test.
    pub fn worth_reading_whole(&self, found: u64, limit: usize, within: usize) -> bool {
        reading_pays(found, limit as u64, within, 2)
    }
}

/// Reading down `whole` documents for the best `limit` of `found` tests about
/// `limit × whole / found` of them; ranking every one found costs `found × cost_of_ranking`.
fn reading_pays(found: u64, limit: u64, whole: usize, cost_of_ranking: u64) -> bool {
    found.saturating_mul(found).saturating_mul(cost_of_ranking) >= limit.saturating_mul(whole as u64)
}

/// The best documents of one segment's order, best first.
pub struct Ranked {
    docs: Box<[DocId]>,
    /// Each kept document's score; none when the order is newest first.
    scores: Option<Box<[Score]>>,
    /// Every document of the segment's score, by document (0 where the words are not found),
    /// for common words.
    score_of: Option<Box<[Score]>>,
    /// How many documents the whole order holds (those not kept rank below every kept one).
    whole: usize,
}

impl Ranked {
    /// Every document of the segment, newest first.
    pub fn newest_first(order: &Order, shape: Shape) -> Self {
        let mut all = (0..order.of.len() as DocId).map(|doc| (0.0, doc)).collect();
        best_of(&mut all, order, shape.kept_of(order.of.len()));
        Self { docs: all.iter().map(|&(_, doc)| doc).collect(), scores: None, score_of: None, whole: order.of.len() }
    }

    /// The documents `all`, by score, then newest.
    pub fn by_score(mut all: Vec<(Score, DocId)>, order: &Order, shape: Shape) -> Self {
        let whole = all.len();
        let score_of = (whole.saturating_mul(shape.common_share) >= order.of.len()).then(|| {
            let mut score_of = vec![0.0; order.of.len()].into_boxed_slice();
            for &(score, doc) in &all {
                score_of[doc as usize] = score;
            }
            score_of
        });
        best_of(&mut all, order, shape.kept_of(whole));
        let (docs, scores): (Vec<DocId>, Vec<Score>) = all.iter().map(|&(score, doc)| (doc, score)).unzip();
        Self { docs: docs.into(), scores: Some(scores.into()), score_of, whole }
    }

    /// Every document's score, by document, when kept.
    pub fn score_of(&self) -> Option<&[Score]> {
        self.score_of.as_deref()
    }

    /// The kept documents with their scores, best first.
    pub fn iter(&self) -> impl Iterator<Item = (DocId, Score)> + '_ {
        let score = |i: usize| self.scores.as_ref().map_or(0.0, |scores| scores[i]);
        self.docs.iter().enumerate().map(move |(i, &doc)| (doc, score(i)))
    }

    /// Whether every document of the order is kept.
    pub fn is_whole(&self) -> bool {
        self.docs.len() == self.whole
    }

    /// How many of `found` documents (of the whole order's) are likely among those kept.
    pub fn likely_kept(&self, found: u64) -> u64 {
        if self.whole == 0 { 0 } else { found.saturating_mul(self.docs.len() as u64) / self.whole as u64 }
    }

    /// Memory held, for the cache's budget.
    pub fn bytes(&self) -> usize {
        let scores = self.scores.as_ref().map_or(0, |scores| scores.len());
        (self.docs.len() + scores + self.score_of.as_ref().map_or(0, |all| all.len())) * 4
    }
}

/// Leaves the best `prefix` of `all` in `all`, best first: higher score, then newer, then the
/// lower document (as a search orders them).
fn best_of(all: &mut Vec<(Score, DocId)>, order: &Order, prefix: usize) {
    let best_first = |a: &(Score, DocId), b: &(Score, DocId)| {
        b.0.total_cmp(&a.0).then(order.of[b.1 as usize].cmp(&order.of[a.1 as usize])).then(a.1.cmp(&b.1))
    };
    if all.len() > prefix && prefix > 0 {
        all.select_nth_unstable_by(prefix - 1, best_first);
    }
    all.truncate(prefix);
    all.sort_unstable_by(best_first);
}

impl std::fmt::Debug for Ranked {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Ranked({} of {})", self.docs.len(), self.whole)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Documents 0..10; newness equal to the number but document 3, the newest.
    fn order() -> Order {
        Order::new((0..10).map(|doc| if doc == 3 { 100 } else { doc }).collect())
    }

    #[test]
    fn newest_first_keeps_the_newest_in_order() {
        let ranked = Ranked::newest_first(&order(), Shape { direct_below: 0, share: 3, min_kept: 0, common_share: 1 });
        assert_eq!(ranked.iter().collect::<Vec<_>>(), [(3, 0.0), (9, 0.0), (8, 0.0)]);
        assert!(!ranked.is_whole());
        assert_eq!(ranked.likely_kept(5), 1);
        assert!(Ranked::newest_first(&order(), Shape { direct_below: 0, share: 3, min_kept: 10, common_share: 1 }).is_whole());
    }

    #[test]
    fn by_score_then_newest() {
        let scored = vec![(1.0, 1), (2.0, 2), (1.0, 3), (0.5, 9), (2.0, 0)];
        let ranked = Ranked::by_score(scored.clone(), &order(), Shape { direct_below: 0, share: 100, min_kept: 3, common_share: 1 });
        assert_eq!(ranked.iter().collect::<Vec<_>>(), [(2, 2.0), (0, 2.0), (3, 1.0)]);
        assert_eq!(ranked.bytes(), 24, "five of ten documents are not one in one");
        assert!(ranked.score_of().is_none());
        let common = Ranked::by_score(scored, &order(), Shape { direct_below: 0, share: 100, min_kept: 3, common_share: 2 });
        assert_eq!(common.score_of().unwrap(), [2.0, 1.0, 2.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.5]);
        assert_eq!(common.bytes(), 64);
    }

    #[test]
    fn reading_down_pays_when_many_are_found_and_enough_are_kept() {
        let all = (0..10_000).map(|doc| (1.0, doc)).collect();
        let order = Order::new((0..10_000).collect());
        let ranked = Ranked::by_score(all, &order, Shape::SERVING);
        assert_eq!(ranked.iter().count(), 4_096, "at least min_kept");
        let shape = Shape::SERVING;
        assert!(shape.worth_reading(&ranked, 5_000, 20));
        assert!(!shape.worth_reading(&ranked, 100, 20), "few found: scoring them is cheaper");
        assert!(!shape.worth_reading(&ranked, 5_000, 1_500), "too few of those found are likely kept");
    }
}
