//! The single-page app is served beside the API.

mod support;

use poem::http::StatusCode;
use tutorhub_http::AppFiles;

async fn app_with_files() -> support::TestApp {
    let files = tempfile::tempdir().unwrap().keep();
    std::fs::create_dir_all(files.join("assets")).unwrap();
    std::fs::write(files.join("index.html"), "<!doctype html><title>tutorhub</title>").unwrap();
    std::fs::write(files.join("assets/app-abc123.js"), "console.log(1)").unwrap();
    support::spawn_with_files(Some(AppFiles::Directory(files))).await
}

#[tokio::test]
async fn pages_of_the_app_get_the_app_whatever_the_client_accepts() {
    let app = app_with_files().await;
    for path in ["/", "/all-cases", "/tutor/42", "/case/10234", "/post-case/7"] {
        for accept in ["text/html,*/*", "*/*"] {
            let response = app.client.get(path).header("Accept", accept).send().await;
            response.assert_status_is_ok();
            response.assert_header("cache-control", "no-cache");
            response.assert_text("<!doctype html><title>tutorhub</title>").await;
        }
    }
}

#[tokio::test]
async fn an_unknown_page_is_a_404_the_app_draws_for_browsers_and_json_for_others() {
    let app = app_with_files().await;
    let page = app.client.get("/some/unknown/page").header("Accept", "text/html").send().await;
    page.assert_status(StatusCode::NOT_FOUND);
    page.assert_text("<!doctype html><title>tutorhub</title>").await;
    let api = app.client.get("/some/unknown/page").header("Accept", "application/json").send().await;
    api.assert_status(StatusCode::NOT_FOUND);
    api.assert_content_type("application/json; charset=utf-8");
}

#[tokio::test]
async fn hashed_assets_are_cached_for_a_year() {
    let app = app_with_files().await;
    let response = app.client.get("/assets/app-abc123.js").send().await;
    response.assert_status_is_ok();
    response.assert_header("cache-control", "public, max-age=31536000, immutable");
    response.assert_content_type("text/javascript; charset=utf-8");
}

#[tokio::test]
async fn api_paths_still_answer_json_to_browsers_and_files_cannot_escape_the_folder() {
    let app = app_with_files().await;
    let response = app.client.get("/health").header("Accept", "text/html").send().await;
    response.assert_status_is_ok();
    response.assert_content_type("application/json; charset=utf-8");
    let response = app.client.get("/../Cargo.toml").send().await;
    response.assert_status(StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn openapi_document_and_swagger_ui_are_served() {
    let app = app_with_files().await;
    let response = app.client.get("/openapi.yaml").send().await;
    response.assert_status_is_ok();
    assert!(response.0.into_body().into_string().await.unwrap().contains("/cases/public"));
    app.client.get("/docs").send().await.assert_status_is_ok();
}

#[tokio::test]
async fn the_app_page_carries_a_strict_content_security_policy() {
    let app = app_with_files().await;
    let page = app.client.get("/all-cases").header("Accept", "text/html").send().await;
    page.assert_status_is_ok();
    let policy = page.0.headers().get("content-security-policy").expect("the page has a policy").to_str().unwrap().to_string();
    for directive in ["script-src 'self';", "object-src 'none'", "frame-ancestors 'none'", "base-uri 'self'"] {
        assert!(policy.contains(directive), "{directive} missing from {policy}");
    }
    assert!(!policy.split(';').any(|d| d.trim().starts_with("script-src") && d.contains("unsafe")), "{policy}");
    // Assets are not documents: no policy needed on them.
    let asset = app.client.get("/assets/app-abc123.js").send().await;
    assert!(asset.0.headers().get("content-security-policy").is_none());
}
