//! Public search answers kept as the bytes sent, per search version and request.
//!
//! The board's and the directory's pages are asked for again and again between writes. Each
//! answer is searched and serialised once per search version: a repeated page then costs a
//! version check (one query shared by every request in flight) and a lookup, with no search,
//! no database read of the page and no JSON building. Callers that miss the same page together
//! wait for one search instead of each running it.
//!
//! The store is moka's (a concurrent cache bounded in bytes, ADR 0074): callers missing the
//! same answer together share one search (`try_get_with`), and once the store is full a new
//! answer is kept only if it is asked for more often than the one it would push out (TinyLFU),
//! so the many pages asked for once, or a flood of junk, never push out the pages everyone
//! opens. Answers are filed under their search version too, and the whole store is let go when
//! the version moves: a write anywhere retires every answer at its next read.
//!
//! An answer is filed under its search as parsed ([`AnswerKey`]), never under the text as sent:
//! the handlers refuse what the catalogue does not hold before they get here, so a stranger
//! cannot mint keys from junk, and spaces, repeats or unknown parameters cannot multiply them.
//! Everything kept is weighed in bytes, keys included.
//!
//! An answer is kept per language too (the request's, `crate::words::language`): what it words
//! (a label, a name of the catalogue) may read differently in English.
//!
//! Answers are serialised with serde straight to bytes. poem-openapi's own `ToJSON` first
//! builds a `serde_json::Value` tree (every key and string copied, a map per object): about a
//! twelfth of a cold answer's CPU at a million cases, more for the tutors' longer profiles.
//! The answer types derive both, with the same names and the same fields left out; the tests
//! below hold the two outputs equal.

use std::future::Future;
use std::marker::PhantomData;
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};

use bytes::Bytes;
use moka::future::Cache;
use poem::{IntoResponse, Response};
use poem_openapi::ApiResponse;
use poem_openapi::payload::{Json, Payload};
use poem_openapi::registry::{MetaResponses, MetaSchemaRef, Registry};
use poem_openapi::types::{ToJSON, Type};
use serde::{Serialize, Serializer};
use tutorhub_domain::cases::search::CaseFilter;
use tutorhub_domain::search::version::SearchVersion;
use tutorhub_domain::shared::language::Language;
use tutorhub_domain::shared::paging::PageRequest;
use tutorhub_domain::tutors::search::TutorFilter;

use crate::error::ApiError;

/// Answers and their keys, in bytes: about 1,300 pages of twenty cases, every page people open
/// again between two writes many times over. Answers are kept from their first ask, so a cold
/// stream of searches fills it: the server's memory target counts it whole (ADR 0074).
pub const MAX_BYTES: u64 = 16 * 1024 * 1024;

/// What a kept answer answers: a search as the domain parsed and checked it, and the page.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum AnswerKey {
    Cases(CaseFilter, PageRequest),
    /// The home page's newest cases.
    LatestCases(PageRequest),
    Tutors(TutorFilter, PageRequest),
}

impl AnswerKey {
    /// About the memory the key holds: its own size and its text (the debug form is a little
    /// longer than the strings it shows, so this errs on the large side).
    fn bytes(&self) -> usize {
        size_of::<Self>() + format!("{self:?}").len()
    }
}

/// What a kept answer is filed under: the search version it was found at, its language and
/// its request.
type Filed = (i64, Language, AnswerKey);

pub struct PreparedAnswers {
    version: SearchVersion,
    /// False only while `make bench` measures what keeping answers is worth: each is then
    /// searched and serialised on every ask, as if this store were not there.
    keeping: bool,
    answers: Cache<Filed, Bytes>,
    /// The newest version an answer was asked for at: when it moves, the store is let go.
    newest: AtomicI64,
}

impl PreparedAnswers {
    pub fn new(version: SearchVersion, keeping: bool) -> Self {
        let answers = Cache::builder()
            .max_capacity(MAX_BYTES)
            .weigher(|(_, _, key): &Filed, bytes: &Bytes| u32::try_from(key.bytes() + bytes.len()).unwrap_or(u32::MAX))
            .build();
        Self { version, keeping, answers, newest: AtomicI64::new(i64::MIN) }
    }

