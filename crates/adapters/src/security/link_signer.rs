//! Signed unsubscribe links: HMAC-SHA256 over the saved search's number, cut to 64 bits (short
//! enough for an SMS, far beyond guessing), under a key derived from the site's secret (so every
//! server of one site agrees) and used for nothing else.

use hmac::{Hmac, Mac};
use sha2::Sha256;
use tutorhub_domain::alerts::ports::LinkSigner;

/// Bytes of the MAC kept in the link.
const KEPT: usize = 8;

pub struct HmacLinkSigner {
    key: Vec<u8>,
}

impl HmacLinkSigner {
    pub fn new(secret: &[u8]) -> Self {
        let mut derive = Hmac::<Sha256>::new_from_slice(secret).expect("HMAC takes a key of any length");
        derive.update(b"tutorhub unsubscribe links");
        Self { key: derive.finalize().into_bytes().to_vec() }
    }

    fn mac(&self, search: i64) -> Hmac<Sha256> {
        let mut mac = Hmac::<Sha256>::new_from_slice(&self.key).expect("HMAC takes a key of any length");
        mac.update(format!("unsubscribe:{search}").as_bytes());
        mac
    }
}

impl LinkSigner for HmacLinkSigner {
    fn unsubscribe_token(&self, search: i64) -> String {
        let tag = self.mac(search).finalize().into_bytes();
        format!("{search}-{}", hex::encode(&tag[..KEPT]))
    }

    fn verify_unsubscribe(&self, token: &str) -> Option<i64> {
        let (number, tag) = token.split_once('-')?;
        let search: i64 = number.parse().ok()?;
        let tag = hex::decode(tag).ok().filter(|t| t.len() == KEPT)?;
        // Constant time: the comparison says nothing about how much of a forged tag was right.
        self.mac(search).verify_truncated_left(&tag).ok()?;
        Some(search)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_names_its_search_and_cannot_be_made_for_another() {
        let signer = HmacLinkSigner::new(b"a secret of the site, thirty-two bytes");
        let token = signer.unsubscribe_token(123);
        assert!(token.starts_with("123-") && token.len() == 4 + 16, "{token}");
        assert_eq!(signer.verify_unsubscribe(&token), Some(123));
        let forged = token.replacen("123-", "124-", 1);
        assert_eq!(signer.verify_unsubscribe(&forged), None);
        assert_eq!(HmacLinkSigner::new(b"another site's secret").verify_unsubscribe(&token), None);
        for bad in ["", "123", "123-", "x-00", "123-zz", "123-0011"] {
            assert_eq!(signer.verify_unsubscribe(bad), None, "{bad}");
        }
    }
}
