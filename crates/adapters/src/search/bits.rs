//! A set of a segment's documents as one bit per document: what a filter or a typed word
//! matches, kept so the next search that needs it combines a few arrays of words instead of
//! walking posting lists again.

use tantivy::DocId;

/// Documents `0..len` of one segment, 64 to a word.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bits {
    words: Vec<u64>,
    len: u32,
}

/// Words ANDed at a time: small enough for the stack, large enough for the loop to vectorise.
const CHUNK: usize = 64;

impl Bits {
    /// No document.
    pub fn none(len: u32) -> Self {
        Self { words: vec![0; (len as usize).div_ceil(64)], len }
    }

    /// Every document.
    pub fn all(len: u32) -> Self {
        let mut bits = Self { words: vec![u64::MAX; (len as usize).div_ceil(64)], len };
        if let Some(last) = bits.words.last_mut()
            && !len.is_multiple_of(64)
        {
            *last = (1 << (len % 64)) - 1;
        }
        bits
    }

    /// `documents` (each below `len`).
    pub fn of(len: u32, documents: impl IntoIterator<Item = DocId>) -> Self {
        let mut bits = Self::none(len);
        for doc in documents {
            bits.insert(doc);
        }
        bits
    }

    pub fn insert(&mut self, doc: DocId) {
        debug_assert!(doc < self.len);
        self.words[doc as usize / 64] |= 1 << (doc % 64);
    }

    pub fn contains(&self, doc: DocId) -> bool {
        (self.words[doc as usize / 64] >> (doc % 64)) & 1 == 1
    }

    /// Memory held, for the cache's budget.
    pub fn bytes(&self) -> usize {
        self.words.len() * 8
    }

    /// The documents in every one of `sets` (all of one segment), ANDed `CHUNK` words at a
    /// time so the loop vectorises.
    pub fn all_of(sets: &[&Bits]) -> Bits {
        let Some(first) = sets.first() else { return Bits::none(0) };
        debug_assert!(sets.iter().all(|set| set.len == first.len));
        let mut words = first.words.clone();
        for start in (0..words.len()).step_by(CHUNK) {
            let end = (start + CHUNK).min(words.len());
            for set in &sets[1..] {
                for (word, other) in words[start..end].iter_mut().zip(&set.words[start..end]) {
                    *word &= other;
                }
            }
        }
        Bits { words, len: first.len }
    }

    /// How many documents the set holds.
    pub fn count(&self) -> u64 {
        self.words.iter().map(|word| u64::from(word.count_ones())).sum()
    }

    /// Calls `found` with each document of the set, in ascending order.
    pub fn each(&self, mut found: impl FnMut(DocId)) {
        for (index, &word) in self.words.iter().enumerate() {
            let mut rest = word;
            while rest != 0 {
                found((index * 64) as DocId + rest.trailing_zeros());
                rest &= rest - 1;
            }
        }
    }

    /// The runs of 64 documents holding some document of the set, the last first: each run's
    /// index, and its documents from the last down.
    pub fn runs_from_last(&self) -> impl Iterator<Item = (usize, impl Iterator<Item = DocId>)> + '_ {
        self.words.iter().enumerate().rev().filter(|(_, word)| **word != 0).map(|(index, &word)| (index, from_last(index, word)))
    }
}

/// The documents of word `index` of a set, the last first.
fn from_last(index: usize, word: u64) -> impl Iterator<Item = DocId> {
    let mut rest = word;
    std::iter::from_fn(move || {
        (rest != 0).then(|| {
            let bit = 63 - rest.leading_zeros();
            rest &= !(1 << bit);
            (index * 64) as DocId + bit
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn found(sets: &[&Bits]) -> (u64, Vec<DocId>) {
        let all = Bits::all_of(sets);
        let mut docs = Vec::new();
        all.each(|doc| docs.push(doc));
        (all.count(), docs)
    }

    #[test]
    fn all_holds_exactly_the_segments_documents() {
        for len in [0, 1, 63, 64, 65, 200] {
            let (count, docs) = found(&[&Bits::all(len)]);
            assert_eq!(count, u64::from(len));
            assert_eq!(docs, (0..len).collect::<Vec<_>>());
        }
    }

    #[test]
    fn finds_the_documents_in_every_set_in_order() {
        let len = 10_000;
        let evens = Bits::of(len, (0..len).step_by(2));
        let threes = Bits::of(len, (0..len).step_by(3));
        let (count, docs) = found(&[&Bits::all(len), &evens, &threes]);
        assert_eq!(docs, (0..len).step_by(6).collect::<Vec<_>>());
        assert_eq!(count, docs.len() as u64);
        assert!((0..len).all(|doc| Bits::all_of(&[&evens, &threes]).contains(doc) == (doc % 6 == 0)));
        assert_eq!(found(&[&evens, &Bits::none(len)]), (0, Vec::new()));
        assert_eq!(found(&[]), (0, Vec::new()));
    }

    #[test]
    fn from_the_last_finds_the_same_documents_backwards_by_run() {
        let len = 1_000;
        let (sevens, odds) = (Bits::of(len, (0..len).step_by(7)), Bits::of(len, (1..len).step_by(2)));
        let both = Bits::all_of(&[&sevens, &odds]);
        let runs: Vec<(usize, Vec<DocId>)> = both.runs_from_last().map(|(run, docs)| (run, docs.collect())).collect();
        assert_eq!(runs.iter().map(|(run, _)| *run).collect::<Vec<_>>(), (0..16).rev().collect::<Vec<_>>());
        let backwards: Vec<DocId> = runs.into_iter().flat_map(|(_, docs)| docs).collect();
        let mut forwards = found(&[&sevens, &odds]).1;
        forwards.reverse();
        assert_eq!(backwards, forwards);
        assert_eq!(Bits::all_of(&[&sevens, &Bits::none(len)]).runs_from_last().count(), 0, "runs with no document are skipped");
    }

    #[test]
    fn the_last_document_of_a_chunk_and_of_the_segment_are_found() {
        let len = 64 * CHUNK as u32 + 1;
        let edges = Bits::of(len, [0, 64 * CHUNK as u32 - 1, 64 * CHUNK as u32]);
        assert_eq!(found(&[&edges, &Bits::all(len)]).1, [0, 4095, 4096]);
    }
}
