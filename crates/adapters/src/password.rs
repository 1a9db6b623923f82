//! argon2id password hashing on a small pool of its own threads, bounded by a memory budget.
//!
//! One argon2id call holds a 19 MiB buffer for tens of milliseconds. Left unbounded, a burst of
//! logins (100 at once: about 1.9 GiB) exhausts the server's memory before any limit counts
//! them. So hashing runs on a fixed number of threads sized from a memory budget
//! ([`HashingLimits`]); a request waits its turn for a short while and is then told the
//! server is busy ([`HashingBusy`], HTTP 503). Own threads rather than tokio's blocking pool:
//! each thread that ever hashed keeps its 19 MiB in its malloc arena, so the number of
//! threads, not only the number of concurrent hashes, bounds the memory.

use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use argon2::password_hash::rand_core::OsRng;
use argon2::password_hash::{PasswordHash, PasswordHasher as _, PasswordVerifier as _, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};
use async_trait::async_trait;
use tokio::sync::{Semaphore, oneshot};
use tutorhub_domain::identity::Password;
use tutorhub_domain::ports::{HashingBusy, PasswordHasher};

/// argon2id with OWASP's recommended minimum (19 MiB, 2 passes, 1 lane).
const MEMORY_KIB: u32 = 19 * 1024;

/// How much hashing the server takes on at once, and how long a request waits for a turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HashingLimits {
    /// Memory the hashes in flight may use together (`HASHING_MEMORY_MIB`); at least one hash.
    pub memory_mib: u32,
    /// How long a request waits for a free slot before it is answered "busy".
    pub max_wait: Duration,
}

impl Default for HashingLimits {
    /// Three hashes at once (more buys nothing on two cores) and a wait that a person barely
    /// notices, yet long enough to absorb an ordinary morning peak.
    fn default() -> Self {
        Self { memory_mib: 64, max_wait: Duration::from_secs(5) }
    }
}

impl HashingLimits {
    /// Hashes that fit in the budget.
    pub fn slots(&self) -> usize {
        (self.memory_mib as usize * 1024 / MEMORY_KIB as usize).max(1)
    }
}

type Job = Box<dyn FnOnce(&Argon2<'static>) + Send>;

/// The hasher; clones share its threads and slots.
#[derive(Clone)]
pub struct Argon2Hasher {
    slots: Arc<Semaphore>,
    max_wait: Duration,
    jobs: mpsc::Sender<Job>,
}

impl Default for Argon2Hasher {
    fn default() -> Self {
        Self::new(HashingLimits::default())
    }
}

impl Argon2Hasher {
    /// Starts `limits.slots()` hashing threads; they end when the last clone is dropped.
    pub fn new(limits: HashingLimits) -> Self {
        let (jobs, queue) = mpsc::channel::<Job>();
        let queue = Arc::new(Mutex::new(queue));
        for n in 0..limits.slots() {
            let queue = queue.clone();
            std::thread::Builder::new()
                .name(format!("argon2-{n}"))
                .spawn(move || {
                    let params = Params::new(MEMORY_KIB, 2, 1, None).expect("static argon2 parameters are valid");
                    let argon2 = Argon2::new(Algorithm::Argon2id, Version::V0x13, params);
                    loop {
                        // The lock is held only while waiting for the next job, never while hashing.
                        let next = queue.lock().map(|q| q.recv());
                        match next {
                            Ok(Ok(job)) => job(&argon2),
                            _ => break,
                        }
                    }
                })
                .expect("the OS starts a hashing thread");
        }
        Self { slots: Arc::new(Semaphore::new(limits.slots())), max_wait: limits.max_wait, jobs }
    }

    /// Runs `work` on a hashing thread once a slot is free, waiting at most `max_wait`.
    async fn run<T: Send + 'static>(&self, work: impl FnOnce(&Argon2<'static>) -> T + Send + 'static) -> Result<T, HashingBusy> {
        let permit = tokio::time::timeout(self.max_wait, self.slots.clone().acquire_owned())
            .await
            .map_err(|_| HashingBusy)?
            .map_err(|_| HashingBusy)?;
        let (done, result) = oneshot::channel();
        let job: Job = Box::new(move |argon2| {
            let _ = done.send(work(argon2));
            drop(permit);
        });
        self.jobs.send(job).map_err(|_| HashingBusy)?;
        result.await.map_err(|_| HashingBusy)
    }
}

#[async_trait]
impl PasswordHasher for Argon2Hasher {
    async fn hash(&self, password: &Password) -> Result<String, HashingBusy> {
        let password = password.expose().to_string();
        self.run(move |argon2| {
            let salt = SaltString::generate(&mut OsRng);
            argon2.hash_password(password.as_bytes(), &salt).expect("argon2 hashing with valid parameters").to_string()
        })
        .await
    }

    async fn verify(&self, candidate: &str, hash: &str) -> Result<bool, HashingBusy> {
        let candidate = candidate.to_string();
        let hash = hash.to_string();
        self.run(move |argon2| {
            PasswordHash::new(&hash).is_ok_and(|parsed| argon2.verify_password(candidate.as_bytes(), &parsed).is_ok())
        })
        .await
    }
}

#[cfg(test)]
mod tests {
    use std::time::Instant;

    use super::*;

    #[tokio::test]
    async fn verifies_the_right_password_only_and_never_stores_it() {
        let hasher = Argon2Hasher::default();
        let hash = hasher.hash(&Password::parse("abcd1234").unwrap()).await.unwrap();
        assert!(hash.starts_with("$argon2id$") && !hash.contains("abcd1234"));
        assert!(hasher.verify("abcd1234", &hash).await.unwrap());
        assert!(!hasher.verify("abcd12345", &hash).await.unwrap());
        assert!(!hasher.verify("abcd1234", "not a hash").await.unwrap());
    }

    #[test]
    fn the_memory_budget_sets_the_number_of_slots() {
        let limits = |memory_mib| HashingLimits { memory_mib, max_wait: Duration::ZERO };
        assert_eq!(limits(64).slots(), 3);
        assert_eq!(limits(19).slots(), 1);
        assert_eq!(limits(1).slots(), 1, "always at least one");
        assert_eq!(limits(200).slots(), 10);
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_burst_gets_at_most_the_slots_at_once_and_the_rest_are_told_busy() {
        // One slot and no waiting: of many concurrent verifications, one runs and the others
        // are refused at once instead of each taking 19 MiB.
        let hasher = Argon2Hasher::new(HashingLimits { memory_mib: 19, max_wait: Duration::from_millis(1) });
        let hash = hasher.hash(&Password::parse("abcd1234").unwrap()).await.unwrap();
        let started = Instant::now();
        let burst: Vec<_> = (0..16)
            .map(|_| {
                let (hasher, hash) = (hasher.clone(), hash.clone());
                tokio::spawn(async move { hasher.verify("wrong1234", &hash).await })
            })
            .collect();
        let mut busy = 0;
        for task in burst {
            match task.await.unwrap() {
                Ok(right) => assert!(!right),
                Err(HashingBusy) => busy += 1,
            }
        }
        assert!(busy >= 12, "only {busy} of 16 were refused");
        assert!(started.elapsed() < Duration::from_secs(3), "refusals do not wait for the hashes");
        // Once the burst is over, the slot is free again.
        assert!(hasher.verify("abcd1234", &hash).await.unwrap());
    }
}
