//! [`SearchBoard`]: a board plus the incremental state the search needs (evaluation sums,
//! per-cell neighbour counts, stone bounding box, four-threat hints), all kept under
//! make/unmake without allocation.

mod candidates;
mod gains;
mod kinds;
mod lines;
mod stack;
mod stones;
#[cfg(test)]
mod testing;

use crate::pattern::CompiledTable;
use candidates::Candidates;
use gains::GainCache;
use gomoku_board::{Board, ByColor, Cell, Color, Pos, Rule};
use kinds::LineKinds;
use lines::{LO, PackedLines, count_even_bits, own_stones};
use stack::{Frame, LAZY_HINT, MoveStack};
use std::sync::{Arc, OnceLock};
use stones::{RowIndex, StoneRows};

/// The largest absolute static evaluation returned (mate scores lie far above).
pub const EVAL_LIMIT: i64 = 500_000_000;

/// What a move keeps up to date. Each search reads only part of the board's state, and
/// skipping the rest is most of what makes the threat searches fast; a move may be made
/// above another only if it keeps no more than that one (a full move above a light one
/// would start from stale sums).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum MoveMode {
    /// Everything: the evaluation sums, the line gains, the line kinds, the neighbour
    /// counts and candidates, the four hint (the main search's moves).
    Full,
    /// The stones, keys, lines, neighbour counts and candidates and the four hint; the
    /// sums, gains and kinds stay stale until the move is taken back (the VCT's moves).
    Light,
    /// The stones, keys and lines alone; the four hint is worked out only if read (the
    /// VCF's moves).
    Threat,
}

