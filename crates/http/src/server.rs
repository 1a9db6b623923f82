//! Serving the app with limits against slow and greedy clients.
//!
//! poem's own server sets no timer on hyper, so a client that opens a connection and never
//! finishes its headers holds it forever (400 such connections stayed open 35 s and more).
//! This loop is poem's, with three limits it does not offer: a deadline for a request's
//! headers (which also closes idle keep-alive connections), a deadline for the whole request
//! (a body dripped a byte at a time), and a cap on open connections, past which new ones wait
//! in the kernel's backlog instead of costing memory.

use std::convert::Infallible;
use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use hyper::body::Incoming;
use hyper_util::rt::{TokioExecutor, TokioIo, TokioTimer};
use hyper_util::server::conn::auto;
use poem::http::StatusCode;
use poem::web::{LocalAddr, RemoteAddr};
use poem::{Addr, Endpoint, EndpointExt, IntoResponse, Response};
use poem_openapi::payload::Json;
use tokio::net::TcpListener;
use tokio::sync::{Semaphore, watch};
use tutorhub_domain::shared::language::Language;

use crate::error::{ErrorBody, ErrorCode};
use crate::words::{InputWords, Words, request_language};

/// The connection limits (`HEADER_READ_TIMEOUT_SECONDS`, `REQUEST_TIMEOUT_SECONDS`,
/// `MAX_CONNECTIONS`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ServerLimits {
    /// From the first byte a connection waits for (a new request) to the end of its headers;
    /// an idle keep-alive connection is closed after this long too.
    pub header_read_timeout: Duration,
    /// From the headers to the answer, body included.
    pub request_timeout: Duration,
    /// Connections open at once; further clients wait to be accepted.
    pub max_connections: usize,
}

impl Default for ServerLimits {
    fn default() -> Self {
        Self { header_read_timeout: Duration::from_secs(10), request_timeout: Duration::from_secs(60), max_connections: 2048 }
    }
}

/// Serves `app` on `listener` until `shutdown` resolves, then lets requests in flight finish
/// for at most `grace`.
///
/// # Errors
/// When the listener cannot report its address.
pub async fn serve(
    listener: TcpListener,
    app: impl Endpoint + 'static,
    limits: ServerLimits,
    shutdown: impl Future<Output = ()>,
    grace: Duration,
) -> std::io::Result<()> {
    let app = Arc::new(app.map_to_response());
    let local = LocalAddr(Addr::SocketAddr(listener.local_addr()?));
    let max_connections = limits.max_connections.max(1);
    let connections = Arc::new(Semaphore::new(max_connections));
    let (stopping, stop) = watch::channel(false);
    let mut builder = auto::Builder::new(TokioExecutor::new());
    builder.http1().timer(TokioTimer::new()).header_read_timeout(limits.header_read_timeout);
    builder.http2().timer(TokioTimer::new()).keep_alive_interval(Some(limits.header_read_timeout));
    tokio::pin!(shutdown);
    loop {
        let permit = tokio::select! {
            permit = connections.clone().acquire_owned() => permit.expect("the semaphore is never closed"),
            () = &mut shutdown => break,
        };
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(error) => {
                    // Out of file descriptors and the like: back off rather than spin.
                    tracing::warn!(%error, "cannot accept a connection");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let (app, local, builder, mut stop) = (app.clone(), local.clone(), builder.clone(), stop.clone());
        let remote = RemoteAddr(Addr::SocketAddr(peer));
        tokio::spawn(async move {
            let _permit = permit;
            // hyper reads a connection's first bytes to tell HTTP/1 from HTTP/2 before its
            // header timer runs: a client that connects and says nothing is cut off here.
            let mut first = [0u8; 1];
            if !matches!(tokio::time::timeout(limits.header_read_timeout, stream.peek(&mut first)).await, Ok(Ok(1..))) {
                return;
            }
            let service = hyper::service::service_fn(move |request: hyper::Request<Incoming>| {
                let (app, local, remote) = (app.clone(), local.clone(), remote.clone());
                async move {
                    let request: poem::Request = (request, local, remote, poem::http::uri::Scheme::HTTP).into();
                    // Read before the request is handed over: a timed-out answer is outside its scope.
                    let language = request_language(&request);
                    let response = match tokio::time::timeout(limits.request_timeout, app.get_response(request)).await {
                        Ok(response) => response,
                        Err(_) => timed_out(language),
                    };
                    Ok::<_, Infallible>(hyper::Response::from(response))
                }
            });
            let connection = builder.serve_connection_with_upgrades(TokioIo::new(stream), service);
            tokio::pin!(connection);
            // A reset or a timed-out header is the client's business, not an error of ours.
            tokio::select! {
                _ = connection.as_mut() => return,
                _ = stop.wait_for(|stopping| *stopping) => {}
            }
            connection.as_mut().graceful_shutdown();
            let _ = connection.await;
        });
    }
    drop(listener);
    let _ = stopping.send(true);
    // Every connection holds a permit until it ends: all permits back means all requests done.
    let all = u32::try_from(max_connections).unwrap_or(u32::MAX);
    if tokio::time::timeout(grace, connections.acquire_many(all)).await.is_err() {
        tracing::warn!("requests still in flight after the grace period were cut off");
    }
    Ok(())
}

fn timed_out(language: Language) -> Response {
    let body = ErrorBody::new(ErrorCode::RequestTimeout, InputWords::Timeout.words(language));
    Json(body).with_status(StatusCode::REQUEST_TIMEOUT).into_response()
}
