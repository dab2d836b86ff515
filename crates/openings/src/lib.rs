//! Balanced opening books, made and proven by the project.
//!
//! - [`generate()`] places random stones in a small central area, throws away positions with a
//!   five-point, a four or a forced VCF for either side, searches the rest and keeps those
//!   whose score for the side to move lies within a margin of zero (or can be brought there by
//!   one or two balancing moves, as Rapfi's generator does), deduplicated under the board
//!   symmetries. A book is the same for a seed on any number of threads.
//! - [`mod@verify`] plays every opening several times with an engine against itself, through the
//!   runner's match layer into a run directory, and reports the first-mover (Black) score per
//!   opening and over the book; it shards, resumes and merges as a tournament does.
//! - [`mod@book`] reads, writes and converts book files, and finds `bench`'s workload book.
//! - [`verify_run`] runs a verification as the `openings verify` command asks: played, one
//!   shard of it, or merged from its shards.
#![deny(missing_docs)]

pub mod book;
pub mod generate;
pub mod verify;
pub mod verify_run;

pub use book::{Book, convert, parse_format, read_book, workload_book, write_book};
pub use generate::{
    GenerateParams, GeneratedBook, GeneratedOpening, MAX_COUNT, RejectCounts, generate,
    has_five_point, has_vcf, parse_stones, parse_to_move,
};
pub use verify::{
    OpeningStats, PLAYERS, Verification, VerifyParams, VerifyReport, summarize, tally,
};

use gomoku_board::BoardError;
use gomoku_engine::EngineError;
use gomoku_runner::RunnerError;
use std::path::{Path, PathBuf};
use thiserror::Error;

/// Why a book could not be made, read, written or verified.
#[derive(Debug, Error)]
pub enum OpeningsError {
    /// The engine parameters are invalid.
    #[error("engine: {0}")]
    Engine(#[from] EngineError),
    /// A parameter is out of range.
    #[error("{0}")]
    Param(String),
    /// The attempt budget ran out before the book was full.
    #[error(
        "only {found} of {wanted} openings found in {attempts} attempts; widen the margin or the area"
    )]
    Exhausted {
        /// Openings found.
        found: usize,
        /// Openings asked for.
        wanted: usize,
        /// Attempts made.
        attempts: u64,
    },
    /// A book file does not parse or does not fit the board and rule.
    #[error("{path}: {message}", path = path.display())]
    Book {
        /// The file.
        path: PathBuf,
        /// What is wrong, with its line.
        message: String,
    },
    /// An opening cannot be written (a board past column `z` in pos notation).
    #[error("{0}")]
    Board(#[from] BoardError),
    /// A file could not be read or written.
    #[error("{path}: {source}", path = path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// The cause.
        source: std::io::Error,
    },
    /// The run directory or the match layer refused or failed.
    #[error("{0}")]
    Runner(#[from] RunnerError),
    /// A workload book of `bench` cannot be read.
    #[error("reading the workload book {}", path.display())]
    WorkloadBook {
        /// The book.
        path: PathBuf,
        /// Why.
        source: Box<OpeningsError>,
    },
    /// A directory to merge holds another verification (another book, engine or options).
    #[error(
        "{dir}: games of verification run {found}, but this book and these options are run {expected}; pass the book and options the shards were run with",
        dir = dir.display()
    )]
    ForeignRun {
        /// The directory.
        dir: PathBuf,
        /// Its run hash.
        found: String,
        /// This verification's run hash.
        expected: String,
    },
}

impl OpeningsError {
    /// An I/O error on a path.
    pub fn io(path: &Path, source: std::io::Error) -> OpeningsError {
        OpeningsError::Io {
            path: path.to_path_buf(),
            source,
        }
    }
}
