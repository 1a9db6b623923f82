//! Registration and passwords (spec §7): check-phone, check-email, SMS codes, register,
//! password reset and change.

use chrono::Utc;
use poem::Request;
use poem_openapi::payload::Json;
use poem_openapi::types::multipart::Upload;
use poem_openapi::{ApiResponse, Multipart, Object, OpenApi};
use tutorhub_domain::accounts::passwords::Passwords;
use tutorhub_domain::accounts::phone_verification::PhoneVerification;
use tutorhub_domain::accounts::registration::{Registration, RegistrationForm};
use tutorhub_domain::shared::rate_limits::{CHECKS_PER_IP, CODE_CHECKS_PER_IP, RESET_REQUESTS_PER_IP, SEND_CODE_PER_IP, Throttle};
use tutorhub_domain::shared::validation::AccountsProblem;

use crate::Tag;
use crate::common::auth::BearerAuth;
use crate::common::client::client_ip;
use crate::common::uploads::read_upload;
use crate::error::ApiError;
use crate::error::documented::{Answer, BAD_REQUEST, CONFLICT, FORBIDDEN, PAYLOAD_TOO_LARGE, TOO_MANY_REQUESTS, UNAUTHORIZED, UNAVAILABLE};
use crate::words::{AccountsWords, Words};

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct CheckPhoneRequest {
    #[oai(default)]
    pub phone: String,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct CheckPhoneResponse {
    pub exists: bool,
    /// What to show next to the field.
    pub msg: String,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct CheckEmailRequest {
    #[oai(default)]
    pub email: String,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct CheckEmailResponse {
    pub exists: bool,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct SendCodeRequest {
    #[oai(default)]
    pub phone_number: String,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct VerifyCodeRequest {
    #[oai(default)]
    pub phone: String,
    #[oai(default)]
    pub code: String,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct ResetRequest {
    #[oai(default)]
    pub phone: String,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct ResetPasswordRequest {
    #[oai(default)]
    pub token: String,
    #[oai(default)]
    pub new_password: String,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct ChangePasswordRequest {
    #[oai(default)]
    pub old_password: String,
    #[oai(default)]
    pub password: String,
    /// The refresh token of this device's session: that session stays, every other session
    /// of the account ends. Without it (or with one that is not this account's) all end.
    pub refresh_token: Option<String>,
}

/// A success with a message for a banner.
#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct MessageBody {
    pub message: String,
}

/// What an endpoint that succeeded says, in the request's language.
fn done(words: AccountsWords) -> Json<MessageBody> {
    Json(MessageBody { message: words.say() })
}

/// A verified phone.
#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct PhoneVerifiedBody {
    pub message: String,
    /// Send it as `verificationToken` with the registration or the phone change that uses this
    /// verification (30 minutes, once); only this client has it. Keep it to this browser tab
    /// (memory or session storage), never in storage other tabs or sites share.
    pub verification_token: String,
}

/// The registration form (multipart, spec §3). Every field is optional here so that a missing
/// one gets a zh-HK field message rather than a framework error.
#[derive(Debug, Multipart)]
#[oai(rename_all = "camelCase")]
pub struct RegisterUpload {
    pub name: Option<String>,
    pub email: Option<String>,
    /// Hong Kong phone number, verified with an SMS code in the last 30 minutes.
    pub phone: Option<String>,
    pub password: Option<String>,
    /// `YYYY-MM-DD`; at least 15 years ago.
    pub birthdate: Option<String>,
    /// Always `user` (spec §3); another role is refused.
    pub role: Option<String>,
    /// `individual` or `organization`.
    pub user_type: Option<String>,
    /// Organizations: PDF, JPEG or PNG, at most 5 MB.
    pub business_registration: Option<Upload>,
    /// Organizations: PDF, JPEG or PNG, at most 5 MB.
    pub address_proof: Option<Upload>,
    /// What `POST /sms/verify-code` answered for this phone; without it the phone counts as
    /// not verified.
    pub verification_token: Option<String>,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct RegisteredBody {
    pub message: String,
    /// The new user's number.
    pub user_id: i64,
}

#[derive(ApiResponse)]
pub enum RegisterResponse {
    /// 註冊成功
    #[oai(status = 201)]
    Created(Json<RegisteredBody>),
}

pub struct RegistrationApi {
    pub registration: Registration,
    pub verification: PhoneVerification,
    pub passwords: Passwords,
    pub throttle: Throttle,
}

#[OpenApi(tag = "Tag::Accounts")]
impl RegistrationApi {
    /// Whether a phone number already has an account
    #[oai(path = "/users/check-phone", method = "post", operation_id = "checkPhone")]
    async fn check_phone(
        &self,
        req: &Request,
        body: Json<CheckPhoneRequest>,
    ) -> Answer<Json<CheckPhoneResponse>, { BAD_REQUEST | TOO_MANY_REQUESTS | PAYLOAD_TOO_LARGE }> {
        self.throttle.hit("check-ip", &client_ip(req), CHECKS_PER_IP).await?;
        let exists = self.registration.phone_exists(&body.phone).await?.map_err(|m| ApiError::invalid_field("phone", m))?;
        let msg = if exists { AccountsProblem::PhoneTaken.say() } else { AccountsWords::PhoneFree.say() };
        Ok(Json(CheckPhoneResponse { exists, msg }))
    }

    /// Whether an e-mail address already has an account
    #[oai(path = "/users/check-email", method = "post", operation_id = "checkEmail")]
    async fn check_email(
        &self,
        req: &Request,
        body: Json<CheckEmailRequest>,
    ) -> Answer<Json<CheckEmailResponse>, { BAD_REQUEST | TOO_MANY_REQUESTS | PAYLOAD_TOO_LARGE }> {
        self.throttle.hit("check-ip", &client_ip(req), CHECKS_PER_IP).await?;
        let exists = self.registration.email_exists(&body.email).await?.map_err(|m| ApiError::invalid_field("email", m))?;
        Ok(Json(CheckEmailResponse { exists }))
    }

    /// Send a 6-digit verification code by SMS (once a minute; the phone must not have an account)
    #[oai(path = "/sms/send-code", method = "post", operation_id = "sendSmsCode")]
    async fn send_code(
        &self,
        req: &Request,
        body: Json<SendCodeRequest>,
    ) -> Answer<Json<MessageBody>, { BAD_REQUEST | CONFLICT | TOO_MANY_REQUESTS | UNAVAILABLE | PAYLOAD_TOO_LARGE }> {
        self.throttle.hit("send-code-ip", &client_ip(req), SEND_CODE_PER_IP).await?;
        self.verification.send_code(&body.phone_number, crate::words::language()).await?;
        Ok(done(AccountsWords::CodeSent))
    }

    /// Check the SMS code; success verifies the phone for 30 minutes, for the holder of the returned token
    #[oai(path = "/sms/verify-code", method = "post", operation_id = "verifySmsCode")]
    async fn verify_code(
        &self,
        req: &Request,
        body: Json<VerifyCodeRequest>,
    ) -> Answer<Json<PhoneVerifiedBody>, { BAD_REQUEST | TOO_MANY_REQUESTS | PAYLOAD_TOO_LARGE }> {
        self.throttle.hit("code-check-ip", &client_ip(req), CODE_CHECKS_PER_IP).await?;
        let verification_token = self.verification.verify_code(&body.phone, &body.code).await?;
        Ok(Json(PhoneVerifiedBody { message: AccountsWords::PhoneVerified.say(), verification_token }))
    }

    /// Register (multipart; the phone must have been verified by this client)
    ///
    /// Counts towards the same per-address budget as check-phone and check-email: with a
    /// verified phone, its answer tells whether an e-mail is taken.
    #[oai(path = "/users/register", method = "post", operation_id = "register")]
    async fn register(
        &self,
        req: &Request,
        form: RegisterUpload,
    ) -> Answer<RegisterResponse, { BAD_REQUEST | FORBIDDEN | CONFLICT | TOO_MANY_REQUESTS | UNAVAILABLE | PAYLOAD_TOO_LARGE }> {
        self.throttle.hit("check-ip", &client_ip(req), CHECKS_PER_IP).await?;
        let parsed = RegistrationForm {
            name: form.name.unwrap_or_default(),
            email: form.email.unwrap_or_default(),
            phone: form.phone.unwrap_or_default(),
            password: form.password.unwrap_or_default(),
            birthdate: form.birthdate.unwrap_or_default(),
            role: form.role.unwrap_or_default(),
            user_type: form.user_type.unwrap_or_default(),
            business_registration: read_upload(form.business_registration).await?,
            address_proof: read_upload(form.address_proof).await?,
            verification_token: form.verification_token.unwrap_or_default(),
            // The page's language: what is sent to them later follows it.
            language: crate::words::language(),
        };
        let user = self.registration.register(parsed, Utc::now().date_naive()).await?;
        Ok(RegisterResponse::Created(Json(RegisteredBody { message: AccountsWords::Registered.say(), user_id: user.number })))
    }

    /// Mail a password reset link to the account of this phone (same answer for unknown phones)
    #[oai(path = "/users/request-password-reset", method = "post", operation_id = "requestPasswordReset")]
    async fn request_reset(
        &self,
        req: &Request,
        body: Json<ResetRequest>,
    ) -> Answer<Json<MessageBody>, { BAD_REQUEST | TOO_MANY_REQUESTS | UNAVAILABLE | PAYLOAD_TOO_LARGE }> {
        self.throttle.hit("reset-ip", &client_ip(req), RESET_REQUESTS_PER_IP).await?;
        self.passwords.request_reset(&body.phone).await?;
        Ok(done(AccountsWords::ResetLinkSent))
    }

    /// Set a new password with the token from a reset link (single use, 30 minutes)
    #[oai(path = "/users/reset-password", method = "post", operation_id = "resetPassword")]
    async fn reset(
        &self,
        body: Json<ResetPasswordRequest>,
    ) -> Answer<Json<MessageBody>, { BAD_REQUEST | UNAVAILABLE | PAYLOAD_TOO_LARGE }> {
        self.passwords.reset(&body.token, &body.new_password).await?;
        Ok(done(AccountsWords::PasswordReset))
    }

    /// Change the signed-in user's password (the old one is checked; every other session ends)
    ///
    /// After 5 wrong old passwords in 15 minutes the account's changes wait (429 `RATE_LIMITED`).
    #[oai(path = "/self-users/me/password", method = "put", operation_id = "changePassword")]
    async fn change(
        &self,
        auth: BearerAuth,
        body: Json<ChangePasswordRequest>,
    ) -> Answer<Json<MessageBody>, { BAD_REQUEST | UNAUTHORIZED | TOO_MANY_REQUESTS | UNAVAILABLE | PAYLOAD_TOO_LARGE }> {
        self.passwords.change(auth.user_id(), &body.old_password, &body.password, body.refresh_token.as_deref()).await?;
        Ok(done(AccountsWords::PasswordChanged))
    }
}
