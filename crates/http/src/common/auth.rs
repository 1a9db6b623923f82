//! Who is calling: the bearer access token of spec §6, checked on the server for every
//! operation that takes [`BearerAuth`].

use std::sync::Arc;

use poem::Request;
use poem_openapi::SecurityScheme;
use poem_openapi::auth::Bearer;
use tutorhub_domain::accounts::ports::AccessTokens;
use uuid::Uuid;

use crate::error::ErrorCode;
use crate::error::{ApiError, ApiResult};
use crate::words::{AccountsWords, Words};
use tutorhub_domain::accounts::current_user::Accounts;
use tutorhub_domain::tutors::model::TutorRef;

/// A verified access token; holds the caller's user id.
#[derive(SecurityScheme)]
#[oai(ty = "bearer", bearer_format = "JWT", checker = "authenticate")]
pub struct BearerAuth(pub Uuid);

impl BearerAuth {
    pub fn user_id(&self) -> Uuid {
        self.0
    }
}

async fn authenticate(req: &Request, bearer: Bearer) -> Option<Uuid> {
    // None answers 401, which the client treats as "refresh, then replay once".
    req.data::<Arc<dyn AccessTokens>>()?.verify(&bearer.token).ok()
}

/// The caller's user id when a valid bearer token came with the request, for operations that
/// answer anyone but show the owner more (an invalid token counts as anonymous).
pub fn optional_user(req: &Request) -> Option<Uuid> {
    let header = req.headers().get(poem::http::header::AUTHORIZATION)?.to_str().ok()?;
    let token = header.strip_prefix("Bearer ").or_else(|| header.strip_prefix("bearer "))?;
    req.data::<Arc<dyn AccessTokens>>()?.verify(token.trim()).ok()
}

/// The caller acts on their own account only (else 403); the path may name it by id or number.
pub async fn own_account(accounts: &Accounts, auth: &BearerAuth, path: &str) -> ApiResult<tutorhub_domain::accounts::user::User> {
    let caller = accounts.current_user(auth.user_id()).await?;
    let own = match TutorRef::parse(path) {
        Some(TutorRef::Id(id)) => id == caller.id,
        Some(TutorRef::Number(number)) => number == caller.number,
        None => false,
    };
    if own { Ok(caller) } else { Err(ApiError::forbidden(ErrorCode::Forbidden, AccountsWords::NotYourAccount.say())) }
}
