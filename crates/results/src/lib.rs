//! The results of gomoku-arena runs, between the run files and what `rate` and `report` show:
//!
//! - [`read`]: a run directory, a `games.jsonl` journal or a results-only PGN read into pool
//!   games with their game pairs ([`Results`]); a journal is checked line by line against its
//!   `run.json` (run hash, player indices), or against itself when there is none;
//! - [`pool`]: the Ordo-style pool table of `rate` ([`PoolTable`]);
//! - [`matchup`]: trinomial and pentanomial statistics of a two-player result set;
//! - [`ending`]: the score, Elo, LOS and pentanomial block a match ends with;
//! - [`rating`]: the three together as `rate` computes them ([`Rating`]);
//! - [`run_report`]: a run directory's report ([`RunReport`]): the input of
//!   `gomoku_report::write_report` built from the typed `run.json`, the journal, `sprt.json`
//!   and a tuning history, plus the notable games as SGF.
//!
//! Everything here reads files and computes; nothing prints. Warnings (a torn last line, a
//! `run.json` of another version) are returned for the caller to show.
#![deny(missing_docs)]

pub mod ending;
pub mod matchup;
pub mod pool;
pub mod rating;
pub mod read;
pub mod run_report;
pub mod sprt_text;

pub use ending::match_endings;
pub use matchup::{MatchStats, match_stats};
pub use pool::{ErrorMethod, PoolRow, PoolTable, TableOptions, parse_anchor, pool_table};
pub use rating::{Rating, rate};
pub use read::{Results, SourceKind, load_results, results_from_lines, results_from_pgn};
pub use run_report::RunReport;

use gomoku_runner::journal::JOURNAL_FILE;
use std::path::PathBuf;

/// What can go wrong reading or rating results.
#[derive(Debug, thiserror::Error)]
pub enum ResultsError {
    /// A run file or journal could not be read, or a journal line is not of its run.
    #[error(transparent)]
    Runner(#[from] gomoku_runner::RunnerError),
    /// The report could not be written.
    #[error(transparent)]
    Report(#[from] gomoku_report::ReportError),
    /// A file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The cause.
        source: std::io::Error,
    },
    /// A line of an input file is wrong.
    #[error("{path}:{line}: {message}")]
    Line {
        /// The file.
        path: PathBuf,
        /// Line, from 1.
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// A directory to rate has no journal.
    #[error(
        "{}: no {JOURNAL_FILE} in this directory (is it a run directory?)",
        .0.display()
    )]
    NotARun(PathBuf),
    /// A directory to rate or report on is a tuning run, whose games are in its steps.
    #[error(
        "{}: a tuning run, not a run directory: its confirmation games are the run directory {} (rate or report that)",
        .0.display(),
        gomoku_tune::confirm::confirmation_dir(.0).display()
    )]
    TuningRun(PathBuf),
    /// A run directory to report on has no journal.
    #[error(
        "{}: no {JOURNAL_FILE} (is {} a run directory?)",
        .0.join(JOURNAL_FILE).display(),
        .0.display()
    )]
    NoRunJournal(PathBuf),
    /// A file to rate is neither a journal nor a PGN.
    #[error(
        "{}: not a run directory, a games.jsonl journal or a PGN file (a PGN starts with a tag such as [Event \"...\"]; a tournament file is played with `gomoku-arena tournament`, then rated by its output directory)",
        .0.display()
    )]
    NotResults(PathBuf),
    /// A PGN file could not be read as results.
    #[error("{}: {source}", path.display())]
    Pgn {
        /// The file.
        path: PathBuf,
        /// Why.
        source: gomoku_stats::StatsError,
    },
    /// No finished game to rate (in the file, when one is named).
    #[error(
        "{}no finished games to rate",
        path.as_ref().map_or(String::new(), |p| format!("{}: ", p.display()))
    )]
    NoGames {
        /// The file the games came from.
        path: Option<PathBuf>,
    },
    /// No finished game to report.
    #[error("{}: no finished games to report", .0.display())]
    NothingToReport(PathBuf),
    /// An `--anchor` whose value is not a rating within ±[`pool::MAX_ANCHOR`].
    #[error(
        "--anchor {0}: the value after '=' must be a rating from -{max} to {max}",
        max = pool::MAX_ANCHOR
    )]
    BadAnchor(String),
    /// The anchor is not one of the players.
    #[error("anchor '{name}' is not a player (players: {})", players.join(", "))]
    UnknownAnchor {
        /// The anchor's name.
        name: String,
        /// The players.
        players: Vec<String>,
    },
    /// Two players are not connected by games, so their ratings cannot be compared.
    #[error(
        "players {0} and {1} are not connected by any chain of games: their ratings cannot be compared"
    )]
    Disconnected(String, String),
    /// The pool fit failed.
    #[error("pool fit: {0}")]
    PoolFit(gomoku_stats::StatsError),
    /// A statistics routine refused the results.
    #[error("{0}")]
    Stats(#[from] gomoku_stats::StatsError),
}

impl ResultsError {
    fn io(path: &std::path::Path, source: std::io::Error) -> ResultsError {
        ResultsError::Io {
            path: path.to_path_buf(),
            source,
        }
    }
}

/// Why `dir` (which has no journal) cannot be rated or reported: a tuning run's own error
/// when it holds a tuning checkpoint, else `plain`'s.
fn not_a_run(dir: &std::path::Path, plain: fn(PathBuf) -> ResultsError) -> ResultsError {
    let dir = dir.to_path_buf();
    if dir.join(gomoku_tune::checkpoint::STATE_FILE).is_file() {
        ResultsError::TuningRun(dir)
    } else {
        plain(dir)
    }
}

/// An Elo difference with its sign and one decimal: `+12.3`, `-4.0`, `0.0`, `+inf`.
pub fn fmt_signed(v: f64) -> String {
    gomoku_stats::fmt_signed_to(v, 1)
}

/// A magnitude with one decimal (`12.3`) or `inf`.
pub fn fmt_abs(v: f64) -> String {
    if v.is_finite() {
        format!("{v:.1}")
    } else {
        "inf".into()
    }
}

/// A fraction as a percentage with one decimal (`54.2%`).
pub fn fmt_pct(v: f64) -> String {
    format!("{:.1}%", 100.0 * v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_print_without_negative_zero() {
        assert_eq!(fmt_signed(-0.04), "+0.0");
        assert_eq!(fmt_signed(12.34), "+12.3");
        assert_eq!(fmt_signed(f64::NEG_INFINITY), "-inf");
        assert_eq!(fmt_signed(f64::NAN), "?");
        assert_eq!(fmt_abs(f64::INFINITY), "inf");
        assert_eq!(fmt_pct(0.5421), "54.2%");
    }

    #[test]
    fn error_messages_name_the_file_when_there_is_one() {
        let none = ResultsError::NoGames { path: None };
        assert_eq!(none.to_string(), "no finished games to rate");
        let some = ResultsError::NoGames {
            path: Some(PathBuf::from("run/games.jsonl")),
        };
        assert_eq!(
            some.to_string(),
            "run/games.jsonl: no finished games to rate"
        );
        assert_eq!(
            ResultsError::NoRunJournal(PathBuf::from("run")).to_string(),
            "run/games.jsonl: no games.jsonl (is run a run directory?)"
        );
        assert_eq!(
            ResultsError::NotARun(PathBuf::from("run")).to_string(),
            "run: no games.jsonl in this directory (is it a run directory?)"
        );
    }
}
