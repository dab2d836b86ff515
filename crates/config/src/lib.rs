//! The RON files under `configs/`: their schemas (serde types), loading with errors that name
//! the file, line and column, validation, and conversion into the plain parameter types of the
//! engine, runner and tuner crates (which know nothing of RON or files).
#![deny(missing_docs)]

pub mod engine;
pub mod flags;
pub mod limits;
pub mod run;
pub mod sprt;
pub mod tournament;
pub mod tune;

use serde::de::DeserializeOwned;
use std::io::Read;
use std::path::{Path, PathBuf};
use thiserror::Error;

/// A configuration problem, always naming the file and, where known, the line and column.
#[derive(Debug, Error)]
pub enum ConfigError {
    /// The file could not be read.
    #[error("{path}: cannot read: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The underlying error.
        source: std::io::Error,
    },
    /// The RON text does not parse or does not fit the schema (unknown field, wrong type...).
    #[error("{path}:{line}:{column}: {message}")]
    Syntax {
        /// The file.
        path: PathBuf,
        /// Line, from 1.
        line: usize,
        /// Column, from 1.
        column: usize,
        /// What is wrong.
        message: String,
    },
    /// The file parses but a value is not acceptable.
    #[error("{path}: {message}")]
    Invalid {
        /// The file.
        path: PathBuf,
        /// What is wrong and where (field name).
        message: String,
    },
}

impl ConfigError {
    /// An invalid-value error for a file.
    pub fn invalid(path: impl Into<PathBuf>, message: impl Into<String>) -> ConfigError {
        ConfigError::Invalid {
            path: path.into(),
            message: message.into(),
        }
    }

    /// A problem placed at a line and column of the file, or at the file alone.
    pub fn placed(
        path: impl Into<PathBuf>,
        at: Option<(usize, usize)>,
        message: impl Into<String>,
    ) -> ConfigError {
        match at {
            Some((line, column)) => ConfigError::Syntax {
                path: path.into(),
                line,
                column,
                message: message.into(),
            },
            None => ConfigError::invalid(path, message),
        }
    }

    /// An invalid value of `field`, placed at the field's line and column in the file's
    /// `text` when it is written there (a defaulted field is not: then the file alone).
    pub fn invalid_field(
        path: impl Into<PathBuf>,
        text: &str,
        field: &str,
        message: impl std::fmt::Display,
    ) -> ConfigError {
        ConfigError::placed(
            path,
            field_position(text, field),
            format!("{field}: {message}"),
        )
    }
}

/// The longest name of an engine, participant, test or tuning run, in characters: names
/// head table columns, PGN tags and SGF properties.
pub const MAX_NAME_LEN: usize = 128;

/// Why `name` cannot name a player or a run: empty, longer than [`MAX_NAME_LEN`]
/// characters, or holding a line break or another control character.
pub fn name_problem(name: &str) -> Option<String> {
    let len = name.chars().count();
    if name.trim().is_empty() {
        Some("must not be empty".into())
    } else if len > MAX_NAME_LEN {
        Some(format!(
            "is {len} characters long; a name has at most {MAX_NAME_LEN}"
        ))
    } else if name.chars().any(char::is_control) {
        Some("must not hold a line break, a tab or another control character".into())
    } else {
        None
    }
}

/// Refuses an empty `output` directory (it would resolve to the config file's own folder and
/// write the run's files among the configs) and a blank one (`"   "` would make a folder
/// named with spaces).
pub fn check_output(path: &Path, text: &str, output: &Path) -> Result<(), ConfigError> {
    let blank = output.to_string_lossy().trim().is_empty();
    if blank {
        return Err(ConfigError::invalid_field(
            path,
            text,
            "output",
            "must name a directory for the results (not empty, the config's own folder, nor blank)",
        ));
    }
    Ok(())
}