/// Up to this many distinct five-points are collected from one move's lines.
pub const MAX_FIVES: usize = 16;

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
    fn other_empty(&self, c: u32) -> Option<u32> {
        match self.empty {
            [a, b] if a as u32 == c => Some(b as u32),
            [a, b] if b as u32 == c => Some(a as u32),
            _ => None,
        }
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

/// A board with the search's incremental state: evaluation sums for both sides to move,
/// per-cell counts of stones within the candidate radius (along the 8 line directions), the
/// bounding box of the stones, and per-move hints of which directions may hold a new four.
#[derive(Clone)]
pub struct SearchBoard {
    board: Board,
    table: Arc<CompiledTable>,
    k: usize,
    rule: Rule,
    offs: [isize; 4],
    sums: ByColor<i64>,
    /// Every cell's code, packed by line for span reads.
    lines: PackedLines,
    /// The near counts and the candidate cells.
    candidates: Candidates,
    /// Each colour's stones by row, and their bounding box.
    stones: StoneRows,
    /// The moves made, the game's (by [`SearchBoard::follow`]) below the search's.
    stack: MoveStack,
    /// The line gains of every empty cell, and how a span gives them.
    gains: GainCache,
    /// The line kinds and class contributions of every empty cell (if the table scores
    /// classes).
    kinds: LineKinds,
}

/// No cell (for [`SearchBoard::run_through_assuming`]'s assumed stone).
const NO_CELL: usize = usize::MAX;

impl SearchBoard {
    /// Wraps a copy of `board`; `radius` is the candidate distance along the 8 line
    /// directions. Keeps the per-cell line gains (see [`SearchBoard::without_gain_cache`]).
    pub fn new(board: &Board, table: Arc<CompiledTable>, radius: u32) -> SearchBoard {
        SearchBoard::build(board, table, radius, true)
    }

    /// Like [`SearchBoard::new`] but without the per-cell line gains: filling them costs
    /// about a thousand line evaluations, more than a board that lives for one evaluation
    /// saves with them. Every result is the same; ordering and leaves then scan the lines.
    pub fn without_gain_cache(
        board: &Board,
        table: Arc<CompiledTable>,
        radius: u32,
    ) -> SearchBoard {
        SearchBoard::build(board, table, radius, false)
    }

    fn build(board: &Board, table: Arc<CompiledTable>, radius: u32, cache: bool) -> SearchBoard {
        let board = board.clone();
        let offs = board.direction_offsets();
        let n_cells = board.cells().len();
        debug_assert!(n_cells < 1 << 16);
        let index = RowIndex::new(offs[1] as usize);
        let mut lines = PackedLines::empty_of(&board);
        let mut candidates = Candidates::new(n_cells, offs, radius, index);
        let mut stones = StoneRows::new(n_cells, index);
        for p in board.points() {
            let i = board.index(p);
            let stone = board.cells()[i];
            if stone != Cell::Empty {
                lines.put(i, stone as u64);
                candidates.add_near(i, board.cells());
                stones.flip(i, stone);
                stones.grow(p);
            }
        }
        SearchBoard {
            gains: GainCache::new(&board, &lines, table.width, &table.gains, cache),
            kinds: LineKinds::new(&table, &board),
            sums: table.full_sums(&board),
            k: board.k(),
            rule: board.rule(),
            offs,
            lines,
            candidates,
            stones,
            stack: MoveStack::new(),
            board,
            table,
        }
    }

    /// The underlying board.
    #[inline]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The side to move.
    #[inline]
    pub fn to_move(&self) -> Color {
        self.board.to_move()
    }

    /// The Zobrist key.
    #[inline]
    pub fn key(&self) -> u64 {
        self.board.key()
    }

    /// The key after the side to move played at the empty cell `i`, without playing it.
    #[inline]
    pub fn key_after(&self, i: usize) -> u64 {
        self.board.key_after(self.board.pos_of(i))
    }

    /// Changes the side to move (a pass, for threat detection at the root); only with no
    /// search move made.
    pub fn set_to_move(&mut self, color: Color) {
        debug_assert!(self.stack.at_base());
        self.board.set_to_move(color);
    }

    /// Search moves made on this search board (not counting the game's moves).
    #[inline]
    pub fn ply(&self) -> usize {
        self.stack.search_frames().len()
    }

    /// Whether this board was built for this table and radius, with or without line gains.
    pub fn built_for(&self, table: &Arc<CompiledTable>, radius: u32, gain_cache: bool) -> bool {
        Arc::ptr_eq(&self.table, table)
            && self.candidates.radius() == Candidates::clamp(radius)
            && self.gains.requested() == gain_cache
    }

    /// Brings this board, with no search move on it, to `board`: takes back its moves that
    /// `board` does not share (another game, a takeback) and plays those it lacks. False
    /// (and perhaps some moves played) when that cannot be done: another size or rule, a
    /// stone not from a move, or shared moves that this board was built with rather than
    /// played; then build a new one. Costs the moves, not the board, and ends as a fresh
    /// build would. A board built empty can follow every game of its size and rule.
    pub fn follow(&mut self, board: &Board) -> bool {
        let (mine, theirs) = (self.board.history(), board.history());
        if !self.stack.at_base()
            || self.board.geometry() != board.geometry()
            || self.board.rule() != board.rule()
            || self.board.stone_count() != mine.len()
            || board.stone_count() != theirs.len()
        {
            return false;
        }
        let shared = mine.iter().zip(theirs).take_while(|(a, b)| a == b).count();
        // The moves this board was built with have no frame to take back.
        if shared < mine.len() - self.stack.len() {
            return false;
        }
        while self.board.history().len() > shared {
            self.unmake();
        }
        for n in shared..board.history().len() {
            let i = self.board.index(board.history()[n]);
            if !self.is_empty(i) {
                return false;
            }
            self.make(i);
        }
        self.stack.settle();
        self.board.to_move() == board.to_move() && self.board.key() == board.key()
    }

    /// The static evaluation from the side to move's view, clamped to ±[`EVAL_LIMIT`].
    #[inline]
    pub fn eval(&self) -> i32 {
        debug_assert_eq!(self.kinds.light(), 0, "class sums read above a light move");
        self.sums[self.board.to_move()].clamp(-EVAL_LIMIT, EVAL_LIMIT) as i32
    }

    /// The raw evaluation sums from each side to move's view.
    #[inline]
    pub fn sums(&self) -> ByColor<i64> {
        self.sums
    }

    /// The compiled pattern table.
    pub fn table(&self) -> &CompiledTable {
        &self.table
    }

    /// Cell index of a point.
    #[inline]
    pub fn index(&self, p: Pos) -> usize {
        self.board.index(p)
    }

    /// Point of a cell index.
    #[inline]
    pub fn pos(&self, i: usize) -> Pos {
        self.board.pos_of(i)
    }

    /// Whether the cell is empty.
    #[inline]
    pub fn is_empty(&self, i: usize) -> bool {
        self.board.cells()[i] == Cell::Empty
    }

    /// Whether the board is full.
    #[inline]
    pub fn is_full(&self) -> bool {
        self.board.is_full()
    }

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

    /// Plays the side to move at the empty cell `i`, updating everything incrementally.
    #[inline]
    pub fn make(&mut self, i: usize) {
        debug_assert_eq!(self.gains.light(), 0, "a full make above a light one");
        debug_assert_eq!(self.kinds.light(), 0, "a full make above a light one");
        self.play(i, MoveMode::Full);
    }

    /// Plays like [`SearchBoard::make`] but leaves the evaluation sums and the per-cell line
    /// gains stale, for the VCT, which plays many moves and reads only stones, keys, fives,
    /// line spans and candidates. Until it is taken back, only light moves may follow.
    #[inline]
    pub fn make_light(&mut self, i: usize) {
        self.play(i, MoveMode::Light);
    }

    /// Plays like [`SearchBoard::make_light`] for the VCF, which reads only stones, keys
    /// and fives: the neighbour counts and the candidates are left as they were too, and its
    /// four hint is worked out only if read. Until it is taken back, only threat moves may
    /// follow, and none of those may be read.
    #[inline]
    pub fn make_threat(&mut self, i: usize) {
        self.play(i, MoveMode::Threat);
    }

    #[inline]
    fn play(&mut self, i: usize, mode: MoveMode) {
        // Whether the move reads its gains from the cache (and defers its refresh).
        let cached = mode == MoveMode::Full && self.gains.is_kept();
        let table = &self.table;
        if cached {
            let cells = self.board.cells();
            self.gains
                .flush(&table.gains, &self.lines, cells, self.offs);
        }
        let color = self.board.to_move();
        let mut sums = self.sums;
        let mut hint = 0u8;
        if cached {
            let slot = 2 * color.index();
            let (g, four) = self.gains.cached(i);
            for line in g {
                sums[Color::Black] += line[slot] as i64;
                sums[Color::White] += line[slot + 1] as i64;
            }
            hint = (four >> (4 * color.index())) & 0xF;
        } else if mode == MoveMode::Threat {
            hint = LAZY_HINT;
        } else {
            let cbits = color.cell() as u64;
            let h = self.gains.h();
            let centre = 2 * h;
            let fast = !table.gains.is_empty();
            let slot = 2 * color.index();
            for d in 0..4 {
                let old = self.lines.span(i, d, h);
                // Light and threat moves leave the sums stale: the threat searches never read
                // them, and taking the move back restores them.
                if mode != MoveMode::Full {
                } else if fast {
                    let (g, _) = self.gains.span_gain(&table.gains, old, d);
                    sums[Color::Black] += g[slot] as i64;
                    sums[Color::White] += g[slot + 1] as i64;
                } else {
                    let a = self.gains.window_sums(&table.entries, old);
                    let b = self
                        .gains
                        .window_sums(&table.entries, old | (cbits << centre));
                    for view in [Color::Black, Color::White] {
                        sums[view] += b[view] - a[view];
                    }
                }
                hint |= self.gains.span_fours_of(old, d, color);
            }
        }
        self.stack.push(Frame {
            cell: i as u32,
            sums: self.sums,
            bbox: self.stones.bbox(),
            hint,
            mode,
            gains_saved: self.gains.saved(),
            kinds_saved: self.kinds.saved(),
        });
        self.sums = sums;
        let p = self.board.pos_of(i);
        self.board.make(p);
        if mode != MoveMode::Threat {
            self.candidates.stone_placed(i, self.board.cells());
        }
        self.stones.flip(i, color.cell());
        self.stones.grow(p);
        self.lines.put(i, color.cell() as u64);
        self.gains.moved(i, mode);
        let cells = self.board.cells();
        self.kinds
            .moved(i, mode, cells, &self.lines, self.offs, &mut self.sums);
    }

    /// Takes back the last move made with [`SearchBoard::make`].
    #[inline]
    pub fn unmake(&mut self) {
        let f = self.stack.pop();
        let i = f.cell as usize;
        self.stones.flip(i, self.board.cells()[i]);
        self.stones.set_bbox(f.bbox);
        self.lines.put(i, Cell::Empty as u64);
        self.board.unmake();
        if f.mode != MoveMode::Threat {
            self.candidates.stone_removed(i, self.board.cells());
        }
        self.sums = f.sums;
        self.kinds.take_back(&f);
        self.gains.take_back(&f);
    }

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
            let off = self.offs[w.dir as usize];
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
        if self.stones.none() {
            return Fives::default();
        }
        let stride = self.offs[1] as usize;
        for (row, mut bits) in self.stones.bits(color) {
            while bits != 0 {
                let s = row * stride + bits.trailing_zeros() as usize;
                bits &= bits - 1;
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
        let q16 = q as u16;
        let mut new = [FourWindow::default(); 4 * gomoku_board::MAX_K];
        let mut n = 0;
        self.each_window_through(color, p, |w| {
            if !w.empty.contains(&q16) {
                new[n] = w;
                n += 1;
            }
        });
        let new = &new[..n];
        let kept = before
            .iter()
            .filter(|w| !w.empty.contains(&(p as u16)) && !w.empty.contains(&q16));
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
        if self.stones.none() {
            return;
        }
        let table = &four_windows(k)[color.index() << (2 * k)..];
        let wmask = (1u64 << (2 * k)) - 1;
        // Row by row and left to right, as a scan of the cells would meet them.
        let stride = self.offs[1] as usize;
        for (row, mut bits) in self.stones.bits(color) {
            while bits != 0 {
                let s = row * stride + bits.trailing_zeros() as usize;
                bits &= bits - 1;
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
                .filter(|w| !placed.iter().any(|&c| w.empty.contains(&(c as u16))))
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

    /// The last stone a search move put on the board, if a search move was made.
    #[inline]
    pub fn last_search_stone(&self) -> Option<usize> {
        self.stack.search_frames().last().map(|f| f.cell as usize)
    }

    /// The stones the search moves put on the board, the last first.
    #[inline]
    pub fn search_stones_back(&self) -> impl Iterator<Item = usize> + '_ {
        self.stack
            .search_frames()
            .iter()
            .rev()
            .map(|f| f.cell as usize)
    }

    /// A position's `key` made this board's: the same stones on a board of another size or
    /// another k have other four windows, so lists kept by key must not mix them.
    #[inline]
    pub fn windows_key(&self, key: u64) -> u64 {
        let layout = (self.k as u64) << 48 | (self.offs[1] as u64) << 32 | self.cell_count() as u64;
        key ^ layout.wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }

    /// The key (stones and side to move) with the stone on the cell `i` taken away.
    #[inline]
    pub fn key_without(&self, i: usize) -> u64 {
        self.board.key_without(self.board.pos_of(i))
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

    /// The number of cells of the padded array (for per-cell tables).
    pub fn cell_count(&self) -> usize {
        self.board.cells().len()
    }
}

/// What the VCT threat search needs beyond the VCF's: a pass, and a cheap measure of the
/// moves that may make a three.
impl SearchBoard {
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
    use super::testing::*;
    use super::*;
    use gomoku_board::Geometry;
    use rand::{RngExt, SeedableRng};

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

    /// Threat moves find the same fives and four candidates as light moves, and taking them
    /// back leaves the sums, candidates and gains as they were, under each rule.
    #[test]
    fn threat_moves_see_the_fours_and_leave_no_trace() {
        let t = seed_compiled();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(31);
        let mut mark = vec![false; 2048];
        let snapshot = |sb: &SearchBoard| {
            let mut cands = Vec::new();
            sb.candidates(&mut cands);
            let cells: Vec<usize> = empty_cells(sb);
            let gains: Vec<_> = cells.iter().map(|&i| sb.gains(i)).collect();
            (sb.sums(), sb.key(), cands, gains)
        };
        for rule in [Rule::Freestyle, Rule::Standard, Rule::Renju] {
            let board = Board::new(Geometry::square(15), rule).unwrap();
            let mut a = SearchBoard::new(&board, t.clone(), 2);
            let mut b = SearchBoard::new(&board, t.clone(), 2);
            for _ in 0..40 {
                let empties = empty_cells(&a);
                let i = empties[rng.random_range(0..empties.len())];
                a.make(i);
                b.make(i);
                let before = snapshot(&a);
                let plies = rng.random_range(1..8);
                for _ in 0..plies {
                    let empties = empty_cells(&a);
                    let j = empties[rng.random_range(0..empties.len())];
                    a.make_threat(j);
                    b.make_light(j);
                    assert_eq!(
                        a.last_move_fives().as_slice(),
                        b.last_move_fives().as_slice()
                    );
                    for color in [Color::Black, Color::White] {
                        let (mut fa, mut fb) = (Vec::new(), Vec::new());
                        a.four_candidates(color, &mut fa, &mut mark);
                        b.four_candidates(color, &mut fb, &mut mark);
                        assert_eq!(fa, fb);
                    }
                }
                for _ in 0..plies {
                    a.unmake();
                    b.unmake();
                }
                assert!(before == snapshot(&a), "{rule:?}");
            }
        }
    }

    /// A board that follows a game move by move ends as a board built afresh from each
    /// position: sums, candidates, gains, class contributions and fives; and it refuses a
    /// position that does not continue its game.
    #[test]
    fn a_followed_board_is_a_fresh_one() {
        let t = seed_with_classes(53, 29, 3);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(41);
        let view = |sb: &SearchBoard| {
            let mut cands = Vec::new();
            sb.candidates(&mut cands);
            let cells = empty_cells(sb);
            let gains: Vec<_> = cells.iter().map(|&i| sb.gains(i)).collect();
            let after: Vec<_> = cells.iter().map(|&i| sb.eval_after(i)).collect();
            let fives = [Color::Black, Color::White].map(|c| sb.all_fives(c).as_slice().to_vec());
            (
                sb.sums(),
                sb.key(),
                sb.eval(),
                cands,
                gains,
                after,
                fives,
                sb.ply(),
            )
        };
        for rule in [Rule::Freestyle, Rule::Standard, Rule::Renju] {
            for cache in [true, false] {
                let mut board = Board::new(Geometry::square(15), rule).unwrap();
                let build = |b: &Board| SearchBoard::build(b, t.clone(), 2, cache);
                let mut kept = build(&board);
                // Rounds of one to three moves (a search's worth apart), while the game goes on.
                for _ in 0..16 {
                    for _ in 0..rng.random_range(1..4) {
                        let empty: Vec<Pos> = board
                            .points()
                            .filter(|&p| {
                                board.is_legal(p)
                                    && (4..11).contains(&p.x)
                                    && (4..11).contains(&p.y)
                            })
                            .collect();
                        if board.outcome().is_none() && !empty.is_empty() {
                            board.make(empty[rng.random_range(0..empty.len())]);
                        }
                    }
                    assert!(kept.built_for(&t, 2, cache) && !kept.built_for(&t, 3, cache));
                    assert!(kept.follow(&board), "{rule:?} {:?}", board.history());
                    assert!(view(&kept) == view(&build(&board)), "{rule:?} {cache}");
                    // Search-like moves on top and back: still the same.
                    kept.make(random_empty(&kept, &mut rng));
                    kept.unmake();
                    assert!(view(&kept) == view(&build(&board)));
                }
                // Another game, a takeback, a stone put without a move: not a continuation.
                let mut other = Board::new(Geometry::square(15), rule).unwrap();
                other.make(Pos::new(0, 0));
                assert!(!build(&board).follow(&other));
                let mut back = board.clone();
                back.unmake();
                assert!(!build(&board).follow(&back));
                let mut put = board.clone();
                let free = put.points().find(|&p| put.is_legal(p)).unwrap();
                put.put_stone(free, Color::Black);
                assert!(!build(&board).follow(&put));
                assert!(!kept.follow(&put));
                // A board built empty takes its moves back instead: a takeback, then
                // another game.
                let mut kept = build(&Board::new(Geometry::square(15), rule).unwrap());
                assert!(kept.follow(&board));
                assert!(kept.follow(&back));
                assert!(view(&kept) == view(&build(&back)), "{rule:?} {cache}");
                assert!(kept.follow(&other));
                assert!(view(&kept) == view(&build(&other)), "{rule:?} {cache}");
                assert!(kept.follow(&board));
                assert!(view(&kept) == view(&build(&board)), "{rule:?} {cache}");
            }
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

    /// The four windows derived from those two moves before (the attacker's move, then any
    /// reply) equal a fresh scan's, in the same order, on random games of several sizes and k.
    #[test]
    fn four_windows_after_two_moves_equal_a_fresh_scan() {
        let t = seed_compiled();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(12);
        for (w, h, k) in [(15, 15, 5), (7, 5, 3), (13, 11, 7), (20, 20, 5), (9, 9, 4)] {
            let mut sb = empty_board(&t, w, h, k, Rule::Freestyle);
            let (mut before, mut derived, mut fresh) = (Vec::new(), Vec::new(), Vec::new());
            let mut seen = 0;
            while empty_cells(&sb).len() > 2 {
                let attacker = sb.to_move();
                sb.four_windows(attacker, &mut before);
                // The attacker plays on a window's empty cell when it has one, as the VCF does.
                let p = match before.first() {
                    Some(win) if rng.random_range(0..3) > 0 => win.empty[1] as usize,
                    _ => random_empty(&sb, &mut rng),
                };
                sb.make_light(p);
                let q = random_empty(&sb, &mut rng);
                sb.make_light(q);
                sb.four_windows_after(&before, p, q, &mut derived);
                sb.four_windows(attacker, &mut fresh);
                assert_eq!(derived, fresh, "{w}x{h} k={k} after {p}, {q}");
                seen += fresh.len();
                // Go on from a random one of the two plies back, so games vary.
                if rng.random_range(0..2) == 0 {
                    sb.unmake();
                    sb.unmake();
                    sb.make_light(random_empty(&sb, &mut rng));
                }
            }
            assert!(seen > 0, "{w}x{h} k={k}: no four window");
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

    /// The four windows of either colour derived from those before one more stone (of
    /// either colour, as a threat search's pass allows) equal a fresh scan's, in order.
    #[test]
    fn four_windows_after_one_stone_equal_a_fresh_scan() {
        let t = seed_compiled();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(14);
        for (w, h, k) in [(15, 15, 5), (7, 5, 3), (13, 11, 7), (9, 9, 4)] {
            let mut sb = empty_board(&t, w, h, k, Rule::Freestyle);
            let (mut before, mut derived, mut fresh) = (Vec::new(), Vec::new(), Vec::new());
            let mut seen = 0;
            while empty_cells(&sb).len() > 1 {
                let color = [Color::Black, Color::White][rng.random_range(0..2)];
                sb.four_windows(color, &mut before);
                let s = match before.first() {
                    Some(win) if rng.random_range(0..2) > 0 => win.empty[0] as usize,
                    _ => random_empty(&sb, &mut rng),
                };
                sb.make_light(s);
                sb.four_windows_after_stones(&before, &[s], color, &mut derived);
                sb.four_windows(color, &mut fresh);
                assert_eq!(derived, fresh, "{w}x{h} k={k} after {s}");
                seen += fresh.len();
            }
            assert!(seen > 0, "{w}x{h} k={k}: no four window");
        }
    }

    /// The four candidates read from the windows through a stone alone are the cells a
    /// whole scan finds in the windows holding that stone, in the scan's order, on random
    /// games of several sizes and k; and no window without the stone is new.
    #[test]
    fn four_candidates_through_a_stone_equal_a_scan_of_its_windows() {
        let t = seed_compiled();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(13);
        for (w, h, k) in [(15, 15, 5), (7, 5, 3), (13, 11, 7), (9, 9, 4)] {
            let mut sb = empty_board(&t, w, h, k, Rule::Freestyle);
            let mut mark = vec![false; sb.cell_count()];
            let (mut before, mut after) = (Vec::new(), Vec::new());
            let mut seen = 0;
            while empty_cells(&sb).len() > 1 {
                let color = sb.to_move();
                sb.four_windows(color, &mut before);
                let q = random_empty(&sb, &mut rng);
                sb.make_light(q);
                sb.four_windows(color, &mut after);
                let holds_q = |win: &FourWindow| sb.window_holds(win, q);
                let through: Vec<FourWindow> = after.iter().copied().filter(holds_q).collect();
                assert!(
                    after.iter().all(|w| holds_q(w) || before.contains(w)),
                    "{w}x{h} k={k}: a window without {q} appeared"
                );
                let mut expect = Vec::new();
                four_window_cells(&through, &mut expect, &mut mark);
                let mut got = Vec::new();
                sb.four_candidates_through(color, q, &mut got, &mut mark);
                assert_eq!(got, expect, "{w}x{h} k={k} through {q}");
                assert!(mark.iter().all(|&m| !m), "marks left set");
                seen += got.len();
            }
            assert!(seen > 0, "{w}x{h} k={k}: no four window through a stone");
        }
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
                    if fresh && windows.iter().any(|w| w.empty.contains(&(i as u16))) {
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
                        let candidate = windows.iter().any(|win| win.empty.contains(&(i as u16)));
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
