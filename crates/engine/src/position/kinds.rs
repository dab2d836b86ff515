//! The line kinds and cell classes, kept when the table scores cell classes: for every
//! empty cell, the kind of line (open two, closed three, open three, four, open four, five,
//! overline; see [`crate::cells`]) a stone of either colour there would make along each
//! direction, and what the classes those kinds combine into add to the evaluation sums.
//! A move changes the kinds of the empty cells on its four lines within the kind table's
//! half-width, and each of those cells lies on one of them only: a full move recomputes
//! them (each next cell's window is the last one shifted by a cell) and folds the change
//! of their class scores into the sums, saving the old values for unmake; `eval_after`
//! works the same change out without playing.
//!
//! Invariant: with kinds kept, every empty cell's kinds and contribution are those of the
//! board, and the sums hold the contributions; light and threat moves leave them stale,
//! and nothing reads them until those are taken back.

use super::lines::LineView;
use super::stack::{Frame, MoveMode, StaleMoves};
use crate::cells::{
    CELL_CLASS_COUNT, CellClass, ClassCounts, ClassScores, KindTable, ThreatScores,
    class_contribution, threat_of,
};
use crate::pattern::CompiledTable;
use gomoku_board::{Board, ByColor, Cell, Color};
use std::sync::Arc;

/// `kinds` (one byte per direction) with direction `d`'s byte set to `new`.
#[inline]
fn with_kind(kinds: u32, d: usize, new: u8) -> u32 {
    (kinds & !(0xFF << (8 * d))) | (new as u32) << (8 * d)
}

/// A cell's line kind and class contribution overwritten by a move, for its unmake.
#[derive(Clone, Copy, Debug)]
struct KindSaved {
    cell: u32,
    dir: u8,
    kinds: u8,
    contrib: [i32; 2],
}

/// The line kinds and class contributions of every empty cell.
#[derive(Clone)]
pub(super) struct LineKinds {
    /// The line-kind lookup when the table scores cell classes (else `None`, and no kinds
    /// are kept).
    table: Option<Arc<KindTable>>,
    scores: ClassScores,
    /// The table's move-ordering bonuses per class, `[own, opp]`.
    order: ClassScores,
    /// The table's threat scores, when it scores any (they read the class counts).
    threats: Option<Box<ThreatScores>>,
    /// Per empty cell, byte d: Black's line kind | White's << 4 along direction d.
    cell_kinds: Vec<u32>,
    /// Per empty cell, what its classes add to the sums `[Black's view, White's view]`
    /// (kept with the kinds, so a change costs one class lookup, not two).
    contrib: Vec<[i32; 2]>,
    /// The values full moves overwrote, the last last.
    undo: Vec<KindSaved>,
    /// Light and threat moves on the board while kinds are kept: the kinds and class sums
    /// are stale until they are taken back.
    stale: StaleMoves,
    /// How many empty cells have each class, per colour (what a node's static wins read).
    counts: ClassCounts,
    /// The counts before each full move on the board, the last last.
    counts_undo: Vec<ClassCounts>,
}

impl LineKinds {
    /// The kinds of `board` under `table`, kept if the table scores cell classes.
    pub(super) fn new(table: &CompiledTable, board: &Board) -> LineKinds {
        let mut kinds = LineKinds {
            table: None,
            scores: [[0; 2]; crate::cells::CELL_CLASS_COUNT],
            order: [[0; 2]; crate::cells::CELL_CLASS_COUNT],
            threats: None,
            cell_kinds: Vec::new(),
            contrib: Vec::new(),
            undo: Vec::new(),
            stale: StaleMoves::default(),
            counts: [[0; CELL_CLASS_COUNT]; 2],
            counts_undo: Vec::new(),
        };
        if let Some(kt) = table.kind_table(board) {
            let n_cells = board.cells().len();
            kinds.scores = table.class_scores;
            kinds.order = table.order_scores;
            kinds.threats = table.has_threats.then(|| Box::new(table.threat_scores));
            kinds.cell_kinds = vec![0; n_cells];
            kinds.contrib = vec![[0; 2]; n_cells];
            for p in board.points() {
                let i = board.index(p);
                if board.cells()[i] == Cell::Empty {
                    kinds.cell_kinds[i] = kt.cell_kinds(board, i);
                    kinds.contrib[i] = kt.contribution(kinds.cell_kinds[i], &kinds.scores);
                    count_classes(&mut kinds.counts, &kt, kinds.cell_kinds[i], 1);
                }
            }
            kinds.undo.reserve(4096);
            kinds.counts_undo.reserve(1024);
            kinds.table = Some(kt);
        }
        kinds
    }

    /// Whether the kinds are kept.
    #[inline]
    pub(super) fn is_kept(&self) -> bool {
        self.table.is_some()
    }

    /// Whether no light or threat move on the board left the kinds stale.
    #[inline]
    pub(super) fn fresh(&self) -> bool {
        self.stale.none()
    }

    /// Where the next move's undo entries start.
    #[inline]
    pub(super) fn saved(&self) -> u32 {
        self.undo.len() as u32
    }

