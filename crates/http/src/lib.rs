//! The HTTP face of tutorhub: the JSON API (poem-openapi), its OpenAPI document, Swagger UI
//! and the single-page app, in one endpoint tree.

pub mod accounts;
pub mod alerts;
pub mod billing;
pub mod bookings;
pub mod cases;
pub mod common;
pub mod error;
pub mod lessons;
pub mod matching;
pub mod observability;
pub mod organizations;
pub mod reviews;
pub mod server;
pub mod system;
pub mod tutors;
pub mod words;

use poem::middleware::{Compression, SetHeader};
use std::sync::Arc;

use poem::{Endpoint, EndpointExt, Route};
use poem_openapi::{OpenApiService, Tags};
use tutorhub_domain::accounts::current_user::Accounts;
use tutorhub_domain::accounts::passwords::Passwords;
use tutorhub_domain::accounts::phone_verification::PhoneVerification;
use tutorhub_domain::accounts::ports::AccessTokens;
use tutorhub_domain::accounts::registration::Registration;
use tutorhub_domain::accounts::sessions::Sessions;
use tutorhub_domain::alerts::saved_searches::SavedSearches;
use tutorhub_domain::billing::invoices::Billing;
use tutorhub_domain::bookings::requests::Bookings;
use tutorhub_domain::cases::board::CaseBoard;
use tutorhub_domain::cases::fee_guidance::FeeGuidance;
use tutorhub_domain::cases::posting::CasePosting;
use tutorhub_domain::lessons::record::LessonRecord;
use tutorhub_domain::matching::applications::Matching;
use tutorhub_domain::matching::invitations::Invitations;
use tutorhub_domain::matching::offers::Offers;
use tutorhub_domain::matching::recommendations::Recommendations;
use tutorhub_domain::organizations::resubmission::OrgResubmission;
use tutorhub_domain::profiles::editing::ProfileEditing;
use tutorhub_domain::reviews::writing::Reviews;
use tutorhub_domain::search::version::SearchVersion;
use tutorhub_domain::shared::rate_limits::Throttle;
use tutorhub_domain::sharing::heads::PageHeads;
use tutorhub_domain::sharing::sitemap::Sitemaps;
use tutorhub_domain::tutors::applications::TutorApplications;
use tutorhub_domain::tutors::directory::TutorDirectory;

pub use common::body_limit::BodyLimits;
pub use server::ServerLimits;
pub use system::app::AppFiles;

#[derive(Tags)]
enum Tag {
    /// The tutoring case board
    Cases,
    /// Booking tutors
    Bookings,
    /// Levels, grades, subjects and places
    Catalogue,
    /// Registration, login, sessions and the signed-in user's account
    Accounts,
    /// Tutor applications, the tutor directory and public profiles
    Tutors,
    /// The lesson record after a match or a booking
    Lessons,
    /// The service fee: its terms, invoices, FPS payment and receipts
    Billing,
    /// Operations
    System,
}

/// The use cases the API calls, built once by the composition root (`tutorhub serve`).
#[derive(Clone)]
pub struct Services {
    pub case_board: CaseBoard,
    pub fee_guidance: FeeGuidance,
    pub accounts: Accounts,
    pub case_posting: CasePosting,
    pub matching: Matching,
    pub offers: Offers,
    pub lesson_record: LessonRecord,
    pub billing: Billing,
    pub recommendations: Recommendations,
    pub invitations: Invitations,
    pub reviews: Reviews,
    pub saved_searches: SavedSearches,
    pub page_heads: PageHeads,
    pub sitemaps: Sitemaps,
    /// Moves on every write the public searches show: their answers are kept under it.
    pub search_version: SearchVersion,
    /// Whether the board's and the directory's answers are kept as bytes (always, but while
    /// `make bench` measures what keeping them is worth).
    pub keep_answers: bool,
    /// The site as users reach it (`PUBLIC_BASE_URL`), for canonical addresses and previews.
    pub public_base_url: String,
    pub bookings: Bookings,
    pub tutor_applications: TutorApplications,
    pub tutor_directory: TutorDirectory,
    pub profile_editing: ProfileEditing,
    /// Where uploads are kept; its public files are served at `/media`.
    pub files: std::sync::Arc<dyn tutorhub_domain::shared::files::FileStore>,
    pub sessions: Sessions,
    pub registration: Registration,
    pub org_resubmission: OrgResubmission,
    pub phone_verification: PhoneVerification,
    pub passwords: Passwords,
    pub throttle: Throttle,
    /// Verifies bearer tokens for [`common::auth::BearerAuth`].
    pub access_tokens: Arc<dyn AccessTokens>,
    /// How large a request body may be.
    pub body_limits: BodyLimits,
    /// The balancers whose `X-Forwarded-For` names the caller (`TRUSTED_PROXIES`).
    pub trusted_proxies: common::client::TrustedProxies,
}

