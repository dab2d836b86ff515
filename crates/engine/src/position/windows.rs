//! Four windows: the windows of k cells that hold k-2 stones of one colour and two empty
//! cells, where either empty cell makes a four. The threat searches take their four
//! candidates from them: a scan of the colour's stones, row by row, finds every window
//! once (from its first stone), through a table keyed by the window's cells. A four and
//! its block change only the windows through those two cells, so the VCF derives a node's
//! windows from its grandparent's, and a search that starts one stone away from a listed
//! position derives them from that list: the same windows, in the scan's order.
//!
//! Every five-point a move makes lies in a four window through the move, as that window's
//! other empty cell: a cell may make two five-points only if two of its windows have
//! different other cells ([`may_make_two_fives`]), which the VCF's last four tests before
//! it plays anything.
//!
//! Invariant: a list derived from an earlier one equals a fresh scan's, in the same order
//! (the tests compare them on random games); lists kept by key are keyed by the position
//! and the board's size and k ([`SearchBoard::windows_key`]).

use super::board::SearchBoard;
use super::lines::{LO, count_even_bits, own_stones};
use gomoku_board::{Cell, Color};
use std::sync::OnceLock;

/// Set in a [`four_windows`] entry when the window holds k-2 stones of the colour and two
/// empty cells.
const WINDOW_FOUR: u32 = 1 << 31;

/// For row length `k`, per colour (Black's entries first) and per code of a window of `k`
/// cells (2 bits per cell, the first cell lowest): [`WINDOW_FOUR`] if the window holds
/// k-2 stones of the colour and two empty cells, with the position of the first stone in
/// bits 0-3 and of the empty cells in bits 4-7 and 8-11. Built once per k.
fn four_windows(k: usize) -> &'static [u32] {
    static TABLES: [OnceLock<Vec<u32>>; 8] = [const { OnceLock::new() }; 8];
    TABLES[k].get_or_init(|| {
        let n = 1usize << (2 * k);
        let mut t = vec![0u32; 2 * n];
        for (ci, own) in [(0, Cell::Black as usize), (1, Cell::White as usize)] {
            for code in 0..n {
                let mut first = None;
                let mut empties = Vec::new();
                let mut blocked = false;
                for q in 0..k {
                    match (code >> (2 * q)) & 3 {
                        0 => empties.push(q as u32),
                        c if c == own => {
                            first.get_or_insert(q as u32);
                        }
                        _ => blocked = true,
                    }
                }
                if let (false, Some(f), &[e1, e2]) = (blocked, first, empties.as_slice()) {
                    t[ci * n + code] = WINDOW_FOUR | f | e1 << 4 | e2 << 8;
                }
            }
        }
        t
    })
}

/// A window of k cells holding k-2 stones of one colour and two empty cells: either empty
/// cell makes a four (before the exact-five rules are checked).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct FourWindow {
    /// The scan's order of the window (its first stone, direction, start).
    order: u32,
    /// Its first cell.
    start: u16,
    /// Its direction (an index into the line offsets).
    dir: u8,
    /// Its two empty cells, in line order.
    empty: [u16; 2],
}

impl FourWindow {
    /// The other empty cell, if `c` is one of the two: the five-point a stone on `c` makes
    /// in this window.
    #[inline]
    pub(super) fn other_empty(&self, c: u32) -> Option<u32> {
        match self.empty {
            [a, b] if a as u32 == c => Some(b as u32),
            [a, b] if b as u32 == c => Some(a as u32),
            _ => None,
        }
    }

    /// Its direction (an index into the line offsets).
    #[inline]
    pub(super) fn dir(&self) -> usize {
        self.dir as usize
    }

    /// Whether the cell `c` is one of its two empty cells.
    #[inline]
    pub(super) fn has_empty(&self, c: usize) -> bool {
        self.empty.contains(&(c as u16))
    }
}

/// Appends the empty cells of `windows` in order, each once (`mark`, one entry per cell, is
/// reset on return).
pub(crate) fn four_window_cells(windows: &[FourWindow], out: &mut Vec<u32>, mark: &mut [bool]) {
    let start = out.len();
    for w in windows {
        push_window_cells(w, out, mark);
    }
    unmark(&out[start..], mark);
}