    /// The answer to the request `key` at the current search version: the kept bytes, or
    /// `compute`'s answer serialised and kept.
    ///
    /// # Errors
    /// `compute`'s error (nothing is kept then), or the store's when the version cannot be read.
    pub async fn answer<T, F, Fut>(&self, key: AnswerKey, compute: F) -> Result<Prepared<T>, ApiError>
    where
        // `ToJSON` for the OpenAPI document (`Prepared<T>` is described as `T`); serde to send it.
        T: ToJSON + Serialize,
        F: FnOnce() -> Fut,
        Fut: Future<Output = Result<T, ApiError>>,
    {
        // The version first: whatever the search then sees is at least that new, so an answer
        // is never kept under a version older than its data.
        let version = self.version.current().await?;
        let search = async { serde_json::to_vec(&compute().await?).map(Bytes::from).map_err(|e| ApiError::internal(&e)) };
        if !self.keeping {
            return Ok(Prepared::new(search.await?));
        }
        if self.newest.fetch_max(version, Ordering::SeqCst) < version {
            // Answers of older versions are never asked for again; a slow caller still on one
            // files its answer under it, and that goes the same way.
            self.answers.invalidate_all();
        }
        let filed = (version, crate::words::language(), key);
        let bytes = self.answers.try_get_with(filed, search).await.map_err(Arc::unwrap_or_clone)?;
        Ok(Prepared::new(bytes))
    }
}

