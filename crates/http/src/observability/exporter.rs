//! The Prometheus recorder of this process and the `/metrics` endpoint that renders it.

use std::sync::{Arc, OnceLock};

use async_trait::async_trait;
use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};
use poem::{Endpoint, Response, Route};

use crate::observability::request_metrics::REQUEST_DURATION;

/// `db.client.connection.wait_time`: how long a query waited for a connection of the pool.
pub const CONNECTION_WAIT_TIME: &str = "db_client_connection_wait_time_seconds";

/// OpenTelemetry's advice for `http.server.request.duration`, in seconds.
const REQUEST_BUCKETS: &[f64] = &[0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1.0, 2.5, 5.0, 7.5, 10.0];
/// A connection is normally had in microseconds; waits worth seeing start at a millisecond.
const WAIT_BUCKETS: &[f64] = &[0.0001, 0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1.0, 5.0];

/// The figures a scrape reads from the site's state rather than counts as things happen: each
/// probe sets its gauges to what holds now.
#[async_trait]
pub trait Probe: Send + Sync {
    async fn observe(&self);
}

/// The process's recorder. The `metrics` facade has one per process, so every `install` after
/// the first answers the same one (tests that build several apps in one process share it).
#[derive(Clone)]
pub struct Metrics {
    handle: PrometheusHandle,
}

static RECORDER: OnceLock<PrometheusHandle> = OnceLock::new();

impl Metrics {
    #[must_use]
    pub fn install() -> Self {
        let handle = RECORDER.get_or_init(|| {
            // Histograms with buckets, not summaries: buckets add up across servers, quantiles
            // of summaries do not.
            let recorder = PrometheusBuilder::new()
                .set_buckets_for_metric(Matcher::Full(REQUEST_DURATION.into()), REQUEST_BUCKETS)
                .and_then(|builder| builder.set_buckets_for_metric(Matcher::Full(CONNECTION_WAIT_TIME.into()), WAIT_BUCKETS))
                .expect("the buckets are not empty")
                .build_recorder();
            let handle = recorder.handle();
            if metrics::set_global_recorder(recorder).is_err() {
                tracing::warn!("another metrics recorder was installed first: /metrics will show nothing");
            }
            handle
        });
        Self { handle: handle.clone() }
    }

    /// The text exposition format of everything recorded so far.
    #[must_use]
    pub fn render(&self) -> String {
        self.handle.render()
    }

    /// Folds the histograms' newest observations into their buckets. A scrape does it too; the
    /// server also calls it every few seconds, so that observations never pile up in memory
    /// while nobody scrapes.
    pub fn run_upkeep(&self) {
        self.handle.run_upkeep();
    }
}

/// `GET /metrics`: the probes observe (one scrape at a time, so that scrapers arriving
/// together cost the database one round of queries each, not more), then everything renders.
pub fn metrics_app(metrics: Metrics, probes: Vec<Arc<dyn Probe>>) -> impl Endpoint + 'static {
    let scrape = Arc::new((metrics, probes, tokio::sync::Mutex::new(())));
    let endpoint = poem::endpoint::make(move |_| {
        let scrape = scrape.clone();
        async move {
            let (metrics, probes, one_at_a_time) = &*scrape;
            let _turn = one_at_a_time.lock().await;
            for probe in probes {
                probe.observe().await;
            }
            Response::builder().content_type("text/plain; version=0.0.4; charset=utf-8").body(metrics.render())
        }
    });
    Route::new().at("/metrics", poem::get(endpoint))
}
