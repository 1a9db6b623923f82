//! One database read shared by every caller that arrived before it started.
//!
//! The case board asks for the board version on every request. Under load, each of those tiny
//! queries waited its turn for a pooled connection, and the pool's queue made the slowest
//! requests wait hundreds of milliseconds. Callers that arrive while a read is in flight now
//! wait for the next read and share its answer: one query serves them all, and the pool stays
//! free for real work.
//!
//! Sharing never serves a value older than the caller: a caller only takes the answer of a read
//! that *started* after the caller arrived, so every write committed before the call is seen.

use std::future::Future;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

use tokio::sync::Notify;

use super::layers::{self, Layer};

pub struct CoalescedRead<T> {
    /// Callers so far; a caller's ticket is its place in this count.
    arrivals: AtomicU64,
    state: Mutex<State<T>>,
    /// Woken when a read ends, well or not.
    finished: Notify,
}

struct State<T> {
    reading: bool,
    /// The newest answer and the tickets it may serve (every ticket up to this one).
    last: Option<(u64, T)>,
}

impl<T: Clone> Default for CoalescedRead<T> {
    fn default() -> Self {
        Self { arrivals: AtomicU64::new(0), state: Mutex::new(State { reading: false, last: None }), finished: Notify::new() }
    }
}

impl<T: Clone> CoalescedRead<T> {
    /// `read()`'s answer, from a read that started after this call did: run now, or shared
    /// with the callers waiting for the same read.
    ///
    /// # Errors
    /// The error of the read this caller ran itself; callers waiting on a failed read try again.
    pub async fn get<F, Fut, E>(&self, read: F) -> Result<T, E>
    where
        F: Fn() -> Fut,
        Fut: Future<Output = Result<T, E>>,
    {
        if !layers::is_on(Layer::Coalesce) {
            return read().await;
        }
        let ticket = self.arrivals.fetch_add(1, Ordering::SeqCst) + 1;
        loop {
            // Decided under the lock, acted on after it is released (no lock across an await).
            let next = {
                let mut state = self.lock();
                match &state.last {
                    Some((covers, value)) if *covers >= ticket => Next::Answer(value.clone()),
                    _ if state.reading => {
                        // Created under the lock, so the end of the read in flight cannot be missed.
                        Next::Wait(self.finished.notified())
                    }
                    _ => {
                        state.reading = true;
                        Next::Lead
                    }
                }
            };
            match next {
                Next::Answer(value) => return Ok(value),
                Next::Lead => return self.lead(&read).await,
                Next::Wait(finished) => finished.await,
            }
        }
    }

