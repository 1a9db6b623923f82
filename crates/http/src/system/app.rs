//! Serving the built single-page app next to the API.
//!
//! Release builds embed `frontend/dist`; `TUTORHUB_STATIC_DIR` (or `--static-dir`) serves a
//! folder from disk instead. A page of the app (`routes.rs`) gets `index.html` with 200 whatever
//! the client accepts (link-preview fetchers and curl send `*/*`), with the page's own head
//! (`sharing.rs`); another path gets it with 404 when a browser asks for a page (the app draws
//! its not-found page), and the API's JSON 404 otherwise.

use std::borrow::Cow;
use std::path::{Component, PathBuf};

use poem::http::{Extensions, Method, StatusCode, header};
use poem::{Endpoint, IntoResponse, Request, Response};
use rust_embed::Embed;

use super::first_screen;
use super::routes::is_app_route;
use super::sharing::Sharing;

#[derive(Embed)]
#[folder = "../../frontend/dist"]
#[allow_missing = true]
struct EmbeddedApp;

/// Where the app's files come from.
#[derive(Debug, Clone)]
pub enum AppFiles {
    Embedded,
    Directory(PathBuf),
}

impl AppFiles {
    fn read(&self, path: &str) -> Option<Cow<'static, [u8]>> {
        match self {
            Self::Embedded => EmbeddedApp::get(path).map(|file| file.data),
            Self::Directory(root) => {
                let relative = PathBuf::from(path);
                // Only plain names: no `..`, no absolute paths, nothing outside the folder.
                if !relative.components().all(|c| matches!(c, Component::Normal(_))) {
                    return None;
                }
                std::fs::read(root.join(relative)).ok().map(Cow::Owned)
            }
        }
    }

    /// Whether an `index.html` is available at all (the frontend may not be built).
    pub fn has_index(&self) -> bool {
        self.read("index.html").is_some()
    }
}

/// Wraps the API: requests it has no route for fall through to the app's files.
pub struct WithApp<E> {
    pub api: E,
    pub files: AppFiles,
    /// Puts each public page's own head into `index.html`.
    pub sharing: Sharing,
}

impl<E: Endpoint> Endpoint for WithApp<E> {
    type Output = Response;

    async fn call(&self, req: Request) -> poem::Result<Response> {
        let is_read = req.method() == Method::GET || req.method() == Method::HEAD;
        let wants_page = req.headers().get(header::ACCEPT).and_then(|v| v.to_str().ok()).is_some_and(|accept| accept.contains("text/html"));
        let path = req.uri().path().trim_start_matches('/').to_string();
        let query = req.uri().query().map(str::to_string);
        // The first screen of a tutor's or a case's page asks the API with this request's
        // settings (its extensions), but none of its headers: as anyone, never as the visitor.
        let extensions = req.extensions().clone();
        match self.api.call(req).await {
            Err(error) if is_read && error.is::<poem::error::NotFoundError>() => {
                self.serve(&path, query.as_deref(), wants_page, &extensions).await.ok_or(error)
            }
            other => other.map(IntoResponse::into_response),
        }
    }
}

impl<E: Endpoint> WithApp<E> {
    async fn serve(&self, path: &str, query: Option<&str>, wants_page: bool, extensions: &Extensions) -> Option<Response> {
        // Documents are only served as pages, with their head and first screen filled in.
        if !path.is_empty()
            && path != "index.html"
            && !path.starts_with(first_screen::DOCUMENTS)
            && let Some(bytes) = self.files.read(path)
        {
            // Vite puts a content hash in every asset name, so assets never change in place. The
            // service worker must be checked at every visit, or a release would wait for a cache.
            let cache = match path {
                _ if path.starts_with("assets/") => "public, max-age=31536000, immutable",
                "sw.js" => "no-cache",
                _ => "public, max-age=3600",
            };
            return Some(file_response(path, bytes, cache));
        }
        let status = if is_app_route(&format!("/{path}")) {
            StatusCode::OK
        } else if wants_page {
            StatusCode::NOT_FOUND
        } else {
            return None;
        };
        let page_path = format!("/{path}");
        // A build from before first screens has only index.html.
        let document = self.files.read(first_screen::template(&page_path)).or_else(|| self.files.read("index.html"))?;
        let (page, found, screen) = self.sharing.page(&document, &page_path, query).await;
        let page = first_screen::fill(page, &page_path, screen.as_ref(), &self.api, extensions).await;
        // A tutor or case that is not there: the app says so, and crawlers drop the address.
        let status = if found { status } else { StatusCode::NOT_FOUND };
        Some(file_response("index.html", Cow::Owned(page.into_bytes()), "no-cache").with_status(status).into_response())
    }
}

/// The app's Content-Security-Policy. Sessions live in localStorage, so an injected script
/// would own them: scripts come only from our own files (Vite emits no inline script), nothing
/// may frame the app, no plugins. Styles allow inline because Fluent UI (Griffel) inserts its
/// rules at run time; images allow `blob:` and `data:` for the previews of chosen avatars and
/// documents. The API and `/media` are this origin. Swagger UI at `/docs` is not the app and
/// keeps its own inline scripts.
pub(crate) const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; \
    style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; \
    object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

fn file_response(path: &str, bytes: Cow<'static, [u8]>, cache: &str) -> Response {
    let response = Response::builder()
        .status(StatusCode::OK)
        .header(header::CONTENT_TYPE, content_type(path))
        .header(header::CACHE_CONTROL, cache)
        .header("X-Content-Type-Options", "nosniff");
    let response =
        if path.ends_with(".html") { response.header(header::CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY) } else { response };
    response.body(bytes.into_owned())
}

pub(crate) fn content_type(path: &str) -> &'static str {
    match path.rsplit('.').next().unwrap_or_default() {
        "html" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "json" | "map" => "application/json",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "jpg" | "jpeg" => "image/jpeg",
        "webp" => "image/webp",
        "ico" => "image/x-icon",
        "woff2" => "font/woff2",
        "txt" => "text/plain; charset=utf-8",
        "webmanifest" => "application/manifest+json",
        _ => "application/octet-stream",
    }
}
