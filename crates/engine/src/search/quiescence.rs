//! The threat quiescence at the leaves: where the nominal depth runs out, a node stands pat
//! on its evaluation, or plays on the fours that decide it: the single block of the
//! opponent's four (the only move that does not lose) and its own fours along the lines
//! through its last stone (what that stone started). Each is answered by the other side's
//! node in `negamax`, so a line of fours ends in a five, a static win or a quiet node. The
//! four moves are the line kinds' (`SearchBoard::makes_four`), as the three defence's, and
//! a side with no cell of a four class (the class counts) skips the walk.
//!
//! Sound as the search is: a stand pat is never a mate score, so a mate score still comes
//! from fives and static wins along forced lines.

use super::negamax::tt_cutoff;
use super::worker::Worker;
use crate::params::MAX_PLY;
use gomoku_board::{Color, DIRECTIONS, Pos, Rule};

/// Cells along each line from the last stone where a stone of its colour may make a four
/// with it.
const FOUR_REACH: i32 = 4;

impl Worker<'_> {
    /// The value of a leaf at `ply` (`depth` <= 0: the plies of quiescence used, negated)
    /// from the side to move's view, `forced` the opponent's five-point if he has one.
    pub(super) fn quiesce(
        &mut self,
        depth: i32,
        ply: usize,
        mut alpha: i32,
        beta: i32,
        forced: Option<u32>,
    ) -> i32 {
        let plies = self.p.features.quiescence as i32;
        if depth <= -plies || ply + 2 >= MAX_PLY {
            return self.sb.eval();
        }
        if self.p.use_tt
            && let Some(e) = self.tt.probe(self.sb.key())
        {
            self.stats.tt_hits += 1;
            if let Some(s) = tt_cutoff(&e, ply, alpha, beta) {
                return s;
            }
        }
        if let Some(q) = forced {
            return self.threat_child(q, depth, ply, alpha, beta);
        }
        let stand = self.sb.eval();
        let me = self.sb.to_move();
        if stand >= beta || !self.sb.has_four_cell(me) {
            return stand;
        }
        // The stone of the side to move that the last move answered.
        let Some(last) = self.sb.search_stones_back().nth(1) else {
            return stand;
        };
        let check = me == Color::Black && self.sb.board().rule() == Rule::Renju;
        let from = self.sb.pos(last);
        let mut best = stand;
        alpha = alpha.max(stand);
        for (dx, dy) in DIRECTIONS {
            for side in [-1, 1] {
                for step in 1..=FOUR_REACH {
                    let (x, y) = (
                        from.x as i32 + side * step * dx,
                        from.y as i32 + side * step * dy,
                    );
                    if !self.sb.board().contains(x, y) {
                        break;
                    }
                    let c = self.sb.index(Pos::new(x as u8, y as u8));
                    if !self.sb.is_empty(c)
                        || !self.sb.makes_four(c, me)
                        || (check && self.sb.is_forbidden(c))
                    {
                        continue;
                    }
                    let s = self.threat_child(c as u32, depth, ply, alpha, beta);
                    if self.control.stopped() {
                        return 0;
                    }
                    if s > best {
                        best = s;
                        alpha = alpha.max(s);
                        if s >= beta {
                            return best;
                        }
                    }
                }
            }
        }
        best
    }

    /// The value of the threat move `c` (a four or the block of one) at a quiescence node,
    /// from the mover's view: its child searched by `negamax` one ply deeper.
    fn threat_child(&mut self, c: u32, depth: i32, ply: usize, alpha: i32, beta: i32) -> i32 {
        self.sb.make(c as usize);
        self.tick();
        let s = -self.negamax(depth - 1, ply + 1, -beta, -alpha, false);
        self.sb.unmake();
        s
    }
}
