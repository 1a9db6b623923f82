//! Refuses query strings that carry control characters, before any handler reads them.
//!
//! Filters such as `GET /cases?subjects=%00` reach SQL as bound text; PostgreSQL refuses a
//! NUL in text, which would surface as a 500. No query parameter of ours is meant to hold a
//! control character (they are single-line values: keys, names, numbers, search words), so
//! any of them, percent-encoded or not, is answered 400 with the parameter named, in the
//! API's error shape. Bodies are checked by the domain's text rule instead, field by field.

use poem::http::StatusCode;
use poem::{Endpoint, IntoResponse, Middleware, Request, Response, Result};
use poem_openapi::payload::Json;

use crate::error::{ErrorBody, ErrorCode, FieldErrorBody};
use crate::words::{ControlInParameter, InputWords, Words};

pub struct QueryGuard;

impl<E: Endpoint> Middleware<E> for QueryGuard {
    type Output = QueryGuardEndpoint<E>;

    fn transform(&self, ep: E) -> Self::Output {
        QueryGuardEndpoint(ep)
    }
}

pub struct QueryGuardEndpoint<E>(E);

impl<E: Endpoint> Endpoint for QueryGuardEndpoint<E> {
    type Output = Response;

    async fn call(&self, req: Request) -> Result<Self::Output> {
        if let Some(name) = req.uri().query().and_then(parameter_with_control_character) {
            let body = ErrorBody {
                code: ErrorCode::ValidationFailed,
                error: ControlInParameter(&name).say(),
                errors: Some(vec![FieldErrorBody { field: name, message: InputWords::ControlCharacters.say() }]),
            };
            return Ok(Json(body).with_status(StatusCode::BAD_REQUEST).into_response());
        }
        self.0.call(req).await.map(IntoResponse::into_response)
    }
}

/// The (decoded) name of the first parameter whose name or value holds a control character.
/// Decoding is `application/x-www-form-urlencoded`, as the handlers read it; invalid UTF-8
/// becomes U+FFFD, which is not a control character, and the handler's own parsing judges it.
fn parameter_with_control_character(query: &str) -> Option<String> {
    let bad = |text: &str| text.chars().any(char::is_control);
    form_urlencoded::parse(query.as_bytes())
        .find(|(name, value)| bad(name) || bad(value))
        .map(|(name, _)| name.chars().filter(|c| !c.is_control()).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_encoded_and_plain_control_characters_and_names_the_parameter() {
        assert_eq!(parameter_with_control_character("page=2&subjects=%00"), Some("subjects".into()));
        assert_eq!(parameter_with_control_character("search=a%0Ab"), Some("search".into()));
        assert_eq!(parameter_with_control_character("x%1B=1"), Some("x".into()));
        assert_eq!(parameter_with_control_character("q=%C2%85"), Some("q".into()), "U+0085 is a control character too");
    }

    #[test]
    fn lets_ordinary_queries_through() {
        for query in ["", "subjects=%E6%95%B8%E5%AD%B8&page=1", "a=b+c", "a=100%", "a=%zz", "a=%E6", "flag"] {
            assert_eq!(parameter_with_control_character(query), None, "{query}");
        }
    }
}
