//! A protocol transcript in c-gomoku-cli's `-log` format: one line per protocol line,
//! `MS: NAME <- LINE` for what the engine was sent and `MS: NAME -> LINE` for what it wrote,
//! MS in milliseconds since the Unix epoch (c-gomoku-cli's is a monotonic clock, which has
//! no meaning outside its process). Several engines may append to one file: each line goes
//! out in one `write` on a file opened for appending, so lines never interleave.

use std::fs::File;
use std::io::Write;
use std::path::Path;
use std::time::{SystemTime, UNIX_EPOCH};

/// An engine's side of a transcript file.
#[derive(Debug)]
pub struct Transcript {
    file: File,
    name: String,
}

impl Transcript {
    /// Appends the lines of the engine called `name` to `path` (created if missing).
    pub fn append(path: &Path, name: &str) -> std::io::Result<Transcript> {
        let file = File::options().create(true).append(true).open(path)?;
        Ok(Transcript {
            file,
            name: name.to_string(),
        })
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
            .file
            .write_all(format!("{ms}: {} {arrow} {line}\n", self.name).as_bytes());
    }
}
