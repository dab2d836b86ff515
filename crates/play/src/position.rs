//! A position as a person gives it on the command line of `show` and `analyze`: moves in pos
//! notation (`--moves`), lists of set-up stones with the side to move (`--black`, `--white`,
//! `--to-move`), or an SGF file (`--sgf`, whose RU property sets the rule). Every move is
//! checked against the rule; the errors name the option that carried the fault.

use gomoku_board::notation::{format_pos, parse_pos_moves};
use gomoku_board::{Board, BoardError, Color, Geometry, Rule};
use gomoku_config::ConfigError;
use std::path::{Path, PathBuf};
use thiserror::Error;

/// The parts of a position as given, each optional; moves, stones and an SGF file exclude
/// one another (the command line refuses them together).
#[derive(Clone, Copy, Debug)]
pub struct PositionText<'a> {
    /// The board's shape when no SGF file gives it.
    pub geometry: Geometry,
    /// The rule: an SGF file's own rule (RU) decides unless this names another one.
    pub rule: Rule,
    /// Moves in pos notation, Black first.
    pub moves: Option<&'a str>,
    /// Black's set-up stones.
    pub black: Option<&'a str>,
    /// White's set-up stones.
    pub white: Option<&'a str>,
    /// The side to move in a set-up position: `black` (`b`) or `white` (`w`).
    pub to_move: Option<&'a str>,
    /// An SGF file whose moves give the position.
    pub sgf: Option<&'a Path>,
}

/// Why a position cannot be set up (or searched).
#[derive(Debug, Error)]
pub enum PositionError {
    /// The SGF file cannot be read.
    #[error(transparent)]
    Read(#[from] ConfigError),
    /// The SGF file does not parse.
    #[error("{}: {source}", path.display())]
    Sgf {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        source: BoardError,
    },
    /// The file's RU names no rule this program knows.
    #[error(
        "{}: RU[{ru}] is no rule this program knows (freestyle, standard, renju, or Gomocup's 0, 1, 4)",
        path.display()
    )]
    UnknownRule {
        /// The file.
        path: PathBuf,
        /// Its RU property.
        ru: String,
    },
    /// The file's rule is not the one asked for.
    #[error("{}: the file is played under {own} (RU), but --rule says {asked}", path.display())]
    OtherRule {
        /// The file.
        path: PathBuf,
        /// Its rule.
        own: Rule,
        /// The rule asked for.
        asked: Rule,
    },
    /// A move of the file cannot be played.
    #[error("replaying {}: {source}", path.display())]
    Replay {
        /// The file.
        path: PathBuf,
        /// Why.
        source: BoardError,
    },
    /// A list of points does not parse; `option` names it.
    #[error("reading {option}: {source}")]
    Points {
        /// `--moves`, `--black` or `--white`.
        option: &'static str,
        /// What is wrong.
        source: BoardError,
    },
    /// The side to move cannot be told from the stone counts.
    #[error("--to-move is needed: {black} black and {white} white stones")]
    ToMoveNeeded {
        /// Black stones.
        black: usize,
        /// White stones.
        white: usize,
    },
    /// The side to move is neither black nor white.
    #[error("--to-move must be black or white, not '{0}'")]
    ToMove(String),
    /// The set-up stones do not make a position.
    #[error("setting up the stones: {0}")]
    Stones(#[source] BoardError),
    /// A move cannot be played.
    #[error("playing --moves: {0}")]
    Moves(#[source] BoardError),
    /// The board cannot be made.
    #[error(transparent)]
    Board(#[from] BoardError),
    /// A side has five in a row: nothing is left to search.
    #[error(
        "the position is finished: {color} has five in a row (through {point}); there is no move to search"
    )]
    Five {
        /// The side.
        color: Color,
        /// A point of the five.
        point: String,
    },
    /// No empty point is left.
    #[error("the position is finished: the board is full")]
    Full,
}

