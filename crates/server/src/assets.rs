//! The browser front-end (`web/`), built by the build script and embedded
//! in the binary: the app's pages and its files under `/assets/`.

use axum::extract::Path;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};

use crate::error::ApiError;

include!(concat!(env!("OUT_DIR"), "/web_assets.rs"));

/// An embedded file by name.
pub fn file(name: &str) -> Option<(&'static str, &'static [u8])> {
    ASSETS
        .iter()
        .find(|(n, _, _)| *n == name)
        .map(|&(_, mime, bytes)| (mime, bytes))
}

/// A weak validator for a file's bytes (FNV-1a), for `ETag`.
fn etag(bytes: &[u8]) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
    }
    format!("\"{h:016x}\"")
}

fn respond(name: &str, headers: &HeaderMap) -> Response {
    let Some((mime, bytes)) = file(name) else {
        return ApiError::NotFound.into_response();
    };
    let tag = etag(bytes);
    if headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v == tag)
    {
        return StatusCode::NOT_MODIFIED.into_response();
    }
    let mut res = bytes.into_response();
    let h = res.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static(mime));
    // Revalidate every time: the files change with the binary.
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    if let Ok(v) = HeaderValue::from_str(&tag) {
        h.insert(header::ETAG, v);
    }
    res
}

/// `GET /assets/{file}`.
pub async fn asset(Path(name): Path<String>, headers: HeaderMap) -> Response {
    if name == "index.html" {
        return ApiError::NotFound.into_response();
    }
    respond(&name, &headers)
}

/// The app's page (`/`, `/game/{id}`, `/clock`, `/history`): the front-end
/// reads the address and draws the page.
pub async fn app(headers: HeaderMap) -> Response {
    respond("index.html", &headers)
}
