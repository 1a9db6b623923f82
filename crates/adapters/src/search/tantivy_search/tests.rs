//! Catching up after a restored database, reloads that failed part way, and old index folders.

use std::collections::VecDeque;
use std::sync::Mutex as SyncMutex;

use tokio::sync::Notify;
use tutorhub_domain::search::ports::Change;

use super::*;

/// A feed at `now`, each of whose changes names case 1; `stale` answers the next version
/// reads first, as a read begun before another search caught up would.
#[derive(Default)]
struct Feed {
    now: AtomicI64,
    stale: SyncMutex<VecDeque<i64>>,
}

#[async_trait]
impl ChangeFeed for Feed {
    async fn version(&self) -> Result<i64, RepositoryError> {
        Ok(self.stale.lock().unwrap().pop_front().unwrap_or_else(|| self.now.load(Ordering::SeqCst)))
    }

    async fn changes_since(&self, version: i64, _limit: u32) -> Result<Vec<Change>, RepositoryError> {
        Ok((version + 1..=self.now.load(Ordering::SeqCst)).map(|version| Change { version, changed: Changed::Case(1) }).collect())
    }
}

/// An empty store that counts the loads of everything; once `gated`, a load waits for `gate`.
#[derive(Default)]
struct Store {
    loads: AtomicI64,
    gated: std::sync::atomic::AtomicBool,
    gate: Notify,
    failing: std::sync::atomic::AtomicBool,
}

#[async_trait]
impl SearchSource for Store {
    async fn cases_after(&self, _after: i64, _limit: u32) -> Result<Vec<Case>, RepositoryError> {
        self.loads.fetch_add(1, Ordering::SeqCst);
        if self.gated.load(Ordering::SeqCst) {
            self.gate.notified().await;
        }
        if self.failing.load(Ordering::SeqCst) {
            return Err(RepositoryError::Unavailable("the database went away".into()));
        }
        Ok(Vec::new())
    }

    async fn tutors_after(&self, _after: i64, _limit: u32) -> Result<Vec<TutorProfile>, RepositoryError> {
        Ok(Vec::new())
    }

    async fn cases(&self, _numbers: &[i64]) -> Result<Vec<Case>, RepositoryError> {
        Ok(Vec::new())
    }

    async fn tutors(&self, _ids: &[Uuid]) -> Result<Vec<TutorProfile>, RepositoryError> {
        Ok(Vec::new())
    }

    async fn tutors_numbered(&self, _numbers: &[i64]) -> Result<Vec<TutorProfile>, RepositoryError> {
        Ok(Vec::new())
    }
}

async fn search_over(feed: &Arc<Feed>, store: &Arc<Store>) -> (Arc<TantivySearch>, tempfile::TempDir) {
    let parent = tempfile::tempdir().unwrap();
    let (search, _) = TantivySearch::build(parent.path(), feed.clone(), store.clone()).await.unwrap();
    (Arc::new(search), parent)
}

#[tokio::test]
async fn a_version_read_before_another_search_caught_up_is_no_restored_database() {
    let (feed, store) = (Arc::new(Feed::default()), Arc::new(Store::default()));
    let (search, _folder) = search_over(&feed, &store).await;
    feed.now.store(2, Ordering::SeqCst);
    search.catch_up().await.unwrap();
    // Read as 1 before the lock, while another search applied up to 2.
    feed.stale.lock().unwrap().push_back(1);
    search.catch_up().await.unwrap();
    assert_eq!(store.loads.load(Ordering::SeqCst), 1, "loaded at the build only, never again");
}

#[tokio::test]
async fn no_search_answers_while_a_restored_database_is_loaded_again() {
    let (feed, store) = (Arc::new(Feed::default()), Arc::new(Store::default()));
    feed.now.store(3, Ordering::SeqCst);
    let (search, _folder) = search_over(&feed, &store).await;
    // Restored to version 2: the index, at 3, loads everything again (held at its start).
    store.gated.store(true, Ordering::SeqCst);
    feed.now.store(2, Ordering::SeqCst);
    let reloading = tokio::spawn({
        let search = search.clone();
        async move { search.catch_up().await }
    });
    while store.loads.load(Ordering::SeqCst) < 2 {
        tokio::task::yield_now().await;
    }
    // Meanwhile a write takes the feed back to 3, the version the old index was at.
    feed.now.store(3, Ordering::SeqCst);
    let waiting = tokio::spawn({
        let search = search.clone();
        async move { search.catch_up().await }
    });
    let early = tokio::time::timeout(std::time::Duration::from_millis(200), async {
        while !waiting.is_finished() {
            tokio::task::yield_now().await;
        }
    });
    assert!(early.await.is_err(), "a search went on from the index being replaced");
    store.gate.notify_one();
    reloading.await.unwrap().unwrap();
    waiting.await.unwrap().unwrap();
}

#[tokio::test]
async fn a_reload_that_failed_part_way_is_done_again_before_any_change_is_applied() {
    let (feed, store) = (Arc::new(Feed::default()), Arc::new(Store::default()));
    feed.now.store(3, Ordering::SeqCst);
    let (search, _folder) = search_over(&feed, &store).await;
    // Restored to version 2, and the database fails while everything is loaded again.
    store.failing.store(true, Ordering::SeqCst);
    feed.now.store(2, Ordering::SeqCst);
    assert!(search.catch_up().await.is_err());
    // Writes take the feed past the version the index was at: applying them would commit
    // the half-loaded index.
    store.failing.store(false, Ordering::SeqCst);
    feed.now.store(5, Ordering::SeqCst);
    search.catch_up().await.unwrap();
    assert_eq!(store.loads.load(Ordering::SeqCst), 3, "the build, the failed reload, and the reload again");
    search.catch_up().await.unwrap();
    assert_eq!(store.loads.load(Ordering::SeqCst), 3, "up to date: not loaded again");
}

#[test]
fn a_new_folder_removes_only_the_folders_no_server_holds() {
    let parent = tempfile::tempdir().unwrap();
    let (held, _owner) = fresh_folder(parent.path()).unwrap();
    let (gone, owner) = fresh_folder(parent.path()).unwrap();
    drop(owner); // that server stopped without cleaning up
    let creating = parent.path().join("index-being-created");
    std::fs::create_dir_all(&creating).unwrap();
    let (mine, _mine) = fresh_folder(parent.path()).unwrap();
    assert!(held.exists(), "a running server's index stays");
    assert!(!gone.exists(), "a stopped server's index goes");
    assert!(creating.exists(), "a folder without its lock yet stays");
    assert!(mine.join(OWNER_LOCK).exists());
}
