//! `tune`: tune the evaluation's pattern table from a tuning file (configs/tune/*.ron) by
//! Texel's logistic fit, SPRT hill climbing or SPSA; checkpoint after every iteration, then
//! write the tuned table, the confirmation match on held-out openings and a report.

use anyhow::{Context, Result};
use gomoku_tune::RunOptions;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

/// Arguments of `tune`.
#[derive(clap::Args)]
pub struct Args {
    /// The tuning file (configs/tune/*.ron).
    config: PathBuf,
    /// Continue from the checkpoint (state.json) in the output directory.
    #[arg(long)]
    resume: bool,
    /// Output directory, relative to the working directory (default: the file's `output`,
    /// relative to the file).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Stop after this many iterations (the checkpoint lets --resume continue).
    #[arg(long)]
    iterations: Option<u32>,
    /// Skip the confirmation match and the report.
    #[arg(long)]
    no_confirmation: bool,
    /// Worker threads (default: all cores).
    #[arg(long)]
    threads: Option<usize>,
    /// Less output.
    #[arg(long)]
    quiet: bool,
}

/// Runs `tune`.
pub fn run(args: Args) -> Result<ExitCode> {
    let mut cfg = gomoku_config::tune::load_tune(&args.config)
        .with_context(|| format!("loading tuning file {}", args.config.display()))?;
    if let Some(out) = &args.out {
        cfg.output = out.clone();
    }
    if let Some(t) = args.threads {
        rayon::ThreadPoolBuilder::new()
            .num_threads(t)
            .build_global()
            .context("setting the thread count")?;
    }
    let mut command = format!("gomoku-arena tune {}", args.config.display());
    if let Some(out) = &args.out {
        command += &format!(" --out {}", out.display());
    }
    let opts = RunOptions {
        resume: args.resume,
        stop_after: args.iterations,
        skip_confirmation: args.no_confirmation,
        command,
        verbose: !args.quiet,
    };
    eprintln!(
        "tune {}: method {}, start table {}, depth {}, {} tuning / {} held-out openings, output {}",
        cfg.file.name,
        cfg.file.method.name(),
        cfg.start_table.name,
        cfg.engine.depth,
        cfg.tuning_openings.len(),
        cfg.holdout_openings.len(),
        cfg.output.display()
    );
    let start = Instant::now();
    let out = gomoku_tune::run(&cfg, &opts)
        .with_context(|| format!("tuning {}", args.config.display()))?;
    let t = &out.timings;
    eprintln!(
        "times: collection {:.1} s, preparation {:.1} s, iterations {:.1} s, confirmation {:.1} s, wall {:.1} s",
        t.collect.as_secs_f64(),
        t.prepare.as_secs_f64(),
        t.iterations.as_secs_f64(),
        t.confirmation.as_secs_f64(),
        start.elapsed().as_secs_f64()
    );
    if !out.finished {
        println!(
            "stopped after iteration {}; continue with --resume",
            out.history.last().map_or(0, |l| l.iteration)
        );
        return Ok(ExitCode::SUCCESS);
    }
    println!("tuned table: {}", out.dir.join("tuned.ron").display());
    if let Some(c) = &out.confirmation {
        println!("confirmation ({}, {} games):", c.openings, c.games);
        for r in &c.ratings {
            println!(
                "  {:<20} {:+7.1} ± {:.1} Elo  ({} / {} points)",
                r.name, r.elo, r.error95, r.points, r.games
            );
        }
        for m in &c.matches {
            println!(
                "  {} vs {}: {:+.1} ± {:.1} Elo (pentanomial {:?}, W/D/L {:?}, LOS {:.3})",
                m.a, m.b, m.elo, m.error95, m.pentanomial, m.wdl, m.los
            );
        }
        println!("report: {}", out.dir.join("report").display());
    }
    Ok(ExitCode::SUCCESS)
}