/// A time as poem-openapi sends one (RFC 3339, `+00:00`), for answers serialised with serde.
///
/// # Errors
/// The serializer's.
pub fn rfc3339<S: Serializer>(at: &chrono::DateTime<chrono::Utc>, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(&at.to_rfc3339())
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

#[cfg(test)]
mod tests {
    use chrono::{TimeZone, Utc};
    use serde_json::Value;
    use tutorhub_domain::accounts::user::Role;
    use tutorhub_domain::cases::model::{CaseStatus, PostType, PreferredGender};
    use tutorhub_domain::tutors::model::TutorGender;

    use super::*;
    use crate::cases::api::{CasePage, CaseSummary};
    use crate::common::keys::Key;
    use crate::system::catalogue::ChoiceView;
    use crate::tutors::directory::{PublicTutor, TrackRecordBody, TutorPage};

    /// A feed at a version the test moves.
    #[derive(Default)]
    struct Feed(std::sync::atomic::AtomicI64);

    #[async_trait::async_trait]
    impl tutorhub_domain::search::ports::ChangeFeed for Feed {
        async fn version(&self) -> Result<i64, tutorhub_domain::shared::storage::RepositoryError> {
            Ok(self.0.load(std::sync::atomic::Ordering::SeqCst))
        }

        async fn changes_since(
            &self,
            _version: i64,
            _limit: u32,
        ) -> Result<Vec<tutorhub_domain::search::ports::Change>, tutorhub_domain::shared::storage::RepositoryError> {
            Ok(Vec::new())
        }
    }

    /// The home page's page `n`: a key as good as any for the store.
    fn page(n: u32) -> AnswerKey {
        AnswerKey::LatestCases(PageRequest::new(Some(i64::from(n)), Some(20)).unwrap())
    }

    /// Answers `key` with `bytes` of text, counting the searches run.
    async fn ask_for(prepared: &PreparedAnswers, key: AnswerKey, bytes: usize, searches: &std::sync::atomic::AtomicUsize) -> Bytes {
        let answer = prepared.answer(key.clone(), || async {
            searches.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            Ok::<_, ApiError>(vec![format!("{key:?}"), "x".repeat(bytes)])
        });
        answer.await.unwrap().bytes
    }

    async fn ask(prepared: &PreparedAnswers, key: AnswerKey, searches: &std::sync::atomic::AtomicUsize) -> Bytes {
        ask_for(prepared, key, 0, searches).await
    }

    #[tokio::test]
    async fn an_answer_is_kept_for_its_version_only() {
        use std::sync::atomic::{AtomicUsize, Ordering};
        let feed = Arc::new(Feed::default());
        let prepared = PreparedAnswers::new(SearchVersion::new(feed.clone()), true);
        let searches = AtomicUsize::new(0);
        for _ in 0..4 {
            assert!(ask(&prepared, page(1), &searches).await.starts_with(b"[\"LatestCases("));
        }
        assert_eq!(searches.load(Ordering::SeqCst), 1, "searched once, then kept");

        feed.0.store(1, Ordering::SeqCst);
        ask(&prepared, page(1), &searches).await;
        ask(&prepared, page(1), &searches).await;
        assert_eq!(searches.load(Ordering::SeqCst), 2, "a write: searched again, once");
    }

    #[tokio::test]
    async fn callers_missing_the_same_answer_together_share_one_search() {
        use std::sync::atomic::{AtomicUsize, Ordering};
        let prepared = PreparedAnswers::new(SearchVersion::new(Arc::new(Feed::default())), true);
        let searches = AtomicUsize::new(0);
        let asks = (0..16).map(|_| async {
            let answer = prepared.answer(page(1), || async {
                searches.fetch_add(1, Ordering::SeqCst);
                tokio::time::sleep(std::time::Duration::from_millis(20)).await;
                Ok::<_, ApiError>(vec!["x"])
            });
            answer.await.unwrap().bytes
        });
        let answers = futures_util::future::join_all(asks).await;
        assert_eq!(searches.load(Ordering::SeqCst), 1);
        assert!(answers.iter().all(|bytes| bytes == &answers[0]));
    }

    #[tokio::test]
    async fn an_answer_is_kept_per_language() {
        use std::sync::atomic::{AtomicUsize, Ordering};
        let prepared = PreparedAnswers::new(SearchVersion::new(Arc::new(Feed::default())), true);
        let searches = AtomicUsize::new(0);
        for _ in 0..3 {
            ask(&prepared, page(1), &searches).await;
            crate::words::speaking(Language::En, ask(&prepared, page(1), &searches)).await;
        }
        assert_eq!(searches.load(Ordering::SeqCst), 2, "each language searched once, then kept");
    }

    /// Answers and keys are weighed in bytes: the store stays within its bytes, and a flood of
    /// answers asked for once (other people's searches, or junk) does not push out the page
    /// everyone opens.
    #[tokio::test]
    async fn the_store_stays_within_its_bytes_and_keeps_what_is_asked_for_often() {
        use std::sync::atomic::{AtomicUsize, Ordering};
        let prepared = PreparedAnswers::new(SearchVersion::new(Arc::new(Feed::default())), true);
        let searches = AtomicUsize::new(0);
        let popular = AtomicUsize::new(0);
        let answer = 1024 * 1024;
        for n in 2..=200 {
            // The page everyone opens, asked for between the others.
            ask_for(&prepared, page(1), answer, &popular).await;
            ask_for(&prepared, page(n), answer, &searches).await;
            prepared.answers.run_pending_tasks().await;
            assert!(prepared.answers.weighted_size() <= MAX_BYTES, "{} bytes kept", prepared.answers.weighted_size());
        }
        assert!(prepared.answers.weighted_size() > MAX_BYTES / 2, "the budget is used: {}", prepared.answers.weighted_size());
        ask_for(&prepared, page(1), answer, &popular).await;
        assert_eq!(popular.load(Ordering::SeqCst), 1, "the page asked for often is still kept");
        let filter = CaseFilter::board_search(&tutorhub_domain::cases::search::CaseQuery::default(), Some("數學"), None).unwrap();
        let key = AnswerKey::Cases(filter, PageRequest::default());
        assert!(key.bytes() > format!("{key:?}").len(), "a key counts its text");
    }

    #[tokio::test]
    async fn without_keeping_every_ask_is_searched() {
        use std::sync::atomic::{AtomicUsize, Ordering};
        let prepared = PreparedAnswers::new(SearchVersion::new(Arc::new(Feed::default())), false);
        let searches = AtomicUsize::new(0);
        for _ in 0..3 {
            ask(&prepared, page(1), &searches).await;
        }
        assert_eq!(searches.load(Ordering::SeqCst), 3);
    }

    /// What is sent (serde) and what the OpenAPI document describes (poem-openapi's `ToJSON`).
    fn both_ways<T: ToJSON + Serialize>(answer: &T) -> (Value, Value) {
        let sent: Value = serde_json::from_slice(&serde_json::to_vec(answer).unwrap()).unwrap();
        (sent, answer.to_json().unwrap())
    }

    fn at() -> chrono::DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 24, 9, 30, 15).unwrap() + chrono::Duration::milliseconds(813)
    }

    #[test]
    fn a_page_of_cases_is_sent_as_its_schema_reads() {
        let case = CaseSummary {
            id: "78dad4d0-9cfd-5ab0-ed76-fc9175dae06d".into(),
            case_id: 720_132,
            post_type: Key(PostType::StudentSeekingTutor),
            post_title: "粉嶺小五數學補習 \"急\"".into(),
            excerpt: "學生較內向，希望導師親切。\n".into(),
            level: "primary".into(),
            grade: "小五".into(),
            subjects: vec!["數學".into(), "English".into()],
            subject: "小五 數學".into(),
            location: "粉嶺".into(),
            district: "北區".into(),
            region: "新界".into(),
            rate: 550.5,
            session_length: 90,
            sessions_per_week: 2,
            preferred_gender: Key(PreferredGender::Female),
            start_date: "2027-01-18".into(),
            status: Key(CaseStatus::Approved),
            applicant_count: 3,
            full: false,
            created_at: at(),
        };
        let page =
            CasePage { items: vec![case.clone(), CaseSummary { rate: 300.0, full: true, ..case }], total: 42, page: 2, page_size: 20 };
        let (sent, described) = both_ways(&page);
        assert_eq!(sent, described);
        assert_eq!(sent["items"][0]["createdAt"], "2026-11-24T09:30:15.813+00:00");
    }

    #[test]
    fn a_page_of_tutors_is_sent_as_its_schema_reads_with_and_without_what_may_be_missing() {
        let tutor = PublicTutor {
            id: "5b0c1c0e-8f0a-4e43-9d4f-2f9b7f1f3a10".into(),
            user_id: 1024,
            role: Key(Role::Tutor),
            is_tutor: true,
            is_tutor_profile_active: true,
            name: "陳大文".into(),
            avatar: Some("/files/avatars/a.webp".into()),
            education: "香港大學 經濟學系".into(),
            subjects: vec!["中學 數學".into()],
            grade_level: "中學".into(),
            available_times: "星期一至五 晚上 7 時後".into(),
            location: "藍田".into(),
            district: "觀塘區".into(),
            region: "九龍".into(),
            gender: Some(Key(TutorGender::Male)),
            teaching_mode: "one-to-one".into(),
            teaching_mode_label: "一對一".into(),
            teaching_modes: vec![ChoiceView { key: "one-to-one".into(), label: "一對一".into() }],
            teaching_districts: vec!["觀塘區".into(), "黃大仙區".into()],
            rate: 350.0,
            bio: "做事認真。".into(),
            experience_years: 8,
            exam_results: "DSE 5**".into(),
            course_features: "定期小測".into(),
            approved_at: at(),
            review_count: 2,
            average_rating: Some(4.5),
            record: Some(TrackRecordBody {
                matched_cases: 3,
                accepted_bookings: 1,
                member_since: at(),
                lessons_held: 12,
                undisputed_percent: Some(92),
            }),
        };
        let bare = PublicTutor { avatar: None, gender: None, average_rating: None, record: None, ..tutor.clone() };
        let page = TutorPage { items: vec![tutor, bare], total: 2, page: 1, page_size: 20 };
        let (sent, described) = both_ways(&page);
        assert_eq!(sent, described);
        assert!(sent["items"][1].get("avatar").is_none() && sent["items"][0]["record"]["matchedCases"] == 3);
    }
}
