//! Uploaded public files (avatars) under `/media/…`, from `DATA_DIR/media`.
//!
//! Stored names are generated and never reused, so a file never changes in place: browsers and
//! proxies may keep it for a year.

use std::path::{Component, Path, PathBuf};

use poem::http::{Method, StatusCode, header};
use poem::{Endpoint, Request, Response};

use crate::system::app::content_type;

pub struct MediaFiles {
    root: PathBuf,
}

impl MediaFiles {
    pub fn new(root: PathBuf) -> Self {
        Self { root }
    }

    fn path_of(&self, relative: &str) -> Option<PathBuf> {
        let relative = Path::new(relative.trim_start_matches('/'));
        // Only plain names: no `..`, no absolute paths, nothing outside the folder.
        let plain = relative.components().all(|c| matches!(c, Component::Normal(_)));
        (plain && relative.components().next().is_some()).then(|| self.root.join(relative))
    }
}

impl Endpoint for MediaFiles {
    type Output = Response;

    async fn call(&self, req: Request) -> poem::Result<Response> {
        if req.method() != Method::GET && req.method() != Method::HEAD {
            return Err(poem::Error::from_status(StatusCode::METHOD_NOT_ALLOWED));
        }
        let path = self.path_of(req.uri().path()).ok_or_else(|| poem::Error::from(poem::error::NotFoundError))?;
        let bytes = tokio::fs::read(&path).await.map_err(|_| poem::Error::from(poem::error::NotFoundError))?;
        let name = path.to_string_lossy();
        Ok(Response::builder()
            .status(StatusCode::OK)
            .header(header::CONTENT_TYPE, content_type(&name))
            .header(header::CACHE_CONTROL, "public, max-age=31536000, immutable")
            .body(bytes))
    }
}
