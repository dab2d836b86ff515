//! The move-ordering memory: two killer moves per ply, a history counter per colour and
//! cell, and a counter-move per colour and cell of the move answered, learnt from cutoffs,
//! kept from search to search of a game (the history aged by each).

use crate::params::MAX_PLY;
use gomoku_board::Color;

/// What move ordering learns from cutoffs and keeps from search to search of a game: two
/// killer moves per ply (quiet moves that last cut off there) and a history counter per
/// colour and cell (the squared depths of its cutoffs), aged by each new search, and per
/// colour and cell the counter-move: the quiet move of that colour that last cut off in
/// answer to a stone on the cell. Empty until a search readies it.
#[derive(Default)]
pub(super) struct OrderingMemory {
    killers: Vec<[u32; 2]>,
    /// Per colour, then per cell.
    history: Vec<i32>,
    /// Whether `history` may hold a non-zero counter (set by a cutoff that adds to it).
    live: bool,
    /// Per colour, then per cell of the move answered: the answer (0 = none).
    counters: Vec<u32>,
}

impl OrderingMemory {
    /// Forgets everything (a new game).
    pub(super) fn clear(&mut self) {
        self.killers.iter_mut().for_each(|k| *k = [0; 2]);
        if self.live {
            self.history.iter_mut().for_each(|h| *h = 0);
            self.live = false;
        }
        self.counters.iter_mut().for_each(|c| *c = 0);
    }

    /// Ready for a search on a board of `cells` cells: sized for it, and the history aged
    /// so old searches fade and the counters cannot overflow (a history aged to zero, or
    /// never written, as at depth 1, stays so without a pass).
    pub(super) fn ready(mut self, cells: usize) -> OrderingMemory {
        if self.history.len() != 2 * cells {
            self.history = vec![0; 2 * cells];
            self.counters = vec![0; 2 * cells];
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

    /// `color`'s counter-move to a stone on the cell `answered` (0 = none).
    #[inline]
    pub(super) fn counter_move(&self, color: Color, answered: usize) -> u32 {
        self.counters[self.hist_index(color, answered as u32)]
    }

    /// Makes `m` `color`'s counter-move to a stone on the cell `answered`.
    #[inline]
    pub(super) fn set_counter_move(&mut self, color: Color, answered: usize, m: u32) {
        let i = self.hist_index(color, answered as u32);
        self.counters[i] = m;
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

    /// Moves the history counter of `color`'s move at `m` by `bonus` (a penalty when
    /// negative) under gravity toward ±`bound`: the nearer the counter is to the bound on
    /// that side, the less it moves, so a counter within ±`bound` stays so (`|bonus|` at most
    /// `bound`).
    #[inline]
    pub(super) fn nudge_history(&mut self, color: Color, m: u32, bonus: i32, bound: i32) {
        let hi = self.hist_index(color, m);
        self.history[hi] = gravity(self.history[hi], bonus, bound);
        self.live = true;
    }
}

/// `h` moved by `bonus` under gravity toward ±`bound`: h + bonus − h·|bonus|/bound.
#[inline]
fn gravity(h: i32, bonus: i32, bound: i32) -> i32 {
    let (h, bonus, bound) = (
        h as i64,
        bonus.clamp(-bound, bound) as i64,
        bound.max(1) as i64,
    );
    (h + bonus - h * bonus.abs() / bound) as i32
}

/// The history bonus (and penalty) of a cutoff at `depth` under a gravity bound: Rapfi's
/// quadratic in the depth, at most half the bound.
#[inline]
pub(super) fn history_bonus(depth: i32, bound: i32) -> i32 {
    let d = depth.max(1);
    (25 * d * d + 105 * d - 100).clamp(1, (bound / 2).max(1))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A counter-move is kept per colour and answered cell, survives a new search and is
    /// forgotten by a new game.
    #[test]
    fn counter_moves_are_per_colour_and_cell_until_a_new_game() {
        let mut memory = OrderingMemory::default().ready(100);
        memory.set_counter_move(Color::Black, 40, 41);
        memory.set_counter_move(Color::White, 40, 39);
        memory.set_counter_move(Color::Black, 40, 42);
        let mut memory = memory.ready(100);
        assert_eq!(memory.counter_move(Color::Black, 40), 42);
        assert_eq!(memory.counter_move(Color::White, 40), 39);
        assert_eq!(memory.counter_move(Color::Black, 41), 0);
        memory.clear();
        assert_eq!(memory.counter_move(Color::White, 40), 0);
    }

    /// Any run of bonuses and penalties within the bound keeps a counter within it, and
    /// a bonus moves it up, a penalty down.
    #[test]
    fn gravity_keeps_counters_within_the_bound() {
        let bound = 10_000;
        let mut h = 0;
        for i in 0..5000 {
            let bonus = history_bonus(i % 23, bound) * if i % 7 < 4 { 1 } else { -1 };
            let next = gravity(h, bonus, bound);
            assert!(next.abs() <= bound, "{h} + {bonus} -> {next}");
            assert!(if bonus > 0 { next >= h } else { next <= h }, "{h} {bonus}");
            h = next;
        }
        assert_eq!(gravity(bound, bound / 2, bound), bound);
        assert_eq!(gravity(-bound, -bound, bound), -bound);
        assert_eq!(gravity(0, 300, bound), 300);
    }
}
