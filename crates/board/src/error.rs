use crate::{Color, Pos, Rule};
use thiserror::Error;

/// Everything that can go wrong when building a board, making a move or reading notation.
/// Parse errors carry the line and column (both from 1) or the move number (from 1).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum BoardError {
    /// Width or height outside 3..=32.
    #[error("board size {width}x{height} is not supported (each side must be 3..=32)")]
    BadSize {
        /// Requested width.
        width: usize,
        /// Requested height.
        height: usize,
    },
    /// Row length outside 3..=7 or longer than the board.
    #[error(
        "row length k={k} is not supported on {width}x{height} (k must be 3..=7 and fit the board)"
    )]
    BadRowLength {
        /// Requested row length.
        k: usize,
        /// Board width.
        width: usize,
        /// Board height.
        height: usize,
    },
    /// Renju is defined for five in a row only.
    #[error("the {rule} rule needs k=5, not k={k}")]
    RuleNeedsFive {
        /// The rule.
        rule: Rule,
        /// The requested row length.
        k: usize,
    },
    /// A rule name we do not know.
    #[error("unknown rule '{0}' (expected freestyle, standard or renju)")]
    UnknownRule(String),
    /// A point outside the board.
    #[error("point ({x},{y}) is off the {width}x{height} board")]
    OffBoard {
        /// Column as given.
        x: i64,
        /// Row as given.
        y: i64,
        /// Board width.
        width: usize,
        /// Board height.
        height: usize,
    },
    /// A move onto a stone.
    #[error("point {0} is already occupied")]
    Occupied(Pos),
    /// A renju-forbidden move for Black.
    #[error("point {0} is forbidden for black under renju")]
    Forbidden(Pos),
    /// A move by the side that is not to move.
    #[error("{got} moved but it is {expected}'s turn")]
    WrongTurn {
        /// The side to move.
        expected: Color,
        /// The side that moved.
        got: Color,
    },
    /// A point that a text notation cannot express (pos notation has 26 column letters).
    #[error("point ({x},{y}) cannot be written in {notation} notation")]
    Unrepresentable {
        /// Column.
        x: u8,
        /// Row.
        y: u8,
        /// The notation's name.
        notation: &'static str,
    },
    /// A move after the game has ended.
    #[error("the game is already over")]
    GameOver,
    /// Text that does not parse, with its place.
    #[error("line {line}, column {column}: {message}")]
    Parse {
        /// Line, from 1.
        line: usize,
        /// Column (character), from 1.
        column: usize,
        /// What is wrong.
        message: String,
    },
    /// A move of a sequence that cannot be played, with its number.
    #[error("move {number}: {source}")]
    BadMove {
        /// Move number, from 1.
        number: usize,
        /// Why it cannot be played.
        source: Box<BoardError>,
    },
}

impl BoardError {
    /// A parse error at a line and column (both from 1).
    pub fn parse(line: usize, column: usize, message: impl Into<String>) -> BoardError {
        BoardError::Parse {
            line,
            column,
            message: message.into(),
        }
    }

    /// Wraps an error with the number (from 1) of the move that caused it.
    pub fn at_move(self, number: usize) -> BoardError {
        BoardError::BadMove {
            number,
            source: Box::new(self),
        }
    }
}

#[cfg(test)]
impl BoardError {
    /// The line, column and message of a parse error, for tests that check where a text is
    /// refused; any other error fails the test.
    pub(crate) fn parse_position(self) -> (usize, usize, String) {
        match self {
            BoardError::Parse {
                line,
                column,
                message,
            } => (line, column, message),
            e => panic!("not a parse error: {e}"),
        }
    }
}
