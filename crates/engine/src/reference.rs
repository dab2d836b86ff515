//! A plain fixed-depth minimax (no pruning, no TT, no ordering, no width limit, no VCF) over
//! the same candidate set and forced-move rules as the engine: the oracle the tests compare
//! alpha-beta against.

use crate::position::SearchBoard;
use crate::{Engine, WIN};
use gomoku_board::Board;

/// The minimax score of `board` at `depth` plies, from the side to move's view, with the
/// engine's table and radius.
pub fn minimax(engine: &Engine, board: &Board, depth: u32) -> i32 {
    let mut sb = engine.search_board(board);
    let me = sb.to_move();
    if sb.all_fives(me).len > 0 {
        return WIN - 1;
    }
    let theirs = sb.all_fives(me.opponent());
    let mut moves = Vec::new();
    if theirs.len > 0 {
        if theirs.len >= 2 || sb.is_forbidden(theirs.cells[0] as usize) {
            return -(WIN - 2);
        }
        moves.push(theirs.cells[0]);
    } else {
        sb.candidates(&mut moves);
        moves.retain(|&c| !sb.is_forbidden(c as usize));
    }
    if moves.is_empty() {
        return 0;
    }
    let mut best = i32::MIN;
    for m in moves {
        sb.make(m as usize);
        best = best.max(-node(&mut sb, depth as i32 - 1, 1));
        sb.unmake();
    }
    best
}

fn node(sb: &mut SearchBoard, depth: i32, ply: i32) -> i32 {
    let (mine, theirs) = sb.recent_fives();
    if mine.len > 0 {
        return WIN - (ply + 1);
    }
    if theirs.len >= 2 {
        return -(WIN - (ply + 2));
    }
    if let Some(q) = theirs.first()
        && sb.is_forbidden(q as usize)
    {
        return -(WIN - (ply + 2));
    }
    if sb.is_full() {
        return 0;
    }
    if depth <= 0 {
        return sb.eval();
    }
    let mut moves = Vec::new();
    if let Some(q) = theirs.first() {
        moves.push(q);
    } else {
        sb.candidates(&mut moves);
        moves.retain(|&c| !sb.is_forbidden(c as usize));
    }
    if moves.is_empty() {
        return 0;
    }
    let mut best = i32::MIN;
    for m in moves {
        sb.make(m as usize);
        best = best.max(-node(sb, depth - 1, ply + 1));
        sb.unmake();
    }
    best
}
