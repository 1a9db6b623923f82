//! The first screen in the HTML the server sends (issue 14), so a phone paints the page before
//! the app's JavaScript has loaded:
//! - the build prerenders the app's frame and its data-free public pages (home, the board, the
//!   terms, the privacy policy) into `first-screen/*.html` and `index.html` (frontend
//!   `prerender/plugin.ts`); [`template`] picks the page's document;
//! - a tutor's or a case's page gets its first screen written here, into the frame's slot, with
//!   the API answer the app would ask for first, so the app's first render shows the same data.

use poem::http::{Method, StatusCode};
use poem::{Endpoint, Request};
use tutorhub_domain::sharing::first_screen::FirstScreen;

use super::sharing::escape;

/// Where the frame leaves room for a page's own first screen (in `<main>`).
const SLOT: &str = "<!--first-screen-->";

/// The id the app reads the answers from (frontend `src/app/first-screen/seed.ts`).
const DATA_ID: &str = "first-screen-data";

/// The folder of the prerendered pages' documents in the build.
pub const DOCUMENTS: &str = "first-screen/";

/// The built document for a page: a data-free public page has its own prerendered one.
pub fn template(path: &str) -> &'static str {
    match path.trim_end_matches('/') {
        "" => "first-screen/home.html",
        "/all-cases" => "first-screen/all-cases.html",
        "/terms" => "first-screen/terms.html",
        "/privacy" => "first-screen/privacy.html",
        _ => "index.html",
    }
}

/// The API path whose answer a tutor's or a case's page asks for first, as the app writes it
/// (frontend `getGetTutorKey`, `getGetCaseKey`): a tutor's id as in the page's address, a case's
/// number as the number the app reads from it (`/case/0123` asks for `/cases/123`).
fn api_path(page_path: &str) -> Option<String> {
    match page_path.trim_matches('/').split('/').collect::<Vec<_>>().as_slice() {
        ["tutor", id] => Some(format!("/tutors/{id}")),
        ["case", number] => number.parse::<i64>().ok().map(|n| format!("/cases/{n}")),
        _ => None,
    }
}

/// `page` with its slot filled: the first screen and, when the API answers 200, that answer
/// for the app. A page without a first screen of its own keeps an empty `<main>`.
pub async fn fill<E: Endpoint>(
    page: String,
    page_path: &str,
    screen: Option<&FirstScreen>,
    api: &E,
    extensions: &poem::http::Extensions,
) -> String {
    let Some(screen) = screen else { return page.replacen(SLOT, "", 1) };
    let mut html = render(screen);
    if let Some(path) = api_path(page_path)
        && let Some(answer) = anonymous_get(api, &path, extensions).await
    {
        let key = serde_json::to_string(&path).unwrap_or_default();
        html.push_str(&format!(
            "<script type=\"application/json\" id=\"{DATA_ID}\">{{{}:{}}}</script>",
            json_in_script(&key),
            json_in_script(&answer)
        ));
    }
    page.replacen(SLOT, &html, 1)
}

/// The API's answer to a GET with no credentials: exactly what anyone may read.
async fn anonymous_get<E: Endpoint>(api: &E, path: &str, extensions: &poem::http::Extensions) -> Option<String> {
    let mut request = Request::builder().method(Method::GET).uri_str(path).finish();
    *request.extensions_mut() = extensions.clone();
    let response = api.get_response(request).await;
    if response.status() != StatusCode::OK {
        return None;
    }
    let body = response.into_body().into_string().await.ok()?;
    // Only a JSON object is an answer the app can use.
    body.starts_with('{').then_some(body)
}

/// JSON inside a script element: a `<` (as in `</script>`) cannot end it early. JSON text only
/// has `<` inside strings, where `\u003c` means the same.
fn json_in_script(json: &str) -> String {
    json.replace('<', "\\u003c")
}

/// The first screen as HTML; its classes are styled by the frontend's
/// `src/app/first-screen/first-screen.css`, which the build puts in every document's head.
fn render(screen: &FirstScreen) -> String {
    let image = screen
        .image_path
        .as_ref()
        .map(|path| format!("<img class=\"first-screen-avatar\" src=\"{}\" alt=\"\" width=\"96\" height=\"96\" />", escape(path)))
        .unwrap_or_default();
    let overline =
        screen.overline.as_ref().map(|line| format!("<p class=\"first-screen-overline\">{}</p>", escape(line))).unwrap_or_default();
    let notes: String = screen.notes.iter().map(|note| format!("<p class=\"first-screen-note\">{}</p>", escape(note))).collect();
    let facts: String =
        screen.facts.iter().map(|fact| format!("<div><dt>{}</dt><dd>{}</dd></div>", escape(fact.label), escape(&fact.value))).collect();
    let section = screen
        .section
        .as_ref()
        .map(|s| {
            format!("<h2 class=\"first-screen-section\">{}</h2><p class=\"first-screen-text\">{}</p>", escape(s.title), escape(&s.text))
        })
        .unwrap_or_default();
    format!(
        "<div class=\"first-screen\"><article class=\"first-screen-card\"><div class=\"first-screen-header\">{image}<div class=\"first-screen-titles\">\
         {overline}<h1 class=\"first-screen-heading\">{}</h1><p class=\"first-screen-lead\">{}</p>{notes}</div></div>\
         <dl class=\"first-screen-facts\">{facts}</dl>{section}</article></div>",
        escape(&screen.heading),
        escape(&screen.lead)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_data_free_public_pages_have_documents_of_their_own() {
        assert_eq!(template("/"), "first-screen/home.html");
        assert_eq!(template("/all-cases/"), "first-screen/all-cases.html");
        assert_eq!(template("/terms"), "first-screen/terms.html");
        assert_eq!(template("/tutor/1009"), "index.html");
        assert_eq!(template("/my-cases"), "index.html");
    }

    #[test]
    fn a_tutor_or_a_case_page_asks_the_api_with_its_own_id() {
        assert_eq!(api_path("/tutor/1009").as_deref(), Some("/tutors/1009"));
        assert_eq!(api_path("/case/10143").as_deref(), Some("/cases/10143"));
        assert_eq!(api_path("/case/010143").as_deref(), Some("/cases/10143"));
        assert_eq!(api_path("/all-cases"), None);
        assert_eq!(api_path("/tutor/1/extra"), None);
    }

    #[test]
    fn the_answer_cannot_end_its_script_element() {
        assert_eq!(json_in_script(r#"{"bio":"</script><script>x()"}"#), r#"{"bio":"\u003c/script>\u003cscript>x()"}"#);
    }
}
