//! The move-ordering memory: two killer moves per ply and a history counter per colour and
//! cell, learnt from cutoffs, kept from search to search of a game and aged by each.

use crate::params::MAX_PLY;
use gomoku_board::Color;

/// What move ordering learns from cutoffs and keeps from search to search of a game: two
/// killer moves per ply (quiet moves that last cut off there) and a history counter per
/// colour and cell (the squared depths of its cutoffs), aged by each new search. Empty
/// until a search readies it.
#[derive(Default)]
pub(super) struct OrderingMemory {
    killers: Vec<[u32; 2]>,
    /// Per colour, then per cell.
    history: Vec<i32>,
    /// Whether `history` may hold a non-zero counter (set by a cutoff that adds to it).
    live: bool,
}

impl OrderingMemory {
    /// Forgets everything (a new game).
    pub(super) fn clear(&mut self) {
        self.killers.iter_mut().for_each(|k| *k = [0; 2]);
        if self.live {
            self.history.iter_mut().for_each(|h| *h = 0);
            self.live = false;
        }
    }

    /// Ready for a search on a board of `cells` cells: sized for it, and the history aged
    /// so old searches fade and the counters cannot overflow (a history aged to zero, or
    /// never written, as at depth 1, stays so without a pass).
    pub(super) fn ready(mut self, cells: usize) -> OrderingMemory {
        if self.history.len() != 2 * cells {
            self.history = vec![0; 2 * cells];
        }
        self.live = self.live && {
            let mut any = false;
            for h in self.history.iter_mut() {
                *h /= 8;
                any |= *h != 0;
            }
            any
        };
        if self.killers.len() != MAX_PLY + 2 {
            self.killers = vec![[0; 2]; MAX_PLY + 2];
        }
        self
    }

    #[inline]
    fn hist_index(&self, color: Color, c: u32) -> usize {
        color.index() * (self.history.len() / 2) + c as usize
    }

    /// The history counter of `color`'s move at the cell `c`.
    #[inline]
    pub(super) fn history(&self, color: Color, c: u32) -> i32 {
        self.history[self.hist_index(color, c)]
    }

    /// The killers of `ply`, if it has a slot.
    #[inline]
    pub(super) fn killers(&self, ply: usize) -> Option<[u32; 2]> {
        self.killers.get(ply).copied()
    }

    /// Makes `m` the first killer of `ply` (the old first the second), if it has a slot.
    #[inline]
    pub(super) fn add_killer(&mut self, ply: usize, m: u32) {
        if let Some(k) = self.killers.get_mut(ply)
            && k[0] != m
        {
            k[1] = k[0];
            k[0] = m;
        }
    }

    /// Adds `bonus` to the history counter of `color`'s move at `m`.
    #[inline]
    pub(super) fn add_history(&mut self, color: Color, m: u32, bonus: i32) {
        let hi = self.hist_index(color, m);
        self.history[hi] = self.history[hi].saturating_add(bonus);
        self.live = true;
    }
}
