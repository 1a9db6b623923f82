//! The real `tutorhub serve`'s log: a line per request, every one written by the time it stops.

use crate::support::{free_port, serve, wait_until_up};

/// Lines are queued for a thread of their own that writes them in batches: stopping the
/// server must still write out every line queued, each whole and once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stopped_server_has_logged_every_request() {
    tutorhub_adapters::tls::install_crypto_provider();
    let dir = tempfile::tempdir().unwrap();
    let port = free_port();
    let mut server = serve(dir.path(), port, &[]);
    let client = reqwest::Client::new();
    let base = format!("http://127.0.0.1:{port}");
    wait_until_up(&client, &base, &mut server).await;

    const REQUESTS: usize = 300;
    let asks = (0..REQUESTS).map(|page| {
        let (client, base) = (client.clone(), base.clone());
        tokio::spawn(async move { client.get(format!("{base}/tutors?page={}", page % 7 + 1)).send().await.unwrap().status() })
    });
    for ask in asks.collect::<Vec<_>>() {
        assert!(ask.await.unwrap().is_success());
    }
    // Its idle connections closed, so the server stops at once rather than waiting them out.
    drop(client);
    assert!(server.stop().success());

    let log = std::fs::read_to_string(dir.path().join("server.log")).unwrap();
    assert_eq!(log.lines().filter(|line| line.contains("path=/tutors ")).count(), REQUESTS, "{log}");
    assert!(log.lines().last().is_some_and(|line| line.contains("tutorhub stopped")), "{log}");
}
