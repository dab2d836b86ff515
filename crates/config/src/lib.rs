//! The RON files under `configs/`: their serde types, loading with errors that name the file,
//! line and column, validation, and conversion into the plain parameter types of the engine,
//! runner and tuner crates (which know nothing of RON or files). What every field means, its
//! default and its limits is `docs/CONFIG.md`, generated from these types by
//! `crates/config-docs`.
//!
//! Each kind of file has a `parse_*` function that takes its text and the path it came from
//! (which relative paths and messages use) and a `load_*` function that reads the path through
//! [`read_input`] and parses it. Positions in messages come from the parser ([`Spans`]).
//!
//! # Glossary: one name per concept
//!
//! - As a file writes it: [`engine::EngineFile`] (an `Engine(...)` file; loaded and checked,
//!   an [`engine::LoadedEngine`]); [`tournament::ParticipantEntry`] (one entry of a
//!   tournament's `participants`, before loading: a `Sweep` becomes several players);
//!   an SPRT's `candidate` and `baseline` are such entries too (a `Sweep` refused).
//! - As `run.json` records it: [`run::PlayerRecord`] (one resolved player of a run: name,
//!   origin and [`run::PlayerKind`]: an in-process engine's [`run::EngineRecord`], a built-in
//!   player, or an [`run::ExternalProgram`]), inside [`run::RunConfig`].
//! - As the engine takes it: [`gomoku_engine::EngineParams`], which [`run::EngineRecord`]
//!   converts to and from.
#![deny(missing_docs)]

/// Functions that give serde a field's default: `defaults! { d_depth: u32 = 4; }`.
macro_rules! defaults {
    ($($name:ident: $ty:ty = $value:expr;)*) => {$( fn $name() -> $ty { $value } )*};
}

/// `$ty { .. }` with the engine settings that engine files, run records and
/// [`gomoku_engine::EngineParams`] name alike copied from `$from`, then the `$rest` of its
/// fields: the one list of them for the three conversions.
macro_rules! engine_settings {
    ($ty:path, $from:expr, $($rest:tt)*) => {{
        let f = $from;
        $ty {
            depth: f.depth, top_n: f.top_n, radius: f.radius, tt_mib: f.tt_mib,
            iterative_deepening: f.iterative_deepening, killers: f.killers, history: f.history,
            vcf: f.vcf, vcf_depth: f.vcf_depth, tie_break_margin: f.tie_break_margin,
            threads: f.threads, $($rest)*
        }
    }};
}

/// `$ty { .. }` with the eight search features copied from `$from` (an engine file, a run
/// record's features or [`gomoku_engine::SearchFeatures`]).
macro_rules! search_features {
    ($ty:path, $from:expr) => {{
        let f = $from;
        $ty {
            aspiration: f.aspiration,
            lmr: f.lmr,
            lmr_scale: f.lmr_scale,
            move_count: f.move_count,
            history_bound: f.history_bound,
            node_futility: f.node_futility,
            razoring: f.razoring,
            futility: f.futility,
            threat_extension: f.threat_extension,
            block_extension: f.block_extension,
            counter_moves: f.counter_moves,
            eval_average: f.eval_average,
            three_defence: f.three_defence,
            exact_defence: f.exact_defence,
            singular_margin: f.singular_margin,
            singular_depth: f.singular_depth,
            singular_tt_depth: f.singular_tt_depth,
            static_wins: f.static_wins,
            quiescence: f.quiescence,
            quiescence_delta: f.quiescence_delta,
            quiescence_plain_fours: f.quiescence_plain_fours,
            fixed_time_start_share: f.fixed_time_start_share,
            frontier_width: f.frontier_width,
            alpha_reduction_bound: f.alpha_reduction_bound,
            alpha_reduction_depth: f.alpha_reduction_depth,
            root_width: f.root_width,
            root_reduction_from: f.root_reduction_from,
            order_opp_gain: f.order_opp_gain,
            order_class_heat: f.order_class_heat,
        }
    }};
}

mod book;
pub mod builtin;
pub mod cgc;
mod checks;
pub mod engine;
pub mod flags;
mod input;
pub mod limits;
mod overrides;
mod participants;
pub mod run;
mod spans;
pub mod sprt;
pub mod tournament;
pub mod tune;
pub mod tune_params;

pub use checks::name_problem;
pub use input::{InputLine, InputLines, read_input_bytes, read_input_text};
pub use spans::{Spans, parse_ron, parse_ron_lenient, parse_ron_spanned};

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
    /// The RON text does not parse or does not fit the schema (unknown field, wrong type...),
    /// or a value placed at its line and column is not acceptable.
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
}

/// The longest name of an engine, participant, test or tuning run, in characters: names
/// head table columns, PGN tags and SGF properties.
pub const MAX_NAME_LEN: usize = 128;

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
    read_input_text(path).map_err(|source| ConfigError::Io {
        path: path.to_path_buf(),
        source,
    })
}

/// Reads the file at `path` through [`read_input`] and parses its text with `parse`: how every
/// `load_*` function reads its file.
pub(crate) fn load_with<T>(
    path: &Path,
    parse: impl FnOnce(&str, &Path) -> Result<T, ConfigError>,
) -> Result<T, ConfigError> {
    parse(&read_input(path)?, path)
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

    /// The rows of a table written one a line, cells split by ` | ` (`\n` in a cell stands for
    /// a line break); blank lines and `#` comments are left out.
    pub fn rows<const N: usize>(table: &str) -> Vec<[String; N]> {
        let lines = table.lines().map(str::trim);
        lines
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .map(|l| {
                let cells: Vec<String> = l.split(" | ").map(|c| c.replace("\\n", "\n")).collect();
                cells
                    .try_into()
                    .unwrap_or_else(|c| panic!("{N} cells expected: {c:?}"))
            })
            .collect()
    }

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
