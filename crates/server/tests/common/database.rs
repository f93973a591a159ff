//! A database of its own for each test: with `SAKK_TEST_DATABASE_URL` (a
//! PostgreSQL server, as in CI), a new database on that server, created
//! through the URL's database (the role may create databases); without
//! it, a new SQLite file in a temporary directory. `scripts/test` drops
//! the test databases of earlier runs (`sakk_t_*`) before it starts.

#![allow(dead_code)]

use std::sync::atomic::{AtomicU32, Ordering};

use sqlx::{AssertSqlSafe, Connection};

/// The URL of a new, empty database for one test.
pub fn fresh() -> String {
    match std::env::var("SAKK_TEST_DATABASE_URL") {
        Ok(base) if base.starts_with("postgres") => postgres(&base),
        _ => sqlite(),
    }
}

fn stamp() -> String {
    static NEXT: AtomicU32 = AtomicU32::new(0);
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    format!(
        "{}_{}_{nanos}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    )
}

fn sqlite() -> String {
    let dir = std::env::temp_dir().join(format!("sakk-test-{}", stamp()));
    let _ = std::fs::create_dir_all(&dir);
    format!("sqlite://{}", dir.join("t.db").display())
}

/// A new database beside the one `base` names: the same server, role and
/// options, another name.
fn postgres(base: &str) -> String {
    let name = format!("sakk_t_{}", stamp());
    let (address, options) = match base.split_once('?') {
        Some((a, o)) => (a, format!("?{o}")),
        None => (base, String::new()),
    };
    let Some((server, _)) = address.rsplit_once('/') else {
        panic!("not a database URL: {base}");
    };
    let url = format!("{server}/{name}{options}");
    // The name is ours (digits and `_`): nothing from input.
    match execute(base, &format!("CREATE DATABASE {name}")) {
        Ok(()) => url,
        Err(e) => panic!("cannot create the test database {name}: {e}"),
    }
}

/// Runs one statement (the test's own text) on the PostgreSQL database
/// `url`, on a runtime of its own in a thread of its own: the caller may
/// be inside a runtime already.
pub fn execute(url: &str, sql: &str) -> Result<(), String> {
    let (url, sql) = (url.to_string(), sql.to_string());
    std::thread::spawn(move || {
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .map_err(|e| e.to_string())?;
        rt.block_on(async {
            let mut conn = sqlx::postgres::PgConnection::connect(&url)
                .await
                .map_err(|e| e.to_string())?;
            sqlx::query(AssertSqlSafe(sql))
                .execute(&mut conn)
                .await
                .map_err(|e| e.to_string())?;
            conn.close().await.map_err(|e| e.to_string())
        })
    })
    .join()
    .unwrap_or_else(|_| Err("the database thread panicked".to_string()))
}
