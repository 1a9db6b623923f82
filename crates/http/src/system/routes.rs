//! The app's route table, as the server knows it (the frontend's `src/config/paths.ts` and
//! `src/app/router.tsx`; a test keeps them in step). An app route answers the app with 200
//! whatever the client asks for; any other page answers the app's not-found page with 404.

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
