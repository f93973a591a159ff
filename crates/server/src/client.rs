//! Who a request comes from. Without a proxy it is the connection's peer.
//! Behind a reverse proxy every connection comes from the proxy, so a
//! proxy the server is told to trust (`--trusted-proxy`) is asked instead:
//! the client is the nearest address, in the one header that proxy sets
//! (`X-Forwarded-For`, as nginx and Caddy do, or RFC 7239's `Forwarded`:
//! `--proxy-header`), that is not itself a trusted proxy. Only that header
//! is read — a proxy passes the other on as the client wrote it — and
//! headers from any other peer are ignored (anyone can send them).
//!
//! Limits count per [`ClientKey`]: an IPv4 address, or an IPv6 address's
//! /64 (what one subscriber is usually given, and can change at will within
//! it).

use std::collections::HashMap;
use std::net::{IpAddr, Ipv6Addr};
use std::sync::{Arc, Mutex, PoisonError};

use axum::http::HeaderMap;
use ipnet::IpNet;

/// The client a request comes from, as the server sees it: set on every
/// request by the router's first layer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClientAddr(pub IpAddr);

/// The key a client's limits count under.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ClientKey(IpAddr);

impl ClientKey {
    /// The key of `addr`: itself for IPv4 (an IPv4-mapped IPv6 address
    /// counts as its IPv4 address), its /64 for IPv6.
    pub fn of(addr: IpAddr) -> ClientKey {
        match addr {
            IpAddr::V4(v4) => ClientKey(IpAddr::V4(v4)),
            IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
                Some(v4) => ClientKey(IpAddr::V4(v4)),
                None => {
                    let bits = u128::from(v6) & !((1u128 << 64) - 1);
                    ClientKey(IpAddr::V6(Ipv6Addr::from(bits)))
                }
            },
        }
    }
}

/// The header a trusted proxy names the client in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ProxyHeader {
    /// `X-Forwarded-For` (nginx's `$proxy_add_x_forwarded_for`, Caddy).
    #[default]
    XForwardedFor,
    /// `Forwarded` (RFC 7239).
    Forwarded,
}

/// The proxies whose forwarding header is believed, and that header.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TrustedProxies {
    nets: Vec<IpNet>,
    header: ProxyHeader,
}

/// A `--trusted-proxy` that is neither an address nor a network.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("not an IP address or network (such as 127.0.0.1, ::1 or 10.0.0.0/8): {0:?}")]
pub struct BadProxy(pub String);

impl TrustedProxies {
    /// None: every forwarding header is ignored.
    pub fn none() -> TrustedProxies {
        TrustedProxies::default()
    }

    /// The same proxies, naming the client in `header`.
    pub fn with_header(self, header: ProxyHeader) -> TrustedProxies {
        TrustedProxies { header, ..self }
    }

    /// Reads addresses (`127.0.0.1`, `::1`) and networks (`10.0.0.0/8`).
    ///
    /// # Errors
    /// [`BadProxy`] naming the first that is neither.
    pub fn parse<S: AsRef<str>>(list: &[S]) -> Result<TrustedProxies, BadProxy> {
        list.iter()
            .map(|s| {
                let s = s.as_ref().trim();
                s.parse::<IpNet>()
                    .or_else(|_| s.parse::<IpAddr>().map(IpNet::from))
                    .map_err(|_| BadProxy(s.to_string()))
            })
            .collect::<Result<Vec<_>, _>>()
            .map(|nets| TrustedProxies {
                nets,
                header: ProxyHeader::default(),
            })
    }

    /// Whether `addr` is a trusted proxy.
    pub fn contains(&self, addr: IpAddr) -> bool {
        let addr = match addr {
            IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(addr, IpAddr::V4),
            v4 => v4,
        };
        self.nets.iter().any(|net| net.contains(&addr))
    }

