//! `show`: print a position, for checking notation and rules by eye.

use super::position::PositionArgs;
use anyhow::Result;
use gomoku_board::Outcome;
use std::process::ExitCode;

/// Arguments of `show`.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    position: PositionArgs,
}

/// Runs `show`.
pub fn run(args: Args) -> Result<ExitCode> {
    let board = args.position.text().board()?;
    // As `play` draws it: column letters and row numbers as pos notation reads them, the
    // last move in brackets, renju's forbidden points for Black as `!`.
    for line in gomoku_play::view::draw_position(&board) {
        println!("{line}");
    }
    match board.outcome() {
        Some(Outcome::Win(colour)) => println!("game over: {colour} wins"),
        Some(Outcome::Draw) => println!("game over: a draw (the board is full)"),
        None => println!("{} to move", board.to_move()),
    }
    Ok(ExitCode::SUCCESS)
}
