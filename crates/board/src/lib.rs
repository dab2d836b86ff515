//! The Gomoku board: geometry from 3x3 to 32x32 with any row length from 3 to 7, the
//! freestyle, standard (exact k) and renju rules, O(1) make/unmake with an incremental Zobrist
//! key, win detection from the last move, board symmetries, and the text formats people use
//! for moves and games (pos, Gomocup `x,y`, Gomocup opening offsets, SGF).
//!
//! No serde and no I/O: every parser takes a `&str` and every writer returns a `String`.
#![deny(missing_docs)]

mod board;
mod by_color;
mod error;
pub mod notation;
pub mod opening;
pub mod renju;
pub mod sgf;
pub mod symmetry;
mod zobrist;

pub use board::{Board, DIRECTIONS, PADDING, line_between};
pub use by_color::ByColor;
pub use error::BoardError;
pub use symmetry::Symmetry;

use std::fmt;

/// The largest supported board side.
pub const MAX_SIDE: usize = 32;
/// The smallest supported board side.
pub const MIN_SIDE: usize = 3;
/// The shortest supported winning row.
pub const MIN_K: usize = 3;
/// The longest supported winning row.
pub const MAX_K: usize = 7;

/// One of the two players. Black always moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// The first mover.
    Black,
    /// The second mover.
    White,
}

impl Color {
    /// The other player.
    #[inline]
    pub fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// 0 for Black, 1 for White: an index for per-side arrays.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// The cell a stone of this colour occupies.
    #[inline]
    pub fn cell(self) -> Cell {
        match self {
            Color::Black => Cell::Black,
            Color::White => Cell::White,
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::Black => "black",
            Color::White => "white",
        })
    }
}

/// The content of one cell of the padded board array. `Wall` marks the padding around the
/// playing area, so line scans need no bounds checks. The values fit in two bits, which
/// lets the engine pack a line of cells into an integer key.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Cell {
    /// No stone.
    Empty = 0,
    /// A black stone.
    Black = 1,
    /// A white stone.
    White = 2,
    /// Outside the board.
    Wall = 3,
}

impl Cell {
    /// The colour of the stone in this cell, if any.
    #[inline]
    pub fn color(self) -> Option<Color> {
        match self {
            Cell::Black => Some(Color::Black),
            Cell::White => Some(Color::White),
            _ => None,
        }
    }
}

/// The rule that decides what wins and which moves are allowed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Rule {
    /// k or more in a row wins.
    #[default]
    Freestyle,
    /// Exactly k in a row wins; an overline does not.
    Standard,
    /// Renju (k = 5): Black may not make an overline, a double four or a double three and
    /// wins only with exactly five; White wins with five or more.
    Renju,
}

impl Rule {
    /// The rule's name as used in configs and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Rule::Freestyle => "freestyle",
            Rule::Standard => "standard",
            Rule::Renju => "renju",
        }
    }

    /// The Gomocup protocol's rule bitmask value (0 freestyle, 1 exact five, 4 renju).
    pub fn gomocup_code(self) -> u32 {
        match self {
            Rule::Freestyle => 0,
            Rule::Standard => 1,
            Rule::Renju => 4,
        }
    }
}

impl std::str::FromStr for Rule {
    type Err = BoardError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.to_ascii_lowercase().as_str() {
            "freestyle" | "free" | "gomoku" => Ok(Rule::Freestyle),
            "standard" | "exact" | "exact5" | "exactfive" => Ok(Rule::Standard),
            "renju" => Ok(Rule::Renju),
            _ => Err(BoardError::UnknownRule(s.to_string())),
        }
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A point of the board: `x` is the column from the left, `y` the row from the top (the
/// Gomocup protocol's orientation), both from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pos {
    /// Column, 0 = leftmost.
    pub x: u8,
    /// Row, 0 = top.
    pub y: u8,
}

impl Pos {
    /// A point from its column and row.
    #[inline]
    pub const fn new(x: u8, y: u8) -> Pos {
        Pos { x, y }
    }
}

/// A point as people write it: pos notation (`h8`), or Gomocup's `(x,y)` past column `z`.
impl std::fmt::Display for Pos {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match notation::format_pos(*self) {
            Ok(text) => f.write_str(&text),
            Err(_) => write!(f, "({},{})", self.x, self.y),
        }
    }
}

/// The shape of a game: board width and height and the winning row length k.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Geometry {
    /// Number of columns.
    pub width: usize,
    /// Number of rows.
    pub height: usize,
    /// Stones in a row needed to win.
    pub k: usize,
}

impl Geometry {
    /// A square board of `size` with five in a row.
    pub const fn square(size: usize) -> Geometry {
        Geometry {
            width: size,
            height: size,
            k: 5,
        }
    }

    /// Checks the limits: sides from 3 to 32, k from 3 to 7, and k no longer than both sides.
    pub fn validate(&self) -> Result<(), BoardError> {
        let side_ok = |s: usize| (MIN_SIDE..=MAX_SIDE).contains(&s);
        if !side_ok(self.width) || !side_ok(self.height) {
            return Err(BoardError::BadSize {
                width: self.width,
                height: self.height,
            });
        }
        if !(MIN_K..=MAX_K).contains(&self.k) || self.k > self.width.max(self.height) {
            return Err(BoardError::BadRowLength {
                k: self.k,
                width: self.width,
                height: self.height,
            });
        }
        Ok(())
    }

    /// Whether `(x, y)` lies on the board.
    #[inline]
    pub fn contains(&self, x: i32, y: i32) -> bool {
        x >= 0 && y >= 0 && (x as usize) < self.width && (y as usize) < self.height
    }

    /// The number of points.
    #[inline]
    pub fn area(&self) -> usize {
        self.width * self.height
    }

    /// The centre point used by Gomocup offsets: `(floor(width/2), floor(height/2))`.
    pub fn centre(&self) -> Pos {
        Pos::new((self.width / 2) as u8, (self.height / 2) as u8)
    }
}

impl Default for Geometry {
    fn default() -> Self {
        Geometry::square(15)
    }
}

impl fmt::Display for Geometry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{} k={}", self.width, self.height, self.k)
    }
}

/// How a game ended, from the board's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The given colour made a winning row.
    Win(Color),
    /// The board is full and nobody won.
    Draw,
}
