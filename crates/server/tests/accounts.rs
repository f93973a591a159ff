//! Accounts as a browser and a script use them, on a real server: sign up,
//! the session cookie, log out and in, a cross-site change refused, a
//! login flood met with 429, personal tokens with scopes (lichess's
//! `/api/account`, `/api/token/test`, `DELETE /api/token`), a password
//! change that ends the other sessions, a closed account that cannot log
//! in — and no password, session or token in clear in the database.

mod common;

use std::num::NonZeroU32;

use common::{send, start_server_on, Full};
use serde_json::json;

const JSON: (&str, &str) = ("content-type", "application/json");

/// The session cookie a response sets (`name=value`), or "".
fn cookie_of(r: &Full) -> String {
    r.header("set-cookie")
        .lines()
        .find(|c| c.starts_with("sakk_session="))
        .and_then(|c| c.split(';').next())
        .unwrap_or("")
        .to_string()
}

fn credentials(name: &str, password: &str) -> String {
    json!({"username": name, "password": password}).to_string()
}

fn sign_up(addr: std::net::SocketAddr, name: &str, password: &str) -> Full {
    send(
        addr,
        "POST",
        "/api/account/signup",
        &[JSON],
        Some(&credentials(name, password)),
    )
}

fn log_in(addr: std::net::SocketAddr, name: &str, password: &str) -> Full {
    send(
        addr,
        "POST",
        "/api/account/login",
        &[JSON],
        Some(&credentials(name, password)),
    )
}

/// `POST /api/account/tokens` with `body`, as `who` (a cookie, a token,
/// an origin).
fn make_token(addr: std::net::SocketAddr, who: &[(&str, &str)], body: serde_json::Value) -> Full {
    let mut headers = vec![JSON];
    headers.extend_from_slice(who);
    send(
        addr,
        "POST",
        "/api/account/tokens",
        &headers,
        Some(&body.to_string()),
    )
}

/// `GET /api/account` as `who`.
fn account(addr: std::net::SocketAddr, who: (&str, &str)) -> Full {
    send(addr, "GET", "/api/account", &[who], None)
}

fn error(r: &Full) -> String {
    r.json()["error"].as_str().unwrap_or("").to_string()
}

fn server() -> (std::net::SocketAddr, String) {
    let url = common::database::fresh();
    (
        start_server_on(url.clone(), sakk_server::Rates::unlimited()),
        url,
    )
}

#[test]
fn sign_up_log_out_and_in_with_the_session_cookie() {
    let (addr, _) = server();
    let r = sign_up(addr, "KovacsAnna", "correct horse battery");
    assert_eq!(r.status, 201, "{}", r.body);
    assert_eq!(r.json()["id"], "kovacsanna");
    assert_eq!(r.json()["username"], "KovacsAnna");
    let set = r.header("set-cookie").to_string();
    for part in ["HttpOnly", "SameSite=Lax", "Path=/"] {
        assert!(set.contains(part), "{set}");
    }
    let cookie = cookie_of(&r);
    assert!(cookie.len() > "sakk_session=".len() + 20, "{set}");

    let me = account(addr, ("cookie", &cookie));
    assert_eq!(me.status, 200, "{}", me.body);
    assert_eq!(me.json()["username"], "KovacsAnna");
    assert!(me.json()["createdAt"].as_i64().is_some_and(|t| t > 0));

    // The name is taken in any case; the rules are lichess's.
    let again = sign_up(addr, "kovacsanna", "another password");
    assert_eq!(
        (again.status, error(&again).as_str()),
        (409, "username_taken")
    );
    for (name, code) in [
        ("admin", "username_reserved"),
        ("a", "username_length"),
        ("9lives", "username_prefix"),
        ("anna__b", "username_chars"),
    ] {
        let r = sign_up(addr, name, "long enough password");
        assert_eq!((r.status, error(&r).as_str()), (400, code), "{name}");
    }
    let short = sign_up(addr, "NagyBela", "short");
    assert_eq!(error(&short), "password_too_short");

    // Logged out: the cookie goes and the session with it.
    let out = send(
        addr,
        "POST",
        "/api/account/logout",
        &[("cookie", &cookie)],
        None,
    );
    assert_eq!(out.status, 204);
    assert!(out.header("set-cookie").contains("Max-Age=0"));
    let gone = account(addr, ("cookie", &cookie));
    assert_eq!((gone.status, error(&gone).as_str()), (401, "not_logged_in"));

    let wrong = log_in(addr, "kovacsanna", "correct horse batterY");
    assert_eq!(
        (wrong.status, error(&wrong).as_str()),
        (401, "bad_credentials")
    );
    let nobody = log_in(addr, "nobody", "correct horse battery");
    assert_eq!(
        (nobody.status, error(&nobody).as_str()),
        (401, "bad_credentials")
    );
    // The name in any case.
    let back = log_in(addr, "KOVACSANNA", "correct horse battery");
    assert_eq!(back.status, 200, "{}", back.body);
    let cookie = cookie_of(&back);
    let me = account(addr, ("cookie", &cookie));
    assert_eq!(me.json()["id"], "kovacsanna");
    // The refusals speak the client's language.
    let hu = send(
        addr,
        "POST",
        "/api/account/login",
        &[JSON, ("accept-language", "hu")],
        Some(&credentials("kovacsanna", "rossz jelszó")),
    );
    assert_eq!(hu.json()["message"], "Hibás felhasználónév vagy jelszó.");
    // Forms as lichess's pages send them.
    let form = send(
        addr,
        "POST",
        "/api/account/login",
        &[("content-type", "application/x-www-form-urlencoded")],
        Some("username=kovacsanna&password=correct+horse+battery"),
    );
    assert_eq!(form.status, 200, "{}", form.body);
}

