//! Uploaded public files (avatars) under `/media/…`, streamed from the file store: the
//! local `DATA_DIR/media` or the bucket every server shares.
//!
//! Stored names are generated and never reused, so a file never changes in place: browsers and
//! proxies may keep it for a year.

use std::sync::Arc;

use futures_util::TryStreamExt;
use poem::http::{Method, StatusCode, header};
use poem::{Body, Endpoint, Request, Response};
use tutorhub_domain::shared::files::{FileStore, StoredFile};

use crate::system::app::content_type;

pub struct MediaFiles {
    files: Arc<dyn FileStore>,
}

impl MediaFiles {
    pub fn new(files: Arc<dyn FileStore>) -> Self {
        Self { files }
    }
}

impl Endpoint for MediaFiles {
    type Output = Response;

    async fn call(&self, req: Request) -> poem::Result<Response> {
        if req.method() != Method::GET && req.method() != Method::HEAD {
            return Err(poem::Error::from_status(StatusCode::METHOD_NOT_ALLOWED));
        }
        let not_found = || poem::Error::from(poem::error::NotFoundError);
        let file = StoredFile::public(req.uri().path().trim_start_matches('/')).ok_or_else(not_found)?;
        let opened = match self.files.open(&file).await {
            Ok(Some(opened)) => opened,
            Ok(None) => return Err(not_found()),
            Err(e) => {
                tracing::warn!(error = %e, key = %file.key, "a public file could not be read");
                return Err(poem::Error::from_status(StatusCode::SERVICE_UNAVAILABLE));
            }
        };
        Ok(Response::builder()
            .status(StatusCode::OK)
            .header(header::CONTENT_TYPE, content_type(&file.key))
            .header(header::CONTENT_LENGTH, opened.size)
            .header(header::CACHE_CONTROL, "public, max-age=31536000, immutable")
            .body(Body::from_bytes_stream(opened.chunks.map_err(std::io::Error::other))))
    }
}

/// Runs before the compression layer: images are compressed already, and compressing them
/// again per request would cost CPU, gain nothing and drop their `Content-Length`.
///
/// # Errors
/// None; the signature is poem's.
pub async fn leave_uncompressed(mut req: Request) -> poem::Result<Request> {
    if req.uri().path().starts_with("/media/") {
        req.headers_mut().remove(header::ACCEPT_ENCODING);
    }
    Ok(req)
}
