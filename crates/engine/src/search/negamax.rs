//! The interior of the search: negamax alpha-beta with principal-variation search, the
//! transposition table, forced blocks of the opponent's fours, quiet leaves evaluated from the
//! gain tables without playing them, and the bookkeeping of a beta cutoff.

use super::Worker;
use crate::params::MAX_PLY;
use crate::score::{INF, MATE_BOUND, WIN, score_from_tt, score_to_tt};
use crate::tt::Bound;

impl Worker<'_> {
    /// Negamax with PVS from the side to move's view at `ply` (>= 1).
    pub(super) fn negamax(&mut self, depth: i32, ply: usize, mut alpha: i32, beta: i32) -> i32 {
        self.lists.pv_len[ply] = 0;
        if self.stopped {
            return 0;
        }
        self.rapfi_nodes += 1;
        if ply > self.seldepth {
            self.seldepth = ply;
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
        if self.sb.is_full() {
            return 0;
        }
        if depth <= 0 || ply >= MAX_PLY - 1 {
            // Rapfi's leaf enters its VCF search too: a second node.
            self.rapfi_nodes += 1;
            return self.sb.eval();
        }
        let key = self.sb.key();
        let mut tt_move = 0u32;
        if self.p.use_tt
            && let Some(e) = self.tt.probe(key)
        {
            self.tt_hits += 1;
            tt_move = e.mv as u32;
            if e.depth as i32 >= depth {
                let s = score_from_tt(e.score, ply);
                match e.bound {
                    Bound::Exact => return s,
                    Bound::Lower if s >= beta => return s,
                    Bound::Upper if s <= alpha => return s,
                    _ => {}
                }
            }
        }
        let mut moves = std::mem::take(&mut self.lists.moves[ply]);
        moves.clear();
        if let Some(q) = forced {
            moves.push(q);
        } else if depth == 1 {
            // Frontier: every candidate is searched (a leaf costs about what scoring the
            // point for ordering would), TT move and killers first.
            self.sb.candidates(&mut moves);
            self.frontier_order(&mut moves, ply, tt_move);
        } else {
            self.sb.candidates(&mut moves);
            self.order(&mut moves, ply, tt_move, self.p.top_n);
        }
        if moves.is_empty() {
            self.lists.moves[ply] = moves;
            return 0;
        }
        let alpha0 = alpha;
        let mut best = -INF;
        let mut best_move = moves[0];
        let n_moves = moves.len();
        let f = self.p.features;
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
        // A mate score must be a proof: when every move the width let through loses, the
        // moves it left out are searched too before the node is called lost.
        let mut widened =
            depth == 1 || forced.is_some() || self.p.top_n.is_none_or(|k| n_moves < k);
        let mut n = 0;
        loop {
            if n == moves.len() {
                if widened || best > -MATE_BOUND || self.stopped {
                    break;
                }
                widened = true;
                let mut all = Vec::new();
                self.sb.candidates(&mut all);
                self.order(&mut all, ply, 0, None);
                for c in all {
                    if !moves[..n_moves].contains(&c) {
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
                self.pruned += 1;
                continue;
            }
            let score = if depth == 1
                && let Some(e) = self.sb.eval_after(m as usize)
            {
                // A quiet leaf: its evaluation comes from the gain tables without playing
                // it (the same number make, eval and unmake would give; counted as a node).
                self.tick();
                // A leaf, as Rapfi counts one: its search and its VCF search entered.
                self.rapfi_nodes += 2;
                self.seldepth = self.seldepth.max(ply + 1);
                self.lists.pv_len[ply + 1] = 0;
                average(-e)
            } else {
                self.sb.make(m as usize);
                self.tick();
                let four = (f.lmr || f.threat_extension) && self.sb.last_move_fives().len > 0;
                let next = if four
                    && f.threat_extension
                    && ply < 2 * self.target_depth as usize
                    && ply + 3 < MAX_PLY
                {
                    depth
                } else {
                    depth - 1
                };
                let score = if n == 0 {
                    -self.negamax(next, ply + 1, -beta, -alpha)
                } else {
                    let reduce = f.lmr && depth >= 3 && n >= 3 && forced.is_none() && !four;
                    let mut s = if reduce {
                        -self.negamax(next - 1, ply + 1, -alpha - 1, -alpha)
                    } else {
                        alpha + 1
                    };
                    if s > alpha && !self.stopped {
                        s = -self.negamax(next, ply + 1, -alpha - 1, -alpha);
                    }
                    if s > alpha && s < beta && !self.stopped {
                        -self.negamax(next, ply + 1, -beta, -alpha)
                    } else {
                        s
                    }
                };
                self.sb.unmake();
                average(score)
            };
            if self.stopped {
                self.lists.moves[ply] = moves;
                return 0;
            }
            self.searched += 1;
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
                        self.cutoff(ply, n, moves.len(), m, depth, forced.is_none());
                        break;
                    }
                }
            }
        }
        self.lists.moves[ply] = moves;
        if self.p.use_tt {
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

    /// Book-keeping of a beta cutoff by move `m`, the `n`th of `n_moves`: statistics, and
    /// killers and history unless the move was forced.
    #[inline]
    fn cutoff(&mut self, ply: usize, n: usize, n_moves: usize, m: u32, depth: i32, quiet: bool) {
        self.beta_cutoffs += 1;
        if n == 0 {
            self.first_move_cutoffs += 1;
        }
        self.pruned += (n_moves - n - 1) as u64;
        if quiet {
            if self.p.killers && ply < self.killers.len() {
                let k = &mut self.killers[ply];
                if k[0] != m {
                    k[1] = k[0];
                    k[0] = m;
                }
            }
            if self.p.history {
                let hi = self.hist_index(self.sb.to_move(), m);
                self.history[hi] = self.history[hi].saturating_add(depth * depth);
                self.history_live = true;
            }
        }
    }
}
