//! Uploaded files on local disk: public ones under `DATA_DIR/media` (served at `/media/…`),
//! private ones under `DATA_DIR/private` (never served). Also the data folder's permissions,
//! which every adapter writing into it follows.

use std::io;
use std::path::{Path, PathBuf};

use async_trait::async_trait;
use bytes::Bytes;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tutorhub_domain::shared::files::{FileStore, FileStoreError, OpenedFile, StoredFile, Visibility};
use tutorhub_domain::shared::upload::FileKind;
use uuid::Uuid;

/// Everything tutorhub writes under the data folder is readable by the server's own user only:
/// folders 0700 and files 0600, whatever the umask. The database holds phones and password
/// hashes, the outboxes codes and reset links, `private/` identity documents, `jwt-secret` the
/// key that signs sessions. Public media (avatars) follow the same rule: the server reads and
/// serves them itself, nobody else needs to, and one rule is simpler to keep and to check.
pub const PRIVATE_DIR_MODE: u32 = 0o700;
pub const PRIVATE_FILE_MODE: u32 = 0o600;

/// Creates `dir`, and its missing parents, as private folders (existing ones are left as they
/// are; [`secure_data_dir`] tightens those at start).
///
/// # Errors
/// When a folder cannot be created.
pub async fn create_private_dir(dir: &Path) -> io::Result<()> {
    let mut builder = tokio::fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    builder.mode(PRIVATE_DIR_MODE);
    builder.create(dir).await
}

/// Options that create a file as private (0600) from the start, so it is never readable by
/// others, not even between its creation and a later chmod.
pub fn private_file_options() -> tokio::fs::OpenOptions {
    let mut options = tokio::fs::OpenOptions::new();
    #[cfg(unix)]
    options.mode(PRIVATE_FILE_MODE);
    options
}

/// Makes the data folder private at start: creates it when missing, and takes group and other
/// permissions off everything in it that an older version (or a permissive umask) left
/// readable, folders and files alike. Symbolic links are neither followed nor changed.
///
/// # Errors
/// When the folder cannot be created, read or changed.
pub fn secure_data_dir(data_dir: &Path) -> io::Result<()> {
    create_private_dir_blocking(data_dir)?;
    tighten(data_dir)
}

/// [`create_private_dir`] for code that is not async.
pub(crate) fn create_private_dir_blocking(dir: &Path) -> io::Result<()> {
    let mut builder = std::fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    std::os::unix::fs::DirBuilderExt::mode(&mut builder, PRIVATE_DIR_MODE);
    builder.create(dir)
}

/// Removes group and other permissions from `path` and, for a folder, from all it holds.
pub(crate) fn tighten(path: &Path) -> io::Result<()> {
    let Some(is_dir) = tighten_one(path)? else {
        return Ok(());
    };
    if is_dir {
        for entry in std::fs::read_dir(path)? {
            tighten_if_there(&entry?.path())?;
        }
    }
    Ok(())
}

/// Tightens `path` itself, unless it is a symbolic link: whether it is a folder, or `None` for a
/// link. The file is opened without following a link and changed through what was opened, so a
/// file swapped for a link after the check cannot have the link's target changed instead. What
/// cannot be opened to read (a file of ours left without read permission, a socket) is checked
/// and changed by its path.
#[cfg(unix)]
fn tighten_one(path: &Path) -> io::Result<Option<bool>> {
    use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};
    let tighter = |mode: u32| (mode & 0o077 != 0).then(|| std::fs::Permissions::from_mode(mode & 0o700));
    // Non-blocking: opening a named pipe waits for a writer otherwise.
    let opened = std::fs::OpenOptions::new().read(true).custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK).open(path);
    match opened {
        Ok(file) => {
            let metadata = file.metadata()?;
            if let Some(permissions) = tighter(metadata.permissions().mode()) {
                file.set_permissions(permissions)?;
            }
            Ok(Some(metadata.is_dir()))
        }
        Err(error) if error.raw_os_error() == Some(libc::ELOOP) => Ok(None),
        Err(error) if matches!(error.raw_os_error(), Some(libc::EACCES | libc::ENXIO | libc::EOPNOTSUPP)) => {
            let metadata = std::fs::symlink_metadata(path)?;
            if metadata.file_type().is_symlink() {
                return Ok(None);
            }
            if let Some(permissions) = tighter(metadata.permissions().mode()) {
                std::fs::set_permissions(path, permissions)?;
            }
            Ok(Some(metadata.is_dir()))
        }
        Err(error) => Err(error),
    }
}

