//! One tantivy index that changes while it is searched: documents replaced under their key,
//! each batch committed and made visible to the next search at once.

use std::path::Path;
use std::sync::Mutex;

use tantivy::directory::MmapDirectory;
use tantivy::schema::Schema;
use tantivy::{Index, IndexReader, IndexWriter, ReloadPolicy, Searcher, TantivyDocument, Term};

use super::segment_cache::SegmentCache;
use super::words::{TOKENIZER, WordTokenizer};

/// Memory the writer may fill before it writes a segment. Building at start indexes everything
/// at once with both cores; following the feed afterwards writes a few documents at a time.
const BUILD_THREADS: usize = 2;
const BUILD_BUDGET: usize = 80_000_000;
const FOLLOW_BUDGET: usize = 20_000_000;

pub struct LiveIndex {
    index: Index,
    /// Always present; empty only while [`Self::settle`] swaps it.
    writer: Mutex<Option<IndexWriter>>,
    reader: IndexReader,
    /// What searches keep between them, per segment of the current searcher.
    cache: SegmentCache,
}

/// What one batch does to the index.
pub enum Edit {
    /// Removes every document holding this term (the document's key).
    Delete(Term),
    Add(TantivyDocument),
}

impl LiveIndex {
    /// A new, empty index in `folder` (memory-mapped files: the operating system keeps what
    /// is searched often in memory, not the process's heap).
    pub fn create(folder: &Path, schema: Schema) -> tantivy::Result<Self> {
        std::fs::create_dir_all(folder)?;
        let index = Index::create(MmapDirectory::open(folder)?, schema, tantivy::IndexSettings::default())?;
        index.tokenizers().register(TOKENIZER, WordTokenizer);
        let writer = index.writer_with_num_threads(BUILD_THREADS, BUILD_BUDGET)?;
        let reader = index.reader_builder().reload_policy(ReloadPolicy::Manual).try_into()?;
        Ok(Self { index, writer: Mutex::new(Some(writer)), reader, cache: SegmentCache::default() })
    }

    /// Applies `edits` in order, commits them and makes them visible to the next search.
    pub fn apply(&self, edits: Vec<Edit>) -> tantivy::Result<()> {
        self.write(edits, true)
    }

    /// Adds documents while building, committed later by [`Self::settle`]: one commit for the
    /// whole build leaves a few large segments (searched fast) rather than one per batch.
    pub fn load(&self, documents: Vec<TantivyDocument>) -> tantivy::Result<()> {
        self.write(documents.into_iter().map(Edit::Add).collect(), false)
    }

    /// Runs `work` with the writer (one at a time).
    fn with_writer<T>(&self, work: impl FnOnce(&mut IndexWriter) -> tantivy::Result<T>) -> tantivy::Result<T> {
        let mut slot = self.writer.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let writer = slot.as_mut().ok_or_else(|| tantivy::TantivyError::SystemError("the index writer is gone".into()))?;
        work(writer)
    }

    fn write(&self, edits: Vec<Edit>, commit: bool) -> tantivy::Result<()> {
        self.with_writer(|writer| {
            for edit in edits {
                match edit {
                    Edit::Delete(term) => {
                        writer.delete_term(term);
                    }
                    Edit::Add(document) => {
                        writer.add_document(document)?;
                    }
                }
            }
            if commit {
                writer.commit()?;
                self.reload()?;
            }
            Ok(())
        })
    }

    /// Removes every document, visible with the next commit (a rebuild loads them again).
    pub fn clear(&self) -> tantivy::Result<()> {
        self.with_writer(|writer| {
            // Documents a failed earlier reload left uncommitted go first: deleting all
            // documents drops only committed segments, and they would come back at the commit.
            writer.rollback()?;
            writer.delete_all_documents()?;
            Ok(())
        })
    }

    /// Ends the build: commits what [`Self::load`] added, makes it searchable, and swaps the
    /// build's writer for a smaller one for the few documents each change brings.
    pub fn settle(&self) -> tantivy::Result<()> {
        let mut slot = self.writer.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        // Only one writer may hold the index: the big one commits, finishes its merges and goes.
        if let Some(mut old) = slot.take() {
            old.commit()?;
            old.wait_merging_threads()?;
        }
        self.reload()?;
        *slot = Some(follow_writer(&self.index)?);
        Ok(())
    }

    pub fn searcher(&self) -> Searcher {
        self.reader.searcher()
    }

    pub fn cache(&self) -> &SegmentCache {
        &self.cache
    }

    /// Makes the last commit visible, and forgets what was kept of the segments and deletions
    /// it replaced.
    fn reload(&self) -> tantivy::Result<()> {
        self.reader.reload()?;
        self.cache.keep_only(&self.reader.searcher());
        Ok(())
    }
}

/// The writer that follows the feed, once the build's has let the index's lock go. The lock is a
/// `flock` on a file, held by every descriptor of it: a process started at that moment (a test
/// running `tutorhub`, anything this server spawns) holds a copy of the build writer's
/// descriptor between its fork and its exec, and the lock stays busy for that instant. Tried
/// again for up to a second (a `cargo test` of many such spawns in one process found it busy).
fn follow_writer(index: &Index) -> tantivy::Result<IndexWriter> {
    for _ in 0..100 {
        match index.writer_with_num_threads(1, FOLLOW_BUDGET) {
            Err(tantivy::TantivyError::LockFailure(tantivy::directory::error::LockError::LockBusy, _)) => {
                std::thread::sleep(std::time::Duration::from_millis(10));
            }
            other => return other,
        }
    }
    index.writer_with_num_threads(1, FOLLOW_BUDGET)
}
