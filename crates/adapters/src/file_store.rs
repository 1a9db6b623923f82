//! Uploaded files on local disk: public ones under `DATA_DIR/media` (served at `/media/…`),
//! private ones under `DATA_DIR/private` (never served).

use std::path::{Path, PathBuf};

use async_trait::async_trait;
use tutorhub_domain::ports::{FileStore, FileStoreError, StoredFile, Visibility};
use tutorhub_domain::upload::FileKind;
use uuid::Uuid;

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
        let relative = Path::new(&file.key);
        if !relative.components().all(|c| matches!(c, std::path::Component::Normal(_))) {
            return Err(FileStoreError(format!("refusing key {:?}", file.key)));
        }
        Ok(root.join(relative))
    }
}

#[async_trait]
impl FileStore for LocalFileStore {
    async fn save(&self, folder: &str, kind: FileKind, visibility: Visibility, bytes: Vec<u8>) -> Result<StoredFile, FileStoreError> {
        let file = StoredFile { key: format!("{folder}/{}.{}", Uuid::new_v4().simple(), kind.extension()), visibility };
        let path = self.path_of(&file)?;
        let dir = path.parent().ok_or_else(|| FileStoreError("no parent folder".into()))?;
        tokio::fs::create_dir_all(dir).await.map_err(|e| FileStoreError(e.to_string()))?;
        // Write beside, then rename: a reader never sees half a file.
        let partial = path.with_extension("part");
        tokio::fs::write(&partial, bytes).await.map_err(|e| FileStoreError(e.to_string()))?;
        tokio::fs::rename(&partial, &path).await.map_err(|e| FileStoreError(e.to_string()))?;
        Ok(file)
    }

    async fn read(&self, file: &StoredFile) -> Result<Vec<u8>, FileStoreError> {
        tokio::fs::read(self.path_of(file)?).await.map_err(|e| FileStoreError(e.to_string()))
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
