//! A map bounded by bytes, in two generations: the current one fills while the previous one
//! still answers, and hands an entry asked for again to the current one while that has room.
//! Entries asked for often stay; the others go a generation at a time. Both a lookup and a
//! replacement cost one hash, however full the map: no search for the entry used longest ago.
//!
//! A retired generation is handed back to the caller, to be freed outside its lock (thousands
//! of entries' memory: not on a thread that serves requests).

use std::borrow::Borrow;
use std::collections::HashMap;
use std::hash::Hash;

pub struct TwoGenerations<K, V> {
    /// Bytes one generation may hold: half the budget.
    generation_bytes: usize,
    current: Generation<K, V>,
    current_bytes: usize,
    previous: Generation<K, V>,
}

/// One generation's entries, each with the bytes it was charged.
pub type Generation<K, V> = HashMap<K, (V, usize)>;

impl<K: Hash + Eq, V: Clone> TwoGenerations<K, V> {
    /// Entries up to about `budget` bytes in all.
    pub fn new(budget: usize) -> Self {
        Self { generation_bytes: budget / 2, current: HashMap::new(), current_bytes: 0, previous: HashMap::new() }
    }

    /// The entry under `key`; one found in the previous generation moves to the current one
    /// while that has room (each generation stays within half the budget).
    pub fn get<Q>(&mut self, key: &Q) -> Option<V>
    where
        K: Borrow<Q>,
        Q: Hash + Eq + ?Sized,
    {
        if let Some((value, _)) = self.current.get(key) {
            return Some(value.clone());
        }
        let (value, bytes) = self.previous.get(key)?;
        let value = value.clone();
        if self.current_bytes + bytes <= self.generation_bytes
            && let Some((key, entry)) = self.previous.remove_entry(key)
        {
            self.current_bytes += entry.1;
            self.current.insert(key, entry);
        }
        Some(value)
    }

    /// Keeps `value`, charged `bytes`, in the current generation; answers the generation it
    /// retired, if it started a new one, for the caller to drop once its lock is released.
    pub fn keep(&mut self, key: K, value: V, bytes: usize) -> Option<Generation<K, V>> {
        let mut retired = None;
        if self.current_bytes + bytes > self.generation_bytes && !self.current.is_empty() {
            let room = HashMap::with_capacity(self.current.len());
            let filled = std::mem::replace(&mut self.current, room);
            retired = Some(std::mem::replace(&mut self.previous, filled));
            self.current_bytes = 0;
        }
        self.current_bytes += bytes;
        // Two requests that missed the same entry together keep it twice: count it once.
        if let Some((_, replaced)) = self.current.insert(key, (value, bytes)) {
            self.current_bytes -= replaced;
        }
        retired
    }

    /// The bytes charged to the entries held (both generations).
    pub fn bytes(&self) -> usize {
        self.current.values().chain(self.previous.values()).map(|(_, bytes)| bytes).sum()
    }

    /// The bytes charged to the current generation.
    #[cfg(test)]
    pub fn current_bytes(&self) -> usize {
        self.current_bytes
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn holds_about_its_budget_and_keeps_what_is_asked_for_again() {
        // Entries of 1,000 bytes: two generations of 5.
        let mut kept = TwoGenerations::new(10_000);
        for n in 0..30 {
            kept.keep(n, n, 1_000);
            if n % 3 == 0 {
                assert_eq!(kept.get(&0), Some(0), "entry 0 went after {n}");
            }
            assert!(kept.bytes() <= 10_000, "{} bytes after {n}", kept.bytes());
        }
        assert_eq!(kept.get(&1), None);
        assert_eq!(kept.get(&29), Some(29));
    }

    #[test]
    fn what_is_asked_for_again_never_takes_it_past_its_budget() {
        let mut kept = TwoGenerations::new(10_000);
        for last in 0..40 {
            kept.keep(last, last, 1_000);
            for n in 0..=last {
                kept.get(&n);
            }
            assert!(kept.bytes() <= 10_000, "{} bytes after {last}", kept.bytes());
        }
    }

    #[test]
    fn an_entry_kept_twice_counts_once_and_the_retired_generation_is_handed_back() {
        let mut kept = TwoGenerations::new(4_000);
        assert!(kept.keep("一", 1, 1_000).is_none());
        assert!(kept.keep("一", 1, 1_000).is_none());
        assert_eq!((kept.bytes(), kept.current_bytes()), (1_000, 1_000));
        assert!(kept.keep("二", 2, 1_000).is_none(), "two fill a generation of 2,000 bytes");
        let retired = kept.keep("三", 3, 1_000).expect("a full generation");
        assert!(retired.is_empty(), "the first one retired is the empty previous one");
        assert!(kept.keep("四", 4, 1_000).is_none());
        let retired = kept.keep("五", 5, 1_000).expect("a full generation");
        assert_eq!(retired.len(), 2, "一 and 二 were never asked for again");
    }
}
