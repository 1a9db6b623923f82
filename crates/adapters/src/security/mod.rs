//! Password hashing, access tokens, opaque secrets and rate limits.

pub mod jwt;
pub mod limits_hit;
pub mod link_signer;
pub mod password;
pub mod rate_limiter;
pub mod secret_tokens;
