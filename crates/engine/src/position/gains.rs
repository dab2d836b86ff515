//! The gain cache: for every empty cell and direction, what a stone there would add to the
//! evaluation sums along that line (its line gain, for either colour and from either
//! side's view) and whether it would leave k-1 of its stones within k-1 cells (its four
//! bit), so that move ordering, quiet leaves and make read a table instead of scanning
//! lines. A move changes the gains of the empty cells its four lines can see, and no
//! other: make refreshes those (each next cell's span is the last one shifted by a cell),
//! saving the old values for unmake. Most moves are followed only by leaf reads and then
//! taken back, so the refresh waits for the next make (the move is `pending`), and reads
//! correct the one line of theirs that runs through the pending move.
//!
//! Invariant: with the cache kept, every empty cell's gains and four bits are those its
//! spans give, but on the line through the pending move; light and threat moves leave them
//! stale, and nothing reads them until those are taken back. The cache is kept when the
//! board was built with it and the table has gain arrays (windows up to
//! [`crate::pattern::GAIN_TABLE_MAX_WIDTH`]); the span reads here serve boards without it.

use super::lines::{LO, LineView, PackedLines, count_even_bits, own_stones};
use super::stack::{Frame, MoveMode, StaleMoves};
use gomoku_board::{Board, ByColor, Cell, Color};

/// What playing at one empty cell would do along one line through it: the change of the
/// evaluation sums `[Black plays: Black's view, White's view, White plays: Black's view,
/// White's view]`, kept for every empty cell and direction under make/unmake.
pub(super) type LineGain = [i32; 4];

/// A cached line gain overwritten by a move, to be put back by its unmake.
#[derive(Clone, Copy, Debug)]
struct Saved {
    cell: u32,
    dir: u8,
    four: u8,
    gain: LineGain,
}

/// `four` with direction `d`'s bits (Black's `0x01 << d`, White's `0x10 << d`) taken from
/// `from`.
#[inline]
fn with_fours(four: u8, d: usize, from: u8) -> u8 {
    (four & !(0x11 << d)) | (from & (0x11 << d))
}

/// No move (see [`GainCache::pending`]).
const NO_MOVE: u32 = u32::MAX;

/// The line gains and four bits of every empty cell, and how they are read from a span.
#[derive(Clone)]
pub(super) struct GainCache {
    /// The pattern table's window length W.
    w: usize,
    /// The half-width of the span a cell's gains are read from: W-1, at least k-1 and 1.
    h: usize,
    /// The row length.
    k: usize,
    /// The cells of a span within k-1 of its centre, one low bit each.
    kmask: u64,
    /// Whether the board was asked to keep the cache (see
    /// `SearchBoard::without_gain_cache`).
    requested: bool,
    /// Per cell and direction, the gains of a move there (empty when the cache is not
    /// kept).
    line_gains: Vec<[LineGain; 4]>,
    /// Per cell, bit `4 * colour + d`: a stone of that colour there would leave k-1 of its
    /// stones within k-1 cells along direction `d` (a four may appear).
    four_bits: Vec<u8>,
    /// The values full moves overwrote, the last last.
    undo: Vec<Saved>,
    /// Light and threat moves on the board, which left the cache stale.
    stale: StaleMoves,
    /// The last move, if its refresh is deferred ([`NO_MOVE`] if none).
    pending: u32,
    /// Per padded-index difference from a cell (offset by `rel_mid`): 1 + the direction
    /// of the line joining them if within `h` cells, else 0.
    rel: Vec<u8>,
    rel_mid: isize,
}

impl GainCache {
    /// The cache of `board` (its lines packed in `lines`) for a table of window length `w`
    /// and gain arrays `gains`: filled if `requested` and the table has gain arrays.
    pub(super) fn new(
        board: &Board,
        lines: &PackedLines,
        w: usize,
        gains: &[LineGain],
        requested: bool,
    ) -> GainCache {
        let k = board.k();
        let h = (w - 1).max(k - 1).max(1);
        let mut kmask = 0u64;
        for i in (h + 1 - k)..=(h + k - 1) {
            kmask |= 1 << (2 * i);
        }
        let mut cache = GainCache {
            w,
            h,
            k,
            kmask,
            requested,
            line_gains: Vec::new(),
            four_bits: Vec::new(),
            undo: Vec::new(),
            stale: StaleMoves::default(),
            pending: NO_MOVE,
            rel: Vec::new(),
            rel_mid: 0,
        };
        if requested && !gains.is_empty() {
            cache.fill(board, lines, gains);
        }
        cache
    }

