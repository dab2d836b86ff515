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
    /// Likelihood of superiority between every two players (Ordo's CFS), for the
    /// head-to-head matrix; its names must be those of `head_to_head`.
    #[serde(default)]
    pub superiority: Option<Superiority>,
    /// Length of every game in moves (stones placed), in any order.
    pub game_lengths: Vec<u32>,
    /// Lengths of the drawn games among `game_lengths`, when known: the histogram then
    /// separates draws from decisive games. `None` draws one kind of bar.
    #[serde(default)]
    pub draw_lengths: Option<Vec<u32>>,
    /// First-mover (Black) score per opening.
    pub openings: Vec<OpeningScore>,
    /// Search speed per engine.
    pub speed: Vec<EngineSpeed>,
    /// Notable games to link to (for example the longest or an upset).
    pub notable_games: Vec<GameLink>,
    /// Games lost by a player's fault, by player and reason (the forfeits table).
    #[serde(default)]
    pub forfeits: Vec<ForfeitCount>,
    /// Every game of the run, for the game viewer of `report.html`.
    #[serde(default)]
    pub games: Option<GameRecords>,
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
    /// Whether some trajectories are of other parameters than pattern scores (engine fields,
    /// an external engine's options), which the chart then names as parameters.
    #[serde(default)]
    pub parameters: bool,
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
    /// 95 % interval of `score` (`low..=high`, within `0..=1`), if known.
    #[serde(default)]
    pub interval: Option<(f64, f64)>,
}

/// Search speed of one engine.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EngineSpeed {
    /// Engine name.
    pub engine: String,
    /// Median nodes searched per second over its moves.
    pub nodes_per_sec_median: f64,
    /// Mean depth (plies) reached per move; the chart uses it only without depth samples.
    pub mean_depth: f64,
    /// Optional per-move nodes/s samples: when present, the chart adds their
    /// interquartile range to the median.
    pub nps_samples: Vec<f64>,
    /// Optional per-move depth samples: when present, the chart shows their median
    /// and interquartile range instead of `mean_depth`.
    pub depth_samples: Vec<f64>,
}

/// A link to a notable game's SGF file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GameLink {
    /// What makes the game notable, e.g. `"longest game (171 moves)"`.
    pub label: String,
    /// Path of the SGF relative to the report directory.
    pub path: String,
    /// The game's number in [`ReportInput::games`], if it is there: `report.html` then
    /// links the game to its viewer.
    #[serde(default)]
    pub game: Option<u32>,
}

/// The likelihood of superiority of every player over every other (Ordo's CFS), a square
/// matrix indexed by `names` like [`HeadToHead`].
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Superiority {
    /// Player names, in the order of [`HeadToHead::names`].
    pub names: Vec<String>,
    /// `los[i][j]`: likelihood that row `i` is stronger than column `j`, `0..=1`; `None`
    /// on the diagonal or when unknown.
    pub los: Vec<Vec<Option<f64>>>,
    /// Where the numbers come from, in words (shown under the matrix).
    pub method: String,
}

/// Why a game ended, as the report names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GameEnd {
    /// Five (or the rule's row) in a row.
    Five,
    /// The board filled up: a draw.
    BoardFull,
    /// The move cap was reached: a draw.
    MoveCap,
    /// The side to move had no legal point (renju's Black, every empty point forbidden): a
    /// draw.
    NoLegalMove,
    /// The loser ran out of time or did not answer in time.
    TimeForfeit,
    /// The loser crashed (an external engine exited or refused to play).
    Crash,
    /// The loser played onto a stone or off the board.
    IllegalMove,
    /// The loser answered something that is not a move.
    Garbage,
    /// Black played a point the rule forbids (renju).
    Forbidden,
    /// The game could not be played: no result.
    Failed,
}

impl GameEnd {
    /// Every reason, in the order tables show them.
    pub const ALL: [GameEnd; 10] = [
        GameEnd::Five,
        GameEnd::BoardFull,
        GameEnd::NoLegalMove,
        GameEnd::MoveCap,
        GameEnd::TimeForfeit,
        GameEnd::Crash,
        GameEnd::IllegalMove,
        GameEnd::Garbage,
        GameEnd::Forbidden,
        GameEnd::Failed,
    ];

