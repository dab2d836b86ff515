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
//! they go instead of trying every three at every depth. Numbers live in [`ProofTable`],
//! keyed by position and the attacker's moves left; proofs and disproofs stay valid for
//! other limits (a win in 5 is a win in 9, no win in 9 means none in 5), and a proof carries
//! the moves it needs. The root tries limits 2 and 3 (the shortest wins), then the whole
//! limit at once; a longer win found there is then shortened one limit at a time while the
//! budget lasts, so the length reported is the shortest unless the budget ran out. It runs
//! only under a budget: a share of the move's time on a clock, a quarter of a node budget.
//! Two threads may search one VCT over a shared table of numbers and a shared VCF cache
//! (`analyze` does): each then uses what the other proved, and one takes the last of equal
//! attacker moves so that they part ways.

use super::Worker;
use crate::position::Fives;
use gomoku_board::Color;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

/// Proof and disproof numbers of a node; [`INF`] for a proven (or disproven) side.
type Pn = (u32, u32);

/// A node's numbers and, once it is proven, the attacker moves its proof needs from there
/// (the five included; 0 while unproven): a proof found under a long limit still says how
/// long the win is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Node {
    pn: u32,
    dn: u32,
    used: u32,
}

impl Node {
    fn open((pn, dn): Pn) -> Node {
        Node { pn, dn, used: 0 }
    }

    /// A win of the attacker in `used` moves.
    fn proven(used: u32) -> Node {
        Node {
            pn: 0,
            dn: INF,
            used,
        }
    }
}

/// The infinite proof number.
const INF: u32 = u32::MAX;
/// A solved failure.
const DISPROVEN: Node = Node {
    pn: INF,
    dn: 0,
    used: 0,
};

/// Entries of the proof table (a power of two; 16 bytes each).
const PROOF_ENTRIES: usize = 1 << 17;

/// One slot of the proof table: a node's numbers packed in `data` (see [`pack`]), and
/// `check`, its key xor `data`. Two VCT threads may share the table (see
/// [`ProofTable::share_numbers`]); a slot half written by one reads as another key to the other.
#[derive(Default)]
pub(super) struct ProofSlot {
    check: AtomicU64,
    data: AtomicU64,
}

/// Bits of a packed proof or disproof number; its largest value stands for [`INF`].
const PN_BITS: u32 = 29;
const PN_INF: u64 = (1 << PN_BITS) - 1;

// Moves left take the word's top six bits.
const _: () = assert!(crate::params::MAX_VCT_DEPTH < 64);

/// A node's proof number, disproof number and moves left (a proof's moves) in one word: an
/// open number of 2^29 - 1 or more is kept as 2^29 - 2 (still open; far beyond any search's
/// thresholds in practice).
fn pack(pn: u32, dn: u32, left: u32) -> u64 {
    let number = |n: u32| {
        if n == INF {
            PN_INF
        } else {
            (n as u64).min(PN_INF - 1)
        }
    };
    number(pn) | number(dn) << PN_BITS | (left.min(63) as u64) << (2 * PN_BITS)
}

/// The proof number, disproof number and moves left of a packed word.
fn unpack(data: u64) -> (u32, u32, u32) {
    let number = |n: u64| {
        if n == PN_INF { INF } else { n as u32 }
    };
    (
        number(data & PN_INF),
        number(data >> PN_BITS & PN_INF),
        (data >> (2 * PN_BITS)) as u32,
    )
}

/// Entries of the move-list cache (a power of two; 128 bytes each).
const LIST_ENTRIES: usize = 1 << 16;
/// The most moves a cached list holds; a longer one is worked out at every visit.
const LIST_CAP: usize = 48;

/// What working out a node's moves says of it: solved at once (`Err`), or its moves to be
/// searched and, for a defender's node, the attacker moves of the threat they answer.
type Listed = Result<u32, Node>;

/// One node's moves as its visit worked them out.
#[derive(Clone, Copy)]
pub(super) struct ListEntry {
    key: u64,
    left: u32,
    listed: Listed,
    len: u8,
    moves: [u16; LIST_CAP],
}

impl Default for ListEntry {
    fn default() -> Self {
        ListEntry {
            key: 0,
            left: 0,
            listed: Ok(0),
            len: 0,
            moves: [0; LIST_CAP],
        }
    }
}