    fn fill(&mut self, board: &Board, lines: &PackedLines, gains: &[LineGain]) {
        let n_cells = board.cells().len();
        // The padded-index difference of two points of the board with |dx| <= h
        // determines (dx, dy): the stride (width + PADDING) exceeds width - 1 + h.
        let stride = board.direction_offsets()[1];
        let hh = self.h as isize;
        self.rel_mid = hh * stride + hh;
        self.rel = vec![0; (2 * self.rel_mid + 1) as usize];
        for (d, &(dx, dy)) in gomoku_board::DIRECTIONS.iter().enumerate() {
            for s in 1..=hh {
                for sign in [-1, 1] {
                    let delta = sign * s * (dy as isize * stride + dx as isize);
                    self.rel[(self.rel_mid + delta) as usize] = 1 + d as u8;
                }
            }
        }
        self.line_gains = vec![[[0; 4]; 4]; n_cells];
        self.four_bits = vec![0; n_cells];
        self.undo.reserve(4096);
        for p in board.points() {
            let i = board.index(p);
            if board.cells()[i] == Cell::Empty {
                for d in 0..4 {
                    let (g, f) = self.span_gain(gains, lines.span(i, d, self.h), d);
                    self.line_gains[i][d] = g;
                    self.four_bits[i] = with_fours(self.four_bits[i], d, f);
                }
            }
        }
    }

    /// Whether the cache is kept.
    #[inline]
    pub(super) fn is_kept(&self) -> bool {
        !self.line_gains.is_empty()
    }

    /// Whether the board was asked to keep the cache.
    #[inline]
    pub(super) fn requested(&self) -> bool {
        self.requested
    }

    /// The half-width of the span a cell's gains are read from.
    #[inline]
    pub(super) fn h(&self) -> usize {
        self.h
    }

    /// Whether no light or threat move on the board left the cache stale.
    #[inline]
    pub(super) fn fresh(&self) -> bool {
        self.stale.none()
    }

    /// The gains of a move at the empty centre of `span` (half-width `h`) along direction
    /// `d`, from the table's gain arrays `gains`, and its four bits (`0x01 << d` for Black,
    /// `0x10 << d` for White).
    #[inline]
    pub(super) fn span_gain(&self, gains: &[LineGain], span: u64, d: usize) -> (LineGain, u8) {
        let w = self.w;
        let mask = (1u64 << (2 * w)) - 1;
        let mut acc = [0i32; 4];
        // Window s (the cell at its position w-1-s) starts s cells after the span's base.
        let mut rest = span >> (2 * (self.h + 1 - w));
        for s in 0..w {
            let e = &gains[(rest & mask) as usize * w + (w - 1 - s)];
            rest >>= 2;
            for l in 0..4 {
                acc[l] += e[l];
            }
        }
        (acc, self.span_fours(span, d))
    }

    /// The four bits of direction `d` for the empty centre of `span`: whether a stone of
    /// each colour there would leave k-1 of its stones within k-1 cells.
    #[inline]
    fn span_fours(&self, span: u64, d: usize) -> u8 {
        let lo = span & LO;
        let hi = (span >> 1) & LO;
        let black = count_even_bits(lo & !hi & self.kmask) + 1 >= self.k - 1;
        let white = count_even_bits(hi & !lo & self.kmask) + 1 >= self.k - 1;
        (black as u8) << d | (white as u8) << (d + 4)
    }

    /// [`GainCache::span_fours`] for `color` alone, in the low four bits.
    #[inline]
    pub(super) fn span_fours_of(&self, span: u64, d: usize, color: Color) -> u8 {
        let own = own_stones(span, color) & self.kmask;
        ((count_even_bits(own) + 1 >= self.k - 1) as u8) << d
    }

    /// Whether `color`'s stone at the centre of `span` leaves k-1 of its stones within k-1
    /// cells: a four may run through it.
    #[inline]
    pub(super) fn placed_four(&self, span: u64, color: Color) -> bool {
        let own = own_stones(span, color) & self.kmask;
        count_even_bits(own) >= self.k - 1
    }

    /// Sum of the table entries `entries` of the windows of `span` (half-width `h`) that
    /// contain its centre cell (for a table without gain arrays).
    #[inline]
    pub(super) fn window_sums(&self, entries: &[ByColor<i32>], span: u64) -> ByColor<i64> {
        let w = self.w;
        let mask = (1u64 << (2 * w)) - 1;
        let mut acc = ByColor::<i64>::default();
        let base = self.h + 1 - w;
        for s in 0..w {
            let code = ((span >> (2 * (base + s))) & mask) as usize;
            let e = entries[code];
            acc[Color::Black] += e[Color::Black] as i64;
            acc[Color::White] += e[Color::White] as i64;
        }
        acc
    }

