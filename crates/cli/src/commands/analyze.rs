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
    let best = result.best.map(format_pos).transpose()?;
    let pv = result
        .pv
        .iter()
        .map(|&p| format_pos(p))
        .collect::<Result<Vec<String>, _>>()?;
    let time_ms = result.time.as_secs_f64() * 1000.0;
    if args.json {
        let obj = serde_json::json!({
            "best": best,
            "score": result.score,
            "win_in": result.win_in,
            "depth": result.depth,
            "seldepth": result.seldepth,
            "nodes": result.nodes,
            "time_ms": time_ms,
            "nps": result.nodes as f64 / result.time.as_secs_f64().max(1e-9),
            "pv": pv,
            "tt_hits": result.tt_hits,
            "cutoff_ratio": result.cutoff_ratio,
            "to_move": board.to_move().to_string(),
        });
        println!("{obj}");
    } else {
        print!("{board:?}");
        println!("best     {}", best.as_deref().unwrap_or("(none)"));
        match result.win_in {
            Some(n) if n > 0 => println!("score    {} (win in {n})", result.score),
            Some(n) => println!("score    {} (loss in {})", result.score, -n),
            None => println!("score    {}", result.score),
        }
        println!("pv       {}", pv.join(" "));
        println!(
            "depth    {} (sel {})\nnodes    {}\ntime     {:.2} ms\nnps      {:.0}\ntt hits  {}\ncutoffs  {:.2}%",
            result.depth,
            result.seldepth,
            result.nodes,
            time_ms,
            result.nodes as f64 / result.time.as_secs_f64().max(1e-9),
            result.tt_hits,
            result.cutoff_ratio * 100.0
        );
    }
    Ok(ExitCode::SUCCESS)
}
