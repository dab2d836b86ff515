//! The VCT's moves: the attacker's (the block of a four, else his fours and threes, the
//! threes narrowed to the defences of the defender's own VCF when he has one) and the
//! defender's (the one block of a four; every defence of a three's threat, as threat-space
//! search defines them). A reply left out of a three's defences loses to a VCF within the
//! threat's fours: the proofs rest on that, and a test plays every such reply.

use super::proofs::{DISPROVEN, Node};
use crate::position::Fives;
use crate::search::worker::{VCT_LISTS, Worker};

impl Worker<'_> {
    /// An attacker's node solved at once (proven by a VCF within the limit, the
    /// cheapest proof; [`DISPROVEN`] when the limit is spent, the defender has two
    /// five-points or no move is left), or `None` with the attacker's moves in `threats`:
    /// the block of the defender's four when there is one; else its fours and threes, the
    /// threes narrowed to the defences of the defender's own VCF when he has one (a three
    /// that ignores it loses to it).
    pub(super) fn attack_moves(
        &mut self,
        vply: usize,
        left: u32,
        theirs: Fives,
        threats: &mut Vec<u32>,
    ) -> Option<Node> {
        threats.clear();
        if left < 1 || theirs.len >= 2 {
            return Some(DISPROVEN);
        }
        self.vcf.line.clear();
        if self.vcf(vply, left - 1, theirs) {
            return Some(Node::proven(self.vcf_moves()));
        }
        if left < 2 || self.out_of_threat_budget() {
            return Some(DISPROVEN);
        }
        if let Some(q) = theirs.first() {
            threats.push(q);
        } else {
            self.sb.pass_turn();
            self.vcf.line.clear();
            let danger = self.vcf(vply + 1, left, Fives::default());
            self.sb.pass_turn();
            let idx = VCT_LISTS + vply + 1;
            let mut defences = std::mem::take(&mut self.lists.moves[idx]);
            if danger {
                self.threat_defences(&mut defences);
            }
            self.threat_candidates(threats, danger.then_some(defences.as_slice()));
            self.lists.moves[idx] = defences;
        }
        let mut kept = 0;
        for j in 0..threats.len() {
            if !self.sb.is_forbidden(threats[j] as usize) {
                threats[kept] = threats[j];
                kept += 1;
            }
        }
        threats.truncate(kept);
        (kept == 0).then_some(DISPROVEN)
    }

    /// A defender's node solved at once (`Err`), or his replies in `replies` and the attacker
    /// moves of the threat they answer (0 for the block of a four): a double five-point is
    /// won; a four has one block (won if it is forbidden to the defender); a three must
    /// threaten a VCF of at most `vct_threat` fours within the limit (else it fails) and is
    /// answered by each defence of it (won if there is none).
    pub(super) fn defence_moves(
        &mut self,
        vply: usize,
        left: u32,
        replies: &mut Vec<u32>,
    ) -> Result<u32, Node> {
        replies.clear();
        if left < 1 {
            return Err(DISPROVEN);
        }
        let mine = self.sb.last_move_fives();
        if mine.len >= 2 {
            return Err(Node::proven(1));
        }
        if let Some(q) = mine.first() {
            if self.sb.is_forbidden(q as usize) {
                return Err(Node::proven(1));
            }
            replies.push(q);
            return Ok(0);
        }
        self.sb.pass_turn();
        self.vcf.line.clear();
        let fours = self.p.vct_threat.min(left - 1);
        let threat = fours >= 1 && self.vcf(vply, fours, Fives::default());
        let others = if threat {
            self.other_double_fives()
        } else {
            OtherFives::default()
        };
        self.sb.pass_turn();
        if !threat {
            return Err(DISPROVEN);
        }
        // Unanswerable, the threat is played as it stands.
        let threat_moves = self.vcf_moves();
        self.threat_defences(replies);
        let mut kept = 0;
        for j in 0..replies.len() {
            let d = replies[j] as usize;
            // A reply off another line's cells lets that one be played, unless it makes a
            // four.
            let stops_all = others.lines[..others.len]
                .iter()
                .all(|l| l.contains(&replies[j]));
            if self.sb.is_empty(d)
                && !self.sb.is_forbidden(d)
                && (stops_all || self.sb.fives_if_played(d).len > 0)
            {
                replies[kept] = replies[j];
                kept += 1;
            }
        }
        replies.truncate(kept);
        if kept == 0 {
            return Err(Node::proven(threat_moves));
        }
        self.order_defences(replies);
        Ok(threat_moves)
    }

    /// Right after a pass-VCF found a threat (`vcf_line`, the attacker to move) that is a
    /// double five-point, his other double five-points through his last stone: each a
    /// threat of its own, which a defence must stop too. A line missed only leaves more
    /// replies to try.
    fn other_double_fives(&mut self) -> OtherFives {
        let mut others = OtherFives::default();
        let line = &self.vcf.line;
        if self.vcf.gap || line.len() != 3 {
            return others;
        }
        // The double five-point found (the line is in reverse).
        let first = line[2];
        let Some(m) = self.sb.last_search_stone() else {
            return others;
        };
        let attacker = self.sb.to_move();
        let mut cands = std::mem::take(&mut self.lists.raw);
        cands.clear();
        self.sb
            .four_candidates_through(attacker, m, &mut cands, &mut self.lists.mark);
        for &c in &cands {
            if others.len == others.lines.len() {
                break;
            }
            if c == first || self.sb.is_forbidden(c as usize) {
                continue;
            }
            let f = self.sb.fives_if_played(c as usize);
            if f.len >= 2 {
                // With three or more five-points, the point itself is all he can take.
                let (a, b) = if f.len == 2 {
                    (f.cells[0], f.cells[1])
                } else {
                    (c, c)
                };
                others.lines[others.len] = [c, a, b];
                others.len += 1;
            }
        }
        self.lists.raw = cands;
        others
    }

    /// Orders a defender's replies (the side to move's) by how much each cell is worth to
    /// him, counted twice, and to the attacker: the strongest first, the threat's own order
    /// among equals. His best defence, tried first, refutes a weak threat soonest; a reply
    /// that also builds his own threats is the likeliest (quintet's six long cases took 7.2
    /// million nodes to their first proofs where they took 10.0 in the threat's order).
    fn order_defences(&mut self, replies: &mut [u32]) {
        let defender = self.sb.to_move();
        let n = replies.len();
        // Keys (value above position in the list, for the ties), then the replies themselves.
        let mut keyed = std::mem::take(&mut self.lists.raw);
        keyed.clear();
        for (i, &c) in replies.iter().enumerate() {
            let c = c as usize;
            let value = self.sb.three_potential(c, defender.opponent())
                + 2 * self.sb.three_potential(c, defender);
            keyed.push(value.min(0xffff) << 16 | (0xffff - i as u32));
        }
        keyed.extend_from_slice(replies);
        keyed[..n].sort_unstable_by(|a, b| b.cmp(a));
        for j in 0..n {
            replies[j] = keyed[n + (0xffff - (keyed[j] & 0xffff)) as usize];
        }
        self.lists.raw = keyed;
    }

    /// The threat candidates of the side to move (the attacker): its four-points first,
    /// then the empty candidates that lie in a row window holding k-3 of its stones and
    /// nothing of the defender's (a stone there makes at least a three in that window), of
    /// those only the cells in `only` if given (the defences of the defender's VCF, worked
    /// out first: most threes are then left out unweighed).
    pub(super) fn threat_candidates(&mut self, out: &mut Vec<u32>, only: Option<&[u32]>) {
        let attacker = self.sb.to_move();
        let mut mark = std::mem::take(&mut self.lists.mark);
        // The attacker's VCF here has usually just kept its four windows.
        self.windows.four_cells(&self.sb, out, &mut mark);
        let fours = out.len();
        for &c in &out[..fours] {
            mark[c as usize] = true;
        }
        let mut near = std::mem::take(&mut self.lists.raw);
        near.clear();
        match only {
            Some(cells) => near.extend(cells.iter().filter(|&&c| self.sb.is_candidate(c as usize))),
            None => self.sb.candidates(&mut near),
        }
        // Threes, the strongest first (packed as potential above cell for one sort, which
        // orders them whatever order they were found in).
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
        self.lists.raw = near;
        self.lists.mark = mark;
    }

    /// Right after a pass-VCF found a threat (`vcf_line`, `vcf_gap`) against the side to
    /// move, the moves that may stop it, as threat-space search defines them: every point of
    /// the threat's line (its final five-points included), the cells that could unmake a
    /// forbidden point it ends on, the mover's own fours, and the cells where a mover's stone
    /// would turn one of its forced blocks into a four (a counter-four). Any other move
    /// leaves the threat to be played as it stands.
    pub(crate) fn threat_defences(&mut self, out: &mut Vec<u32>) {
        let mover = self.sb.to_move();
        let gap = self.vcf.gap;
        let mut mark = std::mem::take(&mut self.lists.mark);
        out.clear();
        for &c in self.vcf.line.iter().rev() {
            if !mark[c as usize] {
                mark[c as usize] = true;
                out.push(c);
            }
        }
        let line_len = out.len();
        if gap && line_len > 0 {
            // The threat ends on a block Black may not play. A stone of his anywhere may lift
            // that ban (a three counts only if its four-point is not banned in turn, and so
            // on), not only one on its lines: with the threat played up to its last four,
            // every empty cell is tried, and kept if his stone there leaves the block
            // allowed. Only White's threats end so, and few of them.
            let banned = out[line_len - 1] as usize;
            self.sb.pass_turn();
            for &m in &out[..line_len - 1] {
                self.sb.make_threat(m as usize);
            }
            for (c, marked) in mark.iter_mut().enumerate() {
                if *marked || !self.sb.is_empty(c) {
                    continue;
                }
                self.sb.make_threat(c);
                let lifted = !self.sb.is_forbidden_for_black(banned);
                self.sb.unmake();
                if lifted {
                    *marked = true;
                    out.push(c as u32);
                }
            }
            for _ in 0..line_len - 1 {
                self.sb.unmake();
            }
            self.sb.pass_turn();
        }
        let start = out.len();
        self.windows.four_cells(&self.sb, out, &mut mark);
        keep_new(out, start, &mut mark);
        // Replay the threat (the threatener first) to find the counter-four cells: those of
        // every block but a double five-point's, where a four comes too late (he completes
        // the other five-point next).
        self.sb.pass_turn();
        let mut played = 0;
        let mut i = 0;
        while i + 2 + usize::from(!gap) < line_len {
            let (p, q) = (out[i] as usize, out[i + 1] as usize);
            if !self.sb.is_empty(p) || !self.sb.is_empty(q) {
                break;
            }
            self.sb.make_light(p);
            self.sb.make_light(q);
            played += 2;
            // Only the block can have made new fours of the mover's: those through it.
            let start = out.len();
            self.sb.four_candidates_through(mover, q, out, &mut mark);
            keep_new(out, start, &mut mark);
            i += 2;
        }
        for _ in 0..played {
            self.sb.unmake();
        }
        self.sb.pass_turn();
        for &c in out.iter() {
            mark[c as usize] = false;
        }
        self.lists.mark = mark;
        out.retain(|&c| self.sb.is_empty(c as usize));
    }
}

