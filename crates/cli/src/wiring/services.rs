//! The API's use cases, built over one search index.

use std::sync::Arc;
use tutorhub_adapters::cache::layers::{self, Layer};
use tutorhub_adapters::messaging::counted::MessageKind;

use tutorhub_adapters::{
    BoardCache, HmacLinkSigner, JwtAccessTokens, RandomSecretTokens, SqlAlertRepository, SqlBookingRepository, SqlInvitationRepository,
    SqlRefreshTokenRepository, SqlReviewRepository, TantivySearch,
};
use tutorhub_domain::accounts::current_user::Accounts;
use tutorhub_domain::accounts::passwords::Passwords;
use tutorhub_domain::accounts::phone_verification::PhoneVerification;
use tutorhub_domain::accounts::ports::{AccessTokens, SecretTokens};
use tutorhub_domain::accounts::registration::Registration;
use tutorhub_domain::accounts::sessions::Sessions;
use tutorhub_domain::alerts::saved_searches::SavedSearches;
use tutorhub_domain::bookings::requests::Bookings;
use tutorhub_domain::cases::board::CaseBoard;
use tutorhub_domain::cases::fee_guidance::FeeGuidance;
use tutorhub_domain::cases::ports::CaseRepository;
use tutorhub_domain::cases::posting::CasePosting;
use tutorhub_domain::matching::applications::Matching;
use tutorhub_domain::matching::invitations::Invitations;
use tutorhub_domain::matching::recommendations::Recommendations;
use tutorhub_domain::organizations::resubmission::OrgResubmission;
use tutorhub_domain::profiles::editing::ProfileEditing;
use tutorhub_domain::reviews::writing::Reviews;
use tutorhub_domain::search::version::SearchVersion;
use tutorhub_domain::sharing::heads::PageHeads;
use tutorhub_domain::sharing::sitemap::Sitemaps;
use tutorhub_domain::tutors::directory::TutorDirectory;
use tutorhub_http::Services;

use super::Wiring;

impl Wiring {
    /// The API's use cases over this search index. Loads the signing secret, creating it in
    /// the data folder on first start when `JWT_SECRET` is unset.
    ///
    /// # Errors
    /// The secret cannot be read or created.
    pub fn services(&self, search: Arc<TantivySearch>) -> anyhow::Result<Services> {
        let settings = &self.settings;
        let secret = self.secret()?;
        let access_tokens: Arc<dyn AccessTokens> = Arc::new(JwtAccessTokens::new(&secret, settings.access_token_ttl_seconds));
        let pool = self.database.pool();
        let secrets: Arc<dyn SecretTokens> = Arc::new(RandomSecretTokens);
        let (users, throttle) = (&self.users, &self.throttle);
        let sms = self.senders.sms_counted(MessageKind::VerificationCode);
        let mail = self.senders.mail_counted(MessageKind::PasswordReset);
        let refresh_tokens = Arc::new(SqlRefreshTokenRepository::new(pool.clone()));
        let sessions = Sessions::new(users.clone(), self.hasher.clone(), access_tokens.clone(), refresh_tokens, secrets.clone())
            .with_throttle(throttle.clone())
            .with_attempts_per_source(settings.login_attempts_per_address);
        let stores = self.account_stores.clone();
        let words = &self.words;
        let phone_verification =
            PhoneVerification::new(stores.clone(), users.clone(), sms.clone(), words.clone(), secrets.clone(), throttle.clone());
        let passwords = Passwords::new(
            users.clone(),
            self.hasher.clone(),
            stores.clone(),
            secrets,
            mail.clone(),
            words.clone(),
            sessions.clone(),
            throttle.clone(),
            &settings.public_base_url,
        );
        let notifier = self.notifier();
        // One cache of board reads, for the board and the fee guidance alike.
        let board: Arc<dyn CaseRepository> = match layers::is_on(Layer::Board) {
            true => Arc::new(BoardCache::new(self.cases.clone())),
            false => self.cases.clone(),
        };
        let case_board = CaseBoard::new(board.clone(), search.clone());
        let tutor_directory = TutorDirectory::new(self.tutors.clone(), search);
        Ok(Services {
            case_board: case_board.clone(),
            fee_guidance: FeeGuidance::new(board.clone()),
            recommendations: Recommendations::new(board, self.tutors.clone(), self.applications(), settings.case_applicant_cap),
            invitations: Invitations::new(
                self.cases.clone(),
                users.clone(),
                self.tutors.clone(),
                self.applications(),
                Arc::new(SqlInvitationRepository::new(&self.database)),
                notifier.clone(),
                settings.case_applicant_cap,
            ),
            saved_searches: SavedSearches::new(
                Arc::new(SqlAlertRepository::new(&self.database)),
                self.tutors.clone(),
                self.cases.clone(),
                Arc::new(HmacLinkSigner::new(&secret)),
            ),
            page_heads: PageHeads::new(
                tutor_directory.clone(),
                CasePosting::new(self.cases.clone(), users.clone(), settings.clock.clone(), settings.cases_auto_approve),
            ),
            sitemaps: Sitemaps::new(tutor_directory.clone(), case_board.clone()),
            search_version: SearchVersion::new(self.feed.clone()),
            keep_answers: layers::is_on(Layer::Answers),
            public_base_url: settings.public_base_url.clone(),
            reviews: Reviews::new(Arc::new(SqlReviewRepository::new(pool.clone())), self.tutors.clone(), notifier.clone()),
            accounts: Accounts::new(users.clone()),
            case_posting: CasePosting::new(self.cases.clone(), users.clone(), settings.clock.clone(), settings.cases_auto_approve),
            matching: Matching::new(
                self.cases.clone(),
                self.applications(),
                users.clone(),
                self.tutors.clone(),
                notifier.clone(),
                settings.clock.clone(),
                settings.case_applicant_cap,
                self.standing(),
            ),
            offers: self.offers(),
            lesson_record: self.lesson_record(),
            billing: self.billing(),
            bookings: Bookings::new(Arc::new(SqlBookingRepository::new(pool.clone())), users.clone(), self.tutors.clone(), notifier),
            tutor_applications: self.tutor_applications(),
            tutor_directory: tutor_directory.clone(),
            profile_editing: ProfileEditing::new(
                users.clone(),
                self.tutors.clone(),
                self.files.clone(),
                phone_verification.clone(),
                throttle.clone(),
            ),
            files: self.files.clone(),
            registration: Registration::new(
                users.clone(),
                self.hasher.clone(),
                phone_verification.clone(),
                self.files.clone(),
                stores.clone(),
            ),
            org_resubmission: OrgResubmission::new(users.clone(), self.files.clone(), stores),
            sessions,
            phone_verification,
            passwords,
            throttle: throttle.clone(),
            access_tokens,
            body_limits: settings.body_limits,
            trusted_proxies: tutorhub_http::common::client::TrustedProxies(Arc::new(settings.trusted_proxies.clone())),
        })
    }
}