/// The most bytes read from one input file (a config, a table, an opening book): 64 MiB.
/// The shipped files are a few KiB and the largest book a few hundred KiB; the cap stops
/// a wrong path (`/dev/zero`, a disk image) from being read until memory runs out.
pub const MAX_INPUT_BYTES: u64 = 64 << 20;

/// Reads a text file of at most [`MAX_INPUT_BYTES`]: every config, table and book is read
/// through here. A larger file is [`ConfigError::Io`] of kind `FileTooLarge` ("larger than
/// 64 MiB"), found after reading one byte past the cap, never the whole file; text that is
/// not UTF-8 is `InvalidData`, as `std::fs::read_to_string` says it.
pub fn read_input(path: impl AsRef<Path>) -> Result<String, ConfigError> {
    let path = path.as_ref();
    let io = |source| ConfigError::Io {
        path: path.to_path_buf(),
        source,
    };
    let file = std::fs::File::open(path).map_err(io)?;
    let mut bytes = Vec::new();
    file.take(MAX_INPUT_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(io)?;
    if bytes.len() as u64 > MAX_INPUT_BYTES {
        return Err(io(std::io::Error::new(
            std::io::ErrorKind::FileTooLarge,
            format!(
                "larger than {} MiB, the most gomoku-arena reads from one input file",
                MAX_INPUT_BYTES >> 20
            ),
        )));
    }
    String::from_utf8(bytes).map_err(|_| {
        io(std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            "stream did not contain valid UTF-8",
        ))
    })
}

/// A real number as messages show it: `1e308` rather than its 309 digits.
pub(crate) fn real_text(v: f64) -> String {
    if v.is_finite() && v.abs() >= 1e9 {
        format!("{v:e}")
    } else {
        format!("{v}")
    }
}

/// Parses RON text into `T`; errors carry `path` (used only for the message) and the position.
pub fn parse_ron<T: DeserializeOwned>(text: &str, path: &Path) -> Result<T, ConfigError> {
    parse_ron_with(ron::Options::default(), text, path)
}

/// As [`parse_ron`], with `Some(..)` optional around optional values (`limit: 20`), as the
/// tournament and SPRT files allow.
pub fn parse_ron_lenient<T: DeserializeOwned>(text: &str, path: &Path) -> Result<T, ConfigError> {
    let options =
        ron::Options::default().with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME);
    parse_ron_with(options, text, path)
}

fn parse_ron_with<T: DeserializeOwned>(
    options: ron::Options,
    text: &str,
    path: &Path,
) -> Result<T, ConfigError> {
    // A byte-order mark (some Windows editors write one) is not part of the RON.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    options
        .from_str(text)
        .map_err(|e: ron::error::SpannedError| ConfigError::Syntax {
            path: path.to_path_buf(),
            line: e.span.start.line,
            column: e.span.start.col,
            message: e.code.to_string(),
        })
}

/// What each byte of RON text is part of.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Part {
    Code,
    Comment,
    /// A string literal, quotes included.
    Str,
}

/// Classifies every byte of `text` as code, comment (`//` or `/* */`) or string literal.
fn classify(text: &str) -> Vec<Part> {
    let b = text.as_bytes();
    let mut part = vec![Part::Code; b.len()];
    let mut i = 0;
    while i < b.len() {
        let start = i;
        let kind = if b[i] == b'"' {
            i += 1;
            while i < b.len() && b[i] != b'"' {
                i += if b[i] == b'\\' { 2 } else { 1 };
            }
            i = (i + 1).min(b.len());
            Part::Str
        } else if b[i..].starts_with(b"//") {
            i = text[i..].find('\n').map_or(b.len(), |e| i + e);
            Part::Comment
        } else if b[i..].starts_with(b"/*") {
            i = text[i + 2..].find("*/").map_or(b.len(), |e| i + 2 + e + 2);
            Part::Comment
        } else {
            i += 1;
            continue;
        };
        part[start..i].iter_mut().for_each(|p| *p = kind);
    }
    part
}

fn line_column(text: &str, at: usize) -> (usize, usize) {
    let before = &text[..at];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, column)
}

