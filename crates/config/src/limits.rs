//! Every limit a configuration value is checked against, in one place. The loaders refuse a
//! value beyond its limit at the value's line and column, before anything is played or
//! allocated; the limits are far above any real run and catch typos and stray values such as
//! `u64::MAX`. `docs/CONFIG.md` lists them with the fields they bound. Engine parameters have
//! further ranges of their own, checked by [`gomoku_engine::EngineParams::validate`].

pub use crate::{MAX_INPUT_BYTES, MAX_NAME_LEN};
/// The ranges of the engine file's numeric fields, which a tuning file's `params` and the
/// brain's `INFO <field> <value>` are checked against.
pub use gomoku_engine::fields::NUMERIC_FIELDS;
pub use gomoku_engine::{
    MAX_BLOCK_EXTENSION, MAX_DEPTH, MAX_FRONTIER_WIDTH, MAX_HISTORY_BOUND, MAX_LMR_SCALE,
    MAX_MOVE_COUNT, MAX_QUIESCENCE, MAX_SCORE_MARGIN, MAX_TT_MIB,
};

/// The longest time of a move or a game (a time control's, an external engine's): one day,
/// in milliseconds.
pub const MAX_TIME_MS: u64 = 86_400_000;

/// The most rounds (passes through the book) of a tournament.
pub const MAX_ROUNDS: u32 = 100_000;

/// The most games of one run: a tournament's whole schedule (rounds × openings × pairs of
/// players × 2 colours) or an SPRT's `max_games`. Each scheduled game is a few dozen bytes, so
/// the job list stays well under a GiB.
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
