//! [`SearchBoard`]: a board plus the incremental state the searches read, kept under
//! make and unmake without allocation, so that ordering, quiet leaves and the threat
//! searches' move generation are table reads. It composes parts, each in a file of its own
//! that says what it keeps and its invariant:
//!
//! - `lines`: every cell's code packed by line, so the span of a line is one shift and mask;
//! - `gains`: for every empty cell and direction, what a move there would add to the
//!   evaluation sums, and whether it may make a four (the gain cache);
//! - `kinds`: every empty cell's line kinds and cell-class scores, when the table scores
//!   classes;
//! - `candidates`: the near counts and the candidate cells as per-row bitsets;
//! - `stones`: each colour's stones as per-row bitsets, and their bounding box;
//! - `stack`: the frames of the moves made, the game's below the search's;
//!
//! and the readers of the board: `fives` (five-points), `windows` (four windows, the threat
//! searches' four candidates), `threats` (renju's forbidden points, the pass, the three
//! potential) and `wins` (the static wins the class counts prove).
//!
//! A move is made in a `MoveMode` (`stack`): the main search's full moves keep everything,
//! the VCT's light moves leave the sums, gains and kinds stale, and the VCF's threat moves
//! keep the stones and lines alone. The engine keeps one board from search to search of a game:
//! built once on the empty board, it follows the game by playing the moves since the last
//! search and taking back those the next position does not share
//! ([`SearchBoard::follow`]), so a move costs its new stones, not a board.

mod board;
mod candidates;
mod eval;
mod fives;
mod gains;
mod kinds;
mod lines;
mod stack;
mod stones;
#[cfg(test)]
mod testing;
mod threats;
mod windows;
mod wins;

pub use board::{EVAL_LIMIT, SearchBoard};
pub use fives::Fives;
pub(crate) use windows::{FourWindow, four_window_cells, may_make_two_fives};
