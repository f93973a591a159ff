//! `GET /manifest.webmanifest`: the web app manifest (W3C Web Application
//! Manifest) that makes the site installable, in the language the request
//! asks for, so that the installed app's description and shortcuts speak
//! the player's language.

use axum::http::{header, HeaderMap, HeaderValue, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use serde::Serialize;

use crate::assets::has_front_end;
use crate::error::ApiError;

/// `GET /manifest.webmanifest`: the web app manifest (W3C), in the language
/// the request asks for (`?lang=`, else `Accept-Language`), so that the
/// installed app's description and shortcuts speak the player's language.
pub(crate) async fn manifest(uri: Uri, headers: HeaderMap) -> Response {
    if !has_front_end() {
        return ApiError::NotFound.into_response();
    }
    let locale = super::locale::request_locale(uri.query(), &headers);
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
