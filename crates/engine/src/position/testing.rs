//! Boards and tables the position tests share.

use super::board::SearchBoard;
use crate::pattern::{CompiledTable, seed_table};
use gomoku_board::{Board, Cell, Geometry, Pos, Rule};
use rand::RngExt;
use std::sync::Arc;

/// The seed table, compiled.
pub(super) fn seed_compiled() -> Arc<CompiledTable> {
    Arc::new(CompiledTable::compile(&seed_table()).unwrap())
}

/// A square board of `size` with rows of `k` under `rule` after up to half as many random
/// moves as it has points (a move onto an occupied point is skipped; a five may stand on
/// it).
pub(super) fn crowded_board(
    rng: &mut rand_chacha::ChaCha8Rng,
    rule: Rule,
    k: usize,
    size: usize,
) -> Board {
    let geometry = Geometry {
        k,
        ..Geometry::square(size)
    };
    let mut board = Board::new(geometry, rule).unwrap();
    for _ in 0..rng.random_range(0..size * size / 2) {
        let p = Pos::new(
            rng.random_range(0..size) as u8,
            rng.random_range(0..size) as u8,
        );
        if board.cell(p) == Cell::Empty {
            board.make(p);
        }
    }
    board
}

/// The seed table with every cell class scored: the n-th class (from 0) `own * (n + 1)`
/// for its owner and `-opp * (n + from)` for the other side; and every pair of best
/// classes, each a distinct score.
pub(super) fn seed_with_classes(own: i32, opp: i32, from: i32) -> Arc<CompiledTable> {
    let mut table = seed_table();
    table.classes = crate::cells::CellClass::ALL[1..]
        .iter()
        .enumerate()
        .map(|(n, &class)| crate::pattern::ClassSpec {
            class,
            own: own * (n as i32 + 1),
            opp: -opp * (n as i32 + from),
        })
        .collect();
    let best = 0..=crate::cells::CellClass::Five.index();
    table.threats = best
        .clone()
        .flat_map(|a| best.clone().map(move |b| (a, b)))
        .map(|(a, b)| crate::pattern::ThreatSpec {
            own: crate::cells::CellClass::ALL[a],
            opp: crate::cells::CellClass::ALL[b],
            score: own * a as i32 - opp * b as i32 + 1,
        })
        .collect();
    Arc::new(CompiledTable::compile(&table).unwrap())
}

/// The empty points' cell indices, in row order.
pub(super) fn empty_cells(sb: &SearchBoard) -> Vec<usize> {
    sb.board()
        .points()
        .map(|p| sb.index(p))
        .filter(|&i| sb.is_empty(i))
        .collect()
}

/// An empty cell of `sb` drawn by `rng` (the board has one).
pub(super) fn random_empty(sb: &SearchBoard, rng: &mut rand_chacha::ChaCha8Rng) -> usize {
    let empties = empty_cells(sb);
    empties[rng.random_range(0..empties.len())]
}

/// An empty search board of `w` x `h`, rows of `k`, under `rule`, with table `t`.
pub(super) fn empty_board(
    t: &Arc<CompiledTable>,
    w: usize,
    h: usize,
    k: usize,
    rule: Rule,
) -> SearchBoard {
    let g = Geometry {
        width: w,
        height: h,
        k,
    };
    SearchBoard::new(&Board::new(g, rule).unwrap(), t.clone(), 2)
}

/// Board sizes, row lengths and rules the five-point tests walk random games on.
pub(super) const FIVES_BOARDS: [(usize, usize, usize, Rule); 5] = [
    (15, 15, 5, Rule::Freestyle),
    (15, 15, 5, Rule::Standard),
    (15, 15, 5, Rule::Renju),
    (7, 7, 3, Rule::Freestyle),
    (12, 10, 6, Rule::Standard),
];
