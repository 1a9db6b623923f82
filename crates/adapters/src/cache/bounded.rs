//! The one kind of cache the adapters keep in: moka's concurrent cache, bounded by what its
//! entries weigh in bytes (ADR 0074).
//!
//! Why moka rather than maps of our own: it is bounded by a weight, not a count, so rows of
//! any length and keys of any size cost what they hold; once full it keeps a new entry only if
//! it is asked for more often than the one it would push out (TinyLFU), so entries asked for
//! once (another visitor's search, or a flood of junk) never push out what everyone uses; and it
//! evicts a few entries at a time as it goes, never a whole map at once on a thread that serves
//! requests. The search's layers kept four maps of their own for the same ends before.

use std::hash::Hash;

use moka::sync::CacheBuilder;

pub type Bounded<K, V> = moka::sync::Cache<K, V>;
/// The same, for answers computed by async reads: callers missing the same key together share
/// one read (`try_get_with`).
pub type BoundedAsync<K, V> = moka::future::Cache<K, V>;

/// A cache holding up to `budget` bytes, each entry weighing what `weigh` says (its key and
/// bookkeeping included, as the caller counts them).
pub fn bounded<K, V>(budget: usize, weigh: impl Fn(&K, &V) -> usize + Send + Sync + 'static) -> Bounded<K, V>
where
    K: Hash + Eq + Send + Sync + 'static,
    V: Clone + Send + Sync + 'static,
{
    builder(budget, weigh).build()
}

/// [`bounded`]'s settings, for a cache that needs one more (forgetting entries by a rule:
/// `support_invalidation_closures`).
pub fn builder<K, V>(budget: usize, weigh: impl Fn(&K, &V) -> usize + Send + Sync + 'static) -> CacheBuilder<K, V, Bounded<K, V>>
where
    K: Hash + Eq + Send + Sync + 'static,
    V: Clone + Send + Sync + 'static,
{
    moka::sync::Cache::builder()
        .max_capacity(u64::try_from(budget).unwrap_or(u64::MAX))
        .weigher(move |key, value| u32::try_from(weigh(key, value)).unwrap_or(u32::MAX))
}

/// [`bounded`] for async reads.
pub fn bounded_async<K, V>(budget: usize, weigh: impl Fn(&K, &V) -> usize + Send + Sync + 'static) -> BoundedAsync<K, V>
where
    K: Hash + Eq + Send + Sync + 'static,
    V: Clone + Send + Sync + 'static,
{
    moka::future::Cache::builder()
        .max_capacity(u64::try_from(budget).unwrap_or(u64::MAX))
        .weigher(move |key, value| u32::try_from(weigh(key, value)).unwrap_or(u32::MAX))
        .build()
}
