//! The brain's view of the time limits sent with `INFO`, and the per-move budget derived
//! from them.

use crate::brain::Budget;
use std::time::Duration;

/// `time_left` / `timeout_match` value the protocol uses for "no limit" (2^31 - 1 ms).
pub const UNLIMITED_MS: u64 = 2_147_483_647;
/// The smallest budget ever given to a search.
pub const MIN_BUDGET: Duration = Duration::from_millis(5);
/// Fixed part of the safety margin taken off every budget (pipe, process scheduling).
pub const FIXED_MARGIN: Duration = Duration::from_millis(30);
/// Moves the match clock is shared over at least (and at most, early in the game: 30).
pub const MIN_MOVES_LEFT: u64 = 20;

/// Time settings received from the manager, in milliseconds (`None` = never sent).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    /// `INFO timeout_turn`: limit per move (0 = play as fast as possible).
    pub timeout_turn: Option<u64>,
    /// `INFO timeout_match`: limit for the whole game (0 = no limit).
    pub timeout_match: Option<u64>,
    /// `INFO time_left`: what is left of the game limit, kept up to date locally as well.
    pub time_left: Option<u64>,
}

impl Clock {
    /// Whether the game clock limits this brain.
    fn match_left(&self) -> Option<u64> {
        if self.timeout_match == Some(0) {
            return None;
        }
        let left = self.time_left.or(self.timeout_match)?;
        (left < UNLIMITED_MS).then_some(left)
    }

    /// The budget of the next move when `ply` stones are on the board:
    /// `min(timeout_turn, time_left / max(20, 30 - ply/2))` minus 10 % and 30 ms, at least
    /// 5 ms; no time limit when neither is set; `fastest` when `timeout_turn` is 0.
    pub fn budget(&self, ply: usize) -> Budget {
        let turn = self.timeout_turn.filter(|&t| t > 0);
        let share = self.match_left().map(|left| {
            let moves = (30u64.saturating_sub(ply as u64 / 2)).max(MIN_MOVES_LEFT);
            left / moves
        });
        let raw = match (turn, share) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        let time = raw.map(|ms| {
            let raw = Duration::from_millis(ms);
            raw.saturating_sub(raw / 10 + FIXED_MARGIN).max(MIN_BUDGET)
        });
        Budget {
            time,
            fastest: self.timeout_turn == Some(0),
        }
    }

    /// Takes the time a move used off the locally kept `time_left`.
    pub fn spent(&mut self, used: Duration) {
        if let Some(left) = self.time_left.as_mut().filter(|l| **l < UNLIMITED_MS) {
            *left = left.saturating_sub(used.as_millis() as u64);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn budgets() {
        let mut c = Clock::default();
        assert_eq!(c.budget(0), Budget::default());
        c.timeout_turn = Some(1000);
        assert_eq!(c.budget(0).time, Some(Duration::from_millis(870)));
        c.timeout_match = Some(90_000);
        c.time_left = Some(3000);
        // 3000 / 30 = 100 ms -> 100 - 10 - 30 = 60 ms.
        assert_eq!(c.budget(0).time, Some(Duration::from_millis(60)));
        // Late in the game the share is 1/20.
        assert_eq!(c.budget(100).time, Some(Duration::from_millis(105)));
        c.time_left = Some(10);
        assert_eq!(c.budget(0).time, Some(MIN_BUDGET));
        c.time_left = Some(UNLIMITED_MS);
        assert_eq!(c.budget(0).time, Some(Duration::from_millis(870)));
        c.timeout_turn = Some(0);
        let b = c.budget(0);
        assert!(b.fastest && b.time.is_none());
        c.time_left = Some(1000);
        c.spent(Duration::from_millis(400));
        assert_eq!(c.time_left, Some(600));
    }
}
