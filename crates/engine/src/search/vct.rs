//! The VCT threat search (victory by continuous threats): the attacker plays fours and
//! threes, where a "three" is any move after which, were the defender to pass, the attacker
//! would win by a VCF of at most `vct_threat` fours (so a broken three, a four-three and a
//! fukumi all count). A four leaves the defender one block; a three lets him try every
//! defence of the VCF it threatens, as threat-space search defines them (its points, the
//! breakers of a forbidden end, his own fours and counter-four points), and the attacker must
//! win against each. Where the threat is a double five-point, a defence must also stop the
//! attacker's other double five-points through the three (or make a four): an open three's
//! far points are no defence. A claimed win is a proof over those replies, and every reply
//! left out loses to a VCF within the threat's fours (a test plays each one on random
//! boards).
//!
//! The tree is searched by depth-first proof-number search (df-pn, Nagai 2002): each node
//! carries a proof number (how many leaves must still be proven to prove it) and a disproof
//! number (at the attacker's nodes a weak one, see `expand`), and the search always expands
//! the most proving node within thresholds, so it follows narrow forcing lines as deep as
//! they go instead of trying every three at every depth. Numbers live in `ProofTable`
//! (`vct::proofs`), keyed by position and the attacker's moves left; proofs and disproofs stay valid for
//! other limits (a win in 5 is a win in 9, no win in 9 means none in 5), and a proof carries
//! the moves it needs. The root tries limits 2 and 3 (the shortest wins), then the whole
//! limit at once; a longer win found there is then shortened one limit at a time while the
//! budget lasts, so the length reported is the shortest unless the budget ran out. It runs
//! only under a budget: a share of the move's time on a clock, a quarter of a node budget.
//! Two threads may search one VCT over a shared table of numbers and a shared VCF cache
//! (`analyze` does): each then uses what the other proved, and one takes the last of equal
//! attacker moves so that they part ways.

mod moves;
pub(crate) mod proofs;
pub(crate) mod state;
#[cfg(test)]
mod testing;

use super::worker::{VCT_LISTS, Worker};
use crate::position::Fives;
use gomoku_board::Color;
use proofs::{DISPROVEN, INF, Listed, Node, Pn};

/// The score of a VCT win whose attacker needs `moves` moves, the five included: a mate in
/// that many of his plies.
pub(super) fn win_score(moves: u32) -> i32 {
    crate::score::WIN - (2 * moves as i32 - 1)
}

/// `a + b` short of [`INF`] (a sum of open numbers is never a solved one).
fn add(a: u32, b: u32) -> u32 {
    a.saturating_add(b).min(INF - 1)
}

