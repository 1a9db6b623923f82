//! Who is calling: the bearer access token of spec §6, checked on the server for every
//! operation that takes [`BearerAuth`].

use std::sync::Arc;

use poem::Request;
use poem_openapi::SecurityScheme;
use poem_openapi::auth::Bearer;
use tutorhub_domain::ports::AccessTokens;
use uuid::Uuid;

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
