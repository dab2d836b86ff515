//! The VCT's memory: the proof and disproof numbers of its nodes by position (and the
//! attacker moves left), and each node's moves (df-pn comes back to a node many times, and
//! working out its threes and defences takes several VCFs). Both tables are direct-mapped;
//! a new entry replaces the old, except open numbers over a settled one.
//!
//! Invariant: a proof is kept with the moves it needs and holds for every limit from there
//! up, a disproof for every limit below its own; a slot torn by two threads' writes reads
//! as another key (its check is the key xor the data).

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

/// Proof and disproof numbers of a node; [`INF`] for a proven (or disproven) side.
pub(super) type Pn = (u32, u32);

/// A node's numbers and, once it is proven, the attacker moves its proof needs from there
/// (the five included; 0 while unproven): a proof found under a long limit still says how
/// long the win is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Node {
    /// The proof number.
    pub(super) pn: u32,
    /// The disproof number.
    pub(super) dn: u32,
    /// Once proven, the attacker moves the proof needs (the five included).
    pub(super) used: u32,
}

impl Node {
    /// An unsolved node with these numbers.
    pub(super) fn open((pn, dn): Pn) -> Node {
        Node { pn, dn, used: 0 }
    }

    /// A win of the attacker in `used` moves.
    pub(super) fn proven(used: u32) -> Node {
        Node {
            pn: 0,
            dn: INF,
            used,
        }
    }
}

/// The infinite proof number.
pub(super) const INF: u32 = u32::MAX;
/// A solved failure.
pub(super) const DISPROVEN: Node = Node {
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
struct ProofSlot {
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
pub(super) type Listed = Result<u32, Node>;

/// One node's moves as its visit worked them out.
#[derive(Clone, Copy)]
struct ListEntry {
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
pub(crate) struct ProofTable {
    entries: Arc<[ProofSlot]>,
    lists: Vec<ListEntry>,
}

impl ProofTable {
    /// Forgets everything (keeping the allocation).
    pub(crate) fn clear(&mut self) {
        for e in self.entries.iter() {
            e.check.store(0, Ordering::Relaxed);
            e.data.store(0, Ordering::Relaxed);
        }
        self.lists
            .iter_mut()
            .for_each(|e| *e = ListEntry::default());
    }

    /// Allocates the tables at their size, unless done.
    pub(super) fn allocate(&mut self) {
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
    pub(crate) fn share_numbers(&mut self, other: &mut ProofTable) {
        other.allocate();
        self.entries = other.entries.clone();
    }

    /// Whether this table and `other` read and write the same numbers.
    #[cfg(test)]
    pub(crate) fn shares_numbers_with(&self, other: &ProofTable) -> bool {
        !self.entries.is_empty() && Arc::ptr_eq(&self.entries, &other.entries)
    }

    /// The moves cached for the node `key` with `left` attacker moves, into `moves`.
    pub(super) fn get_list(&self, key: u64, left: u32, moves: &mut Vec<u32>) -> Option<Listed> {
        let e = &self.lists[key as usize & (LIST_ENTRIES - 1)];
        if e.key != key || e.left != left {
            return None;
        }
        moves.clear();
        moves.extend(e.moves[..e.len as usize].iter().map(|&m| m as u32));
        Some(e.listed)
    }

    /// Caches a node's moves (unless there are too many to keep).
    pub(super) fn put_list(&mut self, key: u64, left: u32, listed: Listed, moves: &[u32]) {
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
    pub(super) fn get(&self, key: u64, left: u32) -> Option<Node> {
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

    pub(super) fn put(&mut self, key: u64, left: u32, n: Node) {
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

#[cfg(test)]
mod tests {
    use super::*;

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
