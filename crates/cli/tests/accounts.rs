//! Accounts from the command line, on the server's own database: `sakk
//! user add` (the password from standard input), `sakk token add`, `sakk
//! user close` — used by the real `sakk serve` at once — and nothing
//! secret in the server's log, even at the debug level.

#[path = "../../server/tests/common/mod.rs"]
mod common;

use std::process::{Command, Output, Stdio};

use common::{announced, send};

fn sakk(args: &[&str], input: &str) -> Output {
    use std::io::Write;
    let mut child = match Command::new(env!("CARGO_BIN_EXE_sakk"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
    {
        Ok(c) => c,
        Err(e) => panic!("cannot run sakk: {e}"),
    };
    if let Some(mut stdin) = child.stdin.take() {
        let _ = stdin.write_all(input.as_bytes());
    }
    match child.wait_with_output() {
        Ok(o) => o,
        Err(e) => panic!("{e}"),
    }
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn accounts_and_tokens_from_the_command_line_and_no_secret_in_the_log() {
    let url = common::database::fresh();
    let db = ["--database", url.as_str()];
    let with_db = |args: &[&str]| -> Vec<String> {
        args.iter()
            .chain(db.iter())
            .map(|s| s.to_string())
            .collect()
    };
    let run = |args: &[&str], input: &str| {
        let args = with_db(args);
        let refs: Vec<&str> = args.iter().map(String::as_str).collect();
        sakk(&refs, input)
    };

    let made = run(&["user", "add", "Anna"], "correct horse battery\n");
    assert!(made.status.success(), "{}", text(&made.stderr));
    assert_eq!(text(&made.stdout).trim(), "account Anna made");
    let again = run(&["user", "add", "anna"], "another password\n");
    assert_eq!(again.status.code(), Some(1));
    assert!(
        text(&again.stderr).contains("taken"),
        "{}",
        text(&again.stderr)
    );
    let short = run(&["user", "add", "Bela"], "short\n");
    assert_eq!(short.status.code(), Some(1));
    assert!(
        text(&short.stderr).contains("8 characters"),
        "{}",
        text(&short.stderr)
    );

    let token = run(
        &["token", "add", "anna", "--scope", "bot:play,board:play"],
        "",
    );
    assert!(token.status.success(), "{}", text(&token.stderr));
    let token = text(&token.stdout).trim().to_string();
    assert!(token.starts_with("sakk_"), "{token}");
    // Scopes as lichess's token page lists them, one after another.
    let spaced = run(
        &[
            "token",
            "add",
            "anna",
            "--scope",
            "challenge:read",
            "challenge:write",
        ],
        "",
    );
    assert!(spaced.status.success(), "{}", text(&spaced.stderr));
    let spaced = text(&spaced.stdout).trim().to_string();
    assert!(spaced.starts_with("sakk_") && spaced != token, "{spaced}");
    let bad = run(&["token", "add", "anna", "--scope", "everything"], "");
    assert_eq!(bad.status.code(), Some(2));
    let nobody = run(&["token", "add", "nobody", "--scope", "bot:play"], "");
    assert_eq!(nobody.status.code(), Some(1));

    // The server, logging everything it logs.
    let dir = std::env::temp_dir().join(format!("sakk-accounts-cli-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let log_path = dir.join("server.log");
    let Ok(log) = std::fs::File::create(&log_path) else {
        panic!("cannot write {}", log_path.display());
    };
    let mut server = match Command::new(env!("CARGO_BIN_EXE_sakk"))
        .args(["serve", "--port", "0", "--data-dir"])
        .arg(&dir)
        .args(db)
        .env("RUST_LOG", "debug")
        .stdout(Stdio::piped())
        .stderr(log)
        .spawn()
    {
        Ok(c) => c,
        Err(e) => panic!("cannot start sakk serve: {e}"),
    };
    let addr = announced(&mut server);

    let bearer = format!("Bearer {token}");
    let me = send(
        addr,
        "GET",
        "/api/account",
        &[("authorization", &bearer)],
        None,
    );
    assert_eq!(
        (me.status, me.json()["username"].clone()),
        (200, "Anna".into()),
        "{}",
        me.body
    );
    let tested = send(addr, "POST", "/api/token/test", &[], Some(&spaced));
    let scopes = tested.json()[spaced.as_str()]["scopes"]
        .as_str()
        .unwrap_or("")
        .to_string();
    assert!(
        scopes.contains("challenge:read") && scopes.contains("challenge:write"),
        "{}",
        tested.body
    );
    let json = ("content-type", "application/json");
    let log_in = |addr, password: &str| {
        let body = serde_json::json!({"username": "anna", "password": password}).to_string();
        send(addr, "POST", "/api/account/login", &[json], Some(&body))
    };
    let login = log_in(addr, "correct horse battery");
    assert_eq!(login.status, 200, "{}", login.body);
    let session = login
        .header("set-cookie")
        .split(';')
        .next()
        .unwrap_or("")
        .trim_start_matches("sakk_session=")
        .to_string();
    let wrong = log_in(addr, "wrong horse battery");
    assert_eq!(wrong.status, 401);
    let bela = send(
        addr,
        "POST",
        "/api/account/signup",
        &[json],
        Some(r#"{"username": "Bela", "password": "tr0ub4dor&3 again"}"#),
    );
    assert_eq!(bela.status, 201, "{}", bela.body);

    // Closed from the command line while the server runs: at once.
    let closed = run(&["user", "close", "ANNA"], "");
    assert!(closed.status.success(), "{}", text(&closed.stderr));
    let after = send(
        addr,
        "GET",
        "/api/account",
        &[("authorization", &bearer)],
        None,
    );
    assert_eq!(after.status, 401);
    let relogin = log_in(addr, "correct horse battery");
    assert_eq!(relogin.status, 401);
    let twice = run(&["user", "close", "anna"], "");
    assert_eq!(twice.status.code(), Some(1));

    let _ = server.kill();
    let _ = server.wait();
    let log = std::fs::read_to_string(&log_path).unwrap_or_default();
    // The log is there, and says what happened…
    assert!(log.contains("account made"), "{log}");
    assert!(log.contains("bela"), "{log}");
    // …without a secret.
    for secret in [
        "correct horse battery",
        "wrong horse battery",
        "tr0ub4dor&3 again",
        token.as_str(),
        session.as_str(),
    ] {
        assert!(!secret.is_empty());
        assert!(!log.contains(secret), "{secret} in the log");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
