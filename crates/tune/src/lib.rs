//! Tuning of the engine's pattern table (its whole evaluation function) and, with a tuning
//! file's `params`, of any numeric field of its engine file ([`params::ParamSpace`]: the
//! fields follow the scores in the vector, each within its bounds); every game plays under
//! the file's time control (a fixed depth by default). A tuning file's `external` engine is
//! tuned the same way: its parameters are placeholders of its arguments and options, filled
//! in for each player of a step (`ParamSpace::external`), and it plays under its own limits.
//!
//! The evaluation is linear in the scores: `eval = Σ_i own_i·n_stm_i + opp_i·n_opp_i`, with
//! `n_stm_i` / `n_opp_i` the occurrences of shape `i` owned by the side to move / its
//! opponent. The tuned parameters are the `own` and `opp` score of every pattern (index
//! `2·pattern` and `2·pattern + 1` of a score vector), except one optional pinned score;
//! optional order constraints (`own 11111 > own 011110 > ...`) reject any step that breaks
//! them. Three methods:
//!
//! - **Texel** ([`texel`]): positions from self-play games of the start table
//!   ([`collect`]), kept only when quiet (no five-point for either side, hence no four on the
//!   board, and no VCF for the side to move), labelled with the game's result from the side
//!   to move's view (1 / ½ / 0) and split into training and validation sets *by game*. The
//!   count vectors are extracted once ([`features`]), so a loss is one dot product per
//!   position, summed in parallel in fixed chunks (deterministic). The loss is
//!   `mean (r - σ(K·eval))²` with `σ(x) = 1/(1+e^-x)`; `K` is fitted first (golden-section
//!   search on `ln K`) for the start table and then fixed, which also fixes the scale. The
//!   scores are then fitted by Texel's local search ([`search`]): for each parameter try
//!   `+δ` then `-δ`, keep what lowers the training loss; when a whole sweep helps nothing,
//!   halve `δ`. Steps are relative to each score's magnitude (a climb in log space).
//! - **Match** ([`hill`]): hill climbing on playing strength. Each iteration perturbs a few
//!   scores (seeded), plays the candidate against the incumbent in game pairs on the tuning
//!   openings (colours reversed within a pair) and accepts only when a pentanomial SPRT
//!   (`elo0`, `elo1`) accepts H1; an SPRT that reaches its pair budget rejects.
//! - **SPSA** ([`spsa`]): as fishtest and OpenBench run it. `c_k = c/(k+1)^γ`,
//!   `a_k = a/(k+1+A)^α`, Rademacher `δ`, `N` game pairs of `θ + c_k·δ` against
//!   `θ - c_k·δ`, then `θ += a_k/c_k · (wins - losses) · δ`; per-parameter
//!   `c_end_i = c_end_frac·|θ0_i|`, `a_end_i = r_end·c_end_i²`, `c_i = c_end_i·N^γ`,
//!   `a_i = a_end_i·(A+N)^α`; integer tables by stochastic rounding.
//!
//! Scores are scale-free for the search (multiplying all by a constant changes no move), so
//! the match methods pin one score or move in relative steps; Texel's fixed `K` fixes the
//! scale.
//!
//! Every game is played by the match layer ([`matches`]: each step is a batch of
//! `gomoku_runner`, which can be sharded), and every random choice comes from the run seed
//! through `gomoku_runner`'s `batch_seed` and `job_rng` (the step's number, then the job's
//! index), so an iteration is a pure function of the state before it: the run checkpoints
//! after every iteration (`state.json` with the method state, the scores and the history)
//! and `--resume` continues exactly. The outputs ([`run`]): `tuned.ron` (same schema as
//! `configs/tables/*.ron`), `history.jsonl` (one line per iteration: loss or Elo ± error and
//! all scores, read back by [`load_tuning_history`]), `confirmation.json` (the tuned table
//! against the start table on held-out openings: pool Elo and pentanomial Elo with 95%
//! errors; its games are the run directory `steps/confirmation/`) and a report directory.
#![deny(missing_docs)]

pub mod checkpoint;
pub mod collect;
pub mod confirm;
pub mod features;
pub mod hill;
pub mod history;
mod iteration;
pub mod matches;
pub mod order_fit;
mod output;
pub mod params;
pub mod run;
pub mod search;
pub mod spsa;
pub mod spsa_gain;
pub mod texel;
mod tuner;

pub use history::{HistoryLine, load_tuning_history};
pub use params::ParamSpace;
pub use run::{
    RunOptions, RunOutcome, ShardOutcome, merge_step, plan_line, play_shard, run, steps_left,
};

use gomoku_board::{Geometry, Rule};
use std::path::{Path, PathBuf};
use thiserror::Error;

