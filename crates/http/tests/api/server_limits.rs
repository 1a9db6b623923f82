//! The server loop's limits, on a real socket: slow headers, slow requests, too many
//! connections, and a graceful stop.

use std::time::{Duration, Instant};

use poem::{Route, get, handler};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::oneshot;
use tutorhub_http::ServerLimits;

#[handler]
fn health() -> &'static str {
    "ok"
}

#[handler]
async fn slow() -> &'static str {
    tokio::time::sleep(Duration::from_secs(30)).await;
    "late"
}

/// A server on a free loopback port; dropping the sender stops it.
async fn start(limits: ServerLimits) -> (std::net::SocketAddr, oneshot::Sender<()>) {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    let (stop, stopped) = oneshot::channel::<()>();
    let app = Route::new().at("/health", get(health)).at("/slow", get(slow));
    tokio::spawn(tutorhub_http::server::serve(
        listener,
        app,
        limits,
        async move {
            let _ = stopped.await;
        },
        Duration::from_secs(1),
    ));
    (address, stop)
}

/// Sends one GET and reads the whole answer (the server closes after it).
async fn get_once(address: std::net::SocketAddr, path: &str) -> String {
    let mut stream = TcpStream::connect(address).await.unwrap();
    stream.write_all(format!("GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").as_bytes()).await.unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).await.unwrap();
    answer
}

/// Seconds until the server closes a connection that never finishes its headers.
async fn seconds_until_closed(mut stream: TcpStream) -> f64 {
    let started = Instant::now();
    let mut buffer = [0u8; 512];
    loop {
        match tokio::time::timeout(Duration::from_secs(10), stream.read(&mut buffer)).await {
            Ok(Ok(0) | Err(_)) => return started.elapsed().as_secs_f64(),
            Ok(Ok(_)) => {}
            Err(_) => return f64::INFINITY,
        }
    }
}

fn limits() -> ServerLimits {
    ServerLimits { header_read_timeout: Duration::from_secs(1), request_timeout: Duration::from_secs(2), max_connections: 64 }
}

#[tokio::test]
async fn a_client_that_never_finishes_its_headers_is_cut_off() {
    let (address, _stop) = start(limits()).await;
    let mut unfinished = TcpStream::connect(address).await.unwrap();
    unfinished.write_all(b"GET /health HTTP/1.1\r\nHost: x\r\n").await.unwrap();
    let waited = seconds_until_closed(unfinished).await;
    assert!(waited < 3.0, "closed after {waited} s");
    // An idle keep-alive connection is not kept forever either.
    let idle = TcpStream::connect(address).await.unwrap();
    assert!(seconds_until_closed(idle).await < 3.0);
    assert!(get_once(address, "/health").await.ends_with("ok"));
}

#[tokio::test]
async fn a_request_that_takes_too_long_is_answered_408() {
    let (address, _stop) = start(limits()).await;
    let started = Instant::now();
    let answer = get_once(address, "/slow").await;
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    assert!(answer.contains("請求逾時，請稍後再試"), "{answer}");
    assert!(started.elapsed() < Duration::from_secs(5));
}

#[tokio::test]
async fn connections_over_the_cap_wait_until_one_closes() {
    let (address, _stop) = start(ServerLimits { max_connections: 2, ..limits() }).await;
    let first = TcpStream::connect(address).await.unwrap();
    let second = TcpStream::connect(address).await.unwrap();
    // Both slots are taken by silent clients: a third client is not served meanwhile...
    tokio::time::sleep(Duration::from_millis(200)).await;
    let third = tokio::spawn(get_once(address, "/health"));
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert!(!third.is_finished(), "a third connection was served beyond the cap");
    // ...and is once the header timeout has freed a slot.
    drop((first, second));
    let answer = tokio::time::timeout(Duration::from_secs(5), third).await.unwrap().unwrap();
    assert!(answer.ends_with("ok"), "{answer}");
}

#[tokio::test]
async fn stopping_finishes_the_request_in_flight_then_refuses_new_connections() {
    let (address, stop) = start(limits()).await;
    assert!(get_once(address, "/health").await.ends_with("ok"));
    drop(stop);
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(TcpStream::connect(address).await.is_err(), "the listener is closed after the stop");
}
