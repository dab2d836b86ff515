//! Bounded reading of input files, for readers that report I/O errors in their own types.
//!
//! A whole file (a run file, a checkpoint, a PGN to rate) is read by [`read_input_bytes`]
//! or [`read_input_text`]: at most [`MAX_INPUT_BYTES`], like [`crate::read_input`]. A
//! line-oriented file (a journal, a tuning history) may be longer than that: a 100,000-game
//! run's journal is. [`InputLines`] streams it one line at a time and holds at most
//! [`MAX_INPUT_BYTES`] of one line, so a file without line breaks (`/dev/zero`, a disk
//! image) is refused after that many bytes instead of being read until memory runs out.
//!
//! Errors are `std::io::Error`s for the caller to wrap with the file's path: a file over
//! the cap is of kind `FileTooLarge`, a line over it `InvalidData`, and both messages say
//! which limit was met.

use crate::MAX_INPUT_BYTES;
use std::fs::File;
use std::io::{BufRead, BufReader, Read};
use std::path::Path;

/// The whole file at `path`, at most [`MAX_INPUT_BYTES`]; a larger one is an error of kind
/// `FileTooLarge`, found after reading one byte past the cap, never the whole file.
pub fn read_input_bytes(path: &Path) -> std::io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    File::open(path)?
        .take(MAX_INPUT_BYTES + 1)
        .read_to_end(&mut bytes)?;
    if bytes.len() as u64 > MAX_INPUT_BYTES {
        return Err(std::io::Error::new(
            std::io::ErrorKind::FileTooLarge,
            format!(
                "larger than {} MiB, the most gomoku-arena reads from one input file",
                MAX_INPUT_BYTES >> 20
            ),
        ));
    }
    Ok(bytes)
}

/// [`read_input_bytes`] as text; bytes that are not UTF-8 are an error of kind
/// `InvalidData`, as `std::fs::read_to_string` says it.
pub fn read_input_text(path: &Path) -> std::io::Result<String> {
    String::from_utf8(read_input_bytes(path)?).map_err(|_| not_utf8())
}

/// The error `std::fs::read_to_string` gives for bytes that are not UTF-8.
fn not_utf8() -> std::io::Error {
    std::io::Error::new(
        std::io::ErrorKind::InvalidData,
        "stream did not contain valid UTF-8",
    )
}

/// One line of an input file, as [`InputLines::next_line`] lends it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct InputLine<'a> {
    /// The line's number in the file, from 1 (blank lines count).
    pub number: usize,
    /// The line without its line feed.
    pub bytes: &'a [u8],
    /// Whether a line feed ended it: only the file's last line can lack one (a writer killed
    /// while writing it, or a file that does not end its last line).
    pub terminated: bool,
}

impl<'a> InputLine<'a> {
    /// The line as text; bytes that are not UTF-8 are an error of kind `InvalidData`, as
    /// `std::fs::read_to_string` says it.
    pub fn text(&self) -> std::io::Result<&'a str> {
        std::str::from_utf8(self.bytes).map_err(|_| not_utf8())
    }
}

/// The lines of an input file read one at a time, each at most [`MAX_INPUT_BYTES`]: the
/// file may be of any length, but no more than one line of it is held.
#[derive(Debug)]
pub struct InputLines<R = BufReader<File>> {
    reader: R,
    buf: Vec<u8>,
    number: usize,
    whole: u64,
}

impl InputLines {
    /// Opens the file at `path`.
    pub fn open(path: &Path) -> std::io::Result<InputLines> {
        Ok(InputLines::new(BufReader::with_capacity(
            1 << 16,
            File::open(path)?,
        )))
    }
}

impl<R: BufRead> InputLines<R> {
    /// The lines of `reader`.
    pub fn new(reader: R) -> InputLines<R> {
        InputLines {
            reader,
            buf: Vec::new(),
            number: 0,
            whole: 0,
        }
    }

    /// The next line, `None` at the end of the input. A line longer than
    /// [`MAX_INPUT_BYTES`] is an error of kind `InvalidData` naming its number, found after
    /// reading one byte past the cap.
    pub fn next_line(&mut self) -> std::io::Result<Option<InputLine<'_>>> {
        self.buf.clear();
        let n = self
            .reader
            .by_ref()
            .take(MAX_INPUT_BYTES + 1)
            .read_until(b'\n', &mut self.buf)?;
        if n == 0 {
            return Ok(None);
        }
        self.number += 1;
        let terminated = self.buf.last() == Some(&b'\n');
        let len = self.buf.len() - usize::from(terminated);
        if len as u64 > MAX_INPUT_BYTES {
            return Err(std::io::Error::new(
                std::io::ErrorKind::InvalidData,
                format!(
                    "line {} is longer than {} MiB, the most gomoku-arena reads from one line of an input file",
                    self.number,
                    MAX_INPUT_BYTES >> 20
                ),
            ));
        }
        if terminated {
            self.whole += n as u64;
        }
        Ok(Some(InputLine {
            number: self.number,
            bytes: &self.buf[..len],
            terminated,
        }))
    }

    /// Bytes up to the end of the last line read that a line feed ended.
    pub fn whole_len(&self) -> u64 {
        self.whole
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(input: &[u8]) -> Vec<(usize, String, bool)> {
        let mut r = InputLines::new(input);
        let mut out = Vec::new();
        while let Some(l) = r.next_line().unwrap() {
            out.push((
                l.number,
                String::from_utf8_lossy(l.bytes).into_owned(),
                l.terminated,
            ));
        }
        out
    }

    #[test]
    fn lines_are_numbered_and_a_last_line_without_its_feed_is_told_apart() {
        assert_eq!(
            lines(b"a\n\nbc\nd"),
            [
                (1, "a".into(), true),
                (2, String::new(), true),
                (3, "bc".into(), true),
                (4, "d".into(), false),
            ]
        );
        assert!(lines(b"").is_empty());
        let mut r = InputLines::new(&b"ab\ncd"[..]);
        while r.next_line().unwrap().is_some() {}
        assert_eq!(r.whole_len(), 3);
    }

    #[test]
    fn a_line_over_the_cap_is_refused_with_its_number() {
        // `repeat` never ends: the reader stops one byte past the cap.
        let endless = std::io::BufReader::new(std::io::repeat(b'x'));
        let mut r = InputLines::new(std::io::Cursor::new(b"ok\n".to_vec()).chain(endless));
        assert_eq!(r.next_line().unwrap().unwrap().bytes, b"ok");
        let err = r.next_line().unwrap_err();
        assert_eq!(err.kind(), std::io::ErrorKind::InvalidData);
        assert_eq!(
            err.to_string(),
            "line 2 is longer than 64 MiB, the most gomoku-arena reads from one line of an input file"
        );
    }

    #[test]
    fn text_that_is_not_utf8_is_invalid_data() {
        let line = InputLine {
            number: 1,
            bytes: b"\xff",
            terminated: true,
        };
        assert_eq!(
            line.text().unwrap_err().to_string(),
            "stream did not contain valid UTF-8"
        );
    }
}
