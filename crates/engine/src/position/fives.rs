//! Five detection: where a colour would complete a winning row under the rule. The
//! searches ask only near the last moves: a move's four hint (the directions in which it
//! left k-1 of its stones within k-1 cells) says which of its lines may hold a new
//! five-point, and on those only the empty cells next to a stone of the row are walked.
//! The root scans the spans of each stone of the colour that hold k-1 of its stones. A
//! move's five-points can also be read without playing it, from its lines or from the
//! mover's four windows (see [`super::windows`]).
//!
//! Invariant: the five-points listed are exactly those a walk of every cell of the lines
//! finds (the tests compare with that walk), in line order, at most [`MAX_FIVES`].

use super::board::SearchBoard;
use super::lines::{LO, count_even_bits, own_stones};
use super::stack::{Frame, LAZY_HINT};
use super::windows::FourWindow;
use gomoku_board::{Cell, Color, Rule};

/// Up to this many distinct five-points are collected from one move's lines.
pub const MAX_FIVES: usize = 16;

/// A small list of cells where a colour would complete a winning row.
#[derive(Clone, Copy, Debug, Default)]
pub struct Fives {
    /// Number of points.
    pub len: usize,
    /// The cell indices.
    pub cells: [u32; MAX_FIVES],
}

impl Fives {
    #[inline]
    fn push(&mut self, c: u32) {
        if self.len < MAX_FIVES && !self.cells[..self.len].contains(&c) {
            self.cells[self.len] = c;
            self.len += 1;
        }
    }
    /// The first point, if any.
    #[inline]
    pub fn first(&self) -> Option<u32> {
        (self.len > 0).then_some(self.cells[0])
    }
    /// The points.
    #[inline]
    pub fn as_slice(&self) -> &[u32] {
        &self.cells[..self.len]
    }
}

/// No cell (for [`SearchBoard::run_through_assuming`]'s assumed stone).
const NO_CELL: usize = usize::MAX;

impl SearchBoard {
    /// Whether a run of `len` stones of `color` wins under the rule.
    #[inline]
    fn run_wins(&self, len: usize, color: Color) -> bool {
        match self.rule {
            Rule::Freestyle => len >= self.k,
            Rule::Standard => len == self.k,
            Rule::Renju => match color {
                Color::Black => len == self.k,
                Color::White => len >= self.k,
            },
        }
    }

    #[inline]
    fn run_through(&self, q: usize, off: isize, cell: Cell) -> usize {
        self.run_through_assuming(q, off, cell, NO_CELL)
    }

    /// [`SearchBoard::run_through`] as if the empty cell `assumed` held `cell` too.
    #[inline]
    fn run_through_assuming(&self, q: usize, off: isize, cell: Cell, assumed: usize) -> usize {
        let cells = self.board.cells();
        let mut n = 1;
        let mut j = q as isize + off;
        while cells[j as usize] == cell || j as usize == assumed {
            n += 1;
            j += off;
        }
        let mut j = q as isize - off;
        while cells[j as usize] == cell || j as usize == assumed {
            n += 1;
            j -= off;
        }
        n
    }

    /// Whether `color` would win by playing at the empty cell `q`.
    #[inline]
    pub fn wins_at(&self, q: usize, color: Color) -> bool {
        let cell = color.cell();
        (0..4).any(|d| self.run_wins(self.run_through(q, self.offs[d], cell), color))
    }

    /// Adds to `out` the empty cells within k-1 of cell `c`, along its lines in the
    /// directions of `dirs` (a bit mask), where `color` would win: the five-points its stone
    /// on `c` made. A five-point `color` had before (none in the searches, which answer a
    /// five-point at once) may be left out if its row does not reach `c`.
    #[inline]
    pub fn fives_through(&self, c: usize, dirs: u8, color: Color, out: &mut Fives) {
        self.fives_through_assuming(c, dirs, color, NO_CELL, out);
    }

    /// The five-points the side to move would have after playing at the empty cell `p`:
    /// what [`SearchBoard::make_threat`] then [`SearchBoard::last_move_fives`] would give,
    /// without playing it (the VCF's test of which candidates make a four).
    #[inline]
    pub fn fives_if_played(&self, p: usize) -> Fives {
        let color = self.board.to_move();
        let h = self.gains.h();
        let mut hint = 0u8;
        for d in 0..4 {
            hint |= self.gains.span_fours_of(self.lines.span(p, d, h), d, color);
        }
        let mut out = Fives::default();
        if hint != 0 {
            self.fives_through_assuming(p, hint, color, p, &mut out);
        }
        out
    }

