//! The crate's error type.

use thiserror::Error;

/// Every error this crate returns.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum StatsError {
    /// There are no games (or game pairs) to compute a statistic from.
    #[error("no games to compute statistics from")]
    NoGames,
    /// A score is not one of the allowed values (0, 0.5, 1 per game; 0..=2 in halves per pair).
    #[error("invalid score {0}: a game scores 0, 0.5 or 1 (a pair 0, 0.5, 1, 1.5 or 2)")]
    InvalidScore(f64),
    /// A probability-like argument is outside its allowed range.
    #[error("invalid parameter {name} = {value}: {reason}")]
    InvalidParameter {
        /// Parameter name.
        name: &'static str,
        /// The rejected value.
        value: f64,
        /// Why it was rejected.
        reason: &'static str,
    },
    /// A player index is not below the number of players.
    #[error("player index {index} out of range (pool has {players} players)")]
    PlayerOutOfRange {
        /// The offending index.
        index: usize,
        /// Number of players in the pool.
        players: usize,
    },
    /// A game lists the same player on both sides.
    #[error("game {game} pairs player {player} with itself")]
    SelfPlay {
        /// Index of the game in the input.
        game: usize,
        /// The player index.
        player: usize,
    },
    /// The pool is not connected, so relative ratings between its parts are undefined.
    #[error("players {a} and {b} are not connected by any chain of games")]
    DisconnectedPool {
        /// A player in one part.
        a: usize,
        /// A player in another part.
        b: usize,
    },
    /// The rating fit failed to converge (should not happen on connected pools).
    #[error("pool fit did not converge after {0} iterations")]
    NoConvergence(usize),
    /// A PGN text could not be parsed.
    #[error("PGN line {line}: {message}")]
    Pgn {
        /// 1-based line number.
        line: usize,
        /// What went wrong.
        message: String,
    },
}