/// The VCT's memory, lent to each search and kept by the engine between moves: the proof
/// and disproof numbers by position, and each node's moves (df-pn comes back to a node
/// many times, and working out its threes and defences takes several VCFs). Both are
/// direct-mapped; a new entry replaces the old, except open numbers over a settled one.
/// The numbers may be shared by two threads searching the same VCT (see
/// [`ProofTable::share_numbers`]); the moves are each thread's own.
#[derive(Default)]
pub(super) struct ProofTable {
    entries: Arc<[ProofSlot]>,
    lists: Vec<ListEntry>,
}

impl ProofTable {
    /// Forgets everything (keeping the allocation).
    pub(super) fn clear(&mut self) {
        for e in self.entries.iter() {
            e.check.store(0, Ordering::Relaxed);
            e.data.store(0, Ordering::Relaxed);
        }
        self.lists
            .iter_mut()
            .for_each(|e| *e = ListEntry::default());
    }

    /// Allocates the tables at their size, unless done.
    fn allocate(&mut self) {
        if self.entries.len() != PROOF_ENTRIES {
            self.entries = (0..PROOF_ENTRIES).map(|_| ProofSlot::default()).collect();
        }
        if self.lists.len() != LIST_ENTRIES {
            self.lists = vec![ListEntry::default(); LIST_ENTRIES];
        }
    }

    /// Makes this table's numbers `other`'s (allocated first), which both then read and
    /// write: two threads searching the same VCT share what each proves. The move lists
    /// stay each table's own.
    pub(super) fn share_numbers(&mut self, other: &mut ProofTable) {
        other.allocate();
        self.entries = other.entries.clone();
    }

    /// Whether this table and `other` read and write the same numbers.
    #[cfg(test)]
    pub(super) fn shares_numbers_with(&self, other: &ProofTable) -> bool {
        !self.entries.is_empty() && Arc::ptr_eq(&self.entries, &other.entries)
    }

    /// The moves cached for the node `key` with `left` attacker moves, into `moves`.
    fn get_list(&self, key: u64, left: u32, moves: &mut Vec<u32>) -> Option<Listed> {
        let e = &self.lists[key as usize & (LIST_ENTRIES - 1)];
        if e.key != key || e.left != left {
            return None;
        }
        moves.clear();
        moves.extend(e.moves[..e.len as usize].iter().map(|&m| m as u32));
        Some(e.listed)
    }

    /// Caches a node's moves (unless there are too many to keep).
    fn put_list(&mut self, key: u64, left: u32, listed: Listed, moves: &[u32]) {
        if moves.len() > LIST_CAP {
            return;
        }
        let e = &mut self.lists[key as usize & (LIST_ENTRIES - 1)];
        e.key = key;
        e.left = left;
        e.listed = listed;
        e.len = moves.len() as u8;
        for (d, &m) in e.moves.iter_mut().zip(moves) {
            *d = m as u16;
        }
    }

    /// The numbers known for `key` with `left` attacker moves: a proof that needs no more
    /// moves, a disproof with no fewer, or the numbers stored for exactly `left`.
    fn get(&self, key: u64, left: u32) -> Option<Node> {
        let (pn, dn, e_left) = self.read(key)?;
        if pn == 0 && e_left <= left {
            Some(Node::proven(e_left))
        } else if dn == 0 && e_left >= left {
            Some(DISPROVEN)
        } else if e_left == left && pn != 0 && dn != 0 {
            Some(Node::open((pn, dn)))
        } else {
            None
        }
    }

    /// The numbers and moves left stored for `key`, if its slot holds it.
    fn read(&self, key: u64) -> Option<(u32, u32, u32)> {
        let e = &self.entries[key as usize & (PROOF_ENTRIES - 1)];
        let data = e.data.load(Ordering::Relaxed);
        (e.check.load(Ordering::Relaxed) ^ data == key).then(|| unpack(data))
    }

    fn put(&mut self, key: u64, left: u32, n: Node) {
        // Keep a solved entry that settles this limit rather than the open numbers of a
        // search at it; one that does not (a disproof at a lower limit, a proof needing more
        // moves) gives way, or the search at this limit could never keep its numbers.
        if let Some((pn, dn, e_left)) = self.read(key) {
            let settles = (pn == 0 && e_left <= left) || (dn == 0 && e_left >= left);
            if settles && n.pn != 0 && n.dn != 0 {
                return;
            }
        }
        // A proof is kept with the moves it needs: it holds for every limit from there up.
        let left = if n.pn == 0 { n.used } else { left };
        let data = pack(n.pn, n.dn, left);
        let e = &self.entries[key as usize & (PROOF_ENTRIES - 1)];
        e.data.store(data, Ordering::Relaxed);
        e.check.store(key ^ data, Ordering::Relaxed);
    }
}

