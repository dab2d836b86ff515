//! The interior of the search: negamax alpha-beta with principal-variation search, the
//! transposition table, the static wins of the class counts, forced blocks of the opponent's
//! fours (the defences against his threes are `defence.rs`'s), the singular extension, quiet
//! leaves evaluated from the gain tables without playing them (or, where the opponent has a
//! four to play, handed to the threat quiescence when it is on), and the bookkeeping of a
//! beta cutoff.

use super::history::history_bonus;
use super::selectivity::{NodeKind, history_plies, lmr_reduction, move_count_limit};
use super::worker::{NO_EVAL, SINGULAR_LISTS, Worker};
use crate::params::MAX_PLY;
use crate::score::{INF, MATE_BOUND, WIN, score_from_tt, score_to_tt};
use crate::tt::{Bound, TtEntry};

/// The most moves searched before a cutoff that its history penalty reaches.
const MAX_TRIED: usize = 32;

/// The score of TT entry `e` at `ply` if its bound settles the window `(alpha, beta)`.
#[inline]
pub(super) fn tt_cutoff(e: &TtEntry, ply: usize, alpha: i32, beta: i32) -> Option<i32> {
    let s = score_from_tt(e.score, ply);
    match e.bound {
        Bound::Exact => Some(s),
        Bound::Lower if s >= beta => Some(s),
        Bound::Upper if s <= alpha => Some(s),
        _ => None,
    }
}

