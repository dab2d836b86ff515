//! The typed description of a run, written to `run.json` and hashed into the run hash: who
//! plays (each player's full parameters and table values), on what board, from which book,
//! under which schedule and seed.
//!
//! Everything here is plain serde data, so `run.json` is read back into the same types and
//! nothing is ever printed with `{:?}` and parsed again. The run hash
//! ([`RunConfig::hash_key`]) is taken over a canonical JSON serialization of what decides the
//! games only: table names and descriptions, file names and where a player came from are
//! kept for the reader of `run.json` but left out of the key, so renaming a table or
//! rewriting its comments never breaks `--resume` or a merge.

use crate::engine::TableFile;
pub use crate::engine::{ClassFile, PatternFile, ThreatFile};
use crate::limits::MAX_TIME_MS;
use gomoku_board::{Geometry, Rule};
use gomoku_engine::EngineParams;
use serde::{Deserialize, Serialize};
use std::path::PathBuf;

/// The format version of [`RunConfig`] (and of the `run.json` that holds it).
pub const RUN_CONFIG_VERSION: u32 = 2;

/// A pattern table's values. Its name is for readers; [`RunConfig::hash_key`] drops it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableValues {
    /// The table's name (not hashed).
    pub name: String,
    /// The patterns in table order.
    pub patterns: Vec<PatternFile>,
    /// The scored cell classes in table order (left out when none, so that runs of tables
    /// without classes keep their hash).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub classes: Vec<ClassFile>,
    /// The scored pairs of best classes in table order (left out when none, likewise).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub threats: Vec<ThreatFile>,
    /// The move-ordering bonuses in table order (left out when none, likewise).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub order: Vec<ClassFile>,
}

/// An in-process engine's parameters as `run.json` records them, with the field names of
/// engine files; each field is the [`EngineParams`] field of the same (or the file's) name.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EngineRecord {
    /// The evaluation table's values ([`EngineParams::table`]).
    pub table: TableValues,
    /// [`EngineParams::depth`].
    pub depth: u32,
    /// [`EngineParams::top_n`].
    pub top_n: Option<usize>,
    /// [`EngineParams::radius`].
    pub radius: u32,
    /// [`EngineParams::tt_mib`].
    pub tt_mib: usize,
    /// [`EngineParams::use_tt`].
    pub tt: bool,
    /// [`EngineParams::use_ordering`].
    pub ordering: bool,
    /// [`EngineParams::iterative_deepening`].
    pub iterative_deepening: bool,
    /// [`EngineParams::killers`].
    pub killers: bool,
    /// [`EngineParams::history`].
    pub history: bool,
    /// [`EngineParams::vcf`].
    pub vcf: bool,
    /// [`EngineParams::vcf_depth`].
    pub vcf_depth: u32,
    /// [`EngineParams::tie_break_margin`].
    pub tie_break_margin: i32,
    /// [`EngineParams::threads`].
    pub threads: usize,
    /// [`EngineParams::features`] (left out when all are off, so older runs keep their hash).
    #[serde(default, skip_serializing_if = "features_off")]
    pub features: FeaturesSpec,
    /// [`EngineParams::vct`] and its limits; absent = off (as every run before it existed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub vct: Option<VctSpec>,
}

/// The root VCT's limits as `run.json` records them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct VctSpec {
    /// [`EngineParams::vct_depth`].
    pub depth: u32,
    /// [`EngineParams::vct_threat`].
    pub threat: u32,
}

