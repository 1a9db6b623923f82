//! Access tokens as HS256 JWTs whose payload carries `id` (the client reads it, spec §7) and `sub`.

use chrono::Utc;
use jsonwebtoken::errors::ErrorKind;
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation, decode, encode};
use serde::{Deserialize, Serialize};
use tutorhub_domain::accounts::ports::{AccessTokenError, AccessTokens};
use uuid::Uuid;

#[derive(Debug, Serialize, Deserialize)]
struct Claims {
    sub: String,
    id: String,
    iat: i64,
    exp: i64,
}

pub struct JwtAccessTokens {
    encoding: EncodingKey,
    decoding: DecodingKey,
    lifetime_seconds: i64,
}

impl JwtAccessTokens {
    pub fn new(secret: &[u8], lifetime_seconds: i64) -> Self {
        Self { encoding: EncodingKey::from_secret(secret), decoding: DecodingKey::from_secret(secret), lifetime_seconds }
    }
}

impl AccessTokens for JwtAccessTokens {
    fn issue(&self, user_id: Uuid) -> String {
        let now = Utc::now().timestamp();
        let claims = Claims { sub: user_id.to_string(), id: user_id.to_string(), iat: now, exp: now + self.lifetime_seconds };
        encode(&Header::new(Algorithm::HS256), &claims, &self.encoding).expect("HS256 signing cannot fail")
    }

    fn verify(&self, token: &str) -> Result<Uuid, AccessTokenError> {
        let mut validation = Validation::new(Algorithm::HS256);
        validation.leeway = 0;
        validation.set_required_spec_claims(&["exp", "sub"]);
        let data = decode::<Claims>(token, &self.decoding, &validation).map_err(|e| match e.kind() {
            ErrorKind::ExpiredSignature => AccessTokenError::Expired,
            _ => AccessTokenError::Invalid,
        })?;
        Uuid::parse_str(&data.claims.sub).map_err(|_| AccessTokenError::Invalid)
    }
}

/// The signing secret: `JWT_SECRET` when set, else one generated once and kept in the data folder.
///
/// # Errors
/// When the secret file cannot be read or written.
pub fn load_or_create_secret(configured: Option<&str>, data_dir: &std::path::Path) -> std::io::Result<Vec<u8>> {
    if let Some(secret) = configured.filter(|s| !s.is_empty()) {
        return Ok(secret.as_bytes().to_vec());
    }
    let path = data_dir.join("jwt-secret");
    match std::fs::read_to_string(&path) {
        Ok(existing) if existing.trim().len() >= 32 => {
            // An older version wrote it 0644 for a moment, or a copy may have lost the mode.
            crate::files::local::tighten(&path)?;
            Ok(existing.trim().as_bytes().to_vec())
        }
        _ => {
            use std::io::Write;
            let secret: String = (0..64).map(|_| format!("{:x}", rand::random::<u8>() % 16)).collect();
            crate::files::local::create_private_dir_blocking(data_dir)?;
            // Created 0600, not chmodded after writing: the key is never readable by others.
            let mut options = std::fs::OpenOptions::new();
            options.write(true).create(true).truncate(true);
            #[cfg(unix)]
            std::os::unix::fs::OpenOptionsExt::mode(&mut options, crate::files::local::PRIVATE_FILE_MODE);
            options.open(&path)?.write_all(secret.as_bytes())?;
            crate::files::local::tighten(&path)?;
            Ok(secret.into_bytes())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_names_its_user_until_it_expires() {
        let tokens = JwtAccessTokens::new(b"a test secret that is long enough!!", 60);
        let user = Uuid::new_v4();
        assert_eq!(tokens.verify(&tokens.issue(user)), Ok(user));
        let expired = JwtAccessTokens::new(b"a test secret that is long enough!!", -5);
        assert_eq!(tokens.verify(&expired.issue(user)), Err(AccessTokenError::Expired));
    }

    #[test]
    fn a_token_signed_with_another_secret_is_invalid() {
        let ours = JwtAccessTokens::new(b"a test secret that is long enough!!", 60);
        let theirs = JwtAccessTokens::new(b"somebody else's secret, also long!!", 60);
        assert_eq!(ours.verify(&theirs.issue(Uuid::new_v4())), Err(AccessTokenError::Invalid));
        assert_eq!(ours.verify("garbage"), Err(AccessTokenError::Invalid));
    }

    #[test]
    fn the_generated_secret_is_kept_across_restarts() {
        let dir = tempfile::tempdir().unwrap();
        let first = load_or_create_secret(None, dir.path()).unwrap();
        assert_eq!(load_or_create_secret(None, dir.path()).unwrap(), first);
        assert_eq!(load_or_create_secret(Some("configured"), dir.path()).unwrap(), b"configured");
    }
}
