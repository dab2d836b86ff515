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
//! | a name (engine, participant, tournament, SPRT test, tuning run) | [`MAX_NAME_LEN`] (128) characters, one line |
//! | a tournament's `rounds` | 1..=[`MAX_ROUNDS`] (100000) |
//! | a tournament's games (rounds × openings × pairs of players × 2) | [`MAX_JOBS`] (10000000) |
//! | a tournament's participants | 2..=[`MAX_PARTICIPANTS`] (1000) |
//! | worker `threads` of a tournament or SPRT | 1..=[`MAX_THREADS`] (1024) |
//! | SPRT `elo0`, `elo1` (finite, `elo0 < elo1`); `alpha`, `beta` | ±[`MAX_ELO`] (2000); (0, 0.5) each |
//! | SPRT `max_games` | 2..=[`MAX_JOBS`] |
//! | SPRT `batch_pairs` | 1..=[`MAX_PAIRS`] |
//! | time per move or game (`MoveTime`, `GameTime`); an external engine's `move_time_ms`, `game_time_ms`, `start_timeout_ms` | 1..=[`MAX_TIME_MS`] (one day, in ms) |
//! | an external engine's `tolerance_ms` | 0..=[`MAX_TIME_MS`] |
//! | an external engine's `max_memory_mb` | 1..=[`MAX_MEMORY_MB`] (1 TiB) |
//! | an external engine's `command_gap_ms` | 0..=[`MAX_COMMAND_GAP_MS`] (a second) |
//! | search depth (`depth`, `Depth(n)`, Texel's collection `depth`) | 1..=[`MAX_DEPTH`] (64) |
//! | transposition table `tt_mib` | 1..=[`MAX_TT_MIB`] (4096) |
//! | board `size`, `width`, `height`; `k` | 3..=32; 3..=7 (as `gomoku_board` accepts) |
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

/// The most rounds (passes through the book) of a tournament.
pub const MAX_ROUNDS: u32 = 100_000;

/// The most games of one run: a tournament's whole schedule (rounds × openings × pairs of
/// players × 2 colours) or an SPRT's `max_games`. Each scheduled game is a few dozen bytes, so the job list stays
/// well under a GiB.
pub const MAX_JOBS: u64 = 10_000_000;

/// The most participants of a tournament, sweeps counted value by value (a round robin of
/// 1000 has 499500 pairs of players).
pub const MAX_PARTICIPANTS: usize = 1000;

/// The most worker threads a tournament or SPRT file may ask for.
pub const MAX_THREADS: usize = 1024;

/// The largest `max_memory_mb` of an external engine: 1 TiB, in MiB (it is sent in bytes).
pub const MAX_MEMORY_MB: u64 = 1 << 20;

/// The longest wait after an external engine's move before the next line is sent to it, in
/// milliseconds (the gap works around engines that misread a command sent at once; a second
/// is far more than any needs).
pub const MAX_COMMAND_GAP_MS: u64 = 1000;

/// The most game pairs of one tuning match (an SPSA iteration, a hill-climbing match, the
/// confirmation) and of one SPRT batch.
pub const MAX_PAIRS: usize = 1_000_000;

/// The most self-play games of a Texel collection (its positions are held in memory).
pub const MAX_TEXEL_GAMES: usize = 2_000_000;

/// The most iterations of a tuning run (each SPSA or match iteration is a step directory
/// and a history line; Texel's are sweeps).
pub const MAX_ITERATIONS: u32 = 100_000;

/// The largest |Elo| of an SPRT hypothesis (`elo0`, `elo1`), as `gomoku_stats::Sprt` accepts
/// it.
pub const MAX_ELO: f64 = 2000.0;
