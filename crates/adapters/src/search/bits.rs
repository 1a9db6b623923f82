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

    /// Memory held, for the cache's budget.
    pub fn bytes(&self) -> usize {
        self.words.len() * 8
    }

    /// How many documents are in every one of `sets` (all of one segment).
    pub fn count_in_all(sets: &[&Bits]) -> u64 {
        let mut count = 0;
        each_chunk(sets, |_, chunk| count += chunk.iter().map(|word| u64::from(word.count_ones())).sum::<u64>());
        count
    }

    /// Calls `found` with each document in every one of `sets`, in ascending order, and
    /// answers how many there were.
    pub fn each_in_all(sets: &[&Bits], mut found: impl FnMut(DocId)) -> u64 {
        let mut count = 0;
        each_chunk(sets, |start, chunk| {
            for (i, &word) in chunk.iter().enumerate() {
                count += u64::from(word.count_ones());
                each_bit(start + i, word, &mut found);
            }
        });
        count
    }

    /// The runs of 64 documents with some document in every one of `sets`, the last first:
    /// each run's index, and its documents in every set from the last down.
    pub fn runs_in_all_from_last<'a>(sets: &'a [&'a Bits]) -> impl Iterator<Item = (usize, impl Iterator<Item = DocId>)> + 'a {
        let runs = sets.first().map_or(0, |first| first.words.len());
        (0..runs).rev().filter_map(move |index| {
            let word = sets.iter().fold(u64::MAX, |word, set| word & set.words[index]);
            (word != 0).then(|| (index, from_last(index, word)))
        })
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

/// The documents of word `index` of a set.
fn each_bit(index: usize, word: u64, found: &mut impl FnMut(DocId)) {
    let mut rest = word;
    while rest != 0 {
        found((index * 64) as DocId + rest.trailing_zeros());
        rest &= rest - 1;
    }
}

/// Calls `each` with the AND of `sets`, `CHUNK` words at a time, and the index of its first.
fn each_chunk(sets: &[&Bits], mut each: impl FnMut(usize, &[u64])) {
    let Some(first) = sets.first() else { return };
    debug_assert!(sets.iter().all(|set| set.len == first.len));
    let mut chunk = [0u64; CHUNK];
    for start in (0..first.words.len()).step_by(CHUNK) {
        let end = (start + CHUNK).min(first.words.len());
        let chunk = &mut chunk[..end - start];
        chunk.copy_from_slice(&first.words[start..end]);
        for set in &sets[1..] {
            for (word, other) in chunk.iter_mut().zip(&set.words[start..end]) {
                *word &= other;
            }
        }
        each(start, chunk);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn found(sets: &[&Bits]) -> (u64, Vec<DocId>) {
        let mut docs = Vec::new();
        let count = Bits::each_in_all(sets, |doc| docs.push(doc));
        (count, docs)
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
        assert_eq!(found(&[&evens, &Bits::none(len)]), (0, Vec::new()));
        assert_eq!(found(&[]), (0, Vec::new()));
        assert_eq!(Bits::count_in_all(&[&evens, &threes]), count);
    }

    #[test]
    fn from_the_last_finds_the_same_documents_backwards_by_run() {
        let len = 1_000;
        let (sevens, odds) = (Bits::of(len, (0..len).step_by(7)), Bits::of(len, (1..len).step_by(2)));
        let runs: Vec<(usize, Vec<DocId>)> =
            Bits::runs_in_all_from_last(&[&sevens, &odds]).map(|(run, docs)| (run, docs.collect())).collect();
        assert_eq!(runs.iter().map(|(run, _)| *run).collect::<Vec<_>>(), (0..16).rev().collect::<Vec<_>>());
        let backwards: Vec<DocId> = runs.into_iter().flat_map(|(_, docs)| docs).collect();
        let mut forwards = found(&[&sevens, &odds]).1;
        forwards.reverse();
        assert_eq!(backwards, forwards);
        assert_eq!(Bits::runs_in_all_from_last(&[&sevens, &Bits::none(len)]).count(), 0, "runs with no document are skipped");
    }

    #[test]
    fn the_last_document_of_a_chunk_and_of_the_segment_are_found() {
        let len = 64 * CHUNK as u32 + 1;
        let edges = Bits::of(len, [0, 64 * CHUNK as u32 - 1, 64 * CHUNK as u32]);
        assert_eq!(found(&[&edges]).1, [0, 4095, 4096]);
    }
}
