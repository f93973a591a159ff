//! The default build runs on every x86-64 CPU: the workspace's cargo
//! configuration asks for no particular CPU or instruction set (a binary
//! built with `target-cpu=native` dies with "illegal instruction" on an
//! older CPU, as in a Docker image or a release download). Newer
//! instructions are chosen at run time where they pay (the NNUE kernels).

#[test]
fn the_default_build_targets_no_particular_cpu() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../.cargo/config.toml");
    let config = std::fs::read_to_string(path).unwrap_or_default();
    let settings: Vec<&str> = config
        .lines()
        .map(str::trim)
        .filter(|l| !l.starts_with('#'))
        .collect();
    for line in &settings {
        assert!(
            !line.contains("target-cpu") && !line.contains("target-feature"),
            "{path} builds for one CPU: {line}"
        );
    }
}