    /// [`SearchBoard::fives_if_played`] for an empty cell `p` of `windows`, the side to
    /// move's four windows (it has no five-point): every five-point `p` makes is the other
    /// empty cell of a window through it, and is one unless the rule wants exactly k in a
    /// row and it makes more. Two or more are listed as a scan would order them.
    #[inline]
    pub(crate) fn fives_in_windows(&self, windows: &[FourWindow], p: u32) -> Fives {
        let color = self.board.to_move();
        // Under the rule, whether a longer row wins too: then no row need be walked.
        let long_wins = self.run_wins(self.k + 1, color);
        let mut out = Fives::default();
        for w in windows {
            let Some(q) = w.other_empty(p) else {
                continue;
            };
            let off = self.offs[w.dir()];
            if long_wins
                || self.run_wins(
                    self.run_through_assuming(q as usize, off, color.cell(), p as usize),
                    color,
                )
            {
                out.push(q);
            }
        }
        if out.len >= 2 {
            return self.fives_if_played(p as usize);
        }
        out
    }

    /// [`SearchBoard::fives_through`] as if the empty cell `assumed` held a stone of `color`
    /// (`c` holds one, or is `assumed`).
    #[inline]
    fn fives_through_assuming(
        &self,
        c: usize,
        dirs: u8,
        color: Color,
        assumed: usize,
        out: &mut Fives,
    ) {
        let cell = color.cell();
        let k = self.k;
        let centre = 2 * (k - 1);
        let cells_mask = (1u64 << (2 * (2 * k - 1))) - 1;
        for d in 0..4 {
            if dirs & (1 << d) == 0 {
                continue;
            }
            let off = self.offs[d];
            // The cells within k-1 of c along the line, two bits each, c in the middle.
            let span = self.lines.span(c, d, k - 1);
            let own = own_stones(span, color) | 1 << centre;
            let empty = !(span | span >> 1) & LO & cells_mask & !(1 << centre);
            // A five-point lies next to a stone of the row it completes: only those are
            // walked, in line order.
            let mut next_to_own = empty & (own << 2 | own >> 2);
            while next_to_own != 0 {
                let s = (next_to_own.trailing_zeros() as usize / 2) as isize - (k as isize - 1);
                next_to_own &= next_to_own - 1;
                let q = (c as isize + s * off) as usize;
                if q != assumed
                    && self.run_wins(self.run_through_assuming(q, off, cell, assumed), color)
                {
                    out.push(q as u32);
                }
            }
        }
    }

    /// The five-points of the side to move created by its last search move, and those of
    /// the opponent created by the move just made; moves before the first search move are
    /// not looked at (the root scans the whole board with [`SearchBoard::all_fives`]).
    #[inline]
    pub fn recent_fives(&self) -> (Fives, Fives) {
        let mut mine = Fives::default();
        let mut theirs = Fives::default();
        let me = self.board.to_move();
        let search = self.stack.search_frames();
        if let [.., f] = search {
            let hint = self.hint(f);
            if hint != 0 {
                self.fives_through(f.cell as usize, hint, me.opponent(), &mut theirs);
            }
        }
        if let [.., f, _] = search {
            let hint = self.hint(f);
            if hint != 0 {
                self.fives_through(f.cell as usize, hint, me, &mut mine);
            }
        }
        (mine, theirs)
    }

    /// The four hint of the move of frame `f`: worked out from the board if it was left
    /// lazy, as `play` would have (a threat move's is read only while it is the last).
    #[inline]
    fn hint(&self, f: &Frame) -> u8 {
        if f.hint != LAZY_HINT {
            return f.hint;
        }
        let i = f.cell as usize;
        let Some(color) = self.board.cells()[i].color() else {
            return 0;
        };
        let h = self.gains.h();
        let mut hint = 0;
        for d in 0..4 {
            hint |= (self.gains.placed_four(self.lines.span(i, d, h), color) as u8) << d;
        }
        hint
    }

    /// The opponent's five-points created by the move just made.
    #[inline]
    pub fn last_move_fives(&self) -> Fives {
        let mut out = Fives::default();
        let color = self.board.to_move().opponent();
        if let Some(f) = self.stack.search_frames().last() {
            let hint = self.hint(f);
            if hint != 0 {
                self.fives_through(f.cell as usize, hint, color, &mut out);
            }
        }
        out
    }

    /// Every point of the board where `color` would win now, in row order.
    pub fn all_fives(&self, color: Color) -> Fives {
        // A five-point lies within k-1 cells of a stone of `color` whose span along that
        // line holds k-1 of them: only the empty cells of such spans are tried.
        let k = self.k;
        let mut near = [0u32; 128];
        let mut n = 0;
        for s in self.stones.cells(color) {
            for d in 0..4 {
                let span = self.lines.span(s, d, k - 1);
                if count_even_bits(own_stones(span, color)) + 1 < k {
                    continue;
                }
                for t in 0..2 * k - 1 {
                    if (span >> (2 * t)) & 3 == Cell::Empty as u64 {
                        if n == near.len() {
                            return self.all_fives_by_scan(color);
                        }
                        let q = s as isize + (t as isize - (k as isize - 1)) * self.offs[d];
                        near[n] = q as u32;
                        n += 1;
                    }
                }
            }
        }
        let near = &mut near[..n];
        near.sort_unstable();
        let mut out = Fives::default();
        for &q in near.iter() {
            if self.wins_at(q as usize, color) {
                out.push(q);
            }
        }
        out
    }

