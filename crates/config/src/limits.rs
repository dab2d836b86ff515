//! Every limit a configuration value is checked against, in one place. Values beyond them are
//! refused at load with the file, line and column of the value, before anything is played or
//! allocated; the limits are far above any real run (a shipped tournament has a few hundred
//! games, a shipped tuning run a few thousand pairs), so they only catch typos and stray
//! values such as `u64::MAX`, which would otherwise abort on an allocation the size of the
//! schedule or run for ever.
//!
//! | What | Limit |
//! |---|---|
//! | an input file (config, table, opening book) | [`MAX_INPUT_BYTES`] (64 MiB) |
//! | a name (engine, participant, tuning run) | [`MAX_NAME_LEN`] (128) characters, one line |
//! | time per move or game (`MoveTime`, `GameTime`) | [`MAX_TIME_MS`] (one day, in ms) |
//! | search depth (`depth`, `Depth(n)`, Texel's collection `depth`) | 1..=[`MAX_DEPTH`] (64) |
//! | transposition table `tt_mib` | 1..=[`MAX_TT_MIB`] (4096) |
//! | tuning: SPSA `pairs`, match `max_pairs`, confirmation `pairs` | 1..=[`MAX_PAIRS`] (1000000) |
//! | tuning: match `elo0`, `elo1` (finite, `elo0 < elo1`); `alpha` | ±[`MAX_ELO`] (2000); (0, 0.5) |
//! | tuning: Texel `games` | 1..=[`MAX_TEXEL_GAMES`] (2000000) |
//! | tuning: `iterations` (SPSA, match, Texel sweeps) | [`MAX_ITERATIONS`] (100000); at least 1 for SPSA |
//! | tuning: SPSA `c_end_frac`, `r_end`, `alpha` | (0, 1] |
//! | tuning: SPSA `a_frac` | [0, 1] |
//! | tuning: SPSA `gamma` | [0, 0.5] |
//! | tuning: Texel `step`; `min_step` | (0, 1]; (0, `step`] |
//! | tuning: match `step` (perturbation) | (0, 1] |
//! | tuning: `tie_break_margin` (SPSA, match, confirmation) | >= 0 (Texel: > 0) |
//! | tuning: Texel `vcf_fours` | 0..=255 |
//!
//! Engine parameters have further ranges of their own (`radius` 1..=4, `threads` 1..=64...),
//! checked by [`gomoku_engine::EngineParams::validate`] and named in its messages.

pub use crate::tournament::MAX_TIME_MS;
pub use crate::{MAX_INPUT_BYTES, MAX_NAME_LEN};
pub use gomoku_engine::{MAX_DEPTH, MAX_TT_MIB};

/// The most game pairs of one tuning match (an SPSA iteration, a hill-climbing match, the
/// confirmation).
pub const MAX_PAIRS: usize = 1_000_000;

/// The most self-play games of a Texel collection (its positions are held in memory).
pub const MAX_TEXEL_GAMES: usize = 2_000_000;

/// The most iterations of a tuning run (each SPSA or match iteration is a step directory
/// and a history line; Texel's are sweeps).
pub const MAX_ITERATIONS: u32 = 100_000;

/// The largest |Elo| of an SPRT hypothesis (`elo0`, `elo1`), as `gomoku_stats::Sprt` accepts
/// it.
pub const MAX_ELO: f64 = 2000.0;