/// Whether the empty cell `c` of `windows` may make two five-points at once: every
/// five-point a move makes lies in a four window through the move, as that window's other
/// empty cell, so a cell needs two windows with different other cells.
pub(crate) fn may_make_two_fives<'w>(
    windows: impl IntoIterator<Item = &'w FourWindow>,
    c: u32,
) -> bool {
    let mut first = None;
    for other in windows.into_iter().filter_map(|w| w.other_empty(c)) {
        match first {
            None => first = Some(other),
            Some(f) if f != other => return true,
            Some(_) => {}
        }
    }
    false
}

/// Appends the empty cells of `w` not yet marked, marking them.
#[inline]
fn push_window_cells(w: &FourWindow, out: &mut Vec<u32>, mark: &mut [bool]) {
    for c in w.empty {
        if !mark[c as usize] {
            mark[c as usize] = true;
            out.push(c as u32);
        }
    }
}

/// Clears the marks of `cells`.
#[inline]
fn unmark(cells: &[u32], mark: &mut [bool]) {
    for &c in cells {
        mark[c as usize] = false;
    }
}

impl SearchBoard {
    /// Appends the empty cells where `color`'s stone would make a four (a five-point for
    /// `color` appears) along some line: candidates found from windows of k cells holding
    /// k-2 stones of `color` and nothing else. They still need checking by playing them
    /// (exact-five rules). Uses `mark` (one entry per cell, reset on return) to deduplicate.
    pub fn four_candidates(&self, color: Color, out: &mut Vec<u32>, mark: &mut [bool]) {
        let start = out.len();
        self.scan_four_windows(color, |w| push_window_cells(&w, out, mark));
        unmark(&out[start..], mark);
    }

    /// [`SearchBoard::four_candidates`] from the windows through the cell `q` alone (a
    /// stone there adds windows nowhere else), in the order a whole scan lists them.
    pub fn four_candidates_through(
        &self,
        color: Color,
        q: usize,
        out: &mut Vec<u32>,
        mark: &mut [bool],
    ) {
        // At most k windows through q in each of the four directions.
        let mut found = [FourWindow::default(); 4 * gomoku_board::MAX_K];
        let mut n = 0;
        self.each_window_through(color, q, |w| {
            found[n] = w;
            n += 1;
        });
        let found = &mut found[..n];
        found.sort_unstable_by_key(|w| w.order);
        four_window_cells(found, out, mark);
    }

    /// Calls `found` with each four window of `color` that holds the cell `c`, direction by
    /// direction (not in the scan's order).
    #[inline]
    fn each_window_through(&self, color: Color, c: usize, mut found: impl FnMut(FourWindow)) {
        let k = self.k;
        let table = &four_windows(k)[color.index() << (2 * k)..];
        let wmask = (1u64 << (2 * k)) - 1;
        for d in 0..4 {
            let off = self.offs[d] as usize;
            let span = self.lines.span(c, d, k - 1);
            // The window holding c at its position j starts j cells before c.
            for j in 0..k {
                let e = table[((span >> (2 * (k - 1 - j))) & wmask) as usize];
                if e & WINDOW_FOUR != 0 {
                    found(self.four_window(c - j * off, d, e));
                }
            }
        }
    }

    /// After `color` played the four `p` (on the board) in a position whose four windows
    /// were `before`, and with its five-point `q` (still empty) taken by the other side:
    /// whether some cell may then make two five-points, where none did before `p`. Such a
    /// cell's two windows cannot both be old ones (they would have made it one before), so
    /// one runs through `p`, and this looks only there: at the empty cells of the windows
    /// through `p` and not `q`, each tested by [`may_make_two_fives`] over those windows and
    /// the ones kept from `before`.
    pub(crate) fn may_make_two_fives_after_block(
        &self,
        before: &[FourWindow],
        p: usize,
        q: usize,
        color: Color,
    ) -> bool {
        let mut new = [FourWindow::default(); 4 * gomoku_board::MAX_K];
        let mut n = 0;
        self.each_window_through(color, p, |w| {
            if !w.has_empty(q) {
                new[n] = w;
                n += 1;
            }
        });
        let new = &new[..n];
        let kept = before.iter().filter(|w| !w.has_empty(p) && !w.has_empty(q));
        new.iter()
            .flat_map(|w| w.empty)
            .any(|c| may_make_two_fives(new.iter().chain(kept.clone()), c as u32))
    }