    /// [`SearchBoard::all_fives`] by trying every empty point.
    fn all_fives_by_scan(&self, color: Color) -> Fives {
        let mut out = Fives::default();
        for p in self.board.points() {
            let i = self.board.index(p);
            if self.is_empty(i) && self.wins_at(i, color) {
                out.push(i as u32);
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;
    use rand::SeedableRng;

    impl SearchBoard {
        /// [`SearchBoard::fives_through_assuming`] cell by cell, every cell of the lines
        /// within k-1 walked: its oracle.
        fn fives_through_by_cells(
            &self,
            c: usize,
            dirs: u8,
            color: Color,
            assumed: usize,
        ) -> Vec<u32> {
            let cells = self.board.cells();
            let k = self.k as isize;
            let mut out = Vec::new();
            for d in (0..4).filter(|d| dirs & (1 << d) != 0) {
                let off = self.offs[d];
                for s in (-(k - 1)..k).filter(|&s| s != 0) {
                    let q = (c as isize + s * off) as usize;
                    let run = self.run_through_assuming(q, off, color.cell(), assumed);
                    if cells[q] == Cell::Empty && q != assumed && self.run_wins(run, color) {
                        out.push(q as u32);
                    }
                }
            }
            out
        }
    }

    /// The five-points found near the stones are those of a scan of every point, in the
    /// same order, for each rule, several row lengths and crowded boards.
    #[test]
    fn five_points_near_the_stones_are_all_of_them() {
        let t = seed_compiled();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(43);
        let mut found = 0;
        for (rule, k, size) in [
            (Rule::Freestyle, 5, 15),
            (Rule::Standard, 5, 15),
            (Rule::Renju, 5, 15),
            (Rule::Freestyle, 4, 9),
            (Rule::Standard, 6, 19),
            (Rule::Freestyle, 3, 5),
        ] {
            for _ in 0..30 {
                let board = crowded_board(&mut rng, rule, k, size);
                let sb = SearchBoard::new(&board, t.clone(), 2);
                for color in [Color::Black, Color::White] {
                    let (near, scan) = (sb.all_fives(color), sb.all_fives_by_scan(color));
                    assert_eq!(near.as_slice(), scan.as_slice(), "{rule:?} k={k} {color:?}");
                    found += scan.len;
                }
            }
        }
        assert!(found > 100, "{found} five-points");
    }

    /// The five-points a move would make, read without playing it (from the lines, or from
    /// the mover's four windows), are those that playing it shows, and all are those a walk
    /// of every cell of its lines finds, on every empty cell of random games under each
    /// rule and several k.
    #[test]
    fn fives_if_played_equal_the_fives_a_played_move_shows() {
        let t = seed_compiled();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
        let mut windows = Vec::new();
        for (w, h, k, rule) in FIVES_BOARDS {
            let mut sb = empty_board(&t, w, h, k, rule);
            let (mut fours, mut walks, mut from_windows) = (0, 0, 0);
            for _ in 0..(w * h * 2 / 3) {
                // Five-points the mover already has are no move's own: the walk would see
                // them on any line through the move, the moves' own reads only on its fours.
                let color = sb.to_move();
                let fresh = sb.all_fives(color).len == 0;
                sb.four_windows(color, &mut windows);
                for i in empty_cells(&sb) {
                    let read = sb.fives_if_played(i);
                    if fresh && windows.iter().any(|w| w.has_empty(i)) {
                        let in_windows = sb.fives_in_windows(&windows, i as u32);
                        assert_eq!(
                            in_windows.as_slice(),
                            read.as_slice(),
                            "{w}x{h} k={k} {rule:?} at {i}: from the windows"
                        );
                        from_windows += 1;
                    }
                    let walked = sb.fives_through_by_cells(i, 0xF, color, i);
                    sb.make_threat(i);
                    let played = sb.last_move_fives();
                    if fresh {
                        assert_eq!(
                            played.cells[..played.len].to_vec(),
                            sb.fives_through_by_cells(i, 0xF, color, NO_CELL),
                            "{w}x{h} k={k} {rule:?} at {i}: played, against every cell walked"
                        );
                        walks += 1;
                    }
                    sb.unmake();
                    assert_eq!(
                        read.cells[..read.len].to_vec(),
                        played.cells[..played.len].to_vec(),
                        "{w}x{h} k={k} {rule:?} at {i}"
                    );
                    if fresh {
                        assert_eq!(read.cells[..read.len].to_vec(), walked, "{w}x{h} at {i}");
                    }
                    fours += (played.len > 0) as usize;
                }
                sb.make_light(random_empty(&sb, &mut rng));
                if sb.board().winner().is_some() {
                    break;
                }
            }
            assert!(fours > 0, "{w}x{h} k={k} {rule:?}: no four was tried");
            assert!(walks > 100, "{w}x{h} k={k} {rule:?}: {walks} moves walked");
            assert!(
                from_windows > 10,
                "{w}x{h} k={k} {rule:?}: {from_windows} from windows"
            );
        }
    }
}
