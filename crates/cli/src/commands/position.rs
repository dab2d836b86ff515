//! Shared arguments that describe a board (size and rule) and a position on it: moves, stone
//! lists or an SGF file.

use anyhow::{Context, Result, bail};
use gomoku_board::notation::{format_pos, parse_pos_moves};
use gomoku_board::{Board, Color, Geometry, Rule};
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
    /// The position to search: [`PositionArgs::board`], refused when finished (a five on
    /// the board, or no empty point), where there is nothing to search.
    pub fn board_to_search(&self) -> Result<Board> {
        let board = self.board()?;
        for color in [Color::Black, Color::White] {
            if let Some(p) = board.five_of(color) {
                bail!(
                    "the position is finished: {color} has five in a row (through {}); \
                     there is no move to search",
                    format_pos(p).unwrap_or_else(|_| format!("{},{}", p.x, p.y))
                );
            }
        }
        if board.is_full() {
            bail!("the position is finished: the board is full");
        }
        Ok(board)
    }

    /// Builds the position, checking every move against the rule.
    pub fn board(&self) -> Result<Board> {
        let rule = self.board.rule;
        if let Some(path) = &self.sgf {
            let text = gomoku_config::read_input(path)?;
            let game = gomoku_board::sgf::parse_sgf(&text)
                .with_context(|| format!("{}", path.display()))?;
            // The file's own rule (RU) decides, unless --rule names another one.
            let rule = match (game.property("RU"), game.rule()) {
                (Some(ru), None) => bail!(
                    "{}: RU[{ru}] is no rule this program knows (freestyle, standard, renju, or Gomocup's 0, 1, 4)",
                    path.display()
                ),
                (_, Some(own)) if rule != Rule::Freestyle && rule != own => bail!(
                    "{}: the file is played under {own} (RU), but --rule says {rule}",
                    path.display()
                ),
                (_, Some(own)) => own,
                (None, None) => rule,
            };
            return game
                .replay(rule)
                .with_context(|| format!("replaying {}", path.display()));
        }
        let geometry = self.board.geometry();
        if self.black.is_some() || self.white.is_some() {
            let black = parse_pos_moves(self.black.as_deref().unwrap_or(""), geometry)
                .context("reading --black")?;
            let white = parse_pos_moves(self.white.as_deref().unwrap_or(""), geometry)
                .context("reading --white")?;
            let to_move = match self.to_move.as_deref() {
                Some("black" | "b") => Color::Black,
                Some("white" | "w") => Color::White,
                None if black.len() == white.len() => Color::Black,
                None if black.len() == white.len() + 1 => Color::White,
                None => bail!(
                    "--to-move is needed: {} black and {} white stones",
                    black.len(),
                    white.len()
                ),
                Some(other) => bail!("--to-move must be black or white, not '{other}'"),
            };
            return Board::from_stones(geometry, rule, &black, &white, to_move)
                .context("setting up the stones");
        }
        let mut board = Board::new(geometry, rule)?;
        if let Some(moves) = &self.moves {
            let moves = parse_pos_moves(moves, geometry).context("reading --moves")?;
            board.play_all(&moves).context("playing --moves")?;
        }
        Ok(board)
    }
}

/// Prints a position as `play` draws it (column letters and row numbers as pos notation
/// reads them, the last move in brackets, renju's forbidden points for Black as `!`), under
/// a line naming the board and the rule.
pub fn print_board(board: &Board) {
    for line in gomoku_play::view::draw_position(board) {
        println!("{line}");
    }
}
