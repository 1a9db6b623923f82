//! What a link preview or a search engine reads without running the app: each public page's
//! head (title, description, canonical address, Open Graph and Twitter tags), `/robots.txt`
//! and the sitemap (`/sitemap.xml`, `/sitemaps/{file}.xml`).

use poem::http::{StatusCode, header};
use poem::web::{Data, Path};
use poem::{IntoResponse, Response, handler};
use tutorhub_domain::cases::search::CaseQuery;
use tutorhub_domain::sharing::first_screen::FirstScreen;
use tutorhub_domain::sharing::heads::{PageHead, PageHeads, PageKind, PageLookup, SITE_NAME};
use tutorhub_domain::sharing::sitemap::{SitemapFile, Sitemaps};

/// The public pages' heads and the site's address, for the app's `index.html`.
#[derive(Clone)]
pub struct Sharing {
    pub heads: PageHeads,
    pub sitemaps: Sitemaps,
    /// The public base URL without a trailing slash.
    pub site: String,
}

impl Sharing {
    /// The app's document with the head of the page at `path` (and `query`, for /all-cases) in
    /// place of its bare title, whether the page is there, and its first screen (a tutor's or a
    /// case's). A page without a head of its own (a member's page, a tutor or case that is not
    /// public) is not for search engines: it gets the home page's words and `noindex`.
    pub async fn page(&self, index: &[u8], path: &str, query: Option<&str>) -> (String, bool, Option<FirstScreen>) {
        let query = board_query(query.unwrap_or_default());
        let (head, screen, indexable, found) = match self.heads.for_page(path, &query).await {
            PageLookup::Public(page) => (page.head, page.screen, true, true),
            PageLookup::Private => (PageHead::home(), None, false, true),
            PageLookup::Missing => (PageHead::home(), None, false, false),
        };
        let html = String::from_utf8_lossy(index);
        let tags = self.tags(&head, indexable);
        let page = match html.find("<title>").zip(html.find("</title>")) {
            Some((start, end)) if start < end => format!("{}{tags}{}", &html[..start], &html[end + "</title>".len()..]),
            _ => html.replacen("</head>", &format!("{tags}</head>"), 1),
        };
        (page, found, screen)
    }

    fn tags(&self, head: &PageHead, indexable: bool) -> String {
        let (title, description) = (escape(&head.title), escape(&head.description));
        let url = escape(&format!("{}{}", self.site, head.canonical_path));
        let kind = match head.kind {
            PageKind::Website => "website",
            PageKind::Profile => "profile",
            PageKind::Article => "article",
        };
        let mut tags = format!("<title>{title}</title>\n    <meta name=\"description\" content=\"{description}\" />\n");
        if indexable {
            tags.push_str(&format!("    <link rel=\"canonical\" href=\"{url}\" />\n"));
        } else {
            tags.push_str("    <meta name=\"robots\" content=\"noindex\" />\n");
        }
        tags.push_str(&format!(
            "    <meta property=\"og:site_name\" content=\"{SITE_NAME}\" />\n    <meta property=\"og:locale\" content=\"zh_HK\" />\n    \
             <meta property=\"og:type\" content=\"{kind}\" />\n    <meta property=\"og:title\" content=\"{title}\" />\n    \
             <meta property=\"og:description\" content=\"{description}\" />\n    <meta property=\"og:url\" content=\"{url}\" />\n    \
             <meta name=\"twitter:title\" content=\"{title}\" />\n    <meta name=\"twitter:description\" content=\"{description}\" />\n"
        ));
        tags.push_str(&format!(
            "    <meta property=\"og:image\" content=\"{0}\" />\n    <meta name=\"twitter:image\" content=\"{0}\" />\n",
            escape(&format!("{}{}", self.site, head.image.path))
        ));
        // A picture of known size (the share card, 1200×630) is shown large; an avatar, of any
        // shape, as a thumbnail beside the words.
        match head.image.size {
            Some((width, height)) => tags.push_str(&format!(
                "    <meta property=\"og:image:width\" content=\"{width}\" />\n    \
                 <meta property=\"og:image:height\" content=\"{height}\" />\n    \
                 <meta name=\"twitter:card\" content=\"summary_large_image\" />\n"
            )),
            None => tags.push_str("    <meta name=\"twitter:card\" content=\"summary\" />\n"),
        }
        if head.canonical_path == "/" {
            // The site's name for search results (a rich result: schema.org WebSite).
            tags.push_str(&format!(
                "    <script type=\"application/ld+json\">{{\"@context\":\"https://schema.org\",\"@type\":\"WebSite\",\"name\":\"{SITE_NAME}\",\"url\":\"{}/\"}}</script>\n",
                json_text(&self.site)
            ));
        }
        tags
    }
}