    /// After a move at `i` made in `mode` (the stone on `cells` and `lines` already): a
    /// full move updates the kinds and folds their class change into `sums`, other moves
    /// leave them stale.
    #[inline]
    pub(super) fn moved(
        &mut self,
        i: usize,
        mode: MoveMode,
        view: LineView<'_>,
        sums: &mut ByColor<i64>,
    ) {
        if self.is_kept() && self.stale.made(mode) {
            self.update(i, view, sums);
        }
    }

    /// After a stone was placed at `i`: takes the cell's class scores out of `sums` and
    /// recomputes the line kinds (and class scores) of the empty cells whose lines see it.
    fn update(&mut self, i: usize, view: LineView<'_>, sums: &mut ByColor<i64>) {
        let Some(kt) = self.table.as_deref() else {
            return;
        };
        let gone = self.contrib[i];
        let mut change = [-gone[0] as i64, -gone[1] as i64];
        self.counts_undo.push(self.counts);
        count_classes(&mut self.counts, kt, self.cell_kinds[i], -1);
        let hw = kt.half_width();
        let (cell_kinds, contrib, undo, counts, scores) = (
            &mut self.cell_kinds,
            &mut self.contrib,
            &mut self.undo,
            &mut self.counts,
            &self.scores,
        );
        // Each cell is changed in the walk itself: a cell lies on one line through `i`
        // only, so no later step of the walk reads what an earlier one wrote.
        view.each_empty_span(i, hw, 0, |d, j, span| {
            let new = kt.kinds(span, hw);
            let old = cell_kinds[j];
            if new == (old >> (8 * d)) as u8 {
                return;
            }
            let before = contrib[j];
            undo.push(KindSaved {
                cell: j as u32,
                dir: d as u8,
                kinds: (old >> (8 * d)) as u8,
                contrib: before,
            });
            let kinds = with_kind(old, d, new);
            cell_kinds[j] = kinds;
            let (black, white) = (kt.class(Color::Black, kinds), kt.class(Color::White, kinds));
            counts[0][kt.class(Color::Black, old)] -= 1;
            counts[1][kt.class(Color::White, old)] -= 1;
            counts[0][black] += 1;
            counts[1][white] += 1;
            let after = class_contribution(scores, black, white);
            contrib[j] = after;
            change[0] += (after[0] - before[0]) as i64;
            change[1] += (after[1] - before[1]) as i64;
        });
        sums[Color::Black] += change[0];
        sums[Color::White] += change[1];
    }

    /// Takes back the move of frame `f`.
    #[inline]
    pub(super) fn take_back(&mut self, f: &Frame) {
        if !self.is_kept() || !self.stale.taken_back(f.mode) {
            return;
        }
        while self.undo.len() > f.kinds_saved as usize {
            let u = self.undo.pop().expect("a saved kind");
            let c = u.cell as usize;
            self.cell_kinds[c] = with_kind(self.cell_kinds[c], u.dir as usize, u.kinds);
            self.contrib[c] = u.contrib;
        }
        self.counts = self
            .counts_undo
            .pop()
            .expect("the counts before a full move");
    }

    /// The change of the class sums `[Black's view, White's view]` that a stone of `color`
    /// at the empty cell `i` would make (the cell's own classes leave, its lines' cells
    /// change), and the threat score the opponent would then have to move (see
    /// [`LineKinds::threat`]), without playing it (nothing when the kinds are not kept).
    /// Each cell of a line through `i` lies on no other, so each changes in one direction
    /// only; the class counts are copied and followed only when the table scores threats.
    pub(super) fn delta(&self, i: usize, color: Color, view: LineView<'_>) -> ([i64; 2], i64) {
        let Some(kt) = self.table.as_deref() else {
            return ([0; 2], 0);
        };
        let own = self.contrib[i];
        let mut delta = [-own[0] as i64, -own[1] as i64];
        let mut counts = self.threats.as_ref().map(|_| self.counts);
        if let Some(c) = &mut counts {
            count_classes(c, kt, self.cell_kinds[i], -1);
        }
        let hw = kt.half_width();
        view.each_empty_span(i, hw, color.cell() as u64, |d, j, span| {
            let new = kt.kinds(span, hw);
            let old = self.cell_kinds[j];
            if new != (old >> (8 * d)) as u8 {
                let kinds = with_kind(old, d, new);
                let after = kt.contribution(kinds, &self.scores);
                let before = self.contrib[j];
                delta[0] += (after[0] - before[0]) as i64;
                delta[1] += (after[1] - before[1]) as i64;
                if let Some(c) = &mut counts {
                    count_classes(c, kt, old, -1);
                    count_classes(c, kt, kinds, 1);
                }
            }
        });
        let threat = match (&self.threats, counts) {
            (Some(t), Some(c)) => threat_of(t, &c, color.opponent()) as i64,
            _ => 0,
        };
        (delta, threat)
    }