    /// The cached gains and four bits of the empty cell `i`, as the last refresh left them
    /// (what a full move there reads, the pending move refreshed first).
    #[inline]
    pub(super) fn cached(&self, i: usize) -> (&[LineGain; 4], u8) {
        (&self.line_gains[i], self.four_bits[i])
    }

    /// The line gains and four bits of the empty cell `i`, with the line through the
    /// pending move (if `i` lies on it) computed afresh.
    #[inline]
    pub(super) fn current(
        &self,
        i: usize,
        gains: &[LineGain],
        lines: &PackedLines,
    ) -> ([LineGain; 4], u8) {
        debug_assert!(self.stale.none(), "line gains read above a light move");
        let mut g = self.line_gains[i];
        let mut four = self.four_bits[i];
        if self.pending != NO_MOVE {
            let k = i as isize - self.pending as isize + self.rel_mid;
            if k >= 0 && (k as usize) < self.rel.len() && self.rel[k as usize] != 0 {
                let d = self.rel[k as usize] as usize - 1;
                let (gd, fd) = self.span_gain(gains, lines.span(i, d, self.h), d);
                g[d] = gd;
                four = with_fours(four, d, fd);
            }
        }
        (g, four)
    }

    /// Does the pending move's refresh, if one waits (before a full move reads the cache).
    #[inline]
    pub(super) fn flush(&mut self, gains: &[LineGain], view: LineView<'_>) {
        if self.pending != NO_MOVE {
            let p = self.pending as usize;
            self.pending = NO_MOVE;
            self.refresh_lines(p, gains, view);
        }
    }

    /// After a stone was placed at `i`: recomputes (saving the old values for unmake) the
    /// line gains of the empty cells whose lines see `i`.
    #[inline]
    fn refresh_lines(&mut self, i: usize, gains: &[LineGain], view: LineView<'_>) {
        view.each_empty_span(i, self.h, 0, |d, j, span| {
            self.undo.push(Saved {
                cell: j as u32,
                dir: d as u8,
                four: self.four_bits[j] & (0x11 << d),
                gain: self.line_gains[j][d],
            });
            let (g, f) = self.span_gain(gains, span, d);
            self.line_gains[j][d] = g;
            self.four_bits[j] = with_fours(self.four_bits[j], d, f);
        });
    }

    /// Where the next move's undo entries start.
    #[inline]
    pub(super) fn saved(&self) -> u32 {
        self.undo.len() as u32
    }

    /// After a move at `i` made in `mode`: a full move's refresh waits for the next make,
    /// other moves leave the cache stale.
    #[inline]
    pub(super) fn moved(&mut self, i: usize, mode: MoveMode) {
        if self.is_kept() && self.stale.made(mode) {
            self.pending = i as u32;
        }
    }

