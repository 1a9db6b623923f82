//! The app's route table, as the server knows it (the frontend's `src/config/paths.ts` and
//! `src/app/router.tsx`; a test keeps them in step). An app route answers the app with 200
//! whatever the client asks for; any other page answers the app's not-found page with 404.
//!
//! Every page is in two languages at two addresses: zh-HK at its own path (`/tutor/1024`), and
//! English under [`ENGLISH_PREFIX`] (`/en/tutor/1024`; the home page is `/en/`, `/en` too), as
//! the frontend's `src/i18n/language.ts` has them.

use tutorhub_domain::shared::language::Language;

/// Where the English pages are.
pub const ENGLISH_PREFIX: &str = "/en";

/// Every page of the app; `:name` stands for one path segment.
const APP_ROUTES: &[&str] = &[
    "/",
    "/all-cases",
    "/case/:caseId",
    "/login-or-register",
    "/post-case",
    "/post-case/:caseId",
    "/edit-profile",
    "/change-password",
    "/forgot-password",
    "/reset-password",
    "/my-cases",
    "/my-applications",
    "/my-bookings",
    "/my-alerts",
    "/u/:token",
    "/terms",
    "/privacy",
    "/tutor/:id",
    "/tutor-application",
    "/profile",
    "/lesson-record/:id",
    "/my-invoices",
    "/my-invoices/:number",
    "/my-invoices/:number/receipt",
];

/// Whether `path` (with its leading `/`, without the query) is a page of the app.
pub fn is_app_route(path: &str) -> bool {
    let path = if path.len() > 1 { path.trim_end_matches('/') } else { path };
    APP_ROUTES.iter().any(|route| matches(route, path))
}

/// The language of the page at `path` and its path in zh-HK: `/en/tutor/42` is English
/// `/tutor/42`, `/en` and `/en/` are English `/`, `/tutor/42` and `/english` are zh-HK.
pub fn page_language(path: &str) -> (Language, &str) {
    match path.strip_prefix(ENGLISH_PREFIX) {
        Some("") => (Language::En, "/"),
        Some(rest) if rest.starts_with('/') => (Language::En, rest),
        _ => (Language::ZhHk, path),
    }
}

/// The address of the page at `path` (its zh-HK path) in `language`: the English home page
/// is `/en/`.
pub fn localised(path: &str, language: Language) -> String {
    match language {
        Language::ZhHk => path.to_string(),
        Language::En => format!("{ENGLISH_PREFIX}{path}"),
    }
}

fn matches(route: &str, path: &str) -> bool {
    let mut route_parts = route.split('/');
    let mut path_parts = path.split('/');
    loop {
        match (route_parts.next(), path_parts.next()) {
            (None, None) => return true,
            (Some(r), Some(p)) if r.starts_with(':') && !p.is_empty() => {}
            (Some(r), Some(p)) if r == p => {}
            _ => return false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pages_of_the_app_are_known_and_others_are_not() {
        for path in ["/", "/all-cases", "/all-cases/", "/tutor/42", "/case/10234", "/post-case/7", "/my-cases"] {
            assert!(is_app_route(path), "{path}");
        }
        assert!(is_app_route("/my-invoices/INV-2026-000123/receipt"));
        for path in ["/some/unknown/page", "/tutor", "/tutor/", "/tutor/42/extra", "/case", "/all-casesx", "//"] {
            assert!(!is_app_route(path), "{path}");
        }
    }

    #[test]
    fn english_pages_are_under_en_and_map_back_to_their_zh_hk_page() {
        assert_eq!(page_language("/en"), (Language::En, "/"));
        assert_eq!(page_language("/en/"), (Language::En, "/"));
        assert_eq!(page_language("/en/tutor/42"), (Language::En, "/tutor/42"));
        assert_eq!(page_language("/tutor/42"), (Language::ZhHk, "/tutor/42"));
        assert_eq!(page_language("/english"), (Language::ZhHk, "/english"));
        assert_eq!(localised("/", Language::En), "/en/");
        assert_eq!(localised("/case/7", Language::En), "/en/case/7");
        assert_eq!(localised("/case/7", Language::ZhHk), "/case/7");
        assert!(is_app_route(page_language("/en/all-cases/").1) && !is_app_route(page_language("/en/en/all-cases").1));
    }

    #[test]
    fn every_path_of_the_frontend_is_an_app_route() {
        let paths = include_str!("../../../../frontend/src/config/paths.ts");
        let block = paths.split("export const paths = {").nth(1).and_then(|rest| rest.split("} as const").next()).expect("paths block");
        let routes: Vec<&str> = block.lines().filter_map(|line| line.split('\'').nth(1)).collect();
        assert!(routes.len() >= 15, "read the paths: {routes:?}");
        for route in routes {
            assert!(APP_ROUTES.contains(&route), "{route} is in paths.ts but not in the server's APP_ROUTES");
        }
    }
}