    /// The threat score of the position for `me`, to move: the table's score of the pair
    /// of best classes (0 when the table scores no threat or the kinds are not kept).
    #[inline]
    pub(super) fn threat(&self, me: Color) -> i64 {
        let Some(t) = &self.threats else {
            return 0;
        };
        debug_assert!(self.stale.none(), "class counts read above a light move");
        threat_of(t, &self.counts, me) as i64
    }

    /// What move ordering adds for the empty cell `i`, `me` to move: the cell classes' worth
    /// (`me`'s class score there less the opponent's) weighted by `heat_percent`, plus the
    /// table's ordering bonuses for the two classes (0 when the kinds are not kept). One
    /// class lookup per colour serves both.
    #[inline]
    pub(super) fn order_terms(&self, i: usize, me: Color, heat_percent: i64) -> i64 {
        let Some(kt) = &self.table else {
            return 0;
        };
        debug_assert!(self.stale.none(), "line kinds read above a light move");
        let mine = kt.class(me, self.cell_kinds[i]);
        let theirs = kt.class(me.opponent(), self.cell_kinds[i]);
        let heat = self.scores[mine][0] as i64 - self.scores[theirs][1] as i64;
        heat * heat_percent / 100 + self.order[mine][0] as i64 + self.order[theirs][1] as i64
    }

    /// How many empty cells have each class, per colour, or `None` when the kinds are not
    /// kept.
    #[inline]
    pub(super) fn class_counts(&self) -> Option<&ClassCounts> {
        self.table.as_ref()?;
        debug_assert!(self.stale.none(), "class counts read above a light move");
        Some(&self.counts)
    }

    /// `color`'s cell class at the empty cell `i`, or `None` when the kinds are not kept.
    #[inline]
    pub(super) fn class_of(&self, i: usize, color: Color) -> Option<CellClass> {
        let kt = self.table.as_ref()?;
        debug_assert!(self.stale.none(), "a cell class read above a light move");
        Some(CellClass::ALL[kt.class(color, self.cell_kinds[i])])
    }

    /// `color`'s cell class at the empty cell `p` were a stone coded `stone` put on the
    /// empty cell `dist` (not 0) cells from it along direction `d`: only that line's kind
    /// can change, and not at all beyond the table's half width. `None` when the kinds are
    /// not kept.
    #[inline]
    pub(super) fn class_with_stone(
        &self,
        p: usize,
        (d, dist): (usize, isize),
        stone: u64,
        color: Color,
        view: LineView<'_>,
    ) -> Option<CellClass> {
        let kt = self.table.as_deref()?;
        debug_assert!(self.stale.none(), "a cell class read above a light move");
        let hw = kt.half_width();
        let mut kinds = self.cell_kinds[p];
        if dist != 0 && dist.unsigned_abs() <= hw {
            let span = view.lines.span(p, d, hw) | stone << (2 * (hw as isize + dist));
            kinds = with_kind(kinds, d, kt.kinds(span, hw));
        }
        Some(CellClass::ALL[kt.class(color, kinds)])
    }

    /// `color`'s kinds at the empty cell `i`, one nibble per direction (in the low nibble
    /// of each byte), or `None` when the kinds are not kept.
    #[inline]
    pub(super) fn kinds_of(&self, i: usize, color: Color) -> Option<u32> {
        self.table.as_ref()?;
        debug_assert!(self.stale.none(), "line kinds read above a light move");
        Some(self.cell_kinds[i] >> (4 * color.index()))
    }
}

/// Adds `by` to the counts of the classes of both colours at a cell with line kinds `kinds`.
#[inline]
fn count_classes(counts: &mut ClassCounts, kt: &KindTable, kinds: u32, by: i16) {
    for color in [Color::Black, Color::White] {
        let n = &mut counts[color.index()][kt.class(color, kinds)];
        *n = n.wrapping_add_signed(by);
    }
}

#[cfg(test)]
mod tests {
    use super::super::board::SearchBoard;
    use super::super::testing::*;
    use super::*;
    use gomoku_board::{Geometry, Rule};
    use rand::{RngExt, SeedableRng};

    /// With cell classes scored, `eval_after` (which reads the line kinds without playing)
    /// agrees with make then eval, and the kept sums with a fresh board's, under each rule.
    #[test]
    fn eval_after_counts_the_class_changes() {
        let t = seed_with_classes(101, 37, 5);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(9);
        for rule in [Rule::Freestyle, Rule::Standard, Rule::Renju] {
            let board = Board::new(Geometry::square(15), rule).unwrap();
            let mut a = SearchBoard::new(&board, t.clone(), 2);
            for step in 0..70 {
                let empties = empty_cells(&a);
                let mut quiet = 0;
                for &i in &empties {
                    if let Some(e) = a.eval_after(i) {
                        quiet += 1;
                        a.make(i);
                        assert_eq!(e, a.eval(), "{rule:?} step {step}");
                        a.unmake();
                    }
                }
                assert!(quiet > 0);
                let fresh = SearchBoard::new(a.board(), t.clone(), 2);
                assert_eq!(a.sums(), fresh.sums(), "{rule:?} step {step}");
                let next = empties[rng.random_range(0..empties.len())];
                a.make(next);
            }
        }
    }
}