impl Worker<'_> {
    /// A VCT of the side to move within `max_moves` attacker moves (the five included): the
    /// first move and the attacker moves its proof needs, or `None`. With `shorten`, the win
    /// is the shortest unless the budget ran out while shortening it; without, the first
    /// proof found is returned at once.
    pub(super) fn root_vct(&mut self, max_moves: u32, shorten: bool) -> Option<(u32, u32)> {
        let me = self.sb.to_move();
        if self.sb.all_fives(me).len > 0 {
            return None;
        }
        self.vcf.cache.allocate();
        self.vct.proofs.allocate();
        let theirs = self.sb.all_fives(me.opponent());
        self.vct.left = self.vct.cap;
        // One VCF node budget for every VCF inside this VCT, no larger than the VCT's.
        self.vcf.left = self.vcf.cap.min(self.vct.cap);
        self.vct.unfinished = false;
        // Each VCT starts without killers: those of another attacker would mislead it.
        self.vct.killers.fill(u32::MAX);
        // The longest limit known to hold no win.
        self.vct.refuted = 1;
        // The shortest wins first, then every win within the limit at once: deepening the
        // limit one move at a time searched each long win's tree again at every limit below
        // it (quintet's 9- to 17-move cases took 2-10 times as long as at their own limit).
        for left in [2, 3]
            .into_iter()
            .filter(|&l| l < max_moves)
            .chain([max_moves])
        {
            if let Some(found) = self.root_vct_at(left, theirs) {
                return Some(if shorten {
                    self.shorten_vct(found)
                } else {
                    found
                });
            }
            if self.out_of_threat_budget() {
                self.vct.unfinished = true;
                break;
            }
            self.vct.refuted = left;
        }
        None
    }

    /// The root at limit `left` (`theirs` the defender's five-points): its first move and
    /// the attacker moves the proof needs, if proven.
    fn root_vct_at(&mut self, left: u32, theirs: Fives) -> Option<(u32, u32)> {
        let mut first = None;
        let r = self.attack(0, left, theirs, (INF - 1, INF - 1), &mut first);
        first.filter(|_| r.pn == 0).map(|m| (m, r.used))
    }

    /// A root VCT win `found` (first move, attacker moves) shortened while the budget
    /// lasts, one limit below the last proof at a time, each search starting from the
    /// proofs the table already holds. A call with more budget goes on where the last
    /// stopped, at the same position.
    pub(super) fn shorten_vct(&mut self, mut found: (u32, u32)) -> (u32, u32) {
        let theirs = self.sb.all_fives(self.sb.to_move().opponent());
        while found.1 > self.vct.refuted + 1 && !self.out_of_threat_budget() {
            match self.root_vct_at(found.1 - 1, theirs) {
                Some(shorter) => found = shorter,
                None if self.out_of_threat_budget() => break,
                None => self.vct.refuted = found.1 - 1,
            }
        }
        found
    }

    /// Whether the VCT must give up: stopped, or its own or its VCFs' node budget spent
    /// (the numbers then prove nothing and are not stored).
    fn out_of_threat_budget(&self) -> bool {
        self.control.stopped() || self.vct.left == 0 || self.vcf.left == 0
    }

    /// The key of a VCT node in the proof table: the position, salted by the attacker (a
    /// position may be an attacker's node in one VCT and a defender's in the other side's).
    fn proof_key(&self, key: u64, attacker: Color) -> u64 {
        key ^ [0x9E37_79B9_7F4A_7C15, 0xC2B2_AE3D_27D4_EB4F][attacker.index()] ^ self.cache_salt
    }

    /// An attacker's node (the attacker to move with `left` moves to win, the last a five;
    /// `theirs` the defender's five-points): its numbers once they reach `th`, or it is
    /// solved. At the root (`vply` 0) a proof leaves the winning move in `first`.
    fn attack(
        &mut self,
        vply: usize,
        left: u32,
        theirs: Fives,
        th: Pn,
        first: &mut Option<u32>,
    ) -> Node {
        self.stats.rapfi_nodes += 1;
        if self.out_of_threat_budget() {
            return DISPROVEN;
        }
        self.vct.left -= 1;
        let key = self.proof_key(self.sb.key(), self.sb.to_move());
        if let Some(n) = self.vct.proofs.get(key, left)
            && (n.pn == 0 || n.dn == 0)
            && vply > 0
        {
            return n;
        }
        let idx = VCT_LISTS + vply;
        let mut moves = std::mem::take(&mut self.lists.moves[idx]);
        let listed = if vply > 0 {
            self.listed(key, left, &mut moves, |w, moves| {
                w.attack_moves(vply, left, theirs, moves).map_or(Ok(0), Err)
            })
        } else {
            // The root works its moves out afresh: a proof there by a VCF must leave its line.
            self.attack_moves(vply, left, theirs, &mut moves)
                .map_or(Ok(0), Err)
        };
        let r = match listed {
            Err(solved) => {
                if solved.pn == 0 && vply == 0 {
                    // A VCF: its line is in reverse.
                    *first = self.vcf.line.last().copied();
                }
                solved
            }
            Ok(_) => self.expand(vply, left, true, &moves, th, first),
        };
        self.lists.moves[idx] = moves;
        if !self.out_of_threat_budget() {
            self.vct.proofs.put(key, left, r);
        }
        r
    }

    /// A defender's node, right after the attacker's move, with `left` attacker moves to go:
    /// its numbers once they reach `th`, or it is solved.
    fn defend(&mut self, vply: usize, left: u32, th: Pn) -> Node {
        self.stats.rapfi_nodes += 1;
        if self.out_of_threat_budget() {
            return DISPROVEN;
        }
        self.vct.left -= 1;
        let key = self.proof_key(self.sb.key(), self.sb.to_move().opponent());
        if let Some(n) = self.vct.proofs.get(key, left)
            && (n.pn == 0 || n.dn == 0)
        {
            return n;
        }
        let idx = VCT_LISTS + vply;
        let mut replies = std::mem::take(&mut self.lists.moves[idx]);
        let listed = self.listed(key, left, &mut replies, |w, replies| {
            w.defence_moves(vply, left, replies)
        });
        let r = match listed {
            Err(solved) => solved,
            Ok(threat) => {
                let r = self.expand(vply, left, false, &replies, th, &mut None);
                // Any other reply lets the threat be played as it stands.
                if r.pn == 0 {
                    Node::proven(r.used.max(threat))
                } else {
                    r
                }
            }
        };
        self.lists.moves[idx] = replies;
        if !self.out_of_threat_budget() {
            self.vct.proofs.put(key, left, r);
        }
        r
    }

    /// A node's moves into `moves` and what working them out says of it: from the move-list
    /// cache when it holds them for `key` and `left`, else worked out by `list` and cached,
    /// unless the budget ran out meanwhile (a list cut short is not the node's). An
    /// attacker's node and a defender's never share a key: the position's key holds the side
    /// to move, and the proof key the attacker.
    fn listed(
        &mut self,
        key: u64,
        left: u32,
        moves: &mut Vec<u32>,
        list: impl FnOnce(&mut Self, &mut Vec<u32>) -> Listed,
    ) -> Listed {
        if let Some(listed) = self.vct.proofs.get_list(key, left, moves) {
            return listed;
        }
        let listed = list(self, moves);
        if !self.out_of_threat_budget() {
            self.vct.proofs.put_list(key, left, listed, moves);
        }
        listed
    }

    /// The attacker moves of the VCF just found (`vcf_line`, `vcf_gap`), the five included.
    fn vcf_moves(&self) -> u32 {
        (self.vcf.line.len() as u32 + self.vcf.gap as u32).div_ceil(2)
    }

    /// The df-pn loop over a node's `moves` (the attacker's at an OR node, `or`, else the
    /// defender's): expands the most proving child within thresholds derived from `th`
    /// until the node's numbers reach `th` or it is solved, and returns them.
    fn expand(
        &mut self,
        vply: usize,
        left: u32,
        or: bool,
        moves: &[u32],
        th: Pn,
        first: &mut Option<u32>,
    ) -> Node {
        if moves.is_empty() {
            // Not reached (both move lists are solved before they come here empty); were it,
            // calling the node unproven claims nothing.
            return DISPROVEN;
        }
        let attacker = if or {
            self.sb.to_move()
        } else {
            self.sb.to_move().opponent()
        };
        // An attacker's move leaves him `left - 1` moves; a defender's reply does not count.
        let child_left = if or { left - 1 } else { left };
        let vi = vply;
        let killer = self.vct.killers[vply];
        let mut values = std::mem::take(&mut self.vct.values[vi]);
        values.clear();
        for (i, &m) in moves.iter().enumerate() {
            let key = self.proof_key(self.sb.key_after(m as usize), attacker);
            // An attacker's moves come strongest first: the later ones start a little harder
            // to prove, so the search goes deep on strong threats before it tries weak ones.
            // The move that last proved a node at this ply starts as easy as the first: a
            // threat that beat one defence often beats its siblings (a killer move).
            let init = if or && m != killer {
                (1 + i as u32 / 4, 1)
            } else {
                (1, 1)
            };
            values.push(
                self.vct
                    .proofs
                    .get(key, child_left)
                    .unwrap_or(Node::open(init)),
            );
        }
        let r = loop {
            // The node's numbers: at an OR node the least proof number and the disproof
            // numbers combined (below); at an AND node the least disproof number and the
            // proof numbers added up. `best` is the child with the least of the minimised
            // number, `second` the next least.
            let (mut min, mut sum, mut best, mut second) = (INF, 0u32, 0, INF);
            let (mut most, mut open) = (0u32, 0u32);
            for (i, v) in values.iter().enumerate() {
                let (low, high) = if or { (v.pn, v.dn) } else { (v.dn, v.pn) };
                // Of equal open attacker moves, the first, or beside the VCT helper the last
                // (of proven ones, the first either way).
                let tie = or && self.vct.beside && low == min && low != 0 && low != INF;
                if low < min || tie {
                    second = min;
                    min = low;
                    best = i;
                } else if low < second {
                    second = low;
                }
                sum = if high == INF || sum == INF {
                    INF
                } else {
                    add(sum, high)
                };
                if high > 0 {
                    most = most.max(high);
                    open += 1;
                }
            }
            // At an OR node the disproof number is weak, after Ueda et al.'s weak proof
            // number (2008) at AND nodes: the largest of the moves' plus one for each other
            // unrefuted move, not their sum. The attacker's threats commute, so one position
            // lies under many of his moves and a sum counts it under each: it overrates how
            // hard the node is to refute.
            // A proven move (its disproof number infinite) proves the node below first.
            if or && open > 0 {
                sum = add(most, open - 1);
            }
            let node = if or { (min, sum) } else { (sum, min) };
            if node.0 == 0 {
                // The attacker's move and its proof, or the longest of the replies' proofs.
                let used = if or {
                    *first = Some(moves[best]);
                    self.vct.killers[vply] = moves[best];
                    values[best].used + 1
                } else {
                    values.iter().map(|v| v.used).max().unwrap_or(0)
                };
                break Node::proven(used);
            }
            if node.1 == 0 || node.0 >= th.0 || node.1 >= th.1 || self.out_of_threat_budget() {
                break Node::open(node);
            }
            // Thresholds of the best child (Nagai's df-pn).
            let (low_th, high_th) = if or { th } else { (th.1, th.0) };
            let c_high = if or { values[best].dn } else { values[best].pn };
            // The 1+ε trick (Pawlewicz and Lew): stay in the best child until it is a
            // quarter worse than the second, not merely worse, so nodes are re-entered less.
            let child_low = low_th.min(add(second, (second / 4).max(1)));
            // Nagai's form even under the weak number, where the child could grow up to the
            // largest before the node's number moved: returning sooner lets the node pick
            // again, and the later threshold searched more (11.6 million nodes to the first
            // proofs of quintet's six long cases instead of 10.0; 218 wins instead of 226 on
            // the 1,130 game positions at 200,000 nodes).
            let child_high = add(high_th - sum, c_high);
            let child_th = if or {
                (child_low, child_high)
            } else {
                (child_high, child_low)
            };
            let m = moves[best] as usize;
            self.sb.make_light(m);
            self.tick();
            values[best] = if or {
                self.defend(vply + 1, child_left, child_th)
            } else {
                let back = self.sb.last_move_fives();
                self.attack(vply + 1, child_left, back, child_th, &mut None)
            };
            self.sb.unmake();
        };
        self.vct.values[vi] = values;
        r
    }
}

