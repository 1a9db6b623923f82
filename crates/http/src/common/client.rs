//! Who is calling, as far as the connection tells: the address per-address limits count.

use std::net::IpAddr;
use std::sync::Arc;

use poem::Request;

/// The load balancers in front of the servers (`TRUSTED_PROXIES`): only a request arriving
/// from one of them has its `X-Forwarded-For` believed, since anyone else could write any
/// address there and escape their limits.
#[derive(Debug, Clone, Default)]
pub struct TrustedProxies(pub Arc<Vec<IpAddr>>);

/// The caller's address: the direct peer, or behind a trusted proxy the address it forwarded.
pub fn client_ip(req: &Request) -> String {
    let peer = req.remote_addr().as_socket_addr().map(std::net::SocketAddr::ip);
    let forwarded = req.headers().get("x-forwarded-for").and_then(|v| v.to_str().ok());
    let trusted = req.data::<TrustedProxies>().map_or(&[][..], |t| t.0.as_slice());
    caller(peer, forwarded, trusted).map_or_else(|| "unknown".into(), |ip| ip.to_string())
}

/// Walks `X-Forwarded-For` from the right (each proxy appends the address it saw) past the
/// trusted proxies; the first other address is the caller. A malformed entry ends the walk
/// at the last address known to be real.
fn caller(peer: Option<IpAddr>, forwarded: Option<&str>, trusted: &[IpAddr]) -> Option<IpAddr> {
    let mut caller = peer?;
    if let Some(forwarded) = forwarded {
        for hop in forwarded.rsplit(',') {
            if !trusted.contains(&caller) {
                break;
            }
            match hop.trim().parse() {
                Ok(address) => caller = address,
                Err(_) => break,
            }
        }
    }
    Some(caller)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    #[test]
    fn a_forwarded_address_counts_only_behind_a_trusted_proxy() {
        let balancer = [ip("10.0.0.2")];
        let seen = |peer, forwarded| caller(Some(ip(peer)), forwarded, &balancer).unwrap().to_string();
        assert_eq!(seen("10.0.0.2", Some("203.0.113.7")), "203.0.113.7");
        assert_eq!(seen("10.0.0.2", None), "10.0.0.2", "nothing forwarded: the balancer itself");
        assert_eq!(seen("198.51.100.9", Some("203.0.113.7")), "198.51.100.9", "anyone else's header is ignored");
        // A client's own header comes first; the balancer appends what it saw.
        assert_eq!(seen("10.0.0.2", Some("1.2.3.4, 203.0.113.7")), "203.0.113.7");
        assert_eq!(seen("10.0.0.2", Some("garbage")), "10.0.0.2");
        assert_eq!(caller(None, Some("203.0.113.7"), &balancer), None);
    }

    #[test]
    fn proxies_in_a_chain_are_passed_when_each_is_trusted() {
        let proxies = [ip("10.0.0.2"), ip("10.0.0.3")];
        assert_eq!(caller(Some(ip("10.0.0.2")), Some("203.0.113.7, 10.0.0.3"), &proxies), Some(ip("203.0.113.7")));
    }
}
