//! `tutorhub storage migrate --to s3`: copies the files of the local folders into the bucket
//! under the same keys, so the database's references stay valid. Safe to run again: a file
//! the bucket already holds at the same size is left alone, so an interrupted run resumes.

use tutorhub_domain::shared::files::{FileStore, FileStoreError, StoredFile};

use crate::files::local::LocalFileStore;
use crate::files::s3::S3FileStore;

/// What a run did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct MigrationReport {
    pub copied: usize,
    /// Already in the bucket (an earlier run).
    pub present: usize,
}

/// Copies every local file missing from the bucket; `on_file` hears of each file once done.
///
/// # Errors
/// A folder cannot be listed, a file read, or the bucket refuses: files copied so far stay
/// copied, and the next run goes on from there.
pub async fn copy_to_bucket(
    from: &LocalFileStore,
    to: &S3FileStore,
    mut on_file: impl FnMut(&StoredFile, usize),
) -> Result<MigrationReport, FileStoreError> {
    let files = from.all_files().map_err(|e| FileStoreError(e.to_string()))?;
    let mut report = MigrationReport::default();
    for (done, file) in files.iter().enumerate() {
        let bytes = from.read(file).await?;
        if to.size_of(file).await? == Some(bytes.len() as u64) {
            report.present += 1;
        } else {
            to.put(file, bytes).await?;
            report.copied += 1;
        }
        on_file(file, done + 1);
    }
    Ok(report)
}

/// How many files a run would look at, for a progress bar.
///
/// # Errors
/// A folder cannot be listed.
pub fn count_local(from: &LocalFileStore) -> Result<usize, FileStoreError> {
    from.all_files().map(|files| files.len()).map_err(|e| FileStoreError(e.to_string()))
}
