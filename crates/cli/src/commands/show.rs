//! `show`: print a position, for checking notation and rules by eye.

use anyhow::{Context, Result};
use gomoku_board::{Board, Geometry, Rule};
use std::process::ExitCode;

/// Arguments of `show`.
#[derive(clap::Args)]
pub struct Args {
    /// Moves in pos notation, Black first, e.g. "h8 i7 g7".
    #[arg(long, default_value = "")]
    moves: String,
    /// Board side (square).
    #[arg(long, default_value_t = 15)]
    size: usize,
    /// Winning row length.
    #[arg(long, default_value_t = 5)]
    k: usize,
    /// Rule: freestyle, standard or renju.
    #[arg(long, default_value = "freestyle")]
    rule: String,
}

/// Runs `show`.
pub fn run(args: Args) -> Result<ExitCode> {
    let rule: Rule = args.rule.parse()?;
    let geometry = Geometry {
        width: args.size,
        height: args.size,
        k: args.k,
    };
    let mut board = Board::new(geometry, rule)?;
    let moves = gomoku_board::notation::parse_pos_moves(&args.moves, geometry)
        .context("reading --moves")?;
    board.play_all(&moves).context("playing --moves")?;
    print!("{board:?}");
    if let Some(outcome) = board.outcome() {
        println!("game over: {outcome:?}");
    }
    Ok(ExitCode::SUCCESS)
}
