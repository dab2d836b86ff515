//! `tournament`: play a tournament file on all cores, journal every game, and write PGN, SGF
//! and standings into the output directory.

use anyhow::{Context, Result};
use gomoku_config::run::Pairing;
use gomoku_config::tournament::{Tournament, load_tournament};
use gomoku_protocol::signals::stop_on_interrupt;
use gomoku_results::{RunReport, match_endings, results_from_lines};
use gomoku_runner::OpenMode;
use gomoku_runner::console_run::{ConsoleRun, Played, play_on_console};
use gomoku_runner::shard::parse_shard;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Arguments of `tournament`.
#[derive(clap::Args)]
pub struct Args {
    /// The tournament file (configs/tournaments/*.ron).
    config: PathBuf,
    /// Continue the journal in the output directory: skip finished games, play the rest.
    #[arg(long)]
    resume: bool,
    /// Worker threads (default: the file's `threads`, else all cores); 1..=1024.
    #[arg(long, value_parser = gomoku_runner::parse_threads)]
    threads: Option<usize>,
    /// Output directory, relative to the working directory (default: the file's `output`,
    /// relative to the file).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Play only the games with index % N == I, given as I/N counted from 0 (0/8 .. 7/8) or
    /// as KofN counted from 1 (1of8 .. 8of8, as Slurm array ids usually run): one stripe of
    /// the schedule. Its run.json records I/N and the unsharded run's hash; join the shards'
    /// directories with `gomoku-arena merge OUT DIR...`.
    #[arg(long, value_parser = parse_shard)]
    shard: Option<(usize, usize)>,
    /// No progress bar and no intermediate standings.
    #[arg(long)]
    quiet: bool,
    /// Write into the output directory even if it holds another run or other files (a
    /// journal there is started afresh).
    #[arg(long)]
    force: bool,
    /// Print c-gomoku-cli's `Finished game N (Black vs White): 1-0 {reason}` line as each
    /// game ends (and, with two players, the score of the first).
    #[arg(long)]
    verbose: bool,
}

/// Loads a tournament file with the engine files it names.
pub fn load(path: &Path) -> Result<Tournament> {
    load_tournament(path).with_context(|| format!("loading tournament {}", path.display()))
}

/// The command line that continues this run: the one given, with `--resume` and without
/// `--force` (which would start it afresh), quoted for a POSIX shell.
fn resume_command() -> String {
    let mut words: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--force")
        .collect();
    if !words.iter().any(|a| a == "--resume") {
        words.push("--resume".into());
    }
    format!("gomoku-arena {}", shell_words::join(words))
}

/// Runs `tournament`.
pub fn run(args: Args) -> Result<ExitCode> {
    let tournament = load(&args.config)?;
    let output = args
        .out
        .clone()
        .unwrap_or_else(|| tournament.output.clone());
    play(
        &tournament,
        &ConsoleRun {
            output: &output,
            threads: args.threads.or(tournament.threads).unwrap_or(0),
            mode: OpenMode {
                resume: args.resume,
                force: args.force,
            },
            shard: args.shard,
            quiet: args.quiet,
            verbose: args.verbose,
            what: &format!("tournament {}", args.config.display()),
            fatal_faults: false,
            debug: false,
        },
    )
}

/// Plays a loaded tournament into its output directory and writes the standings, PGN, SGF
/// and (unless a shard) the report: the run of `tournament` and of `match`.
pub fn play(tournament: &Tournament, how: &ConsoleRun<'_>) -> Result<ExitCode> {
    let output = how.output;
    if let Some(note) = tournament.run_config().replaced_depths_note() {
        eprintln!("note: time_control {:?} {note}", tournament.time_control);
    }
    let stop = stop_on_interrupt("the journal holds every finished game");
    let Played {
        summary,
        info,
        sprt,
    } = play_on_console(tournament, how, &stop)?;
    // A decided SPRT (c-gomoku-cli's -sprt) stops the run as finished, not interrupted.
    if summary.interrupted() && sprt.is_none() {
        eprintln!(
            "stopped with {} of {} games journaled; resume with:\n  {}",
            summary.lines.len(),
            summary.total,
            resume_command()
        );
        return Ok(ExitCode::from(130));
    }
    // A shard's report would describe a part of the run: the merge writes the whole one.
    if how.shard.is_none() {
        let candidates: Vec<String> = match &tournament.pairing {
            Pairing::Gauntlet(idx) => idx
                .iter()
                .map(|&i| tournament.participants[i].name.clone())
                .collect(),
            Pairing::RoundRobin => Vec::new(),
        };
        let results = results_from_lines(output, summary.lines.clone());
        print!("{}", match_endings(&results, &candidates));
        let report = RunReport::from_lines(output, Some(info), summary.lines)
            .map_err(anyhow::Error::from)
            .and_then(|r| super::report::write_built_report(output, &r))
            .with_context(|| format!("writing the report into {}", output.display()))?;
        eprintln!("report in {}", report.display());
    }
    eprintln!("results in {}", output.display());
    Ok(ExitCode::SUCCESS)
}
