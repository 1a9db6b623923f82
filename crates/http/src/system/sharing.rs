//! What a link preview or a search engine reads without running the app: each public page's
//! head (title, description, canonical address, its other language's address, Open Graph and
//! Twitter tags) in the page's language, `/robots.txt` and the sitemap (`/sitemap.xml`,
//! `/sitemaps/{file}.xml`), which lists every page in both languages.

use poem::http::{StatusCode, header};
use poem::web::{Data, Path};
use poem::{IntoResponse, Response, handler};
use tutorhub_domain::cases::search::CaseQuery;
use tutorhub_domain::shared::language::Language;
use tutorhub_domain::sharing::heads::{PageHeads, PageImage, PageKind, PageLookup, SITE_NAME};
use tutorhub_domain::sharing::sitemap::{SitemapFile, Sitemaps};

use super::routes::localised;
use crate::words::pages::{self, FirstScreen, HeadWords};

/// The public pages' heads and the site's address, for the app's `index.html`.
#[derive(Clone)]
pub struct Sharing {
    pub heads: PageHeads,
    pub sitemaps: Sitemaps,
    /// The public base URL without a trailing slash.
    pub site: String,
}

/// A page's head: its words in the page's language, its zh-HK path (the English page's is under
/// `/en`), its picture and kind.
struct Head {
    words: HeadWords,
    path: String,
    image: PageImage,
    kind: PageKind,
}

impl Head {
    /// The home page's, also for any page without a head of its own.
    fn home(language: Language) -> Self {
        Self { words: pages::home(language), path: "/".into(), image: PageImage::share_card(), kind: PageKind::Website }
    }
}

impl Sharing {
    /// The app's document for the page at `path` (its zh-HK path) in `language`: `<html lang>`
    /// set, the page's head in place of its bare title; whether the page is there, and its first
    /// screen (a tutor's or a case's) in that language. A page without a head of its own (a
    /// member's page, a tutor or case that is not public) is not for search engines: it gets
    /// the home page's words and `noindex`.
    pub async fn page(&self, index: &[u8], path: &str, query: Option<&str>, language: Language) -> (String, bool, Option<FirstScreen>) {
        let query = board_query(query.unwrap_or_default());
        let (head, screen, indexable, found) = match self.heads.for_page(path, &query).await {
            PageLookup::Public(page) => {
                let head =
                    Head { words: pages::head(&page, language), path: page.canonical_path(), image: page.image(), kind: page.kind() };
                (head, pages::first_screen(&page, language), true, true)
            }
            PageLookup::Private => (Head::home(language), None, false, true),
            PageLookup::Missing => (Head::home(language), None, false, false),
        };
        let html = in_language(&String::from_utf8_lossy(index), language);
        let tags = self.tags(&head, indexable, language);
        let page = match html.find("<title>").zip(html.find("</title>")) {
            Some((start, end)) if start < end => format!("{}{tags}{}", &html[..start], &html[end + "</title>".len()..]),
            _ => html.replacen("</head>", &format!("{tags}</head>"), 1),
        };
        (page, found, screen)
    }

    /// The site's address of the page at `path` (its zh-HK path) in `language`.
    fn url(&self, path: &str, language: Language) -> String {
        format!("{}{}", self.site, localised(path, language))
    }

