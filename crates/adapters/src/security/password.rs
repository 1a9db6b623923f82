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
use argon2::password_hash::{Output, ParamsString, PasswordHash, SaltString};
use argon2::{Algorithm, Argon2, Block, Params, Version};
use async_trait::async_trait;
use metrics::{Gauge, counter, gauge};
use tokio::sync::{Semaphore, oneshot};
use tutorhub_domain::accounts::ports::{HashingBusy, PasswordHasher};
use tutorhub_domain::shared::identity::Password;

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

/// One hashing thread: the argon2 instance and the memory it hashes in, reused every time.
struct Worker {
    argon2: Argon2<'static>,
    /// Allocated at the first hash, not when the thread starts: every process that wires the
    /// accounts starts the hashing threads, and a back-office command such as `cases approve`,
    /// which never hashes, spent most of its time zeroing their 57 MiB (the busy evening's
    /// approvals, docs/adr/0077-busy-evening-and-column-orders.md).
    memory: Vec<Block>,
}

impl Worker {
    fn new() -> Self {
        let params = Params::new(MEMORY_KIB, 2, 1, None).expect("static argon2 parameters are valid");
        Self { argon2: Argon2::new(Algorithm::Argon2id, Version::V0x13, params), memory: Vec::new() }
    }

    /// The memory of one hash at this worker's parameters, kept from the first hash on.
    fn memory(&mut self) -> &mut [Block] {
        if self.memory.is_empty() {
            self.memory = vec![Block::default(); self.argon2.params().block_count()];
        }
        &mut self.memory
    }

    /// A PHC string (`$argon2id$v=19$m=19456,t=2,p=1$salt$hash`), as argon2's own `hash_password` writes.
    fn hash(&mut self, password: &[u8]) -> String {
        let salt = SaltString::generate(&mut OsRng);
        let mut salt_bytes = [0u8; 64];
        let salt_bytes = salt.decode_b64(&mut salt_bytes).expect("a generated salt decodes");
        let mut out = [0u8; 32];
        let argon2 = self.argon2.clone();
        argon2.hash_password_into_with_memory(password, salt_bytes, &mut out, self.memory()).expect("argon2 hashing with valid parameters");
        PasswordHash {
            algorithm: Algorithm::Argon2id.ident(),
            version: Some(Version::V0x13.into()),
            params: ParamsString::try_from(self.argon2.params()).expect("static parameters format"),
            salt: Some(salt.as_salt()),
            hash: Some(Output::new(&out).expect("a 32-byte output")),
        }
        .to_string()
    }

    /// Whether `candidate` hashes to `hash` under the parameters written in it; a hash with
    /// other parameters (an older setting) is checked in memory of its own size.
    fn verify(&mut self, candidate: &[u8], hash: &str) -> bool {
        let Ok(parsed) = PasswordHash::new(hash) else { return false };
        let (Some(salt), Some(expected)) = (parsed.salt, parsed.hash) else { return false };
        let (Ok(algorithm), Ok(params)) = (Algorithm::try_from(parsed.algorithm), Params::try_from(&parsed)) else {
            return false;
        };
        let version = match parsed.version.map(Version::try_from) {
            None => Version::V0x13,
            Some(Ok(version)) => version,
            Some(Err(_)) => return false,
        };
        let mut salt_bytes = [0u8; 64];
        let Ok(salt_bytes) = salt.decode_b64(&mut salt_bytes) else { return false };
        let mut out = vec![0u8; expected.len()];
        let argon2 = Argon2::new(algorithm, version, params.clone());
        let computed = if params.block_count() == self.argon2.params().block_count() {
            argon2.hash_password_into_with_memory(candidate, salt_bytes, &mut out, self.memory())
        } else {
            argon2.hash_password_into(candidate, salt_bytes, &mut out)
        };
        // Output's equality is constant-time.
        computed.is_ok() && Output::new(&out).is_ok_and(|out| out == expected)
    }
}

type Job = Box<dyn FnOnce(&mut Worker) + Send>;

/// Password checks waiting for a hashing slot (at most `max_wait`, then refused).
pub const HASHING_WAITING: &str = "tutorhub_password_hashing_waiting";
/// Hashes being computed now.
pub const HASHING_ACTIVE: &str = "tutorhub_password_hashing_active";
/// Password checks refused because no slot came free in time (the caller hears "busy").
pub const HASHING_REFUSED: &str = "tutorhub_password_hashing_refused_total";

