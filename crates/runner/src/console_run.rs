//! A tournament played from the command line, as `tournament` and `match` play it: the
//! progress bar and standings on the console (or c-gomoku-cli's line per game), the run into
//! its output directory, then the standings, PGN and SGF written from the games in memory
//! (the run's lines are its whole journal, the resumed ones as the run directory read and
//! checked them, so nothing is read back).

use crate::RunnerError;
use crate::journal::RunInfo;
use crate::outputs::write_outputs_from;
use crate::progress::ConsoleObserver;
use crate::rundir::OpenMode;
use crate::standings::Standings;
use crate::tournament::{RunOptions, RunSummary, TournamentSpec, run_tournament};
use crate::verbose::VerboseObserver;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use thiserror::Error;

/// How a tournament is played from the command line.
#[derive(Clone, Copy, Debug)]
pub struct ConsoleRun<'a> {
    /// The output directory.
    pub output: &'a Path,
    /// Worker threads (0: all cores).
    pub threads: usize,
    /// Resume or force.
    pub mode: OpenMode,
    /// One stripe of the schedule, if any.
    pub shard: Option<(usize, usize)>,
    /// No progress bar and no intermediate standings.
    pub quiet: bool,
    /// c-gomoku-cli's line per finished game.
    pub verbose: bool,
    /// What is played, for the errors (`tournament FILE`, `the match`).
    pub what: &'a str,
}

/// A tournament played: its games, its run file and the standings written.
pub struct Played {
    /// What the run did, with every journaled game.
    pub summary: RunSummary,
    /// The run file of the output directory.
    pub info: RunInfo,
    /// The standings of every journaled game.
    pub standings: Standings,
}

/// Why a tournament could not be played or its outputs written.
#[derive(Debug, Error)]
pub enum ConsoleRunError {
    /// The run failed.
    #[error("running {what}: {source}")]
    Run {
        /// What was played.
        what: String,
        /// Why.
        source: RunnerError,
    },
    /// The run file cannot be read back.
    #[error("reading {}: {source}", path.display())]
    Info {
        /// The output directory.
        path: PathBuf,
        /// Why.
        source: RunnerError,
    },
    /// The standings, PGN or SGF cannot be written.
    #[error("writing outputs to {}: {source}", path.display())]
    Outputs {
        /// The output directory.
        path: PathBuf,
        /// Why.
        source: RunnerError,
    },
}

/// Plays `spec` as `how` says, printing its header line (`tournament NAME: ..., output
/// DIR`) first, standings every `standings_every` games (0: none) and stopping early when
/// `stop` is set; then writes the standings, PGN and SGF.
pub fn play_on_console(
    spec: &TournamentSpec,
    how: &ConsoleRun<'_>,
    standings_every: u64,
    stop: &AtomicBool,
) -> Result<Played, ConsoleRunError> {
    let output = how.output;
    let names: Vec<String> = spec.participants.iter().map(|p| p.name.clone()).collect();
    let every = if how.quiet { 0 } else { standings_every };
    let console = ConsoleObserver::new(names.clone(), every, !how.quiet);
    let verbose = VerboseObserver::new(&console, &names);
    eprintln!(
        "tournament {}, output {}",
        spec.describe(how.shard),
        output.display()
    );
    let opts = RunOptions {
        threads: how.threads,
        output: Some(output),
        mode: how.mode,
        shard: how.shard,
        stop: Some(stop),
        observer: Some(if how.verbose { &verbose } else { &console }),
    };
    let summary = run_tournament(spec, &opts).map_err(|source| ConsoleRunError::Run {
        what: how.what.to_string(),
        source,
    })?;
    let info = RunInfo::load(output).map_err(|source| ConsoleRunError::Info {
        path: output.to_path_buf(),
        source,
    })?;
    let standings = write_outputs_from(output, &info, &summary.lines).map_err(|source| {
        ConsoleRunError::Outputs {
            path: output.to_path_buf(),
            source,
        }
    })?;
    Ok(Played {
        summary,
        info,
        standings,
    })
}
