//! The brain's view of the time limits sent with `INFO`, handed to the engine's time manager
//! ([`gomoku_engine::time`]) for the budget of each move.

use crate::brain::Budget;
use std::time::Duration;

/// `time_left` / `timeout_match` value the protocol uses for "no limit" (2^31 - 1 ms).
pub const UNLIMITED_MS: u64 = 2_147_483_647;
/// Time kept in reserve on every move for what happens outside the search: reading and
/// writing the pipes, process scheduling on a loaded machine, the manager's own bookkeeping.
pub const OVERHEAD: Duration = Duration::from_millis(15);

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

    /// The budget of the next move when `stones` are on the board: the engine's time
    /// manager over `timeout_turn` and what is left of the game limit, less [`OVERHEAD`];
    /// no time limit when neither is set; `fastest` when `timeout_turn` is 0.
    pub fn budget(&self, stones: usize) -> Budget {
        let clock = gomoku_engine::Clock {
            turn: self
                .timeout_turn
                .filter(|&t| t > 0)
                .map(Duration::from_millis),
            game_left: self.match_left().map(Duration::from_millis),
            increment: Duration::ZERO,
            stones,
            overhead: OVERHEAD,
        };
        Budget {
            time: clock.budget(),
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

    fn ms(v: u64) -> Duration {
        Duration::from_millis(v)
    }

    #[test]
    fn budgets() {
        let mut c = Clock::default();
        assert_eq!(c.budget(0), Budget::default());
        c.timeout_turn = Some(1000);
        // 1000 - 50 - 15.
        let b = c.budget(0).time.unwrap();
        assert_eq!((b.target, b.hard), (ms(935), ms(935)));
        c.timeout_turn = Some(100);
        assert_eq!(c.budget(0).time.unwrap().hard, ms(80));
        c.timeout_turn = Some(1000);
        c.timeout_match = Some(90_000);
        c.time_left = Some(3000);
        // (3000 - 15) / 30 = 99.5 ms to aim at, three times that at most.
        let b = c.budget(0).time.unwrap();
        assert_eq!(
            (b.target, b.hard),
            (
                Duration::from_micros(99_500),
                Duration::from_micros(298_500)
            )
        );
        // Late in the game the share is 1/20.
        assert_eq!(
            c.budget(100).time.unwrap().target,
            Duration::from_micros(149_250)
        );
        // Almost nothing left: never more than half of it.
        c.time_left = Some(10);
        assert!(c.budget(0).time.unwrap().hard <= ms(5));
        c.time_left = Some(UNLIMITED_MS);
        assert_eq!(c.budget(0).time.unwrap().hard, ms(935));
        c.timeout_turn = Some(0);
        let b = c.budget(0);
        assert!(b.fastest && b.time.is_none());
        c.time_left = Some(1000);
        c.spent(ms(400));
        assert_eq!(c.time_left, Some(600));
    }
}
