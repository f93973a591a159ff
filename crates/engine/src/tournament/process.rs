//! A UCI engine in a child process: lines in, lines out, with timeouts.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// How to start an engine.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EngineSpec {
    /// The program.
    pub cmd: String,
    /// Its arguments.
    pub args: Vec<String>,
    /// The name in PGN and reports.
    pub name: String,
    /// UCI options to set.
    pub options: Vec<(String, String)>,
}

impl EngineSpec {
    /// Reads `cmd=PROGRAM [arg=A ...] [name=N] [option.NAME=VALUE ...]`.
    pub fn parse(text: &str) -> Result<EngineSpec, String> {
        let mut spec = EngineSpec::default();
        for word in text.split_whitespace() {
            let Some((key, value)) = word.split_once('=') else {
                return Err(format!("engine: expected key=value, found {word:?}"));
            };
            match key {
                "cmd" => spec.cmd = value.to_string(),
                "arg" => spec.args.push(value.to_string()),
                "name" => spec.name = value.to_string(),
                _ => match key.strip_prefix("option.") {
                    Some(name) => spec.options.push((name.to_string(), value.to_string())),
                    None => return Err(format!("engine: unknown key {key:?}")),
                },
            }
        }
        if spec.cmd.is_empty() {
            return Err("engine: cmd= is missing".to_string());
        }
        if spec.name.is_empty() {
            spec.name = std::path::Path::new(&spec.cmd)
                .file_name()
                .map_or_else(|| spec.cmd.clone(), |n| n.to_string_lossy().into_owned());
        }
        Ok(spec)
    }
}

/// A running engine.
pub struct Process {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Process {
    /// Starts the engine and completes the UCI handshake.
    pub fn start(spec: &EngineSpec) -> Result<Process, String> {
        let mut child = Command::new(&spec.cmd)
            .args(&spec.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start {}: {e}", spec.cmd))?;
        let stdin = child.stdin.take().ok_or("no stdin")?;
        let stdout = child.stdout.take().ok_or("no stdout")?;
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else {
                    break;
                };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut p = Process {
            child,
            stdin,
            lines: rx,
        };
        p.send("uci")?;
        let (handshake, _) = p.wait_for("uciok", Duration::from_secs(10))?;
        let offered = offered_options(&handshake);
        for (name, value) in &spec.options {
            let name = resolve_option(&offered, name)
                .ok_or_else(|| format!("{} has no option {name:?}", spec.name))?;
            p.send(&format!("setoption name {name} value {value}"))?;
        }
        p.ready()?;
        Ok(p)
    }

    /// Sends a line.
    pub fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(|e| format!("engine input closed: {e}"))
    }

    /// Waits for a line starting with `prefix`, returning the lines before it
    /// and the line.
    pub fn wait_for(
        &mut self,
        prefix: &str,
        limit: Duration,
    ) -> Result<(Vec<String>, String), String> {
        let deadline = Instant::now() + limit;
        let mut seen = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    if line.starts_with(prefix) {
                        return Ok((seen, line));
                    }
                    seen.push(line);
                }
                Err(RecvTimeoutError::Timeout) => return Err(format!("no {prefix} in time")),
                Err(RecvTimeoutError::Disconnected) => return Err("the engine exited".to_string()),
            }
        }
    }

    /// `isready` … `readyok`.
    pub fn ready(&mut self) -> Result<(), String> {
        self.send("isready")?;
        self.wait_for("readyok", Duration::from_secs(30))
            .map(|_| ())
    }
}

/// The option names an engine offers in its `uci` answer.
fn offered_options(lines: &[String]) -> Vec<String> {
    lines
        .iter()
        .filter_map(|l| {
            let rest = l.trim().strip_prefix("option name ")?;
            let end = rest.find(" type ").unwrap_or(rest.len());
            Some(rest[..end].trim().to_string())
        })
        .collect()
}

/// The offered option that `name` means: the same name (UCI option names
/// are not case-sensitive), or one with spaces where `name` has
/// underscores (`Move_Overhead` for `Move Overhead`, as a command-line word
/// cannot hold a space). `None` when the engine has no such option: a
/// setting that would be silently ignored is an error instead.
fn resolve_option<'a>(offered: &'a [String], name: &str) -> Option<&'a str> {
    offered
        .iter()
        .find(|o| o.eq_ignore_ascii_case(name))
        .or_else(|| {
            let spaced = name.replace('_', " ");
            offered.iter().find(|o| o.eq_ignore_ascii_case(&spaced))
        })
        .map(String::as_str)
}

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let deadline = Instant::now() + Duration::from_millis(500);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn option_names_are_resolved_against_the_offered_ones() {
        let lines: Vec<String> = [
            "id name sakk",
            "option name Hash type spin default 16 min 1 max 4096",
            "option name Move Overhead type spin default 30 min 0 max 5000",
            "option name UCI_LimitStrength type check default false",
            "option name UCI_Elo type spin default 2800 min 800 max 2800",
            "uciok",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        let offered = offered_options(&lines);
        assert_eq!(offered.len(), 4);
        assert_eq!(resolve_option(&offered, "UCI_Elo"), Some("UCI_Elo"));
        assert_eq!(
            resolve_option(&offered, "uci_limitstrength"),
            Some("UCI_LimitStrength")
        );
        assert_eq!(
            resolve_option(&offered, "Move_Overhead"),
            Some("Move Overhead")
        );
        assert_eq!(resolve_option(&offered, "hash"), Some("Hash"));
        assert_eq!(resolve_option(&offered, "Contempt"), None);
    }
}
