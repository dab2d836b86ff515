//! The root of a search: forced replies and VCF first, then iterative deepening over the
//! ordered root moves with PVS, and the optional random tie-break among near-best moves.

use super::result::{IterationInfo, SearchResult};
use super::worker::Worker;
use crate::params::MAX_DEPTH;
use crate::score::{INF, WIN, is_mate};
use crate::time::{next_fits, time_fits};
use rand::RngExt;
use rand_chacha::ChaCha8Rng;

/// Aspiration windows searched at a root iteration before the full window.
const ASPIRATION_TRIES: usize = 5;

/// A root move and its score in the last iteration; `exact` when that score is not only a
/// bound (the tie-break may pick only among exact scores).
#[derive(Clone, Copy, Debug)]
struct RootMove {
    cell: u32,
    score: i32,
    exact: bool,
}

impl Worker<'_> {
    /// Root: forced moves, VCF, then iterative deepening and the tie-break.
    pub(super) fn run(&mut self, rng: &mut ChaCha8Rng) -> SearchResult {
        let me = self.sb.to_move();
        let mine = self.sb.all_fives(me);
        if let Some(q) = mine.first() {
            return self.result(Some(q), WIN - 1, vec![q], 1);
        }
        let theirs = self.sb.all_fives(me.opponent());
        // Root moves: the legal candidates (or the forced blocks), ordered.
        let mut cands = Vec::new();
        if theirs.len > 0 {
            let legal: Vec<u32> = theirs
                .as_slice()
                .iter()
                .copied()
                .filter(|&q| !self.sb.is_forbidden(q as usize))
                .collect();
            if theirs.len >= 2 || legal.is_empty() {
                // Lost: the opponent completes a five whatever we do.
                let mv = legal.first().copied().or_else(|| self.any_legal());
                return self.result(mv, -(WIN - 2), mv.into_iter().collect(), 1);
            }
            cands = legal;
        } else {
            self.lists.raw.clear();
            self.sb.candidates(&mut self.lists.raw);
            let mut raw = std::mem::take(&mut self.lists.raw);
            let width = match self.p.features.root_width {
                0 => self.p.top_n,
                n => Some(n as usize),
            };
            self.order(&mut raw, 0, 0, width);
            cands.extend_from_slice(&raw);
            self.lists.raw = raw;
            if cands.is_empty() {
                let mv = self.any_legal();
                return self.result(mv, 0, mv.into_iter().collect(), 0);
            }
        }
        if self.p.vcf
            && self.p.vcf_depth >= 1
            && let Some(line) = self.with_threat_share(|w| w.root_vcf(w.p.vcf_depth))
        {
            let plies = line.len() as i32 + self.vcf.gap as i32;
            return self.result(Some(line[0]), WIN - plies, line, 0);
        }
        if self.p.vct
            && self.vct.cap > 0
            && let Some(win) = self.with_time_share(
                self.control
                    .target_time()
                    .map_or(0.0, |t| self.vct_share(t)),
                |w| w.root_vct(w.p.vct_depth, true),
            )
        {
            // A win is played whatever deepening would find: the rest of the move's target
            // time goes to shortening it, if its share ran out first.
            let win = match self.target_deadline() {
                Some(until) => self.until(Some(until), |w| w.shorten_vct(win)),
                None => win,
            };
            return self.vct_win(win, 0);
        }
        if self.p.vcf && self.p.vcf_depth >= 1 && theirs.len == 0 {
            cands = self.with_threat_share(|w| w.vcf_defence(cands));
        }
        let mut roots: Vec<RootMove> = cands
            .iter()
            .map(|&c| RootMove {
                cell: c,
                score: -INF,
                exact: false,
            })
            .collect();
        let target = self.node_depth_limit();
        let first = if self.p.iterative_deepening {
            1
        } else {
            target
        };
        let mut iterations: Vec<IterationInfo> = Vec::new();
        // Where deepening starts: the first iteration's cost is counted from here, not from
        // the start of the search (the threat searches before it are not an iteration).
        let deepening_from = (self.control.start.elapsed(), self.stats.nodes);
        let mut done: Option<(Vec<RootMove>, i32, Vec<u32>, u32)> = None;
        // Whether deepening stopped because the next iteration would not fit in the budget,
        // with more than one move to choose from: the time left is then spare.
        let mut spare = false;
        for depth in first..=target {
            if !iterations.is_empty()
                && !self.start_next_iteration(&iterations, roots.len(), deepening_from)
            {
                spare = roots.len() > 1;
                break;
            }
            let last = done.as_ref().map(|d| d.1);
            let (score, pv) = self.root_aspirated(depth as i32, &mut roots, last);
            if self.control.stopped() {
                // An iteration cut short still proved something once its first move (the
                // last best) was searched: a later move that beat it is better at this depth.
                if let Some(d) = done.as_mut()
                    && score > -INF
                    && self.p.tie_break_margin == 0
                    && pv.first() != d.2.first()
                {
                    d.0.iter_mut()
                        .filter(|r| Some(&r.cell) == pv.first())
                        .for_each(|r| r.score = score);
                    d.0.sort_by_key(|r| std::cmp::Reverse(r.score));
                    d.1 = score;
                    d.2 = pv;
                }
                break;
            }
            // Stable sort: best first for the next iteration.
            roots.sort_by_key(|r| std::cmp::Reverse(r.score));
            iterations.push(IterationInfo {
                depth,
                score,
                nodes: self.stats.nodes,
                time: self.control.start.elapsed(),
                pv: pv.iter().map(|&c| self.pos(c)).collect(),
            });
            done = Some((roots.clone(), score, pv, depth));
            if is_mate(score) && (WIN - score.abs()) <= depth as i32 {
                break;
            }
        }
        // The time the deepening leaves (it starts no iteration it cannot finish) goes to the
        // VCT it cut short, which goes on from its proof table, then to checking that the
        // move played hands the opponent no VCT. A search that reached its depth cap or has
        // a single move stops instead.
        if let Some(d) = &done
            && spare
            && !is_mate(d.1)
            && let Some(win) = self.resume_vct()
        {
            let mut r = self.vct_win(win, d.3);
            r.iterations = iterations;
            return r;
        }
        let (roots, score, pv, depth) = match done {
            Some(d) => d,
            None => {
                // Not even depth 1 finished: the first ordered candidate.
                let c = cands[0];
                let mut r = self.result(Some(c), self.sb.eval(), vec![c], 0);
                r.iterations = iterations;
                return r;
            }
        };
        let mut best = roots[0].cell;
        let mut pv = pv;
        // The tie-break may pick only among moves the check saw, so it runs without it.
        let checked = spare && !is_mate(score);
        let safe = if checked {
            self.first_without_their_vct(&roots)
        } else {
            0
        };
        if safe > 0 {
            best = roots[safe].cell;
            pv = vec![best];
        }
        let m = self.p.tie_break_margin;
        if m > 0 && !is_mate(score) && !checked {
            let pool: Vec<&RootMove> = roots
                .iter()
                .filter(|r| r.exact && r.score >= score - m)
                .collect();
            if pool.len() > 1 {
                let pick = pool[rng.random_range(0..pool.len())];
                if pick.cell != best {
                    best = pick.cell;
                    pv = vec![best];
                }
            }
        }
        let final_score = roots
            .iter()
            .find(|r| r.cell == best)
            .map_or(score, |r| r.score);
        let mut r = self.result(Some(best), final_score, pv, depth);
        r.iterations = iterations;
        r
    }

    /// Whether a budgeted search (time, or nodes without a depth cap) starts the next
    /// iteration after the completed `iterations`: only if the next one is predicted to
    /// finish within the budget, an eighth of it with a single root move, or under a fixed
    /// move time before the engine's `fixed_time_start_share` of it (see
    /// [`crate::time::start_next_iteration`]; a node budget without a depth cap is predicted
    /// like time, without the share). Searches limited only by depth always go on.
    fn start_next_iteration(
        &self,
        iterations: &[IterationInfo],
        root_moves: usize,
        (time0, nodes0): (std::time::Duration, u64),
    ) -> bool {
        if !self.control.budgeted {
            return true;
        }
        // A single legal reply is played whatever the search says; it deepens only for its
        // score, within an eighth of the budget.
        let share = if root_moves <= 1 { 0.125 } else { 1.0 };
        // The cost of each of the last three iterations, by a measure of the budget.
        let last3 = |cost: &dyn Fn(&IterationInfo) -> f64, origin: f64| {
            let mut spans = [0.0; 3];
            for (k, span) in spans.iter_mut().enumerate() {
                let Some(i) = iterations.len().checked_sub(1 + k) else {
                    break;
                };
                let before = i.checked_sub(1).map_or(origin, |j| cost(&iterations[j]));
                *span = cost(&iterations[i]) - before;
            }
            spans
        };
        if let Some(b) = self.control.budget {
            let [l, p, pp] = last3(&|i| i.time.as_secs_f64(), time0.as_secs_f64());
            let spent = self.control.start.elapsed().as_secs_f64();
            let (target, hard) = (b.target.as_secs_f64() * share, b.hard.as_secs_f64() * share);
            let start_share = self.p.features.fixed_time_start_share;
            if !time_fits([spent, l, p, pp], target, hard, start_share) {
                return false;
            }
        }
        if self.control.node_budget
            && let Some(cap) = self.control.node_limit
        {
            let [l, p, pp] = last3(&|i| i.nodes as f64, nodes0 as f64);
            let cap = cap as f64 * share;
            if !next_fits([self.stats.nodes as f64, l, p, pp], cap, cap) {
                return false;
            }
        }
        true
    }

    /// The result of a root VCT's win (its first move and the attacker moves it needs):
    /// the move, scored as a mate in that many plies.
    fn vct_win(&self, (m, moves): (u32, u32), depth: u32) -> SearchResult {
        self.result(Some(m), super::vct::win_score(moves), vec![m], depth)
    }

    /// When the move's target time runs out, on a clock and if it has not yet.
    fn target_deadline(&self) -> Option<std::time::Instant> {
        let until = self.control.start + self.control.target_time()?;
        (until > std::time::Instant::now()).then_some(until)
    }

    /// Goes on with a root VCT that its share of a clock cut short, until the move's target
    /// time: only on a clock, and only while the search is not stopped. With the VCT on a
    /// helper thread too, the helper goes on to the target as well.
    fn resume_vct(&mut self) -> Option<(u32, u32)> {
        if self.vct.beside {
            self.vct.spare = !self.control.stopped();
        }
        if !self.p.vct || !self.vct.unfinished || self.control.stopped() {
            return None;
        }
        let until = self.target_deadline()?;
        self.until(Some(until), |w| w.root_vct(w.p.vct_depth, true))
    }

    /// The VCT helper thread's search (see `Engine::search_smp`): the root's VCT until the
    /// move's target time; its first move and the attacker moves its win needs, and whether
    /// it settled that there is no win within the limit.
    pub(super) fn helper_vct(&mut self) -> (Option<(gomoku_board::Pos, u32)>, bool) {
        let Some(until) = self.target_deadline() else {
            return (None, false);
        };
        let found = self.until(Some(until), |w| w.root_vct(w.p.vct_depth, true));
        let refuted = found.is_none() && !self.vct.unfinished && !self.control.stopped();
        (found.map(|(m, moves)| (self.pos(m), moves)), refuted)
    }

    /// On a clock, with time left before the move's target: the first of the best few root
    /// moves after which the opponent's VCT finds no win (0 when the first is such a move,
    /// when no time is left, or when every move checked hands him one). Deepening scores a
    /// quiet move by what it sees within its horizon; a VCT of the opponent's is often
    /// longer, and one proven is a loss.
    fn first_without_their_vct(&mut self, roots: &[RootMove]) -> usize {
        const CHECKED: usize = 4;
        if !self.p.vct || self.control.stopped() {
            return 0;
        }
        let Some(until) = self.target_deadline() else {
            return 0;
        };
        for (i, r) in roots.iter().take(CHECKED).enumerate() {
            if until <= std::time::Instant::now() {
                return 0;
            }
            self.sb.make(r.cell as usize);
            // Whether he has one is all that counts here, not how short it is.
            let theirs = self.until(Some(until), |w| w.root_vct(w.p.vct_depth, false));
            self.sb.unmake();
            // No VCT, or none found in time: better than a move known to hand him one.
            if theirs.is_none() {
                return i;
            }
        }
        0
    }

    fn node_depth_limit(&self) -> u32 {
        self.control.target_depth.clamp(1, MAX_DEPTH)
    }

    fn any_legal(&mut self) -> Option<u32> {
        let cells: Vec<u32> = self
            .sb
            .board()
            .points()
            .map(|p| self.sb.index(p) as u32)
            .collect();
        cells
            .into_iter()
            .find(|&c| self.sb.is_empty(c as usize) && !self.sb.is_forbidden(c as usize))
    }

    /// One root iteration; returns the best score and PV. With a tie-break margin, every
    /// root move scoring within the margin of the best gets an exact score.
    fn root_iteration(&mut self, depth: i32, roots: &mut [RootMove]) -> (i32, Vec<u32>) {
        self.root_window(depth, roots, -INF, INF)
    }

    /// One root iteration searched inside the window `(lo, hi)`: a score at or above `hi`
    /// ends it at once (fail high), a best score at or below `lo` is a fail low; either must
    /// be searched again with the full window.
    fn root_window(
        &mut self,
        depth: i32,
        roots: &mut [RootMove],
        lo: i32,
        hi: i32,
    ) -> (i32, Vec<u32>) {
        let margin = self.p.tie_break_margin;
        self.stats.rapfi_nodes += 1;
        let mut best = -INF;
        let mut best_pv: Vec<u32> = Vec::new();
        self.lists.pv_len[0] = 0;
        // Root moves from this index on are tried a ply shallower first.
        let late_from = match self.p.features.root_reduction_from {
            0 => usize::MAX,
            n => n as usize,
        };
        for (i, rm) in roots.iter_mut().enumerate() {
            let first = best == -INF;
            let alpha = if first {
                lo
            } else if margin > 0 && !is_mate(best) {
                (best - margin - 1).max(lo)
            } else {
                best.max(lo)
            };
            // A quiet root move of a depth-1 iteration has its leaf's value read without
            // playing it (what make, the leaf's eval and unmake would give; a node).
            let read = if depth == 1 {
                self.sb.eval_after(rm.cell as usize)
            } else {
                None
            };
            let score = if let Some(e) = read {
                self.tick();
                self.stats.seldepth = self.stats.seldepth.max(1);
                self.lists.pv_len[1] = 0;
                let score = -e;
                // Rapfi's count: a leaf entered twice per window it is searched in, as the
                // null window and its re-search below would.
                let researched =
                    !(first || alpha == -INF) && score > alpha && !self.control.stopped();
                self.stats.rapfi_nodes += if researched { 4 } else { 2 };
                score
            } else {
                self.sb.make(rm.cell as usize);
                self.tick();
                let score = if first || alpha == -INF {
                    -self.negamax(depth - 1, 1, -hi, -alpha, false)
                } else {
                    // A late root move (past the best few by the ordering, which a
                    // `root_width` past `top_n` adds) is tried a ply shallower first, and
                    // searched in full only if that beats alpha.
                    let mut s = alpha + 1;
                    if i >= late_from && depth >= 3 {
                        s = -self.negamax(depth - 2, 1, -alpha - 1, -alpha, true);
                    }
                    if s > alpha && !self.control.stopped() {
                        s = -self.negamax(depth - 1, 1, -alpha - 1, -alpha, true);
                    }
                    if s > alpha && !self.control.stopped() {
                        -self.negamax(depth - 1, 1, -hi, -alpha, false)
                    } else {
                        s
                    }
                };
                self.sb.unmake();
                score
            };
            if self.control.stopped() {
                break;
            }
            self.stats.searched += 1;
            rm.score = score;
            rm.exact = score > alpha && score < hi;
            if score > best {
                best = score;
                best_pv.clear();
                best_pv.push(rm.cell);
                best_pv.extend_from_slice(&self.lists.pv[1][..self.lists.pv_len[1]]);
            }
            if score >= hi {
                break;
            }
        }
        (best, best_pv)
    }

    /// One iteration, inside an aspiration window around `last` (the previous iteration's
    /// score) when that feature is on and the score is no mate. A score outside the window
    /// widens it on that side by a step that grows by half each time (a fail low also pulls
    /// the upper bound halfway down, as Rapfi does); a mate score, or
    /// [`ASPIRATION_TRIES`] failures, leave it to the full window.
    fn root_aspirated(
        &mut self,
        depth: i32,
        roots: &mut [RootMove],
        last: Option<i32>,
    ) -> (i32, Vec<u32>) {
        let w = self.p.features.aspiration;
        if let Some(last) = last
            && w > 0
            && self.p.tie_break_margin == 0
            && !is_mate(last)
        {
            let (mut lo, mut hi, mut step) = (last - w, last + w, w);
            for _ in 0..ASPIRATION_TRIES {
                let (score, pv) = self.root_window(depth, roots, lo, hi);
                if self.control.stopped() || (score > lo && score < hi) {
                    return (score, pv);
                }
                if is_mate(score) {
                    break;
                }
                if score <= lo {
                    hi = lo + (hi - lo) / 2;
                    lo = score - step;
                } else {
                    hi = score + step;
                }
                step += step / 2;
            }
        }
        self.root_iteration(depth, roots)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::params::{EngineParams, Limits};
    use crate::search::Engine;
    use crate::search::worker::Worker;
    use gomoku_board::{Board, Color, Geometry, Pos, Rule};
    use std::time::{Duration, Instant};

    /// Black has an open three (h8 i8 j8) and White, to move, has nothing: a move far away
    /// hands Black a win in two (the open four, then the five), a block at an end does not.
    fn open_three_against_white() -> Board {
        let black = [Pos::new(7, 7), Pos::new(8, 7), Pos::new(9, 7)];
        let white = [Pos::new(7, 9), Pos::new(9, 9)];
        Board::from_stones(
            Geometry::square(15),
            Rule::Freestyle,
            &black,
            &white,
            Color::White,
        )
        .unwrap()
    }

    fn roots(w: &Worker<'_>, cells: &[Pos]) -> Vec<RootMove> {
        cells
            .iter()
            .map(|&p| RootMove {
                cell: w.sb.index(p) as u32,
                score: 0,
                exact: true,
            })
            .collect()
    }

    /// The first root move that does not hand the opponent a VCT is the one played; with
    /// no clock nothing is checked.
    #[test]
    fn a_move_that_hands_the_opponent_a_vct_is_passed_over() {
        let board = open_three_against_white();
        let (corner, block) = (Pos::new(0, 0), Pos::new(6, 7));
        let mut engine = Engine::new(EngineParams::default()).unwrap();
        let clock = Limits::move_time(Duration::from_secs(10));
        let mut w = engine.worker(&board, &clock, Instant::now());
        let corner_first = roots(&w, &[corner, Pos::new(14, 14), block, corner]);
        assert_eq!(w.first_without_their_vct(&corner_first), 2);
        let block_first = roots(&w, &[block, corner]);
        assert_eq!(w.first_without_their_vct(&block_first), 0);
        // Every move checked loses: the best is kept.
        let all_lose = roots(&w, &[corner, Pos::new(14, 14)]);
        assert_eq!(w.first_without_their_vct(&all_lose), 0);
        let depth = Limits {
            depth: Some(2),
            ..Limits::default()
        };
        let mut w = engine.worker(&board, &depth, Instant::now());
        assert_eq!(w.first_without_their_vct(&corner_first), 0);
    }
}
