//! Renju forbidden moves for Black (RIF rules, k = 5).
//!
//! Black may not play a move that makes an overline (six or more in a row), a double four
//! (two or more fours at once, also two fours on one line such as `X.X?X.X`) or a double
//! three (two or more threes at once). A move that makes exactly five wins and is never
//! forbidden, whatever else it makes. White has no restrictions.
//!
//! Definitions used, all for lines through the move `m`:
//! - a *five-point* of a line is an empty point that would make a run of exactly five
//!   containing `m`; a line with one five-point, or with two that are the two ends of one
//!   straight four `.XXXX.`, holds one *four*; a line with two other five-points holds two;
//! - a *straight four* is a run of exactly four with an empty point at each end where Black
//!   makes exactly five (not an overline);
//! - a line holds a *three* when it holds no four and Black can make a straight four
//!   containing `m` by one more move that is itself not forbidden (checked recursively with
//!   `m` on the board: the false-three rule).
//!
//! Every stone between `m` and a point that completes a five or a four containing `m` must
//! be black, so on each side of `m` only the first non-black point beyond the run through
//! `m` can be such a point: each line has at most two candidates and the first level needs
//! no stone placed. Only a possible double three places stones, one per level of recursion,
//! so the recursion ends.

use crate::{Board, Cell, Color, Pos};

/// Why a point is forbidden to Black.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ForbiddenKind {
    /// The move makes six or more in a row (and no exact five).
    Overline,
    /// The move makes two or more fours (and no five).
    DoubleFour,
    /// The move makes two or more threes (and no five, overline or double four).
    DoubleThree,
}

impl ForbiddenKind {
    /// A short lowercase name.
    pub fn name(self) -> &'static str {
        match self {
            ForbiddenKind::Overline => "overline",
            ForbiddenKind::DoubleFour => "double-four",
            ForbiddenKind::DoubleThree => "double-three",
        }
    }
}

impl std::fmt::Display for ForbiddenKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// Whether Black may not play at the empty point `pos` under renju (whatever the board's
/// rule and side to move). Clones the board only when a possible double three has to be
/// resolved by the recursive false-three check.
pub fn is_forbidden(board: &Board, pos: Pos) -> bool {
    let i = board.index(pos);
    debug_assert_eq!(board.cells()[i], Cell::Empty, "{pos:?} must be empty");
    match analyse(board.cells(), board.direction_offsets(), i) {
        Analysis::Decided(kind) => kind.is_some(),
        Analysis::Threes(candidates) => {
            let mut scratch = board.clone();
            resolve_threes(&mut scratch, i, &candidates).is_some()
        }
    }
}

/// [`is_forbidden`] without cloning or allocating: stones of the false-three check are put
/// on `board` with [`Board::put_stone`] and removed again, so the board (cells, key, stone
/// count) is exactly as it was on return.
#[inline]
pub fn is_forbidden_in_place(board: &mut Board, pos: Pos) -> bool {
    forbidden_kind(board, pos).is_some()
}

/// Why Black may not play at the empty point `pos` under renju, or `None` if Black may.
/// Leaves `board` as it was (see [`is_forbidden_in_place`]).
pub fn forbidden_kind(board: &mut Board, pos: Pos) -> Option<ForbiddenKind> {
    let i = board.index(pos);
    debug_assert_eq!(board.cells()[i], Cell::Empty, "{pos:?} must be empty");
    kind_at(board, i)
}

/// Every empty point where Black may not play, row by row from the top.
pub fn forbidden_points(board: &Board) -> Vec<Pos> {
    let mut scratch: Option<Board> = None;
    let mut out = Vec::new();
    for pos in board.points() {
        let i = board.index(pos);
        if board.cells()[i] != Cell::Empty {
            continue;
        }
        let forbidden = match analyse(board.cells(), board.direction_offsets(), i) {
            Analysis::Decided(kind) => kind.is_some(),
            Analysis::Threes(candidates) => {
                let b = scratch.get_or_insert_with(|| board.clone());
                resolve_threes(b, i, &candidates).is_some()
            }
        };
        if forbidden {
            out.push(pos);
        }
    }
    out
}

