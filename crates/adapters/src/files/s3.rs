//! Uploaded files in an S3-compatible bucket (`STORAGE=s3`), so every server of a site reads
//! the same files: public ones under `public/`, private ones under `private/`, each under the
//! key the local store would use. The bucket itself stays private: the servers stream public
//! media at `/media/…` and the back office exports documents.

use std::time::Duration;

use async_trait::async_trait;
use futures_util::TryStreamExt;
use object_store::aws::{AmazonS3, AmazonS3Builder};
use object_store::path::Path;
use object_store::{ClientOptions, ObjectStoreExt, PutPayload, RetryConfig};
use tutorhub_domain::shared::files::{FileStore, FileStoreError, OpenedFile, StoredFile, Visibility};
use tutorhub_domain::shared::upload::FileKind;
use uuid::Uuid;

/// Where the bucket is. Credentials come from the environment (`AWS_ACCESS_KEY_ID`,
/// `AWS_SECRET_ACCESS_KEY`, optionally `AWS_SESSION_TOKEN`), as every S3 tool reads them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct S3Settings {
    /// `https://s3.ap-east-1.amazonaws.com`, a MinIO or R2 address; `None` for AWS itself.
    pub endpoint: Option<String>,
    pub bucket: String,
    pub region: String,
    /// `https://endpoint/bucket/key` rather than `https://bucket.endpoint/key` (MinIO and
    /// most self-hosted servers need it).
    pub path_style: bool,
}

pub struct S3FileStore {
    bucket: AmazonS3,
    name: String,
}

/// A request (retries included) gives up after this long: an upload or a media request
/// answers with an error rather than hanging while the bucket is unreachable.
const GIVE_UP_AFTER: Duration = Duration::from_secs(15);

impl S3FileStore {
    /// A client of the bucket; nothing is sent until the first file is read or written.
    ///
    /// # Errors
    /// When the settings are not usable (e.g. a malformed endpoint).
    pub fn new(settings: &S3Settings) -> Result<Self, FileStoreError> {
        crate::tls::install_crypto_provider();
        let mut builder = AmazonS3Builder::from_env()
            .with_bucket_name(&settings.bucket)
            .with_region(&settings.region)
            .with_virtual_hosted_style_request(!settings.path_style)
            .with_client_options(ClientOptions::new().with_connect_timeout(Duration::from_secs(5)).with_timeout(GIVE_UP_AFTER))
            .with_retry(RetryConfig { max_retries: 3, retry_timeout: GIVE_UP_AFTER, ..RetryConfig::default() });
        if let Some(endpoint) = &settings.endpoint {
            builder = builder.with_endpoint(endpoint).with_allow_http(endpoint.starts_with("http://"));
        }
        let bucket = builder.build().map_err(failed)?;
        Ok(Self { bucket, name: settings.bucket.clone() })
    }

    /// The bucket's name, for messages.
    pub fn bucket_name(&self) -> &str {
        &self.name
    }

    fn location(file: &StoredFile) -> Result<Path, FileStoreError> {
        let prefix = match file.visibility {
            Visibility::Public => "public",
            Visibility::Private => "private",
        };
        // Keys are generated (`avatars/uuid.png`); refuse anything else rather than let a
        // crafted key reach another part of the bucket.
        let plain = !file.key.is_empty() && file.key.split('/').all(|part| !part.is_empty() && part != "." && part != "..");
        if !plain {
            return Err(FileStoreError(format!("refusing key {:?}", file.key)));
        }
        Path::parse(format!("{prefix}/{}", file.key)).map_err(|e| FileStoreError(e.to_string()))
    }

    /// Writes `bytes` under the file's own key (what `storage migrate` copies).
    ///
    /// # Errors
    /// When the bucket refuses the write.
    pub async fn put(&self, file: &StoredFile, bytes: Vec<u8>) -> Result<(), FileStoreError> {
        self.bucket.put(&Self::location(file)?, PutPayload::from(bytes)).await.map_err(failed)?;
        Ok(())
    }

    /// The size of a stored file, `None` when the bucket has no such file.
    ///
    /// # Errors
    /// When the bucket cannot be reached.
    pub async fn size_of(&self, file: &StoredFile) -> Result<Option<u64>, FileStoreError> {
        match self.bucket.head(&Self::location(file)?).await {
            Ok(meta) => Ok(Some(meta.size)),
            Err(object_store::Error::NotFound { .. }) => Ok(None),
            Err(e) => Err(failed(e)),
        }
    }
}

fn failed(e: object_store::Error) -> FileStoreError {
    FileStoreError(e.to_string())
}

#[async_trait]
impl FileStore for S3FileStore {
    async fn save(&self, folder: &str, kind: FileKind, visibility: Visibility, bytes: Vec<u8>) -> Result<StoredFile, FileStoreError> {
        let file = StoredFile { key: format!("{folder}/{}.{}", Uuid::new_v4().simple(), kind.extension()), visibility };
        // One PUT: the object appears whole or not at all.
        self.put(&file, bytes).await?;
        Ok(file)
    }

    async fn read(&self, file: &StoredFile) -> Result<Vec<u8>, FileStoreError> {
        let found = self.bucket.get(&Self::location(file)?).await.map_err(failed)?;
        Ok(found.bytes().await.map_err(failed)?.to_vec())
    }

    async fn open(&self, file: &StoredFile) -> Result<Option<OpenedFile>, FileStoreError> {
        match self.bucket.get(&Self::location(file)?).await {
            Ok(found) => Ok(Some(OpenedFile { size: found.meta.size, chunks: Box::pin(found.into_stream().map_err(failed)) })),
            Err(object_store::Error::NotFound { .. }) => Ok(None),
            Err(e) => Err(failed(e)),
        }
    }

    async fn delete(&self, file: &StoredFile) -> Result<(), FileStoreError> {
        match self.bucket.delete(&Self::location(file)?).await {
            Ok(()) | Err(object_store::Error::NotFound { .. }) => Ok(()),
            Err(e) => Err(failed(e)),
        }
    }
}
