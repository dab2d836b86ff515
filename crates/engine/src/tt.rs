//! The transposition table: a power-of-two array of 16-byte entries, each two `AtomicU64`
//! words `(key ^ data, data)`, so that threads can share it without locks (a torn entry
//! fails the key check and is ignored).
//!
//! A bit per block of entries (a 4 KiB page) says whether anything was stored there since
//! the table was last empty. A probe of a block never written answers without reading it,
//! and the first store into a block writes without reading first: a fresh table's page is
//! faulted in once, by that write, where reading it first would map the shared zero page
//! and the write would then fault again to copy it. A short search from a fresh process
//! touches most pages of the table (its entries are spread by hash), so this halves what
//! it pays the kernel for them; clearing zeroes only the blocks written.

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
    entries: Box<[[AtomicU64; 2]]>,
    mask: usize,
    /// The game's number modulo [`EPOCHS`]: entries of another game are as good as empty.
    epoch: u64,
    /// The search's number within the game, modulo 64.
    search: u64,
    /// Bit `b % 64` of word `b / 64`: whether block `b` (entries `b << BLOCK_SHIFT` on) was
    /// stored in since the table was last empty; its entries are all zero while it is not.
    written_blocks: Box<[AtomicU64]>,
}

/// Entries per block of [`Tt::written_blocks`], as a shift: 256 entries, a 4 KiB page.
const BLOCK_SHIFT: u32 = 8;

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
            written_blocks: bytemuck::zeroed_slice_box((n >> BLOCK_SHIFT).div_ceil(64)),
        }
    }

    /// Empties the table (zeroing only the blocks written).
    pub fn clear(&mut self) {
        for (w, word) in self.written_blocks.iter_mut().enumerate() {
            let mut bits = std::mem::take(word.get_mut());
            while bits != 0 {
                let block = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let start = block << BLOCK_SHIFT;
                for e in &mut self.entries[start..start + (1 << BLOCK_SHIFT)] {
                    *e = Default::default();
                }
            }
        }
        self.epoch = 0;
        self.search = 0;
    }

    /// The word of [`Tt::written_blocks`] holding entry `i`'s block, and its bit there.
    #[inline]
    fn block_bit(&self, i: usize) -> (&AtomicU64, u64) {
        let block = i >> BLOCK_SHIFT;
        (&self.written_blocks[block / 64], 1 << (block % 64))
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
        let i = key as usize & self.mask;
        let (word, bit) = self.block_bit(i);
        if word.load(Ordering::Relaxed) & bit == 0 {
            return None;
        }
        let e = &self.entries[i];
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
        let i = key as usize & self.mask;
        let e = &self.entries[i];
        // Read first: threads sharing the table then share the word's line read-only.
        let (word, bit) = self.block_bit(i);
        let first_in_block = word.load(Ordering::Relaxed) & bit == 0
            && word.fetch_or(bit, Ordering::Relaxed) & bit == 0;
        let old = if first_in_block {
            0
        } else {
            e[1].load(Ordering::Relaxed)
        };
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

    /// A cleared table finds nothing, even in a block that a later store marks written
    /// again; blocks never written answer from their bit alone, and a block's first store
    /// is found.
    #[test]
    fn clearing_forgets_every_written_block() {
        let mut tt = Tt::new(1);
        let block = 1u64 << BLOCK_SHIFT;
        let (a, b, far) = (5 * block + 3, 5 * block + 4, 9 * block);
        tt.store(a, 11, 1, 4, Bound::Exact);
        tt.store(far, 12, 2, 4, Bound::Lower);
        assert!(tt.probe(b).is_none(), "an empty slot of a written block");
        assert!(
            tt.probe(far + 1).is_none(),
            "an empty slot of another block"
        );
        tt.clear();
        assert!(tt.probe(a).is_none() && tt.probe(far).is_none());
        tt.store(b, 13, 3, 4, Bound::Upper);
        assert!(
            tt.probe(a).is_none(),
            "a cleared entry found beside a new one"
        );
        assert_eq!(tt.probe(b).map(|e| e.score), Some(13));
        assert!(
            tt.entries.iter().enumerate().all(|(i, e)| {
                i as u64 == b & tt.mask as u64 || e[1].load(Ordering::Relaxed) == 0
            }),
            "an entry left over from before the clear"
        );
    }
}