/// [`gomoku_engine::SearchFeatures`] as `run.json` records them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct FeaturesSpec {
    /// Aspiration half-width.
    pub aspiration: i32,
    /// Late-move reductions.
    pub lmr: bool,
    /// Futility margin.
    pub futility: i32,
    /// Threat extensions.
    pub threat_extension: bool,
    /// Two-ply evaluation average.
    pub eval_average: bool,
    /// Three defence (left out of the file when off, so older runs keep their hash).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub three_defence: bool,
    /// Static wins (left out of the file when off: a run written before them has them off,
    /// as its engines had, and keeps its hash).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub static_wins: bool,
    /// Exact defence (left out of the file when off, as `static_wins`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub exact_defence: bool,
    /// Singular extension margin per ply (left out of the file when 0, as `lmr_scale`).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub singular_margin: i32,
    /// Least depth of the singular test (left out of the file at its default).
    #[serde(
        default = "default_singular_depth",
        skip_serializing_if = "is_default_singular_depth"
    )]
    pub singular_depth: u32,
    /// Plies the TT entry may lack for the singular test (left out of the file at its
    /// default).
    #[serde(
        default = "default_singular_tt_depth",
        skip_serializing_if = "is_default_singular_tt_depth"
    )]
    pub singular_tt_depth: u32,
    /// Threat quiescence plies (left out of the file when 0: a run written before it has
    /// none, as its engines had, and keeps its hash).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub quiescence: u32,
    /// The quiescence's delta pruning margin (left out of the file when 0, as `quiescence`).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub quiescence_delta: i32,
    /// The quiescence moves with plain fours (left out of the file when 0, as `quiescence`).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub quiescence_plain_fours: u32,
    /// Logarithmic LMR scale (left out of the file when 0: a run written before it has the
    /// one-ply reduction, as its engines had, and keeps its hash).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub lmr_scale: u32,
    /// Move-count pruning base (left out of the file when 0, as `lmr_scale`).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub move_count: u32,
    /// History gravity bound (left out of the file when 0, as `lmr_scale`).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub history_bound: u32,
    /// Futility margin per ply at the node (left out of the file when 0, as `lmr_scale`).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub node_futility: i32,
    /// Razoring margin per ply (left out of the file when 0, as `lmr_scale`).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub razoring: i32,
    /// Extension of the reply to a four, in hundredths of a ply (left out of the file when
    /// 0, as `lmr_scale`).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub block_extension: u32,
    /// Counter-moves (left out of the file when off, as `static_wins`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub counter_moves: bool,
    /// Percentage of a fixed move time before which the next iteration always starts (left
    /// out of the file when 0, as `lmr_scale`).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub fixed_time_start_share: u32,
    /// Moves searched one ply above the leaves (left out of the file when 0, as
    /// `lmr_scale`).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub frontier_width: u32,
    /// Largest score at which raising alpha reduces a PV node's other moves (left out of the
    /// file when 0, as `lmr_scale`).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub alpha_reduction_bound: i32,
    /// Depth from which the alpha-improvement reduction stops (left out of the file at its
    /// default).
    #[serde(
        default = "default_alpha_reduction_depth",
        skip_serializing_if = "is_default_alpha_reduction_depth"
    )]
    pub alpha_reduction_depth: u32,
    /// Moves searched at the root (left out of the file when 0, as `lmr_scale`).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub root_width: u32,
    /// Index of the first root move reduced (left out of the file when 0, as `lmr_scale`).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub root_reduction_from: u32,
    /// The ordering's weight of the opponent's gain, in percent (left out of the file at its
    /// default).
    #[serde(default = "full_weight", skip_serializing_if = "is_full_weight")]
    pub order_opp_gain: u32,
    /// The ordering's weight of the cell classes' worth, in percent (left out of the file at
    /// its default).
    #[serde(default = "full_weight", skip_serializing_if = "is_full_weight")]
    pub order_class_heat: u32,
}

fn features_off(f: &FeaturesSpec) -> bool {
    *f == FeaturesSpec::default()
}

impl EngineRecord {
    /// The spec of engine parameters (the table's description is not part of it).
    pub fn from_params(p: &EngineParams) -> EngineRecord {
        let t = TableFile::from_table(&p.table);
        engine_settings!(EngineRecord, p,
            table: TableValues {
                name: t.name,
                patterns: t.patterns,
                classes: t.classes,
                threats: t.threats,
                order: t.order,
            },
            tt: p.use_tt,
            ordering: p.use_ordering,
            features: search_features!(FeaturesSpec, &p.features),
            vct: p.vct.then_some(VctSpec { depth: p.vct_depth, threat: p.vct_threat }),
        )
    }

