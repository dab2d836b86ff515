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
//!   [`game_sprt`]: c-gomoku-cli's `-sprt`, a tournament run stopped game by game;
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
pub mod game_sprt;
pub mod journal;
pub mod merge;
pub mod outputs;
pub mod player;
pub mod players;
pub mod progress;
pub mod rundir;
pub mod samples;
pub mod schedule;
pub mod shard;
pub mod sprt;
pub mod standings;
pub mod tournament;
pub mod verbose;

pub use batch::{
    Batch, BatchResult, Observer, Participant, PlayOptions, effective_threads, parse_threads,
};
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
pub use schedule::{
    Job, Pairing, batch_seed, build_schedule, cgc_book_order, cgc_schedule, job_rng, pair_jobs,
    shard_jobs,
};
pub use standings::Standings;
pub use tournament::{RunOptions, RunSummary, TournamentSpec, run_jobs, run_tournament};

use journal::RUN_FILE;
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
    /// A directory holds the games of another shard (or of several) than asked for.
    #[error(
        "{}: this directory holds {}, but {} was asked for; resume it with the same --shard (none for a whole or merged run)",
        dir.display(),
        recorded.map_or("games of several shards".into(), shard_name),
        asked.map_or("the whole run".into(), shard_name)
    )]
    ShardMismatch {
        /// The directory.
        dir: PathBuf,
        /// The shard its games are of, `None` for games of several shards.
        recorded: Option<(usize, usize)>,
        /// The shard asked for, `None` for the whole run.
        asked: Option<(usize, usize)>,
    },
    /// A merge's input is not a run directory.
    #[error("merge: {} has no {RUN_FILE}: not a run directory", .0.display())]
    MergeNotARun(PathBuf),
    /// A merge was given no input.
    #[error("merge: no input directories given")]
    MergeNoInputs,
    /// A merge's output directory is one of its inputs.
    #[error(
        "merge: the output directory {} is also an input ({}); merge into a new directory",
        out.display(),
        input.display()
    )]
    MergeIntoInput {
        /// The output directory.
        out: PathBuf,
        /// The input it is.
        input: PathBuf,
    },
    /// A merge's output directory holds files and `--force` was not given.
    #[error(
        "merge: {} already exists and is not empty; use --force to overwrite its run",
        .0.display()
    )]
    MergeOutputOccupied(PathBuf),
    /// Two inputs of a merge have the same run hash but different settings.
    #[error(
        "merge: {} and {} have the same run hash {run} but different {RUN_FILE} settings; they are not shards of one run",
        dir.display(),
        first.display()
    )]
    MergeSettingsDiffer {
        /// The directory read second.
        dir: PathBuf,
        /// The directory read first.
        first: PathBuf,
        /// Their run hash.
        run: String,
    },
    /// A shard `i/n` out of range.
    #[error("shard {index}/{count}: need 0 <= i < n")]
    BadShard {
        /// i.
        index: usize,
        /// n.
        count: usize,
    },
    /// A tournament of fewer than two participants.
    #[error("a tournament needs at least two participants")]
    TooFewParticipants,
    /// Two participants share a name.
    #[error("two participants are named '{0}'")]
    DuplicateName(String),
    /// A tournament without openings.
    #[error("the opening book is empty")]
    EmptyBook,
    /// Under c-gomoku-cli's `-fatalerror`, an engine crashed or timed out: the run stops and
    /// this game is not journaled (a resume plays it again).
    #[error(
        "fatal error in game {game} ({black} vs {white}): {message}; the journal holds every finished game"
    )]
    FatalFault {
        /// The game's number, from 1 (its job index + 1, as the `Finished game` lines).
        game: usize,
        /// Black's name.
        black: String,
        /// White's name.
        white: String,
        /// The engine at fault and its fault.
        message: String,
    },
    /// A job names a player or an opening the batch does not have.
    #[error("job {0} names a player or an opening that does not exist")]
    UnknownJobPlayer(usize),
    /// The worker threads could not be started.
    #[error("cannot start the thread pool: {0}")]
    ThreadPool(#[source] rayon::ThreadPoolBuildError),
    /// A player's engine could not be built.
    #[error("{player}: {source}")]
    Engine {
        /// The player.
        player: String,
        /// Why.
        source: gomoku_engine::EngineError,
    },
    /// An SPRT's settings are refused by the test.
    #[error("{}: {source}", path.display())]
    SprtSettings {
        /// The SPRT file.
        path: PathBuf,
        /// Why.
        source: gomoku_stats::StatsError,
    },
    /// A game of an SPRT could not be played, which stops the test.
    #[error("game {job} could not be played: {message}")]
    Unplayed {
        /// The game (job).
        job: usize,
        /// What the game's record says (`no result` without a message).
        message: String,
    },
    /// A statistics routine refused a game's score.
    #[error("{0}")]
    Stats(#[from] gomoku_stats::StatsError),
}

/// `shard I/N`.
fn shard_name((i, n): (usize, usize)) -> String {
    format!("shard {i}/{n}")
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

#[cfg(test)]
mod tests {
    use super::RunnerError;
    use std::path::PathBuf;

    #[test]
    fn a_shard_mismatch_names_what_the_directory_holds_and_what_was_asked() {
        let err = |recorded, asked| {
            RunnerError::ShardMismatch {
                dir: PathBuf::from("out"),
                recorded,
                asked,
            }
            .to_string()
        };
        assert_eq!(
            err(Some((1, 4)), None),
            "out: this directory holds shard 1/4, but the whole run was asked for; resume it with the same --shard (none for a whole or merged run)"
        );
        assert_eq!(
            err(None, Some((0, 2))),
            "out: this directory holds games of several shards, but shard 0/2 was asked for; resume it with the same --shard (none for a whole or merged run)"
        );
    }

    #[test]
    fn merge_errors_name_the_run_file() {
        assert_eq!(
            RunnerError::MergeNotARun(PathBuf::from("a")).to_string(),
            "merge: a has no run.json: not a run directory"
        );
        let differ = RunnerError::MergeSettingsDiffer {
            dir: PathBuf::from("b"),
            first: PathBuf::from("a"),
            run: "0123".into(),
        };
        assert_eq!(
            differ.to_string(),
            "merge: b and a have the same run hash 0123 but different run.json settings; they are not shards of one run"
        );
    }
}
