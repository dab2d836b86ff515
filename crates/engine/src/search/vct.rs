//! The VCT threat search (victory by continuous threats): the attacker plays fours and
//! threes, where a "three" is any move after which, were the defender to pass, the attacker
//! would win by a VCF of at most `vct_threat` fours (so a broken three, a four-three and a
//! fukumi all count). A four leaves the defender one block; a three lets him try every
//! defence of the VCF it threatens, as threat-space search defines them (its points, the
//! breakers of a forbidden end, his own fours and counter-four points), and the attacker must
//! win against each. A claimed win is a proof over those replies; failures are cached
//! by position and remaining moves (in the VCF cache, under a salted key). It runs only under
//! a budget: a share of the move's time on a clock, a quarter of a node budget.

use super::Worker;
use super::vcf::VCF_CACHE;
use crate::position::Fives;
use gomoku_board::Color;

/// Salt of VCT entries in the shared failure cache (VCF entries use the plain key).
const VCT_SALT: u64 = 0x9E37_79B9_7F4A_7C15;

impl Worker<'_> {
    /// The shortest VCT of the side to move within `vct_depth` attacker moves (the five
    /// included), by iterative deepening over that limit: the first move and the number of
    /// attacker moves, or `None`.
    pub(super) fn root_vct(&mut self) -> Option<(u32, u32)> {
        let me = self.sb.to_move();
        if self.sb.all_fives(me).len > 0 {
            return None;
        }
        if self.vcf_cache.len() != VCF_CACHE {
            self.vcf_cache = vec![(0, 0); VCF_CACHE];
        }
        let theirs = self.sb.all_fives(me.opponent());
        self.vct_left = self.vct_cap;
        // One VCF node budget for every VCF inside this VCT, no larger than the VCT's.
        self.vcf_left = self.vcf_cap.min(self.vct_cap);
        for budget in 2..=self.p.vct_depth {
            let mut first = 0;
            if self.vct(0, budget, theirs, &mut first) {
                return Some((first, budget));
            }
            if self.out_of_threat_budget() {
                break;
            }
        }
        None
    }

    /// Whether the VCT must give up: stopped, or its own or its VCFs' node budget spent
    /// (a failure then proves nothing and is not cached).
    fn out_of_threat_budget(&self) -> bool {
        self.stopped || self.vct_left == 0 || self.vcf_left == 0
    }

    /// Whether the side to move (the attacker, no five-point of its own) wins with at most
    /// `budget` more moves of its own, each a four or a three, the last a five; `theirs` are
    /// the defender's five-points. `first` receives the attacker's first move on success.
    fn vct(&mut self, vply: usize, budget: u32, theirs: Fives, first: &mut u32) -> bool {
        if budget < 1 || theirs.len >= 2 || self.out_of_threat_budget() {
            return false;
        }
        self.vct_left -= 1;
        // A VCF within the budget wins (and is the cheapest proof).
        self.vcf_line.clear();
        if self.vcf(vply, budget - 1, theirs) {
            if let Some(&m) = self.vcf_line.last() {
                *first = m;
            }
            return true;
        }
        if budget < 2 || self.out_of_threat_budget() {
            return false;
        }
        let key = self.sb.key() ^ VCT_SALT;
        let slot = key as usize & (VCF_CACHE - 1);
        if self.vcf_cache[slot].0 == key && self.vcf_cache[slot].1 >= budget {
            return false;
        }
        let attacker = self.sb.to_move();
        let idx = super::VCT_LISTS + vply;
        if idx + 1 >= self.moves.len() {
            return false;
        }
        let mut threats = std::mem::take(&mut self.moves[idx]);
        threats.clear();
        match theirs.first() {
            // Facing a four, the block is the only move; it must be a threat itself.
            Some(q) => threats.push(q),
            None => {
                let fours = self.threat_candidates(attacker, &mut threats);
                // Were the attacker to pass, would the defender win by VCF? Then a three
                // that does not defend against that VCF loses to it: keep the fours and the
                // threes among its defences.
                self.sb.pass_turn();
                self.vcf_line.clear();
                let danger = self.vcf(vply + 1, budget, Fives::default());
                self.sb.pass_turn();
                if danger {
                    let mut defences = std::mem::take(&mut self.moves[idx + 1]);
                    self.threat_defences(&mut defences);
                    let mut kept = fours;
                    for j in fours..threats.len() {
                        if defences.contains(&threats[j]) {
                            threats[kept] = threats[j];
                            kept += 1;
                        }
                    }
                    threats.truncate(kept);
                    self.moves[idx + 1] = defences;
                }
            }
        }
        let mut win = false;
        for &t in &threats {
            if self.sb.is_forbidden(t as usize) {
                continue;
            }
            self.sb.make_light(t as usize);
            self.tick();
            let mine = self.sb.last_move_fives();
            let won = if mine.len >= 2 {
                true
            } else if mine.len == 1 {
                // A four: one block, which may make a four of the defender's.
                let q = mine.cells[0];
                if self.sb.is_forbidden(q as usize) {
                    true
                } else {
                    self.sb.make_light(q as usize);
                    self.tick();
                    let back = self.sb.last_move_fives();
                    let mut f = 0;
                    let w = self.vct(vply + 2, budget - 1, back, &mut f);
                    self.sb.unmake();
                    w
                }
            } else {
                self.three_wins(vply, budget)
            };
            self.sb.unmake();
            if won {
                *first = t;
                win = true;
                break;
            }
            if self.out_of_threat_budget() {
                break;
            }
        }
        self.moves[idx] = threats;
        if !win && !self.out_of_threat_budget() {
            self.vcf_cache[slot] = (key, budget);
        }
        win
    }

    /// After the attacker's quiet move (no four), with the defender to move: whether it is a
    /// three (a pass would lose to a VCF of at most `vct_threat` fours) that wins against
    /// every reply within `budget - 1` more attacker moves.
    fn three_wins(&mut self, vply: usize, budget: u32) -> bool {
        // The threat: a pass loses to a short VCF.
        self.sb.pass_turn();
        self.vcf_line.clear();
        let threat_fours = self.p.vct_threat.min(budget.saturating_sub(2));
        let threat = threat_fours >= 1 && self.vcf(vply + 1, threat_fours, Fives::default());
        self.sb.pass_turn();
        if !threat || self.stopped {
            return false;
        }
        // Replies: the defences against the threatened VCF.
        let idx = super::VCT_LISTS + vply + 1;
        let mut replies = std::mem::take(&mut self.moves[idx]);
        self.threat_defences(&mut replies);
        let mut all_lose = true;
        for &d in &replies {
            if !self.sb.is_empty(d as usize) || self.sb.is_forbidden(d as usize) {
                continue;
            }
            self.sb.make_light(d as usize);
            self.tick();
            let back = self.sb.last_move_fives();
            let mut f = 0;
            let w = back.len < 2 && self.vct(vply + 2, budget - 1, back, &mut f);
            self.sb.unmake();
            if !w {
                all_lose = false;
                break;
            }
        }
        self.moves[idx] = replies;
        all_lose && !self.stopped
    }

    /// The attacker's threat candidates: its four-points first (their number is returned),
    /// then the empty candidates that lie in a row window holding k-3 of its stones and
    /// nothing of the defender's (a stone there makes at least a three in that window).
    fn threat_candidates(&mut self, attacker: Color, out: &mut Vec<u32>) -> usize {
        let mut mark = std::mem::take(&mut self.mark);
        self.sb.four_candidates(attacker, out, &mut mark);
        let fours = out.len();
        for &c in &out[..fours] {
            mark[c as usize] = true;
        }
        let mut near = std::mem::take(&mut self.raw);
        near.clear();
        self.sb.candidates(&mut near);
        // Threes, the strongest first (packed as potential above cell for one sort).
        let from = out.len();
        for &c in &near {
            if !mark[c as usize] {
                let v = self.sb.three_potential(c as usize, attacker);
                if v > 0 {
                    out.push(c | (v.min(0xffff) << 16));
                }
            }
        }
        out[from..].sort_unstable_by(|a, b| b.cmp(a));
        for c in &mut out[from..] {
            *c &= 0xffff;
        }
        for &c in &out[..fours] {
            mark[c as usize] = false;
        }
        self.raw = near;
        self.mark = mark;
        fours
    }

    /// Right after a pass-VCF found a threat (`vcf_line`, `vcf_gap`) against the side to
    /// move, the moves that may stop it, as threat-space search defines them: every point of
    /// the threat's line (its final five-points included), the cells that could unmake a
    /// forbidden point it ends on, the mover's own fours, and the cells where a mover's stone
    /// would turn one of its forced blocks into a four (a counter-four). Any other move
    /// leaves the threat to be played as it stands.
    fn threat_defences(&mut self, out: &mut Vec<u32>) {
        let mover = self.sb.to_move();
        let gap = self.vcf_gap;
        let mut mark = std::mem::take(&mut self.mark);
        out.clear();
        for &c in self.vcf_line.iter().rev() {
            if !mark[c as usize] {
                mark[c as usize] = true;
                out.push(c);
            }
        }
        let line_len = out.len();
        if gap && line_len > 0 {
            let start = out.len();
            self.sb.line_neighbours(out[line_len - 1] as usize, out);
            keep_new(out, start, &mut mark, |_| true);
        }
        let start = out.len();
        self.sb.four_candidates(mover, out, &mut mark);
        keep_new(out, start, &mut mark, |_| true);
        // Replay the threat (the threatener first) to find the counter-four cells.
        self.sb.pass_turn();
        let mut played = 0;
        let mut i = 0;
        while i + 2 < line_len {
            let (p, q) = (out[i] as usize, out[i + 1] as usize);
            if !self.sb.is_empty(p) || !self.sb.is_empty(q) {
                break;
            }
            self.sb.make_light(p);
            self.sb.make_light(q);
            played += 2;
            let start = out.len();
            self.sb.four_candidates(mover, out, &mut mark);
            let sb = &self.sb;
            keep_new(out, start, &mut mark, |c| sb.on_one_line(c as usize, q));
            i += 2;
        }
        for _ in 0..played {
            self.sb.unmake();
        }
        self.sb.pass_turn();
        for &c in out.iter() {
            mark[c as usize] = false;
        }
        self.mark = mark;
        out.retain(|&c| self.sb.is_empty(c as usize));
    }
}

/// Keeps the cells appended to `out` from `start` on that are not yet marked and pass
/// `keep`, and marks them.
fn keep_new(out: &mut Vec<u32>, start: usize, mark: &mut [bool], keep: impl Fn(u32) -> bool) {
    let mut w = start;
    for j in start..out.len() {
        let c = out[j];
        if !mark[c as usize] && keep(c) {
            mark[c as usize] = true;
            out[w] = c;
            w += 1;
        }
    }
    out.truncate(w);
}