#[test]
fn a_cross_site_change_with_a_valid_cookie_is_refused() {
    let (addr, _) = server();
    let cookie = cookie_of(&sign_up(addr, "anna", "correct horse battery"));
    let body = json!({"description": "bot", "scopes": ["bot:play"]});
    let evil = make_token(
        addr,
        &[("cookie", &cookie), ("origin", "https://evil.example")],
        body.clone(),
    );
    assert_eq!((evil.status, error(&evil).as_str()), (403, "cross_site"));
    let fetch = make_token(
        addr,
        &[("cookie", &cookie), ("sec-fetch-site", "cross-site")],
        body.clone(),
    );
    assert_eq!(error(&fetch), "cross_site");
    // Nothing was made; reading is not a change.
    let list = send(
        addr,
        "GET",
        "/api/account/tokens",
        &[("cookie", &cookie), ("origin", "https://evil.example")],
        None,
    );
    assert_eq!(list.json(), json!([]));
    // A login forged from elsewhere is refused too.
    let forged = send(
        addr,
        "POST",
        "/api/account/login",
        &[JSON, ("origin", "https://evil.example")],
        Some(&credentials("anna", "correct horse battery")),
    );
    assert_eq!(error(&forged), "cross_site");
    // The same from this site goes through.
    let own = format!("http://{addr}");
    let ok = make_token(addr, &[("cookie", &cookie), ("origin", &own)], body.clone());
    assert_eq!(ok.status, 201, "{}", ok.body);
}

#[test]
fn a_login_flood_meets_429_with_retry_after() {
    let url = common::database::fresh();
    let rates = sakk_server::Rates {
        logins_per_account: NonZeroU32::new(5),
        ..sakk_server::Rates::unlimited()
    };
    let addr = start_server_on(url, rates);
    assert_eq!(sign_up(addr, "anna", "correct horse battery").status, 201);
    let mut statuses = Vec::new();
    let mut retry = String::new();
    for i in 0..8 {
        let r = log_in(addr, "anna", &format!("guess number {i}"));
        if r.status == 429 {
            retry = r.header("retry-after").to_string();
        }
        statuses.push(r.status);
    }
    assert_eq!(statuses, [401, 401, 401, 401, 401, 429, 429, 429]);
    assert!(
        retry.parse::<u64>().is_ok_and(|s| (1..=61).contains(&s)),
        "{retry}"
    );
    // The right password waits its turn too: the account is throttled,
    // not the guess.
    assert_eq!(log_in(addr, "anna", "correct horse battery").status, 429);
    // Another account is not.
    assert_eq!(sign_up(addr, "bela", "correct horse battery").status, 201);
    assert_eq!(log_in(addr, "bela", "correct horse battery").status, 200);
}

#[test]
fn logins_from_one_address_are_throttled_whichever_account_they_try() {
    let url = common::database::fresh();
    let rates = sakk_server::Rates {
        logins: NonZeroU32::new(4),
        ..sakk_server::Rates::unlimited()
    };
    let addr = start_server_on(url, rates);
    // Sign-ups are limited on their own: four accounts, no login yet.
    for name in ["anna", "bela", "cili", "dora"] {
        assert_eq!(sign_up(addr, name, "correct horse battery").status, 201);
    }
    // One guess on each of several accounts: the address runs out, not
    // any one account.
    let statuses: Vec<u16> = ["anna", "bela", "cili", "dora", "anna", "bela"]
        .iter()
        .map(|name| log_in(addr, name, "a wrong guess").status)
        .collect();
    assert_eq!(statuses, [401, 401, 401, 401, 429, 429]);
    let r = log_in(addr, "dora", "correct horse battery");
    assert_eq!(r.status, 429, "{}", r.body);
    assert!(
        r.header("retry-after").parse::<u64>().is_ok(),
        "{:?}",
        r.header("retry-after")
    );
}

