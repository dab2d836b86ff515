//! The transposition table: a power-of-two array of 16-byte entries, each two `AtomicU64`
//! words `(key ^ data, data)`, so that threads can share it without locks (a torn entry
//! fails the key check and is ignored).

use std::sync::atomic::{AtomicU64, Ordering};

/// What a stored score means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The exact value.
    Exact = 1,
    /// A lower bound (the search failed high).
    Lower = 2,
    /// An upper bound (the search failed low).
    Upper = 3,
}

/// A decoded entry.
#[derive(Clone, Copy, Debug)]
pub struct TtEntry {
    /// Score (mate scores relative to the stored node).
    pub score: i32,
    /// Best move cell + 1 (0 = none).
    pub mv: u16,
    /// Remaining depth of the search that produced it.
    pub depth: u8,
    /// Bound type.
    pub bound: Bound,
}

/// A fixed-size transposition table.
pub struct Tt {
    entries: Vec<[AtomicU64; 2]>,
    mask: usize,
    /// The game's number modulo [`EPOCHS`]: entries of another game are as good as empty.
    epoch: u64,
    /// The search's number within the game, modulo 64.
    search: u64,
}

/// Games before the epoch comes round again, when the table is cleared for real.
const EPOCHS: u64 = 32;

// The data word: score (32 bits), move + 1 (12), depth (7), bound (2), search (6), epoch (5).
const MV_SHIFT: u32 = 32;
const DEPTH_SHIFT: u32 = 44;
const BOUND_SHIFT: u32 = 51;
const SEARCH_SHIFT: u32 = 53;
const EPOCH_SHIFT: u32 = 59;

impl Tt {
    /// A table of about `mib` MiB (a power of two of entries, at least 1024).
    pub fn new(mib: usize) -> Tt {
        let want = (mib << 20) / 16;
        let mut n = 1024usize;
        while n * 2 <= want {
            n *= 2;
        }
        let entries = (0..n)
            .map(|_| [AtomicU64::new(0), AtomicU64::new(0)])
            .collect();
        let mut tt = Tt {
            entries,
            mask: n - 1,
            epoch: 0,
            search: 0,
        };
        // Touch every page now rather than during the first search.
        tt.clear();
        tt
    }

    /// Empties the table.
    pub fn clear(&mut self) {
        for e in &self.entries {
            e[0].store(0, Ordering::Relaxed);
            e[1].store(0, Ordering::Relaxed);
        }
        self.epoch = 0;
        self.search = 0;
    }

    /// Starts a new game in O(1): the entries of earlier games stay but are never found and
    /// never kept over a new one, so the game searches exactly as with an empty table (what
    /// makes a tournament's games independent of which worker played what before). Once
    /// every [`EPOCHS`] games the epoch comes round and the table is cleared for real.
    pub fn new_game(&mut self) {
        self.epoch = (self.epoch + 1) % EPOCHS;
        self.search = 0;
        if self.epoch == 0 {
            self.clear();
        }
    }

    /// Starts a new search (older entries of the game become preferred victims).
    pub fn new_search(&mut self) {
        self.search = (self.search + 1) & 0x3f;
    }

    /// Looks a position up.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<TtEntry> {
        let e = &self.entries[key as usize & self.mask];
        let data = e[1].load(Ordering::Relaxed);
        let check = e[0].load(Ordering::Relaxed);
        if data == 0 || check ^ data != key || data >> EPOCH_SHIFT != self.epoch {
            return None;
        }
        let bound = match (data >> BOUND_SHIFT) & 3 {
            1 => Bound::Exact,
            2 => Bound::Lower,
            3 => Bound::Upper,
            _ => return None,
        };
        Some(TtEntry {
            score: data as u32 as i32,
            mv: ((data >> MV_SHIFT) & 0xfff) as u16,
            depth: ((data >> DEPTH_SHIFT) & 0x7f) as u8,
            bound,
        })
    }

    /// Stores a result; replaces an entry of another position unless that one is from the
    /// current search and deeper.
    #[inline]
    pub fn store(&self, key: u64, score: i32, mv: u16, depth: u8, bound: Bound) {
        let e = &self.entries[key as usize & self.mask];
        let old = e[1].load(Ordering::Relaxed);
        let stamp = self.epoch << 6 | self.search;
        if old != 0 {
            let old_key = e[0].load(Ordering::Relaxed) ^ old;
            let old_depth = ((old >> DEPTH_SHIFT) & 0x7f) as u8;
            if old_key != key && old >> SEARCH_SHIFT == stamp && old_depth > depth + 2 {
                return;
            }
        }
        debug_assert!(mv < 1 << 12, "cells fit 12 bits");
        let data = (score as u32 as u64)
            | (((mv as u64) & 0xfff) << MV_SHIFT)
            | ((depth.min(0x7f) as u64) << DEPTH_SHIFT)
            | ((bound as u64) << BOUND_SHIFT)
            | (stamp << SEARCH_SHIFT);
        e[0].store(key ^ data, Ordering::Relaxed);
        e[1].store(data, Ordering::Relaxed);
    }
}
