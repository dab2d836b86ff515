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
    generation: u8,
}

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
            generation: 0,
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
        self.generation = 0;
    }

    /// Starts a new search (older entries become preferred victims).
    pub fn new_search(&mut self) {
        self.generation = (self.generation + 1) & 0x3f;
    }

    /// Looks a position up.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<TtEntry> {
        let e = &self.entries[key as usize & self.mask];
        let data = e[1].load(Ordering::Relaxed);
        let check = e[0].load(Ordering::Relaxed);
        if data == 0 || check ^ data != key {
            return None;
        }
        let bound = match (data >> 56) & 3 {
            1 => Bound::Exact,
            2 => Bound::Lower,
            3 => Bound::Upper,
            _ => return None,
        };
        Some(TtEntry {
            score: data as u32 as i32,
            mv: (data >> 32) as u16,
            depth: (data >> 48) as u8,
            bound,
        })
    }

    /// Stores a result; replaces an entry of another position unless that one is from the
    /// current search and deeper.
    #[inline]
    pub fn store(&self, key: u64, score: i32, mv: u16, depth: u8, bound: Bound) {
        let e = &self.entries[key as usize & self.mask];
        let old = e[1].load(Ordering::Relaxed);
        if old != 0 {
            let old_key = e[0].load(Ordering::Relaxed) ^ old;
            let old_depth = (old >> 48) as u8;
            let old_gen = (old >> 58) as u8;
            if old_key != key && old_gen == self.generation && old_depth > depth + 2 {
                return;
            }
        }
        let data = (score as u32 as u64)
            | ((mv as u64) << 32)
            | ((depth as u64) << 48)
            | ((bound as u64) << 56)
            | ((self.generation as u64) << 58);
        e[0].store(key ^ data, Ordering::Relaxed);
        e[1].store(data, Ordering::Relaxed);
    }
}
