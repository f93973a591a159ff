//! The server's modules in layers: a module names (`crate::…`) only
//! modules of its own layer or below, and no two modules name each other
//! round a circle. Read from the source, so that a new import running back
//! up fails here, not in a reviewer's head.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The layers, bottom first. A module not listed fails the test: place it.
const LAYERS: &[(&str, &[&str])] = &[
    // The game domain (`sakk-play`, re-exported).
    ("domain", &["codes", "live", "wire"]),
    // The ports the services use: storage, the bus, the engine, the
    // games in memory, this node's lease; none knows the app's state.
    (
        "ports",
        &[
            "error",
            "security",
            "limits",
            "client",
            "cpu",
            "engine_pool",
            "analysis",
            "live_eval",
            "bus",
            "store",
            "games",
            "node",
            "events",
            "inbox",
            "lobby_feed",
            "tournament_locks",
            "assets",
        ],
    ),
    // What every request shares.
    ("state", &["state"]),
    // The services, over the state.
    ("game", &["worker", "command"]),
    (
        "services",
        &[
            "new_game",
            "ops",
            "cluster",
            "tournament",
            "accounts",
            "chat",
            "analysis_board",
            "imports",
            "ratings",
        ],
    ),
    // The one front door of a game's requests.
    ("dispatch", &["dispatch"]),
    // The services that reach games wherever they are, through dispatch:
    // challenges and what follows a game's end.
    (
        "people",
        &["challenges", "follow", "lobby", "correspondence", "closing"],
    ),
    // The transports.
    ("transports", &["routes", "listen"]),
    // The crate's root and its tests.
    ("root", &["lib", "typescript"]),
];

/// The top-level module a source file belongs to (`routes/mod.rs` and
/// `routes/watch.rs` are `routes`).
fn module_of(src: &Path, file: &Path) -> Option<String> {
    let rel = file.strip_prefix(src).ok()?;
    let first = rel.components().next()?.as_os_str().to_str()?;
    Some(first.trim_end_matches(".rs").to_string())
}

/// The top-level modules a piece of Rust source names through `crate::`
/// (comments left out; `use crate::{a, b::c}` names `a` and `b`).
fn named(source: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for line in source.lines() {
        let code = match line.find("//") {
            Some(i) => &line[..i],
            None => line,
        };
        let mut rest = code;
        while let Some(i) = rest.find("crate::") {
            rest = &rest[i + "crate::".len()..];
            if let Some(group) = rest.strip_prefix('{') {
                let end = group.find('}').unwrap_or(group.len());
                for item in group[..end].split(',') {
                    out.insert(ident(item.trim()));
                }
            } else {
                out.insert(ident(rest));
            }
        }
    }
    out.retain(|m| !m.is_empty());
    out
}

fn ident(s: &str) -> String {
    s.chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
        .collect()
}

fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        panic!("cannot read {}", dir.display());
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The imports between modules, read from `src/`.
fn imports() -> BTreeMap<String, BTreeSet<String>> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for file in files {
        let Some(module) = module_of(&src, &file) else {
            continue;
        };
        let Ok(text) = std::fs::read_to_string(&file) else {
            panic!("cannot read {}", file.display());
        };
        let mut to = named(&text);
        to.remove(&module);
        graph.entry(module).or_default().extend(to);
    }
    graph
}

fn layer_of(module: &str) -> Option<usize> {
    LAYERS.iter().position(|(_, ms)| ms.contains(&module))
}

#[test]
fn every_module_is_placed_and_no_import_runs_back_up() {
    let graph = imports();
    assert!(graph.len() > 20, "the source was not read: {graph:?}");
    let mut wrong = Vec::new();
    for (module, to) in &graph {
        let Some(mine) = layer_of(module) else {
            wrong.push(format!("{module} is in no layer"));
            continue;
        };
        for other in to {
            match layer_of(other) {
                None => wrong.push(format!("{module} names {other}, which is in no layer")),
                Some(theirs) if theirs > mine => wrong.push(format!(
                    "{module} ({}) names {other} ({}), a layer above",
                    LAYERS[mine].0, LAYERS[theirs].0
                )),
                Some(_) => {}
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn no_modules_name_each_other_round_a_circle() {
    let graph = imports();
    // Depth-first, with the modules on the current path marked.
    fn visit(
        m: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(i) = path.iter().position(|p| p == m) {
            let mut circle = path[i..].to_vec();
            circle.push(m.to_string());
            return Some(circle);
        }
        if done.contains(m) {
            return None;
        }
        path.push(m.to_string());
        for next in graph.get(m).into_iter().flatten() {
            if let Some(c) = visit(next, graph, path, done) {
                return Some(c);
            }
        }
        path.pop();
        done.insert(m.to_string());
        None
    }
    let mut done = BTreeSet::new();
    for m in graph.keys() {
        if let Some(circle) = visit(m, &graph, &mut Vec::new(), &mut done) {
            panic!("a circle of imports: {}", circle.join(" → "));
        }
    }
}

#[test]
fn the_reader_finds_imports_and_skips_comments() {
    let text = "use crate::{store::Store, bus};\n// crate::routes in a comment\nlet x = crate::state::AppState::new; // crate::cluster\n";
    let found: Vec<String> = named(text).into_iter().collect();
    assert_eq!(found, ["bus", "state", "store"]);
}