    /// The client of a request that came from `peer` with `headers`.
    pub fn client(&self, peer: IpAddr, headers: &HeaderMap) -> IpAddr {
        if !self.contains(peer) {
            return peer;
        }
        let chain = match self.header {
            ProxyHeader::XForwardedFor => x_forwarded_for(headers),
            ProxyHeader::Forwarded => forwarded_for(headers),
        };
        let Some(chain) = chain else {
            return peer;
        };
        // From the nearest hop back: the first that is not a trusted proxy
        // is the client. A hop that names no address (`unknown`, an
        // obfuscated name) ends the walk at the last hop known.
        let mut client = peer;
        for hop in chain.iter().rev() {
            match hop {
                Some(addr) if self.contains(*addr) => client = *addr,
                Some(addr) => return *addr,
                None => return client,
            }
        }
        client
    }
}

/// The `for=` addresses of the `Forwarded` headers, first hop first
/// (`None` for one that is not an address); `None` without the header.
fn forwarded_for(headers: &HeaderMap) -> Option<Vec<Option<IpAddr>>> {
    let mut hops = Vec::new();
    let mut any = false;
    for value in headers.get_all(axum::http::header::FORWARDED) {
        any = true;
        let Ok(text) = value.to_str() else {
            hops.push(None);
            continue;
        };
        for element in text.split(',') {
            let found = element.split(';').find_map(|pair| {
                let (name, value) = pair.split_once('=')?;
                name.trim()
                    .eq_ignore_ascii_case("for")
                    .then(|| value.trim())
            });
            if let Some(value) = found {
                hops.push(node_addr(value.trim_matches('"')));
            }
        }
    }
    any.then_some(hops)
}

/// An RFC 7239 node: `192.0.2.43`, `192.0.2.43:47011`, `[2001:db8::1]`,
/// `[2001:db8::1]:4711`; `None` for `unknown` and obfuscated names.
fn node_addr(node: &str) -> Option<IpAddr> {
    if let Some(rest) = node.strip_prefix('[') {
        let (addr, _) = rest.split_once(']')?;
        return addr.parse().ok();
    }
    let host = node.split_once(':').map_or(node, |(h, _)| h);
    host.parse().ok()
}

/// The addresses of the `X-Forwarded-For` headers, first hop first.
fn x_forwarded_for(headers: &HeaderMap) -> Option<Vec<Option<IpAddr>>> {
    let mut hops = Vec::new();
    let mut any = false;
    for value in headers.get_all("x-forwarded-for") {
        any = true;
        let Ok(text) = value.to_str() else {
            hops.push(None);
            continue;
        };
        hops.extend(text.split(',').map(|a| {
            let a = a.trim();
            a.parse::<IpAddr>().ok().or_else(|| node_addr(a))
        }));
    }
    any.then_some(hops)
}

/// The streams and sockets each client has open, capped.
pub struct Watchers {
    open: Arc<Mutex<HashMap<ClientKey, usize>>>,
    max: usize,
}

/// One open stream or socket; its place is given back when it is dropped.
pub struct Watching {
    key: ClientKey,
    open: Arc<Mutex<HashMap<ClientKey, usize>>>,
}

impl Drop for Watching {
    fn drop(&mut self) {
        let mut open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(n) = open.get_mut(&self.key) {
            *n -= 1;
            if *n == 0 {
                open.remove(&self.key);
            }
        }
    }
}

impl Watchers {
    /// At most `max` open at once per client.
    pub fn new(max: usize) -> Watchers {
        Watchers {
            open: Arc::new(Mutex::new(HashMap::new())),
            max,
        }
    }

    /// A place for one more stream or socket of `client`, if it has fewer
    /// than the most open.
    pub fn open(&self, client: IpAddr) -> Option<Watching> {
        let key = ClientKey::of(client);
        let mut open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        let n = open.entry(key).or_insert(0);
        if *n >= self.max {
            return None;
        }
        *n += 1;
        Some(Watching {
            key,
            open: Arc::clone(&self.open),
        })
    }

    /// How many `client` has open.
    pub fn count(&self, client: IpAddr) -> usize {
        let open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        open.get(&ClientKey::of(client)).copied().unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(s: &str) -> IpAddr {
        match s.parse() {
            Ok(a) => a,
            Err(e) => panic!("{s}: {e}"),
        }
    }

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (name, value) in pairs {
            h.append(*name, axum::http::HeaderValue::from_static(value));
        }
        h
    }

