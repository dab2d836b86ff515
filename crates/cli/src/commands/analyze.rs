//! `analyze`: search one position and print the engine's verdict (text or JSON).

use super::position::PositionArgs;
use anyhow::{Context, Result};
use gomoku_board::notation::format_pos;
use gomoku_engine::{Engine, Limits};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

/// Arguments of `analyze`.
#[derive(clap::Args)]
pub struct Args {
    /// Engine config (RON); the built-in default engine if omitted.
    #[arg(long)]
    engine: Option<PathBuf>,
    #[command(flatten)]
    position: PositionArgs,
    /// Search depth (overrides the engine config).
    #[arg(long)]
    depth: Option<u32>,
    /// Time limit per move in milliseconds.
    #[arg(long)]
    time_ms: Option<u64>,
    /// Node limit.
    #[arg(long)]
    nodes: Option<u64>,
    /// Seed for the engine's tie-break draw.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
}

/// Runs `analyze`.
pub fn run(args: Args) -> Result<ExitCode> {
    let board = args.position.board()?;
    let params = super::engine_params(args.engine.as_deref())?;
    let mut engine = Engine::new(params).context("building the engine")?;
    let limits = Limits {
        depth: args.depth,
        nodes: args.nodes,
        time: args.time_ms.map(Duration::from_millis),
    };
    let mut rng = ChaCha8Rng::seed_from_u64(args.seed);
    let result = engine.search(&board, &limits, &mut rng);
    if args.json {
        let best = result.best.map(format_pos).transpose()?;
        let pv = result
            .pv
            .iter()
            .map(|&p| format_pos(p))
            .collect::<Result<Vec<String>, _>>()?;
        let obj = serde_json::json!({
            "best": best,
            "score": result.score,
            "win_in": result.win_in,
            "depth": result.depth,
            "seldepth": result.seldepth,
            "nodes": result.nodes,
            "time_ms": result.time.as_secs_f64() * 1000.0,
            "nps": result.nps(),
            "pv": pv,
            "tt_hits": result.tt_hits,
            "cutoff_ratio": result.cutoff_ratio,
            "to_move": board.to_move().to_string(),
        });
        println!("{obj}");
    } else {
        print!("{board:?}");
        println!("{result}");
    }
    Ok(ExitCode::SUCCESS)
}
