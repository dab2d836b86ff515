//! What the threat searches ask of a cell beyond fours and fives: renju's forbidden points
//! (with a quick screen, from the cell's lines, that lets the full check run only where a
//! forbidden shape can be), a pass (the VCT's), and a cell's three potential, the measure
//! by which the VCT orders its threes and a defender's replies.
//!
//! Invariant: the screen lets every forbidden point through, and the three potential read
//! from the packed lines equals a cell-by-cell reading (the tests check both).

use super::board::SearchBoard;
use super::lines::{LO, count_even_bits, own_stones};
use gomoku_board::{Color, Rule};
use std::sync::OnceLock;

/// The most stones of `color` that a window of k cells through the empty centre of `span`
/// (2k-1 cells, two bits a cell) holds with that centre filled, over the windows free of
/// the other colour's stones and the edge (0 when none is).
fn window_run(span: u64, color: Color, k: usize) -> u32 {
    let window = LO & ((1u64 << (2 * k)) - 1);
    let own = own_stones(span, color);
    // The other colour's stones and the edge (both bits set).
    let blocked = (span | span >> 1) & LO & !own;
    let mine = own | 1u64 << (2 * (k - 1));
    let mut run = 0u32;
    for start in 0..k {
        let w = window << (2 * start);
        if blocked & w == 0 {
            run = run.max(count_even_bits(mine & w) as u32);
        }
    }
    run
}

/// [`window_run`] for Black and k = 5 at every [`k5_run_index`]: the threat search asks it
/// for every candidate on every line, and one lookup replaces five windows.
fn window_runs_k5() -> &'static [u8] {
    static RUNS: OnceLock<Vec<u8>> = OnceLock::new();
    RUNS.get_or_init(|| {
        (0..1usize << 16)
            .map(|index| {
                let index = index as u64;
                let span = (index & 0xFF) | (index >> 8) << 10;
                window_run(span, Color::Black, 5) as u8
            })
            .collect()
    })
}

/// The index of a k = 5 span (9 cells) in [`window_runs_k5`]: its eight cells other than
/// the centre, with the colours swapped for White (an edge stays an edge).
#[inline]
fn k5_run_index(span: u64, color: Color) -> usize {
    let span = match color {
        Color::Black => span,
        Color::White => (span & LO) << 1 | (span >> 1) & LO,
    };
    ((span & 0xFF) | (span >> 10) << 8) as usize
}

impl SearchBoard {
    /// Whether the empty cell is forbidden to the side to move (renju, Black).
    #[inline]
    pub fn is_forbidden(&mut self, i: usize) -> bool {
        self.rule == Rule::Renju
            && self.board.to_move() == Color::Black
            && self.is_forbidden_for_black(i)
    }

    /// Whether the empty cell would be forbidden to Black (renju), whoever is to move.
    #[inline]
    pub fn is_forbidden_for_black(&mut self, i: usize) -> bool {
        self.rule == Rule::Renju && self.may_be_forbidden(i) && {
            let p = self.board.pos_of(i);
            gomoku_board::renju::is_forbidden_in_place(&mut self.board, p)
        }
    }

    /// Whether a black stone at the empty cell `i` can be forbidden at all (renju, k = 5),
    /// from Black's stones on its four lines within four cells. A double three or double
    /// four needs two lines where a window of five free of White and the edge holds three or
    /// more black stones with this one (a three becomes a straight four inside such a
    /// window). An overline or two fours along one line need four more black stones within
    /// four cells of it (six in a row leave at most one of them further away; two fours
    /// sharing a line and not the same four stones hold five). Most cells a threat search
    /// asks about have neither, and the full check reads every line.
    #[inline]
    fn may_be_forbidden(&self, i: usize) -> bool {
        let runs = window_runs_k5();
        let mut threes = 0;
        for d in 0..4 {
            let span = self.lines.span(i, d, 4);
            if count_even_bits(own_stones(span, Color::Black)) >= 4 {
                return true;
            }
            threes += (runs[k5_run_index(span, Color::Black)] >= 3) as u32;
        }
        threes >= 2
    }

    /// Hands the move to the other side without a stone (a pass inside the threat search);
    /// a second call gives it back. Evaluation sums are per side to move, so they stay right.
    #[inline]
    pub fn pass_turn(&mut self) {
        let other = self.board.to_move().opponent();
        self.board.set_to_move(other);
    }

