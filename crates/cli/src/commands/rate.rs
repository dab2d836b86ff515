//! `rate`: Ordo-style ratings of a run directory, a journal or a results-only PGN. The fit,
//! its scale and Ordo's options for it are `gomoku_results::pool`'s; which PGN tag moved
//! first, `gomoku_results::read`'s.

use anyhow::{Result, bail};
use gomoku_results::{TableOptions, load_results, parse_anchor, rate};
use gomoku_stats::FirstMover;
use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `rate`.
#[derive(clap::Args)]
pub struct Args {
    /// A run directory (its games.jsonl), a games.jsonl journal, or a results-only PGN.
    input: PathBuf,
    /// Anchor the ratings: NAME (at 0) or NAME=VALUE (VALUE from -100000 to 100000); default:
    /// mean zero.
    #[arg(long, value_name = "NAME[=VALUE]")]
    anchor: Option<String>,
    /// Fit a first-mover advantage term (default: fixed at 0, as Ordo without -W).
    #[arg(long)]
    first_mover: bool,
    /// Print one JSON object instead of tables.
    #[arg(long)]
    json: bool,
    /// Errors and LOS from a parametric bootstrap with N replicates (default: sandwich).
    #[arg(long, value_name = "N", default_value_t = 0)]
    bootstrap: usize,
    /// Seed of the bootstrap.
    #[arg(long, value_name = "S", default_value_t = 0)]
    seed: u64,
    /// The PGN follows the chess convention: [White] moved first (default: [Black] did).
    #[arg(long)]
    pgn_white_first: bool,
}

/// Runs `rate`.
pub fn run(args: Args) -> Result<ExitCode> {
    let anchor = args.anchor.as_deref().map(parse_anchor).transpose()?;
    if args.bootstrap == 1 {
        bail!("--bootstrap needs at least 2 replicates (or 0 for sandwich errors)");
    }
    let first_mover = if args.pgn_white_first {
        FirstMover::White
    } else {
        FirstMover::Black
    };
    let results = load_results(&args.input, first_mover)?;
    for warning in &results.warnings {
        eprintln!("warning: {warning}");
    }
    let opts = TableOptions {
        anchor,
        first_mover: args.first_mover,
        bootstrap: args.bootstrap,
        seed: args.seed,
    };
    let rating = rate(results, &opts)?;
    if args.json {
        println!("{}", serde_json::to_string_pretty(&rating.to_json())?);
    } else {
        print!("{}", rating.text(first_mover));
    }
    Ok(ExitCode::SUCCESS)
}
