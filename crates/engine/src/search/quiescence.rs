//! The threat quiescence at the leaves: where the nominal depth runs out, a node stands pat
//! on its evaluation, or plays on the fours that decide it: the single block of the
//! opponent's four (the only move that does not lose) and its own fours along the lines
//! through its last stone (what that stone started). Each is answered by the other side's
//! node in `negamax`, so a line of fours ends in a five, a static win or a quiet node. The
//! four moves are the line kinds' (`SearchBoard::makes_four`), as the three defence's, and
//! a side with no cell of a four class (the class counts) skips the walk.
//!
//! Two narrowings after Rapfi's leaf VCF search, off in the defaults and on in the built-in
//! engine: delta pruning (`quiescence_delta`), and past a side's first few quiescence moves
//! only fours that make something more (`quiescence_plain_fours`).
//!
//! Sound as the search is: a stand pat is never a mate score, so a mate score still comes
//! from fives and static wins along forced lines.

use super::negamax::tt_cutoff;
use super::worker::Worker;
use crate::cells::CellClass;
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
        let f = self.p.features;
        // Delta pruning, at null-window nodes only as Rapfi's: a side this far below alpha
        // rarely climbs back by a four that does not win outright.
        if f.quiescence_delta > 0 && beta - alpha == 1 && stand + f.quiescence_delta < alpha {
            return stand;
        }
        // Past its first few quiescence moves (every other ply from depth 0) a side plays
        // only fours that make something more.
        let plus_only =
            f.quiescence_plain_fours > 0 && depth <= -2 * f.quiescence_plain_fours as i32;
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
                        || (plus_only && self.plain_four(c))
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

    /// Whether the four a stone of the side to move makes at `c` makes nothing else: its
    /// class is a plain four, below four-two.
    fn plain_four(&self, c: usize) -> bool {
        self.sb
            .cell_classes(c)
            .is_some_and(|(mine, _)| mine < CellClass::FourTwo)
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

#[cfg(test)]
mod tests {
    use super::super::testing::{crowded_9x9, four_class_table};
    use super::super::worker::Worker;
    use crate::params::{EngineParams, Limits, SearchFeatures};
    use crate::score::INF;
    use crate::search::Engine;
    use gomoku_board::Board;
    use rand::{RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;
    use std::time::Instant;

    /// An engine with only the threat quiescence on (and the TT off, so that each call is
    /// searched), on a table with cell classes so that the line kinds are kept.
    fn engine(delta: i32, plain_fours: u32) -> Engine {
        Engine::new(EngineParams {
            table: four_class_table(),
            top_n: None,
            radius: 1,
            use_tt: false,
            features: SearchFeatures {
                quiescence: 8,
                quiescence_delta: delta,
                quiescence_plain_fours: plain_fours,
                ..SearchFeatures::NONE
            },
            ..EngineParams::default()
        })
        .unwrap()
    }

    /// A quiescence node to test: a seeded 9x9 position and two moves played in the search
    /// from it (the side to move's last stone is the first, whose lines the quiescence
    /// walks).
    type Node = (Board, [usize; 2]);

    /// `engine`'s worker at the node.
    fn worker<'a>(engine: &'a mut Engine, (b, moves): &Node) -> Worker<'a> {
        let mut w = engine.worker(b, &Limits::default(), Instant::now());
        for &m in moves {
            w.sb.make(m);
        }
        w
    }

    /// `n` nodes whose side to move has a cell where a stone makes a four, and no
    /// five-point on either side.
    fn nodes(n: usize) -> Vec<Node> {
        let mut rng = ChaCha8Rng::seed_from_u64(47);
        let mut scratch = engine(0, 0);
        let mut out = Vec::new();
        while out.len() < n {
            let Some(b) = crowded_9x9(&mut rng) else {
                continue;
            };
            let mut w = scratch.worker(&b, &Limits::default(), Instant::now());
            let mut moves = [0; 2];
            let mut quiet = true;
            for m in &mut moves {
                let mut list = Vec::new();
                w.sb.candidates(&mut list);
                *m = list[rng.random_range(0..list.len())] as usize;
                w.sb.make(*m);
                let (mine, theirs) = w.sb.recent_fives();
                quiet &= mine.len == 0 && theirs.len == 0;
            }
            if quiet && w.sb.has_four_cell(w.sb.to_move()) {
                out.push((b, moves));
            }
        }
        out
    }

    /// Delta pruning settles a null-window node whose evaluation is the margin below alpha
    /// at its evaluation, and leaves a search from the widest window as it was (its nodes
    /// keep wide windows, but for a stand pat that lands one below beta, which these
    /// positions do not meet).
    #[test]
    fn delta_pruning_acts_on_null_windows_only() {
        const DELTA: i32 = 500;
        let (mut plain, mut pruned) = (engine(0, 0), engine(DELTA, 0));
        let mut differs = 0;
        for node in nodes(300) {
            let mut w = worker(&mut pruned, &node);
            let e = w.sb.eval();
            let alpha = e + DELTA + 1;
            assert_eq!(w.quiesce(0, 3, alpha, alpha + 1, None), e, "{node:?}");
            let wide = w.quiesce(0, 3, -INF, INF, None);
            let mut v = worker(&mut plain, &node);
            assert_eq!(wide, v.quiesce(0, 3, -INF, INF, None), "{node:?}");
            differs += (v.quiesce(0, 3, alpha, alpha + 1, None) != e) as usize;
        }
        // Without the pruning, some of those null-window nodes do search past their
        // evaluation: the positions test something.
        assert!(differs >= 10, "{differs}");
    }

    /// Past a side's first quiescence move, only fours that make something more are
    /// played: where every four cell of the side to move is a plain four, a node two plies
    /// into the quiescence stands pat (where without the rule some such nodes do not),
    /// while in its first move the side plays them.
    #[test]
    fn plain_fours_only_in_the_first_quiescence_moves() {
        let (mut all, mut first) = (engine(0, 0), engine(0, 1));
        let (mut checked, mut unrestricted_moved, mut first_moved) = (0, 0, 0);
        for node in nodes(1500) {
            let mut w = worker(&mut first, &node);
            let me = w.sb.to_move();
            let only_plain = (0..node.0.cells().len())
                .filter(|&c| w.sb.is_empty(c) && w.sb.makes_four(c, me))
                .all(|c| w.plain_four(c));
            if !only_plain {
                continue;
            }
            let e = w.sb.eval();
            assert_eq!(w.quiesce(-2, 3, -INF, INF, None), e, "{node:?}");
            first_moved += (w.quiesce(0, 3, -INF, INF, None) != e) as usize;
            let mut u = worker(&mut all, &node);
            unrestricted_moved += (u.quiesce(-2, 3, -INF, INF, None) != e) as usize;
            checked += 1;
        }
        assert!(
            checked >= 200 && unrestricted_moved >= 5 && first_moved >= 5,
            "{checked} {unrestricted_moved} {first_moved}"
        );
    }
}