    async fn lead<F, Fut, E>(&self, read: &F) -> Result<T, E>
    where
        F: Fn() -> Fut,
        Fut: Future<Output = Result<T, E>>,
    {
        // Dropped however this ends, the leader's request cancelled included, so that the
        // waiting callers never wait for a read nobody runs.
        let guard = ReadingGuard { owner: self };
        // Requests whose bytes arrived together are woken together: one turn of the scheduler
        // lets them all take a ticket and share this read. Started at once, the read covered
        // about a dozen hot-page requests on PostgreSQL; after the turn, about two dozen, with
        // half the queries and 6-8% more requests a second (docs/adr/0046-board-cache-and-coalesced-reads.md).
        tokio::task::yield_now().await;
        // Every caller counted by now arrived before the read below starts.
        let covers = self.arrivals.load(Ordering::SeqCst);
        let result = read().await;
        if let Ok(value) = &result {
            let mut state = self.lock();
            if state.last.as_ref().is_none_or(|(old, _)| *old < covers) {
                state.last = Some((covers, value.clone()));
            }
        }
        drop(guard);
        result
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State<T>> {
        self.state.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

enum Next<'a, T> {
    Answer(T),
    Lead,
    Wait(tokio::sync::futures::Notified<'a>),
}

struct ReadingGuard<'a, T: Clone> {
    owner: &'a CoalescedRead<T>,
}

impl<T: Clone> Drop for ReadingGuard<'_, T> {
    fn drop(&mut self) {
        self.owner.lock().reading = false;
        self.owner.finished.notify_waiters();
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::sync::atomic::AtomicI64;
    use std::time::Duration;

    use super::*;

    /// A stored value and how many times it was read; each read takes a little while.
    #[derive(Default)]
    struct Store {
        value: AtomicI64,
        reads: AtomicU64,
    }

    impl Store {
        async fn read(&self) -> Result<i64, String> {
            let value = self.value.load(Ordering::SeqCst);
            self.reads.fetch_add(1, Ordering::SeqCst);
            tokio::time::sleep(Duration::from_millis(5)).await;
            Ok(value)
        }
    }

    /// `count` callers spawned at once, each asking for the stored value (0); answers how many
    /// reads they made.
    async fn callers_together(count: usize) -> u64 {
        let store = Arc::new(Store::default());
        let shared = Arc::new(CoalescedRead::<i64>::default());
        let callers: Vec<_> = (0..count)
            .map(|_| {
                let (store, shared) = (store.clone(), shared.clone());
                tokio::spawn(async move { shared.get(|| store.read()).await })
            })
            .collect();
        for caller in callers {
            assert_eq!(caller.await.unwrap(), Ok(0));
        }
        store.reads.load(Ordering::SeqCst)
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
    async fn many_concurrent_callers_share_a_few_reads() {
        let reads = callers_together(200).await;
        assert!(reads < 20, "200 callers made {reads} reads");
    }

    #[tokio::test]
    async fn callers_woken_together_share_one_read() {
        // On one thread, the first caller starts leading before the others have run at all.
        assert_eq!(callers_together(50).await, 1, "the leader waits one turn for the callers woken with it");
    }

    #[tokio::test]
    async fn a_caller_after_a_write_never_gets_the_value_before_it() {
        let store = Arc::new(Store::default());
        let shared = Arc::new(CoalescedRead::<i64>::default());
        // A slow read of the old value is in flight...
        let early = {
            let (store, shared) = (store.clone(), shared.clone());
            tokio::spawn(async move { shared.get(|| store.read()).await })
        };
        tokio::time::sleep(Duration::from_millis(1)).await;
        // ...when a write lands and a new caller asks: it must not share the old read.
        store.value.store(7, Ordering::SeqCst);
        assert_eq!(shared.get(|| store.read()).await, Ok(7));
        assert_eq!(early.await.unwrap(), Ok(0));
        assert_eq!(store.reads.load(Ordering::SeqCst), 2);
    }

    #[tokio::test]
    async fn a_failed_read_is_retried_by_the_next_caller() {
        let shared = CoalescedRead::<i64>::default();
        assert_eq!(shared.get(|| async { Err::<i64, _>("down") }).await, Err("down"));
        assert_eq!(shared.get(|| async { Ok::<_, &str>(3) }).await, Ok(3));
    }

    #[tokio::test]
    async fn a_cancelled_leader_does_not_leave_the_others_waiting() {
        let shared = Arc::new(CoalescedRead::<i64>::default());
        let leader = {
            let shared = shared.clone();
            tokio::spawn(async move {
                shared
                    .get(|| async {
                        tokio::time::sleep(Duration::from_secs(60)).await;
                        Ok::<_, ()>(1)
                    })
                    .await
            })
        };
        tokio::time::sleep(Duration::from_millis(5)).await;
        let waiter = {
            let shared = shared.clone();
            tokio::spawn(async move { shared.get(|| async { Ok::<_, ()>(2) }).await })
        };
        tokio::time::sleep(Duration::from_millis(5)).await;
        leader.abort();
        let answer = tokio::time::timeout(Duration::from_secs(2), waiter).await.expect("the waiter is not stuck");
        assert_eq!(answer.unwrap(), Ok(2));
    }
}
