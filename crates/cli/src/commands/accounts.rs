//! `sakk user` and `sakk token`: accounts and personal API tokens made and
//! closed from the command line, on the server's own database (the same
//! `--database` and `--data-dir` as `sakk serve`), through the same code as
//! the server's pages.

use crate::output::say;
use sakk_server::accounts::{self, wire::NewToken, Scope};
use sakk_server::cpu::CpuPool;
use sakk_server::error::ApiError;
use sakk_server::Store;

use crate::Failure;

/// Where the server's database is.
pub struct Database {
    /// `--database`, if given.
    pub url: Option<String>,
    /// `--data-dir`.
    pub data_dir: String,
}

impl Database {
    async fn open(&self) -> Result<Store, Failure> {
        let config = sakk_server::Config {
            database: self.url.clone(),
            data_dir: self.data_dir.clone().into(),
            ..sakk_server::Config::default()
        };
        let url = config
            .database_url()
            .map_err(|e| Failure::other(format!("{}: {e}", self.data_dir)))?;
        Store::open(&url).await.map_err(|e| {
            Failure::other(format!(
                "cannot open the database {}: {e}",
                sakk_server::store::redact(&url)
            ))
        })
    }
}

/// The refusal's words, in English.
fn failure(e: ApiError) -> Failure {
    Failure::other(e.body().1.message)
}

fn run<T>(job: impl std::future::Future<Output = Result<T, Failure>>) -> Result<T, Failure> {
    let runtime = tokio::runtime::Runtime::new().map_err(|e| Failure::other(e.to_string()))?;
    let result = runtime.block_on(job);
    runtime.shutdown_timeout(std::time::Duration::from_millis(500));
    result
}

/// The password: the first line of standard input (without its line end).
fn read_password() -> Result<String, Failure> {
    let mut line = String::new();
    std::io::stdin().read_line(&mut line).map_err(|e| {
        Failure::other(format!("cannot read the password from standard input: {e}"))
    })?;
    Ok(line.trim_end_matches(['\r', '\n']).to_string())
}

/// `sakk user add NAME`: a new account, its password read from standard
/// input.
pub fn user_add(name: &str, db: &Database) -> Result<(), Failure> {
    let password = read_password()?;
    run(async {
        let store = db.open().await?;
        let cpu = CpuPool::new(1, 0);
        let user = accounts::sign_up(&store, &cpu, name, &password, unix_ms())
            .await
            .map_err(failure)?;
        say!("account {} made", user.name);
        Ok(())
    })
}

/// `sakk user close NAME`: the account closed (it can no longer log in;
/// its games and name stay).
pub fn user_close(name: &str, db: &Database) -> Result<(), Failure> {
    run(async {
        let store = db.open().await?;
        let cpu = CpuPool::new(1, 0);
        // Its challenges are canceled in the database; a running server's
        // players learn of it when they next read them (this command tells
        // no event stream, and leaves the account's games in play as they
        // stand: the browser's and the API's closing resign them).
        let _canceled = accounts::close(&store, &cpu, name, None, unix_ms())
            .await
            .map_err(failure)?;
        say!("account {} closed", accounts::name::id_of(name));
        Ok(())
    })
}

/// `sakk token add NAME --scope S …`: a personal API token for the
/// account, printed (this once; the database keeps only its hash).
pub fn token_add(
    name: &str,
    scopes: &[String],
    description: &str,
    db: &Database,
) -> Result<(), Failure> {
    let scopes = scopes
        .iter()
        .map(|s| {
            Scope::parse(s).ok_or_else(|| {
                let known: Vec<&str> = Scope::ALL.iter().map(|s| s.as_str()).collect();
                Failure::usage(format!("no scope {s:?}: {}", known.join(", ")))
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    run(async {
        let store = db.open().await?;
        let user = store
            .user(&accounts::name::id_of(name))
            .await
            .map_err(|e| Failure::other(e.to_string()))?
            .filter(|u| u.closed_at.is_none())
            .ok_or_else(|| failure(accounts::no_such_user()))?;
        let request = NewToken {
            description: description.to_string(),
            scopes,
        };
        let created = accounts::create_token(&store, &user.id, &request, unix_ms())
            .await
            .map_err(failure)?;
        say!("{}", created.token);
        Ok(())
    })
}

/// Milliseconds since the Unix epoch.
fn unix_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}