#[cfg(not(unix))]
fn tighten_one(path: &Path) -> io::Result<Option<bool>> {
    let metadata = std::fs::symlink_metadata(path)?;
    Ok((!metadata.file_type().is_symlink()).then(|| metadata.is_dir()))
}

/// [`tighten`] for what a folder listed: a running server (or another command) removes files
/// while the walk goes on, above all the search index's segments, lock and temporary files, and
/// what is gone needs no tightening. A back-office command started while the site was busy used
/// to fail here now and then ("cannot create the data folder": No such file or directory).
fn tighten_if_there(path: &Path) -> io::Result<()> {
    match tighten(path) {
        Err(error) if error.kind() == io::ErrorKind::NotFound => Ok(()),
        done => done,
    }
}

pub struct LocalFileStore {
    media: PathBuf,
    private: PathBuf,
}

impl LocalFileStore {
    pub fn new(data_dir: &Path) -> Self {
        Self { media: data_dir.join("media"), private: data_dir.join("private") }
    }

    /// The folder served at `/media`.
    pub fn media_dir(&self) -> &Path {
        &self.media
    }

    fn path_of(&self, file: &StoredFile) -> Result<PathBuf, FileStoreError> {
        let root = match file.visibility {
            Visibility::Public => &self.media,
            Visibility::Private => &self.private,
        };
        if !file.has_plain_key() {
            return Err(FileStoreError(format!("refusing key {:?}", file.key)));
        }
        Ok(root.join(&file.key))
    }

    /// Every stored file, public and private (what `storage migrate` copies). Files still
    /// being written (`.part`) are left out.
    ///
    /// # Errors
    /// When a folder cannot be read.
    pub fn all_files(&self) -> io::Result<Vec<StoredFile>> {
        let mut files = Vec::new();
        for (root, visibility) in [(&self.media, Visibility::Public), (&self.private, Visibility::Private)] {
            let mut folders = vec![root.clone()];
            while let Some(folder) = folders.pop() {
                let entries = match std::fs::read_dir(&folder) {
                    Err(e) if e.kind() == io::ErrorKind::NotFound => continue,
                    entries => entries?,
                };
                for entry in entries {
                    let entry = entry?;
                    let (path, kind) = (entry.path(), entry.file_type()?);
                    // Links are not followed: a looping one would never end the walk.
                    if kind.is_dir() {
                        folders.push(path);
                    } else if kind.is_file()
                        && path.extension().is_none_or(|e| e != "part")
                        && let Ok(relative) = path.strip_prefix(root)
                    {
                        files.push(StoredFile { key: relative.to_string_lossy().into_owned(), visibility });
                    }
                }
            }
        }
        files.sort_by(|a, b| a.key.cmp(&b.key));
        Ok(files)
    }
}

/// How much of a file one piece of a stream holds.
const CHUNK_BYTES: usize = 64 * 1024;

#[async_trait]
impl FileStore for LocalFileStore {
    async fn save(&self, folder: &str, kind: FileKind, visibility: Visibility, bytes: Vec<u8>) -> Result<StoredFile, FileStoreError> {
        let file = StoredFile { key: format!("{folder}/{}.{}", Uuid::new_v4().simple(), kind.extension()), visibility };
        let path = self.path_of(&file)?;
        let dir = path.parent().ok_or_else(|| FileStoreError("no parent folder".into()))?;
        create_private_dir(dir).await.map_err(|e| FileStoreError(e.to_string()))?;
        // Write beside, then rename: a reader never sees half a file.
        let partial = path.with_extension("part");
        let write = async {
            let mut file = private_file_options().write(true).create(true).truncate(true).open(&partial).await?;
            file.write_all(&bytes).await?;
            file.flush().await
        };
        write.await.map_err(|e| FileStoreError(e.to_string()))?;
        tokio::fs::rename(&partial, &path).await.map_err(|e| FileStoreError(e.to_string()))?;
        Ok(file)
    }