/// What can stop a tuning run.
#[derive(Debug, Error)]
pub enum TuneError {
    /// A file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The cause.
        source: std::io::Error,
    },
    /// A state, history or cache file does not parse.
    #[error("{path}: {message}")]
    Parse {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        message: String,
    },
    /// The output directory holds a checkpoint of another configuration.
    #[error(
        "{path}: checkpoint of another configuration (key {found}, this one {expected}); use another output directory"
    )]
    ForeignCheckpoint {
        /// The checkpoint.
        path: PathBuf,
        /// Its configuration key.
        found: String,
        /// This configuration's key.
        expected: String,
    },
    /// The checkpoint holds a run of another method than the configuration's.
    #[error("the checkpoint holds a {found} run, but the configuration asks for {expected}")]
    MethodMismatch {
        /// The checkpoint's method.
        found: String,
        /// The configuration's method.
        expected: String,
    },
    /// The shards to merge are of another run or step.
    #[error(
        "{dir}: shards of run {found}, but step {step} of this configuration and checkpoint is run {expected}: they belong to another run or step"
    )]
    ForeignShards {
        /// The step's shard directory.
        dir: PathBuf,
        /// The run hash of the shards.
        found: String,
        /// The step.
        step: String,
        /// The step's run hash.
        expected: String,
    },
    /// A step has no shard directory to merge.
    #[error(
        "{dir}: no shard directories of step {step}: play them with `tune CONFIG --shard I/N` first"
    )]
    NoShards {
        /// The step's shard directory.
        dir: PathBuf,
        /// The step.
        step: String,
    },
    /// The merged shards of a step lack games.
    #[error("step {step}: {missing}; play the missing shards (they resume), then merge again")]
    MissingGames {
        /// The step.
        step: String,
        /// Which games are missing, and in which shards.
        missing: String,
    },
    /// A checkpoint is of a format version this build does not read.
    #[error(
        "{path}: checkpoint format version {found}, but this gomoku-arena reads version {expected}: it was written by another version; tune into a new output directory"
    )]
    Version {
        /// The checkpoint.
        path: PathBuf,
        /// The version found (`none` for the unversioned first format).
        found: String,
        /// The version this build reads.
        expected: u32,
    },
    /// A checkpoint exists and `--resume` was not given.
    #[error(
        "{0} holds a checkpoint: continue with --resume, or start over with --force (which deletes the run's checkpoint, history, steps, tuned table and report)"
    )]
    CheckpointExists(PathBuf),
    /// An engine could not be built.
    #[error("engine: {0}")]
    Engine(#[from] gomoku_engine::EngineError),
    /// The match layer or a run directory refused.
    #[error(transparent)]
    Runner(#[from] gomoku_runner::RunnerError),
    /// A statistics routine refused its input.
    #[error("statistics: {0}")]
    Stats(#[from] gomoku_stats::StatsError),
    /// The report could not be written.
    #[error("report: {0}")]
    Report(#[from] gomoku_report::ReportError),
    /// The start table breaks the order constraints.
    #[error("the start table breaks the order constraints: {0}")]
    StartBreaksOrder(String),
    /// A shard `I/N` out of range.
    #[error("shard {index}/{count}: need 0 <= I < N")]
    BadShard {
        /// I.
        index: usize,
        /// N.
        count: usize,
    },
    /// A step with no opening or no pair to play.
    #[error("step {0}: no openings or no pairs to play")]
    EmptyStep(String),
    /// One of Texel's runs is of another board or rule than the tuning.
    #[error(
        "{dir}: a run on {geometry} under {rule}, but the tuning plays {tuning_geometry} under {tuning_rule}"
    )]
    OtherBoard {
        /// The run directory.
        dir: PathBuf,
        /// Its board.
        geometry: Geometry,
        /// Its rule.
        rule: Rule,
        /// The tuning's board.
        tuning_geometry: Geometry,
        /// The tuning's rule.
        tuning_rule: Rule,
    },
    /// One of Texel's runs has no journal.
    #[error("{0}: no such journal")]
    NoJournal(PathBuf),
    /// The engine that checks positions for quiet ones could not be built.
    #[error("the checking engine: {0}")]
    CheckingEngine(gomoku_engine::EngineError),
    /// A game could not be replayed on the tuning's board.
    #[error("game {job}: {source}")]
    Replay {
        /// The game (job).
        job: usize,
        /// Why.
        source: gomoku_board::BoardError,
    },
    /// Texel kept no quiet position for training.
    #[error("no quiet training position: play more games")]
    NoTrainingPositions,
}

impl TuneError {
    /// An I/O error on a path.
    pub fn io(path: &Path, source: std::io::Error) -> TuneError {
        TuneError::Io {
            path: path.to_path_buf(),
            source,
        }
    }
}
