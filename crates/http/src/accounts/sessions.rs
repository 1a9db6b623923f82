//! Sessions: `POST /users/login`, `/users/refresh-token`, `/users/logout` (spec §7).

use poem::Request;
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, Object, OpenApi};
use tutorhub_domain::accounts::sessions::{SessionTokens, Sessions};

use crate::Tag;
use crate::common::client::client_ip;
use crate::error::documented::{Answer, BAD_REQUEST, PAYLOAD_TOO_LARGE, TOO_MANY_REQUESTS, UNAUTHORIZED, UNAVAILABLE};

/// Phone and password (spec §3: the phone is sent as `identifier`).
#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct LoginRequest {
    /// The phone number, e.g. `91234567` or `+852 9123 4567`.
    #[oai(default)]
    pub identifier: String,
    #[oai(default)]
    pub password: String,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct RefreshTokenRequest {
    #[oai(default)]
    pub refresh_token: String,
}

/// A new session: keep `token` as `authToken` and `refreshToken` as `refreshToken`.
#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct SessionTokensBody {
    /// Access token (JWT, 15 minutes) for the `Authorization: Bearer` header.
    pub token: String,
    /// Single-use refresh token (30 days); every refresh returns a new one.
    pub refresh_token: String,
}

impl From<SessionTokens> for SessionTokensBody {
    fn from(tokens: SessionTokens) -> Self {
        Self { token: tokens.access_token, refresh_token: tokens.refresh_token }
    }
}

#[derive(ApiResponse)]
pub enum LoggedOut {
    /// 已登出
    #[oai(status = 204)]
    Done,
}

pub struct SessionsApi {
    pub sessions: Sessions,
}

#[OpenApi(tag = "Tag::Accounts")]
impl SessionsApi {
    /// Log in with phone and password
    #[oai(path = "/users/login", method = "post", operation_id = "login")]
    async fn login(
        &self,
        req: &Request,
        body: Json<LoginRequest>,
    ) -> Answer<Json<SessionTokensBody>, { BAD_REQUEST | UNAUTHORIZED | TOO_MANY_REQUESTS | UNAVAILABLE | PAYLOAD_TOO_LARGE }> {
        Ok(Json(self.sessions.login(&body.identifier, &body.password, &client_ip(req)).await?.into()))
    }

    /// Exchange a refresh token for a new pair (the old one stops working; reusing it ends the session)
    #[oai(path = "/users/refresh-token", method = "post", operation_id = "refreshToken")]
    async fn refresh(
        &self,
        body: Json<RefreshTokenRequest>,
    ) -> Answer<Json<SessionTokensBody>, { BAD_REQUEST | UNAUTHORIZED | PAYLOAD_TOO_LARGE }> {
        Ok(Json(self.sessions.refresh(&body.refresh_token).await?.into()))
    }

    /// Log out: the refresh token and every token rotated from the same login stop working
    #[oai(path = "/users/logout", method = "post", operation_id = "logout")]
    async fn logout(&self, body: Json<RefreshTokenRequest>) -> Answer<LoggedOut, { BAD_REQUEST | PAYLOAD_TOO_LARGE }> {
        self.sessions.logout(&body.refresh_token).await?;
        Ok(LoggedOut::Done)
    }
}
