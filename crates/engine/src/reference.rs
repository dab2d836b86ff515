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
    if let Some(q) = theirs.first()
        && (theirs.len >= 2 || sb.is_forbidden(q as usize))
    {
        return -(WIN - 2);
    }
    best_move(&mut sb, theirs.first(), depth as i32, 0)
}

/// The score of the node at `ply` with `depth` plies left, its five-points found from the
/// last two moves.
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
    best_move(sb, theirs.first(), depth, ply)
}

/// The best score of the side to move at `ply` over its moves, each searched with
/// `depth - 1` plies left: the block `forced` if given, else every legal candidate (0 when
/// there is none).
fn best_move(sb: &mut SearchBoard, forced: Option<u32>, depth: i32, ply: i32) -> i32 {
    let mut moves = Vec::new();
    match forced {
        Some(q) => moves.push(q),
        None => {
            sb.candidates(&mut moves);
            moves.retain(|&c| !sb.is_forbidden(c as usize));
        }
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

/// Whether the side to move of `board` wins by a VCF (continuous fours, then a five) of at
/// most `max_fours` fours, by the rules alone: every empty point is tried as a four, the
/// defender must block the single five-point (or loses to two, or to a block forbidden to
/// him under renju), and a defender with a five-point of his own wins first. Exponential:
/// for small `max_fours` only, as the oracle of the engine's threat search.
pub fn vcf(board: &Board, max_fours: u32) -> bool {
    let mut b = board.clone();
    vcf_node(&mut b, max_fours)
}

fn five_points(b: &Board, color: gomoku_board::Color) -> Vec<gomoku_board::Pos> {
    b.points()
        .filter(|&p| b.cell(p) == gomoku_board::Cell::Empty && b.wins_at(p, color))
        .collect()
}

fn vcf_node(b: &mut Board, budget: u32) -> bool {
    let me = b.to_move();
    if !five_points(b, me).is_empty() {
        return true;
    }
    if budget == 0 {
        return false;
    }
    let theirs = five_points(b, me.opponent());
    if theirs.len() >= 2 {
        return false;
    }
    let moves: Vec<gomoku_board::Pos> = match theirs.first() {
        Some(&q) => vec![q],
        None => b
            .points()
            .filter(|&p| b.cell(p) == gomoku_board::Cell::Empty)
            .collect(),
    };
    for p in moves {
        if b.is_forbidden(p) {
            continue;
        }
        b.make(p);
        let mine = five_points(b, me);
        let won = if mine.is_empty() {
            false
        } else if !five_points(b, me.opponent()).is_empty() {
            // Our move did not block the defender's five-point: he completes it first.
            false
        } else if mine.len() >= 2 {
            true
        } else if b.is_forbidden(mine[0]) {
            // Black may not block on a forbidden point.
            true
        } else {
            b.make(mine[0]);
            let w = vcf_node(b, budget - 1);
            b.unmake();
            w
        };
        b.unmake();
        if won {
            return true;
        }
    }
    false
}