    /// How strongly a stone of `color` on the empty cell `i` attacks: per line, the most
    /// stones of `color` (this one included) in a window of k cells free of other stones and
    /// edges; 0 unless some line reaches k-2, else the sum of the squares over the lines
    /// (the VCT tries its threes in this order, most promising first).
    pub fn three_potential(&self, i: usize, color: Color) -> u32 {
        let k = self.k;
        let table = (k == 5).then(window_runs_k5);
        let (mut sum, mut best, mut twos) = (0u32, 0u32, 0u32);
        for d in 0..4 {
            // The 2k-1 cells around `i` along the line: two bits a cell.
            let span = self.lines.span(i, d, k - 1);
            let line = match table {
                Some(runs) => runs[k5_run_index(span, color)] as u32,
                None => window_run(span, color, k),
            };
            best = best.max(line);
            twos += (line as usize + 3 >= k) as u32;
            sum += line * line;
        }
        // A three, or two lines of two (a fukumi: no three, but a pass may lose to fours).
        if best as usize + 2 >= k || twos >= 2 {
            sum
        } else {
            0
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;
    use gomoku_board::{Board, Cell, Geometry, Pos};
    use rand::{RngExt, SeedableRng};

    impl SearchBoard {
        /// [`SearchBoard::three_potential`] read cell by cell from the board: its oracle.
        fn three_potential_by_cells(&self, i: usize, color: Color) -> u32 {
            let cells = self.board.cells();
            let own = color.cell();
            let k = self.k as isize;
            let (mut sum, mut best, mut twos) = (0u32, 0u32, 0u32);
            let window = (1u32 << k) - 1;
            for &off in &self.offs {
                // The 2k-1 cells i + s*off for s in -(k-1)..k as bits: own (this one included)
                // and blocked (the other colour or the edge).
                let (mut mine, mut blocked) = (1u32 << (k - 1), 0u32);
                for s in (-(k - 1)..k).filter(|&s| s != 0) {
                    let bit = 1u32 << (s + k - 1);
                    let c = cells[(i as isize + s * off) as usize];
                    if c == own {
                        mine |= bit;
                    } else if c != Cell::Empty {
                        blocked |= bit;
                    }
                }
                let mut line = 0u32;
                for start in 0..k {
                    if (blocked >> start) & window == 0 {
                        line = line.max(((mine >> start) & window).count_ones());
                    }
                }
                best = best.max(line);
                twos += (line as isize >= k - 3) as u32;
                sum += line * line;
            }
            // A three, or two lines of two (a fukumi: no three, but a pass may lose to fours).
            if best as isize >= k - 2 || twos >= 2 {
                sum
            } else {
                0
            }
        }
    }

    /// The three potential read from the packed lines equals the cell-by-cell reading on
    /// every empty cell, for each colour, row length and rule, near edges and on crowded
    /// boards, and after light and threat moves as the VCT plays them.
    #[test]
    fn three_potential_from_spans_equals_the_cells() {
        let t = seed_compiled();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(61);
        let (mut compared, mut threes) = (0, 0);
        for (rule, k, size) in [
            (Rule::Freestyle, 5, 15),
            (Rule::Renju, 5, 15),
            (Rule::Standard, 6, 19),
            (Rule::Freestyle, 7, 19),
            (Rule::Freestyle, 4, 9),
            (Rule::Freestyle, 3, 5),
        ] {
            for _ in 0..20 {
                let board = crowded_board(&mut rng, rule, k, size);
                let mut sb = SearchBoard::new(&board, t.clone(), 2);
                for step in 0..3 {
                    for i in empty_cells(&sb) {
                        for color in [Color::Black, Color::White] {
                            let (fast, slow) = (
                                sb.three_potential(i, color),
                                sb.three_potential_by_cells(i, color),
                            );
                            assert_eq!(fast, slow, "{rule:?} k={k} {color:?} cell {i}");
                            compared += 1;
                            threes += (fast > 0) as u32;
                        }
                    }
                    let empty = empty_cells(&sb);
                    if empty.is_empty() {
                        break;
                    }
                    let m = empty[rng.random_range(0..empty.len())];
                    if step == 0 {
                        sb.make_light(m);
                    } else {
                        sb.make_threat(m);
                    }
                }
            }
        }
        assert!(
            compared > 50_000 && threes > 5_000,
            "{compared} cells, {threes} threes"
        );
    }

    /// The quick screen of renju's forbidden points lets none through: on boards crowded
    /// with black stones, edges included, every point the full check forbids passes the
    /// screen, and most other points do not (or the screen saves nothing).
    #[test]
    fn every_forbidden_point_passes_the_screen() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(31);
        let t = seed_compiled();
        let (mut forbidden, mut screened_out) = (0, 0);
        for _ in 0..600 {
            let (mut black, mut white) = (Vec::new(), Vec::new());
            // A 9x9 square anywhere on the board, so the edges take part.
            let (x0, y0) = (rng.random_range(0..7u8), rng.random_range(0..7u8));
            for _ in 0..rng.random_range(6..40) {
                let p = Pos::new(x0 + rng.random_range(0..9), y0 + rng.random_range(0..9));
                if !black.contains(&p) && !white.contains(&p) {
                    if rng.random_range(0..4) == 0 {
                        white.push(p);
                    } else {
                        black.push(p);
                    }
                }
            }
            let square = Geometry::square(15);
            let Ok(board) = Board::from_stones(square, Rule::Renju, &black, &white, Color::Black)
            else {
                continue;
            };
            let sb = SearchBoard::new(&board, t.clone(), 2);
            for p in board.points().filter(|&p| board.cell(p) == Cell::Empty) {
                let screened = sb.may_be_forbidden(board.index(p));
                if gomoku_board::renju::is_forbidden(&board, p) {
                    assert!(screened, "{p:?} black {black:?} white {white:?}");
                    forbidden += 1;
                } else {
                    screened_out += !screened as u32;
                }
            }
        }
        assert!(
            forbidden > 1000 && screened_out > 50_000,
            "{forbidden} forbidden, {screened_out} screened out"
        );
    }
}