    /// The engine parameters (with an empty table description).
    pub fn to_params(&self) -> EngineParams {
        let (name, description) = (self.table.name.clone(), String::new());
        let (patterns, classes) = (self.table.patterns.clone(), self.table.classes.clone());
        let (threats, order) = (self.table.threats.clone(), self.table.order.clone());
        let d = EngineParams::default();
        engine_settings!(EngineParams, self,
            table: TableFile { name, description, patterns, classes, threats, order }.to_table(),
            use_tt: self.tt,
            use_ordering: self.ordering,
            features: search_features!(gomoku_engine::SearchFeatures, &self.features),
            vct: self.vct.is_some(),
            vct_depth: self.vct.map_or(d.vct_depth, |v| v.depth),
            vct_threat: self.vct.map_or(d.vct_threat, |v| v.threat),
        )
    }
}

/// An external Gomocup program of a run: how to start it and its limits. The resolved paths
/// are used to start it but not written or hashed: the same config run from another folder, or on
/// another machine of a cluster, is the same run.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExternalProgram {
    /// The command as written in the config.
    pub command: String,
    /// Its arguments.
    pub args: Vec<String>,
    /// `INFO timeout_turn`, milliseconds.
    pub move_time_ms: u64,
    /// `INFO timeout_match`, milliseconds.
    pub game_time_ms: Option<u64>,
    /// Added to the game time before each move, milliseconds (left out of the file when 0,
    /// so runs without it keep their hash).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub increment_ms: u64,
    /// Grace past a limit before a loss on time, milliseconds.
    pub tolerance_ms: u64,
    /// `INFO max_memory`, MiB.
    pub max_memory_mb: Option<u64>,
    /// Limit for answering `START`, milliseconds.
    pub start_timeout_ms: u64,
    /// The least time between the engine's move and the next line sent to it, milliseconds
    /// (left out of the file when 0, so runs without it keep their hash).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub command_gap_ms: u64,
    /// `INFO NAME VALUE` lines sent after the limits at the start of every game (left out
    /// of the file when empty, so runs without them keep their hash).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub options: Vec<(String, String)>,
    /// Whether every move is asked with the whole position (`BOARD`) instead of `TURN` (left
    /// out of the file when off, so runs without it keep their hash).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub send_board: bool,
    /// Whether its `MESSAGE` lines are journaled (left out of the file when off).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub keep_messages: bool,
    /// The program to start (resolved).
    #[serde(skip)]
    pub program: PathBuf,
    /// Its working directory (resolved), if set.
    #[serde(skip)]
    pub dir: Option<PathBuf>,
    /// A file its stderr is appended to (resolved), if set.
    #[serde(skip)]
    pub stderr: Option<PathBuf>,
    /// The folder of its protocol logs (resolved), if set.
    #[serde(skip)]
    pub log_dir: Option<PathBuf>,
}

fn default_singular_depth() -> u32 {
    gomoku_engine::DEFAULT_SINGULAR_DEPTH
}

fn is_default_singular_depth(d: &u32) -> bool {
    *d == gomoku_engine::DEFAULT_SINGULAR_DEPTH
}

fn default_singular_tt_depth() -> u32 {
    gomoku_engine::DEFAULT_SINGULAR_TT_DEPTH
}

fn is_default_singular_tt_depth(d: &u32) -> bool {
    *d == gomoku_engine::DEFAULT_SINGULAR_TT_DEPTH
}

fn default_alpha_reduction_depth() -> u32 {
    gomoku_engine::DEFAULT_ALPHA_REDUCTION_DEPTH
}

fn is_default_alpha_reduction_depth(d: &u32) -> bool {
    *d == gomoku_engine::DEFAULT_ALPHA_REDUCTION_DEPTH
}

fn full_weight() -> u32 {
    100
}

fn is_full_weight(w: &u32) -> bool {
    *w == 100
}

