//! The app's hashed files (`/assets/…`) go out compressed as the build wrote them: `x.js.br`
//! (brotli, quality 11) and `x.js.gz` (gzip, level 9) beside `x.js` (frontend/precompress/plugin.ts).
//!
//! Compressing per request is fast only at a low level: the compression layer's brotli sent the
//! app's start as 190 KB where the build's is 120 KB, and a phone downloads and parses the
//! difference before its first tap (issue 38, docs/adr/0076-public-pages-under-150-kib.md). The
//! files never change, so the best compression is paid once, at build time, as nginx's
//! `gzip_static` does. What a client accepts is read before the compression layer, which is then
//! left nothing to do for these paths.

use poem::Request;
use poem::http::{HeaderMap, header};

/// Where a request's path names one of the app's hashed files.
const ASSETS: &str = "/assets/";
/// The kinds of file the build writes compressed copies of (`TEXT` in the plugin). Other files
/// under `/assets/` (images, fonts) keep the compression layer's say.
const COMPRESSED_KINDS: [&str; 8] = ["js", "mjs", "css", "svg", "json", "webmanifest", "txt", "html"];

/// The codings the build writes, best first, each with the suffix of its file.
const CODINGS: [(Coding, &str); 2] = [(Coding::Brotli, ".br"), (Coding::Gzip, ".gz")];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Coding {
    Brotli,
    Gzip,
}

impl Coding {
    /// The `Content-Encoding` value.
    pub fn name(self) -> &'static str {
        match self {
            Self::Brotli => "br",
            Self::Gzip => "gzip",
        }
    }
}

/// How much a request for a hashed file wants each coding (its `Accept-Encoding`): the `q` of
/// each, 0 where it is refused or not named.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct AcceptedCodings {
    brotli: f32,
    gzip: f32,
}

/// Runs before the compression layer: a request for a hashed file keeps what it accepts in its
/// extensions, for the app's files to choose the build's variant, and loses its
/// `Accept-Encoding`, so that the layer does not compress an answer again.
///
/// # Errors
/// None; the signature is poem's.
pub async fn take_accepted_codings(mut req: Request) -> poem::Result<Request> {
    let path = req.uri().path();
    let kind = path.rsplit_once('.').map_or("", |(_, kind)| kind);
    if path.starts_with(ASSETS) && COMPRESSED_KINDS.contains(&kind) {
        let accepted = AcceptedCodings::of(req.headers());
        req.headers_mut().remove(header::ACCEPT_ENCODING);
        req.extensions_mut().insert(accepted);
    }
    Ok(req)
}

impl AcceptedCodings {
    /// Reads `Accept-Encoding`: each coding named with its `q` (1 when not given, 0 refuses it);
    /// `*` stands for the codings not named.
    pub fn of(headers: &HeaderMap) -> Self {
        let (mut brotli, mut gzip, mut any) = (None, None, None);
        let items =
            headers.get_all(header::ACCEPT_ENCODING).into_iter().filter_map(|value| value.to_str().ok()).flat_map(|value| value.split(','));
        for item in items {
            let mut parts = item.split(';');
            let coding = parts.next().unwrap_or_default().trim().to_ascii_lowercase();
            let quality = parts
                .find_map(|part| {
                    let (name, value) = part.split_once('=')?;
                    name.trim().eq_ignore_ascii_case("q").then(|| value.trim().parse::<f32>().ok())?
                })
                .unwrap_or(1.0);
            match coding.as_str() {
                "br" => brotli = Some(quality),
                "gzip" | "x-gzip" => gzip = Some(quality),
                "*" => any = Some(quality),
                _ => {}
            }
        }
        let any = any.unwrap_or(0.0);
        Self { brotli: brotli.unwrap_or(any), gzip: gzip.unwrap_or(any) }
    }

    /// The files the build may have written for `path` that this request accepts, the most
    /// wanted first (brotli when both are wanted alike: it is the smaller).
    pub fn variants(self, path: &str) -> impl Iterator<Item = (Coding, String)> + '_ {
        let quality = |coding: &Coding| match coding {
            Coding::Brotli => self.brotli,
            Coding::Gzip => self.gzip,
        };
        let mut wanted: Vec<(Coding, &str)> = CODINGS.into_iter().filter(|(coding, _)| quality(coding) > 0.0).collect();
        // A stable sort keeps CODINGS' order (brotli first) between equals.
        wanted.sort_by(|(a, _), (b, _)| quality(b).total_cmp(&quality(a)));
        wanted.into_iter().map(move |(coding, suffix)| (coding, format!("{path}{suffix}")))
    }
}

/// Whether `path` (without its leading `/`) is a compressed copy the build wrote, which is
/// served only as the encoding of its original, never as a file of its own.
pub fn is_variant(path: &str) -> bool {
    path.starts_with(&ASSETS[1..]) && CODINGS.iter().any(|(_, suffix)| path.ends_with(suffix))
}

#[cfg(test)]
mod tests {
    use poem::http::HeaderValue;

    use super::*;

    fn accepted(value: &str) -> AcceptedCodings {
        let mut headers = HeaderMap::new();
        headers.insert(header::ACCEPT_ENCODING, HeaderValue::from_str(value).unwrap());
        AcceptedCodings::of(&headers)
    }

    fn codings(value: &str) -> Vec<&'static str> {
        accepted(value).variants("assets/a.js").map(|(coding, _)| coding.name()).collect()
    }

    #[test]
    fn takes_the_best_coding_the_client_accepts() {
        assert_eq!(codings("gzip, deflate, br, zstd"), ["br", "gzip"], "Chrome's");
        assert_eq!(codings("gzip"), ["gzip"]);
        assert_eq!(codings("br;q=0, gzip;q=0.5"), ["gzip"]);
        assert_eq!(codings("*"), ["br", "gzip"]);
        assert_eq!(codings("*, br;q=0"), ["gzip"]);
        assert_eq!(codings("br;Q=0, gzip"), ["gzip"], "the parameter's name in any case");
        assert_eq!(codings("br;q=0.1, gzip;q=1"), ["gzip", "br"], "the most wanted first");
        assert_eq!(codings("identity"), Vec::<&str>::new());
        assert_eq!(AcceptedCodings::of(&HeaderMap::new()), AcceptedCodings::default(), "nothing said, nothing compressed");
        assert_eq!(accepted("br").variants("assets/a.js").next().map(|(_, path)| path), Some("assets/a.js.br".to_string()));
    }

    #[test]
    fn only_the_builds_copies_under_assets_are_variants() {
        assert!(is_variant("assets/index-abc.js.br") && is_variant("assets/index-abc.js.gz"));
        assert!(!is_variant("assets/index-abc.js") && !is_variant("media/avatars/a.gz"));
    }
}
