//! Builds the browser front-end (`web/`, TypeScript) with npm and embeds the
//! result in the server binary, so that the binary serves the whole UI from
//! any directory.
//!
//! `SAKK_WEB_DIST=DIR` embeds an already built front-end instead (no npm).
//! Where there is no npm at all (a machine without Node.js), the server is
//! built without its front-end, with a warning: the API works, and its
//! pages say how to get the UI. A machine with npm builds the front-end,
//! and a failure of that build fails the build.

use std::path::{Path, PathBuf};
use std::process::Command;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR")?);
    let out = PathBuf::from(std::env::var("OUT_DIR")?);
    let web = manifest.join("../../web");
    println!("cargo:rerun-if-env-changed=SAKK_WEB_DIST");
    println!("cargo:rerun-if-env-changed=SAKK_NPM");
    for p in [
        "src",
        "sw",
        "learn",
        "index.html",
        "style.css",
        "build.mjs",
        "package.json",
        "package-lock.json",
        "tsconfig.json",
    ] {
        println!("cargo:rerun-if-changed={}", web.join(p).display());
    }
    // The catalogues the front-end bundles.
    println!(
        "cargo:rerun-if-changed={}",
        web.join("../crates/i18n/locales").display()
    );
    // The built front-end goes to OUT_DIR/web, which `assets.rs` embeds
    // (rust-embed).
    let dist = out.join("web");
    match std::env::var_os("SAKK_WEB_DIST") {
        Some(dir) => copy_dir(Path::new(&dir), &dist)
            .map_err(|e| format!("cannot copy the front-end from SAKK_WEB_DIST: {e}"))?,
        None if npm_runs() => build(&web, &dist)?,
        None => {
            println!(
                "cargo:warning=npm was not found: the server is built without its browser \
                 front-end (install Node.js 20+ and npm, and build again, for the UI)"
            );
            // Installing Node.js changes no source: look again at every
            // build (a path that does not exist is always out of date),
            // so that the next build after npm is there has the pages.
            println!(
                "cargo:rerun-if-changed={}",
                out.join("npm-was-missing").display()
            );
            let _ = std::fs::remove_dir_all(&dist);
            std::fs::create_dir_all(&dist)?;
        }
    }
    Ok(())
}

/// Copies the files of `from` (not its subdirectories) into a fresh `to`.
fn copy_dir(from: &Path, to: &Path) -> std::io::Result<()> {
    let _ = std::fs::remove_dir_all(to);
    std::fs::create_dir_all(to)?;
    for entry in std::fs::read_dir(from)? {
        let path = entry?.path();
        if let (true, Some(name)) = (path.is_file(), path.file_name()) {
            std::fs::copy(&path, to.join(name))?;
        }
    }
    Ok(())
}

/// The npm command: `SAKK_NPM`, or `npm` on the `PATH`.
fn npm() -> String {
    std::env::var("SAKK_NPM")
        .unwrap_or_else(|_| if cfg!(windows) { "npm.cmd" } else { "npm" }.to_string())
}

/// Whether npm can be run here at all.
fn npm_runs() -> bool {
    Command::new(npm())
        .arg("--version")
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// Whether `node_modules` is missing, or older than the lock file (a
/// dependency added or updated since it was installed).
fn install_needed(web: &Path) -> bool {
    let modified = |p: &Path| std::fs::metadata(p).and_then(|m| m.modified()).ok();
    match (
        modified(&web.join("node_modules/.package-lock.json")),
        modified(&web.join("package-lock.json")),
    ) {
        (Some(installed), Some(locked)) => installed < locked,
        (None, _) => true,
        (Some(_), None) => false,
    }
}

/// `npm ci` when `node_modules` is missing or out of date, then `npm run
/// build` into `dist`.
fn build(web: &Path, dist: &Path) -> Result<(), String> {
    let npm = npm();
    if install_needed(web) {
        run(
            Command::new(&npm)
                .args(["ci", "--no-audit", "--no-fund"])
                .current_dir(web),
            "npm ci",
        )?;
    }
    let _ = std::fs::remove_dir_all(dist);
    run(
        Command::new(&npm)
            .args(["run", "--silent", "build"])
            .env("SAKK_WEB_OUT", dist)
            .current_dir(web),
        "npm run build",
    )
}

fn run(cmd: &mut Command, what: &str) -> Result<(), String> {
    match cmd.status() {
        Ok(s) if s.success() => Ok(()),
        Ok(s) => Err(format!(
            "{what} in web/ failed ({s}); the front-end needs Node.js 20+ and npm"
        )),
        Err(e) => Err(format!(
            "cannot run {what} for the front-end in web/ ({e}); install Node.js 20+ and npm, \
             or set SAKK_WEB_DIST to a built front-end"
        )),
    }
}
