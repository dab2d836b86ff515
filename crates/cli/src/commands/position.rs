//! Shared arguments that describe a board (size and rule) and a position on it: moves, stone
//! lists or an SGF file.

use gomoku_board::{Geometry, Rule};
use gomoku_play::position::PositionText;
use std::path::PathBuf;

/// Board shape, rule and position arguments shared by several subcommands.
#[derive(clap::Args)]
pub struct PositionArgs {
    /// Moves in pos notation, Black first, e.g. "h8 i7 g7".
    #[arg(long, conflicts_with_all = ["black", "white", "sgf"])]
    pub moves: Option<String>,
    /// Black stones (pos notation, comma or space separated) of a set-up position.
    #[arg(long)]
    pub black: Option<String>,
    /// White stones of a set-up position.
    #[arg(long)]
    pub white: Option<String>,
    /// Side to move in a set-up position: black or white.
    #[arg(long)]
    pub to_move: Option<String>,
    /// An SGF file whose moves give the position (its RU property sets the rule).
    #[arg(long, conflicts_with_all = ["black", "white"])]
    pub sgf: Option<PathBuf>,
    #[command(flatten)]
    pub board: BoardArgs,
}

/// Board shape and rule.
#[derive(clap::Args)]
pub struct BoardArgs {
    /// Side of a square board.
    #[arg(long, default_value_t = 15)]
    pub size: usize,
    /// Board width (with --height, for a rectangle).
    #[arg(long, requires = "height")]
    pub width: Option<usize>,
    /// Board height.
    #[arg(long, requires = "width")]
    pub height: Option<usize>,
    /// Winning row length.
    #[arg(long, default_value_t = 5)]
    pub k: usize,
    /// Rule: freestyle, standard or renju.
    #[arg(long, default_value = "freestyle")]
    pub rule: Rule,
}

impl BoardArgs {
    /// The board geometry asked for.
    pub fn geometry(&self) -> Geometry {
        Geometry {
            width: self.width.unwrap_or(self.size),
            height: self.height.unwrap_or(self.size),
            k: self.k,
        }
    }
}

impl PositionArgs {
    /// The position as given, which [`PositionText::board`] sets up (see
    /// [`gomoku_play::position`]).
    pub fn text(&self) -> PositionText<'_> {
        PositionText {
            geometry: self.board.geometry(),
            rule: self.board.rule,
            moves: self.moves.as_deref(),
            black: self.black.as_deref(),
            white: self.white.as_deref(),
            to_move: self.to_move.as_deref(),
            sgf: self.sgf.as_deref(),
        }
    }
}