fn is_zero<T: Default + PartialEq>(n: &T) -> bool {
    *n == T::default()
}

/// The built-in players.
#[derive(Clone, Copy, Debug, Deserialize, Serialize, PartialEq, Eq)]
pub enum BuiltinSpec {
    /// Uniformly random legal moves.
    Random,
    /// Win if possible, else block, else a random point next to a stone.
    Greedy,
}

/// What a [`PlayerRecord`] is: an in-process engine, a built-in player or an external
/// program.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PlayerKind {
    /// An in-process engine.
    Engine(Box<EngineRecord>),
    /// A built-in player.
    Builtin(BuiltinSpec),
    /// An external engine.
    External(Box<ExternalProgram>),
}

/// One player of a run as `run.json` records it: its name, where it came from, and what it
/// is. Tournaments, SPRTs, tuning steps and book verification all make these.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerRecord {
    /// Unique name.
    pub name: String,
    /// Where it came from, for readers: an engine file and its overrides (not hashed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub origin: Option<String>,
    /// What plays.
    pub spec: PlayerKind,
}

impl PlayerRecord {
    /// An in-process engine player.
    pub fn engine(name: &str, params: &EngineParams) -> PlayerRecord {
        PlayerRecord {
            name: name.to_string(),
            origin: None,
            spec: PlayerKind::Engine(Box::new(EngineRecord::from_params(params))),
        }
    }
}

/// Who plays whom.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Pairing {
    /// Every participant plays every other.
    RoundRobin,
    /// The candidates (participant indices) play every participant that is not a candidate.
    Gauntlet(Vec<usize>),
}

impl Pairing {
    /// The pairs `(a, b)` with `a < b` in a fixed order.
    pub fn pairs(&self, n: usize) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        for a in 0..n {
            for b in a + 1..n {
                let keep = match self {
                    Pairing::RoundRobin => true,
                    Pairing::Gauntlet(c) => c.contains(&a) != c.contains(&b),
                };
                if keep {
                    out.push((a, b));
                }
            }
        }
        out
    }
}

/// The rule, as written.
#[derive(Clone, Copy, Debug, Default, Deserialize, Serialize, PartialEq, Eq)]
pub enum RuleSpec {
    /// Five or more wins.
    #[default]
    Freestyle,
    /// Exactly five wins.
    Standard,
    /// Renju.
    Renju,
}

impl From<Rule> for RuleSpec {
    fn from(r: Rule) -> RuleSpec {
        match r {
            Rule::Freestyle => RuleSpec::Freestyle,
            Rule::Standard => RuleSpec::Standard,
            Rule::Renju => RuleSpec::Renju,
        }
    }
}

impl From<RuleSpec> for Rule {
    fn from(r: RuleSpec) -> Rule {
        match r {
            RuleSpec::Freestyle => Rule::Freestyle,
            RuleSpec::Standard => Rule::Standard,
            RuleSpec::Renju => Rule::Renju,
        }
    }
}

/// Board shape and rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoardConfig {
    /// Width.
    pub width: usize,
    /// Height.
    pub height: usize,
    /// Row length.
    pub k: usize,
    /// Rule.
    pub rule: RuleSpec,
}

impl BoardConfig {
    /// The config of a board shape and rule.
    pub fn new(geometry: Geometry, rule: Rule) -> BoardConfig {
        BoardConfig {
            width: geometry.width,
            height: geometry.height,
            k: geometry.k,
            rule: rule.into(),
        }
    }

    /// The board shape.
    pub fn geometry(&self) -> Geometry {
        Geometry {
            width: self.width,
            height: self.height,
            k: self.k,
        }
    }
}

/// The openings of a run. The moves themselves enter the run hash; the file name does not.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BookConfig {
    /// The book's file name, for readers (not hashed).
    pub file: String,
    /// Its format.
    pub format: String,
    /// Openings used.
    pub count: usize,
    /// Index in the book of the first opening used.
    #[serde(default)]
    pub first: usize,
    /// A random board symmetry per opening pair.
    pub transform: bool,
}

