//! The search index of the case board and the tutor directory: tantivy, in a folder of its
//! own, derived from the database and following it.
//!
//! Built from the database when the server starts; from then on it follows the change feed,
//! which every write by any process appends to (other servers on the same PostgreSQL, the
//! back-office CLI). Before answering, a search reads the feed's version (one tiny query,
//! shared by every search that arrives while it runs: see `SqlChangeFeed`) and applies whatever
//! changed up to it first: no answer is older than a write committed before the request.
//! It answers with the rows themselves, read from the database or kept since a page showed
//! them, under the documents that found them (`kept_rows`, which says why that is exact).
//!
//! The feed keeps only its newest changes (the sweep job prunes it: `SqlChangeFeed::prune`).
//! Its versions have no holes, so an index that finds the next change it needs gone (a server
//! stalled for a long time) knows it missed some, and loads everything again before answering.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::Instant;

use async_trait::async_trait;
use tokio::sync::Mutex;
use tutorhub_domain::cases::model::Case;
use tutorhub_domain::cases::ports::CaseIndex;
use tutorhub_domain::cases::search::CaseFilter;
use tutorhub_domain::search::ports::{Change, ChangeFeed, Changed, SearchSource};
use tutorhub_domain::shared::keywords::Keywords;
use tutorhub_domain::shared::paging::{Page, PageRequest};
use tutorhub_domain::shared::storage::RepositoryError;
use tutorhub_domain::tutors::model::TutorProfile;
use tutorhub_domain::tutors::ports::TutorIndex;
use tutorhub_domain::tutors::search::TutorFilter;
use uuid::Uuid;

use super::case_documents::CaseFields;
use super::kept_rows::{Hit, KeptRows};
use super::live_index::{Edit, LiveIndex};
use super::pages::page_of_hits;
use super::queries::Search;
use super::tutor_documents::TutorFields;

/// Documents read from the database per query while building and following.
const BATCH: u32 = 5_000;

/// Memory for the rows of the cases and of the tutors that pages showed, each. A row not kept
/// is a read from the database, a round trip to another thread: without kept rows the tutors'
/// cold p99 is two thirds higher (ADR 0074). moka keeps its budget full where the two
/// generations kept before held between half and all of theirs: 64 MB here hold about what
/// 96 did then, within the server's 500 MB (docs/adr/0051-search-caches-bounded-in-bytes.md,
/// docs/adr/0052-pools-memory-and-measuring.md).
const KEPT_ROWS_BYTES: usize = 64 * 1024 * 1024;

pub struct TantivySearch {
    cases: Arc<LiveIndex>,
    case_fields: CaseFields,
    tutors: Arc<LiveIndex>,
    tutor_fields: TutorFields,
    /// The rows pages showed, under the documents that found them.
    case_rows: KeptRows<Case>,
    tutor_rows: KeptRows<TutorProfile>,
    feed: Arc<dyn ChangeFeed>,
    source: Arc<dyn SearchSource>,
    /// Where the index stands in the feed; one task catches up at a time.
    followed: Mutex<Followed>,
    /// The same, read without waiting: a search finding the index up to date (nearly every
    /// one) goes on at once instead of queueing for the lock behind the others.
    up_to_date_at: AtomicI64,
    /// Removed with the index when the server stops.
    folder: PathBuf,
    /// Held while the process lives: a starting server removes only folders whose lock it can
    /// take (their owner is gone), whatever process ids other machines or containers use.
    _owner: std::fs::File,
}

/// Where an index stands in the feed.
struct Followed {
    /// Every change up to this version is applied.
    version: i64,
    /// The change at `version`, when the index applied it (none after loading everything).
    last: Option<Change>,
}

/// How long the build took and what it holds, for the start-up log.
#[derive(Debug, Clone, Copy)]
pub struct BuildReport {
    pub cases: u64,
    pub tutors: u64,
    pub millis: u128,
}