    /// The reasons that are a player's fault, in the columns of the forfeits table.
    pub const FORFEITS: [GameEnd; 5] = [
        GameEnd::Crash,
        GameEnd::TimeForfeit,
        GameEnd::IllegalMove,
        GameEnd::Garbage,
        GameEnd::Forbidden,
    ];

    /// The snake_case name (as in the journal).
    pub fn name(self) -> &'static str {
        match self {
            GameEnd::Five => "five",
            GameEnd::BoardFull => "board_full",
            GameEnd::MoveCap => "move_cap",
            GameEnd::NoLegalMove => "no_legal_move",
            GameEnd::TimeForfeit => "time_forfeit",
            GameEnd::Crash => "crash",
            GameEnd::IllegalMove => "illegal_move",
            GameEnd::Garbage => "garbage",
            GameEnd::Forbidden => "forbidden",
            GameEnd::Failed => "failed",
        }
    }

    /// The reason in words, as the viewer and the tables print it.
    pub fn words(self) -> &'static str {
        match self {
            GameEnd::Five => "five in a row",
            GameEnd::BoardFull => "board full",
            GameEnd::MoveCap => "move cap reached",
            GameEnd::NoLegalMove => "no legal move",
            GameEnd::TimeForfeit => "forfeit by time",
            GameEnd::Crash => "forfeit by crash",
            GameEnd::IllegalMove => "forfeit by an illegal move",
            GameEnd::Garbage => "forfeit by a garbage answer",
            GameEnd::Forbidden => "forbidden move",
            GameEnd::Failed => "not played",
        }
    }

    /// The column heading of the reason in the forfeits table.
    pub fn short(self) -> &'static str {
        match self {
            GameEnd::Five => "five",
            GameEnd::BoardFull => "board full",
            GameEnd::MoveCap => "move cap",
            GameEnd::NoLegalMove => "no legal move",
            GameEnd::TimeForfeit => "time",
            GameEnd::Crash => "crash",
            GameEnd::IllegalMove => "illegal",
            GameEnd::Garbage => "garbage",
            GameEnd::Forbidden => "forbidden",
            GameEnd::Failed => "failed",
        }
    }
}

/// Who won a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// Black (the first stone's side) won.
    Black,
    /// White won.
    White,
    /// A draw.
    Draw,
    /// No result (the game failed).
    None,
}

/// Games one player lost by one kind of fault.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ForfeitCount {
    /// The player at fault (the loser).
    pub player: String,
    /// The fault: one of [`GameEnd::FORFEITS`].
    pub reason: GameEnd,
    /// How many games.
    pub games: u32,
}

/// Every game of a run with its board, for the viewer of `report.html`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct GameRecords {
    /// Board width (columns), 1..=32.
    pub width: u8,
    /// Board height (rows), 1..=32.
    pub height: u8,
    /// Stones in a row that win (to mark the winning row).
    pub k: u8,
    /// The rule in words (`freestyle`, `renju`...).
    pub rule: String,
    /// The games, in the order of the viewer's list.
    pub games: Vec<GameRecord>,
}

/// One game: players, opening, moves, result and why it ended.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GameRecord {
    /// The game's number in the run (from 1), as the SGF and PGN files count them.
    pub number: u32,
    /// Black (the first stone's side).
    pub black: String,
    /// White.
    pub white: String,
    /// The opening's label, e.g. `#3`.
    pub opening: String,
    /// The opening's stones as played, `[x, y]` from 0 with `(0,0)` at the top left,
    /// Black's first.
    pub opening_moves: Vec<[u8; 2]>,
    /// The players' moves after the opening, in order.
    pub moves: Vec<[u8; 2]>,
    /// Who won.
    pub result: Outcome,
    /// Why the game ended.
    pub end: GameEnd,
}
