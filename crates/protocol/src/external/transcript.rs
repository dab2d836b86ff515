//! A protocol transcript in c-gomoku-cli's `-log` format: one line per protocol line,
//! `MS: NAME <- LINE` for what the engine was sent and `MS: NAME -> LINE` for what it wrote,
//! MS in milliseconds since the Unix epoch (c-gomoku-cli's is a monotonic clock, which has
//! no meaning outside its process). Each line goes out in one `write`, so engines that share
//! a file opened for appending never interleave their lines.

use std::io::Write;
use std::time::{SystemTime, UNIX_EPOCH};

/// An engine's side of a transcript.
pub struct Transcript {
    out: Box<dyn Write + Send>,
    name: String,
}

impl Transcript {
    /// Writes the lines of the engine called `name` to `out` (the caller opens the file).
    pub fn new(out: Box<dyn Write + Send>, name: &str) -> Transcript {
        Transcript {
            out,
            name: name.to_string(),
        }
    }

    /// Records what was sent (each line of `text`).
    pub(crate) fn sent(&mut self, text: &str) {
        for line in text.lines() {
            self.write("<-", line);
        }
    }

    /// Records a line the engine wrote.
    pub(crate) fn received(&mut self, line: &str) {
        self.write("->", line);
    }

    /// A transcript is a diagnostic: a failed write (a full disk) must not cost the engine
    /// its game, so it is dropped.
    fn write(&mut self, arrow: &str, line: &str) {
        let ms = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_millis());
        let _ = self
            .out
            .write_all(format!("{ms}: {} {arrow} {line}\n", self.name).as_bytes());
    }
}
