//! `tournament`: play a tournament file on all cores, journal every game, and write PGN, SGF
//! and standings into the output directory.

use anyhow::{Context, Result};
use gomoku_config::tournament::{Tournament, load_tournament};
use gomoku_runner::progress::ConsoleObserver;
use gomoku_runner::{OpenMode, RunOptions, TournamentSpec, run_tournament, write_outputs};
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
    #[arg(long, value_parser = super::parse_threads)]
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
}

/// Parses a `--shard`: `I/N` counts from 0 (0 <= I < N, as the stripes i mod N = I), `KofN`
/// from 1 (1 <= K <= N, as Slurm array ids usually run); both give the 0-based index.
pub fn parse_shard(s: &str) -> Result<(usize, usize), String> {
    let count = |n: &str| -> Result<usize, String> {
        match n.trim().parse::<usize>() {
            Ok(n) if n > 0 => Ok(n),
            _ => Err(format!("shard count '{n}': expected a number from 1")),
        }
    };
    if let Some((k, n)) = s.split_once("of") {
        let n = count(n)?;
        return match k.trim().parse::<usize>() {
            Ok(k) if (1..=n).contains(&k) => Ok((k - 1, n)),
            _ => Err(format!("{s}: KofN counts from 1, so K is 1 to {n}")),
        };
    }
    let (i, n) = s
        .split_once('/')
        .ok_or("expected I/N counted from 0 (0/4 .. 3/4) or KofN counted from 1 (1of4 .. 4of4)")?;
    let n = count(n)?;
    match i.trim().parse::<usize>() {
        Ok(i) if i < n => Ok((i, n)),
        _ => Err(format!(
            "{s}: I/N counts from 0, so I is 0 to {}; to count from 1 write {}of{n}",
            n - 1,
            i.trim()
        )),
    }
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
    let openings = tournament
        .openings
        .iter()
        .map(|o| o.moves.clone())
        .collect();
    let spec =
        TournamentSpec::new(tournament.run_config(), openings).context("building the players")?;
    let output = args
        .out
        .clone()
        .unwrap_or_else(|| tournament.output.clone());
    let threads = args.threads.or(tournament.threads).unwrap_or(0);

    let stop = super::stop_on_interrupt("the journal holds every finished game")?;

    let names: Vec<String> = spec.participants.iter().map(|p| p.name.clone()).collect();
    let every = if args.quiet {
        0
    } else {
        tournament.standings_every
    };
    let observer = ConsoleObserver::new(names, every, !args.quiet);
    eprintln!(
        "tournament {}, output {}",
        spec.describe(args.shard),
        output.display()
    );
    let opts = RunOptions {
        threads,
        output: Some(&output),
        mode: OpenMode {
            resume: args.resume,
            force: args.force,
        },
        shard: args.shard,
        stop: Some(&stop),
        observer: Some(&observer),
    };
    let summary = run_tournament(&spec, &opts)
        .with_context(|| format!("running {}", args.config.display()))?;
    let standings = write_outputs(&output)
        .with_context(|| format!("writing outputs to {}", output.display()))?;
    println!("{}", standings.table());
    eprintln!(
        "played {} ({} resumed)",
        summary.batch.describe(),
        summary.resumed
    );
    if summary.interrupted() {
        eprintln!(
            "stopped with {} of {} games journaled; resume with:\n  {}",
            summary.lines.len(),
            summary.total,
            resume_command()
        );
        return Ok(ExitCode::from(130));
    }
    // A shard's report would describe a part of the run: the merge writes the whole one.
    if args.shard.is_none() {
        let report = super::report::write_run_report(&output)
            .with_context(|| format!("writing the report into {}", output.display()))?;
        eprintln!("report in {}", report.display());
    }
    eprintln!("results in {}", output.display());
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::parse_shard;

    #[test]
    fn shards_count_from_0_with_a_slash_and_from_1_with_of() {
        assert_eq!(parse_shard("0/4"), Ok((0, 4)));
        assert_eq!(parse_shard("3/4"), Ok((3, 4)));
        assert_eq!(parse_shard("1of4"), Ok((0, 4)));
        assert_eq!(parse_shard("4of4"), Ok((3, 4)));
        // Slurm's 1-based last id given as I/N is refused with the way to say it.
        let e = parse_shard("4/4").unwrap_err();
        assert!(e.contains("to count from 1 write 4of4"), "{e}");
        for bad in ["0of4", "5of4", "1/0", "x/4", "4", ""] {
            assert!(parse_shard(bad).is_err(), "{bad}");
        }
    }
}
