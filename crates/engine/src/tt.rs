//! The transposition table: a power-of-two array of 16-byte entries, each two `AtomicU64`
//! words `(key ^ data, data)`, so that threads can share it without locks (a torn entry
//! fails the key check and is ignored).

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

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
    entries: Box<[[AtomicU64; 2]]>,
    mask: usize,
    /// The game's number modulo [`EPOCHS`]: entries of another game are as good as empty.
    epoch: u64,
    /// The search's number within the game, modulo 64.
    search: u64,
    /// Whether anything was stored since the table was last empty: a table no search
    /// stores in (depth 1 stores nothing) is never swept.
    written: AtomicBool,
}

/// Games before the epoch comes round again, when the table is cleared for real (pub for
/// the engine's other per-game caches, which come round with it).
pub(crate) const EPOCHS: u64 = 256;

// The data word: score (31 bits: every score lies within ±(WIN + 1) < 2^30), move + 1 (11:
// a 32x32 board's padded array has 1,936 cells), depth (6: deeper results are stored as 63,
// which only a depth-64 probe finds too shallow), bound (2), search (6), epoch (8). Each bit
// of epoch halves how often a run of fast games pays for clearing the whole table.
const SCORE_MASK: u64 = 0x7fff_ffff;
const MV_SHIFT: u32 = 31;
const MV_MASK: u64 = 0x7ff;
const DEPTH_SHIFT: u32 = 42;
const DEPTH_MASK: u64 = 0x3f;
const BOUND_SHIFT: u32 = 48;
const SEARCH_SHIFT: u32 = 50;
const EPOCH_SHIFT: u32 = 56;

impl Tt {
    /// A table of about `mib` MiB (a power of two of entries, at least 1024).
    pub fn new(mib: usize) -> Tt {
        let want = (mib << 20) / 16;
        let mut n = 1024usize;
        while n * 2 <= want {
            n *= 2;
        }
        // Zeroed memory from the allocator (calloc: fresh pages the system maps only when a
        // search first writes them), not entries written one by one, which would fault in
        // every page before the first search: a short search touches a few of them, and a
        // depth-1 engine, which never writes its table, none.
        let entries = bytemuck::zeroed_slice_box(n);
        Tt {
            entries,
            mask: n - 1,
            epoch: 0,
            search: 0,
            written: AtomicBool::new(false),
        }
    }

    /// Empties the table.
    pub fn clear(&mut self) {
        if std::mem::take(self.written.get_mut()) {
            for e in &self.entries {
                e[0].store(0, Ordering::Relaxed);
                e[1].store(0, Ordering::Relaxed);
            }
        }
        self.epoch = 0;
        self.search = 0;
    }

    /// Starts a new game in O(1): the entries of earlier games stay but are never found and
    /// never kept over a new one, so the game searches exactly as with an empty table (what
    /// makes a tournament's games independent of which worker played what before). Once
    /// every `EPOCHS` games the epoch comes round and the table is cleared for real.
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
            // Sign-extend the 31-bit field.
            score: ((data as u32) << 1) as i32 >> 1,
            mv: ((data >> MV_SHIFT) & MV_MASK) as u16,
            depth: ((data >> DEPTH_SHIFT) & DEPTH_MASK) as u8,
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
            let old_depth = ((old >> DEPTH_SHIFT) & DEPTH_MASK) as u8;
            if old_key != key && old >> SEARCH_SHIFT == stamp && old_depth > depth + 2 {
                return;
            }
        }
        debug_assert!((mv as u64) <= MV_MASK, "cells fit 11 bits");
        debug_assert!(score.unsigned_abs() < 1 << 30, "scores fit 31 bits");
        let data = (score as u32 as u64 & SCORE_MASK)
            | (((mv as u64) & MV_MASK) << MV_SHIFT)
            | ((depth.min(DEPTH_MASK as u8) as u64) << DEPTH_SHIFT)
            | ((bound as u64) << BOUND_SHIFT)
            | (stamp << SEARCH_SHIFT);
        e[0].store(key ^ data, Ordering::Relaxed);
        e[1].store(data, Ordering::Relaxed);
        // Read first: threads sharing the table then share the flag's line read-only.
        if !self.written.load(Ordering::Relaxed) {
            self.written.store(true, Ordering::Relaxed);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gomoku_board::{Board, Geometry, Rule};

    /// Every field comes back as stored at its extremes, and the largest board's cells fit
    /// the move field.
    #[test]
    fn an_entry_keeps_its_fields_at_their_limits() {
        let cells = Board::new(Geometry::square(32), Rule::Freestyle)
            .unwrap()
            .cells()
            .len() as u64;
        assert!(cells < MV_MASK, "{cells} cells");
        let mut tt = Tt::new(1);
        for game in 0..EPOCHS {
            for (key, score, mv, depth, bound) in [
                (
                    7u64,
                    -crate::score::WIN - 1,
                    MV_MASK as u16,
                    63u8,
                    Bound::Lower,
                ),
                (u64::MAX, crate::score::WIN + 1, 1, 0, Bound::Upper),
                (3 << 50, -1, 0, 1, Bound::Upper),
                (1 << 40, 12_345, 999, 17, Bound::Exact),
            ] {
                tt.store(key, score, mv, depth, bound);
                let e = tt.probe(key).expect("just stored");
                assert_eq!((e.score, e.mv, e.depth, e.bound), (score, mv, depth, bound));
            }
            tt.new_game();
            assert!(
                tt.probe(7).is_none(),
                "game {game}: another game's entry found"
            );
        }
    }
}