/// Up to two straight-four points for each direction (`usize::MAX` = none).
type Candidates = [[usize; 2]; 4];
const NONE: usize = usize::MAX;

enum Analysis {
    /// Known without recursion.
    Decided(Option<ForbiddenKind>),
    /// Two or more lines may hold a three; each needs a straight-four point that is not
    /// itself forbidden.
    Threes(Candidates),
}

/// Number of black stones next to `i` going in steps of `d` (walls stop the scan).
#[inline(always)]
fn run(cells: &[Cell], i: usize, d: isize) -> usize {
    let mut n = 0;
    let mut j = i.wrapping_add_signed(d);
    while cells[j] == Cell::Black {
        n += 1;
        j = j.wrapping_add_signed(d);
    }
    n
}

#[inline(always)]
fn at(i: usize, d: isize, steps: usize) -> usize {
    i.wrapping_add_signed(d * steps as isize)
}

/// What one line through `i` holds for a black stone at `i` (which need not be placed).
struct Line {
    /// Length of the black run through `i`, counting `i`.
    len: usize,
    /// Fours (0, 1 or 2).
    fours: u8,
    /// Points that would make a straight four containing `i` (`NONE` = none).
    three_points: [usize; 2],
}

/// Analyses the line through `i` along `d`, treating `i` as black. Cells at `i` are never
/// read. Needs the run through `i` to be at most five long for the padded reads to stay
/// within the walls; for longer runs only `len` is meaningful.
#[inline(always)]
fn line(cells: &[Cell], i: usize, d: isize) -> Line {
    let a = run(cells, i, -d);
    let b = run(cells, i, d);
    let len = a + b + 1;
    let mut out = Line {
        len,
        fours: 0,
        three_points: [NONE, NONE],
    };
    if len >= 5 {
        return out;
    }
    // The first point beyond the run on each side, and the runs beyond those.
    let ql = at(i, -d, a + 1);
    let qr = at(i, d, b + 1);
    let l_empty = cells[ql] == Cell::Empty;
    let r_empty = cells[qr] == Cell::Empty;
    let cl = if l_empty { run(cells, ql, -d) } else { 0 };
    let cr = if r_empty { run(cells, qr, d) } else { 0 };
    let five_l = l_empty && len + 1 + cl == 5;
    let five_r = r_empty && len + 1 + cr == 5;
    out.fours = match (five_l, five_r) {
        (false, false) => 0,
        // Both ends of the same straight four `.XXXX.`.
        (true, true) if len == 4 => 1,
        (true, true) => 2,
        _ => 1,
    };
    if out.fours > 0 {
        return out;
    }
    // Straight fours: after filling q the run must be exactly four with an empty end on
    // each side, and the point beyond each end must not be black (or that end would make
    // an overline rather than five).
    let not_black = |j: usize| cells[j] != Cell::Black;
    if r_empty && len + 1 + cr == 4 {
        let end_l = ql;
        let end_r = at(qr, d, cr + 1);
        if l_empty
            && cl == 0
            && cells[end_r] == Cell::Empty
            && not_black(end_r.wrapping_add_signed(d))
        {
            debug_assert!(not_black(end_l.wrapping_add_signed(-d)));
            out.three_points[0] = qr;
        }
    }
    if l_empty && len + 1 + cl == 4 {
        let end_r = qr;
        let end_l = at(ql, -d, cl + 1);
        if r_empty
            && cr == 0
            && cells[end_l] == Cell::Empty
            && not_black(end_l.wrapping_add_signed(-d))
        {
            debug_assert!(not_black(end_r.wrapping_add_signed(d)));
            out.three_points[1] = ql;
        }
    }
    out
}

