//! `report`: the report of a run directory (Markdown, self-contained HTML, SVG and PNG
//! charts) in `DIR/report/`, built by `gomoku_results::RunReport` from the run files alone.

use anyhow::{Context, Result};
use gomoku_results::RunReport;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Arguments of `report`.
#[derive(clap::Args)]
pub struct Args {
    /// The run directory (with run.json and games.jsonl).
    dir: PathBuf,
}

/// Runs `report`.
pub fn run(args: Args) -> Result<ExitCode> {
    let out = write_run_report(&args.dir)?;
    println!("{}", out.join("report.md").display());
    println!("{}", out.join("report.html").display());
    Ok(ExitCode::SUCCESS)
}

/// Writes the report of the run directory `dir` into `dir/report/` and returns that path.
pub fn write_run_report(dir: &Path) -> Result<PathBuf> {
    write_built_report(dir, &RunReport::build(dir)?)
}

/// Writes a built report of the run directory `dir` (after its warnings) and returns the
/// report's path.
pub fn write_built_report(dir: &Path, report: &RunReport) -> Result<PathBuf> {
    for warning in &report.warnings {
        eprintln!("warning: {warning}");
    }
    report
        .write(dir)
        .with_context(|| format!("writing the report of {}", dir.display()))
}
