//! Who is calling, as far as the connection tells.

use poem::Request;

/// The caller's address, for per-address limits (the direct peer: put a trusted proxy's
/// forwarding in front of this if one is added).
pub fn client_ip(req: &Request) -> String {
    req.remote_addr().as_socket_addr().map_or_else(|| "unknown".into(), |a| a.ip().to_string())
}