impl TantivySearch {
    /// Builds the index from the database into a new folder under `parent` (one per server, so
    /// servers sharing a data folder never share an index), and reports how long it took.
    ///
    /// # Errors
    /// When the database or the folder fails.
    pub async fn build(
        parent: &Path,
        feed: Arc<dyn ChangeFeed>,
        source: Arc<dyn SearchSource>,
    ) -> Result<(Self, BuildReport), RepositoryError> {
        let started = Instant::now();
        let (folder, owner) = fresh_folder(parent).map_err(unavailable)?;
        let (case_schema, case_fields) = CaseFields::schema();
        let (tutor_schema, tutor_fields) = TutorFields::schema();
        let cases = Arc::new(LiveIndex::create(&folder.join("cases"), case_schema).map_err(unavailable)?);
        let tutors = Arc::new(LiveIndex::create(&folder.join("tutors"), tutor_schema).map_err(unavailable)?);
        // The version first: whatever is read next is at least that new, and whatever changes
        // after it is caught up from the feed (replacing a document twice is harmless).
        let applied = feed.version().await?;
        let search = Self {
            cases,
            case_fields,
            tutors,
            tutor_fields,
            case_rows: KeptRows::new(KEPT_ROWS_BYTES),
            tutor_rows: KeptRows::new(KEPT_ROWS_BYTES),
            feed,
            source,
            followed: Mutex::new(Followed { version: applied, last: None }),
            up_to_date_at: AtomicI64::new(applied),
            folder,
            _owner: owner,
        };
        let (cases, tutors) = search.load_everything().await?;
        search.cases.settle().map_err(unavailable)?;
        search.tutors.settle().map_err(unavailable)?;
        Ok((search, BuildReport { cases, tutors, millis: started.elapsed().as_millis() }))
    }

    /// Adds every case and tutor the database holds, uncommitted; answers how many of each.
    async fn load_everything(&self) -> Result<(u64, u64), RepositoryError> {
        let (mut cases, mut tutors) = (0, 0);
        let mut after = 0;
        loop {
            let batch = self.source.cases_after(after, BATCH).await?;
            let Some(last) = batch.last() else { break };
            after = last.number;
            cases += batch.len() as u64;
            self.cases.load(batch.iter().filter_map(|case| self.case_fields.document(case)).collect()).map_err(unavailable)?;
        }
        let mut after = 0;
        loop {
            let batch = self.source.tutors_after(after, BATCH).await?;
            let Some(last) = batch.last() else { break };
            after = last.user_number;
            tutors += batch.len() as u64;
            self.tutors.load(batch.iter().filter_map(|tutor| self.tutor_fields.document(tutor)).collect()).map_err(unavailable)?;
        }
        Ok((cases, tutors))
    }

    /// Replaces everything with what the database holds now, as a build does, and answers the
    /// feed version it holds from then on. Searches wait meanwhile, none going past the lock
    /// (one finding the version it read equal to the index's would otherwise answer from what
    /// is being replaced): none may answer from data that is known to be missing changes.
    async fn reload_everything(&self) -> Result<Followed, RepositoryError> {
        self.up_to_date_at.store(i64::MIN, Ordering::Release);
        let version = self.feed.version().await?;
        self.cases.clear().map_err(unavailable)?;
        self.tutors.clear().map_err(unavailable)?;
        let (cases, tutors) = self.load_everything().await?;
        apply(&self.cases, Vec::new()).await?;
        apply(&self.tutors, Vec::new()).await?;
        tracing::warn!(
            cases,
            tutors,
            version,
            "the search index was behind a pruned feed, or not following a restored one; it was loaded again"
        );
        Ok(Followed { version, last: None })
    }