/// `a + b` short of [`INF`] (a sum of open numbers is never a solved one).
fn add(a: u32, b: u32) -> u32 {
    a.saturating_add(b).min(INF - 1)
}

/// The VCT's state: its proof table (kept from search to search), its node budget, what the
/// last root VCT settled, and its per-ply lists.
pub(super) struct VctState {
    /// The VCT's proof and disproof numbers.
    pub(super) proofs: ProofTable,
    /// VCT nodes left for the current threat search.
    pub(super) left: u64,
    /// The most nodes one VCT may visit (0: no VCT).
    pub(super) cap: u64,
    /// Whether the last root VCT stopped for its budget rather than settling its question
    /// (a later call, with more time, goes on from its proof table).
    pub(super) unfinished: bool,
    /// The longest limit the last root VCT proved to hold no win (see
    /// `Worker::shorten_vct`).
    pub(super) refuted: u32,
    /// Whether a helper thread searches the root's VCT (see `Engine::search_smp`) beside
    /// this worker's own share of it. This worker's VCT then takes the last of equally
    /// promising attacker moves rather than the first, so that the two, sharing one proof
    /// table, go different ways.
    pub(super) beside: bool,
    /// Whether the deepening stopped short of the target time (not stopped, several moves,
    /// no mate found): with the VCT beside it, the helper goes on to the target too.
    pub(super) spare: bool,
    /// The numbers of the moves of each ply.
    pub(super) values: Vec<Vec<Node>>,
    /// Per ply, the attacker move that last proved a node there (`u32::MAX` for none).
    pub(super) killers: Vec<u32>,
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
        let idx = super::VCT_LISTS + vply;
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
        let idx = super::VCT_LISTS + vply;
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

