//! Standard output for the commands: a reader that goes away (`sakk bench |
//! head -1`) ends the program quietly, as a closed pipe ends a Unix tool,
//! where `println!` would panic.

use std::io::{ErrorKind, Write};

use crate::Failure;

/// Writes one line to standard output. A closed pipe ends the program with
/// status 0 and no word; any other failure to write ends it with status 1
/// and says why. For the lines of a long run (a match's games, an SPSA
/// iteration) written from a callback that cannot return an error.
pub fn line(args: std::fmt::Arguments<'_>) {
    let mut out = std::io::stdout().lock();
    if let Err(e) = out.write_fmt(args).and_then(|()| out.write_all(b"\n")) {
        drop(out);
        let failure = Failure::from(e);
        if !failure.quiet {
            // Standard error may be gone too; there is no one left to tell.
            let _ = writeln!(std::io::stderr(), "error: {}", failure.message);
        }
        std::process::exit(i32::from(failure.status));
    }
}

/// `println!` that ends the program quietly on a closed pipe ([`line`]).
macro_rules! say {
    ($($arg:tt)*) => {
        $crate::output::line(format_args!($($arg)*))
    };
}
pub(crate) use say;

impl From<std::io::Error> for Failure {
    /// A failure to read or write: a closed pipe is the quiet end of the
    /// output's reader (status 0, no word), anything else an error.
    fn from(e: std::io::Error) -> Failure {
        if e.kind() == ErrorKind::BrokenPipe {
            Failure {
                status: 0,
                message: String::new(),
                raw: false,
                quiet: true,
            }
        } else {
            Failure::other(e.to_string())
        }
    }
}
