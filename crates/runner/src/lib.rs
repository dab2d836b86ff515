//! The tournament runner of gomoku-arena: plays Gomoku players (in-process engines, built-in
//! heuristics, later external engines) against each other on all cores, journals every game
//! as it ends, resumes interrupted runs, and writes PGN, SGF and standings.
//!
//! The pieces, each usable alone by SPRT and tuning code:
//! - [`player`]: the [`Player`] trait, clocks and answers, built-in players;
//! - [`game`]: [`play_game`], one game from an opening, and its [`GameRecord`];
//! - [`schedule`]: the fixed job list and per-job generators (the source of determinism);
//! - [`journal`]: `games.jsonl` and `run.json`;
//! - [`tournament`]: [`run_tournament`] on a rayon pool (whole, or one shard `I/N`);
//! - [`merge`]: [`merge_runs`], the shard directories of a run joined into one;
//! - [`standings`], [`outputs`], [`progress`]: tables, files and live output;
//! - [`engine_player`]: the in-process engine as a [`Player`].
//!
//! Architecture invariant: a game depends only on the run seed, its job index, the opening and
//! the players' parameters; never on the thread that plays it or the games played before.
#![deny(missing_docs)]

pub mod engine_player;
pub mod game;
pub mod journal;
pub mod merge;
pub mod outputs;
pub mod player;
pub mod progress;
pub mod schedule;
pub mod standings;
pub mod tournament;

pub use engine_player::{EnginePlayer, engine_factory};
pub use game::{GameRecord, GameResult, MoveRecord, Reason, SideTotals, play_game};
pub use journal::{JournalLine, RunInfo, read_journal};
pub use merge::{MergeOptions, MergeReport, merge_runs};
pub use outputs::write_outputs;
pub use player::{
    BuiltinKind, BuiltinPlayer, ClockState, MoveAnswer, Player, PlayerFactory, PlayerFault,
    SearchCounters, TimeControl,
};
pub use schedule::{Job, Pairing, build_schedule, job_rng};
pub use standings::Standings;
pub use tournament::{
    Observer, Participant, RunOptions, RunSummary, TournamentSpec, run_tournament,
};

use std::path::{Path, PathBuf};

/// What can stop a run.
#[derive(Debug, thiserror::Error)]
pub enum RunnerError {
    /// A file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The cause.
        source: std::io::Error,
    },
    /// A journal or run file line does not parse.
    #[error("{path}:{line}: {message}")]
    Journal {
        /// The file.
        path: PathBuf,
        /// Line, from 1.
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// The journal belongs to another run (other config, seed, players or openings).
    #[error(
        "{path}: journal of run {found}, but this configuration is run {expected}; use another output directory or delete the journal"
    )]
    RunMismatch {
        /// The journal.
        path: PathBuf,
        /// The hash found in it.
        found: String,
        /// This run's hash.
        expected: String,
    },
    /// A directory to merge belongs to another run than the first one.
    #[error(
        "{path}: shard of run {found}, but {first} is run {expected}: not shards of one run (another configuration or seed); merge only the shards of one run"
    )]
    ForeignRun {
        /// The foreign directory or journal.
        path: PathBuf,
        /// Its run hash.
        found: String,
        /// The directory (or run file) of the expected run.
        first: PathBuf,
        /// The expected run hash.
        expected: String,
    },
    /// Two inputs of a merge hold the same job with different games.
    #[error(
        "job {job} was played differently in {first} and in {second} (not only in timing): they are not shards of one deterministic run; leave one of them out"
    )]
    MergeConflict {
        /// The job index.
        job: usize,
        /// The directory read first.
        first: PathBuf,
        /// The directory read second.
        second: PathBuf,
    },
    /// A journal with games exists and resume was not asked for.
    #[error("{0} already holds games: resume it with --resume, or delete it to start over")]
    JournalExists(PathBuf),
    /// The tournament cannot run as specified.
    #[error("{0}")]
    Invalid(String),
}

impl RunnerError {
    /// An I/O error on a path.
    pub fn io(path: &Path, source: std::io::Error) -> RunnerError {
        RunnerError::Io {
            path: path.to_path_buf(),
            source,
        }
    }
}