/// The time control, as written (and as `run.json` records it).
#[derive(Clone, Copy, Debug, Default, Deserialize, Serialize, PartialEq, Eq, Hash)]
#[serde(deny_unknown_fields)]
pub enum TimeControlSpec {
    /// Each engine's own depth.
    #[default]
    EngineDefault,
    /// Fixed depth.
    Depth(u32),
    /// Node budget per move.
    Nodes(u64),
    /// Milliseconds per move.
    MoveTime(u64),
    /// A clock per side.
    GameTime {
        /// Milliseconds for the game.
        base_ms: u64,
        /// Milliseconds added per move.
        inc_ms: u64,
    },
}

impl TimeControlSpec {
    /// The time control in words: `depth 4`, `100 ms a move`, `60 s + 0.5 s a move`.
    pub fn in_words(self) -> String {
        let seconds = |ms: u64| format!("{} s", ms as f64 / 1000.0);
        match self {
            TimeControlSpec::EngineDefault => "each engine's own depth".into(),
            TimeControlSpec::Depth(d) => format!("depth {d}"),
            TimeControlSpec::Nodes(n) => format!("{n} nodes a move"),
            TimeControlSpec::MoveTime(ms) if ms < 1000 => format!("{ms} ms a move"),
            TimeControlSpec::MoveTime(ms) => format!("{} a move", seconds(ms)),
            TimeControlSpec::GameTime { base_ms, inc_ms: 0 } => {
                format!("{} per game", seconds(base_ms))
            }
            TimeControlSpec::GameTime { base_ms, inc_ms } => {
                format!("{} + {} a move", seconds(base_ms), seconds(inc_ms))
            }
        }
    }

    /// Refuses budgets that cannot be played: a depth outside 1..=64, no nodes, a move or
    /// game time of zero or longer than a day (an increment may be zero).
    pub fn check(&self) -> Result<(), String> {
        let max_depth = gomoku_engine::MAX_DEPTH;
        match *self {
            TimeControlSpec::EngineDefault => Ok(()),
            TimeControlSpec::Depth(d) if !(1..=max_depth).contains(&d) => {
                Err(format!("Depth({d}): the depth must be in 1..={max_depth}"))
            }
            TimeControlSpec::Nodes(0) => Err("Nodes(0): the node budget must be at least 1".into()),
            TimeControlSpec::MoveTime(ms) if !(1..=MAX_TIME_MS).contains(&ms) => Err(format!(
                "MoveTime({ms}): the time per move must be in 1..={MAX_TIME_MS} ms"
            )),
            TimeControlSpec::GameTime { base_ms, inc_ms }
                if !(1..=MAX_TIME_MS).contains(&base_ms) || inc_ms > MAX_TIME_MS =>
            {
                Err(format!(
                    "GameTime(base_ms: {base_ms}, inc_ms: {inc_ms}): base_ms must be in \
                     1..={MAX_TIME_MS} and inc_ms in 0..={MAX_TIME_MS}"
                ))
            }
            _ => Ok(()),
        }
    }
}

/// The Elo model of an SPRT's hypotheses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum ModelSpec {
    /// Logistic Elo (expected score).
    Logistic,
    /// Normalized Elo (fishtest's default).
    #[default]
    Normalized,
}

impl ModelSpec {
    /// `logistic` or `normalized`.
    pub fn name(self) -> &'static str {
        match self {
            ModelSpec::Logistic => "logistic",
            ModelSpec::Normalized => "normalized",
        }
    }

    /// The unit its bounds are in: `Elo` or `nElo`.
    pub fn unit(self) -> &'static str {
        match self {
            ModelSpec::Logistic => "Elo",
            ModelSpec::Normalized => "nElo",
        }
    }
}

/// The settings of a sequential test (they decide when it stops, so they are hashed).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct SprtSettings {
    /// H0.
    pub elo0: f64,
    /// H1.
    pub elo1: f64,
    /// Type I error.
    pub alpha: f64,
    /// Type II error.
    pub beta: f64,
    /// Elo model.
    pub model: ModelSpec,
    /// Game cap.
    pub max_games: u64,
}

