//! The signed-in user's own account: `GET /self-users/me`, `GET /users/me`, and the language
//! they read (`PUT /users/me/language`).

use chrono::{DateTime, Utc};
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, Object, OpenApi};
use tutorhub_domain::accounts::current_user::Accounts;
use tutorhub_domain::accounts::user::User;

use crate::Tag;
use crate::common::auth::BearerAuth;
use crate::common::keys::Key;
use crate::error::documented::{Answer, BAD_REQUEST, UNAUTHORIZED};
use tutorhub_domain::accounts::user::{OrgVerification, Role, UserType};
use tutorhub_domain::shared::language::Language;

/// The caller's own account, with private fields (theirs to see).
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase")]
pub struct CurrentUser {
    pub id: String,
    /// The user number shown on screen.
    pub user_id: i64,
    pub role: Key<Role>,
    /// `student` by default.
    pub account_type: String,
    pub is_tutor: bool,
    pub is_tutor_profile_active: bool,
    pub name: String,
    /// E.164, e.g. `+85291234567`.
    pub phone: String,
    pub email: String,
    /// `YYYY-MM-DD`.
    pub birthdate: String,
    pub user_type: Key<UserType>,
    /// Public URL path of the avatar.
    #[oai(skip_serializing_if_is_none)]
    pub avatar: Option<String>,
    /// For organizations only.
    #[oai(skip_serializing_if_is_none)]
    pub org_verification: Option<Key<OrgVerification>>,
    /// For a rejected organization: the back office's reason, shown on its profile.
    #[oai(skip_serializing_if_is_none)]
    pub org_rejection_reason: Option<String>,
    /// The language they read: their SMS and e-mail are written in it.
    pub language: Key<Language>,
    pub created_at: DateTime<Utc>,
}

/// The language is kept.
#[derive(ApiResponse)]
pub enum LanguageChosen {
    /// 已更改語言
    #[oai(status = 204)]
    Done,
}

/// The language a member chooses.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase")]
pub struct LanguageChoice {
    pub language: Key<Language>,
}

impl From<&User> for CurrentUser {
    fn from(user: &User) -> Self {
        Self {
            id: user.id.to_string(),
            user_id: user.number,
            role: user.role.into(),
            account_type: user.account_type.clone(),
            is_tutor: user.is_tutor,
            is_tutor_profile_active: user.is_tutor_profile_active,
            name: user.name.as_str().into(),
            phone: user.phone.as_str().into(),
            email: user.email.as_str().into(),
            birthdate: user.birthdate.format("%Y-%m-%d").to_string(),
            user_type: user.user_type.into(),
            avatar: user.avatar.clone(),
            org_verification: user.org_verification.map(Key),
            org_rejection_reason: user.org_rejection_reason.clone(),
            language: user.language.into(),
            created_at: user.created_at,
        }
    }
}

pub struct UsersApi {
    pub accounts: Accounts,
}

#[OpenApi(tag = "Tag::Accounts")]
impl UsersApi {
    /// The signed-in user's account
    #[oai(path = "/self-users/me", method = "get", operation_id = "getSelfUser")]
    async fn self_user(&self, auth: BearerAuth) -> Answer<Json<CurrentUser>, UNAUTHORIZED> {
        Ok(Json((&self.accounts.current_user(auth.user_id()).await?).into()))
    }

    /// The signed-in user's account (name and phone, as the edit-profile form reads it)
    #[oai(path = "/users/me", method = "get", operation_id = "getMe")]
    async fn me(&self, auth: BearerAuth) -> Answer<Json<CurrentUser>, UNAUTHORIZED> {
        Ok(Json((&self.accounts.current_user(auth.user_id()).await?).into()))
    }

    /// Choose the language of the signed-in user's SMS and e-mail (the app sends it when the
    /// member switches language)
    #[oai(path = "/users/me/language", method = "put", operation_id = "chooseLanguage")]
    async fn choose_language(
        &self,
        auth: BearerAuth,
        choice: Json<LanguageChoice>,
    ) -> Answer<LanguageChosen, { BAD_REQUEST | UNAUTHORIZED }> {
        self.accounts.choose_language(auth.user_id(), choice.0.language.0).await?;
        Ok(LanguageChosen::Done)
    }
}
