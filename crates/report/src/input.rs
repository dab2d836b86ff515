//! Plain input types: everything a report can show, filled in by the caller.
//!
//! None of these types depends on another gomoku-arena crate; the glue that
//! reads a run directory and fills them lives elsewhere. Every optional part
//! may be left empty: the chart that would show it is then skipped.
//!
//! Conventions used throughout:
//! * Elo values are on the logistic scale (400·log10 of the odds), relative
//!   to whatever anchor the rating tool used (usually the pool mean).
//! * Error values (`*_error95`) are the **half-width** of a 95 % interval,
//!   i.e. the interval is `elo - error95 ..= elo + error95`. A non-finite
//!   error (NaN or infinite) means "unknown": the point is drawn without a
//!   whisker and the table shows `?`.
//! * Scores are fractions in `0..=1` (win = 1, draw = ½, loss = 0).

use serde::{Deserialize, Serialize};

/// Everything [`crate::write_report`] needs; only `title` is required to be
/// non-empty, every other part may be empty or `None`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ReportInput {
    /// Report title (first heading of the Markdown and HTML pages).
    pub title: String,
    /// The run configuration in brief, as ordered (key, value) strings.
    pub config: Vec<(String, String)>,
    /// Final standings, best first (the order of the table and Elo chart).
    pub standings: Vec<StandingRow>,
    /// Pairwise scores between the engines, if known.
    pub head_to_head: Option<HeadToHead>,
    /// Elo against a swept knob; one chart per sweep.
    pub sweeps: Vec<Sweep>,
    /// Sequential probability ratio test trace, if an SPRT was run.
    pub sprt: Option<SprtTrace>,
    /// Parameter-tuning history, if a tuning run was made.
    pub tuning: Option<TuningHistory>,
    /// Length of every game in moves (stones placed), in any order.
    pub game_lengths: Vec<u32>,
    /// First-mover (Black) score per opening.
    pub openings: Vec<OpeningScore>,
    /// Search speed per engine.
    pub speed: Vec<EngineSpeed>,
    /// Notable games to link to (for example the longest or an upset).
    pub notable_games: Vec<GameLink>,
}

/// One row of the standings table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StandingRow {
    /// 1-based rank (ties may share a rank).
    pub rank: u32,
    /// Engine (variant) name as shown to the user.
    pub engine: String,
    /// Pool Elo (logistic, 400·log10), relative to the rating anchor.
    pub elo: f64,
    /// Half-width of the 95 % interval of `elo`; non-finite means unknown.
    pub elo_error95: f64,
    /// Games played.
    pub games: u32,
    /// Games won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
    /// Score fraction `(wins + draws/2) / games`, in `0..=1`.
    pub score: f64,
    /// Score fraction in the games this engine moved first, if it did.
    pub first_mover_score: Option<f64>,
    /// Likelihood of superiority over the next engine in the table (`0..=1`);
    /// `None` for the last row or when unknown.
    pub los_next: Option<f64>,
}

/// Head-to-head results: a square matrix indexed by `names`.
///
/// `scores[i][j]` is the score of engine `i` (row) against engine `j`
/// (column) in `0..=1`, `None` on the diagonal and where no game was played.
/// `games[i][j]` is the number of games between them (symmetric in practice).
/// Both matrices must be `names.len()` × `names.len()`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct HeadToHead {
    /// Engine names, one per row and per column.
    pub names: Vec<String>,
    /// Row player's score against the column player, `0..=1`.
    pub scores: Vec<Vec<Option<f64>>>,
    /// Number of games between the row and the column player.
    pub games: Vec<Vec<u32>>,
}

/// Elo against the one knob that differs between the variants of a sweep.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Sweep {
    /// Knob name, e.g. `"depth"`, `"top_n"` or `"table"`.
    pub knob: String,
    /// Unit of a numeric knob for the axis label (e.g. `"plies"`); `None`
    /// prints the knob name alone (categorical knobs have no unit).
    pub unit: Option<String>,
    /// The measured points. If every `x` is [`SweepX::Value`] the axis is
    /// numeric and points are drawn sorted by value; if any is a
    /// [`SweepX::Category`] the axis is categorical in the given order.
    pub points: Vec<SweepPoint>,
}