/// The board's filters from a query string, as /all-cases keeps them in its address.
fn board_query(query: &str) -> CaseQuery {
    let mut q = CaseQuery::default();
    for (key, value) in url_pairs(query) {
        match key.as_str() {
            "level" => q.level = Some(value),
            "grades" => q.grades.push(value),
            "subjects" => q.subjects.push(value),
            "region" => q.region = Some(value),
            "districts" => q.districts.push(value),
            "areas" => q.areas.push(value),
            "minRate" => q.min_rate = Some(value),
            "postType" => q.post_type = Some(value),
            _ => {}
        }
    }
    q
}

/// At most 50 pairs, each value at most 40 characters: longer ones name nothing in the catalogue.
fn url_pairs(query: &str) -> Vec<(String, String)> {
    form_urlencoded::parse(query.as_bytes())
        .take(50)
        .filter(|(_, v)| v.chars().count() <= 40)
        .map(|(k, v)| (k.into_owned(), v.into_owned()))
        .collect()
}

/// Text for an HTML attribute or element.
pub(super) fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;").replace('\'', "&#39;")
}

/// Text inside a JSON string in a script element: no quote, backslash or `<` can end it early.
fn json_text(text: &str) -> String {
    text.replace('\\', "\\\\").replace('"', "\\\"").replace('<', "\\u003c")
}

#[handler]
pub async fn robots(Data(sharing): Data<&Sharing>) -> Response {
    let body = format!(
        // Members' pages stay crawlable so that their `noindex` is read; an alert's stop link
        // must never be fetched by a crawler.
        "User-agent: *\nAllow: /\nDisallow: /u/\nDisallow: /docs\n\nSitemap: {}/sitemap.xml\n",
        sharing.site
    );
    text("text/plain; charset=utf-8", body)
}

#[handler]
pub async fn sitemap_index(Data(sharing): Data<&Sharing>) -> Response {
    let Ok(files) = sharing.sitemaps.files().await else { return StatusCode::SERVICE_UNAVAILABLE.into_response() };
    let mut xml =
        String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n");
    for file in files {
        xml.push_str(&format!("  <sitemap><loc>{}{}</loc></sitemap>\n", escape(&sharing.site), file.path()));
    }
    xml.push_str("</sitemapindex>\n");
    text("application/xml; charset=utf-8", xml)
}

#[handler]
pub async fn sitemap_file(Data(sharing): Data<&Sharing>, Path(name): Path<String>) -> Response {
    let Some(file) = SitemapFile::parse(&name) else { return StatusCode::NOT_FOUND.into_response() };
    let entries = match sharing.sitemaps.entries(file).await {
        Ok(Some(entries)) => entries,
        Ok(None) => return StatusCode::NOT_FOUND.into_response(),
        Err(_) => return StatusCode::SERVICE_UNAVAILABLE.into_response(),
    };
    let mut xml =
        String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n");
    for entry in entries {
        let changed = entry.changed.map(|at| format!("<lastmod>{}</lastmod>", at.format("%Y-%m-%d"))).unwrap_or_default();
        xml.push_str(&format!("  <url><loc>{}{}</loc>{changed}</url>\n", escape(&sharing.site), escape(&entry.path)));
    }
    xml.push_str("</urlset>\n");
    text("application/xml; charset=utf-8", xml)
}

/// Listed tutors and cases change all day: caches may keep these for five minutes.
fn text(content_type: &'static str, body: String) -> Response {
    Response::builder().header(header::CONTENT_TYPE, content_type).header(header::CACHE_CONTROL, "public, max-age=300").body(body)
}