/// Line and column (from 1) of the `nth` occurrence (from 0; the first if there are fewer)
/// of `needle` in RON `text` outside comments; 1:1 if there is none.
pub fn ron_position(text: &str, needle: &str, nth: usize) -> (usize, usize) {
    let part = classify(text);
    let mut found = text
        .match_indices(needle)
        .map(|(i, _)| i)
        .filter(|&i| part[i] != Part::Comment);
    let first = found.clone().next();
    found
        .nth(nth)
        .or(first)
        .map_or((1, 1), |at| line_column(text, at))
}

/// Where `needle` is written in RON `text`: for a bare word that names a field (such as
/// `rounds`) and `nth` 0, where the field is written; else its `nth` occurrence outside
/// comments (1:1 if absent).
pub(crate) fn locate(text: &str, needle: &str, nth: usize) -> (usize, usize) {
    let word = needle
        .bytes()
        .all(|c| c.is_ascii_alphanumeric() || c == b'_');
    match (word && nth == 0)
        .then(|| field_position(text, needle))
        .flatten()
    {
        Some(at) => at,
        None => ron_position(text, needle, nth),
    }
}

/// Line and column (from 1) of the first place where `field` is written as a field name
/// (an identifier followed by `:`) in RON `text`, outside comments and strings.
pub fn field_position(text: &str, field: &str) -> Option<(usize, usize)> {
    field_positions(text, field).into_iter().next()
}

/// Every place (line, column from 1) where `field` is written as a field name in RON
/// `text`, outside comments and strings, in order.
pub fn field_positions(text: &str, field: &str) -> Vec<(usize, usize)> {
    let part = classify(text);
    let b = text.as_bytes();
    let ident = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    text.match_indices(field)
        .map(|(i, _)| i)
        .filter(|&i| {
            part[i] == Part::Code
                && (i == 0 || !ident(b[i - 1]))
                && b.get(i + field.len()).is_none_or(|&c| !ident(c))
                && text[i + field.len()..].trim_start().starts_with(':')
        })
        .map(|i| line_column(text, i))
        .collect()
}

/// Resolves a path named inside a config file relative to that file's directory.
pub fn resolve_relative(config_file: &Path, named: &Path) -> PathBuf {
    if named.is_absolute() {
        named.to_path_buf()
    } else {
        tidy(&config_file.parent().unwrap_or(Path::new("")).join(named))
    }
}

/// `path` as a person would type it: `a/b/../c` is `a/c` and `./x` is `x` (a `..` stays
/// after a symbolic link, which it would not undo). An empty result is `.`.
pub fn tidy(path: &Path) -> PathBuf {
    use std::path::Component;
    let mut out = PathBuf::new();
    for part in path.components() {
        match part {
            Component::CurDir => {}
            Component::ParentDir => {
                let last = out.components().next_back();
                let undoable = matches!(last, Some(Component::Normal(_)))
                    && !out.symlink_metadata().is_ok_and(|m| m.is_symlink());
                if undoable {
                    out.pop();
                } else if !matches!(last, Some(Component::RootDir)) {
                    out.push("..");
                }
            }
            other => out.push(other),
        }
    }
    if out.as_os_str().is_empty() {
        out.push(".");
    }
    out
}

/// Test support shared by the loaders' unit tests.
#[cfg(test)]
pub(crate) mod test_support {
    use std::path::Path;