/// One variant of a sweep: knob setting and its Elo.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SweepPoint {
    /// Knob setting.
    pub x: SweepX,
    /// Pool Elo of the variant with this setting.
    pub elo: f64,
    /// Half-width of the 95 % interval; non-finite means unknown.
    pub elo_error95: f64,
}

/// A knob setting: a number (depth 3) or a label (a table name).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum SweepX {
    /// Numeric setting.
    Value(f64),
    /// Categorical setting, e.g. the name of an evaluation table.
    Category(String),
}

/// Outcome of an SPRT.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum SprtDecision {
    /// LLR reached the lower bound: H0 (Elo = elo0) accepted.
    AcceptH0,
    /// LLR reached the upper bound: H1 (Elo = elo1) accepted.
    AcceptH1,
    /// Stopped (or still running) before reaching either bound.
    Inconclusive,
}

/// Log-likelihood-ratio trace of an SPRT.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SprtTrace {
    /// What was tested, e.g. `"new vs base"` (shown in the title).
    pub label: String,
    /// `(games played, LLR)` after each update, games increasing.
    pub points: Vec<(u64, f64)>,
    /// Lower bound `ln(β/(1-α))`: reaching it accepts H0.
    pub lower: f64,
    /// Upper bound `ln((1-β)/α)`: reaching it accepts H1.
    pub upper: f64,
    /// Elo under H0.
    pub elo0: f64,
    /// Elo under H1.
    pub elo1: f64,
    /// The unit of `elo0` and `elo1`: `"Elo"` (logistic) or `"nElo"` (normalized); empty
    /// means `"Elo"`.
    #[serde(default)]
    pub unit: String,
    /// Final decision.
    pub decision: SprtDecision,
}

/// History of a tuning run, one entry per iteration.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct TuningHistory {
    /// Name of the loss for the axis label, e.g. `"mean squared error"`;
    /// empty means `"loss"`.
    pub loss_name: String,
    /// One step per iteration, iterations increasing.
    pub steps: Vec<TuningStep>,
    /// Score trajectory of every tuned pattern; `scores[k]` belongs to
    /// `steps[k]` (a shorter vector covers the first iterations only).
    pub patterns: Vec<PatternTrajectory>,
}

/// One tuning iteration.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TuningStep {
    /// Iteration number.
    pub iteration: u32,
    /// Loss after this iteration, if measured.
    pub loss: Option<f64>,
    /// Elo estimate of the parameters after this iteration, if measured.
    pub elo: Option<f64>,
    /// Half-width of the 95 % interval of `elo`; non-finite means unknown.
    pub elo_error95: Option<f64>,
}

/// Values of one tuned pattern score over the iterations.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PatternTrajectory {
    /// Pattern name, e.g. `"open four"`.
    pub name: String,
    /// Score (evaluation units) after each iteration, aligned with `steps`.
    pub scores: Vec<f64>,
}

/// First-mover (Black) score for one opening.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct OpeningScore {
    /// Opening label, e.g. `"h8 i9 j8"` or a name.
    pub opening: String,
    /// Score of the side that moves first after the opening, `0..=1`.
    pub score: f64,
    /// Games played from this opening.
    pub games: u32,
}

/// Search speed of one engine.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EngineSpeed {
    /// Engine name.
    pub engine: String,
    /// Median nodes searched per second over its moves.
    pub nodes_per_sec_median: f64,
    /// Mean depth (plies) reached per move.
    pub mean_depth: f64,
    /// Optional per-move nodes/s samples: when present, the chart adds an
    /// interquartile whisker to the nodes/s bar.
    pub nps_samples: Vec<f64>,
    /// Optional per-move depth samples: when present, the chart adds an
    /// interquartile whisker to the depth bar.
    pub depth_samples: Vec<f64>,
}

/// A link to a notable game's SGF file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GameLink {
    /// What makes the game notable, e.g. `"longest game (171 moves)"`.
    pub label: String,
    /// Path of the SGF relative to the report directory.
    pub path: String,
}
