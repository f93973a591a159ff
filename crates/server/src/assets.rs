//! The browser front-end (`web/`), built by the build script and embedded
//! in the binary (rust-embed): the app's pages and its files under
//! `/assets/`, each with its content type and an `ETag` from its SHA-256.
//! A server built without Node.js has no front-end: its pages then say so
//! (the API works all the same).

use axum::extract::Path;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};

use crate::error::ApiError;

/// The built front-end.
#[derive(rust_embed::Embed)]
#[folder = "$OUT_DIR/web/"]
struct Web;

fn respond(name: &str, headers: &HeaderMap) -> Response {
    let Some(f) = Web::get(name) else {
        return ApiError::NotFound.into_response();
    };
    let hash = f.metadata.sha256_hash();
    let mut tag = String::with_capacity(2 + 2 * hash.len());
    tag.push('"');
    for b in hash.iter().take(16) {
        tag.push_str(&format!("{b:02x}"));
    }
    tag.push('"');
    if headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v == tag)
    {
        return StatusCode::NOT_MODIFIED.into_response();
    }
    let mut mime = f.metadata.mimetype().to_string();
    if mime.starts_with("text/") {
        mime.push_str("; charset=utf-8");
    }
    let mut res = f.data.into_response();
    let h = res.headers_mut();
    if let Ok(v) = HeaderValue::from_str(&mime) {
        h.insert(header::CONTENT_TYPE, v);
    }
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

/// `GET /sw.js`: the service worker (built from `web/sw`), served from the
/// root so that its scope is the whole app.
pub async fn service_worker(headers: HeaderMap) -> Response {
    respond("sw.js", &headers)
}

/// The app's page (`/`, `/game/{id}`, `/clock`, `/history`): the front-end
/// reads the address and draws the page.
pub async fn app(headers: HeaderMap) -> Response {
    if !has_front_end() {
        return without_front_end();
    }
    respond("index.html", &headers)
}

/// Whether the front-end was built into this binary.
pub fn has_front_end() -> bool {
    Web::get("index.html").is_some()
}

/// The page of a server built without its front-end (503: the UI is not
/// there; the API is).
fn without_front_end() -> Response {
    use sakk_i18n::Locale;
    let say = |locale| sakk_i18n::tr(locale, "page-no-front-end", &[]);
    let page = format!(
        "<!doctype html><html><head><meta charset=\"utf-8\"><title>sakk</title></head>\
         <body><h1>sakk</h1><p lang=\"en\">{}</p><p lang=\"hu\">{}</p></body></html>",
        say(Locale::English),
        say(Locale::Hungarian)
    );
    let mut res = (StatusCode::SERVICE_UNAVAILABLE, page).into_response();
    res.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/html; charset=utf-8"),
    );
    res
}