    /// An attacker's node solved at once (proven by a VCF within the limit, the
    /// cheapest proof; [`DISPROVEN`] when the limit is spent, the defender has two
    /// five-points or no move is left), or `None` with the attacker's moves in `threats`:
    /// the block of the defender's four when there is one; else its fours and threes, the
    /// threes narrowed to the defences of the defender's own VCF when he has one (a three
    /// that ignores it loses to it).
    fn attack_moves(
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
            let idx = super::VCT_LISTS + vply + 1;
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
    fn defence_moves(
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

    /// The threat candidates of the side to move (the attacker): its four-points first,
    /// then the empty candidates that lie in a row window holding k-3 of its stones and
    /// nothing of the defender's (a stone there makes at least a three in that window), of
    /// those only the cells in `only` if given (the defences of the defender's VCF, worked
    /// out first: most threes are then left out unweighed).
    fn threat_candidates(&mut self, out: &mut Vec<u32>, only: Option<&[u32]>) {
        let attacker = self.sb.to_move();
        let mut mark = std::mem::take(&mut self.lists.mark);
        // The attacker's VCF here has usually just kept its four windows.
        self.four_cells(out, &mut mark);
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
    pub(super) fn threat_defences(&mut self, out: &mut Vec<u32>) {
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
        self.four_cells(out, &mut mark);
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
    use super::*;
    use crate::params::{EngineParams, Limits};
    use crate::search::Engine;
    use gomoku_board::{Board, Geometry, Pos, Rule};
    use rand::{RngExt, SeedableRng};
    use std::time::Instant;

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

    /// A cached move list comes back as it was put, only for its own node and limit, and a
    /// list too long to keep is not kept.
    #[test]
    fn move_lists_are_cached_per_node_and_limit() {
        let mut t = ProofTable::default();
        t.allocate();
        let mut out = vec![99];
        let key = 0x1234_5678_9abc_def1;
        t.put_list(key, 5, Ok(3), &[10, 200, 30]);
        assert_eq!(t.get_list(key, 5, &mut out), Some(Ok(3)));
        assert_eq!(out, [10, 200, 30]);
        assert_eq!(t.get_list(key, 4, &mut out), None);
        assert_eq!(t.get_list(key ^ (1 << 40), 5, &mut out), None);
        t.put_list(key, 5, Err(DISPROVEN), &[]);
        assert_eq!(t.get_list(key, 5, &mut out), Some(Err(DISPROVEN)));
        assert!(out.is_empty());
        let long: Vec<u32> = (0..=LIST_CAP as u32).collect();
        t.put_list(key + 1, 5, Ok(0), &long);
        assert_eq!(t.get_list(key + 1, 5, &mut out), None);
        t.clear();
        assert_eq!(t.get_list(key, 5, &mut out), None);
    }

    /// Positions from random games under each rule, stones near the centre so that threes
    /// and fours abound (some with VCTs, most without), none decided.
    fn crowded_positions() -> Vec<Board> {
        random_positions(17, 12, 8..22)
    }

    /// `per_rule` boards of 11x11 under each rule with a random number of stones in
    /// `stones` played at random near the centre, those where nobody has five.
    fn random_positions(seed: u64, per_rule: usize, stones: std::ops::Range<usize>) -> Vec<Board> {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut boards = Vec::new();
        for rule in [Rule::Freestyle, Rule::Standard, Rule::Renju] {
            for _ in 0..per_rule {
                let mut board = Board::new(Geometry::square(11), rule).unwrap();
                let stones = rng.random_range(stones.clone());
                while board.stone_count() < stones && board.winner().is_none() {
                    let p = gomoku_board::Pos::new(rng.random_range(2..9), rng.random_range(2..9));
                    if board.cell(p) == gomoku_board::Cell::Empty {
                        board.make(p);
                    }
                }
                if board.winner().is_none() {
                    boards.push(board);
                }
            }
        }
        boards
    }

    /// The default engine with threats of `threat` fours.
    fn threat_engine(threat: u32) -> Engine {
        Engine::new(EngineParams {
            vct_threat: threat,
            ..EngineParams::default()
        })
        .unwrap()
    }

    /// A worker for `engine` on `board` whose threat searches have no budget.
    fn unbounded<'e>(engine: &'e mut Engine, board: &Board) -> Worker<'e> {
        let limits = Limits {
            nodes: Some(u64::MAX),
            ..Limits::default()
        };
        let mut w = Worker::new(engine, board, &limits, Instant::now());
        w.vct.cap = u64::MAX;
        w.vcf.cap = u64::MAX;
        w.vcf.left = u64::MAX;
        w.vct.left = u64::MAX;
        w.vcf.cache.allocate();
        w.vct.proofs.allocate();
        w
    }

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
            b.proofs.share_numbers(&mut a.proofs);
            assert!(a.proofs.shares_numbers_with(&b.proofs));
            b.vcf_cache.share(&mut a.vcf_cache);
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

    /// Numbers survive packing (a proven or disproven side as [`INF`], a large open number
    /// kept open), a shared table sees the other's writes, and a slot whose check does not
    /// match its key reads as empty.
    #[test]
    fn proof_slots_pack_share_and_refuse_a_torn_write() {
        for (pn, dn, left) in [(0, INF, 7), (INF, 0, 60), (3, 5, 2), (INF - 1, 1, 0)] {
            let (p, d, l) = unpack(pack(pn, dn, left));
            assert_eq!(
                (p == 0, d == 0, p == INF, d == INF),
                (pn == 0, dn == 0, pn == INF, dn == INF)
            );
            assert_eq!(l, left);
            if pn < PN_INF as u32 {
                assert_eq!(p, pn);
            }
        }
        let (mut a, mut b) = (ProofTable::default(), ProofTable::default());
        b.share_numbers(&mut a);
        let key = 0x0123_4567_89ab_cdef;
        a.put(key, 9, Node::proven(6));
        assert_eq!(b.get(key, 9), Some(Node::proven(6)));
        assert_eq!(
            b.get(key, 5),
            None,
            "a proof needing 6 moves does not hold within 5"
        );
        b.put(key ^ 1, 4, Node::open((2, 3)));
        assert_eq!(a.get(key ^ 1, 4), Some(Node::open((2, 3))));
        // Another thread's data under this key's check: half of someone else's write.
        let slot = &a.entries[key as usize & (PROOF_ENTRIES - 1)];
        slot.data.store(pack(0, INF, 1), Ordering::Relaxed);
        assert_eq!(b.get(key, 9), None);
    }
}
