//! The tournament runner of gomoku-arena: plays Gomoku players (in-process engines, built-in
//! heuristics, later external engines) against each other on all cores, journals every game
//! as it ends, resumes interrupted runs, and writes PGN, SGF and standings.
//!
//! The pieces:
//! - [`player`]: the [`Player`] trait, clocks and answers, built-in players;
//! - [`engine_player`], [`external_player`]: the in-process engine and an external Gomocup
//!   engine as [`Player`]s; [`players`] builds any of them from a config's player;
//! - [`game`]: [`play_game`], one game from an opening, and its [`GameRecord`];
//! - [`schedule`]: job lists (tournament schedules, game pairs, shards) and the per-job
//!   generators (the one source of randomness);
//! - [`batch`]: the match layer, [`Batch::play`]: every game of every command is played there;
//! - [`journal`], [`rundir`]: `games.jsonl`, the typed `run.json`, and a run directory's
//!   lock, ownership check and resume rule;
//! - [`tournament`]: [`run_tournament`] (whole, or one shard `I/N`);
//! - [`sprt`]: the SPRT driver, game pairs until the test decides, and its `sprt.json`;
//! - [`merge`]: [`merge_runs`], the shard directories of a run joined into one;
//! - [`standings`], [`outputs`], [`progress`]: tables, files and live output.
//!
//! Architecture invariant: a game depends only on the run seed, its job index, the opening and
//! the players' parameters; never on the thread that plays it or the games played before.
#![deny(missing_docs)]

pub mod batch;
pub mod bench;
pub mod console_run;
pub mod engine_player;
pub mod external_player;
pub mod game;
pub mod journal;
pub mod merge;
pub mod outputs;
pub mod player;
pub mod players;
pub mod progress;
pub mod rundir;
pub mod schedule;
pub mod shard;
pub mod sprt;
pub mod standings;
pub mod tournament;
pub mod verbose;

pub use batch::{Batch, BatchResult, Observer, Participant, PlayOptions, effective_threads};
pub use engine_player::{EnginePlayer, engine_factory};
pub use external_player::{ExternalPlayer, ExternalSpec, external_factory};
pub use game::{GameRecord, GameResult, MoveRecord, Overshoots, Reason, SideTotals, play_game};
pub use journal::{JournalLine, RunInfo, read_journal, write_atomic};
pub use merge::{MergeOptions, MergeReport, merge_runs};
pub use outputs::write_outputs;
pub use player::{
    BuiltinKind, BuiltinPlayer, ClockState, MoveAnswer, Player, PlayerFactory, PlayerFault,
    SearchCounters, TimeControl,
};
pub use rundir::{OpenMode, RunDir};
pub use schedule::{Job, Pairing, batch_seed, build_schedule, job_rng, pair_jobs, shard_jobs};
pub use standings::Standings;
pub use tournament::{RunOptions, RunSummary, TournamentSpec, run_jobs, run_tournament};

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
        "{path}: run {found}, but this configuration is run {expected} (another configuration or seed): choose another output directory, or add --force to start this run there afresh"
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
    /// A run file is of a format version this build does not read.
    #[error(
        "{path}: format version {found}, but this gomoku-arena reads version {expected}; it was written by another version: run again into a new directory (`rate` still reads its games.jsonl)"
    )]
    Version {
        /// The file.
        path: PathBuf,
        /// The version found.
        found: String,
        /// The version this build reads.
        expected: u32,
    },
    /// A journal with games exists and resume was not asked for.
    #[error(
        "{0} already holds games of this run: continue it with --resume, or add --force to start afresh"
    )]
    JournalExists(PathBuf),
    /// The output directory holds files but no run.
    #[error(
        "{dir} holds files but no run (for example {example}): choose another output directory, or add --force to write there anyway"
    )]
    NotARun {
        /// The directory.
        dir: PathBuf,
        /// One file found in it.
        example: String,
    },
    /// Another process writes to the run directory.
    #[error(
        "{dir} is in use by {holder}: two runs cannot write one directory; wait for it to end or choose another output directory"
    )]
    Locked {
        /// The directory.
        dir: PathBuf,
        /// Who holds the lock, as its lock file says.
        holder: String,
    },
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