impl Worker<'_> {
    /// Negamax with PVS from the side to move's view at `ply` (>= 1); `cut` when the parent
    /// expects this node to fail high (the selectivity reduces more there).
    pub(super) fn negamax(
        &mut self,
        depth: i32,
        ply: usize,
        alpha: i32,
        beta: i32,
        cut: bool,
    ) -> i32 {
        self.search_node(depth, ply, alpha, beta, cut, 0)
    }

    /// [`Self::negamax`] with the move `excluded` (0: none) left out, for the singular test
    /// of a TT move: such a node neither reads nor writes the TT, nor prunes from its
    /// static evaluation.
    fn search_node(
        &mut self,
        mut depth: i32,
        ply: usize,
        mut alpha: i32,
        beta: i32,
        cut: bool,
        excluded: u32,
    ) -> i32 {
        self.lists.pv_len[ply] = 0;
        if self.control.stopped() {
            return 0;
        }
        self.stats.rapfi_nodes += 1;
        if ply > self.stats.seldepth {
            self.stats.seldepth = ply;
        }
        let (mine, theirs) = self.sb.recent_fives();
        if mine.len > 0 {
            return WIN - (ply as i32 + 1);
        }
        if theirs.len >= 2 {
            return -(WIN - (ply as i32 + 2));
        }
        let forced = theirs.first();
        if let Some(q) = forced
            && self.sb.is_forbidden(q as usize)
        {
            return -(WIN - (ply as i32 + 2));
        }
        if self.p.features.static_wins
            && forced.is_none()
            && let Some(plies) = self.sb.static_win()
        {
            return WIN - (ply as i32 + plies as i32);
        }
        if self.sb.is_full() {
            return 0;
        }
        if depth <= 0 || ply >= MAX_PLY - 1 {
            // Rapfi's leaf enters its VCF search too: a second node.
            self.stats.rapfi_nodes += 1;
            if self.p.features.quiescence > 0 {
                return self.quiesce(depth, ply, alpha, beta, forced);
            }
            return self.sb.eval();
        }
        let key = self.sb.key();
        let mut tt_move = 0u32;
        let mut tt_entry = None;
        if self.p.use_tt
            && excluded == 0
            && let Some(e) = self.tt.probe(key)
        {
            self.stats.tt_hits += 1;
            tt_move = e.mv as u32;
            tt_entry = Some(e);
            if e.depth as i32 >= depth
                && let Some(s) = tt_cutoff(&e, ply, alpha, beta)
            {
                return s;
            }
        }
        let f = self.p.features;
        let improving = self.improving(
            ply,
            forced.is_none(),
            f.lmr_scale > 0 || f.move_count > 0 || f.node_futility > 0,
        );
        if excluded == 0 {
            if let Some(e) = self.node_futile(depth, alpha, beta, forced.is_none(), improving) {
                self.stats.pruned += 1;
                return e;
            }
            if let Some(v) = self.razor(depth, ply, alpha, beta, forced.is_none()) {
                self.stats.pruned += 1;
                return v;
            }
        }
        // The moves searched at most (None: all): `top_n`, or one ply above the leaves the
        // frontier width.
        let width = if depth == 1 {
            Some(f.frontier_width as usize).filter(|&k| k > 0)
        } else {
            self.p.top_n
        };
        let mut moves = std::mem::take(&mut self.lists.moves[ply]);
        moves.clear();
        // Whether the moves are cut to the defences of an open-four threat: a complete list.
        let mut defending = false;
        if let Some(q) = forced {
            moves.push(q);
        } else {
            self.sb.candidates(&mut moves);
            defending = self.p.features.three_defence
                && self.defend_three(&mut moves, self.p.features.exact_defence, depth >= 2);
            if depth == 1 && (width.is_none() || defending) {
                // Frontier: every candidate is searched (a leaf costs about what scoring the
                // point for ordering would), TT move and killers first.
                self.frontier_order(&mut moves, ply, tt_move);
            } else {
                self.order(&mut moves, ply, tt_move, width.filter(|_| !defending));
            }
        }
        if excluded != 0 {
            moves.retain(|&m| m != excluded);
            if moves.is_empty() {
                // No other move: the excluded one is singular.
                self.lists.moves[ply] = moves;
                return alpha;
            }
        }
        if moves.is_empty() {
            self.lists.moves[ply] = moves;
            return 0;
        }
        let alpha0 = alpha;
        let mut best = -INF;
        let mut best_move = moves[0];
        let n_moves = moves.len();
        // The static value here, for leaves averaged over two plies.
        let here = if f.eval_average && depth == 1 {
            Some(self.sb.eval())
        } else {
            None
        };
        let average = |s: i32| match here {
            Some(h) if !crate::score::is_mate(s) => ((s as i64 + h as i64) / 2) as i32,
            _ => s,
        };
        let futility = f.futility > 0 && depth == 2 && forced.is_none();
        let node = NodeKind {
            pv: beta - alpha > 1,
            cut,
            improving,
        };
        // Move-count pruning: past this many moves, quiet ones are skipped once a move that
        // does not lose is found (never under a four or an open-four threat).
        let count_limit = (f.move_count > 0
            && depth >= 2
            && forced.is_none()
            && !defending
            && !self.sb.faces_four_threat())
        .then(|| move_count_limit(f.move_count, depth, node.improving));
        let me = self.sb.to_move();
        // Whether a quiet leaf below may be evaluated without playing it: not when the
        // threat quiescence is on and the opponent has a cell where a stone makes a four
        // (his fours there are what the quiescence would play, and what his static wins
        // read when they are on). Our quiet move gives him no four, so without one the leaf
        // would play no move: it would stand pat, a TT hit aside, which the shortcut does
        // not read.
        let leaves_static =
            depth != 1 || f.quiescence == 0 || !self.sb.has_four_cell(me.opponent());
        // A mate score must be a proof: when every move the width let through loses, the
        // moves it left out are searched too before the node is called lost.
        let mut widened = forced.is_some() || defending || width.is_none_or(|k| n_moves < k);
        // The moves searched so far, for the history penalties of a cutoff.
        let mut tried = [0u32; MAX_TRIED];
        let mut n_tried = 0;
        let mut n = 0;
        loop {
            if n == moves.len() {
                if widened || best > -MATE_BOUND || self.control.stopped() {
                    break;
                }
                widened = true;
                let mut all = Vec::new();
                self.sb.candidates(&mut all);
                self.order(&mut all, ply, 0, None);
                for c in all {
                    if c != excluded && !moves[..n_moves].contains(&c) {
                        moves.push(c);
                    }
                }
                continue;
            }
            let m = moves[n];
            n += 1;
            let n = n - 1;
            if futility
                && n > 0
                && let Some(e) = self.sb.eval_after(m as usize)
                && -e + f.futility <= alpha
            {
                // A quiet move that cannot reach alpha by its own value and the margin.
                self.stats.pruned += 1;
                continue;
            }
            if count_limit.is_some_and(|k| n >= k)
                && best > -MATE_BOUND
                && !self.sb.makes_four(m as usize, me)
            {
                self.stats.pruned += 1;
                continue;
            }
            // The singular test of the TT move: when every other move fails low against a
            // margin below its stored value, at about half the depth, it is extended a ply;
            // when even they beat beta, so does the node (multi-cut).
            let mut singular = 0;
            if f.singular_margin > 0
                && excluded == 0
                && m == tt_move
                && depth >= f.singular_depth as i32
                && forced.is_none()
                && ply < 2 * self.control.target_depth as usize
                && ply + 3 < MAX_PLY
                && let Some(e) = tt_entry
                && matches!(e.bound, Bound::Lower | Bound::Exact)
                && e.depth as i32 >= depth - f.singular_tt_depth as i32
                && let tt_score = score_from_tt(e.score, ply)
                && !crate::score::is_mate(tt_score)
            {
                let sbeta = (tt_score - f.singular_margin * depth).max(-MATE_BOUND);
                // The test runs at this ply, whose list the node holds: it takes the ply's
                // second list, and gives it back.
                self.lists.moves.swap(ply, SINGULAR_LISTS + ply);
                let v = self.search_node(depth / 2, ply, sbeta - 1, sbeta, cut, m);
                self.lists.moves.swap(ply, SINGULAR_LISTS + ply);
                self.lists.pv_len[ply] = 0;
                if self.control.stopped() {
                    self.lists.moves[ply] = moves;
                    return 0;
                }
                if v < sbeta {
                    singular = 100;
                } else if sbeta >= beta {
                    self.lists.moves[ply] = moves;
                    return sbeta;
                }
            }
            // The block of a four takes its fractional extension; the whole plies of the
            // line's fractions so far go to the child, the rest is carried below it.
            let carried = self.lists.carries[ply]
                + singular
                + if forced.is_some()
                    && ply < 2 * self.control.target_depth as usize
                    && ply + 3 < MAX_PLY
                {
                    f.block_extension as i32
                } else {
                    0
                };
            let extension = carried / 100;
            self.lists.carries[ply + 1] = carried % 100;
            let score = if depth == 1
                && extension == 0
                && leaves_static
                && let Some(e) = self.sb.eval_after(m as usize)
            {
                // A quiet leaf: its evaluation comes from the gain tables without playing
                // it (the same number make, eval and unmake would give; counted as a node).
                self.tick();
                // A leaf, as Rapfi counts one: its search and its VCF search entered.
                self.stats.rapfi_nodes += 2;
                self.stats.seldepth = self.stats.seldepth.max(ply + 1);
                self.lists.pv_len[ply + 1] = 0;
                average(-e)
            } else {
                self.sb.make(m as usize);
                self.tick();
                let four = (f.lmr || f.threat_extension) && self.sb.last_move_fives().len > 0;
                let next = extension
                    + if four
                        && f.threat_extension
                        && ply < 2 * self.control.target_depth as usize
                        && ply + 3 < MAX_PLY
                    {
                        depth
                    } else {
                        depth - 1
                    };
                let score = if n == 0 {
                    -self.negamax(next, ply + 1, -beta, -alpha, !node.pv && !cut)
                } else {
                    let r = if !f.lmr || forced.is_some() || four {
                        0
                    } else if f.lmr_scale == 0 {
                        (depth >= 3 && n >= 3) as i32
                    } else if depth >= 3 {
                        let killer = self.memory.killers(ply).is_some_and(|k| k.contains(&m));
                        let history = history_plies(self.memory.history(me, m), f.history_bound);
                        lmr_reduction(f.lmr_scale, depth, n + 1, node, killer, history)
                            .min(next - 1)
                    } else {
                        0
                    };
                    let mut s = if r > 0 {
                        -self.negamax(next - r, ply + 1, -alpha - 1, -alpha, true)
                    } else {
                        alpha + 1
                    };
                    if s > alpha && !self.control.stopped() {
                        s = -self.negamax(next, ply + 1, -alpha - 1, -alpha, !cut);
                    }
                    if s > alpha && s < beta && !self.control.stopped() {
                        -self.negamax(next, ply + 1, -beta, -alpha, false)
                    } else {
                        s
                    }
                };
                self.sb.unmake();
                average(score)
            };
            if self.control.stopped() {
                self.lists.moves[ply] = moves;
                return 0;
            }
            self.stats.searched += 1;
            if f.history_bound > 0 && n_tried < MAX_TRIED {
                tried[n_tried] = m;
                n_tried += 1;
            }
            if score > best {
                best = score;
                best_move = m;
                if score > alpha {
                    alpha = score;
                    let (head, tail) = self.lists.pv.split_at_mut(ply + 1);
                    let child_len = self.lists.pv_len[ply + 1];
                    head[ply][0] = m;
                    head[ply][1..1 + child_len].copy_from_slice(&tail[0][..child_len]);
                    self.lists.pv_len[ply] = child_len + 1;
                    if score >= beta {
                        let quiet = forced.is_none();
                        self.cutoff(ply, n, moves.len(), m, depth, quiet, &tried[..n_tried]);
                        break;
                    }
                    // Rapfi's alpha-improvement reduction: the other moves of a node whose
                    // value a move has raised, short of a decided score, search a ply less
                    // (another at each further raise, down to depth 2).
                    if f.alpha_reduction_bound > 0
                        && depth > 2
                        && depth < f.alpha_reduction_depth as i32
                        && score.abs() < f.alpha_reduction_bound
                    {
                        depth -= 1;
                    }
                }
            }
        }
        self.lists.moves[ply] = moves;
        if self.p.use_tt && excluded == 0 {
            let bound = if best >= beta {
                Bound::Lower
            } else if best > alpha0 {
                Bound::Exact
            } else {
                Bound::Upper
            };
            self.tt.store(
                key,
                score_to_tt(best, ply),
                best_move as u16,
                depth.clamp(0, 255) as u8,
                bound,
            );
        }
        best
    }

    /// Futility at the node: its static evaluation when that beats `beta` by the margin
    /// (`node_futility` per ply of `depth` past the first, a ply less when `improving`), at a
    /// node searched with a null window, `quiet` (no four of the opponent's), under no
    /// open-four or double-four threat, and with no mate score in the window. A stone never
    /// harms its own side in Gomoku, so a side that stands this far above beta rarely falls
    /// below it by searching.
    fn node_futile(
        &self,
        depth: i32,
        alpha: i32,
        beta: i32,
        quiet: bool,
        improving: bool,
    ) -> Option<i32> {
        let m = self.p.features.node_futility;
        if m == 0 || !self.statically_prunable(alpha, beta, quiet) {
            return None;
        }
        let e = self.sb.eval();
        let plies = (depth - 1 - improving as i32).max(0) as i64;
        (e as i64 - m as i64 * plies >= beta as i64).then_some(e)
    }

    /// Whether a node may be settled by its static evaluation: a null window `(alpha,
    /// beta)` with no mate score, `quiet` (no five-point of the opponent's), and no open-four
    /// or double-four point of his either.
    fn statically_prunable(&self, alpha: i32, beta: i32, quiet: bool) -> bool {
        beta - alpha == 1
            && quiet
            && !crate::score::is_mate(alpha)
            && !crate::score::is_mate(beta)
            && !self.sb.faces_four_threat()
    }

    /// Razoring: at a null-window node of depth 1 or 2 (Rapfi's 2.6 in whole plies) whose
    /// static evaluation is `razoring` per ply of `depth` below `alpha`, the value of the
    /// leaf's threat quiescence when it is on, else the evaluation when the side to move has
    /// no cell where a stone makes a four (nothing that could swing a lost-looking node
    /// within its depth but its own fours). Guarded as [`Self::node_futile`].
    fn razor(&mut self, depth: i32, ply: usize, alpha: i32, beta: i32, quiet: bool) -> Option<i32> {
        let m = self.p.features.razoring;
        if m == 0 || depth > 2 || !self.statically_prunable(alpha, beta, quiet) {
            return None;
        }
        let e = self.sb.eval();
        if e as i64 + m as i64 * depth as i64 >= alpha as i64 {
            return None;
        }
        if self.p.features.quiescence > 0 {
            return Some(self.quiesce(0, ply, alpha, beta, None));
        }
        (!self.sb.has_four_cell(self.sb.to_move())).then_some(e)
    }

    /// Whether the side to move's static evaluation at `ply` improves on its value two plies
    /// up, recording it for the plies below when `kept` (the selectivity is on); a node
    /// under a four (`quiet` false) has none, and a node with nothing to compare counts as
    /// improving (the cautious side).
    fn improving(&mut self, ply: usize, quiet: bool, kept: bool) -> bool {
        if !kept {
            return true;
        }
        let e = if quiet { self.sb.eval() } else { NO_EVAL };
        self.lists.evals[ply] = e;
        let before = if ply >= 2 {
            self.lists.evals[ply - 2]
        } else {
            NO_EVAL
        };
        e == NO_EVAL || before == NO_EVAL || e > before
    }

    /// Book-keeping of a beta cutoff by move `m`, the `n`th of `n_moves`: statistics, and
    /// killers and history unless the move was forced (with a gravity bound, a penalty for
    /// each other move `tried` before it).
    #[inline]
    #[allow(clippy::too_many_arguments)]
    fn cutoff(
        &mut self,
        ply: usize,
        n: usize,
        n_moves: usize,
        m: u32,
        depth: i32,
        quiet: bool,
        tried: &[u32],
    ) {
        self.stats.beta_cutoffs += 1;
        if n == 0 {
            self.stats.first_move_cutoffs += 1;
        }
        self.stats.pruned += (n_moves - n - 1) as u64;
        if quiet {
            if self.p.killers {
                self.memory.add_killer(ply, m);
            }
            if self.p.features.counter_moves
                && let Some(last) = self.sb.search_stones_back().next()
            {
                let me = self.sb.to_move();
                self.memory.set_counter_move(me, last, m);
            }
            let bound = self.p.features.history_bound as i32;
            let me = self.sb.to_move();
            if self.p.history && bound > 0 {
                let bonus = history_bonus(depth, bound);
                self.memory.nudge_history(me, m, bonus, bound);
                for &t in tried.iter().filter(|&&t| t != m) {
                    self.memory.nudge_history(me, t, -bonus, bound);
                }
            } else if self.p.history {
                self.memory.add_history(me, m, depth * depth);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::params::{EngineParams, Limits};
    use crate::score::INF;
    use crate::search::Engine;
    use gomoku_board::{Board, Cell, Geometry, Pos, Rule};
    use rand::{RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;
    use std::time::Instant;

    /// A node searched with a move left out (the singular test's search) scores the best of
    /// the other moves, each searched with a full window: the exclusion drops that move and
    /// nothing else, the TT included (an excluded node neither reads nor writes it).
    #[test]
    fn a_node_without_its_excluded_move_scores_the_best_other_move() {
        let mut engine = Engine::new(EngineParams {
            top_n: None,
            radius: 1,
            features: crate::params::SearchFeatures::NONE,
            ..EngineParams::default()
        })
        .unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(29);
        let g = Geometry::square(9);
        let limits = Limits::default();
        let mut checked = 0;
        while checked < 24 {
            let mut b = Board::new(g, Rule::Freestyle).unwrap();
            for _ in 0..rng.random_range(3..9) {
                let p = Pos::new(rng.random_range(2..7), rng.random_range(2..7));
                if b.cell(p) == Cell::Empty {
                    b.make(p);
                }
            }
            if b.winner().is_some() {
                continue;
            }
            let depth = rng.random_range(1..4);
            let mut w = engine.worker(&b, &limits, Instant::now());
            let mut moves = Vec::new();
            w.sb.candidates(&mut moves);
            let excluded = moves[rng.random_range(0..moves.len())];
            // The TT filled by a search of the whole node first: the excluded one must not
            // take its value from there.
            let whole = w.negamax(depth, 1, -INF, INF, false);
            let without = w.search_node(depth, 1, -INF, INF, false, excluded);
            let mut best = -INF;
            for &m in moves.iter().filter(|&&m| m != excluded) {
                w.sb.make(m as usize);
                best = best.max(-w.negamax(depth - 1, 2, -INF, INF, false));
                w.sb.unmake();
            }
            assert_eq!(without, best, "depth {depth}, {excluded} left out: {b:?}");
            assert!(whole >= without);
            checked += 1;
        }
    }

    /// With the threat quiescence on, a node one ply above the leaves scores the best of
    /// its leaves as played and quiesced: the leaves it evaluates without playing them are
    /// only those where the quiescence could do nothing but stand pat, with static wins
    /// off and on. Every other technique and the TT are off, so that the node's value is
    /// the plain maximum.
    #[test]
    fn a_frontier_node_scores_its_quiet_leaves_as_their_quiescence_does() {
        let table = super::super::testing::four_class_table();
        for static_wins in [false, true] {
            let mut engine = Engine::new(EngineParams {
                table: table.clone(),
                top_n: None,
                radius: 1,
                use_tt: false,
                features: crate::params::SearchFeatures {
                    quiescence: 8,
                    static_wins,
                    ..crate::params::SearchFeatures::NONE
                },
                ..EngineParams::default()
            })
            .unwrap();
            frontier_matches_its_leaves(&mut engine);
        }
    }

    /// Checks [`a_frontier_node_scores_its_quiet_leaves_as_their_quiescence_does`] with
    /// `engine` on 300 random positions.
    fn frontier_matches_its_leaves(engine: &mut Engine) {
        let mut rng = ChaCha8Rng::seed_from_u64(31);
        let limits = Limits::default();
        let (mut checked, mut with_fours) = (0, 0);
        while checked < 300 {
            let Some(b) = super::super::testing::crowded_9x9(&mut rng) else {
                continue;
            };
            let mut w = engine.worker(&b, &limits, Instant::now());
            // A first move searched, so that the leaves' side to move has a last stone
            // whose lines the quiescence walks.
            let mut moves = Vec::new();
            w.sb.candidates(&mut moves);
            w.sb.make(moves[rng.random_range(0..moves.len())] as usize);
            // A node with a five-point, or a static win to claim, returns before its moves.
            let (mine, theirs) = w.sb.recent_fives();
            if mine.len > 0 || theirs.len > 0 || w.sb.static_win().is_some() {
                continue;
            }
            let node = w.negamax(1, 2, -INF, INF, false);
            moves.clear();
            w.sb.candidates(&mut moves);
            let mut best = -INF;
            for &m in &moves {
                w.sb.make(m as usize);
                best = best.max(-w.negamax(0, 3, -INF, INF, false));
                w.sb.unmake();
            }
            assert_eq!(node, best, "{b:?}");
            with_fours += w.sb.has_four_cell(w.sb.to_move().opponent()) as usize;
            checked += 1;
        }
        // Enough of the positions give the opponent a four to play at the leaves.
        assert!(with_fours >= 75, "{with_fours}");
    }
}