    /// Takes back the move of frame `f`.
    #[inline]
    pub(super) fn take_back(&mut self, f: &Frame) {
        if !self.is_kept() || !self.stale.taken_back(f.mode) {
            return;
        }
        if self.pending == f.cell {
            // Its refresh never happened: nothing to restore.
            self.pending = NO_MOVE;
        } else {
            // The moved-from cell's own gains were not touched while it held a stone.
            while self.undo.len() > f.gains_saved as usize {
                let u = self.undo.pop().expect("a saved gain");
                let c = u.cell as usize;
                let d = u.dir as usize;
                self.line_gains[c][d] = u.gain;
                self.four_bits[c] = with_fours(self.four_bits[c], d, u.four);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::board::SearchBoard;
    use super::super::testing::*;
    use super::*;
    use crate::pattern::{CompiledTable, seed_table};
    use gomoku_board::{Geometry, Rule};
    use rand::{RngExt, SeedableRng};
    use std::sync::Arc;

    #[test]
    fn gain_table_matches_direct_windows_and_make() {
        let t = CompiledTable::compile(&seed_table()).unwrap();
        let mut direct = t.clone();
        direct.gains.clear();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(2);
        let b = Board::new(Geometry::square(15), Rule::Freestyle).unwrap();
        let mut a = SearchBoard::new(&b, Arc::new(t), 2);
        let d = SearchBoard::new(&b, Arc::new(direct), 2);
        let mut d = d;
        for _ in 0..60 {
            let empties = empty_cells(&a);
            for &i in &empties {
                assert_eq!(a.gains(i), d.gains(i));
                let g = a.gains(i);
                let me = a.to_move();
                let before = a.sums()[me];
                a.make(i);
                assert_eq!(a.sums()[me] - before, g[me]);
                a.unmake();
            }
            let i = empties[rng.random_range(0..empties.len())];
            a.make(i);
            d.make(i);
        }
    }

    /// The cached line gains after random play with take-backs equal those of a board built
    /// afresh, and the leaf evaluation equals make + eval, on several sizes, k and rules.
    #[test]
    fn cached_line_gains_and_eval_after_match_make_and_a_fresh_board() {
        let t = seed_compiled();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        for (w, h, k, rule) in [
            (15, 15, 5, Rule::Freestyle),
            (9, 6, 5, Rule::Standard),
            (15, 15, 5, Rule::Renju),
            (7, 7, 3, Rule::Freestyle),
            (12, 10, 7, Rule::Freestyle),
        ] {
            let mut a = empty_board(&t, w, h, k, rule);
            for step in 0..(w * h - 1) {
                let empties = empty_cells(&a);
                let mover = a.to_move();
                let offs = a.offs;
                // The mover's five-points on the lines through `i` (scanned, not hinted).
                let fives_near = |a: &SearchBoard, i: usize| -> Vec<usize> {
                    let mut out = Vec::new();
                    for off in offs {
                        for s in -(k as isize)..=k as isize {
                            let q = (i as isize + s * off) as usize;
                            if a.is_empty(q) && a.wins_at(q, mover) {
                                out.push(q);
                            }
                        }
                    }
                    out
                };
                for &i in &empties {
                    let quiet = a.eval_after(i);
                    let before = fives_near(&a, i);
                    let sums = a.sums();
                    a.make_light(i);
                    let light_hint = a.stack.last().unwrap().hint;
                    a.unmake();
                    assert_eq!(
                        sums,
                        a.sums(),
                        "{w}x{h} k={k} step {step}: sums not restored"
                    );
                    a.make(i);
                    assert_eq!(light_hint, a.stack.last().unwrap().hint);
                    if let Some(e) = quiet {
                        assert_eq!(e, a.eval(), "{w}x{h} k={k} step {step}");
                        let after = fives_near(&a, i);
                        assert!(
                            after.iter().all(|q| before.contains(q)),
                            "{w}x{h} k={k} step {step}: a quiet move made a four"
                        );
                    }
                    a.unmake();
                }
                // Light moves taken back leave the cache as it was.
                for &i in empties.iter().take(3) {
                    a.make_light(i);
                }
                for _ in empties.iter().take(3) {
                    a.unmake();
                }
                let fresh = SearchBoard::new(a.board(), t.clone(), 2);
                // Candidates: empty cells with a stone within 2 along a line, in row order.
                let mut cands = Vec::new();
                a.candidates(&mut cands);
                let cells = a.board().cells();
                let mut scan: Vec<u32> = empties
                    .iter()
                    .copied()
                    .filter(|&i| {
                        offs.iter().any(|&o| {
                            [-2, -1, 1, 2].iter().any(|&m| {
                                let c = cells[(i as isize + m * o) as usize];
                                c == Cell::Black || c == Cell::White
                            })
                        })
                    })
                    .map(|i| i as u32)
                    .collect();
                if a.board().stone_count() == 0 {
                    scan = vec![a.index(a.board().geometry().centre()) as u32];
                }
                assert_eq!(cands, scan, "{w}x{h} k={k} step {step}");
                for &i in &empties {
                    assert_eq!(
                        a.gains.current(i, &t.gains, &a.lines),
                        fresh.gains.current(i, &t.gains, &fresh.lines),
                        "{w}x{h} k={k}"
                    );
                    assert_eq!(
                        a.is_candidate(i),
                        scan.contains(&(i as u32)),
                        "{w}x{h} k={k} step {step} at {i}"
                    );
                }
                // With the deferred refresh done, the stored values match too.
                let view = LineView {
                    cells: a.board.cells(),
                    lines: &a.lines,
                    offs: a.offs,
                };
                a.gains.flush(&t.gains, view);
                for &i in &empties {
                    assert_eq!(
                        a.gains.line_gains[i], fresh.gains.line_gains[i],
                        "{w}x{h} k={k}"
                    );
                    assert_eq!(
                        a.gains.four_bits[i], fresh.gains.four_bits[i],
                        "{w}x{h} k={k}"
                    );
                }
                if a.board().winner().is_some() {
                    break;
                }
                let i = empties[rng.random_range(0..empties.len())];
                a.make(i);
                if rng.random_range(0..4) == 0 {
                    a.unmake();
                }
            }
        }
    }
}