    /// Applies every change up to the feed's current version. Searches do it first anyway;
    /// `serve` also calls it every second, so the first search after a write rarely waits.
    ///
    /// # Errors
    /// When the database or the index fails; the next call tries again.
    pub async fn catch_up(&self) -> Result<(), RepositoryError> {
        let wanted = self.feed.version().await?;
        if wanted == self.up_to_date_at.load(Ordering::Acquire) {
            return Ok(());
        }
        let mut followed = self.followed.lock().await;
        // Read again under the lock: the version read before it may be older than what another
        // search applied meanwhile, which is no sign of the feed going back.
        let wanted = if wanted < followed.version { self.feed.version().await? } else { wanted };
        if wanted < followed.version {
            // The feed went back (the database was restored from a backup): what the index
            // holds may be newer than the database, so it loads everything again.
            *followed = self.reload_everything().await?;
        } else if self.up_to_date_at.load(Ordering::Acquire) == i64::MIN {
            // A reload failed part way, leaving the index cleared and half loaded (uncommitted,
            // but the next change applied would commit it): it is done again first.
            *followed = self.reload_everything().await?;
        }
        while followed.version < wanted {
            let Some(changes) = self.changes_after(&followed).await? else {
                *followed = self.reload_everything().await?;
                continue;
            };
            let (mut cases, mut tutors) = (BTreeSet::new(), BTreeSet::new());
            for change in &changes {
                match change.changed {
                    Changed::Case(number) => cases.insert(number),
                    Changed::Tutor(id) => tutors.insert(id),
                };
            }
            if !cases.is_empty() {
                self.replace_cases(&cases.into_iter().collect::<Vec<_>>()).await?;
            }
            if !tutors.is_empty() {
                self.replace_tutors(&tutors.into_iter().collect::<Vec<_>>()).await?;
            }
            let last = changes.last().copied();
            *followed = Followed { version: last.map_or(followed.version, |change| change.version), last };
        }
        self.up_to_date_at.store(followed.version, Ordering::Release);
        Ok(())
    }

    /// How many changes of the feed this index has not applied yet (all of them while it was
    /// never loaded): what `tutorhub_search_index_lag_changes` shows.
    ///
    /// # Errors
    /// When the feed cannot be read.
    pub async fn lag(&self) -> Result<i64, RepositoryError> {
        let wanted = self.feed.version().await?;
        let applied = self.up_to_date_at.load(Ordering::Acquire);
        Ok(if applied == i64::MIN { wanted } else { (wanted - applied).max(0) })
    }

    /// The feed's changes after `followed`, from the next one on; none when the index cannot
    /// follow them and must load everything again:
    /// - the next change it needs is gone (the feed was pruned past a server that stalled);
    /// - the change it applied last is no longer the feed's at that version: the database was
    ///   restored from a backup and then written to past the index's version, so the feed did
    ///   not go back (which `catch_up` notices) but took another course. The last change is
    ///   read again with the new ones for that check, when the index applied one.
    async fn changes_after(&self, followed: &Followed) -> Result<Option<Vec<Change>>, RepositoryError> {
        let from = followed.last.map_or(followed.version, |last| last.version - 1);
        let mut changes = self.feed.changes_since(from, BATCH).await?;
        if let Some(last) = followed.last
            && changes.first().is_some_and(|first| first.version == last.version)
        {
            if changes[0] != last {
                return Ok(None);
            }
            changes.remove(0);
        }
        Ok(changes.first().is_some_and(|first| first.version == followed.version + 1).then_some(changes))
    }

    /// Each case's document replaced by what the database holds now (nothing when it left the
    /// board or is gone).
    async fn replace_cases(&self, numbers: &[i64]) -> Result<(), RepositoryError> {
        let current = self.source.cases(numbers).await?;
        let mut edits: Vec<Edit> = numbers.iter().map(|n| Edit::Delete(self.case_fields.key(*n))).collect();
        edits.extend(current.iter().filter_map(|case| self.case_fields.document(case)).map(Edit::Add));
        apply(&self.cases, edits).await
    }

