//! The search board itself: the board, the evaluation sums, and the parts it composes (see
//! the module doc of [`crate::position`]), kept together under make and unmake.

use super::candidates::Candidates;
use super::gains::GainCache;
use super::kinds::LineKinds;
use super::lines::{LineView, PackedLines};
use super::stack::{Frame, LAZY_HINT, MoveMode, MoveStack};
use super::stones::{RowIndex, StoneRows};
use crate::pattern::CompiledTable;
use gomoku_board::{Board, ByColor, Cell, Color, Pos, Rule};
use std::sync::Arc;

/// The largest absolute static evaluation returned (mate scores lie far above).
pub const EVAL_LIMIT: i64 = 500_000_000;

/// A board with the searches' incremental state (see the `position` module): the evaluation
/// sums for either side to move, the packed lines, the gain cache, the line kinds, the
/// candidates, the stones by row, and the stack of moves made.
#[derive(Clone)]
pub struct SearchBoard {
    pub(super) board: Board,
    pub(super) table: Arc<CompiledTable>,
    /// The row length.
    pub(super) k: usize,
    pub(super) rule: Rule,
    /// The padded-index step along each of the four directions.
    pub(super) offs: [isize; 4],
    /// The static evaluation from each side to move's view.
    pub(super) sums: ByColor<i64>,
    /// Every cell's code, packed by line for span reads.
    pub(super) lines: PackedLines,
    /// The near counts and the candidate cells.
    pub(super) candidates: Candidates,
    /// Each colour's stones by row, and their bounding box.
    pub(super) stones: StoneRows,
    /// The moves made, the game's (by [`SearchBoard::follow`]) below the search's.
    pub(super) stack: MoveStack,
    /// The line gains of every empty cell, and how a span gives them.
    pub(super) gains: GainCache,
    /// The line kinds and class contributions of every empty cell (if the table scores
    /// classes).
    pub(super) kinds: LineKinds,
}

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
        debug_assert!(self.kinds.fresh(), "class sums read above a light move");
        let me = self.board.to_move();
        (self.sums[me] + self.kinds.threat(me)).clamp(-EVAL_LIMIT, EVAL_LIMIT) as i32
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

    /// The cells, lines and direction offsets, for a walk along the lines.
    #[inline]
    pub(super) fn view(&self) -> LineView<'_> {
        LineView {
            cells: self.board.cells(),
            lines: &self.lines,
            offs: self.offs,
        }
    }

    /// Plays the side to move at the empty cell `i`, updating everything incrementally.
    #[inline]
    pub fn make(&mut self, i: usize) {
        debug_assert!(self.gains.fresh(), "a full make above a light one");
        debug_assert!(self.kinds.fresh(), "a full make above a light one");
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
            let view = LineView {
                cells: self.board.cells(),
                lines: &self.lines,
                offs: self.offs,
            };
            self.gains.flush(&table.gains, view);
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
        let view = LineView {
            cells: self.board.cells(),
            lines: &self.lines,
            offs: self.offs,
        };
        self.kinds.moved(i, mode, view, &mut self.sums);
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

    /// The key (stones and side to move) with the stone on the cell `i` taken away.
    #[inline]
    pub fn key_without(&self, i: usize) -> u64 {
        self.board.key_without(self.board.pos_of(i))
    }

    /// The number of cells of the padded array (for per-cell tables).
    pub fn cell_count(&self) -> usize {
        self.board.cells().len()
    }
}

impl SearchBoard {
    /// Whether the empty cell `c` is one of [`SearchBoard::candidates`].
    #[inline]
    pub fn is_candidate(&self, c: usize) -> bool {
        if self.stones.none() {
            let b = &self.board;
            return c == b.index(b.geometry().centre());
        }
        self.candidates.holds(c)
    }

    /// Appends the empty cells within the radius of a stone, in row order (the centre on an
    /// empty board), to `out`.
    pub fn candidates(&self, out: &mut Vec<u32>) {
        let b = &self.board;
        if self.stones.none() {
            out.push(b.index(b.geometry().centre()) as u32);
            return;
        }
        let bbox = self.stones.bbox();
        let r = self.candidates.radius();
        let y0 = (bbox[1] - r).max(0);
        let y1 = (bbox[3] + r).min(b.height() as i32 - 1);
        let stride = self.offs[1] as usize;
        self.candidates
            .push_rows(y0 as usize, y1 as usize, stride, out);
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;
    use gomoku_board::Geometry;
    use rand::{RngExt, SeedableRng};

    impl SearchBoard {}

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
}