#[test]
fn personal_tokens_act_within_their_scopes_until_revoked() {
    let (addr, _) = server();
    let cookie = cookie_of(&sign_up(addr, "BotMaker", "correct horse battery"));
    let made = make_token(
        addr,
        &[("cookie", &cookie)],
        json!({"description": "my bot", "scopes": ["bot:play", "board:play"]}),
    );
    assert_eq!(made.status, 201, "{}", made.body);
    let token = made.json()["token"].as_str().unwrap_or("").to_string();
    assert!(token.starts_with("sakk_") && token.len() > 40, "{token}");
    let id = made.json()["id"].as_str().unwrap_or("").to_string();

    // The list never shows the token again.
    let list = send(
        addr,
        "GET",
        "/api/account/tokens",
        &[("cookie", &cookie)],
        None,
    );
    assert_eq!(list.status, 200);
    assert_eq!(list.json()[0]["description"], "my bot");
    assert_eq!(list.json()[0]["scopes"], json!(["board:play", "bot:play"]));
    assert!(!list.body.contains(&token));

    let bearer = format!("Bearer {token}");
    let me = account(addr, ("authorization", &bearer));
    assert_eq!(
        (me.status, me.json()["id"].clone()),
        (200, json!("botmaker"))
    );

    // lichess's token test: known, unknown.
    let tested = send(
        addr,
        "POST",
        "/api/token/test",
        &[("content-type", "text/plain")],
        Some(&format!("{token},sakk_nonsense")),
    );
    assert_eq!(tested.status, 200, "{}", tested.body);
    assert_eq!(
        tested.json(),
        json!({token.clone(): {"userId": "botmaker", "scopes": "board:play,bot:play", "expires": null}, "sakk_nonsense": null})
    );

    // A token cannot make tokens, nor change the password.
    let more = make_token(
        addr,
        &[("authorization", &bearer)],
        json!({"description": "x", "scopes": ["bot:play"]}),
    );
    assert_eq!((more.status, error(&more).as_str()), (403, "session_only"));
    let bad = make_token(
        addr,
        &[("cookie", &cookie)],
        json!({"description": "x", "scopes": []}),
    );
    assert_eq!(error(&bad), "bad_scope");
    let unknown = make_token(
        addr,
        &[("cookie", &cookie)],
        json!({"description": "x", "scopes": ["board:write"]}),
    );
    assert_eq!(unknown.status, 400, "{}", unknown.body);

    // Revoked by its owner: it names no one any more.
    let revoked = send(
        addr,
        "DELETE",
        &format!("/api/account/tokens/{id}"),
        &[("cookie", &cookie)],
        None,
    );
    assert_eq!(revoked.status, 204, "{}", revoked.body);
    let after = account(addr, ("authorization", &bearer));
    assert_eq!(
        (after.status, error(&after).as_str()),
        (401, "bad_api_token")
    );
    let twice = send(
        addr,
        "DELETE",
        &format!("/api/account/tokens/{id}"),
        &[("cookie", &cookie)],
        None,
    );
    assert_eq!(
        (twice.status, error(&twice).as_str()),
        (404, "no_such_token")
    );

    // lichess's DELETE /api/token: a token revokes itself.
    let second = make_token(
        addr,
        &[("cookie", &cookie)],
        json!({"description": "second", "scopes": ["board:play"]}),
    );
    let second = format!("Bearer {}", second.json()["token"].as_str().unwrap_or(""));
    let gone = send(
        addr,
        "DELETE",
        "/api/token",
        &[("authorization", &second)],
        None,
    );
    assert_eq!(gone.status, 204, "{}", gone.body);
    let after = account(addr, ("authorization", &second));
    assert_eq!(after.status, 401);
}

