//! The game as a record: the stones it started from, who moved first, the comment of each
//! move (engine moves record their search), and the SGF the session saves and loads.

use crate::view::{playable_board, show};
use gomoku_board::sgf::SgfGame;
use gomoku_board::{Board, Color, Outcome, Pos, Rule};
use std::path::Path;

/// The record of a game beside its board: what the board's history does not hold.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Record {
    /// Set-up stones of Black (from a loaded SGF).
    black: Vec<Pos>,
    /// Set-up stones of White.
    white: Vec<Pos>,
    /// The colour of the first move of the history.
    first: Color,
    /// The comment of each move of the board's history.
    pub comments: Vec<Option<String>>,
}

/// A game read from an SGF file: its position, its record, and the line that says so.
pub(crate) struct Loaded {
    /// The position after its moves.
    pub board: Board,
    /// Its set-up stones, first mover and comments.
    pub record: Record,
    /// `loaded FILE (N moves, WxH RULE)`.
    pub message: String,
}

impl Record {
    /// The record of a game from the empty board, Black first.
    pub fn empty() -> Record {
        Record {
            black: Vec::new(),
            white: Vec::new(),
            first: Color::Black,
            comments: Vec::new(),
        }
    }

    /// The colour of move `i` (from 0) of the history.
    pub fn color_of(&self, i: usize) -> Color {
        if i.is_multiple_of(2) {
            self.first
        } else {
            self.first.opponent()
        }
    }

    /// The game as SGF: set-up stones, the moves of `board` with their comments, the rule,
    /// the players' names and the result.
    pub fn to_sgf(
        &self,
        board: &Board,
        name: impl Fn(Color) -> String,
        result: Option<Outcome>,
    ) -> SgfGame {
        let mut game = SgfGame::new(board.geometry());
        game.black_name = Some(name(Color::Black));
        game.white_name = Some(name(Color::White));
        game.set_property("RU", board.rule().gomocup_code().to_string());
        if self.first == Color::White && board.history().is_empty() {
            game.set_property("PL", "W");
        }
        game.setup_black = self.black.clone();
        game.setup_white = self.white.clone();
        for (i, &pos) in board.history().iter().enumerate() {
            let comment = self.comments.get(i).cloned().flatten();
            game.push_move(self.color_of(i), pos, comment);
        }
        game.result = result;
        game
    }

    /// Reads game `game` (from 1; none for a file of one game) of the SGF file `path`, under
    /// its own rule (RU) or else `rule`. Refuses a board that cannot be played here and a
    /// position already finished by a five the last move did not make.
    pub fn load(path: &Path, game: Option<usize>, rule: Rule) -> Result<Loaded, String> {
        let text = gomoku_config::read_input(path).map_err(|e| format!("cannot read {e}"))?;
        let mut games = gomoku_board::sgf::parse_sgf_collection(&text)
            .map_err(|e| format!("{}: {e}", path.display()))?;
        let n = games.len();
        let index = match (game, n) {
            (_, 0) => return Err(format!("{}: no game in the file", path.display())),
            (None, 1) => 0,
            (None, _) => {
                return Err(format!(
                    "{}: {n} games in the file: say which, from 1 to {n} (load FILE N, or --load FILE --game N)",
                    path.display()
                ));
            }
            (Some(g), _) if (1..=n).contains(&g) => g - 1,
            (Some(g), _) => {
                return Err(format!(
                    "{}: no game {g}: the file holds {n} (from 1 to {n})",
                    path.display()
                ));
            }
        };
        let game = games.swap_remove(index);
        let rule = game.rule().unwrap_or(rule);
        let geometry = game.geometry;
        playable_board(geometry, rule).map_err(|e| format!("{}: {e}", path.display()))?;
        let board = game
            .replay(rule)
            .map_err(|e| format!("{}: {e}", path.display()))?;
        // A five the last move did not make (set-up stones, or both sides with five) leaves
        // nothing to play: the game would go on past its end.
        for color in [Color::Black, Color::White] {
            if let Some(p) = board.five_of(color)
                && board.winner() != Some(color)
            {
                return Err(format!(
                    "{}: the position is finished: {color} has five in a row (through {})",
                    path.display(),
                    show(p)
                ));
            }
        }
        let record = Record {
            black: game.setup_black.clone(),
            white: game.setup_white.clone(),
            first: game.moves.first().map_or(board.to_move(), |m| m.0),
            comments: (0..game.moves.len())
                .map(|i| game.comment(i).map(str::to_string))
                .collect(),
        };
        let message = format!(
            "loaded {} ({} moves, {}x{} {})",
            path.display(),
            game.moves.len(),
            geometry.width,
            geometry.height,
            rule
        );
        Ok(Loaded {
            board,
            record,
            message,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_game_is_picked_from_a_collection() {
        let path = std::env::temp_dir().join(format!("play-coll-{}.sgf", std::process::id()));
        std::fs::write(
            &path,
            "(;GM[4]SZ[15];B[hh];W[ii])\n(;GM[4]SZ[15];B[aa];W[bb];B[cc])\n",
        )
        .unwrap();
        let load = |game| Record::load(&path, game, Rule::Freestyle);
        let err = load(None).err().unwrap();
        assert!(err.contains("2 games in the file: say which"), "{err}");
        let err = load(Some(3)).err().unwrap();
        assert!(err.contains("no game 3: the file holds 2"), "{err}");
        let loaded = load(Some(2)).unwrap();
        assert_eq!(loaded.board.history().len(), 3);
        assert_eq!(loaded.record.comments.len(), 3);
        std::fs::remove_file(&path).unwrap();
    }
}
