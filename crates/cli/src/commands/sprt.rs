//! `sprt`: a candidate engine against a baseline in game pairs until the generalized SPRT
//! accepts H0 or H1 or the game cap is reached. The driver is `gomoku_runner::sprt`; this
//! command loads the file, shows progress, prints the verdict and writes the report.

use anyhow::{Context, Result};
use gomoku_config::sprt::load_sprt;
use gomoku_protocol::signals::stop_on_interrupt;
use gomoku_results::sprt_text::{plan_line, progress_line, result_lines};
use gomoku_runner::progress::LlrBar;
use gomoku_runner::sprt::{Decision, SprtOptions, SprtSummary, run_sprt};
use gomoku_runner::{OpenMode, write_outputs};
use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `sprt`.
#[derive(clap::Args)]
pub struct Args {
    /// The SPRT file (configs/sprt/*.ron).
    config: PathBuf,
    /// Worker threads (default: the file's `threads`, else all cores); 1..=1024.
    #[arg(long, value_parser = gomoku_runner::parse_threads)]
    threads: Option<usize>,
    /// Output directory, relative to the working directory (default: the file's `output`).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Continue a stopped test from the complete pairs of its journal.
    #[arg(long)]
    resume: bool,
    /// Write into the output directory even if it holds another run (starting afresh).
    #[arg(long)]
    force: bool,
    /// Print only the final result.
    #[arg(long)]
    quiet: bool,
    /// Do not write the report.
    #[arg(long)]
    no_report: bool,
}

/// Runs `sprt`.
pub fn run(args: Args) -> Result<ExitCode> {
    let plan = load_sprt(&args.config)
        .with_context(|| format!("loading SPRT file {}", args.config.display()))?;
    let output = args.out.clone().unwrap_or_else(|| plan.output.clone());
    let stop = stop_on_interrupt("the journal holds every counted pair");
    eprintln!("{}", plan_line(&plan, &output));
    // On a terminal, the LLR between its bounds; the progress lines stay for logs.
    let bar = LlrBar::new(!args.quiet);
    let progress = |s: &SprtSummary| {
        if !args.quiet {
            bar.update(s, &progress_line(s));
        }
    };
    let summary = run_sprt(
        &plan,
        &output,
        &SprtOptions {
            threads: args.threads.or(plan.threads).unwrap_or(0),
            batch_pairs: plan.batch_pairs.unwrap_or(0),
            mode: OpenMode {
                resume: args.resume,
                force: args.force,
            },
            stop: Some(&stop),
            on_batch: Some(&progress),
        },
    )
    .with_context(|| format!("running {}", args.config.display()))?;
    bar.finish();
    if summary.machine.resumed_pairs > 0 {
        eprintln!(
            "resumed {} pairs from the journal",
            summary.machine.resumed_pairs
        );
    }
    // Without --quiet the last batch's progress line already showed the final state.
    if args.quiet {
        println!("{}", progress_line(&summary));
    }
    println!("{}", result_lines(&summary));
    if summary.machine.discarded_pairs > 0 {
        eprintln!(
            "{} pairs of the last batch were played after the decision and discarded (not journaled, not counted)",
            summary.machine.discarded_pairs
        );
    }
    if summary.pairs > 0 {
        write_outputs(&output)
            .with_context(|| format!("writing outputs to {}", output.display()))?;
        if !args.no_report {
            let report = super::report::write_run_report(&output)?;
            eprintln!("report in {}", report.display());
        }
    }
    eprintln!("results in {}", output.display());
    Ok(if summary.decision == Decision::Interrupted {
        ExitCode::from(130)
    } else {
        ExitCode::SUCCESS
    })
}