    /// Whether the window `w` holds the cell `c`.
    #[inline]
    fn window_holds(&self, w: &FourWindow, c: usize) -> bool {
        let off = self.offs[w.dir as usize] as usize;
        let start = w.start as usize;
        c >= start && (c - start).is_multiple_of(off) && (c - start) / off < self.k
    }

    /// Every window of k cells holding k-2 stones of `color` and two empty cells, as
    /// [`FourWindow`]s in order (the order in which [`four_window_cells`] lists their cells
    /// is the order of a scan of the stones, row by row).
    pub(crate) fn four_windows(&self, color: Color, out: &mut Vec<FourWindow>) {
        out.clear();
        self.scan_four_windows(color, |w| out.push(w));
    }

    /// Calls `found` with every four window of `color`, in the scan's order.
    #[inline]
    fn scan_four_windows(&self, color: Color, mut found: impl FnMut(FourWindow)) {
        let k = self.k;
        let table = &four_windows(k)[color.index() << (2 * k)..];
        let wmask = (1u64 << (2 * k)) - 1;
        // Row by row and left to right, as a scan of the cells would meet them.
        for s in self.stones.cells(color) {
            for d in 0..4 {
                let span = self.lines.span(s, d, k - 1);
                // No window of k cells can hold k-2 stones of `color` here.
                if count_even_bits(own_stones(span, color)) + 2 < k {
                    continue;
                }
                // Windows [t, t+k) containing s whose first stone of `color` is s, so
                // each window is looked at once per direction: those that start after
                // the nearest stone or edge before s (the cells below s, s-1 highest).
                let before = span & ((1u64 << (2 * (k - 1))) - 1);
                let taken = (before | before >> 1) & LO;
                let starts = if taken == 0 {
                    k
                } else {
                    k - 1 - (63 - taken.leading_zeros() as usize) / 2
                };
                for p in (0..starts).rev() {
                    let e = table[((span >> (2 * (k - 1 - p))) & wmask) as usize];
                    if e & WINDOW_FOUR == 0 || (e & 0xF) as usize != p {
                        continue;
                    }
                    found(self.four_window(s - p * self.offs[d] as usize, d, e));
                }
            }
        }
    }

    /// The windows of [`SearchBoard::four_windows`] of the side that just played `p` (a
    /// four) and was blocked at `q`, from `before`, its windows before those two moves: the
    /// windows through neither move are unchanged, those through `q` hold a stone of the
    /// other side now, and those through `p` are looked at afresh. The same list as a scan,
    /// for the few windows two moves touch.
    pub(crate) fn four_windows_after(
        &self,
        before: &[FourWindow],
        p: usize,
        q: usize,
        out: &mut Vec<FourWindow>,
    ) {
        let color = self.board.cells()[p].color().expect("p holds a stone");
        self.four_windows_after_stones(before, &[p, q], color, out);
    }

    /// The windows of [`SearchBoard::four_windows`] of `color` from `before`, its windows
    /// before the stones now on `placed` (distinct cells) were played: the windows through
    /// none stay, and those through a stone of `color` are looked at afresh (once, though
    /// several may lie in one): the same list, in the same order, as a scan.
    pub(crate) fn four_windows_after_stones(
        &self,
        before: &[FourWindow],
        placed: &[usize],
        color: Color,
        out: &mut Vec<FourWindow>,
    ) {
        out.clear();
        // A placed stone was an empty cell then: a window held it only as one of its two.
        out.extend(
            before
                .iter()
                .filter(|w| !placed.iter().any(|&c| w.has_empty(c)))
                .copied(),
        );
        let kept = out.len();
        for (j, &c) in placed.iter().enumerate() {
            if self.board.cells()[c].color() == Some(color) {
                // A window through an earlier stone of the list was added with it.
                let earlier = &placed[..j];
                self.each_window_through(color, c, |w| {
                    if !earlier.iter().any(|&e| self.window_holds(&w, e)) {
                        out.push(w)
                    }
                });
            }
        }
        if out.len() > kept {
            out.sort_unstable_by_key(|w| w.order);
        }
        debug_assert!(
            out.iter()
                .all(|w| w.empty.iter().all(|&e| self.is_empty(e as usize))),
            "a four window with a stone on an empty cell"
        );
    }

    /// A position's `key` made this board's: the same stones on a board of another size or
    /// another k have other four windows, so lists kept by key must not mix them.
    #[inline]
    pub fn windows_key(&self, key: u64) -> u64 {
        let layout = (self.k as u64) << 48 | (self.offs[1] as u64) << 32 | self.cell_count() as u64;
        key ^ layout.wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }

    /// The [`FourWindow`] starting at cell `start` in direction `d`, of table entry `e`.
    #[inline]
    fn four_window(&self, start: usize, d: usize, e: u32) -> FourWindow {
        let off = self.offs[d] as usize;
        let first = (e & 0xF) as usize;
        let s = start + first * off;
        FourWindow {
            // The scan's order: the window's first stone, the direction, then windows that
            // start later first (the stone's position in them comes down from k-1).
            order: (s as u32) << 8 | (d as u32) << 4 | (self.k - 1 - first) as u32,
            start: start as u16,
            dir: d as u8,
            empty: [
                (start + ((e >> 4) & 0xF) as usize * off) as u16,
                (start + ((e >> 8) & 0xF) as usize * off) as u16,
            ],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;
    use gomoku_board::{Pos, Rule};
    use rand::{RngExt, SeedableRng};

    /// Every window of k cells on the board holding k-2 stones of `color` and two empty
    /// cells, scanned directly: the empty cells, sorted.
    fn windows_with_two_empty(sb: &SearchBoard, color: Color) -> Vec<u32> {
        let b = sb.board();
        let (w, h, k) = (b.width() as i32, b.height() as i32, b.k() as i32);
        let mut out = Vec::new();
        for p in b.points() {
            for (dx, dy) in gomoku_board::DIRECTIONS {
                let cells: Vec<Pos> = (0..k)
                    .map(|j| (p.x as i32 + j * dx, p.y as i32 + j * dy))
                    .take_while(|&(x, y)| (0..w).contains(&x) && (0..h).contains(&y))
                    .map(|(x, y)| Pos::new(x as u8, y as u8))
                    .collect();
                if cells.len() < k as usize {
                    continue;
                }
                let own = cells.iter().filter(|&&q| b.cell(q) == color.cell()).count();
                let empty: Vec<Pos> = cells
                    .iter()
                    .copied()
                    .filter(|&q| b.cell(q) == Cell::Empty)
                    .collect();
                if own == k as usize - 2 && empty.len() == 2 {
                    out.extend(empty.iter().map(|&q| b.index(q) as u32));
                }
            }
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    #[test]
    fn four_candidates_are_the_empty_cells_of_windows_one_stone_short_of_a_four() {
        let t = seed_compiled();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(9);
        for (w, h, k) in [(15, 15, 5), (7, 5, 3), (13, 11, 7), (20, 20, 5)] {
            let mut sb = empty_board(&t, w, h, k, Rule::Freestyle);
            let mut mark = vec![false; sb.cell_count()];
            for _ in 0..(w * h / 2) {
                for color in [Color::Black, Color::White] {
                    let mut got = Vec::new();
                    sb.four_candidates(color, &mut got, &mut mark);
                    got.sort_unstable();
                    assert_eq!(got, windows_with_two_empty(&sb, color), "{w}x{h} k={k}");
                }
                sb.make_light(random_empty(&sb, &mut rng));
            }
        }
    }

    /// A position's windows key is the board's: the same key on boards of another width,
    /// height or k (whose edges and rows give the same stones other windows) differs, and
    /// on the same board it is the same.
    #[test]
    fn windows_keys_differ_between_boards() {
        let t = seed_compiled();
        let layouts = [
            (15, 15, 5),
            (15, 13, 5),
            (13, 15, 5),
            (15, 15, 6),
            (20, 20, 5),
        ];
        let keys: Vec<u64> = layouts
            .iter()
            .map(|&(w, h, k)| empty_board(&t, w, h, k, Rule::Freestyle).windows_key(42))
            .collect();
        for i in 0..keys.len() {
            for j in 0..i {
                assert_ne!(keys[i], keys[j], "{:?} and {:?}", layouts[i], layouts[j]);
            }
        }
        let again = empty_board(&t, 15, 15, 5, Rule::Renju).windows_key(42);
        assert_eq!(again, keys[0]);
    }

    /// Board sizes `(width, height, k)` the window tests play random games on.
    const WINDOW_BOARDS: [(usize, usize, usize); 4] =
        [(15, 15, 5), (7, 5, 3), (13, 11, 7), (9, 9, 4)];

    /// Plays a random freestyle game on an empty board of each size of `boards`: `step`
    /// plays one or more stones of it and returns how many four windows it compared, until
    /// no more than `spare` cells are empty; each game must compare some.
    fn on_random_games(
        seed: u64,
        boards: &[(usize, usize, usize)],
        spare: usize,
        mut step: impl FnMut(&mut SearchBoard, &mut rand_chacha::ChaCha8Rng) -> usize,
    ) {
        let t = seed_compiled();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        for &(w, h, k) in boards {
            let mut sb = empty_board(&t, w, h, k, Rule::Freestyle);
            let mut seen = 0;
            while empty_cells(&sb).len() > spare {
                seen += step(&mut sb, &mut rng);
            }
            assert!(seen > 0, "{w}x{h} k={k}: no four window");
        }
    }

    /// The four windows derived from those two moves before (the attacker's move, then any
    /// reply) equal a fresh scan's, in the same order, on random games of several sizes and k.
    #[test]
    fn four_windows_after_two_moves_equal_a_fresh_scan() {
        let (mut before, mut derived, mut fresh) = (Vec::new(), Vec::new(), Vec::new());
        let boards = [(15, 15, 5), (7, 5, 3), (13, 11, 7), (20, 20, 5), (9, 9, 4)];
        on_random_games(12, &boards, 2, |sb, rng| {
            let attacker = sb.to_move();
            sb.four_windows(attacker, &mut before);
            // The attacker plays on a window's empty cell when it has one, as the VCF does.
            let p = match before.first() {
                Some(win) if rng.random_range(0..3) > 0 => win.empty[1] as usize,
                _ => random_empty(sb, rng),
            };
            sb.make_light(p);
            let q = random_empty(sb, rng);
            sb.make_light(q);
            sb.four_windows_after(&before, p, q, &mut derived);
            sb.four_windows(attacker, &mut fresh);
            let geometry = sb.board().geometry();
            assert_eq!(derived, fresh, "{geometry:?} after {p}, {q}");
            // Go on from a random one of the two plies back, so games vary.
            if rng.random_range(0..2) == 0 {
                sb.unmake();
                sb.unmake();
                sb.make_light(random_empty(sb, rng));
            }
            fresh.len()
        });
    }

    /// The four windows of either colour derived from those before one more stone (of
    /// either colour, as a threat search's pass allows) equal a fresh scan's, in order.
    #[test]
    fn four_windows_after_one_stone_equal_a_fresh_scan() {
        let (mut before, mut derived, mut fresh) = (Vec::new(), Vec::new(), Vec::new());
        on_random_games(14, &WINDOW_BOARDS, 1, |sb, rng| {
            let color = [Color::Black, Color::White][rng.random_range(0..2)];
            sb.four_windows(color, &mut before);
            let s = match before.first() {
                Some(win) if rng.random_range(0..2) > 0 => win.empty[0] as usize,
                _ => random_empty(sb, rng),
            };
            sb.make_light(s);
            sb.four_windows_after_stones(&before, &[s], color, &mut derived);
            sb.four_windows(color, &mut fresh);
            let geometry = sb.board().geometry();
            assert_eq!(derived, fresh, "{geometry:?} after {s}");
            fresh.len()
        });
    }

    /// The four candidates read from the windows through a stone alone are the cells a
    /// whole scan finds in the windows holding that stone, in the scan's order, on random
    /// games of several sizes and k; and no window without the stone is new.
    #[test]
    fn four_candidates_through_a_stone_equal_a_scan_of_its_windows() {
        let mut mark = Vec::new();
        let (mut before, mut after) = (Vec::new(), Vec::new());
        on_random_games(13, &WINDOW_BOARDS, 1, |sb, rng| {
            mark.resize(sb.cell_count(), false);
            let geometry = sb.board().geometry();
            let color = sb.to_move();
            sb.four_windows(color, &mut before);
            let q = random_empty(sb, rng);
            sb.make_light(q);
            sb.four_windows(color, &mut after);
            let holds_q = |win: &FourWindow| sb.window_holds(win, q);
            let through: Vec<FourWindow> = after.iter().copied().filter(holds_q).collect();
            assert!(
                after.iter().all(|w| holds_q(w) || before.contains(w)),
                "{geometry:?}: a window without {q} appeared"
            );
            let mut expect = Vec::new();
            four_window_cells(&through, &mut expect, &mut mark);
            let mut got = Vec::new();
            sb.four_candidates_through(color, q, &mut got, &mut mark);
            assert_eq!(got, expect, "{geometry:?} through {q}");
            assert!(mark.iter().all(|&m| !m), "marks left set");
            got.len()
        });
    }

    /// Every cell that would make two five-points or more is one that
    /// [`may_make_two_fives`] lets through, and most four candidates are not (the VCF's last
    /// four tests only those), on random games under each rule and several k.
    #[test]
    fn a_cell_that_makes_two_five_points_is_one_its_windows_allow() {
        let t = seed_compiled();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(23);
        let (mut doubles, mut passed, mut cells) = (0, 0, 0);
        for (w, h, k, rule) in FIVES_BOARDS {
            let mut sb = empty_board(&t, w, h, k, rule);
            let mut windows = Vec::new();
            for _ in 0..(w * h * 2 / 3) {
                let color = sb.to_move();
                // The VCF's nodes have no five-point of the attacker's.
                if sb.all_fives(color).len == 0 {
                    sb.four_windows(color, &mut windows);
                    for i in empty_cells(&sb) {
                        let allowed = may_make_two_fives(&windows, i as u32);
                        if sb.fives_if_played(i).len >= 2 {
                            assert!(allowed, "{w}x{h} k={k} {rule:?} at {i}");
                            doubles += 1;
                        }
                        let candidate = windows.iter().any(|win| win.has_empty(i));
                        cells += candidate as u32;
                        passed += (candidate && allowed) as u32;
                    }
                }
                sb.make_light(random_empty(&sb, &mut rng));
                if sb.board().winner().is_some() {
                    break;
                }
            }
        }
        assert!(doubles > 50, "{doubles} cells with two five-points");
        assert!(
            passed * 2 < cells,
            "{passed} of {cells} four candidates let through"
        );
    }

    /// After a four and its block, every cell that makes two five-points where none did
    /// before the four is one that [`SearchBoard::may_make_two_fives_after_block`] allows,
    /// and most fours and blocks leave none it allows (the VCF then skips the block), on
    /// random games under each rule and several k.
    #[test]
    fn a_double_five_point_after_a_block_is_one_the_four_allows() {
        let t = seed_compiled();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(29);
        let (mut doubles, mut ruled_out, mut fours) = (0, 0, 0);
        let mut windows = Vec::new();
        for (w, h, k, rule) in FIVES_BOARDS {
            // Games played in the middle of the board, where fours abound.
            for _ in 0..30 {
                let mut sb = empty_board(&t, w, h, k, rule);
                let near: Vec<usize> = empty_cells(&sb)
                    .into_iter()
                    .filter(|&c| {
                        let p = sb.pos(c);
                        (p.x as usize).abs_diff(w / 2) <= 3 && (p.y as usize).abs_diff(h / 2) <= 3
                    })
                    .collect();
                for _ in 0..near.len() * 3 / 4 {
                    let color = sb.to_move();
                    let cells = empty_cells(&sb);
                    // The VCF's node two plies up: no five-point, and no cell with two.
                    if sb.all_fives(color).len == 0
                        && cells.iter().all(|&c| sb.fives_if_played(c).len < 2)
                    {
                        sb.four_windows(color, &mut windows);
                        for &p in &cells {
                            let f = sb.fives_if_played(p);
                            if f.len != 1 {
                                continue;
                            }
                            let q = f.cells[0] as usize;
                            sb.make_threat(p);
                            let allowed = sb.may_make_two_fives_after_block(&windows, p, q, color);
                            sb.make_threat(q);
                            let double = empty_cells(&sb)
                                .into_iter()
                                .find(|&c| sb.fives_if_played(c).len >= 2);
                            if let Some(c) = double {
                                assert!(allowed, "{w}x{h} k={k} {rule:?}: {p}, {q}, then {c}");
                                doubles += 1;
                            }
                            sb.unmake();
                            sb.unmake();
                            fours += 1;
                            ruled_out += !allowed as u32;
                        }
                    }
                    let empty_near: Vec<usize> =
                        near.iter().copied().filter(|&c| sb.is_empty(c)).collect();
                    sb.make_light(empty_near[rng.random_range(0..empty_near.len())]);
                    if sb.board().winner().is_some() {
                        break;
                    }
                }
            }
        }
        assert!(doubles > 50, "{doubles} double five-points after a block");
        assert!(
            ruled_out * 2 > fours,
            "{ruled_out} of {fours} fours ruled out"
        );
    }
}
