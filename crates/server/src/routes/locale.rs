//! The language of an answer's words: `?lang=` (`en`, `hu`) or else the
//! request's `Accept-Language`, English by default. An error's body carries
//! its stable code and parameters, its `message` in that language, and
//! `message_hu` as before (for clients written when `message` was always
//! English).

use axum::body::Body;
use axum::extract::Request;
use axum::http::{header, HeaderMap};
use axum::middleware::Next;
use axum::response::Response;
use sakk_i18n::Locale;

use crate::error::ErrorWords;

/// The language a request asks for its words in.
pub fn request_locale(query: Option<&str>, headers: &HeaderMap) -> Locale {
    let asked = query
        .unwrap_or("")
        .split('&')
        .find_map(|pair| pair.strip_prefix("lang="))
        .and_then(Locale::parse);
    asked
        .or_else(|| {
            headers
                .get(header::ACCEPT_LANGUAGE)
                .and_then(|v| v.to_str().ok())
                .and_then(Locale::negotiate)
        })
        .unwrap_or(Locale::English)
}

/// Gives an error answer's `message` in the language the request asks for.
pub(crate) async fn localize(req: Request, next: Next) -> Response {
    let locale = request_locale(req.uri().query(), req.headers());
    let mut res = next.run(req).await;
    if let Some(words) = res.extensions_mut().remove::<ErrorWords>() {
        if locale != Locale::English {
            if let Ok(json) = serde_json::to_vec(&words.body_in(locale)) {
                res.headers_mut().remove(header::CONTENT_LENGTH);
                *res.body_mut() = Body::from(json);
            }
        }
    }
    res
}

#[cfg(test)]
mod tests {
    use super::*;

    fn locale(query: Option<&str>, accept: Option<&str>) -> Locale {
        let mut headers = HeaderMap::new();
        if let Some(a) = accept.and_then(|a| a.parse().ok()) {
            headers.insert(header::ACCEPT_LANGUAGE, a);
        }
        request_locale(query, &headers)
    }

    #[test]
    fn the_query_goes_before_the_header_and_english_is_the_default() {
        assert_eq!(locale(None, None), Locale::English);
        assert_eq!(locale(None, Some("hu-HU,hu;q=0.9")), Locale::Hungarian);
        assert_eq!(locale(Some("lang=en"), Some("hu")), Locale::English);
        assert_eq!(
            locale(Some("offeringDraw=true&lang=hu"), None),
            Locale::Hungarian
        );
        // Piece letters that are no language of ours: the header decides.
        assert_eq!(locale(Some("lang=de"), Some("hu")), Locale::Hungarian);
        assert_eq!(locale(Some("lang=fig"), None), Locale::English);
        assert_eq!(locale(None, Some("de-DE, fr;q=0.8")), Locale::English);
    }
}