#[test]
fn a_new_password_ends_the_other_sessions_and_a_closed_account_cannot_log_in() {
    let (addr, url) = server();
    let first = cookie_of(&sign_up(addr, "Anna", "correct horse battery"));
    let second = cookie_of(&log_in(addr, "anna", "correct horse battery"));
    let token = make_token(
        addr,
        &[("cookie", &first)],
        json!({"description": "t", "scopes": ["board:play"]}),
    )
    .json()["token"]
        .as_str()
        .unwrap_or("")
        .to_string();

    let change = |current: &str, new: &str| {
        send(
            addr,
            "POST",
            "/api/account/password",
            &[JSON, ("cookie", &first)],
            Some(&json!({"currentPassword": current, "newPassword": new}).to_string()),
        )
    };
    let wrong = change("not the password", "a new long password");
    assert_eq!(
        (wrong.status, error(&wrong).as_str()),
        (401, "bad_credentials")
    );
    let short = change("correct horse battery", "short");
    assert_eq!(error(&short), "password_too_short");
    assert_eq!(
        change("correct horse battery", "a new long password").status,
        204
    );
    let here = account(addr, ("cookie", &first));
    assert_eq!(here.status, 200, "the session that changed it stays");
    let there = account(addr, ("cookie", &second));
    assert_eq!(there.status, 401, "the other session ends");
    assert_eq!(log_in(addr, "anna", "correct horse battery").status, 401);
    assert_eq!(log_in(addr, "anna", "a new long password").status, 200);

    // Nothing secret in clear in the database: the password's hash, the
    // sessions' and the token's hashes only.
    let secrets = [
        "correct horse battery".to_string(),
        "a new long password".to_string(),
        token.clone(),
        first.trim_start_matches("sakk_session=").to_string(),
        second.trim_start_matches("sakk_session=").to_string(),
    ];
    assert!(assert_no_secret_stored(&url, &secrets).contains("$argon2id$"));

    // Closed: no login, no token, the name shown as closed and kept.
    let close = |password: &str| {
        send(
            addr,
            "POST",
            "/api/account/close",
            &[JSON, ("cookie", &first)],
            Some(&json!({"password": password}).to_string()),
        )
    };
    assert_eq!(close("wrong password").status, 401);
    let closed = close("a new long password");
    assert_eq!(closed.status, 204, "{}", closed.body);
    assert_eq!(log_in(addr, "anna", "a new long password").status, 401);
    let bearer = format!("Bearer {token}");
    assert_eq!(account(addr, ("authorization", &bearer)).status, 401);
    let shown = send(addr, "GET", "/api/user/ANNA", &[], None);
    assert_eq!(shown.status, 200);
    assert_eq!(
        (
            shown.json()["username"].clone(),
            shown.json()["disabled"].clone()
        ),
        (json!("Anna"), json!(true))
    );
    assert_eq!(sign_up(addr, "anna", "correct horse battery").status, 409);
    let missing = send(addr, "GET", "/api/user/nobody", &[], None);
    assert_eq!(
        (missing.status, error(&missing).as_str()),
        (404, "no_such_user")
    );
    assert_no_secret_stored(&url, &secrets);
}

/// Every text of the accounts' tables, and on SQLite every byte of the
/// database's files, without any of `secrets`; the tables' text.
fn assert_no_secret_stored(url: &str, secrets: &[String]) -> String {
    let Ok(rt) = tokio::runtime::Runtime::new() else {
        panic!("no runtime");
    };
    let dump = rt.block_on(async {
        sqlx::any::install_default_drivers();
        let pool = match sqlx::AnyPool::connect(url).await {
            Ok(p) => p,
            Err(e) => panic!("{url}: {e}"),
        };
        let mut dump = String::new();
        for sql in [
            "SELECT id, name, password, '' AS x FROM users",
            "SELECT id, user_id, '' AS a, '' AS b FROM sessions",
            "SELECT id, user_id, description, scopes FROM api_tokens",
        ] {
            use sqlx::Row;
            let rows = sqlx::query(sql).fetch_all(&pool).await.unwrap_or_default();
            for r in rows {
                for i in 0..4 {
                    let v: String = r.try_get(i).unwrap_or_default();
                    dump.push_str(&v);
                    dump.push('\n');
                }
            }
        }
        dump
    });
    for s in secrets {
        assert!(!s.is_empty());
        assert!(!dump.contains(s.as_str()), "{s} stored in clear");
    }
    if let Some(path) = url.strip_prefix("sqlite://") {
        for file in [path.to_string(), format!("{path}-wal")] {
            let bytes = std::fs::read(&file).unwrap_or_default();
            for s in secrets {
                let found = bytes.windows(s.len()).any(|w| w == s.as_bytes());
                assert!(!found, "{s} in {file}");
            }
        }
    }
    dump
}
