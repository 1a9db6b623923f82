//! Who is calling, as far as the connection tells: the address per-address limits count.

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

use poem::Request;

/// The load balancers in front of the servers (`TRUSTED_PROXIES`): only a request arriving
/// from one of them has its `X-Forwarded-For` believed, since anyone else could write any
/// address there and escape their limits.
#[derive(Debug, Clone, Default)]
pub struct TrustedProxies(pub Arc<Vec<IpAddr>>);

/// The caller's address: the direct peer, or behind a trusted proxy the address it forwarded.
pub fn client_ip(req: &Request) -> String {
    let peer = req.remote_addr().as_socket_addr().map(SocketAddr::ip);
    // Every header line, in order: some balancers add a line of their own rather than append
    // to the one the client sent, and the last word must be theirs.
    let lines: Vec<&str> = req.headers().get_all("x-forwarded-for").iter().filter_map(|v| v.to_str().ok()).collect();
    let forwarded = (!lines.is_empty()).then(|| lines.join(","));
    let trusted = req.data::<TrustedProxies>().map_or(&[][..], |t| t.0.as_slice());
    caller(peer, forwarded.as_deref(), trusted).map_or_else(|| "unknown".into(), |ip| ip.to_string())
}

/// One hop as balancers write it: `203.0.113.7`, `203.0.113.7:5678`, `2001:db8::1` or
/// `[2001:db8::1]:443`; an IPv4 address in IPv6 form (`::ffff:10.0.0.2`) as IPv4.
fn address(hop: &str) -> Option<IpAddr> {
    let hop = hop.trim();
    let ip = hop.parse::<IpAddr>().ok().or_else(|| hop.parse::<SocketAddr>().ok().map(|a| a.ip()))?;
    Some(ip.to_canonical())
}

/// Walks `X-Forwarded-For` from the right (each proxy appends the address it saw) past the
/// trusted proxies; the first other address is the caller. A malformed entry ends the walk
/// at the last address known to be real.
fn caller(peer: Option<IpAddr>, forwarded: Option<&str>, trusted: &[IpAddr]) -> Option<IpAddr> {
    let mut caller = peer?.to_canonical();
    if let Some(forwarded) = forwarded {
        for hop in forwarded.rsplit(',').filter(|hop| !hop.trim().is_empty()) {
            if !trusted.contains(&caller) {
                break;
            }
            match address(hop) {
                Some(address) => caller = address,
                None => break,
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
    fn hops_are_read_as_balancers_write_them() {
        let balancer = [ip("10.0.0.2")];
        let seen = |peer, forwarded| caller(Some(ip(peer)), Some(forwarded), &balancer).unwrap().to_string();
        assert_eq!(seen("10.0.0.2", "203.0.113.7:5678"), "203.0.113.7");
        assert_eq!(seen("10.0.0.2", "[2001:db8::1]:443"), "2001:db8::1");
        assert_eq!(seen("10.0.0.2", "203.0.113.7, "), "203.0.113.7", "an empty hop is skipped");
        assert_eq!(seen("::ffff:10.0.0.2", "203.0.113.7"), "203.0.113.7", "a mapped IPv4 peer is the balancer");
    }

    #[test]
    fn proxies_in_a_chain_are_passed_when_each_is_trusted() {
        let proxies = [ip("10.0.0.2"), ip("10.0.0.3")];
        assert_eq!(caller(Some(ip("10.0.0.2")), Some("203.0.113.7, 10.0.0.3"), &proxies), Some(ip("203.0.113.7")));
    }
}
