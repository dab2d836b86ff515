//! Tables and positions the search's tests share.

use crate::cells::CellClass;
use crate::pattern::{ClassSpec, PatternTable, seed_table};
use gomoku_board::{Board, Cell, Geometry, Pos, Rule};
use rand::RngExt;
use rand_chacha::ChaCha8Rng;

/// The seed table with the four class scored, so that the line kinds are kept (what the
/// threat quiescence and static wins read).
pub(super) fn four_class_table() -> PatternTable {
    let mut table = seed_table();
    table.classes = vec![ClassSpec {
        class: CellClass::Four,
        own: 400,
        opp: -300,
    }];
    table
}

/// A freestyle 9x9 board after 8 to 17 random moves inside its border (a move onto an
/// occupied point, or after a five, is skipped); `None` when a five stands on it.
pub(super) fn crowded_9x9(rng: &mut ChaCha8Rng) -> Option<Board> {
    let mut b = Board::new(Geometry::square(9), Rule::Freestyle).unwrap();
    for _ in 0..rng.random_range(8..18) {
        let p = Pos::new(rng.random_range(1..8), rng.random_range(1..8));
        if b.cell(p) == Cell::Empty && b.winner().is_none() {
            b.make(p);
        }
    }
    b.winner().is_none().then_some(b)
}
