//! A tournament played from the command line, as `tournament` and `match` play it: the
//! progress bar and standings on the console (or c-gomoku-cli's line per game), the run into
//! its output directory, then the standings, PGN and SGF written from the games in memory
//! (the run's lines are its whole journal, the resumed ones as the run directory read and
//! checked them, so nothing is read back), and the final standings printed.

use crate::RunnerError;
use crate::batch::Observer;
use crate::game_sprt::GameSprtObserver;
use crate::journal::RunInfo;
use crate::outputs::write_outputs_from;
use crate::progress::ConsoleObserver;
use crate::rundir::OpenMode;
use crate::sprt::Decision;
use crate::tournament::{RunOptions, RunSummary, TournamentSpec, run_tournament};
use crate::verbose::VerboseObserver;
use gomoku_config::tournament::Tournament;
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
    /// With `verbose`, each game's moves and engine messages too (c-gomoku-cli's `-debug`).
    pub debug: bool,
    /// What is played, for the errors (`tournament FILE`, `the match`).
    pub what: &'a str,
    /// c-gomoku-cli's `-fatalerror`: an engine's crash or timeout stops the run.
    pub fatal_faults: bool,
}

/// A tournament played: its games and its run file.
pub struct Played {
    /// What the run did, with every journaled game.
    pub summary: RunSummary,
    /// The run file of the output directory.
    pub info: RunInfo,
    /// H0 or H1 when the run's SPRT (c-gomoku-cli's `-sprt`) decided and stopped it.
    pub sprt: Option<Decision>,
}

/// Why a tournament could not be played or its outputs written.
#[derive(Debug, Error)]
pub enum ConsoleRunError {
    /// A player cannot be built from its record.
    #[error("building the players")]
    Players(#[source] RunnerError),
    /// The run's SPRT settings are invalid.
    #[error("the SPRT's settings")]
    Sprt(#[source] gomoku_stats::StatsError),
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

/// Plays a loaded tournament as `how` says, printing its header line (`tournament NAME: ...,
/// output DIR`) first, standings every `standings_every` games of the file (0: none) and
/// stopping early when `stop` is set; then writes the standings, PGN and SGF and prints the
/// standings and what was played.
pub fn play_on_console(
    tournament: &Tournament,
    how: &ConsoleRun<'_>,
    stop: &AtomicBool,
) -> Result<Played, ConsoleRunError> {
    let openings = tournament.openings.iter().map(|o| o.moves.clone());
    let spec = &TournamentSpec::new(tournament.run_config(), openings.collect())
        .map_err(ConsoleRunError::Players)?;
    let (output, standings_every) = (how.output, tournament.standings_every);
    let names: Vec<String> = spec.participants.iter().map(|p| p.name.clone()).collect();
    let every = if how.quiet { 0 } else { standings_every };
    let console = ConsoleObserver::new(names.clone(), every, !how.quiet);
    let verbose = VerboseObserver::new(&console, &names, how.debug);
    eprintln!(
        "tournament {}, output {}",
        spec.describe(how.shard),
        output.display()
    );
    let observer: &dyn Observer = if how.verbose { &verbose } else { &console };
    let sprt = match &tournament.sprt {
        Some(s) => Some(
            GameSprtObserver::new(s, observer, &console, stop).map_err(ConsoleRunError::Sprt)?,
        ),
        None => None,
    };
    let opts = RunOptions {
        threads: how.threads,
        output: Some(output),
        mode: how.mode,
        shard: how.shard,
        stop: Some(stop),
        observer: Some(sprt.as_ref().map_or(observer, |s| s as &dyn Observer)),
        fatal_faults: how.fatal_faults,
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
    println!("{}", standings.table());
    let (played, resumed) = (summary.batch.describe(), summary.resumed);
    eprintln!("played {played} ({resumed} resumed)");
    let sprt = sprt.and_then(|s| s.decision());
    Ok(Played {
        summary,
        info,
        sprt,
    })
}