/// A threat's other double five-points (see `Worker::other_double_fives`): each point
/// with its two five-points (or with itself twice, for three or more), at most eight.
#[derive(Default)]
struct OtherFives {
    lines: [[u32; 3]; 8],
    len: usize,
}

/// Keeps the cells appended to `out` from `start` on that are not yet marked, and marks
/// them.
fn keep_new(out: &mut Vec<u32>, start: usize, mark: &mut [bool]) {
    let mut w = start;
    for j in start..out.len() {
        let c = out[j];
        if !mark[c as usize] {
            mark[c as usize] = true;
            out[w] = c;
            w += 1;
        }
    }
    out.truncate(w);
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use crate::position::Fives;
    use gomoku_board::{Board, Color, Geometry, Pos, Rule};

    /// Black's replies to White's last move `three` (a point as `Pos`), in order of cells.
    fn replies_to(black: &[Pos], white: &[Pos], three: Pos) -> Vec<Pos> {
        let board = Board::from_stones(
            Geometry::square(15),
            Rule::Freestyle,
            black,
            white,
            Color::White,
        )
        .unwrap();
        let mut engine = threat_engine(2);
        let mut w = unbounded(&mut engine, &board);
        w.sb.make_light(w.sb.index(three));
        let mut replies = Vec::new();
        assert!(w.defence_moves(1, 8, &mut replies).is_ok());
        replies.sort_unstable();
        replies.into_iter().map(|c| w.sb.pos(c as usize)).collect()
    }

    /// What cannot stop a three is no defence: an open three is answered at its two ends
    /// only (from its far points, the other end still makes an open four), and a broken
    /// three at its gap and ends, none of the cells where Black's stone would turn a block
    /// of its open four into a four of his (White completes the other five-point first).
    #[test]
    fn a_threes_defences_leave_out_what_cannot_stop_it() {
        let p = |x, y| Pos::new(x, y);
        // White h8 i8, then j8: f8 g8 _ _ _ k8 l8 all empty.
        let open = replies_to(&[p(0, 0), p(14, 0)], &[p(7, 7), p(8, 7), p(0, 14)], p(9, 7));
        assert_eq!(open, [p(6, 7), p(10, 7)]);
        // White h8 j8, then k8: i8 makes the open four, g8 and l8 its five-points; Black's
        // g5 g6 and l5 l6 would make a four of either block with one stone more.
        let black = [p(6, 4), p(6, 5), p(11, 4), p(11, 5)];
        let broken = replies_to(&black, &[p(7, 7), p(9, 7), p(0, 14), p(14, 14)], p(10, 7));
        assert_eq!(broken, [p(6, 7), p(8, 7), p(11, 7)]);
    }

    /// Every reply that a three's defences leave out loses: after it the attacker wins by a
    /// VCF within the threat's fours (the threat itself, or another double five-point). The
    /// defences are what the VCT's proofs rest on: a reply missing from them is never tried.
    #[test]
    fn a_reply_left_out_of_the_defences_loses_to_a_vcf() {
        let (mut threes, mut left_out) = (0, 0);
        let per_rule = std::env::var("LEFT_OUT_N")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(40);
        for board in random_positions(38, per_rule, 6..18) {
            let rule = board.rule();
            for threat in [2, 3] {
                let mut engine = threat_engine(threat);
                let mut w = unbounded(&mut engine, &board);
                let me = w.sb.to_move();
                if w.sb.all_fives(me).len > 0 || w.sb.all_fives(me.opponent()).len > 0 {
                    continue;
                }
                let mut moves = Vec::new();
                w.vcf.left = 1_000_000;
                if w.attack_moves(0, 4, Fives::default(), &mut moves).is_some() {
                    continue;
                }
                for &m in &moves {
                    w.sb.make_light(m as usize);
                    let mut replies = Vec::new();
                    if w.defence_moves(1, 4, &mut replies).is_ok() {
                        threes += 1;
                        for d in 0..w.sb.cell_count() {
                            // Walls are not empty.
                            let legal = w.sb.is_empty(d) && !w.sb.is_forbidden(d);
                            if !legal || replies.contains(&(d as u32)) {
                                continue;
                            }
                            w.sb.make_light(d);
                            let theirs = w.sb.last_move_fives();
                            w.vcf.line.clear();
                            // A four's five-point is still there, or a VCF wins.
                            let won = w.sb.all_fives(me).len > 0 || w.vcf(2, threat, theirs);
                            w.sb.unmake();
                            assert!(
                                won,
                                "{rule:?} threat {threat}: {:?} then {} and {}",
                                board.history(),
                                w.sb.pos(m as usize),
                                w.sb.pos(d)
                            );
                            left_out += 1;
                        }
                    }
                    w.sb.unmake();
                }
            }
        }
        assert!(
            threes > 200 && left_out > 10_000,
            "{threes} threes, {left_out} left out"
        );
    }
}
