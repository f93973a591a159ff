//! Builds the browser front-end (`web/`, TypeScript) with npm and embeds the
//! result in the server binary, so that the binary serves the whole UI from
//! any directory.
//!
//! `SAKK_WEB_DIST=DIR` embeds an already built front-end instead (no npm).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR")?);
    let out = PathBuf::from(std::env::var("OUT_DIR")?);
    let web = manifest.join("../../web");
    println!("cargo:rerun-if-env-changed=SAKK_WEB_DIST");
    for p in [
        "src",
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
    let dist = match std::env::var_os("SAKK_WEB_DIST") {
        Some(dir) => PathBuf::from(dir),
        None => {
            let dist = out.join("web");
            build(&web, &dist)?;
            dist
        }
    };
    let mut code = String::from("/// The built front-end: (file name, content type, bytes).\npub static ASSETS: &[(&str, &str, &[u8])] = &[\n");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dist)
        .map_err(|e| format!("cannot read the front-end at {}: {e}", dist.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_file())
        .collect();
    files.sort();
    for f in files {
        let name = f
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default()
            .to_string();
        let mime = match f.extension().and_then(|e| e.to_str()) {
            Some("html") => "text/html; charset=utf-8",
            Some("js") => "text/javascript; charset=utf-8",
            Some("css") => "text/css; charset=utf-8",
            Some("svg") => "image/svg+xml",
            Some("png") => "image/png",
            Some("json") | Some("webmanifest") => "application/json",
            _ => "application/octet-stream",
        };
        let _ = writeln!(
            code,
            "    ({name:?}, {mime:?}, include_bytes!({:?})),",
            f.display().to_string()
        );
    }
    code.push_str("];\n");
    std::fs::write(out.join("web_assets.rs"), code)?;
    Ok(())
}

/// `npm ci` when `node_modules` is missing, then `npm run build` into `dist`.
fn build(web: &Path, dist: &Path) -> Result<(), String> {
    let npm = if cfg!(windows) { "npm.cmd" } else { "npm" };
    if !web.join("node_modules/.package-lock.json").exists() {
        run(
            Command::new(npm)
                .args(["ci", "--no-audit", "--no-fund"])
                .current_dir(web),
            "npm ci",
        )?;
    }
    let _ = std::fs::remove_dir_all(dist);
    run(
        Command::new(npm)
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