/// What kind of run a directory holds; it decides how its jobs are laid out.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RunKind {
    /// A tournament: rounds x openings x pairs x both colours (c-gomoku-cli's command line
    /// has a layout of its own, [`RunKind::CGomokuCli`]).
    Tournament,
    /// An SPRT: game pairs of the candidate (player 0) and the baseline, in pair order.
    Sprt,
    /// One step of a tuning run: game pairs of player 0 against player 1.
    TuneStep {
        /// The tuning method.
        method: String,
        /// The step's number.
        step: u64,
        /// Pairs in the step.
        pairs: u64,
    },
    /// Verification of an opening book by self-play.
    Verify {
        /// Games per opening.
        games_per_opening: u32,
    },
    /// A tournament in c-gomoku-cli's layout (its command line): rounds x pairs x games.
    CGomokuCli(CgcLayout),
}

/// c-gomoku-cli's job layout (`jobs.cpp`, `main.cpp`): in each round, each pair in order plays
/// `games` games, the second engine of the pair to move first after the opening in odd
/// games; game `i` of the whole run opens with line `i` of the book (`i / 2` with `repeat`),
/// cycling through it, and with the book's `transform` a pass `p` through it is seen under
/// c-gomoku-cli's transform `p mod 8`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CgcLayout {
    /// Games per pair and round (`-games`).
    pub games: u32,
    /// Each opening twice in a row, colours swapped (`-repeat`).
    pub repeat: bool,
    /// `order=random srand=N`: the book is read in the order c-gomoku-cli shuffles it to
    /// with seed N (`None`: in file order).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub order_seed: Option<u64>,
}

/// Everything that decides the games of a run, as written to `run.json`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RunConfig {
    /// The format version ([`RUN_CONFIG_VERSION`]).
    pub v: u32,
    /// What kind of run.
    pub kind: RunKind,
    /// The run's name (not hashed).
    pub name: String,
    /// The players, by index.
    pub players: Vec<PlayerRecord>,
    /// Who plays whom.
    pub pairing: Pairing,
    /// Board and rule.
    pub board: BoardConfig,
    /// The openings.
    pub book: BookConfig,
    /// Passes through the book.
    pub rounds: u32,
    /// Time control.
    pub time_control: TimeControlSpec,
    /// The run seed.
    pub seed: u64,
    /// Draw when this many stones are on the board.
    pub move_cap: Option<usize>,
    /// The test's settings, for an SPRT.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sprt: Option<SprtSettings>,
    /// Nodes per move at most for the in-process engines, on top of their depth (tuning
    /// steps set one: a few positions make a depth-4 search explode).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub node_cap: Option<u64>,
}

impl RunConfig {
    /// The canonical key of the run hash: this config without what does not decide games
    /// (the run's and tables' names, the book's file name, players' origins, whether an
    /// external engine's messages are kept).
    pub fn hash_key(&self) -> RunConfig {
        let mut key = self.clone();
        key.name.clear();
        key.book.file.clear();
        for p in &mut key.players {
            p.origin = None;
            match &mut p.spec {
                PlayerKind::Engine(e) => e.table.name.clear(),
                // `-msg` or `-debug` added on a resume keeps the run.
                PlayerKind::External(e) => e.keep_messages = false,
                PlayerKind::Builtin(_) => {}
            }
        }
        key
    }

    /// The in-process engines whose own depth the time control replaces, with that depth:
    /// under `Depth(d)` those of another depth; under a node budget or a clock every one (they
    /// deepen until it is spent, so engines that differ only in depth play alike).
    pub fn replaced_depths(&self) -> Vec<(&str, u32)> {
        self.players
            .iter()
            .filter_map(|p| match &p.spec {
                PlayerKind::Engine(e) => Some((p.name.as_str(), e.depth)),
                _ => None,
            })
            .filter(|&(_, depth)| match self.time_control {
                TimeControlSpec::EngineDefault => false,
                TimeControlSpec::Depth(d) => depth != d,
                _ => true,
            })
            .collect()
    }