/// The first level of the check, with no stone placed.
#[inline]
fn analyse(cells: &[Cell], offsets: [isize; 4], i: usize) -> Analysis {
    // A cheap filter first: every line that can hold a four or a three has at least two
    // black stones within four points of `i` (not past a white stone or the wall), and an
    // overline or a double four on one line needs three.
    let mut busy = 0;
    let mut crowded = false;
    for &d in &offsets {
        let mut n = 0;
        for dir in [d, -d] {
            let mut j = i;
            for _ in 0..4 {
                j = j.wrapping_add_signed(dir);
                match cells[j] {
                    Cell::Black => n += 1,
                    Cell::Empty => {}
                    _ => break,
                }
            }
        }
        busy += (n >= 2) as u32;
        crowded |= n >= 3;
    }
    if busy < 2 && !crowded {
        return Analysis::Decided(None);
    }

    let lines = offsets.map(|d| line(cells, i, d));
    if lines.iter().any(|l| l.len == 5) {
        return Analysis::Decided(None);
    }
    if lines.iter().any(|l| l.len > 5) {
        return Analysis::Decided(Some(ForbiddenKind::Overline));
    }
    let fours: u8 = lines.iter().map(|l| l.fours).sum();
    if fours >= 2 {
        return Analysis::Decided(Some(ForbiddenKind::DoubleFour));
    }
    let maybe_threes = lines
        .iter()
        .filter(|l| l.three_points[0] != NONE || l.three_points[1] != NONE);
    if maybe_threes.count() < 2 {
        return Analysis::Decided(None);
    }
    Analysis::Threes(lines.map(|l| l.three_points))
}

/// Resolves possible threes: puts Black at `i`, counts the lines with a straight-four point
/// that is not itself forbidden, and takes the stone away again.
fn resolve_threes(board: &mut Board, i: usize, candidates: &Candidates) -> Option<ForbiddenKind> {
    let pos = board.pos_of(i);
    board.put_stone(pos, Color::Black);
    let mut threes = 0;
    let mut left = candidates
        .iter()
        .filter(|c| c[0] != NONE || c[1] != NONE)
        .count();
    for points in candidates {
        if points[0] == NONE && points[1] == NONE {
            continue;
        }
        left -= 1;
        if points
            .iter()
            .any(|&q| q != NONE && kind_at(board, q).is_none())
        {
            threes += 1;
            if threes >= 2 {
                break;
            }
        }
        if threes + left < 2 {
            break;
        }
    }
    board.remove_stone(pos);
    (threes >= 2).then_some(ForbiddenKind::DoubleThree)
}

/// The full check for Black at the empty cell `i`.
fn kind_at(board: &mut Board, i: usize) -> Option<ForbiddenKind> {
    match analyse(board.cells(), board.direction_offsets(), i) {
        Analysis::Decided(kind) => kind,
        Analysis::Threes(candidates) => resolve_threes(board, i, &candidates),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Geometry, Rule};

    #[test]
    fn empty_board_has_no_forbidden_points() {
        let b = Board::new(Geometry::square(15), Rule::Renju).unwrap();
        assert!(forbidden_points(&b).is_empty());
    }

    #[test]
    fn in_place_restores_the_board() {
        // A double three whose resolution puts stones on the board.
        let black = [
            Pos::new(2, 4),
            Pos::new(3, 4),
            Pos::new(4, 2),
            Pos::new(4, 3),
        ];
        let mut b =
            Board::from_stones(Geometry::square(15), Rule::Renju, &black, &[], Color::Black)
                .unwrap();
        let before = b.clone();
        assert_eq!(
            forbidden_kind(&mut b, Pos::new(4, 4)),
            Some(ForbiddenKind::DoubleThree)
        );
        assert_eq!(b, before);
        assert_eq!(b.stone_count(), before.stone_count());
    }
}
