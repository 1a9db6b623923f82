//! One structured log line per request: method, path, status, latency.

use std::time::Instant;

use poem::{Endpoint, IntoResponse, Middleware, Request, Response};

pub struct RequestLog;

impl<E: Endpoint> Middleware<E> for RequestLog {
    type Output = RequestLogEndpoint<E>;

    fn transform(&self, ep: E) -> Self::Output {
        RequestLogEndpoint(ep)
    }
}

pub struct RequestLogEndpoint<E>(E);

impl<E: Endpoint> Endpoint for RequestLogEndpoint<E> {
    type Output = Response;

    async fn call(&self, req: Request) -> poem::Result<Response> {
        let started = Instant::now();
        let method = req.method().clone();
        // The path only: query strings may carry search terms or tokens.
        let path = req.uri().path().to_string();
        let result = self.0.call(req).await.map(IntoResponse::into_response);
        let status = match &result {
            Ok(response) => response.status().as_u16(),
            Err(error) => error.status().as_u16(),
        };
        tracing::info!(
            target: "http",
            method = %method,
            path = %path,
            status,
            latency_ms = started.elapsed().as_secs_f64() * 1000.0,
        );
        result
    }
}