    /// [`RunConfig::replaced_depths`] in words for the console and the report, `None` when
    /// none is: `replaces the engines' own depth (seed-d2: 2, seed-d4: 4)`.
    pub fn replaced_depths_note(&self) -> Option<String> {
        let replaced = self.replaced_depths();
        let list: Vec<String> = replaced
            .iter()
            .map(|(name, depth)| format!("{name}: {depth}"))
            .collect();
        (!list.is_empty()).then(|| format!("replaces the engines' own depth ({})", list.join(", ")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_controls_in_words() {
        let words = |t: TimeControlSpec| t.in_words();
        assert_eq!(
            words(TimeControlSpec::EngineDefault),
            "each engine's own depth"
        );
        assert_eq!(words(TimeControlSpec::Depth(4)), "depth 4");
        assert_eq!(words(TimeControlSpec::Nodes(5000)), "5000 nodes a move");
        assert_eq!(words(TimeControlSpec::MoveTime(100)), "100 ms a move");
        assert_eq!(words(TimeControlSpec::MoveTime(1500)), "1.5 s a move");
        let game = |base_ms, inc_ms| words(TimeControlSpec::GameTime { base_ms, inc_ms });
        assert_eq!(game(10_000, 100), "10 s + 0.1 s a move");
        assert_eq!(game(60_000, 0), "60 s per game");
    }

    #[test]
    fn engine_spec_round_trips_parameters() {
        let mut p = EngineParams {
            depth: 6,
            top_n: None,
            tie_break_margin: 3,
            ..EngineParams::default()
        };
        p.table.description.clear();
        assert_eq!(EngineRecord::from_params(&p).to_params(), p);
    }

    #[test]
    fn hash_key_drops_names_and_keeps_values() {
        let p = EngineParams::default();
        let mut a = PlayerRecord::engine("a", &p);
        a.origin = Some("engines/a.ron".into());
        let config = RunConfig {
            v: RUN_CONFIG_VERSION,
            kind: RunKind::Tournament,
            name: "x".into(),
            players: vec![a],
            pairing: Pairing::RoundRobin,
            board: BoardConfig::new(Geometry::square(15), Rule::Freestyle),
            book: BookConfig {
                file: "book.txt".into(),
                format: "pos".into(),
                count: 1,
                first: 0,
                transform: false,
            },
            rounds: 1,
            time_control: TimeControlSpec::EngineDefault,
            seed: 1,
            move_cap: None,
            sprt: None,
            node_cap: None,
        };
        let mut renamed = config.clone();
        renamed.name = "y".into();
        renamed.book.file = "other.txt".into();
        if let PlayerKind::Engine(e) = &mut renamed.players[0].spec {
            e.table.name = "renamed".into();
        }
        assert_eq!(renamed.hash_key(), config.hash_key());
        let mut changed = config.clone();
        if let PlayerKind::Engine(e) = &mut changed.players[0].spec {
            e.table.patterns[0].own += 1;
        }
        assert_ne!(changed.hash_key(), config.hash_key());
        let json = serde_json::to_string(&config).unwrap();
        assert_eq!(serde_json::from_str::<RunConfig>(&json).unwrap(), config);

        // A time control replaces the depth of the engines that play otherwise.
        let mut d2 = config.clone();
        let deep = EngineParams {
            depth: 4,
            ..EngineParams::default()
        };
        d2.players = vec![PlayerRecord::engine(
            "d2",
            &EngineParams {
                depth: 2,
                ..deep.clone()
            },
        )];
        d2.players.push(PlayerRecord::engine("d4", &deep));
        assert_eq!(d2.replaced_depths_note(), None);
        d2.time_control = TimeControlSpec::Depth(2);
        assert_eq!(d2.replaced_depths(), [("d4", 4)]);
        d2.time_control = TimeControlSpec::MoveTime(10);
        assert_eq!(
            d2.replaced_depths_note().unwrap(),
            "replaces the engines' own depth (d2: 2, d4: 4)"
        );
    }
}
