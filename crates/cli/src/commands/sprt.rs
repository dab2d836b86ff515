//! `sprt`: a candidate engine against a baseline in game pairs until the generalized SPRT
//! accepts H0 or H1 or the game cap is reached. The driver is `gomoku_runner::sprt`; this
//! command loads the file, shows progress, prints the verdict and writes the report.

use anyhow::{Context, Result};
use gomoku_config::sprt::load_sprt;
use gomoku_protocol::signals::stop_on_interrupt;
use gomoku_results::sprt_text::{expected_more_games, llr_fraction, progress_line, result_lines};
use gomoku_runner::OpenMode;
use gomoku_runner::sprt::{Decision, SprtOptions, SprtSummary, run_sprt};
use gomoku_runner::write_outputs;
use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;

/// Steps of the LLR bar between the bounds.
const LLR_STEPS: u64 = 1000;

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
    let test = plan.test;
    let unit = test.model.unit();
    eprintln!(
        "sprt {}: {} (candidate) vs {} (baseline), H0 {} / H1 {} {unit}, alpha {} beta {}, at most {} games; {} openings, output {}",
        plan.name,
        plan.candidate.name,
        plan.baseline.name,
        test.elo0,
        test.elo1,
        test.alpha,
        test.beta,
        2 * plan.max_pairs(),
        plan.openings.len(),
        output.display()
    );
    // On a terminal, a bar of where the LLR stands between its bounds (H0 at the left end,
    // H1 at the right), with the games a decision is forecast to need at the current drift.
    let bar = if !args.quiet && std::io::stderr().is_terminal() {
        let style = ProgressStyle::with_template("{elapsed_precise} H0 [{wide_bar}] H1  {msg}")
            .expect("a valid template")
            .progress_chars("=> ");
        ProgressBar::new(LLR_STEPS).with_style(style)
    } else {
        ProgressBar::hidden()
    };
    let progress = |s: &SprtSummary| {
        if args.quiet {
            return;
        }
        bar.suspend(|| println!("{}", progress_line(s)));
        bar.set_position((llr_fraction(s) * LLR_STEPS as f64).round() as u64);
        let more = expected_more_games(s).map_or(String::new(), |g| {
            format!(", about {g} more games at this rate")
        });
        bar.set_message(format!(
            "LLR {:.2} in [{:.2}, {:.2}]{more}",
            s.llr, s.lower, s.upper
        ));
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
    bar.finish_and_clear();
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
