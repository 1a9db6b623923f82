//! The signed-in user's own account: `GET /self-users/me`, `GET /users/me`.

use chrono::{DateTime, Utc};
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};
use tutorhub_domain::accounts::current_user::Accounts;
use tutorhub_domain::accounts::user::User;

use crate::Tag;
use crate::common::auth::BearerAuth;
use crate::common::keys::Key;
use crate::error::documented::{Answer, UNAUTHORIZED};
use tutorhub_domain::accounts::user::{OrgVerification, Role, UserType};

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
    pub created_at: DateTime<Utc>,
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
}
