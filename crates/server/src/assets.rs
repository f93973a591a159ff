//! The browser front-end (`web/`), built by the build script and embedded
//! in the binary (rust-embed): the app's pages and its files under
//! `/assets/`, each with its content type and an `ETag` from its SHA-256.
//! A server built without Node.js has no front-end: its pages then say so
//! (the API works all the same).

use axum::extract::Path;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode, Uri};
use axum::response::{IntoResponse, Response};

use serde::Serialize;

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

/// `GET /manifest.webmanifest`: the web app manifest (W3C), in the language
/// the request asks for (`?lang=`, else `Accept-Language`), so that the
/// installed app's description and shortcuts speak the player's language.
pub async fn manifest(uri: Uri, headers: HeaderMap) -> Response {
    if !has_front_end() {
        return ApiError::NotFound.into_response();
    }
    let locale = crate::routes::locale::request_locale(uri.query(), &headers);
    let body = match serde_json::to_vec(&AppManifest::new(locale)) {
        Ok(b) => b,
        Err(_) => return StatusCode::INTERNAL_SERVER_ERROR.into_response(),
    };
    let mut res = body.into_response();
    let h = res.headers_mut();
    h.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/manifest+json"),
    );
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    res
}

/// A web app manifest: what a browser needs to install the app.
#[derive(Debug, Serialize)]
struct AppManifest {
    name: &'static str,
    short_name: &'static str,
    description: String,
    lang: &'static str,
    id: &'static str,
    start_url: &'static str,
    scope: &'static str,
    display: &'static str,
    background_color: &'static str,
    theme_color: &'static str,
    icons: Vec<ManifestIcon>,
    shortcuts: Vec<Shortcut>,
}

/// An icon of the app (the board of the favicon, which scales to any size).
#[derive(Debug, Serialize)]
struct ManifestIcon {
    src: &'static str,
    sizes: &'static str,
    #[serde(rename = "type")]
    mime: &'static str,
    purpose: &'static str,
}

/// A page the installed app's icon offers directly.
#[derive(Debug, Serialize)]
struct Shortcut {
    name: String,
    url: &'static str,
    icons: Vec<ManifestIcon>,
}

impl AppManifest {
    fn new(locale: sakk_i18n::Locale) -> Self {
        let say = |key| sakk_i18n::tr(locale, key, &[]);
        let icons = || {
            vec![ManifestIcon {
                src: "/assets/favicon.svg",
                sizes: "any",
                mime: "image/svg+xml",
                purpose: "any",
            }]
        };
        AppManifest {
            name: "sakk",
            short_name: "sakk",
            description: say("app-description"),
            lang: locale.tag(),
            id: "/",
            start_url: "/",
            scope: "/",
            display: "standalone",
            background_color: "#f0d9b5",
            theme_color: "#b58863",
            icons: icons(),
            shortcuts: vec![
                Shortcut {
                    name: say("web-nav-clock"),
                    url: "/clock",
                    icons: icons(),
                },
                Shortcut {
                    name: say("web-nav-learn"),
                    url: "/learn",
                    icons: icons(),
                },
            ],
        }
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use sakk_i18n::Locale;

    #[test]
    fn the_manifest_speaks_the_asked_language() {
        for locale in Locale::ALL {
            let m = serde_json::to_value(AppManifest::new(locale)).unwrap_or_default();
            assert_eq!(m["lang"], locale.tag());
            assert_eq!(m["start_url"], "/");
            assert_eq!(m["display"], "standalone");
            assert_eq!(
                m["description"],
                sakk_i18n::tr(locale, "app-description", &[])
            );
            let urls: Vec<_> = m["shortcuts"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|s| s["url"].clone())
                .collect();
            assert_eq!(urls, ["/clock", "/learn"]);
            assert_eq!(
                m["shortcuts"][0]["name"],
                sakk_i18n::tr(locale, "web-nav-clock", &[])
            );
        }
        let en = serde_json::to_value(AppManifest::new(Locale::English)).unwrap_or_default();
        let hu = serde_json::to_value(AppManifest::new(Locale::Hungarian)).unwrap_or_default();
        assert_ne!(en["description"], hu["description"]);
    }
}
