//! What an operator's Prometheus scrapes: the metrics of every request, and on each scrape the
//! figures the site's state holds (the database pool, the search index, the jobs, overdue
//! invoices), served at `/metrics` on a listener of its own (`METRICS_BIND`), never beside the
//! public API. Names and labels follow OpenTelemetry's HTTP and database conventions as
//! Prometheus spells them (`http.server.request.duration` → `http_server_request_duration_seconds`).
//!
//! Everything is counted through the `metrics` facade, wherever it happens (the adapters count
//! messages, limits and hashing); this module installs the one recorder that keeps it and
//! renders it as the text exposition format.

pub mod exporter;
pub mod request_metrics;

pub use exporter::{Metrics, Probe, metrics_app};
pub use request_metrics::RequestMetrics;
