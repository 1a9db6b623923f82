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

/// Retries of a failed request stop starting after this long, so an upload answers with an
/// error rather than hanging while the bucket is unreachable (a request already sent may run
/// to `TRANSFER_LIMIT`).
const RETRY_FOR: Duration = Duration::from_secs(15);

/// One request, body included. Generous: `/media` streams a file from the bucket at the pace
/// of the visitor's phone (up to 5 MB), and the server's own request timeout ends a slow
/// visitor's download first.
const TRANSFER_LIMIT: Duration = Duration::from_secs(300);

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
            .with_client_options(ClientOptions::new().with_connect_timeout(Duration::from_secs(5)).with_timeout(TRANSFER_LIMIT))
            .with_retry(RetryConfig { max_retries: 3, retry_timeout: RETRY_FOR, ..RetryConfig::default() });
        if let Some(endpoint) = &settings.endpoint {
            let endpoint = endpoint_url(endpoint, &settings.bucket, settings.path_style)?;
            builder = builder.with_allow_http(endpoint.starts_with("http://")).with_endpoint(endpoint);
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
        if !file.has_plain_key() {
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

/// The address object_store sends requests to. In virtual-hosted style it takes a custom
/// endpoint as it is, so the bucket must already be in its host name: `https://s3.example.com`
/// becomes `https://BUCKET.s3.example.com` (without it, the first part of every key would be
/// read as the bucket).
fn endpoint_url(endpoint: &str, bucket: &str, path_style: bool) -> Result<String, FileStoreError> {
    let endpoint = endpoint.trim_end_matches('/');
    if path_style {
        return Ok(endpoint.to_string());
    }
    let (scheme, host) = endpoint
        .split_once("://")
        .ok_or_else(|| FileStoreError(format!("S3_ENDPOINT must start with https:// or http://, not {endpoint:?}")))?;
    if host.starts_with(&format!("{bucket}.")) {
        return Ok(endpoint.to_string());
    }
    Ok(format!("{scheme}://{bucket}.{host}"))
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

#[cfg(test)]
mod tests {
    use super::endpoint_url;

    #[test]
    fn a_virtual_hosted_endpoint_carries_the_bucket_in_its_host() {
        let virtual_hosted = |endpoint| endpoint_url(endpoint, "uploads", false).unwrap();
        assert_eq!(virtual_hosted("https://s3.ap-east-1.amazonaws.com"), "https://uploads.s3.ap-east-1.amazonaws.com");
        assert_eq!(virtual_hosted("https://r2.example.com/"), "https://uploads.r2.example.com");
        assert_eq!(virtual_hosted("https://uploads.r2.example.com"), "https://uploads.r2.example.com", "already there");
        assert_eq!(endpoint_url("http://127.0.0.1:9000/", "uploads", true).unwrap(), "http://127.0.0.1:9000");
        assert!(endpoint_url("s3.example.com", "uploads", false).is_err());
    }
}
