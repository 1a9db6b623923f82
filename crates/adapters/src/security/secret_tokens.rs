//! Opaque secrets from the operating system's random source, remembered by SHA-256.
//!
//! SHA-256 (not argon2) is enough here: the secrets carry 256 bits of entropy, so there is
//! nothing to brute-force, and lookups by digest must be fast and deterministic.

use rand::TryRngCore;
use sha2::{Digest, Sha256};
use tutorhub_domain::accounts::ports::SecretTokens;

#[derive(Debug, Default, Clone, Copy)]
pub struct RandomSecretTokens;

impl SecretTokens for RandomSecretTokens {
    fn generate(&self) -> String {
        let mut bytes = [0u8; 32];
        rand::rngs::OsRng.try_fill_bytes(&mut bytes).expect("the operating system's random source works");
        hex::encode(bytes)
    }

    fn digest(&self, secret: &str) -> String {
        hex::encode(Sha256::digest(secret.as_bytes()))
    }

    fn sms_code(&self) -> String {
        let mut bytes = [0u8; 4];
        rand::rngs::OsRng.try_fill_bytes(&mut bytes).expect("the operating system's random source works");
        // 2^32 is not a multiple of 10^6; the bias (about 0.02 %) does not help a guesser.
        format!("{:06}", u32::from_le_bytes(bytes) % 1_000_000)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secrets_are_256_bit_and_distinct_and_the_digest_is_stable() {
        let tokens = RandomSecretTokens;
        let (a, b) = (tokens.generate(), tokens.generate());
        assert_eq!(a.len(), 64);
        assert_ne!(a, b);
        assert_eq!(tokens.digest(&a), tokens.digest(&a));
        assert_ne!(tokens.digest(&a), a);
        assert_eq!(tokens.digest("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    }
}
