//! The single-page app is served beside the API.

mod support;

use poem::http::StatusCode;
use tutorhub_http::AppFiles;

async fn app_with_files() -> support::TestApp {
    let files = tempfile::tempdir().unwrap().keep();
    std::fs::create_dir_all(files.join("assets")).unwrap();
    std::fs::write(files.join("index.html"), "<!doctype html><title>tutorhub</title>").unwrap();
    std::fs::write(files.join("assets/app-abc123.js"), "console.log(1)").unwrap();
    std::fs::write(files.join("sw.js"), "self.addEventListener('fetch', () => {})").unwrap();
    std::fs::write(files.join("manifest.webmanifest"), r#"{"name":"tutorhub"}"#).unwrap();
    support::spawn_with_files(Some(AppFiles::Directory(files))).await
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
async fn listed_tutor(app: &support::TestApp) -> (uuid::Uuid, i64) {
    use chrono::Utc;
    use tutorhub_domain::tutors::model::{ApplicationDetails, NewTutorApplication, TutorApplicationForm, TutorProfile};
    let id = support::insert_account(app, "91234567", "李老師", tutorhub_domain::accounts::user::UserType::Individual).await;
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
    let application = app.tutors.insert_application(new).await.unwrap();
    let number = app.users.find_by_id(id).await.unwrap().unwrap().number;
    let profile = TutorProfile::from_application(&application, number, Utc::now());
    assert!(app.tutors.approve_application(application.number, "staff", Utc::now(), &profile).await.unwrap());
    (id, number)
}

/// A parent's approved case in secondary physics at 大圍 for HK$600 a 90-minute lesson.
async fn open_case(app: &support::TestApp) -> i64 {
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

async fn page(app: &support::TestApp, path: &str) -> String {
    page_with_status(app, path, StatusCode::OK).await
}

async fn page_with_status(app: &support::TestApp, path: &str, status: StatusCode) -> String {
    let response = app.client.get(path).header("Accept", "*/*").header("User-Agent", "WhatsApp/2.23").send().await;
    response.assert_status(status);
    response.0.into_body().into_string().await.unwrap()
}

#[tokio::test]
async fn a_shared_tutor_or_case_link_previews_with_its_own_title_description_and_picture() {
    let app = app_with_files().await;
    let (tutor_id, number) = listed_tutor(&app).await;
    let site = support::PUBLIC_BASE_URL;
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
    let site = support::PUBLIC_BASE_URL;
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
async fn app_with_first_screens() -> support::TestApp {
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
    support::spawn_with_files(Some(AppFiles::Directory(files))).await
}

/// The API answer the server put in a page for the app (`<script id="first-screen-data">`).
fn first_screen_data(html: &str) -> serde_json::Value {
    let open = "<script type=\"application/json\" id=\"first-screen-data\">";
    let start = html.find(open).expect("the data script") + open.len();
    let end = start + html[start..].find("</script>").expect("its end");
    serde_json::from_str(&html[start..end]).expect("JSON")
}

async fn api_answer(app: &support::TestApp, path: &str) -> serde_json::Value {
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