fn api(services: &Services) -> OpenApiService<impl poem_openapi::OpenApi, ()> {
    // One store of prepared answers for the board and the directory.
    let prepared = Arc::new(common::prepared::PreparedAnswers::new(services.search_version.clone(), services.keep_answers));
    OpenApiService::new(
        (
            system::health::HealthApi { board: services.case_board.clone() },
            system::catalogue::CatalogueApi,
            cases::api::CasesApi {
                board: services.case_board.clone(),
                fees: services.fee_guidance.clone(),
                posting: services.case_posting.clone(),
                cap: services.matching.cap(),
                prepared: prepared.clone(),
            },
            matching::api::MatchingApi {
                posting: services.case_posting.clone(),
                matching: services.matching.clone(),
                offers: services.offers.clone(),
                recommendations: services.recommendations.clone(),
            },
            matching::invitations::InvitationsApi { invitations: services.invitations.clone() },
            // After the match: a tuple of its own, as poem-openapi takes at most 16 APIs a tuple.
            (
                lessons::api::LessonsApi { record: services.lesson_record.clone(), billing: services.billing.clone() },
                billing::api::BillingApi { billing: services.billing.clone() },
            ),
            reviews::api::ReviewsApi { reviews: services.reviews.clone() },
            alerts::api::AlertsApi { saved_searches: services.saved_searches.clone(), cap: services.matching.cap() },
            bookings::api::BookingsApi { bookings: services.bookings.clone() },
            accounts::current_user::UsersApi { accounts: services.accounts.clone() },
            tutors::directory::TutorsApi { directory: services.tutor_directory.clone(), prepared },
            tutors::applications::ProfilesApi { accounts: services.accounts.clone(), applications: services.tutor_applications.clone() },
            accounts::sessions::SessionsApi { sessions: services.sessions.clone() },
            accounts::profile::ProfileEditApi { accounts: services.accounts.clone(), editing: services.profile_editing.clone() },
            organizations::api::OrgDocumentsApi { resubmission: services.org_resubmission.clone() },
            accounts::registration::RegistrationApi {
                registration: services.registration.clone(),
                verification: services.phone_verification.clone(),
                passwords: services.passwords.clone(),
                throttle: services.throttle.clone(),
            },
        ),
        "tutorhub API",
        env!("CARGO_PKG_VERSION"),
    )
    .description(
        "香港私人補習配對平台 tutorhub 的 API。錯誤一律以 {code, error, errors} 回應，error 為按 Accept-Language（zh-HK 或 en，預設 zh-HK）寫成的訊息。\n\nThe API of tutorhub, the Hong Kong tutoring marketplace. Every failure answers {code, error, errors}; error is worded in the request's Accept-Language (zh-HK or en, zh-HK by default).",
    )
}

/// The OpenAPI document, exactly as `openapi.yaml` at the repository root must read.
pub fn openapi_yaml(services: &Services) -> String {
    api(services).spec_yaml()
}

/// Everything the server answers: the API at the root (spec §7 paths), `/openapi.yaml`,
/// Swagger UI at `/docs`, and the app for browser navigations.
pub fn app(services: &Services, files: AppFiles) -> impl Endpoint + use<> {
    let api = api(services);
    let yaml = api.spec_yaml();
    let spec: serde_json::Value = serde_json::from_str(&api.spec()).expect("poem-openapi writes its document as JSON");
    let paths = spec["paths"].as_object().map(|paths| paths.keys().cloned().collect::<Vec<_>>()).unwrap_or_default();
    let docs = api.swagger_ui();
    let routes = Route::new()
        .at(
            "/openapi.yaml",
            poem::endpoint::make_sync(move |_| poem::Response::builder().content_type("application/yaml").body(yaml.clone())),
        )
        .nest("/docs", docs)
        .at("/robots.txt", poem::get(system::sharing::robots))
        .at("/sitemap.xml", poem::get(system::sharing::sitemap_index))
        .at("/sitemaps/:name", poem::get(system::sharing::sitemap_file))
        .nest("/media", system::media::MediaFiles::new(services.files.clone()))
        .nest("/", api);
    let sharing = system::sharing::Sharing {
        heads: services.page_heads.clone(),
        sitemaps: services.sitemaps.clone(),
        site: services.public_base_url.trim_end_matches('/').to_string(),
    };
    system::app::WithApp { api: routes.data(sharing.clone()), files, sharing }
        .data(services.access_tokens.clone())
        .data(services.trusted_proxies.clone())
        .catch_all_error(|error| async move {
            // The route the router matched stays with the answer, for the request metrics.
            let route = error.data::<poem::PathPattern>().cloned();
            let mut response = error::framework_error(error);
            if let Some(route) = route {
                response.set_data(route);
            }
            response
        })
        .with(common::query_guard::QueryGuard)
        .with(services.body_limits)
        .with(
            SetHeader::new()
                .overriding("X-Content-Type-Options", "nosniff")
                .overriding("Referrer-Policy", "same-origin")
                .overriding("X-Frame-Options", "DENY"),
        )
        .with(Compression::new())
        .before(system::media::leave_uncompressed)
        .before(system::precompressed::take_accepted_codings)
        .with(common::request_log::RequestLog)
        .with(observability::RequestMetrics::new(paths.iter().map(String::as_str)))
        .with(words::Speaking)
}