    fn tags(&self, head: &Head, indexable: bool, language: Language) -> String {
        let (title, description) = (escape(&head.words.title), escape(&head.words.description));
        let url = escape(&self.url(&head.path, language));
        let kind = match head.kind {
            PageKind::Website => "website",
            PageKind::Profile => "profile",
            PageKind::Article => "article",
        };
        let (locale, other_locale) = match language {
            Language::ZhHk => ("zh_HK", "en_GB"),
            Language::En => ("en_GB", "zh_HK"),
        };
        let mut tags = format!("<title>{title}</title>\n    <meta name=\"description\" content=\"{description}\" />\n");
        if indexable {
            // Its own language's address, and both languages' (x-default: the zh-HK page).
            tags.push_str(&format!("    <link rel=\"canonical\" href=\"{url}\" />\n"));
            tags.push_str(&alternates(&self.url(&head.path, Language::ZhHk), &self.url(&head.path, Language::En), "    <link", " />\n"));
        } else {
            tags.push_str("    <meta name=\"robots\" content=\"noindex\" />\n");
        }
        tags.push_str(&format!(
            "    <meta property=\"og:site_name\" content=\"{SITE_NAME}\" />\n    <meta property=\"og:locale\" content=\"{locale}\" />\n    \
             <meta property=\"og:locale:alternate\" content=\"{other_locale}\" />\n    \
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
        if head.path == "/" {
            // The site's name for search results (a rich result: schema.org WebSite).
            tags.push_str(&format!(
                "    <script type=\"application/ld+json\">{{\"@context\":\"https://schema.org\",\"@type\":\"WebSite\",\"name\":\"{SITE_NAME}\",\"url\":\"{}\"}}</script>\n",
                json_text(&match language {
                    Language::ZhHk => format!("{}/", self.site),
                    Language::En => self.url("/", language),
                })
            ));
        }
        tags
    }
}

/// The page's addresses in each language as `<link>` elements (a page's head) or `<xhtml:link>`
/// elements (a sitemap's entry): zh-HK, English, and zh-HK again for any other language.
fn alternates(zh_hk: &str, en: &str, open: &str, close: &str) -> String {
    let (zh_hk, en) = (escape(zh_hk), escape(en));
    [("zh-HK", &zh_hk), ("en", &en), ("x-default", &zh_hk)]
        .iter()
        .map(|(language, href)| format!("{open} rel=\"alternate\" hreflang=\"{language}\" href=\"{href}\"{close}"))
        .collect()
}

/// The document with `<html lang>` naming `language` (the build writes `lang="zh-HK"`). A
/// document without an `<html>` start tag (it is optional) gets one for English only.
fn in_language(html: &str, language: Language) -> String {
    let lang = language.key();
    let Some(start) = html.find("<html").filter(|&at| html[at + "<html".len()..].starts_with([' ', '>', '\n', '\t', '\r'])) else {
        return match (language, html.find('>').filter(|_| html.get(..9).is_some_and(|head| head.eq_ignore_ascii_case("<!doctype")))) {
            (Language::ZhHk, _) => html.to_string(),
            (Language::En, Some(doctype_end)) => format!("{}<html lang=\"{lang}\">{}", &html[..=doctype_end], &html[doctype_end + 1..]),
            (Language::En, None) => format!("<html lang=\"{lang}\">{html}"),
        };
    };
    let Some(end) = html[start..].find('>').map(|at| start + at) else { return html.to_string() };
    let tag = &html[start..end];
    let tag = match tag.find(" lang=\"") {
        Some(at) => {
            let value_start = at + " lang=\"".len();
            let value_end = tag[value_start..].find('"').map_or(tag.len(), |at| value_start + at);
            format!("{}{lang}{}", &tag[..value_start], &tag[value_end..])
        }
        None => format!("<html lang=\"{lang}\"{}", &tag["<html".len()..]),
    };
    format!("{}{tag}{}", &html[..start], &html[end..])
}

/// The board's filters from a query string, as /all-cases keeps them in its address.
fn board_query(query: &str) -> CaseQuery {
    let mut q = CaseQuery::default();
    for (key, value) in url_pairs(query) {
        match key.as_str() {
            "level" => q.level = Some(value),
            "grades" => q.own.grades.push(value),
            "subjects" => q.subjects.push(value),
            "region" => q.region = Some(value),
            "districts" => q.districts.push(value),
            "areas" => q.areas.push(value),
            "minRate" => q.min_rate = Some(value),
            "postType" => q.own.post_type = Some(value),
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
        "User-agent: *\nAllow: /\nDisallow: /u/\nDisallow: /en/u/\nDisallow: /docs\n\nSitemap: {}/sitemap.xml\n",
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
    let mut xml = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
         <urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\" xmlns:xhtml=\"http://www.w3.org/1999/xhtml\">\n",
    );
    // Every page twice, once in each language, each entry naming both (Google's hreflang in
    // sitemaps): a file of `URLS_PER_FILE` pages holds twice as many addresses, well within
    // the protocol's 50,000.
    for entry in entries {
        let changed = entry.changed.map(|at| format!("<lastmod>{}</lastmod>", at.format("%Y-%m-%d"))).unwrap_or_default();
        let (zh_hk, en) = (sharing.url(&entry.path, Language::ZhHk), sharing.url(&entry.path, Language::En));
        let links = alternates(&zh_hk, &en, "<xhtml:link", "/>");
        for url in [&zh_hk, &en] {
            xml.push_str(&format!("  <url><loc>{}</loc>{changed}{links}</url>\n", escape(url)));
        }
    }
    xml.push_str("</urlset>\n");
    text("application/xml; charset=utf-8", xml)
}

/// Listed tutors and cases change all day: caches may keep these for five minutes.
fn text(content_type: &'static str, body: String) -> Response {
    Response::builder().header(header::CONTENT_TYPE, content_type).header(header::CACHE_CONTROL, "public, max-age=300").body(body)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_document_names_the_pages_language() {
        let built = "<!doctype html>\n<html lang=\"zh-HK\">\n  <head>";
        assert_eq!(in_language(built, Language::En), "<!doctype html>\n<html lang=\"en\">\n  <head>");
        assert_eq!(in_language(built, Language::ZhHk), built);
        assert_eq!(in_language("<!doctype html><html><title>", Language::En), "<!doctype html><html lang=\"en\"><title>");
        assert_eq!(
            in_language("<!doctype html><title>tutorhub</title>", Language::En),
            "<!doctype html><html lang=\"en\"><title>tutorhub</title>"
        );
        assert_eq!(in_language("<!doctype html><title>tutorhub</title>", Language::ZhHk), "<!doctype html><title>tutorhub</title>");
    }

    #[test]
    fn both_languages_addresses_and_the_default() {
        let links = alternates("https://x.hk/tutor/1", "https://x.hk/en/tutor/1", "<link", " />");
        assert_eq!(
            links,
            "<link rel=\"alternate\" hreflang=\"zh-HK\" href=\"https://x.hk/tutor/1\" />\
             <link rel=\"alternate\" hreflang=\"en\" href=\"https://x.hk/en/tutor/1\" />\
             <link rel=\"alternate\" hreflang=\"x-default\" href=\"https://x.hk/tutor/1\" />"
        );
    }
}
