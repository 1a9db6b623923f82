//! argon2id password hashing, off the async threads (it is deliberately slow).

use argon2::password_hash::rand_core::OsRng;
use argon2::password_hash::{PasswordHash, PasswordHasher as _, PasswordVerifier as _, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};
use async_trait::async_trait;
use tutorhub_domain::identity::Password;
use tutorhub_domain::ports::PasswordHasher;

/// argon2id with OWASP's recommended minimum (19 MiB, 2 passes, 1 lane).
#[derive(Clone)]
pub struct Argon2Hasher {
    params: Params,
}

impl Default for Argon2Hasher {
    fn default() -> Self {
        Self { params: Params::new(19 * 1024, 2, 1, None).expect("static argon2 parameters are valid") }
    }
}

impl Argon2Hasher {
    fn argon2(&self) -> Argon2<'static> {
        Argon2::new(Algorithm::Argon2id, Version::V0x13, self.params.clone())
    }
}

#[async_trait]
impl PasswordHasher for Argon2Hasher {
    async fn hash(&self, password: &Password) -> String {
        let argon2 = self.argon2();
        let password = password.expose().to_string();
        tokio::task::spawn_blocking(move || {
            let salt = SaltString::generate(&mut OsRng);
            argon2.hash_password(password.as_bytes(), &salt).expect("argon2 hashing with valid parameters").to_string()
        })
        .await
        .expect("the hashing task does not panic")
    }

    async fn verify(&self, candidate: &str, hash: &str) -> bool {
        let argon2 = self.argon2();
        let candidate = candidate.to_string();
        let hash = hash.to_string();
        tokio::task::spawn_blocking(move || {
            PasswordHash::new(&hash).is_ok_and(|parsed| argon2.verify_password(candidate.as_bytes(), &parsed).is_ok())
        })
        .await
        .unwrap_or(false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn verifies_the_right_password_only_and_never_stores_it() {
        let hasher = Argon2Hasher::default();
        let hash = hasher.hash(&Password::parse("abcd1234").unwrap()).await;
        assert!(hash.starts_with("$argon2id$") && !hash.contains("abcd1234"));
        assert!(hasher.verify("abcd1234", &hash).await);
        assert!(!hasher.verify("abcd12345", &hash).await);
        assert!(!hasher.verify("abcd1234", "not a hash").await);
    }
}
