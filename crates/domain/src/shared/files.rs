//! Uploaded files: avatars (public) and organization documents (private).

use std::pin::Pin;

use async_trait::async_trait;
use bytes::Bytes;
use futures_core::Stream;
use thiserror::Error;

use crate::shared::upload::FileKind;

/// Who may read a stored file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Visibility {
    /// Served to anyone under `/media/…` (avatars).
    Public,
    /// Never served over HTTP; the back office exports it (organization documents).
    Private,
}

/// Where a file was stored: a generated name, never the uploader's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredFile {
    /// Stable key, e.g. `avatars/3f2a….png`; public keys are served at `/media/{key}`.
    pub key: String,
    pub visibility: Visibility,
}

impl StoredFile {
    /// A public file by its key (what follows `/media/`), when the key is plain.
    pub fn public(key: &str) -> Option<Self> {
        Some(Self { key: key.to_string(), visibility: Visibility::Public }).filter(Self::has_plain_key)
    }

    /// Whether the key is made of plain names only (`avatars/3f2a….png`): nothing empty, no
    /// `.` or `..`, not absolute. Every store refuses any other key, so a crafted one never
    /// reaches outside the files it names.
    pub fn has_plain_key(&self) -> bool {
        !self.key.is_empty() && self.key.split('/').all(|part| !part.is_empty() && part != "." && part != "..")
    }

    /// The URL path of a public file.
    pub fn public_path(&self) -> Option<String> {
        (self.visibility == Visibility::Public).then(|| format!("/media/{}", self.key))
    }

    /// The public file behind a path made by [`StoredFile::public_path`] (what an account
    /// keeps as its avatar); `None` for any other path, e.g. an outside URL.
    pub fn from_public_path(path: &str) -> Option<Self> {
        Self::public(path.strip_prefix("/media/")?)
    }
}

#[derive(Debug, Error)]
#[error("file_storage_failed: {0}")]
pub struct FileStoreError(pub String);

/// A stored file read in pieces, so serving one never holds it whole in memory.
pub struct OpenedFile {
    /// Bytes in all, for `Content-Length`.
    pub size: u64,
    pub chunks: Pin<Box<dyn Stream<Item = Result<Bytes, FileStoreError>> + Send>>,
}

impl std::fmt::Debug for OpenedFile {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("OpenedFile").field("size", &self.size).finish_non_exhaustive()
    }
}

#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait FileStore: Send + Sync {
    /// Stores bytes already checked by [`crate::shared::upload::Upload`] under a new generated name in `folder`.
    ///
    /// # Errors
    /// When the disk (or bucket) refuses the write; nothing is kept.
    async fn save(&self, folder: &str, kind: FileKind, visibility: Visibility, bytes: Vec<u8>) -> Result<StoredFile, FileStoreError>;

    /// Reads a stored file back (back-office export).
    ///
    /// # Errors
    /// When it is missing or unreadable.
    async fn read(&self, file: &StoredFile) -> Result<Vec<u8>, FileStoreError>;

    /// Opens a stored file to stream it (public media); `None` when there is no such file.
    ///
    /// # Errors
    /// When the disk (or bucket) cannot be reached.
    async fn open(&self, file: &StoredFile) -> Result<Option<OpenedFile>, FileStoreError>;

    /// Removes a file no longer referenced (a replaced document or avatar). A file already
    /// gone is not an error.
    ///
    /// # Errors
    /// When the disk (or bucket) refuses.
    async fn delete(&self, file: &StoredFile) -> Result<(), FileStoreError>;
}
