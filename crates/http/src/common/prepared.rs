//! Public search answers kept as the bytes sent, per search version and request.
//!
//! The board's and the directory's pages are asked for again and again between writes. Each
//! answer is searched and serialised once per search version: a repeated page then costs a
//! version check (one query shared by every request in flight) and a lookup, with no search,
//! no database read of the page and no JSON building. Callers that miss the same page together
//! wait for one search instead of each running it.

use std::collections::HashMap;
use std::future::Future;
use std::marker::PhantomData;
use std::sync::{Arc, Mutex};

use bytes::Bytes;
use poem::{IntoResponse, Response};
use poem_openapi::ApiResponse;
use poem_openapi::payload::{Json, Payload};
use poem_openapi::registry::{MetaResponses, MetaSchemaRef, Registry};
use poem_openapi::types::{ToJSON, Type};
use tokio::sync::OnceCell;
use tutorhub_domain::search::version::SearchVersion;

use crate::error::ApiError;

/// Enough for every page people actually open; past either limit the store starts over.
const MAX_ANSWERS: usize = 2_000;
const MAX_BYTES: usize = 64 * 1024 * 1024;

type Slot = Arc<OnceCell<Bytes>>;

pub struct PreparedAnswers {
    version: SearchVersion,
    slots: Mutex<Slots>,
}

#[derive(Default)]
struct Slots {
    version: i64,
    answers: HashMap<String, Slot>,
    /// The size of the answers kept under `version`.
    bytes: usize,
}

impl PreparedAnswers {
    pub fn new(version: SearchVersion) -> Self {
        Self { version, slots: Mutex::default() }
    }

    /// The answer to the request `key` at the current search version: the kept bytes, or
    /// `compute`'s answer serialised and kept. The key is built from the parsed query, so
    /// parameters the operation does not know cannot multiply the answers kept.
    ///
    /// # Errors
    /// `compute`'s error (nothing is kept then), or the store's when the version cannot be read.
    pub async fn answer<T, F, Fut>(&self, key: &str, compute: F) -> Result<Prepared<T>, ApiError>
    where
        T: ToJSON,
        F: FnOnce() -> Fut,
        Fut: Future<Output = Result<T, ApiError>>,
    {
        // The version first: whatever the search then sees is at least that new, so an answer
        // is never kept under a version older than its data.
        let version = self.version.current().await?;
        let serialise = |value: T| Bytes::from(value.to_json_string());
        let Some(slot) = self.slot(version, key) else {
            // A slow caller whose version is already retired computes on its own.
            return Ok(Prepared::new(serialise(compute().await?)));
        };
        let mut computed = false;
        let bytes = slot
            .get_or_try_init(|| async {
                computed = true;
                compute().await.map(serialise)
            })
            .await?
            .clone();
        if computed {
            self.count(version, bytes.len());
        }
        Ok(Prepared::new(bytes))
    }

    fn slot(&self, version: i64, key: &str) -> Option<Slot> {
        let mut slots = self.lock();
        if version < slots.version {
            return None;
        }
        let full = slots.answers.len() >= MAX_ANSWERS || slots.bytes >= MAX_BYTES;
        if version > slots.version || (full && !slots.answers.contains_key(key)) {
            *slots = Slots { version, ..Slots::default() };
        }
        Some(slots.answers.entry(key.to_string()).or_default().clone())
    }

    fn count(&self, version: i64, bytes: usize) {
        let mut slots = self.lock();
        if slots.version == version {
            slots.bytes += bytes;
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Slots> {
        self.slots.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

/// A JSON answer already serialised: documented as `T`, sent as the kept bytes.
pub struct Prepared<T> {
    bytes: Bytes,
    shape: PhantomData<fn() -> T>,
}

impl<T> Prepared<T> {
    fn new(bytes: Bytes) -> Self {
        Self { bytes, shape: PhantomData }
    }
}

impl<T: Type> Payload for Prepared<T> {
    const CONTENT_TYPE: &'static str = Json::<T>::CONTENT_TYPE;

    fn schema_ref() -> MetaSchemaRef {
        T::schema_ref()
    }

    fn register(registry: &mut Registry) {
        T::register(registry);
    }
}

impl<T: ToJSON> IntoResponse for Prepared<T> {
    fn into_response(self) -> Response {
        Response::builder().content_type(Self::CONTENT_TYPE).body(self.bytes)
    }
}

impl<T: ToJSON> ApiResponse for Prepared<T> {
    fn meta() -> MetaResponses {
        Json::<T>::meta()
    }

    fn register(registry: &mut Registry) {
        T::register(registry);
    }
}
