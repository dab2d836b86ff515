//! What the VCF keeps: its cache of failed positions, kept from search to search (and
//! shared by the two threads of a VCT beside the main search), and per search its node
//! budget and the line it found.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

/// Entries of the VCF cache of failed positions (a power of two; 8 bytes each): the key's
/// bits above the lowest eight, and the fours left in those eight (the slot's index holds
/// the key's low bits).
const VCF_CACHE: usize = 1 << 16;

/// The VCF cache: positions (by key) where no VCF of so many fours exists. One word per
/// entry, so two threads searching the same VCT may share it (see [`VcfCache::share`]):
/// a word is written whole, and a failure is the same whoever found it. The words sit in a
/// box of their own, zeroed by the allocator (see `allocate`).
#[derive(Default)]
pub(crate) struct VcfCache(Arc<Box<[AtomicU64]>>);

impl VcfCache {
    /// Allocates the cache at its size, unless done (the first threat search does it).
    pub(crate) fn allocate(&mut self) {
        if self.0.len() != VCF_CACHE {
            // Zeroed memory from the allocator (calloc), as the TT's: a short search's VCF
            // touches a few of its 128 pages, where words written one by one faulted them
            // all in before the first search (and an `Arc<[_]>` made from the box would copy
            // them all).
            self.0 = Arc::new(bytemuck::zeroed_slice_box(VCF_CACHE));
        }
    }

    /// Forgets every entry (keeping the allocation).
    pub(crate) fn clear(&self) {
        self.0.iter().for_each(|e| e.store(0, Ordering::Relaxed));
    }

    /// Makes this cache `other`'s (allocated first), which both then read and write.
    pub(crate) fn share(&mut self, other: &mut VcfCache) {
        other.allocate();
        self.0 = other.0.clone();
    }

    /// Whether this cache and `other` are one.
    #[cfg(test)]
    pub(crate) fn is_shared_with(&self, other: &VcfCache) -> bool {
        !self.0.is_empty() && Arc::ptr_eq(&self.0, &other.0)
    }

    /// The entry `key` is kept in.
    fn slot(&self, key: u64) -> &AtomicU64 {
        &self.0[key as usize & (VCF_CACHE - 1)]
    }

    /// Whether the cache holds that `key` has no VCF of `budget` fours or fewer.
    pub(super) fn failed(&self, key: u64, budget: u32) -> bool {
        let cached = self.slot(key).load(Ordering::Relaxed);
        cached & !0xFF == key & !0xFF && (cached & 0xFF) as u32 >= budget
    }

    /// Records that `key` has no VCF of `budget` fours or fewer.
    pub(super) fn put_failed(&self, key: u64, budget: u32) {
        let word = key & !0xFF | u64::from(budget.min(0xFF));
        self.slot(key).store(word, Ordering::Relaxed);
    }
}

/// Most VCF nodes one threat search may visit. Positions crowded with fours can make a
/// 12-four search explode (a depth-4 move once took 236M nodes); past the cap the search
/// answers "no VCF found", which is counted in nodes and so is deterministic. On a clock the
/// time share of the threat searches bounds them instead.
pub(crate) const VCF_NODE_CAP: u64 = 200_000;

/// The VCF's state: its cache of failed positions (kept from search to search), its node
/// budget, and the line it found.
pub(crate) struct VcfState {
    /// Positions known to have no VCF of so many fours.
    pub(crate) cache: VcfCache,
    /// VCF nodes left for the current threat search.
    pub(crate) left: u64,
    /// Nodes one VCF may visit (see `control::threat_cap`).
    pub(crate) cap: u64,
    /// The line found, in reverse.
    pub(crate) line: Vec<u32>,
    /// Whether the line ends on the block Black may not play (under renju), left out of
    /// `line`.
    pub(crate) gap: bool,
}