    async fn read(&self, file: &StoredFile) -> Result<Vec<u8>, FileStoreError> {
        tokio::fs::read(self.path_of(file)?).await.map_err(|e| FileStoreError(e.to_string()))
    }

    async fn open(&self, file: &StoredFile) -> Result<Option<OpenedFile>, FileStoreError> {
        let opened = match tokio::fs::File::open(self.path_of(file)?).await {
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
            opened => opened.map_err(|e| FileStoreError(e.to_string()))?,
        };
        let metadata = opened.metadata().await.map_err(|e| FileStoreError(e.to_string()))?;
        if !metadata.is_file() {
            return Ok(None);
        }
        // Pieces no larger than the file: an avatar of a few KB takes one small buffer.
        let piece = usize::try_from(metadata.len()).unwrap_or(CHUNK_BYTES).clamp(1, CHUNK_BYTES);
        let chunks = futures_util::stream::try_unfold(opened, move |mut opened| async move {
            let mut buffer = vec![0; piece];
            let read = opened.read(&mut buffer).await.map_err(|e| FileStoreError(e.to_string()))?;
            buffer.truncate(read);
            Ok((read > 0).then(|| (Bytes::from(buffer), opened)))
        });
        Ok(Some(OpenedFile { size: metadata.len(), chunks: Box::pin(chunks) }))
    }

    async fn delete(&self, file: &StoredFile) -> Result<(), FileStoreError> {
        match tokio::fs::remove_file(self.path_of(file)?).await {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(FileStoreError(e.to_string())),
            _ => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Files come and go in the data folder while a command tightens it (the server's index
    /// writes and merges segments): none of them may make the command fail.
    #[test]
    fn securing_the_data_folder_ignores_files_removed_during_the_walk() {
        let dir = tempfile::tempdir().unwrap();
        let churning = dir.path().join("search");
        std::fs::create_dir(&churning).unwrap();
        let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let churn = {
            let (churning, stop) = (churning.clone(), stop.clone());
            std::thread::spawn(move || {
                let mut n = 0_u64;
                while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                    let file = churning.join(format!("{}.tmp", n % 64));
                    let sub = churning.join(format!("segment-{}", n % 16));
                    let _ = std::fs::write(&file, b"x");
                    let _ = std::fs::create_dir(&sub).and_then(|()| std::fs::write(sub.join("f"), b"y"));
                    let _ = std::fs::remove_file(churning.join(format!("{}.tmp", (n + 32) % 64)));
                    let _ = std::fs::remove_dir_all(churning.join(format!("segment-{}", (n + 8) % 16)));
                    n += 1;
                }
            })
        };
        let walks = (0..2_000).map(|_| secure_data_dir(dir.path())).filter(Result::is_err).count();
        stop.store(true, std::sync::atomic::Ordering::Relaxed);
        churn.join().unwrap();
        assert_eq!(walks, 0, "walks that failed on a file removed under them");
    }

    #[tokio::test]
    async fn stores_under_generated_names_apart_by_visibility() {
        let dir = tempfile::tempdir().unwrap();
        let store = LocalFileStore::new(dir.path());
        let avatar = store.save("avatars", FileKind::Png, Visibility::Public, b"png".to_vec()).await.unwrap();
        let document = store.save("documents", FileKind::Pdf, Visibility::Private, b"pdf".to_vec()).await.unwrap();
        assert!(avatar.key.starts_with("avatars/") && avatar.key.ends_with(".png"));
        assert!(dir.path().join("media").join(&avatar.key).exists());
        assert!(dir.path().join("private").join(&document.key).exists());
        assert_eq!(avatar.public_path().unwrap(), format!("/media/{}", avatar.key));
        assert_eq!(document.public_path(), None);
        assert_eq!(store.read(&document).await.unwrap(), b"pdf");
        store.delete(&document).await.unwrap();
        assert!(!dir.path().join("private").join(&document.key).exists());
        store.delete(&document).await.expect("a file already gone is not an error");
        let escape = StoredFile { key: "../x".into(), visibility: Visibility::Private };
        assert!(store.read(&escape).await.is_err());
        assert!(store.delete(&escape).await.is_err());
    }
}