#[cfg(test)]
mod tests {
    use super::testing::*;
    use super::*;
    use crate::params::EngineParams;
    use crate::search::Engine;

    impl Worker<'_> {
        /// The same AND/OR tree as the df-pn's, searched plainly: every attacker move
        /// tried, every reply answered, no numbers, no table.
        fn plain_attack(&mut self, vply: usize, left: u32, theirs: Fives) -> bool {
            let mut moves = Vec::new();
            if let Some(solved) = self.attack_moves(vply, left, theirs, &mut moves) {
                return solved.pn == 0;
            }
            moves.into_iter().any(|m| {
                self.sb.make_light(m as usize);
                let won = self.plain_defend(vply + 1, left - 1);
                self.sb.unmake();
                won
            })
        }

        fn plain_defend(&mut self, vply: usize, left: u32) -> bool {
            let mut replies = Vec::new();
            if let Err(solved) = self.defence_moves(vply, left, &mut replies) {
                return solved.pn == 0;
            }
            replies.into_iter().all(|d| {
                self.sb.make_light(d as usize);
                let back = self.sb.last_move_fives();
                let won = self.plain_attack(vply + 1, left, back);
                self.sb.unmake();
                won
            })
        }
    }

    /// The df-pn proves exactly what a plain search of the same tree proves, limit by limit,
    /// on positions from random games under each rule.
    #[test]
    fn df_pn_agrees_with_a_plain_search_of_the_same_tree() {
        let (mut positions, mut wins, mut used_below) = (0, 0, 0);
        for board in crowded_positions() {
            let rule = board.rule();
            // Threats of 3 fours reach the limits where a threat is longer than the proofs of
            // its defences.
            for (threat, lefts) in [(2, &[2, 3, 4, 3, 2][..]), (3, &[5][..])] {
                let mut engine = threat_engine(threat);
                let mut w = unbounded(&mut engine, &board);
                let me = w.sb.to_move();
                if w.sb.all_fives(me).len > 0 {
                    continue;
                }
                let theirs = w.sb.all_fives(me.opponent());
                // Up and down again: what the table learnt at one limit must not mislead
                // another.
                for &left in lefts {
                    let plain = w.plain_attack(0, left, theirs);
                    let mut first = None;
                    let n = w.attack(0, left, theirs, (INF - 1, INF - 1), &mut first);
                    assert!(n.pn == 0 || n.dn == 0, "unsolved {n:?}");
                    assert_eq!(n.pn == 0, plain, "{rule:?} {left} {:?}", board.history());
                    if plain {
                        // The move found starts a win that the plain search confirms within
                        // the moves the proof says it needs.
                        assert!((1..=left).contains(&n.used), "{n:?} at {left}");
                        let m = first.expect("a first move") as usize;
                        w.sb.make_light(m);
                        assert!(w.plain_defend(1, n.used - 1), "{rule:?} {left} {n:?}");
                        w.sb.unmake();
                        used_below += (n.used < left) as u32;
                    }
                    positions += 1;
                    wins += plain as u32;
                }
            }
        }
        assert!(
            positions > 150 && wins > 15 && used_below > 5,
            "{positions} positions, {wins} wins, {used_below} shorter than their limit"
        );
    }

    /// A win whose shortening ran out of budget is shortened by a later call with more
    /// (the main thread's VCT goes on so after its share): to the length that one search
    /// with budget enough finds at once.
    #[test]
    fn a_win_whose_shortening_was_cut_short_is_shortened_by_a_later_call() {
        let mut resumed = 0;
        for board in crowded_positions() {
            let mut engine = threat_engine(2);
            let mut w = unbounded(&mut engine, &board);
            let Some(first) = w.root_vct(8, false) else {
                continue;
            };
            let mut at_once = threat_engine(2);
            let shortest = unbounded(&mut at_once, &board).root_vct(8, true);
            let shortest = shortest.expect("the same win").1;
            if first.1 == shortest {
                continue;
            }
            // A budget of one node: the shortening stops at once.
            w.vct.left = 1;
            let cut = w.shorten_vct(first);
            assert_eq!(cut, first, "{:?}", board.history());
            w.vct.left = u64::MAX;
            assert_eq!(w.shorten_vct(cut).1, shortest, "{:?}", board.history());
            resumed += 1;
        }
        assert!(
            resumed >= 3,
            "{resumed} wins longer than the shortest at first"
        );
    }

    /// Two threads searching each position at once over one shared proof table and VCF
    /// cache (one taking the last of equal moves, as `analyze`'s do), started together and
    /// going through the limits in different orders, each prove exactly what a plain search
    /// proves, with a first move that the plain search confirms wins within the moves
    /// claimed.
    #[test]
    fn two_threads_sharing_a_proof_table_agree_with_a_plain_search() {
        let params = EngineParams {
            vct_threat: 2,
            ..EngineParams::default()
        };
        let (mut positions, mut wins) = (0, 0);
        for board in crowded_positions() {
            let mut plain_engine = Engine::new(params.clone()).unwrap();
            let mut plain = unbounded(&mut plain_engine, &board);
            let me = plain.sb.to_move();
            if plain.sb.all_fives(me).len > 0 {
                continue;
            }
            let theirs = plain.sb.all_fives(me.opponent());
            let expected: Vec<bool> = (0..=5).map(|l| plain.plain_attack(0, l, theirs)).collect();
            let (mut a, mut b) = (
                Engine::new(params.clone()).unwrap(),
                Engine::new(params.clone()).unwrap(),
            );
            b.share_threat_caches(&mut a);
            assert!(a.shares_threat_caches_with(&b));
            let start = std::sync::Barrier::new(2);
            // Each limit's verdict, first move and moves needed.
            let search = |engine: &mut Engine, beside: bool, lefts: [u32; 4]| {
                let mut w = unbounded(engine, &board);
                // A cap far above these searches' needs: a livelock fails, it does not hang.
                w.vct.left = 50_000_000;
                w.vct.beside = beside;
                start.wait();
                lefts.map(|left| {
                    let mut first = None;
                    let n = w.attack(0, left, theirs, (INF - 1, INF - 1), &mut first);
                    assert!(n.pn == 0 || n.dn == 0, "unsolved {n:?}");
                    (left, n, first)
                })
            };
            let (got_a, got_b) = std::thread::scope(|scope| {
                let b = scope.spawn(|| search(&mut b, true, [2, 3, 4, 5]));
                (search(&mut a, false, [5, 2, 4, 3]), b.join().unwrap())
            });
            for (left, n, first) in got_a.into_iter().chain(got_b) {
                let won = expected[left as usize];
                assert_eq!(n.pn == 0, won, "{left} {:?}", board.history());
                if won {
                    assert!((1..=left).contains(&n.used), "{n:?} at {left}");
                    plain.sb.make_light(first.expect("a first move") as usize);
                    assert!(plain.plain_defend(1, n.used - 1), "{left} {n:?}");
                    plain.sb.unmake();
                }
            }
            positions += 1;
            wins += expected.iter().filter(|&&w| w).count();
        }
        assert!(
            positions > 25 && wins > 10,
            "{positions} positions, {wins} wins"
        );
    }
}
