//! `tune`: tune the evaluation's pattern table, engine fields or an external engine's
//! parameters from a tuning file (configs/tune/*.ron) by Texel's logistic fit, SPRT hill
//! climbing or SPSA; checkpoint after every iteration, then write the tuned values (table
//! and engine file, or an external engine's options), the confirmation match on held-out
//! openings and a report. On a
//! cluster, `--shard I/N` plays one shard of the next step's games and `--merge-step`
//! completes the step from its shards (deploy/slurm/tune-submit.sh chains them).

use anyhow::{Context, Result};
use gomoku_protocol::signals::stop_on_interrupt;
use gomoku_runner::shard::parse_shard;
use gomoku_tune::RunOptions;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::Ordering;
use std::time::Instant;

/// Arguments of `tune`.
#[derive(clap::Args)]
pub struct Args {
    /// The tuning file (configs/tune/*.ron).
    config: PathBuf,
    /// Continue from the checkpoint (state.json) in the output directory.
    #[arg(long)]
    resume: bool,
    /// Start over in an output directory that holds a run: delete what tuning wrote there
    /// (checkpoint, history, steps, shards, tuned values, confirmation, report) first.
    #[arg(long, conflicts_with_all = ["resume", "shard", "merge_step"])]
    force: bool,
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
    /// Worker threads (default: all cores); 1..=1024.
    #[arg(long, value_parser = gomoku_runner::parse_threads)]
    threads: Option<usize>,
    /// Play only shard I of N of the next step's games (jobs with index % N == I; I/N counts
    /// from 0, KofN from 1, as `tournament --shard`), as the
    /// checkpoint in the output directory stands, into OUT/shards/STEP/shard-III; the shard
    /// continues its journal when run again. Complete the step with --merge-step.
    #[arg(long, value_parser = parse_shard, conflicts_with_all = ["merge_step", "resume", "iterations"])]
    shard: Option<(usize, usize)>,
    /// Merge the shards of the next step (OUT/shards/STEP/shard-*), apply the step's update
    /// and checkpoint. The confirmation is left to a final `tune CONFIG --resume`.
    #[arg(long, conflicts_with_all = ["resume", "iterations"])]
    merge_step: bool,
    /// Print how many steps of the file play games (Texel: 1, the collection; match and
    /// SPSA: one per iteration), the steps a cluster run chains, and exit; with --resume,
    /// those still to play by the checkpoint in the output directory.
    #[arg(long)]
    steps: bool,
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
    if args.steps {
        let steps = if args.resume {
            gomoku_tune::steps_left(&cfg, &RunOptions::default())
                .with_context(|| format!("reading the checkpoint in {}", cfg.output.display()))?
        } else {
            cfg.file.method.steps()
        };
        println!("{steps}");
        return Ok(ExitCode::SUCCESS);
    }
    if let Some(t) = args.threads {
        // Texel's loss sums in the global pool; the games get their own pool of `t`.
        rayon::ThreadPoolBuilder::new()
            .num_threads(t)
            .build_global()
            .context("setting the thread count")?;
    }
    let stop = stop_on_interrupt("the checkpoint and the journals hold every finished step");
    // The table's description names the file only, not where or how the run was played, so
    // that a sharded run and an unsharded one write the same table.
    let file = args.config.file_name().unwrap_or(args.config.as_os_str());
    let opts = RunOptions {
        resume: args.resume,
        force: args.force,
        stop_after: args.iterations,
        skip_confirmation: args.no_confirmation,
        command: format!("gomoku-arena tune {}", file.to_string_lossy()),
        verbose: !args.quiet,
        threads: args.threads.unwrap_or(0),
        stop: Some(stop.clone()),
    };
    let context = || format!("tuning {}", args.config.display());
    if let Some(shard) = args.shard {
        let s = gomoku_tune::play_shard(&cfg, shard, &opts).with_context(context)?;
        println!("{s}");
        return Ok(ExitCode::from(if s.complete() { 0 } else { 130 }));
    }
    eprintln!("{}", gomoku_tune::plan_line(&cfg));
    let start = Instant::now();
    let out = if args.merge_step {
        gomoku_tune::merge_step(&cfg, &opts)
    } else {
        gomoku_tune::run(&cfg, &opts)
    }
    .with_context(context)?;
    eprintln!(
        "times: {}, wall {:.1} s",
        out.timings,
        start.elapsed().as_secs_f64()
    );
    print!("{}", out.summary(args.merge_step));
    let stopped = !out.finished && !args.merge_step && stop.load(Ordering::SeqCst);
    Ok(ExitCode::from(if stopped { 130 } else { 0 }))
}