    /// `text` (the file at `path`) with its first `from` replaced by `to` is refused by
    /// `parse` at the line and column where `to` writes the field `needle` begins with, with
    /// a message holding `needle`.
    pub fn refused_at<T, E: std::fmt::Display>(
        path: &Path,
        text: &str,
        (from, to, needle): (&str, &str, &str),
        parse: impl Fn(&str, &Path) -> Result<T, E>,
    ) {
        assert!(text.contains(from), "{from}");
        let text = text.replacen(from, to, 1);
        let field = needle.split(':').next().unwrap();
        let at = text.find(to).unwrap() + to.find(field).unwrap();
        let line = text[..at].matches('\n').count() + 1;
        let column = at - text[..at].rfind('\n').map_or(0, |i| i + 1) + 1;
        let err = match parse(&text, path) {
            Ok(_) => panic!("{to} accepted"),
            Err(e) => e.to_string(),
        };
        let prefix = format!("{}:{line}:{column}: ", path.display());
        assert!(
            err.starts_with(&prefix),
            "{to}: expected {prefix}... got {err}"
        );
        assert!(err.contains(needle), "{to}: expected '{needle}' in {err}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_are_tidied_as_typed() {
        let t = |s: &str| tidy(Path::new(s)).display().to_string();
        assert_eq!(
            t("configs/tournaments/../../reports/quick"),
            "reports/quick"
        );
        assert_eq!(t("./a/./b"), "a/b");
        assert_eq!(t("../x"), "../x");
        assert_eq!(t("a/../.."), "..");
        assert_eq!(t("/../a"), "/a");
        assert_eq!(t(""), ".");
        let beside = resolve_relative(Path::new("quick.ron"), Path::new("engine"));
        assert_eq!(beside, Path::new("engine"));
        assert_eq!(
            resolve_relative(
                Path::new("configs/tournaments/quick.ron"),
                Path::new("../../openings/x.txt")
            ),
            Path::new("openings/x.txt")
        );
    }

    #[derive(Debug, serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Sample {
        depth: u32,
    }

    #[test]
    fn fields_are_found_outside_comments_and_strings() {
        let text = "// depth: 9 in a comment\nEngine(\n  name: \"depth: 3\", /* depth: 1 */\n  max_depth: 2,\n  depth : 0,\n)";
        assert_eq!(field_position(text, "depth"), Some((5, 3)));
        assert_eq!(field_position(text, "name"), Some((3, 3)));
        assert_eq!(field_position(text, "top_n"), None);
        assert_eq!(ron_position(text, "depth", 0), (3, 10));
        assert_eq!(ron_position(text, "absent", 0), (1, 1));
        let err = ConfigError::invalid_field("e.ron", text, "depth", "0 not in 1..=64");
        assert_eq!(err.to_string(), "e.ron:5:3: depth: 0 not in 1..=64");
        let err = ConfigError::invalid_field("e.ron", text, "radius", "bad");
        assert_eq!(err.to_string(), "e.ron: radius: bad");
    }

    #[test]
    fn unknown_field_names_line_and_column() {
        let err = parse_ron::<Sample>("(\n  depth: 4,\n  dpth: 5,\n)", Path::new("x.ron"))
            .unwrap_err()
            .to_string();
        assert!(err.starts_with("x.ron:3:"), "{err}");
        assert!(err.contains("dpth"), "{err}");
    }

    #[test]
    fn input_files_are_read_up_to_64_mib() {
        // /dev/zero never ends: it used to be read until memory ran out.
        let err = read_input("/dev/zero").unwrap_err();
        match &err {
            ConfigError::Io { source, .. } => {
                assert_eq!(source.kind(), std::io::ErrorKind::FileTooLarge)
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(
            err.to_string(),
            "/dev/zero: cannot read: larger than 64 MiB, the most gomoku-arena reads from one input file"
        );
        let dir = std::env::temp_dir().join(format!("gomoku-config-input-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let exact = dir.join("exact.txt");
        std::fs::write(&exact, vec![b'#'; MAX_INPUT_BYTES as usize]).unwrap();
        assert_eq!(read_input(&exact).unwrap().len() as u64, MAX_INPUT_BYTES);
        let latin1 = dir.join("latin1.txt");
        std::fs::write(&latin1, b"caf\xe9").unwrap();
        let err = read_input(&latin1).unwrap_err().to_string();
        assert!(
            err.ends_with("cannot read: stream did not contain valid UTF-8"),
            "{err}"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
