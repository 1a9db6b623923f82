//! Every sentence the API answers with, in each language: the one place where a typed failure
//! of the domain (an error, a validation [`Problem`](tutorhub_domain::shared::validation::Problem))
//! becomes words a person reads.
//!
//! A request's language is decided once, by [`speaking`] around the whole endpoint tree (see
//! `server.rs`), from its `Accept-Language` (the app sends the language it shows); everything
//! answering that request then words itself with [`Words::say`]. Each file beside this one
//! words one business area, each sentence in both languages side by side, so that a sentence
//! added in one language without the other does not compile (every `match` is exhaustive).

mod accept_language;
mod accounts;
mod alerts;
mod billing;
mod bookings;
mod cases;
mod input;
mod lessons;
mod matching;
mod organizations;
pub(crate) mod pages;
mod problems;
mod profiles;
mod reviews;
mod tutors;

use std::future::Future;

use poem::{Endpoint, Middleware};

pub use accept_language::from_accept_language;
pub use accounts::AccountsWords;
pub use input::{ControlInParameter, InputWords};
pub use problems::{capitalised, label, thousands};
use tutorhub_domain::shared::language::Language;
pub use tutors::application_status;

tokio::task_local! {
    static LANGUAGE: Language;
}

/// The language of the request being answered (zh-HK outside one, e.g. in a job).
pub fn language() -> Language {
    LANGUAGE.try_with(|language| *language).unwrap_or_default()
}

/// Runs `work` speaking `language`: every [`Words::say`] inside it words itself so.
pub async fn speaking<F: Future>(language: Language, work: F) -> F::Output {
    LANGUAGE.scope(language, work).await
}

/// The language a request is answered in: its `Accept-Language` (the app sends the language it
/// shows), zh-HK when it names neither language.
pub fn request_language(request: &poem::Request) -> Language {
    request
        .headers()
        .get(poem::http::header::ACCEPT_LANGUAGE)
        .and_then(|value| value.to_str().ok())
        .and_then(from_accept_language)
        .unwrap_or_default()
}

/// The middleware that answers each request in its language (outermost, so that failures of
/// every layer inside it are worded so too).
pub struct Speaking;

impl<E: Endpoint> Middleware<E> for Speaking {
    type Output = SpeakingEndpoint<E>;

    fn transform(&self, endpoint: E) -> Self::Output {
        SpeakingEndpoint(endpoint)
    }
}

pub struct SpeakingEndpoint<E>(E);

impl<E: Endpoint> Endpoint for SpeakingEndpoint<E> {
    type Output = E::Output;

    async fn call(&self, request: poem::Request) -> poem::Result<Self::Output> {
        speaking(request_language(&request), self.0.call(request)).await
    }
}

/// Something the API tells a person, in either language.
pub trait Words {
    /// The sentence in `language`.
    fn words(&self, language: Language) -> String;

    /// The sentence in the language of the request being answered.
    fn say(&self) -> String {
        self.words(language())
    }
}

/// Picks the sentence of `language` out of its two translations.
pub fn pick(language: Language, zh_hk: impl Into<String>, en: impl Into<String>) -> String {
    match language {
        Language::ZhHk => zh_hk.into(),
        Language::En => en.into(),
    }
}