    #[test]
    fn ipv6_clients_count_per_64_and_mapped_ipv4_as_ipv4() {
        assert_eq!(
            ClientKey::of(ip("2001:db8:1:2:aaaa::1")),
            ClientKey::of(ip("2001:db8:1:2:ffff:1:2:3"))
        );
        assert_ne!(
            ClientKey::of(ip("2001:db8:1:2::1")),
            ClientKey::of(ip("2001:db8:1:3::1"))
        );
        assert_eq!(
            ClientKey::of(ip("::ffff:192.0.2.7")),
            ClientKey::of(ip("192.0.2.7"))
        );
        assert_ne!(
            ClientKey::of(ip("192.0.2.7")),
            ClientKey::of(ip("192.0.2.8"))
        );
    }

    #[test]
    fn forwarding_headers_count_only_from_a_trusted_proxy() {
        let trusted = match TrustedProxies::parse(&["127.0.0.1", "10.0.0.0/8"]) {
            Ok(t) => t,
            Err(e) => panic!("{e}"),
        };
        let xff = headers(&[("x-forwarded-for", "203.0.113.9, 10.1.2.3")]);
        // From the proxy: the nearest untrusted hop.
        assert_eq!(trusted.client(ip("127.0.0.1"), &xff), ip("203.0.113.9"));
        // From anyone else: the header is ignored.
        assert_eq!(trusted.client(ip("198.51.100.1"), &xff), ip("198.51.100.1"));
        assert_eq!(
            TrustedProxies::none().client(ip("127.0.0.1"), &xff),
            ip("127.0.0.1")
        );
        // A client cannot hide behind an address it writes itself: the
        // proxy appends the real one, which is the nearest untrusted hop.
        let spoofed = headers(&[("x-forwarded-for", "1.2.3.4, 203.0.113.9")]);
        assert_eq!(trusted.client(ip("127.0.0.1"), &spoofed), ip("203.0.113.9"));
        // Only the header the proxy sets is read: a `Forwarded` the client
        // wrote itself (nginx passes it on) names nobody.
        let fwd = headers(&[
            (
                "forwarded",
                r#"for="[2001:db8::7]:4711";proto=https, for=10.0.0.2"#,
            ),
            ("x-forwarded-for", "203.0.113.9"),
        ]);
        assert_eq!(trusted.client(ip("127.0.0.1"), &fwd), ip("203.0.113.9"));
        let only_forwarded = headers(&[("forwarded", "for=198.51.100.9")]);
        assert_eq!(
            trusted.client(ip("127.0.0.1"), &only_forwarded),
            ip("127.0.0.1")
        );
        // A proxy that sets `Forwarded` (RFC 7239): ports and brackets.
        let rfc = trusted.clone().with_header(ProxyHeader::Forwarded);
        assert_eq!(rfc.client(ip("127.0.0.1"), &fwd), ip("2001:db8::7"));
        let unknown = headers(&[("forwarded", "for=unknown, for=10.0.0.2")]);
        assert_eq!(rfc.client(ip("127.0.0.1"), &unknown), ip("10.0.0.2"));
        // No header: the proxy itself.
        assert_eq!(
            trusted.client(ip("::ffff:127.0.0.1"), &HeaderMap::new()),
            ip("::ffff:127.0.0.1")
        );
        assert_eq!(
            TrustedProxies::parse(&["10.0.0.0/33"]),
            Err(BadProxy("10.0.0.0/33".to_string()))
        );
    }

    #[test]
    fn each_client_has_at_most_so_many_watchers() {
        let w = Watchers::new(2);
        let a = w.open(ip("2001:db8::1"));
        let b = w.open(ip("2001:db8::2"));
        assert!(a.is_some() && b.is_some());
        // The same /64: refused; another client: still welcome.
        assert!(w.open(ip("2001:db8::3")).is_none());
        assert!(w.open(ip("2001:db9::1")).is_some());
        drop(a);
        assert_eq!(w.count(ip("2001:db8::9")), 1);
        assert!(w.open(ip("2001:db8::3")).is_some());
    }
}
