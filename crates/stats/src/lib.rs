//! Statistics for gomoku-arena: two-player match statistics (logistic and normalized Elo
//! with 95% intervals, LOS, draw ratio) from trinomial or pentanomial counts, the exact
//! GSPRT of fishtest and fastchess, game budgets, Ordo-style pool ratings (joint
//! Bradley-Terry maximum likelihood with optional first-mover advantage, Hessian and
//! bootstrap errors) and a results-only PGN parser.
//!
//! Everything is a pure function of its inputs; every random choice flows from a
//! caller-given `u64` seed.
#![deny(missing_docs)]

pub mod budget;
pub mod elo;
mod error;
mod linalg;
pub mod normal;
pub mod pgn;
pub mod pool;
pub mod sprt;
pub mod text;

pub use budget::{expected_sprt_games, games_for_error95};
pub use elo::{
    EloEstimate, NELO_PER_T, Pentanomial, Trinomial, Z95, elo_from_score, score_from_elo,
};
pub use error::StatsError;
pub use normal::{erf, erfc, inverse_normal_cdf, normal_cdf};
pub use pgn::{FirstMover, PgnGame, PgnGames, PgnResult, parse_pgn, to_pool_games};
pub use pool::{
    Advantage, Anchor, HeadToHead, PoolFit, PoolGame, PoolOptions, RATING_TIE, fit_pool,
    fit_pool_ranked,
};
pub use sprt::{EloModel, Sprt, SprtStatus};
pub use text::{fmt_elo_pm, fmt_signed_to};