    async fn replace_tutors(&self, ids: &[Uuid]) -> Result<(), RepositoryError> {
        let current = self.source.tutors(ids).await?;
        let mut edits: Vec<Edit> = ids.iter().map(|id| Edit::Delete(self.tutor_fields.key(*id))).collect();
        edits.extend(current.iter().filter_map(|tutor| self.tutor_fields.document(tutor)).map(Edit::Add));
        apply(&self.tutors, edits).await
    }
}

impl Drop for TantivySearch {
    fn drop(&mut self) {
        // The index is derived: the next start builds a new one.
        let _ = std::fs::remove_dir_all(&self.folder);
    }
}

#[async_trait]
impl CaseIndex for TantivySearch {
    async fn find(&self, filter: &CaseFilter, page: PageRequest) -> Result<Page<Case>, RepositoryError> {
        self.catch_up().await?;
        let found = search(&self.cases, self.case_fields.query(filter), &filter.words, page).await?;
        self.case_rows.rows_of(found, |numbers| async move { self.source.cases(&numbers).await }).await
    }
}

#[async_trait]
impl TutorIndex for TantivySearch {
    async fn find(&self, filter: &TutorFilter, page: PageRequest) -> Result<Page<TutorProfile>, RepositoryError> {
        self.catch_up().await?;
        let found = search(&self.tutors, self.tutor_fields.query(filter), &filter.words, page).await?;
        self.tutor_rows.rows_of(found, |numbers| async move { self.source.tutors_numbered(&numbers).await }).await
    }
}

// Searching and committing are CPU and disk work of several milliseconds: they run on the
// blocking pool, so the few async worker threads keep serving every other request.

// At most one search per core at a time: more would only share the same cores, while each
// thread of the pool keeps its own memory.

async fn search(index: &Arc<LiveIndex>, search: Search, words: &Keywords, page: PageRequest) -> Result<Page<Hit>, RepositoryError> {
    static CORES: std::sync::LazyLock<tokio::sync::Semaphore> =
        std::sync::LazyLock::new(|| tokio::sync::Semaphore::new(std::thread::available_parallelism().map_or(2, std::num::NonZero::get)));
    let _turn = CORES.acquire().await.map_err(unavailable)?;
    let (index, words) = (index.clone(), words.clone());
    tokio::task::spawn_blocking(move || page_of_hits(&index.searcher(), index.cache(), &search, &words, page))
        .await
        .map_err(unavailable)?
        .map_err(unavailable)
}

async fn apply(index: &Arc<LiveIndex>, edits: Vec<Edit>) -> Result<(), RepositoryError> {
    let index = index.clone();
    tokio::task::spawn_blocking(move || index.apply(edits)).await.map_err(unavailable)?.map_err(unavailable)
}

fn unavailable(error: impl std::fmt::Display) -> RepositoryError {
    RepositoryError::Unavailable(format!("search index: {error}").into())
}

/// A new `parent/index-{random}` and the lock its owner holds; folders whose owner is gone
/// (their lock is free) are removed.
fn fresh_folder(parent: &Path) -> std::io::Result<(PathBuf, std::fs::File)> {
    std::fs::create_dir_all(parent)?;
    for entry in std::fs::read_dir(parent)?.flatten() {
        if !entry.file_name().to_string_lossy().starts_with("index-") {
            continue;
        }
        // No lock file: a folder another server is creating this very moment; left alone.
        let Ok(lock) = std::fs::File::open(entry.path().join(OWNER_LOCK)) else { continue };
        if lock.try_lock().is_ok() {
            drop(lock);
            let _ = std::fs::remove_dir_all(entry.path());
        }
    }
    let folder = parent.join(format!("index-{}", Uuid::new_v4().simple()));
    std::fs::create_dir_all(&folder)?;
    let owner = std::fs::File::create(folder.join(OWNER_LOCK))?;
    owner.lock()?;
    Ok((folder, owner))
}

/// The file in an index folder its server holds locked while it runs.
const OWNER_LOCK: &str = "owner.lock";

#[cfg(test)]
mod tests;
