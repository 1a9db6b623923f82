//! `http_server_request_duration_seconds` and `http_server_active_requests` for every request.
//!
//! The route label is the template the router matched (`/cases/{id}`), never the path itself:
//! ids, phones and query strings would make a series per request, and a stranger could fill
//! the server's memory with them. What no API route matched is `app` (a page or a file of the
//! web app, answered) or `other` (nothing found, refused before routing).

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Instant;

use metrics::{Gauge, gauge, histogram};
use poem::PathPattern;
use poem::http::{Method, StatusCode};
use poem::{Endpoint, IntoResponse, Middleware, Request, Response};

pub const REQUEST_DURATION: &str = "http_server_request_duration_seconds";
pub const ACTIVE_REQUESTS: &str = "http_server_active_requests";

/// The middleware, with the API's paths as the OpenAPI document names them.
pub struct RequestMetrics {
    routes: Arc<RouteNames>,
}

impl RequestMetrics {
    /// `paths`: the OpenAPI document's paths (`/cases/{caseId}`), which the router knows by
    /// position only (`/cases/:param0`).
    pub fn new<'a>(paths: impl IntoIterator<Item = &'a str>) -> Self {
        Self { routes: Arc::new(RouteNames::new(paths)) }
    }
}

impl<E: Endpoint> Middleware<E> for RequestMetrics {
    type Output = RequestMetricsEndpoint<E>;

    fn transform(&self, ep: E) -> Self::Output {
        RequestMetricsEndpoint { inner: ep, routes: self.routes.clone() }
    }
}

pub struct RequestMetricsEndpoint<E> {
    inner: E,
    routes: Arc<RouteNames>,
}

/// The OpenAPI paths by their shape (each parameter as `{}`).
struct RouteNames(HashMap<String, String>);

impl RouteNames {
    fn new<'a>(paths: impl IntoIterator<Item = &'a str>) -> Self {
        Self(paths.into_iter().map(|path| (shape(path), path.to_string())).collect())
    }

    /// The OpenAPI path of a router template, or the template itself (the sitemaps, media).
    fn name(&self, template: String) -> String {
        self.0.get(&shape(&template)).cloned().unwrap_or(template)
    }
}

/// A path with every `{parameter}` written `{}`.
fn shape(path: &str) -> String {
    path.split('/').map(|segment| if segment.starts_with('{') { "{}" } else { segment }).collect::<Vec<_>>().join("/")
}

/// Takes a request off the in-flight gauge however it ends, a client gone mid-answer included.
struct InFlight(Gauge);

impl Drop for InFlight {
    fn drop(&mut self) {
        self.0.decrement(1.0);
    }
}

impl<E: Endpoint> Endpoint for RequestMetricsEndpoint<E> {
    type Output = Response;

    async fn call(&self, req: Request) -> poem::Result<Response> {
        let method = method_label(req.method());
        let in_flight = gauge!(ACTIVE_REQUESTS, "http_request_method" => method);
        in_flight.increment(1.0);
        let _in_flight = InFlight(in_flight);
        let started = Instant::now();
        let result = self.inner.call(req).await.map(IntoResponse::into_response);
        let (status, pattern) = match &result {
            Ok(response) => (response.status(), response.data::<PathPattern>()),
            Err(error) => (error.status(), error.data::<PathPattern>()),
        };
        // A nest's own pattern (empty) names no route either.
        let route = match pattern.filter(|pattern| !pattern.0.is_empty()) {
            Some(pattern) => self.routes.name(template(&pattern.0)),
            None => unrouted(status).to_string(),
        };
        histogram!(
            REQUEST_DURATION,
            "http_request_method" => method,
            "http_route" => route,
            "http_response_status_code" => status.as_u16().to_string(),
        )
        .record(started.elapsed().as_secs_f64());
        result
    }
}

/// OpenTelemetry's `http.request.method`: the known methods, and `_OTHER` for the rest (a
/// stranger's made-up methods would each be a series).
fn method_label(method: &Method) -> &'static str {
    match *method {
        Method::GET => "GET",
        Method::HEAD => "HEAD",
        Method::POST => "POST",
        Method::PUT => "PUT",
        Method::DELETE => "DELETE",
        Method::PATCH => "PATCH",
        Method::OPTIONS => "OPTIONS",
        _ => "_OTHER",
    }
}

fn unrouted(status: StatusCode) -> &'static str {
    if status.is_success() || status.is_redirection() { "app" } else { "other" }
}

/// The router's pattern as OpenAPI writes paths: `/cases/:id` is `/cases/{id}`, a regex
/// constraint (`:id<\d+>`) dropped, a wildcard (`*path`) named like a parameter.
fn template(pattern: &str) -> String {
    pattern
        .split('/')
        .map(|segment| match segment.strip_prefix(':').or_else(|| segment.strip_prefix('*')) {
            Some(name) => {
                let name = name.split('<').next().unwrap_or(name);
                format!("{{{}}}", if name.is_empty() { "path" } else { name })
            }
            None => segment.to_string(),
        })
        .collect::<Vec<_>>()
        .join("/")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn routes_are_templates_never_paths() {
        assert_eq!(template("/cases/:id"), "/cases/{id}");
        assert_eq!(template("/cases/:caseId/applications"), "/cases/{caseId}/applications");
        assert_eq!(template("/sitemaps/:name<[a-z-]+\\.xml>"), "/sitemaps/{name}");
        assert_eq!(template("/media/*"), "/media/{path}");
        assert_eq!(template("/tutors"), "/tutors");
        assert_eq!(unrouted(StatusCode::OK), "app");
        assert_eq!(unrouted(StatusCode::NOT_FOUND), "other");
        let names = RouteNames::new(["/cases/{caseId}", "/cases/{caseId}/applications", "/tutors"]);
        assert_eq!(names.name(template("/cases/:param0")), "/cases/{caseId}");
        assert_eq!(names.name(template("/cases/:param0/applications")), "/cases/{caseId}/applications");
        assert_eq!(names.name(template("/sitemaps/:name")), "/sitemaps/{name}");
    }

    #[test]
    fn made_up_methods_share_one_label() {
        assert_eq!(method_label(&Method::GET), "GET");
        assert_eq!(method_label(&Method::from_bytes(b"BREW").unwrap()), "_OTHER");
    }
}
