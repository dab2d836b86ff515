//! `bench`: search a fixed set of positions and print nodes, nodes/s and time per iteration,
//! and the bench signature (the node count the engine's tests pin).

use anyhow::{Context, Result};
use gomoku_engine::bench::{
    BENCH_SIGNATURE, SIGNATURE_DEPTH, bench_positions, parse_rapfi_bench, run_bench, signature,
};
use std::path::PathBuf;
use std::process::ExitCode;

/// Where the Rapfi bench positions live in a checkout with `../shared` beside it.
const RAPFI_BENCH: &str = "../shared/data/puzzles/rapfi_bench_positions.tsv";

/// Arguments of `bench`.
#[derive(clap::Args)]
pub struct Args {
    /// Engine config (RON); the built-in default engine if omitted.
    #[arg(long)]
    engine: Option<PathBuf>,
    /// Search depth (overrides the engine config; positions may ask for less).
    #[arg(long)]
    depth: Option<u32>,
    /// Rapfi's benchmark positions (TSV); skipped if the file is absent.
    #[arg(long, default_value = RAPFI_BENCH)]
    rapfi: PathBuf,
    /// Search each position this many times and report the run of median time.
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u32).range(1..=1000))]
    repeat: u32,
    /// Print one JSON object instead of a table.
    #[arg(long)]
    json: bool,
}

/// Runs `bench`.
pub fn run(args: Args) -> Result<ExitCode> {
    let mut params = super::engine_params(args.engine.as_deref())?;
    if let Some(d) = args.depth {
        params.depth = d;
    }
    let mut positions = bench_positions();
    if args.rapfi.exists() {
        let text = gomoku_config::read_input(&args.rapfi)?;
        positions
            .extend(parse_rapfi_bench(&text).with_context(|| format!("{}", args.rapfi.display()))?);
    } else if !args.json {
        eprintln!(
            "note: {} not found; benching the built-in positions only",
            args.rapfi.display()
        );
    }
    let report = run_bench(&params, &positions, args.repeat as usize)?;
    let signature = signature()?;
    if args.json {
        let lines: Vec<_> = report
            .lines
            .iter()
            .map(|l| {
                serde_json::json!({
                    "name": l.name, "depth": l.depth, "best": l.best_text(), "score": l.score,
                    "nodes": l.nodes, "time_ms": l.time.as_secs_f64() * 1000.0, "nps": l.nps,
                    "iterations": l.iterations.iter().map(|i| serde_json::json!({
                        "depth": i.depth, "score": i.score, "nodes": i.nodes,
                        "time_ms": i.time.as_secs_f64() * 1000.0,
                    })).collect::<Vec<_>>(),
                })
            })
            .collect();
        let obj = serde_json::json!({
            "positions": lines,
            "total_nodes": report.total_nodes,
            "total_time_ms": report.total_time.as_secs_f64() * 1000.0,
            "nps": report.nps,
            "repeat": args.repeat,
            "signature": signature,
        });
        println!("{obj}");
        return Ok(ExitCode::SUCCESS);
    }
    println!("{report} (median of {} runs per position)", args.repeat);
    println!(
        "signature: {signature} nodes (default engine, built-in positions, depth {SIGNATURE_DEPTH}){}",
        if signature == BENCH_SIGNATURE {
            String::new()
        } else {
            format!("; the pinned signature is {BENCH_SIGNATURE}: the search has changed")
        }
    );
    Ok(ExitCode::SUCCESS)
}