impl PositionText<'_> {
    /// Builds the position, checking every move against the rule.
    pub fn board(&self) -> Result<Board, PositionError> {
        if let Some(path) = self.sgf {
            return sgf_board(path, self.rule);
        }
        let geometry = self.geometry;
        let points = |text: Option<&str>, option| {
            parse_pos_moves(text.unwrap_or(""), geometry)
                .map_err(|source| PositionError::Points { option, source })
        };
        if self.black.is_some() || self.white.is_some() {
            let black = points(self.black, "--black")?;
            let white = points(self.white, "--white")?;
            let to_move = match self.to_move {
                Some("black" | "b") => Color::Black,
                Some("white" | "w") => Color::White,
                None if black.len() == white.len() => Color::Black,
                None if black.len() == white.len() + 1 => Color::White,
                None => {
                    return Err(PositionError::ToMoveNeeded {
                        black: black.len(),
                        white: white.len(),
                    });
                }
                Some(other) => return Err(PositionError::ToMove(other.to_string())),
            };
            return Board::from_stones(geometry, self.rule, &black, &white, to_move)
                .map_err(PositionError::Stones);
        }
        let mut board = Board::new(geometry, self.rule)?;
        if self.moves.is_some() {
            let moves = points(self.moves, "--moves")?;
            board.play_all(&moves).map_err(PositionError::Moves)?;
        }
        Ok(board)
    }

    /// The position to search: [`PositionText::board`], refused when finished (a five on
    /// the board, or no empty point), where there is nothing to search.
    pub fn board_to_search(&self) -> Result<Board, PositionError> {
        let board = self.board()?;
        for color in [Color::Black, Color::White] {
            if let Some(p) = board.five_of(color) {
                // Past column z pos notation has no letter: the point as x,y.
                let point = format_pos(p).unwrap_or_else(|_| format!("{},{}", p.x, p.y));
                return Err(PositionError::Five { color, point });
            }
        }
        if board.is_full() {
            return Err(PositionError::Full);
        }
        Ok(board)
    }
}

/// The position of an SGF file: the file's own rule (RU) decides, unless `rule` names
/// another one (freestyle, the default, names none).
fn sgf_board(path: &Path, rule: Rule) -> Result<Board, PositionError> {
    let text = gomoku_config::read_input(path)?;
    let game = gomoku_board::sgf::parse_sgf(&text).map_err(|source| PositionError::Sgf {
        path: path.to_path_buf(),
        source,
    })?;
    let rule = match (game.property("RU"), game.rule()) {
        (Some(ru), None) => {
            return Err(PositionError::UnknownRule {
                path: path.to_path_buf(),
                ru: ru.to_string(),
            });
        }
        (_, Some(own)) if rule != Rule::Freestyle && rule != own => {
            return Err(PositionError::OtherRule {
                path: path.to_path_buf(),
                own,
                asked: rule,
            });
        }
        (_, Some(own)) => own,
        (None, None) => rule,
    };
    game.replay(rule).map_err(|source| PositionError::Replay {
        path: path.to_path_buf(),
        source,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text<'a>() -> PositionText<'a> {
        PositionText {
            geometry: Geometry::square(15),
            rule: Rule::Freestyle,
            moves: None,
            black: None,
            white: None,
            to_move: None,
            sgf: None,
        }
    }

    #[test]
    fn the_side_to_move_follows_from_the_stone_counts_or_is_asked_for() {
        let stones = |black, white, to_move| PositionText {
            black: Some(black),
            white: Some(white),
            to_move,
            ..text()
        };
        let board = stones("h8 i9", "a1", None).board().unwrap();
        assert_eq!(board.to_move(), Color::White);
        let board = stones("h8", "a1", Some("w")).board().unwrap();
        assert_eq!(board.to_move(), Color::White);
        let e = stones("h8 i9 j10", "a1", None).board().unwrap_err();
        assert_eq!(
            e.to_string(),
            "--to-move is needed: 3 black and 1 white stones"
        );
        let e = stones("h8", "", Some("red")).board().unwrap_err();
        assert_eq!(e.to_string(), "--to-move must be black or white, not 'red'");
    }

    #[test]
    fn a_finished_position_is_shown_but_not_searched() {
        let five = PositionText {
            moves: Some("a1 a2 b1 b2 c1 c2 d1 d2 e1"),
            ..text()
        };
        assert_eq!(five.board().unwrap().stone_count(), 9);
        let e = five.board_to_search().unwrap_err().to_string();
        assert!(
            e.starts_with("the position is finished: black has five"),
            "{e}"
        );
        let bad = PositionText {
            moves: Some("h8 h8"),
            ..text()
        };
        assert!(
            bad.board()
                .unwrap_err()
                .to_string()
                .starts_with("playing --moves: ")
        );
    }
}
