//! Editing one's own profile: `PUT /users/{id}` as JSON {name, phone} (edit-profile form) or
//! multipart {name, phone, avatar} (profile screen), spec §7. Another user's id answers 403.

use poem_openapi::param::Path;
use poem_openapi::payload::Json;
use poem_openapi::types::multipart::Upload;
use poem_openapi::{ApiRequest, Multipart, Object, OpenApi};
use tutorhub_domain::accounts::current_user::Accounts;
use tutorhub_domain::profiles::editing::{ProfileChange, ProfileEditing};

use crate::Tag;
use crate::accounts::current_user::CurrentUser;
use crate::common::auth::BearerAuth;
use crate::common::auth::own_account;
use crate::error::ApiError;
use crate::error::documented::{Answer, BAD_REQUEST, CONFLICT, FORBIDDEN, PAYLOAD_TOO_LARGE, TOO_MANY_REQUESTS, UNAUTHORIZED};

/// The edit-profile form.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase")]
pub struct ProfileJson {
    pub name: String,
    /// Hong Kong phone number; a new one must be free and needs a completed SMS verification
    /// (`POST /sms/send-code`, `POST /sms/verify-code`), whose grant the change uses up.
    pub phone: String,
    /// With a new phone: what `POST /sms/verify-code` answered for it.
    pub verification_token: Option<String>,
}

/// The profile screen's form; absent fields stay as they are.
#[derive(Debug, Multipart)]
#[oai(rename_all = "camelCase")]
pub struct ProfileUpload {
    pub name: Option<String>,
    /// Sent only when changed and verified.
    pub phone: Option<String>,
    /// With a new phone: what `POST /sms/verify-code` answered for it.
    pub verification_token: Option<String>,
    /// JPEG, PNG or WebP, at most 5 MB; tutors only.
    pub avatar: Option<Upload>,
}

#[derive(Debug, ApiRequest)]
pub enum ProfileUpdate {
    Json(Json<ProfileJson>),
    Multipart(ProfileUpload),
}

pub struct ProfileEditApi {
    pub accounts: Accounts,
    pub editing: ProfileEditing,
}

#[OpenApi(tag = "Tag::Accounts")]
impl ProfileEditApi {
    /// Update one's own name, phone and (tutors) avatar
    ///
    /// A tutor's public profile follows name and avatar changes; a replaced avatar is deleted.
    /// A new phone needs a verified SMS code for it, with the `verificationToken` that
    /// verify-code answered (400 `PHONE_NOT_VERIFIED` otherwise; one verification, one change)
    /// and must not belong to another account (409 `PHONE_TAKEN`). Another user's id: 403.
    /// 60 updates a minute per account (429 `RATE_LIMITED`).
    #[oai(path = "/users/:id", method = "put", operation_id = "updateUser")]
    async fn update(
        &self,
        auth: BearerAuth,
        /// The caller's user id (or user number).
        id: Path<String>,
        body: ProfileUpdate,
    ) -> Answer<Json<CurrentUser>, { BAD_REQUEST | UNAUTHORIZED | FORBIDDEN | CONFLICT | TOO_MANY_REQUESTS | PAYLOAD_TOO_LARGE }> {
        let caller = own_account(&self.accounts, &auth, &id.0).await?;
        let change = match body {
            ProfileUpdate::Json(Json(form)) => {
                ProfileChange { name: Some(form.name), phone: Some(form.phone), avatar: None, verification_token: form.verification_token }
            }
            ProfileUpdate::Multipart(form) => ProfileChange {
                name: form.name.filter(|n| !n.trim().is_empty()),
                phone: form.phone.filter(|p| !p.trim().is_empty()),
                verification_token: form.verification_token,
                avatar: match form.avatar {
                    Some(upload) => Some(upload.into_vec().await.map_err(|e| ApiError::internal(&e))?),
                    None => None,
                },
            },
        };
        let user = self.editing.update(caller.id, change).await?;
        Ok(Json((&user).into()))
    }
}
