//! The first screen in the HTML the server sends (issue 14), so a phone paints the page before
//! the app's JavaScript has loaded:
//! - the build prerenders the app's frame and its data-free public pages (home, the board, the
//!   login page, the terms, the privacy policy) into `first-screen/*.html` and `index.html`, and
//!   in English into `first-screen/*.en.html` and `index.en.html` (frontend
//!   `prerender/plugin.ts`); [`documents`] picks the page's document;
//! - a tutor's or a case's page gets its first screen written here, in the page's language,
//!   into the frame's slot, with the API answer the app would ask for first (asked in that
//!   language), so the app's first render shows the same data.

use poem::http::{Method, StatusCode, header};
use poem::{Endpoint, Request};
use tutorhub_domain::shared::language::Language;

use super::sharing::escape;
use crate::words::pages::FirstScreen;

/// Where the frame leaves room for a page's own first screen (in `<main>`).
const SLOT: &str = "<!--first-screen-->";

/// The path the build renders the frame at (frontend `src/app/first-screen/prerender.tsx`): the
/// frame's links that name the page itself (the language switch) carry it, for the page's own.
const FRAME_PATH: &str = "/first-screen-path-7f3a";

/// The id the app reads the answers from (frontend `src/app/first-screen/seed.ts`).
const DATA_ID: &str = "first-screen-data";

/// The folder of the prerendered pages' documents in the build.
pub const DOCUMENTS: &str = "first-screen/";

/// The frame in each language: the app's document for every page without one of its own.
pub const FRAMES: [&str; 2] = ["index.html", "index.en.html"];

/// The built documents for a page (its zh-HK path and query) in `language`, best first (the
/// server sends the first the build has): a data-free public page has its own prerendered one,
/// any other page the frame. An English page of a build without English documents gets the
/// zh-HK frame (the app then draws it in English), never a zh-HK page's prerendered text.
pub fn documents(path: &str, query: Option<&str>, language: Language) -> Vec<&'static str> {
    let own = match path.trim_end_matches('/') {
        "" => Some(("first-screen/home.html", "first-screen/home.en.html")),
        "/all-cases" => Some(("first-screen/all-cases.html", "first-screen/all-cases.en.html")),
        // The prerender is the login tab: an address of the register tab gets the frame, which
        // the app fills with that tab, rather than a form that would change under the visitor.
        "/login-or-register" if !asks_for_register_tab(query) => {
            Some(("first-screen/login-or-register.html", "first-screen/login-or-register.en.html"))
        }
        "/terms" => Some(("first-screen/terms.html", "first-screen/terms.en.html")),
        "/privacy" => Some(("first-screen/privacy.html", "first-screen/privacy.en.html")),
        _ => None,
    };
    match language {
        Language::ZhHk => own.map(|(zh, _)| zh).into_iter().chain(["index.html"]).collect(),
        Language::En => own.map(|(_, en)| en).into_iter().chain(["index.en.html", "index.html"]).collect(),
    }
}

/// Whether a query opens the login page's register tab (`?tab=register`, as the app reads it:
/// frontend `LoginOrRegisterPage.tsx`).
fn asks_for_register_tab(query: Option<&str>) -> bool {
    query.is_some_and(|query| query.split('&').any(|pair| pair == "tab=register"))
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
/// for the app (asked in the page's `language`, as the app on that page asks). A page without
/// a first screen of its own keeps an empty `<main>`.
pub async fn fill<E: Endpoint>(
    page: String,
    page_path: &str,
    screen: Option<&FirstScreen>,
    language: Language,
    api: &E,
    extensions: &poem::http::Extensions,
) -> String {
    // The language switch of the frame points at the page itself, in the other language.
    let page = page.replace(FRAME_PATH, &super::sharing::escape(page_path));
    let Some(screen) = screen else { return page.replacen(SLOT, "", 1) };
    let mut html = render(screen);
    if let Some(path) = api_path(page_path)
        && let Some(answer) = anonymous_get(api, &path, language, extensions).await
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

/// The API's answer to a GET with no credentials: exactly what anyone may read, in `language`
/// whatever the visitor's browser asks for (the page's address decides its language).
async fn anonymous_get<E: Endpoint>(api: &E, path: &str, language: Language, extensions: &poem::http::Extensions) -> Option<String> {
    let mut request = Request::builder().method(Method::GET).uri_str(path).header(header::ACCEPT_LANGUAGE, language.key()).finish();
    *request.extensions_mut() = extensions.clone();
    let response = crate::words::speaking(language, api.get_response(request)).await;
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
        screen.facts.iter().map(|fact| format!("<div><dt>{}</dt><dd>{}</dd></div>", escape(&fact.label), escape(&fact.value))).collect();
    let section = screen
        .section
        .as_ref()
        .map(|s| {
            format!("<h2 class=\"first-screen-section\">{}</h2><p class=\"first-screen-text\">{}</p>", escape(&s.title), escape(&s.text))
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
        assert_eq!(documents("/", None, Language::ZhHk), ["first-screen/home.html", "index.html"]);
        assert_eq!(documents("/all-cases/", None, Language::ZhHk)[0], "first-screen/all-cases.html");
        assert_eq!(documents("/terms", None, Language::ZhHk)[0], "first-screen/terms.html");
        assert_eq!(documents("/login-or-register", None, Language::ZhHk)[0], "first-screen/login-or-register.html");
        assert_eq!(documents("/login-or-register", Some("next=%2Fpost-case"), Language::ZhHk)[0], "first-screen/login-or-register.html");
        // The register tab is not what the prerender shows.
        assert_eq!(documents("/login-or-register", Some("tab=register"), Language::ZhHk), ["index.html"]);
        assert_eq!(documents("/login-or-register", Some("next=%2Fme&tab=register"), Language::En), ["index.en.html", "index.html"]);
        assert_eq!(documents("/tutor/1009", None, Language::ZhHk), ["index.html"]);
        assert_eq!(documents("/my-cases", None, Language::ZhHk), ["index.html"]);
    }

    #[test]
    fn english_pages_have_english_documents_then_the_frame() {
        assert_eq!(documents("/", None, Language::En), ["first-screen/home.en.html", "index.en.html", "index.html"]);
        assert_eq!(documents("/privacy", None, Language::En)[0], "first-screen/privacy.en.html");
        assert_eq!(documents("/login-or-register", None, Language::En)[0], "first-screen/login-or-register.en.html");
        assert_eq!(documents("/case/7", None, Language::En), ["index.en.html", "index.html"]);
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
