//! Request body limits, enforced before the body is buffered.
//!
//! poem reads a JSON body or a multipart form whole before a handler sees it, so without a
//! limit a 256 MiB body is read into memory just to be refused. Here a declared length over
//! the limit is answered 413 at once, unread; a body without a declared length (chunked) is
//! read only up to the limit. Uploads get a per-route limit: 5 MB per file the route takes,
//! plus a small allowance for the form's text fields and multipart framing.

use poem::http::{Method, StatusCode, header};
use poem::{Body, Endpoint, IntoResponse, Middleware, Request, Response, Result};
use poem_openapi::payload::Json;
use tokio::io::AsyncReadExt;
use tutorhub_domain::shared::upload::MAX_UPLOAD_BYTES;

use crate::error::{ErrorBody, ErrorCode};
use crate::words::{InputWords, Words};

/// Room for a form's text fields and the multipart boundaries beside its files.
const FORM_ALLOWANCE: u64 = 256 * 1024;

/// `MAX_JSON_BODY_BYTES`: every body that is not an upload (JSON, a form without files).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BodyLimits {
    pub json_bytes: u64,
}

impl Default for BodyLimits {
    /// 1 MiB: the largest JSON we take (a case with a long description) is a few KiB.
    fn default() -> Self {
        Self { json_bytes: 1024 * 1024 }
    }
}

impl BodyLimits {
    /// The limit for one request: uploads by the files their route takes, the rest by
    /// `json_bytes`.
    fn for_request(&self, req: &Request) -> u64 {
        let multipart = req.content_type().is_some_and(|t| t.starts_with("multipart/form-data"));
        match upload_files(req.method(), req.uri().path()) {
            Some(files) if multipart => files * MAX_UPLOAD_BYTES as u64 + FORM_ALLOWANCE,
            _ => self.json_bytes,
        }
    }
}

/// How many files a route's multipart form carries (spec §7), `None` for routes without uploads.
fn upload_files(method: &Method, path: &str) -> Option<u64> {
    let segments: Vec<&str> = path.trim_matches('/').split('/').collect();
    match (method, segments.as_slice()) {
        // Business registration and address proof.
        (&Method::POST, ["users", "register"] | ["self-users", "me", "org-documents"]) => Some(2),
        // An avatar: the tutor application, the profile.
        (&Method::POST, ["profiles", _]) | (&Method::PUT, ["users", _]) => Some(1),
        // A proof of payment of a service-fee invoice.
        (&Method::POST, ["invoices", _, "proofs"]) => Some(1),
        _ => None,
    }
}

impl<E: Endpoint> Middleware<E> for BodyLimits {
    type Output = BodyLimitEndpoint<E>;

    fn transform(&self, ep: E) -> Self::Output {
        BodyLimitEndpoint { inner: ep, limits: *self }
    }
}

pub struct BodyLimitEndpoint<E> {
    inner: E,
    limits: BodyLimits,
}

impl<E: Endpoint> Endpoint for BodyLimitEndpoint<E> {
    type Output = Response;

    async fn call(&self, mut req: Request) -> Result<Self::Output> {
        let limit = self.limits.for_request(&req);
        let declared = req.header(header::CONTENT_LENGTH).and_then(|v| v.parse::<u64>().ok());
        match declared {
            Some(length) if length > limit => return Ok(too_large()),
            Some(_) => {}
            None => {
                // No length declared (chunked, or HTTP/2 without one): read at most one byte
                // past the limit, then judge. An empty body costs nothing here.
                let mut bytes = Vec::new();
                let read = req.take_body().into_async_read().take(limit + 1).read_to_end(&mut bytes).await;
                if read.is_err() {
                    return Ok(StatusCode::BAD_REQUEST.into_response());
                }
                if bytes.len() as u64 > limit {
                    return Ok(too_large());
                }
                req.set_body(Body::from(bytes));
            }
        }
        self.inner.call(req).await.map(IntoResponse::into_response)
    }
}

fn too_large() -> Response {
    let body = ErrorBody::new(ErrorCode::PayloadTooLarge, InputWords::BodyTooLarge.say());
    // The unread body is not drained: the connection closes after this answer.
    Json(body).with_status(StatusCode::PAYLOAD_TOO_LARGE).with_header(header::CONNECTION, "close").into_response()
}

#[cfg(test)]
mod tests {
    use poem::test::{TestClient, TestRequestBuilder};
    use poem::{EndpointExt, handler};

    use super::*;

    #[handler]
    async fn echo_length(body: Vec<u8>) -> String {
        body.len().to_string()
    }

    /// A body with its declared length, as hyper hands it over.
    fn sized<'a, E: Endpoint>(client: &'a TestClient<E>, path: &str, content_type: &str, len: usize) -> TestRequestBuilder<'a, E> {
        client.post(path).content_type(content_type).header(header::CONTENT_LENGTH, len).body(vec![b' '; len])
    }

    fn app() -> impl Endpoint {
        poem::Route::new()
            .at("/users/login", poem::post(echo_length))
            .at("/users/register", poem::post(echo_length))
            .with(BodyLimits { json_bytes: 1000 })
    }

    #[tokio::test]
    async fn a_declared_length_over_the_limit_is_refused_unread() {
        let client = TestClient::new(app());
        let ok = sized(&client, "/users/login", "application/json", 1000).send().await;
        ok.assert_status_is_ok();
        ok.assert_text("1000").await;
        let refused = sized(&client, "/users/login", "application/json", 1001).send().await;
        refused.assert_status(StatusCode::PAYLOAD_TOO_LARGE);
        refused.assert_json(serde_json::json!({"code": "PAYLOAD_TOO_LARGE", "error": "上載的資料太大（每個檔案最大 5MB）"})).await;
    }

    #[tokio::test]
    async fn a_body_of_undeclared_length_is_read_only_up_to_the_limit() {
        let client = TestClient::new(app());
        let endless = futures_util::stream::iter((0..1_000_000).map(|_| Ok::<_, std::io::Error>(bytes::Bytes::from_static(&[b' '; 100]))));
        let refused = client.post("/users/login").content_type("application/json").body(Body::from_bytes_stream(endless)).send().await;
        refused.assert_status(StatusCode::PAYLOAD_TOO_LARGE);
    }

    #[tokio::test]
    async fn uploads_get_five_megabytes_per_file_their_route_takes() {
        let client = TestClient::new(app());
        let two_files = 2 * MAX_UPLOAD_BYTES + 1000;
        let form = sized(&client, "/users/register", "multipart/form-data; boundary=x", two_files).send().await;
        form.assert_status_is_ok();
        let over = 2 * MAX_UPLOAD_BYTES + FORM_ALLOWANCE as usize + 1;
        let refused = sized(&client, "/users/register", "multipart/form-data; boundary=x", over).send().await;
        refused.assert_status(StatusCode::PAYLOAD_TOO_LARGE);
        // The JSON limit still holds for a multipart form sent to a route without uploads.
        let elsewhere = sized(&client, "/users/login", "multipart/form-data; boundary=x", 1001).send().await;
        elsewhere.assert_status(StatusCode::PAYLOAD_TOO_LARGE);
    }
}
