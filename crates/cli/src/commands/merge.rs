//! `merge`: join the shard directories of a run (`tournament --shard I/N --out DIR`) into one
//! run directory with the journal, standings, PGN, SGF and report of the unsharded run.
//!
//! Exit codes: 0 when every job of the schedule is in the merged run; 3 when jobs are missing
//! (the merged run is written anyway and `tournament CONFIG --resume --out OUT` plays them);
//! 2 when the inputs are refused (another run, a job played two ways, OUT an input, OUT in
//! use without --force) and nothing is written.

use anyhow::{Context, Result};
use gomoku_runner::{MergeOptions, merge_runs};
use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `merge`.
#[derive(clap::Args)]
pub struct Args {
    /// The merged run directory to write (not one of the inputs).
    out: PathBuf,
    /// The shard directories (each with run.json and games.jsonl), in any order.
    #[arg(required = true)]
    dirs: Vec<PathBuf>,
    /// Write into OUT even if it already holds files (its run is replaced).
    #[arg(long)]
    force: bool,
    /// Do not write OUT/report/ (only the journal, standings, PGN and SGF).
    #[arg(long)]
    no_report: bool,
}

/// Exit code of a merge with missing jobs.
pub const INCOMPLETE: u8 = 3;

/// Runs `merge`.
pub fn run(args: Args) -> Result<ExitCode> {
    let report = merge_runs(&args.out, &args.dirs, &MergeOptions { force: args.force })
        .with_context(|| format!("merging into {}", args.out.display()))?;
    eprintln!("merge: {}", report.inputs_text());
    if !report.duplicates.is_empty() {
        eprintln!("merge: warning: {}", report.duplicates_summary());
    }
    if args.no_report {
        eprintln!("merge: no report (--no-report)");
    } else {
        // The report of the merged run, as `gomoku-arena report OUT` writes it.
        let dir = super::report::write_run_report(&args.out)
            .with_context(|| format!("writing the report of {}", args.out.display()))?;
        eprintln!("merge: report in {}", dir.display());
    }
    println!("{}", report.standings.table());
    eprintln!(
        "merge: {} of {} games in {}",
        report.games,
        report.total,
        report.out.display()
    );
    if report.complete() {
        return Ok(ExitCode::SUCCESS);
    }
    eprintln!("merge: INCOMPLETE: {}", report.missing_summary());
    eprintln!(
        "merge: play them into the merged run with:\n  gomoku-arena tournament CONFIG --resume --out {}\n(or rerun the missing shards and merge again)",
        report.out.display()
    );
    Ok(ExitCode::from(INCOMPLETE))
}
