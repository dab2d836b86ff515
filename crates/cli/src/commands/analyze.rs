//! `analyze`: search one position and print the engine's verdict (text or JSON), as
//! `gomoku_play::analysis` tells it.

use super::EngineArg;
use super::position::PositionArgs;
use anyhow::{Context, Result};
use gomoku_engine::{Limits, TimeBudget};
use gomoku_play::analysis::Analysis;
use std::process::ExitCode;
use std::time::Duration;

/// Arguments of `analyze`.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    engine: EngineArg,
    #[command(flatten)]
    position: PositionArgs,
    /// Search depth; with --time-ms or --nodes a cap (else the search deepens until the
    /// budget is spent); alone, it overrides the engine config's depth.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=gomoku_engine::MAX_DEPTH as i64))]
    depth: Option<u32>,
    /// Time for the move in milliseconds (1..=86400000): the search deepens until its time
    /// manager stops it.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=86_400_000))]
    time_ms: Option<u64>,
    /// Node budget (at least 1): the search deepens until it is spent, unless --depth caps it.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    nodes: Option<u64>,
    /// Search threads (1..=64), in place of the engine config's `threads`. By default, with
    /// --time-ms every core (at most 64), else the config's (one unless it says otherwise:
    /// the same answer on every run). With two or more on a clock and the engine's `vct` on,
    /// one of them searches the root's VCT from the start.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=64))]
    threads: Option<u64>,
    /// Seed for the engine's tie-break draw.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
}

/// Runs `analyze`.
pub fn run(args: Args) -> Result<ExitCode> {
    let board = args.position.text().board_to_search()?;
    let mut params = args.engine.params()?;
    match (args.threads, args.time_ms) {
        (Some(n), _) => params.threads = n as usize,
        (None, Some(_)) => params.threads = gomoku_runner::effective_threads(0).min(64),
        (None, None) => {}
    }
    let limits = Limits {
        depth: args.depth,
        nodes: args.nodes,
        time: args
            .time_ms
            .map(|ms| TimeBudget::fixed(Duration::from_millis(ms))),
    };
    let analysis =
        Analysis::search(board, params, &limits, args.seed).context("building the engine")?;
    if args.json {
        println!("{}", analysis.to_json()?);
    } else {
        print!("{analysis}");
    }
    Ok(ExitCode::SUCCESS)
}
