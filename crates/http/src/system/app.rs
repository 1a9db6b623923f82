//! Serving the built single-page app next to the API.
//!
//! Release builds embed `frontend/dist`; `TUTORHUB_STATIC_DIR` (or `--static-dir`) serves a
//! folder from disk instead. A page of the app (`routes.rs`) gets `index.html` with 200 whatever
//! the client accepts (link-preview fetchers and curl send `*/*`), with the page's own head
//! (`sharing.rs`); another path gets it with 404 when a browser asks for a page (the app draws
//! its not-found page), and the API's JSON 404 otherwise.
//!
//! Every page is in zh-HK at its own path and in English under `/en` (`routes.rs`), each with
//! `<html lang>`, head and first screen in its language. A browser opening a page in the other
//! language than the one its visitor reads is sent there ([`Visitor::redirect`]); a crawler or a
//! link preview (no cookie, no `Accept-Language`, no `text/html` asked) gets the language of
//! the address.

use std::borrow::Cow;
use std::path::{Component, PathBuf};

use poem::http::{Extensions, HeaderMap, Method, StatusCode, header};
use poem::{Endpoint, IntoResponse, Request, Response};
use rust_embed::Embed;
use tutorhub_domain::shared::language::Language;

use super::first_screen;
use super::precompressed;
use super::routes::{is_app_route, localised, page_language};
use super::sharing::Sharing;
use crate::words::from_accept_language;

/// A page's answer depends on these (the language a visitor is sent to, and the coding the
/// compression layer chose, which does not say so itself): caches must keep one answer per value.
const VARY: &str = "Accept-Language, Cookie, Accept-Encoding";

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
        let visitor = Visitor::of(req.headers(), wants_page);
        // The first screen of a tutor's or a case's page asks the API with this request's
        // settings (its extensions), but none of its headers: as anyone, never as the visitor.
        let extensions = req.extensions().clone();
        match self.api.call(req).await {
            Err(error) if is_read && error.is::<poem::error::NotFoundError>() => {
                self.serve(&path, query.as_deref(), visitor, &extensions).await.ok_or(error)
            }
            other => other.map(IntoResponse::into_response),
        }
    }
}

impl<E: Endpoint> WithApp<E> {
    /// One of the build's hashed files, in the best coding the build wrote and the client
    /// accepts (`precompressed`). Vite puts a content hash in every asset name, so an asset never
    /// changes in place and is kept for a year.
    fn asset(&self, path: &str, bytes: Cow<'static, [u8]>, extensions: &Extensions) -> Response {
        const CACHE: &str = "public, max-age=31536000, immutable";
        let accepted = extensions.get::<precompressed::AcceptedCodings>().copied().unwrap_or_default();
        let compressed = accepted.variants(path).find_map(|(coding, variant)| self.files.read(&variant).map(|bytes| (coding, bytes)));
        let mut response = match compressed {
            Some((coding, bytes)) => {
                let mut response = file_response(path, bytes, CACHE);
                response.headers_mut().insert(header::CONTENT_ENCODING, header::HeaderValue::from_static(coding.name()));
                response
            }
            None => file_response(path, bytes, CACHE),
        };
        response.headers_mut().insert(header::VARY, header::HeaderValue::from_static("Accept-Encoding"));
        response
    }

    async fn serve(&self, path: &str, query: Option<&str>, visitor: Visitor, extensions: &Extensions) -> Option<Response> {
        // Documents are only served as pages, with their head and first screen filled in.
        if !path.is_empty()
            && !first_screen::FRAMES.contains(&path)
            && !path.starts_with(first_screen::DOCUMENTS)
            && !precompressed::is_variant(path)
            && let Some(bytes) = self.files.read(path)
        {
            if path.starts_with("assets/") {
                return Some(self.asset(path, bytes, extensions));
            }
            // The service worker must be checked at every visit, or a release would wait for a cache.
            let cache = if path == "sw.js" { "no-cache" } else { "public, max-age=3600" };
            return Some(file_response(path, bytes, cache));
        }
        let address = format!("/{path}");
        let (language, page_path) = page_language(&address);
        let status = if is_app_route(page_path) {
            StatusCode::OK
        } else if visitor.wants_page {
            StatusCode::NOT_FOUND
        } else {
            return None;
        };
        if status == StatusCode::OK
            && let Some(other) = visitor.redirect(language)
        {
            let location = match query.filter(|query| !query.is_empty()) {
                Some(query) => format!("{}?{query}", localised(page_path, other)),
                None => localised(page_path, other),
            };
            return Some(
                Response::builder()
                    .status(StatusCode::FOUND)
                    .header(header::LOCATION, location)
                    .header(header::VARY, VARY)
                    .header(header::CACHE_CONTROL, "no-cache")
                    .finish(),
            );
        }
        // The build's document for the page; one from before first screens has only index.html.
        let document = first_screen::documents(page_path, query, language).into_iter().find_map(|name| self.files.read(name))?;
        let (page, found, screen) = self.sharing.page(&document, page_path, query, language).await;
        let page = first_screen::fill(page, page_path, screen.as_ref(), language, &self.api, extensions).await;
        // A tutor or case that is not there: the app says so, and crawlers drop the address.
        let status = if found { status } else { StatusCode::NOT_FOUND };
        let mut response = file_response("index.html", Cow::Owned(page.into_bytes()), "no-cache");
        response.headers_mut().insert(header::VARY, header::HeaderValue::from_static(VARY));
        response.headers_mut().insert(header::CONTENT_LANGUAGE, header::HeaderValue::from_static(language.key()));
        Some(response.with_status(status).into_response())
    }
}

/// What a request says of the language its visitor reads: the app's `lang` cookie (the
/// language they chose in the app), else their browser's `Accept-Language`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Visitor {
    /// A browser navigating (it asks for `text/html`).
    wants_page: bool,
    cookie: Option<Language>,
    browser: Option<Language>,
}

impl Visitor {
    fn of(headers: &HeaderMap, wants_page: bool) -> Self {
        let cookie = headers
            .get_all(header::COOKIE)
            .iter()
            .filter_map(|value| value.to_str().ok())
            .flat_map(|cookies| cookies.split(';'))
            .filter_map(|pair| pair.trim().strip_prefix("lang="))
            .find_map(|value| from_accept_language(value.trim_matches('"')));
        let browser = headers.get(header::ACCEPT_LANGUAGE).and_then(|value| value.to_str().ok()).and_then(from_accept_language);
        Self { wants_page, cookie, browser }
    }

    /// The language to send a browser opening a page of `language` to, when it is not the one
    /// its visitor reads: a zh-HK page to English for the cookie `lang=en`, or without a
    /// cookie for a browser preferring English; an English page to zh-HK for the cookie
    /// `lang=zh-HK` only (an English link opened is read in English). Crawlers and link
    /// previews, which ask for no `text/html` or send neither header, stay.
    fn redirect(self, language: Language) -> Option<Language> {
        if !self.wants_page {
            return None;
        }
        let reads = match language {
            Language::ZhHk => self.cookie.or(self.browser),
            Language::En => self.cookie,
        };
        reads.filter(|reads| *reads != language)
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
    match bytes {
        // The embedded files live as long as the server: no copy of them per answer.
        Cow::Borrowed(bytes) => response.body(bytes::Bytes::from_static(bytes)),
        Cow::Owned(bytes) => response.body(bytes),
    }
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