/// The hashing metrics at zero from the start, so that a rate sees them before the first hash.
pub fn register_hashing_metrics() {
    // Added to, not set: a hash already under way keeps its count.
    gauge!(HASHING_WAITING).increment(0.0);
    gauge!(HASHING_ACTIVE).increment(0.0);
    counter!(HASHING_REFUSED).increment(0);
}

/// One on a gauge while it lives: a wait given up (its caller gone) leaves the gauge too.
struct Counting(Gauge);

impl Counting {
    fn new(gauge: Gauge) -> Self {
        gauge.increment(1.0);
        Self(gauge)
    }
}

impl Drop for Counting {
    fn drop(&mut self) {
        self.0.decrement(1.0);
    }
}

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
                    let mut worker = Worker::new();
                    loop {
                        // The lock is held only while waiting for the next job, never while hashing.
                        let next = queue.lock().map(|q| q.recv());
                        match next {
                            Ok(Ok(job)) => job(&mut worker),
                            _ => break,
                        }
                    }
                })
                .expect("the OS starts a hashing thread");
        }
        Self { slots: Arc::new(Semaphore::new(limits.slots())), max_wait: limits.max_wait, jobs }
    }

    /// Runs `work` on a hashing thread once a slot is free, waiting at most `max_wait`.
    async fn run<T: Send + 'static>(&self, work: impl FnOnce(&mut Worker) -> T + Send + 'static) -> Result<T, HashingBusy> {
        let waiting = Counting::new(gauge!(HASHING_WAITING));
        let permit = tokio::time::timeout(self.max_wait, self.slots.clone().acquire_owned()).await;
        drop(waiting);
        let Ok(Ok(permit)) = permit else {
            counter!(HASHING_REFUSED).increment(1);
            return Err(HashingBusy);
        };
        let (done, result) = oneshot::channel();
        let job: Job = Box::new(move |worker| {
            let active = Counting::new(gauge!(HASHING_ACTIVE));
            let output = work(worker);
            drop(active);
            // Free the slot before answering: whoever has the answer may hash again at once
            // (answering first let a caller's next hash find the slot still taken, a flaky test).
            drop(permit);
            let _ = done.send(output);
        });
        self.jobs.send(job).map_err(|_| HashingBusy)?;
        result.await.map_err(|_| HashingBusy)
    }
}

#[async_trait]
impl PasswordHasher for Argon2Hasher {
    async fn hash(&self, password: &Password) -> Result<String, HashingBusy> {
        let password = password.expose().to_string();
        self.run(move |worker| worker.hash(password.as_bytes())).await
    }

    async fn verify(&self, candidate: &str, hash: &str) -> Result<bool, HashingBusy> {
        let candidate = candidate.to_string();
        let hash = hash.to_string();
        self.run(move |worker| worker.verify(candidate.as_bytes(), &hash)).await
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

    #[tokio::test]
    async fn hashes_written_by_argon2s_own_api_still_verify_and_ours_read_the_same() {
        use argon2::password_hash::{PasswordHasher as _, PasswordVerifier as _};
        let standard = Argon2::default().hash_password(b"abcd1234", &SaltString::generate(&mut OsRng)).unwrap().to_string();
        let hasher = Argon2Hasher::default();
        assert!(hasher.verify("abcd1234", &standard).await.unwrap());
        assert!(!hasher.verify("abcd12345", &standard).await.unwrap());
        let ours = hasher.hash(&Password::parse("abcd1234").unwrap()).await.unwrap();
        assert!(ours.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"), "{ours}");
        let parsed = PasswordHash::new(&ours).unwrap();
        assert!(Argon2::default().verify_password(b"abcd1234", &parsed).is_ok(), "argon2's own verifier agrees");
    }

    #[test]
    fn a_worker_takes_its_memory_at_its_first_hash_and_keeps_it() {
        let mut worker = Worker::new();
        assert!(worker.memory.is_empty(), "a thread that never hashes holds no 19 MiB");
        let hash = worker.hash(b"abcd1234");
        let blocks = worker.argon2.params().block_count();
        assert_eq!(worker.memory.len(), blocks);
        assert!(worker.verify(b"abcd1234", &hash));
        assert_eq!(worker.memory.len(), blocks, "kept, not taken again");
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
