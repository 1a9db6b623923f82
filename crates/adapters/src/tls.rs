//! One TLS crypto provider for the process: ring.
//!
//! reqwest (the SMS gateway, the S3 client) and lettre use rustls. We build them without
//! aws-lc (its C build is the slowest part of a cold build on 2 cores) and install ring's
//! provider as the process default, which they all pick up. Certificates are checked against the system's roots
//! (rustls-platform-verifier), as any TLS client on the machine would.

/// Installs ring as the default provider; a no-op when one is installed already.
pub fn install_crypto_provider() {
    // Err only means "already installed" (by us earlier or by another component): fine.
    let _ = rustls::crypto::ring::default_provider().install_default();
}
