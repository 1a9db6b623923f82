//! The single-page app is served beside the API.

use poem::http::StatusCode;
use tutorhub_http::AppFiles;

async fn app_with_files() -> crate::support::TestApp {
    let files = tempfile::tempdir().unwrap().keep();
    std::fs::create_dir_all(files.join("assets")).unwrap();
    std::fs::write(files.join("index.html"), "<!doctype html><title>tutorhub</title>").unwrap();
    std::fs::write(files.join("assets/app-abc123.js"), "console.log(1)").unwrap();
    // The build's compressed copies (frontend/precompress/plugin.ts); their bytes stand for them.
    std::fs::write(files.join("assets/app-abc123.js.br"), "brotli of app").unwrap();
    std::fs::write(files.join("assets/app-abc123.js.gz"), "gzip of app").unwrap();
    std::fs::write(files.join("assets/small-def456.js"), "1").unwrap();
    std::fs::write(files.join("assets/app-abc123.js.map"), "{\"version\":3,\"sources\":[\"app.ts\"]}").unwrap();
    std::fs::write(files.join("sw.js"), "self.addEventListener('fetch', () => {})").unwrap();
    std::fs::write(files.join("manifest.webmanifest"), r#"{"name":"tutorhub"}"#).unwrap();
    crate::support::spawn_with_files(Some(AppFiles::Directory(files))).await
}

#[tokio::test]
async fn pages_of_the_app_get_the_app_whatever_the_client_accepts() {
    let app = app_with_files().await;
    for path in ["/", "/all-cases", "/my-cases", "/post-case/7"] {
        for accept in ["text/html,*/*", "*/*"] {
            let response = app.client.get(path).header("Accept", accept).send().await;
            response.assert_status_is_ok();
            response.assert_header("cache-control", "no-cache");
            let html = response.0.into_body().into_string().await.unwrap();
            assert!(html.starts_with("<!doctype html><title>") && html.contains("tutorhub"), "{html}");
        }
    }
}

#[tokio::test]
async fn an_unknown_page_is_a_404_the_app_draws_for_browsers_and_json_for_others() {
    let app = app_with_files().await;
    let page = app.client.get("/some/unknown/page").header("Accept", "text/html").send().await;
    page.assert_status(StatusCode::NOT_FOUND);
    let html = page.0.into_body().into_string().await.unwrap();
    assert!(html.starts_with("<!doctype html><title>") && html.contains("noindex"), "{html}");
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

/// The build compressed each asset at its best once; the answer is that copy, never compressed
/// again per request, and says which coding it is in.
#[tokio::test]
async fn hashed_assets_go_out_as_the_builds_compressed_copy_the_client_accepts() {
    let app = app_with_files().await;
    for (accept, coding, body) in [
        (Some("gzip, deflate, br, zstd"), Some("br"), "brotli of app"),
        (Some("gzip"), Some("gzip"), "gzip of app"),
        (Some("br;q=0, gzip"), Some("gzip"), "gzip of app"),
        (Some("identity"), None, "console.log(1)"),
        (None, None, "console.log(1)"),
    ] {
        let request = app.client.get("/assets/app-abc123.js");
        let response = match accept {
            Some(accept) => request.header("Accept-Encoding", accept),
            None => request,
        }
        .send()
        .await;
        response.assert_status_is_ok();
        response.assert_content_type("text/javascript; charset=utf-8");
        response.assert_header("vary", "Accept-Encoding");
        assert_eq!(response.0.headers().get("content-encoding").map(|v| v.to_str().unwrap()), coding, "{accept:?}");
        assert_eq!(response.0.into_body().into_string().await.unwrap(), body, "{accept:?}");
    }
    // A file the build left as it is (too small to gain) goes out as it is.
    let small = app.client.get("/assets/small-def456.js").header("Accept-Encoding", "br, gzip").send().await;
    small.assert_status_is_ok();
    assert!(small.0.headers().get("content-encoding").is_none());
    // A kind of file the build leaves alone is still compressed by the server.
    let map = app.client.get("/assets/app-abc123.js.map").header("Accept-Encoding", "gzip").send().await;
    map.assert_header("content-encoding", "gzip");
    // The copies are served only as their original's coding.
    app.client.get("/assets/app-abc123.js.br").send().await.assert_status(StatusCode::NOT_FOUND);
    // Pages and the API are still compressed by the server.
    let page = app.client.get("/").header("Accept", "text/html").header("Accept-Encoding", "gzip").send().await;
    page.assert_header("content-encoding", "gzip");
}

#[tokio::test]
async fn the_service_worker_is_never_kept_stale_and_the_manifest_is_typed() {
    let app = app_with_files().await;
    // Browsers compare sw.js at every visit: a cached copy would hold a release back.
    let worker = app.client.get("/sw.js").send().await;
    worker.assert_status_is_ok();
    worker.assert_header("cache-control", "no-cache");
    worker.assert_content_type("text/javascript; charset=utf-8");
    let manifest = app.client.get("/manifest.webmanifest").send().await;
    manifest.assert_status_is_ok();
    manifest.assert_content_type("application/manifest+json");
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

/// An approved tutor with a public profile: (user id, user number).
async fn listed_tutor(app: &crate::support::TestApp) -> (uuid::Uuid, i64) {
    use chrono::Utc;
    use tutorhub_domain::tutors::model::{ApplicationDetails, NewTutorApplication, TutorApplicationForm, TutorProfile};
    let id = crate::support::insert_account(app, "91234567", "李老師", tutorhub_domain::accounts::user::UserType::Individual).await;
    let form = TutorApplicationForm {
        name: "李老師".into(),
        contact_number: "91234567".into(),
        education: "中文大學 物理系".into(),
        age: Some(26),
        teaching_experience: Some(4),
        subjects: vec!["中學 物理".into()],
        exam_results: "DSE 物理 5*".into(),
        course_features: "實驗示範".into(),
        teaching_area: "沙田".into(),
        teaching_schedule: "星期六".into(),
        teaching_mode: "one-to-one".into(),
        gender: String::new(),
        teaching_modes: vec![],
        teaching_districts: vec![],
        required_fee: Some(400.0),
        bio: "喜歡教學，重視理解".into(),
    };
    let new = NewTutorApplication {
        id: uuid::Uuid::new_v4(),
        user_id: id,
        details: ApplicationDetails::parse(&form).unwrap(),
        avatar: "/media/avatars/li.png".into(),
        submitted_at: Utc::now(),
    };
    let application = app.tutor_application_records.insert_application(new).await.unwrap();
    let number = app.users.find_by_id(id).await.unwrap().unwrap().number;
    let profile = TutorProfile::from_application(&application, number, Utc::now());
    assert!(app.tutor_application_records.approve_application(application.number, "staff", Utc::now(), &profile).await.unwrap());
    (id, number)
}

/// A parent's approved case in secondary physics at 大圍 for HK$600 a 90-minute lesson.
async fn open_case(app: &crate::support::TestApp) -> i64 {
    use tutorhub_domain::cases::model::{CaseDetails, CaseForm, CaseStatus, NewCase};
    let form = CaseForm {
        post_type: "student-seeking-tutor".into(),
        post_title: "中四物理 <尋找導師>".into(),
        level: "secondary".into(),
        grade: "中四".into(),
        subjects: vec!["物理".into()],
        location: "大圍".into(),
        rate: Some(600.0),
        session_length: Some(90),
        sessions_per_week: Some(2),
        description: "想加強力學".into(),
        preferred_gender: "no limit".into(),
        start_date: "2026-12-01".into(),
    };
    let case = NewCase {
        id: uuid::Uuid::new_v4(),
        owner_id: Some(uuid::Uuid::new_v4()),
        details: CaseDetails::parse(&form).unwrap(),
        status: CaseStatus::Approved,
        created_at: chrono::Utc::now(),
    };
    app.cases.insert(vec![case]).await.unwrap()[0].number
}

async fn page(app: &crate::support::TestApp, path: &str) -> String {
    page_with_status(app, path, StatusCode::OK).await
}

async fn page_with_status(app: &crate::support::TestApp, path: &str, status: StatusCode) -> String {
    let response = app.client.get(path).header("Accept", "*/*").header("User-Agent", "WhatsApp/2.23").send().await;
    response.assert_status(status);
    response.0.into_body().into_string().await.unwrap()
}

#[tokio::test]
async fn a_shared_tutor_or_case_link_previews_with_its_own_title_description_and_picture() {
    let app = app_with_files().await;
    let (tutor_id, number) = listed_tutor(&app).await;
    let site = crate::support::PUBLIC_BASE_URL;
    for path in [format!("/tutor/{number}"), format!("/tutor/{tutor_id}")] {
        let html = page(&app, &path).await;
        assert!(html.contains("<title>李老師｜中學 物理導師｜tutorhub</title>"), "{html}");
        assert!(html.contains("<meta property=\"og:title\" content=\"李老師｜中學 物理導師｜tutorhub\" />"), "{html}");
        assert!(
            html.contains("<meta property=\"og:description\" content=\"中學 物理・沙田（沙田區）・每堂 HK$400。喜歡教學，重視理解\" />"),
            "{html}"
        );
        assert!(html.contains(&format!("<meta property=\"og:image\" content=\"{site}/media/avatars/li.png\" />")), "{html}");
        assert!(html.contains("<meta name=\"twitter:card\" content=\"summary\" />") && !html.contains("og:image:width"), "{html}");
        assert!(html.contains(&format!("<link rel=\"canonical\" href=\"{site}/tutor/{number}\" />")), "one address: {html}");
        for private in ["91234567", "@example.com", "1990-01-01", "+852"] {
            assert!(!html.contains(private), "{private} in {html}");
        }
    }

    let case = open_case(&app).await;
    let html = page(&app, &format!("/case/{case}")).await;
    assert!(
        html.contains(&format!("<meta property=\"og:title\" content=\"中四物理 &lt;尋找導師&gt;｜補習個案 {case}｜tutorhub\" />")),
        "escaped: {html}"
    );
    assert!(html.contains("content=\"中四物理・大圍（沙田區）・每堂 HK$600・每週 2 堂，每堂 90 分鐘。\""), "{html}");
    assert!(html.contains("<meta property=\"og:type\" content=\"article\" />"), "{html}");
    // A case has no picture of its own: the site's share card, large, with its size (issue 34).
    for tag in [
        format!("<meta property=\"og:image\" content=\"{site}/share-card.png\" />"),
        format!("<meta name=\"twitter:image\" content=\"{site}/share-card.png\" />"),
        "<meta property=\"og:image:width\" content=\"1200\" />".to_string(),
        "<meta property=\"og:image:height\" content=\"630\" />".to_string(),
        "<meta name=\"twitter:card\" content=\"summary_large_image\" />".to_string(),
    ] {
        assert!(html.contains(&tag), "{tag} in {html}");
    }

    // A page that is not public gets the site's words and is kept out of search engines; a
    // tutor or case that is not there answers 404 (the app draws its not-found page).
    for (path, status) in [("/tutor/999999", StatusCode::NOT_FOUND), ("/case/999999", StatusCode::NOT_FOUND), ("/my-cases", StatusCode::OK)]
    {
        let html = page_with_status(&app, path, status).await;
        assert!(html.contains("<meta name=\"robots\" content=\"noindex\" />") && html.contains("香港補習配對平台"), "{path}: {html}");
    }
    let home = page(&app, "/").await;
    assert!(home.contains("\"@type\":\"WebSite\"") && home.contains(&format!("<link rel=\"canonical\" href=\"{site}/\" />")), "{home}");
}

#[tokio::test]
async fn the_board_previews_its_filters_in_catalogue_words_only() {
    let app = app_with_files().await;
    open_case(&app).await;
    let html = page(&app, "/all-cases?level=secondary&subjects=%E7%89%A9%E7%90%86").await;
    assert!(html.contains("<title>所有補習個案：中學・物理｜tutorhub 香港補習配對平台</title>"), "{html}");
    assert!(html.contains("content=\"中學・物理補習個案：按年級、科目、地區及學費篩選"), "{html}");
    // A name the catalogue does not hold makes the search a 400: the link previews the plain board.
    let html = page(&app, "/all-cases?level=secondary&subjects=%E7%89%A9%E7%90%86&areas=%3Cscript%3E%E5%85%8D%E8%B2%BB").await;
    assert!(html.contains("<title>所有補習個案｜"), "{html}");
    assert!(!html.contains("script&gt;") && !html.contains("免費"), "a link's own words stay out: {html}");
}

#[tokio::test]
async fn robots_and_the_sitemap_list_the_public_profiles_and_open_cases() {
    let app = app_with_files().await;
    let (_, number) = listed_tutor(&app).await;
    let case = open_case(&app).await;
    let site = crate::support::PUBLIC_BASE_URL;
    let robots = app.client.get("/robots.txt").send().await;
    robots.assert_status_is_ok();
    let robots = robots.0.into_body().into_string().await.unwrap();
    assert!(robots.contains(&format!("Sitemap: {site}/sitemap.xml")) && robots.contains("Disallow: /u/"), "{robots}");

    let index = app.client.get("/sitemap.xml").send().await;
    index.assert_content_type("application/xml; charset=utf-8");
    let index = index.0.into_body().into_string().await.unwrap();
    for file in ["pages", "tutors-1", "cases-1"] {
        assert!(index.contains(&format!("<loc>{site}/sitemaps/{file}.xml</loc>")), "{file}: {index}");
    }
    let tutors = app.client.get("/sitemaps/tutors-1.xml").send().await.0.into_body().into_string().await.unwrap();
    assert!(tutors.contains(&format!("<loc>{site}/tutor/{number}</loc><lastmod>")), "{tutors}");
    let cases = app.client.get("/sitemaps/cases-1.xml").send().await.0.into_body().into_string().await.unwrap();
    assert!(cases.contains(&format!("<loc>{site}/case/{case}</loc>")), "{cases}");
    for missing in ["/sitemaps/cases-2.xml", "/sitemaps/other-1.xml", "/sitemaps/cases-0.xml", "/sitemaps/cases-429496731.xml"] {
        app.client.get(missing).send().await.assert_status(StatusCode::NOT_FOUND);
    }
}

/// A build with first screens: the frame's slot in `index.html`, and a prerendered home page.
async fn app_with_first_screens() -> crate::support::TestApp {
    let files = tempfile::tempdir().unwrap().keep();
    std::fs::create_dir_all(files.join("first-screen")).unwrap();
    std::fs::write(
        files.join("index.html"),
        "<!doctype html><title>tutorhub</title><div id=\"root\"><main id=\"main\"><!--first-screen--></main></div>",
    )
    .unwrap();
    std::fs::write(
        files.join("first-screen/home.html"),
        "<!doctype html><title>tutorhub</title><div id=\"root\"><h1>prerendered home</h1></div>",
    )
    .unwrap();
    crate::support::spawn_with_files(Some(AppFiles::Directory(files))).await
}

/// The API answer the server put in a page for the app (`<script id="first-screen-data">`).
fn first_screen_data(html: &str) -> serde_json::Value {
    let open = "<script type=\"application/json\" id=\"first-screen-data\">";
    let start = html.find(open).expect("the data script") + open.len();
    let end = start + html[start..].find("</script>").expect("its end");
    serde_json::from_str(&html[start..end]).expect("JSON")
}

async fn api_answer(app: &crate::support::TestApp, path: &str) -> serde_json::Value {
    let response = app.client.get(path).send().await;
    response.assert_status_is_ok();
    serde_json::from_str(&response.0.into_body().into_string().await.unwrap()).unwrap()
}

#[tokio::test]
async fn a_tutor_or_case_page_has_its_first_screen_in_the_html_with_the_answer_the_app_asks_for() {
    let app = app_with_first_screens().await;
    let (_, number) = listed_tutor(&app).await;
    let html = page(&app, &format!("/tutor/{number}")).await;
    assert!(html.contains("<h1 class=\"first-screen-heading\">李老師</h1><p class=\"first-screen-lead\">每堂 HK$400</p>"), "{html}");
    assert!(
        html.contains("<dt>任教科目</dt><dd>中學 物理</dd>") && html.contains("<dt>自我介紹</dt><dd>喜歡教學，重視理解</dd>"),
        "{html}"
    );
    assert!(html.contains("src=\"/media/avatars/li.png\""), "{html}");
    // Keyed by the path the app's client asks, with the page's id as written in its address.
    let key = format!("/tutors/{number}");
    assert_eq!(first_screen_data(&html)[&key], api_answer(&app, &key).await);
    for private in ["91234567", "@example.com", "1990-01-01", "+852", "26 歲"] {
        assert!(!html.contains(private), "{private} in {html}");
    }

    let case = open_case(&app).await;
    let html = page(&app, &format!("/case/{case}")).await;
    assert!(html.contains(&format!("<p class=\"first-screen-overline\">個案編號 {case}</p>")), "{html}");
    assert!(html.contains("<h1 class=\"first-screen-heading\">中四物理 &lt;尋找導師&gt;</h1>"), "escaped: {html}");
    assert!(html.contains("<dt>上堂安排</dt><dd>每堂 90 分鐘・每週 2 堂</dd>"), "{html}");
    // The title's `<` cannot close the script: JSON's own escape stands in for it.
    assert!(html.contains("\\u003c尋找導師>") && !html.contains("\"<尋找導師>"), "{html}");
    let key = format!("/cases/{case}");
    assert_eq!(first_screen_data(&html)[&key], api_answer(&app, &key).await);
}

#[tokio::test]
async fn other_pages_leave_the_slot_empty_and_prerendered_pages_have_their_own_document() {
    let app = app_with_first_screens().await;
    for (path, status) in [("/my-cases", StatusCode::OK), ("/tutor/999999", StatusCode::NOT_FOUND), ("/case/999999", StatusCode::NOT_FOUND)]
    {
        let html = page_with_status(&app, path, status).await;
        assert!(html.contains("<main id=\"main\"></main>") && !html.contains("first-screen-data"), "{path}: {html}");
    }
    let home = page(&app, "/").await;
    assert!(home.contains("<h1>prerendered home</h1>") && home.contains("\"@type\":\"WebSite\""), "{home}");
    // A page without a prerendered document of its own (the board, in this build) gets the frame.
    let board = page(&app, "/all-cases").await;
    assert!(board.contains("<main id=\"main\"></main>") && board.contains("所有補習個案"), "{board}");
    // The documents are not pages of their own (they have no head).
    app.client.get("/first-screen/home.html").header("Accept", "text/html").send().await.assert_status(StatusCode::NOT_FOUND);
}

/// A build as the frontend writes it: `<html lang="zh-HK">`, the frame's slot, a prerendered
/// home page in each language (issue 35).
async fn app_in_two_languages() -> crate::support::TestApp {
    let files = tempfile::tempdir().unwrap().keep();
    std::fs::create_dir_all(files.join("first-screen")).unwrap();
    let document = |body: &str| {
        format!(
            "<!doctype html>\n<html lang=\"zh-HK\">\n  <head>\n    <title>tutorhub</title>\n  </head>\n  <body><div id=\"root\">{body}</div></body>\n</html>\n"
        )
    };
    std::fs::write(files.join("index.html"), document("<main id=\"main\"><!--first-screen--></main>")).unwrap();
    std::fs::write(files.join("first-screen/home.html"), document("<h1>首頁</h1>")).unwrap();
    std::fs::write(files.join("first-screen/home.en.html"), document("<h1>Home</h1>")).unwrap();
    crate::support::spawn_with_files(Some(AppFiles::Directory(files))).await
}

/// Chinese (or other CJK) characters or punctuation.
fn has_chinese(text: &str) -> bool {
    text.chars()
        .any(|c| matches!(c, '\u{2E80}'..='\u{9FFF}' | '\u{F900}'..='\u{FAFF}' | '\u{FF00}'..='\u{FFEF}' | '\u{20000}'..='\u{3FFFF}'))
}

/// The text between `open` and the next `close` in `html`.
fn between<'a>(html: &'a str, open: &str, close: &str) -> &'a str {
    let start = html.find(open).unwrap_or_else(|| panic!("{open} in {html}")) + open.len();
    &html[start..start + html[start..].find(close).expect("its end")]
}

/// The three addresses of a page in both languages, as every head of it names them.
fn alternates(site: &str, path: &str) -> [String; 3] {
    [
        format!("<link rel=\"alternate\" hreflang=\"zh-HK\" href=\"{site}{path}\" />"),
        format!("<link rel=\"alternate\" hreflang=\"en\" href=\"{site}/en{path}\" />"),
        format!("<link rel=\"alternate\" hreflang=\"x-default\" href=\"{site}{path}\" />"),
    ]
}

#[tokio::test]
async fn an_english_tutor_link_previews_in_english_with_both_addresses() {
    let app = app_in_two_languages().await;
    let (tutor_id, number) = listed_tutor(&app).await;
    let site = crate::support::PUBLIC_BASE_URL;
    let path = format!("/tutor/{number}");
    for address in [format!("/en/tutor/{number}"), format!("/en/tutor/{tutor_id}")] {
        let response = app.client.get(&address).header("Accept", "*/*").header("User-Agent", "WhatsApp/2.23").send().await;
        response.assert_status_is_ok();
        response.assert_header("vary", "Accept-Language, Cookie, Accept-Encoding");
        let html = response.0.into_body().into_string().await.unwrap();
        assert!(html.contains("<html lang=\"en\">") && !html.contains("lang=\"zh-HK\">"), "{html}");
        let title = between(&html, "<title>", "</title>");
        let description = between(&html, "<meta name=\"description\" content=\"", "\"");
        assert!(title.starts_with("李老師 | ") && title.ends_with(" tutor | tutorhub"), "{title}");
        assert!(description.contains("HK$400 per lesson"), "{description}");
        for text in [title, description] {
            assert!(!has_chinese(&text.replace("李老師", "")), "only the tutor's typed name is Chinese: {text}");
        }
        assert!(html.contains(&format!("<meta property=\"og:description\" content=\"{description}\" />")), "{html}");
        assert!(html.contains(&format!("<link rel=\"canonical\" href=\"{site}/en{path}\" />")), "its own address: {html}");
        for link in alternates(site, &path) {
            assert!(html.contains(&link), "{link} in {html}");
        }
        assert!(html.contains(&format!("<meta property=\"og:url\" content=\"{site}/en{path}\" />")), "{html}");
        assert!(html.contains("<meta property=\"og:locale\" content=\"en_GB\" />"), "{html}");
        // The first screen is in English too, what the tutor typed as typed.
        assert!(
            html.contains("<h1 class=\"first-screen-heading\">李老師</h1><p class=\"first-screen-lead\">HK$400 per lesson</p>"),
            "{html}"
        );
        assert!(
            html.contains("<dt>Teaching experience</dt><dd>4 years</dd>") && html.contains("<dt>About me</dt><dd>喜歡教學，重視理解</dd>"),
            "{html}"
        );
        assert!(!html.contains("<dt>任教科目</dt>") && !html.contains("未填寫"), "{html}");
        for private in ["91234567", "@example.com", "1990-01-01", "+852"] {
            assert!(!html.contains(private), "{private} in {html}");
        }
    }

    // The zh-HK page names the same three addresses, with its own as canonical.
    let response = app.client.get(&path).header("Accept", "*/*").send().await;
    response.assert_status_is_ok();
    response.assert_header("vary", "Accept-Language, Cookie, Accept-Encoding");
    let html = response.0.into_body().into_string().await.unwrap();
    assert!(html.contains("<html lang=\"zh-HK\">") && html.contains("<title>李老師｜中學 物理導師｜tutorhub</title>"), "{html}");
    assert!(html.contains(&format!("<link rel=\"canonical\" href=\"{site}{path}\" />")), "{html}");
    for link in alternates(site, &path) {
        assert!(html.contains(&link), "{link} in {html}");
    }
    assert!(html.contains("<meta property=\"og:locale\" content=\"zh_HK\" />"), "{html}");
    assert!(html.contains("<dt>任教科目</dt><dd>中學 物理</dd>"), "{html}");

    // The answer seeded for the English app is the one it asks for, in English.
    let html = page(&app, &format!("/en{path}")).await;
    let key = format!("/tutors/{number}");
    let response = app.client.get(&key).header("Accept-Language", "en").send().await;
    response.assert_status_is_ok();
    let answer: serde_json::Value = serde_json::from_str(&response.0.into_body().into_string().await.unwrap()).unwrap();
    assert_eq!(first_screen_data(&html)[&key], answer);
}

#[tokio::test]
async fn english_site_pages_cases_and_the_board_have_their_own_addresses_and_documents() {
    let app = app_in_two_languages().await;
    let site = crate::support::PUBLIC_BASE_URL;
    for address in ["/en", "/en/"] {
        let html = page(&app, address).await;
        assert!(html.contains("<h1>Home</h1>") && html.contains("<html lang=\"en\">"), "the English prerendered home: {html}");
        assert!(html.contains(&format!("<link rel=\"canonical\" href=\"{site}/en/\" />")), "{html}");
        assert!(html.contains(&format!("\"url\":\"{site}/en/\"")), "{html}");
        assert!(!has_chinese(between(&html, "<title>", "</title>")), "{html}");
    }
    let home = page(&app, "/").await;
    assert!(home.contains("<h1>首頁</h1>") && home.contains(&format!("<link rel=\"canonical\" href=\"{site}/\" />")), "{home}");
    for link in alternates(site, "/") {
        assert!(home.contains(&link), "{link} in {home}");
    }

    let case = open_case(&app).await;
    let html = page(&app, &format!("/en/case/{case}")).await;
    assert!(html.contains(&format!("<title>中四物理 &lt;尋找導師&gt; | Tutoring case {case} | tutorhub</title>")), "{html}");
    assert!(html.contains("HK$600 per lesson · 2 lessons a week, 90 minutes each.\""), "{html}");
    assert!(html.contains(&format!("<p class=\"first-screen-overline\">Case no. {case}</p>")), "{html}");
    for link in alternates(site, &format!("/case/{case}")) {
        assert!(html.contains(&link), "{link} in {html}");
    }

    let html = page(&app, "/en/all-cases?level=secondary&subjects=%E7%89%A9%E7%90%86").await;
    let title = between(&html, "<title>", "</title>");
    assert!(title.starts_with("All tutoring cases: ") && !has_chinese(title), "{title}");
    // A member's page and a missing tutor keep out of search engines in English too.
    let html = page(&app, "/en/my-cases").await;
    assert!(html.contains("<meta name=\"robots\" content=\"noindex\" />") && html.contains("<html lang=\"en\">"), "{html}");
    page_with_status(&app, "/en/tutor/999999", StatusCode::NOT_FOUND).await;
    app.client.get("/en/some/unknown/page").header("Accept", "text/html").send().await.assert_status(StatusCode::NOT_FOUND);
    app.client.get("/en/en/all-cases").header("Accept", "application/json").send().await.assert_status(StatusCode::NOT_FOUND);
    // The documents are not pages of their own.
    app.client.get("/first-screen/home.en.html").header("Accept", "text/html").send().await.assert_status(StatusCode::NOT_FOUND);
}

/// A browser's page request: `text/html`, with these headers.
async fn browse(app: &crate::support::TestApp, path: &str, headers: &[(&str, &str)]) -> poem::test::TestResponse {
    let mut request = app.client.get(path).header("Accept", "text/html,application/xhtml+xml,*/*;q=0.8");
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    request.send().await
}

#[tokio::test]
async fn a_visitor_is_sent_to_the_language_they_read_and_a_crawler_is_not() {
    let app = app_in_two_languages().await;
    let (_, number) = listed_tutor(&app).await;
    let tutor = format!("/tutor/{number}");
    for (path, headers, to) in [
        // The app's cookie: the language chosen in the app.
        (format!("{tutor}?from=share"), vec![("Cookie", "theme=dark; lang=en")], format!("/en{tutor}?from=share")),
        // No cookie: the browser's languages.
        ("/all-cases".to_string(), vec![("Accept-Language", "en-GB,en;q=0.9,zh-HK;q=0.5")], "/en/all-cases".to_string()),
        ("/".to_string(), vec![("Accept-Language", "en")], "/en/".to_string()),
        // An English page for someone who chose zh-HK in the app.
        (format!("/en{tutor}"), vec![("Cookie", "lang=zh-HK")], tutor.clone()),
        ("/en".to_string(), vec![("Cookie", "lang=zh-HK"), ("Accept-Language", "en")], "/".to_string()),
    ] {
        let response = browse(&app, &path, &headers).await;
        response.assert_status(StatusCode::FOUND);
        response.assert_header("location", to.as_str());
        response.assert_header("vary", "Accept-Language, Cookie, Accept-Encoding");
    }
    for (path, headers, lang) in [
        // The cookie wins over the browser's languages.
        (tutor.clone(), vec![("Cookie", "lang=zh-HK"), ("Accept-Language", "en")], "zh-HK"),
        (tutor.clone(), vec![("Accept-Language", "zh-HK,zh;q=0.9,en;q=0.8")], "zh-HK"),
        // An English link opened is read in English, whatever the browser prefers.
        (format!("/en{tutor}"), vec![("Accept-Language", "zh-HK")], "en"),
        // A crawler: no cookie, no languages. Each address in its own language.
        (tutor.clone(), vec![("User-Agent", "Googlebot/2.1")], "zh-HK"),
        (format!("/en{tutor}"), vec![("User-Agent", "Googlebot/2.1")], "en"),
    ] {
        let response = browse(&app, &path, &headers).await;
        response.assert_status_is_ok();
        response.assert_header("vary", "Accept-Language, Cookie, Accept-Encoding");
        let html = response.0.into_body().into_string().await.unwrap();
        assert!(html.contains(&format!("<html lang=\"{lang}\">")), "{path} {headers:?}: {html}");
    }
    // A link preview asks for no HTML in particular: never sent elsewhere.
    let preview = app.client.get(&tutor).header("Accept", "*/*").header("Accept-Language", "en").send().await;
    preview.assert_status_is_ok();
    // The API is untouched.
    let api = browse(&app, "/health", &[("Cookie", "lang=en"), ("Accept-Language", "en")]).await;
    api.assert_status_is_ok();
    api.assert_content_type("application/json; charset=utf-8");
}

#[tokio::test]
async fn the_sitemap_lists_every_page_in_both_languages() {
    let app = app_in_two_languages().await;
    let (_, number) = listed_tutor(&app).await;
    let case = open_case(&app).await;
    let site = crate::support::PUBLIC_BASE_URL;
    let pages = app.client.get("/sitemaps/pages.xml").send().await.0.into_body().into_string().await.unwrap();
    assert!(pages.contains("xmlns:xhtml=\"http://www.w3.org/1999/xhtml\""), "{pages}");
    for loc in [
        format!("{site}/"),
        format!("{site}/en/"),
        format!("{site}/all-cases"),
        format!("{site}/en/all-cases"),
        format!("{site}/en/privacy"),
    ] {
        assert!(pages.contains(&format!("<loc>{loc}</loc>")), "{loc}: {pages}");
    }
    let tutors = app.client.get("/sitemaps/tutors-1.xml").send().await.0.into_body().into_string().await.unwrap();
    assert!(tutors.contains(&format!("<loc>{site}/en/tutor/{number}</loc><lastmod>")), "{tutors}");
    assert!(tutors.contains(&format!("<xhtml:link rel=\"alternate\" hreflang=\"en\" href=\"{site}/en/tutor/{number}\"/>")), "{tutors}");
    assert!(tutors.contains(&format!("<xhtml:link rel=\"alternate\" hreflang=\"x-default\" href=\"{site}/tutor/{number}\"/>")), "{tutors}");
    let cases = app.client.get("/sitemaps/cases-1.xml").send().await.0.into_body().into_string().await.unwrap();
    assert!(
        cases.contains(&format!("<loc>{site}/case/{case}</loc>")) && cases.contains(&format!("<loc>{site}/en/case/{case}</loc>")),
        "{cases}"
    );
    let robots = app.client.get("/robots.txt").send().await.0.into_body().into_string().await.unwrap();
    assert!(robots.contains("Disallow: /en/u/"), "{robots}");
}

/// The share card the heads name is in the app's files, a PNG of the size they state.
#[test]
fn the_share_card_is_a_png_of_the_size_the_heads_state() {
    use tutorhub_domain::sharing::heads::{SHARE_CARD_PATH, SHARE_CARD_SIZE};
    let file = format!("{}/../../frontend/public{SHARE_CARD_PATH}", env!("CARGO_MANIFEST_DIR"));
    let png = std::fs::read(&file).unwrap_or_else(|e| panic!("{file}: {e}"));
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n", "{file} is a PNG");
    let size = |at: usize| u32::from_be_bytes(png[at..at + 4].try_into().unwrap());
    // The first chunk is IHDR: width, then height.
    assert_eq!((&png[12..16], (size(16), size(20))), (&b"IHDR"[..], SHARE_CARD_SIZE));
    assert!(png.len() < 300 * 1024, "chats skip pictures over 300 KB: {} bytes", png.len());
}
